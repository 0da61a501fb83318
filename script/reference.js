// The reference of every input and output, generated from action.yml into docs/inputs.md between two markers, so
// that each is stated once: its default and description as action.yml has them, grouped by what it is for, with what
// action.yml does not say (which operations read an input, how, since which version) from the lists below.
//
//   node script/reference.js           print the block
//   node script/reference.js --write   write it into docs/inputs.md (npm run reference), after a change to action.yml
//   node script/reference.js --check   exit 1 when docs/inputs.md's block is not what action.yml gives
//
// `npm run test:scripts` runs the same check (script/reference.test.js), so CI fails on a reference that drifted;
// __tests__/unit/inputs-shapes.test.ts holds each "Read by ... as ..." to what src/inputs reads.
import { readFileSync, writeFileSync } from 'node:fs'
import process from 'node:process'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

export const FILE = 'docs/inputs.md'
export const START =
  '<!-- reference: generated from action.yml by `npm run reference`; edit action.yml or script/reference.js -->'
export const END = '<!-- reference: end -->'

/** The operations, in the order the reference names them; "every operation" stands for all of them. */
export const OPERATIONS = [
  'list-dlq',
  'resume-schedule',
  'resume-workflows',
  'restart-workflows',
  'retry-messages',
  'delete-dlq'
]
const BULK = ['resume-workflows', 'restart-workflows', 'retry-messages']
const WORKFLOW_VERBS = ['resume-workflows', 'restart-workflows']
/** The writes that take DLQ entries: the bulk writes, and the delete. */
const WRITES = [...BULK, 'delete-dlq']

/** How an input is read (src/inputs/readers.ts): the shape, then what else the reader takes. */
export const SHAPES = {
  one: 'one value',
  oneOrArrayOfOne: 'one value, or a JSON array of one',
  lines: 'a list: lines, or a JSON array',
  linesCommas: 'a list: lines, commas, or a JSON array',
  duration: 'a duration',
  runs: 'a JSON array'
}

/**
 * @typedef {keyof typeof SHAPES} Shape
 * @typedef {{ by: string[], as: Shape }} Reading
 * @typedef {{ read: Reading[], since: string, note?: string }} InputFacts
 */

/** @param {string[]} by @param {Shape} as @returns {Reading} */
const read = (by, as) => ({ by, as })

/**
 * What action.yml does not say of each input: who reads it and how, since which version, and a fact or a link the
 * description leaves out. Every input of action.yml needs its entry here, and one place in INPUT_GROUPS.
 * @type {Record<string, InputFacts>}
 */
const INPUTS = {
  operation: { read: [read(OPERATIONS, 'one')], since: '1.0.0' },
  token: {
    read: [read(OPERATIONS, 'one')],
    since: '1.0.0',
    note: 'Printable ASCII, 8 characters or more; a refusal never quotes it ([how it is kept out of every text](choices.md#secrets-and-untrusted-text)).'
  },
  'base-url': { read: [read(OPERATIONS, 'one')], since: '1.0.0' },
  'timeout-seconds': { read: [read(OPERATIONS, 'one')], since: '1.0.0' },
  'max-attempts': {
    read: [read(OPERATIONS, 'one')],
    since: '1.0.0',
    note: 'What is retried, and how long it waits: [failures.md](failures.md#retries-and-deadlines).'
  },
  source: { read: [read(['list-dlq', 'delete-dlq'], 'one')], since: '1.1.0' },
  'message-id': {
    read: [read(['list-dlq'], 'lines'), read(['retry-messages', 'delete-dlq'], 'oneOrArrayOfOne')],
    since: '1.0.0'
  },
  url: { read: [read(['list-dlq', 'retry-messages', 'delete-dlq'], 'lines')], since: '1.0.0' },
  'topic-name': { read: [read(['list-dlq', 'retry-messages', 'delete-dlq'], 'lines')], since: '1.0.0' },
  'schedule-id': {
    read: [read(['list-dlq', 'resume-schedule', 'retry-messages', 'delete-dlq'], 'linesCommas')],
    since: '1.0.0',
    note: 'A schedule id holding a comma, or `.` or `..`, is refused.'
  },
  'queue-name': { read: [read(['list-dlq', 'retry-messages', 'delete-dlq'], 'lines')], since: '1.0.0' },
  api: { read: [read(['list-dlq'], 'lines')], since: '1.0.0' },
  'caller-ip': { read: [read(['list-dlq', 'retry-messages', 'delete-dlq'], 'lines')], since: '1.0.0' },
  'response-status': { read: [read(['list-dlq', 'retry-messages', 'delete-dlq'], 'one')], since: '1.0.0' },
  'from-date': {
    read: [read(['list-dlq', ...WRITES], 'one')],
    since: '1.0.0',
    note: 'Also `2026-01-31` and `1h30m`; an impossible date is refused: [choices.md](choices.md#values).'
  },
  'to-date': { read: [read(['list-dlq', ...WRITES], 'one')], since: '1.0.0' },
  'workflow-url': {
    read: [read(['list-dlq'], 'lines'), read([...WORKFLOW_VERBS, 'delete-dlq'], 'oneOrArrayOfOne')],
    since: '1.0.0'
  },
  'workflow-run-id': {
    read: [read(['list-dlq', ...WORKFLOW_VERBS, 'delete-dlq'], 'one')],
    since: '1.0.0',
    note: 'A value that starts with `[` is refused rather than sent as a prefix.'
  },
  'workflow-created-at': { read: [read(['list-dlq', ...WORKFLOW_VERBS, 'delete-dlq'], 'one')], since: '1.0.0' },
  count: { read: [read(['list-dlq'], 'one')], since: '1.0.0' },
  order: { read: [read(['list-dlq'], 'one')], since: '1.0.0' },
  cursor: { read: [read(['list-dlq', ...BULK], 'one')], since: '1.0.0' },
  'max-messages': { read: [read(['list-dlq'], 'one')], since: '1.0.0' },
  'max-pages': { read: [read(['list-dlq', ...WRITES], 'one')], since: '1.0.0' },
  concurrency: {
    read: [read(['list-dlq'], 'one')],
    since: '1.0.0',
    note: 'How it stays complete: [choices.md](choices.md#parallel-listing-concurrency-above-1).'
  },
  'messages-file': { read: [read(['list-dlq'], 'one')], since: '1.0.0' },
  'keep-credential-headers': {
    read: [read(['list-dlq'], 'one')],
    since: '1.1.0',
    note: 'Which headers: [SECURITY.md](../SECURITY.md#what-is-in-scope).'
  },
  'fail-if-count-above': { read: [read(['list-dlq'], 'one')], since: '1.0.0' },
  'fail-if-oldest-older-than': { read: [read(['list-dlq'], 'duration')], since: '1.0.0' },
  'fail-if-new-above': {
    read: [read(['list-dlq'], 'one')],
    since: '1.1.0',
    note: '[Arrivals](health-checks.md#arrivals-is-it-getting-worse-right-now).'
  },
  'new-within': { read: [read(['list-dlq'], 'duration')], since: '1.1.0' },
  retention: {
    read: [read(['list-dlq'], 'duration')],
    since: '1.1.0',
    note: '[Expiry](health-checks.md#expiry-what-will-we-lose).'
  },
  'fail-if-expiring-within': { read: [read(['list-dlq'], 'duration')], since: '1.1.0' },
  'history-file': {
    read: [read(['list-dlq'], 'one')],
    since: '1.2.0',
    note: '[History and growth](health-checks.md#history-and-growth).'
  },
  'fail-if-growth-above': { read: [read(['list-dlq'], 'one')], since: '1.2.0' },
  'metrics-file': {
    read: [read(['list-dlq'], 'one')],
    since: '1.1.0',
    note: '[Push or scrape them](health-checks.md#metrics).'
  },
  'issue-on-failure': {
    read: [read(['list-dlq'], 'one')],
    since: '1.0.0',
    note: 'Needs a threshold set. What the issue says and how it is found: [summary.md](summary.md#the-health-issue).'
  },
  'issue-title': { read: [read(['list-dlq'], 'one')], since: '1.0.0' },
  'issue-repeat-interval': { read: [read(['list-dlq'], 'duration')], since: '1.1.0' },
  'issue-labels': {
    read: [read(['list-dlq'], 'linesCommas')],
    since: '1.1.0',
    note: 'Each 50 characters at most.'
  },
  'issue-assignees': { read: [read(['list-dlq'], 'linesCommas')], since: '1.1.0' },
  'github-token': {
    read: [read(OPERATIONS, 'one')],
    since: '1.0.0',
    note: 'Checked as `token` is.'
  },
  'dlq-ids': { read: [read(WRITES, 'linesCommas')], since: '1.0.0' },
  'dlq-ids-file': { read: [read(WRITES, 'one')], since: '1.1.0' },
  'workflow-runs': {
    read: [read(WORKFLOW_VERBS, 'runs')],
    since: '1.2.0',
    note: 'At most 1,000 runs; [read as below](#a-json-array-of-runs).'
  },
  all: { read: [read(WRITES, 'one')], since: '1.0.0' },
  'max-entries': {
    read: [read(WRITES, 'one')],
    since: '1.2.0',
    note: '[Continuing](bulk-writes.md#max-entries-and-continuing).'
  },
  'max-runs': { read: [read(WORKFLOW_VERBS, 'one')], since: '1.1.0' },
  'flow-control-key': {
    read: [read(BULK, 'one')],
    since: '1.0.0',
    note: 'Visible ASCII.'
  },
  'flow-control-value': { read: [read(BULK, 'one')], since: '1.0.0' },
  retries: { read: [read(BULK, 'one')], since: '1.0.0', note: 'At most 1000000.' },
  delay: { read: [read(['restart-workflows', 'retry-messages'], 'duration')], since: '1.2.0' },
  stages: {
    read: [read(BULK, 'linesCommas')],
    since: '1.1.0',
    note: 'Kept in order: a size given twice is two stages. [Staged writes](staged-resume.md).'
  },
  watch: { read: [read(BULK, 'duration')], since: '1.1.0' },
  'watch-max-failed': { read: [read(BULK, 'one')], since: '1.1.0', note: 'A whole number, 0 or more.' },
  'watch-retries': {
    read: [read(BULK, 'one')],
    since: '1.1.0',
    note: 'At most 1000000. [Timings](staged-resume.md#watch-retries).'
  },
  'watch-min-completed': {
    read: [read(WORKFLOW_VERBS, 'one')],
    since: '1.1.0',
    note: 'A share from `1%` to `100%`. [The run log](staged-resume.md#the-run-log).'
  },
  'dry-run': {
    read: [read([...WRITES, 'resume-schedule'], 'one')],
    since: '1.2.0',
    note: '[Dry run](bulk-writes.md#dry-run).'
  },
  'expect-count': {
    read: [read(WRITES, 'one')],
    since: '1.2.0',
    note: 'A whole number, 0 or more. [A reviewed plan](bulk-writes.md#a-reviewed-plan-applied-exactly).'
  },
  'plan-file': { read: [read(WRITES, 'one')], since: '1.2.0' },
  'older-than': {
    read: [read(['delete-dlq'], 'duration')],
    since: '1.2.0',
    note: "[On the service's clock](bulk-writes.md#delete-dlq)."
  },
  'archive-file': {
    read: [read(['delete-dlq'], 'one')],
    since: '1.2.0',
    note: '[delete-dlq](bulk-writes.md#delete-dlq).'
  },
  'runs-file': { read: [read(WORKFLOW_VERBS, 'one')], since: '1.1.0' }
}

/** The version that introduced each output. Every output of action.yml needs its entry, and one place below. */
const OUTPUTS_SINCE = {
  complete: '1.1.0',
  'dlq-count': '1.0.0',
  'message-ids': '1.0.0',
  'message-ids-truncated': '1.0.0',
  'dlq-ids': '1.1.0',
  'dlq-ids-truncated': '1.1.0',
  'oldest-created-at': '1.0.0',
  'messages-file': '1.0.0',
  'new-count': '1.1.0',
  'expiring-count': '1.1.0',
  'next-expiry-at': '1.1.0',
  causes: '1.1.0',
  growth: '1.2.0',
  transition: '1.2.0',
  'issue-url': '1.2.0',
  'next-cursor': '1.0.0',
  'next-from-date': '1.1.0',
  'next-to-date': '1.1.0',
  'next-workflow-runs': '1.2.0',
  'schedule-ids': '1.0.0',
  'resumed-count': '1.0.0',
  'restarted-count': '1.2.0',
  'retried-count': '1.2.0',
  'deduplicated-count': '1.2.0',
  'gone-count': '1.2.0',
  'refused-dlq-ids': '1.2.0',
  'workflow-run-ids': '1.0.0',
  'workflow-run-ids-truncated': '1.1.0',
  'workflow-runs': '1.0.0',
  'workflow-runs-truncated': '1.1.0',
  'runs-file': '1.1.0',
  'planned-count': '1.2.0',
  'plan-file': '1.2.0',
  'failed-again-count': '1.1.0',
  'failed-again-run-ids': '1.1.0',
  'failed-again-run-ids-truncated': '1.1.0',
  'failed-again-runs': '1.2.0',
  'failed-again-runs-truncated': '1.2.0',
  'failed-again-dlq-ids': '1.1.0',
  'failed-again-dlq-ids-truncated': '1.1.0',
  'failed-again-message-ids': '1.2.0',
  'failed-again-message-ids-truncated': '1.2.0',
  'stages-completed': '1.1.0',
  'completed-count': '1.1.0',
  'run-states': '1.1.0',
  'deleted-count': '1.2.0',
  'already-gone-count': '1.2.0',
  'archive-file': '1.2.0'
}

/**
 * The reference's sections, in order, each with its inputs in order: by what they are for, as action.yml's
 * descriptions say which operations read them.
 * @type {Array<{ heading: string, names: string[] }>}
 */
const INPUT_GROUPS = [
  { heading: 'Every operation', names: ['operation', 'token', 'base-url', 'timeout-seconds', 'max-attempts'] },
  {
    heading: 'Which entries: filters of list-dlq and the bulk writes',
    names: [
      'source',
      'message-id',
      'url',
      'topic-name',
      'schedule-id',
      'queue-name',
      'api',
      'caller-ip',
      'response-status',
      'from-date',
      'to-date',
      'workflow-url',
      'workflow-run-id',
      'workflow-created-at'
    ]
  },
  {
    heading: 'list-dlq: pages, limits and files',
    names: [
      'count',
      'order',
      'cursor',
      'max-messages',
      'max-pages',
      'concurrency',
      'messages-file',
      'keep-credential-headers'
    ]
  },
  {
    heading: 'list-dlq: health check',
    names: [
      'fail-if-count-above',
      'fail-if-oldest-older-than',
      'fail-if-new-above',
      'new-within',
      'retention',
      'fail-if-expiring-within',
      'history-file',
      'fail-if-growth-above',
      'metrics-file'
    ]
  },
  {
    heading: 'list-dlq: the health issue',
    names: [
      'issue-on-failure',
      'issue-title',
      'issue-repeat-interval',
      'issue-labels',
      'issue-assignees',
      'github-token'
    ]
  },
  {
    heading: 'Bulk writes: what to take',
    names: ['dlq-ids', 'dlq-ids-file', 'workflow-runs', 'all', 'max-entries', 'max-runs', 'older-than']
  },
  {
    heading: 'Bulk writes: what the new runs or messages get',
    names: ['flow-control-key', 'flow-control-value', 'retries', 'delay']
  },
  {
    heading: 'Bulk writes: stages and watch',
    names: ['stages', 'watch', 'watch-max-failed', 'watch-retries', 'watch-min-completed']
  },
  {
    heading: 'Writes: plans and records',
    names: ['dry-run', 'expect-count', 'plan-file', 'runs-file', 'archive-file']
  }
]

/** @type {Array<{ heading: string, names: string[] }>} */
const OUTPUT_GROUPS = [
  { heading: 'Every operation', names: ['complete'] },
  {
    heading: 'list-dlq',
    names: [
      'dlq-count',
      'message-ids',
      'message-ids-truncated',
      'dlq-ids',
      'dlq-ids-truncated',
      'oldest-created-at',
      'messages-file',
      'new-count',
      'expiring-count',
      'next-expiry-at',
      'causes',
      'growth',
      'transition',
      'issue-url'
    ]
  },
  {
    heading: 'Continuing: list-dlq and the bulk writes',
    names: ['next-cursor', 'next-from-date', 'next-to-date', 'next-workflow-runs']
  },
  { heading: 'resume-schedule', names: ['schedule-ids'] },
  {
    heading: 'Bulk writes: what was taken',
    names: [
      'resumed-count',
      'restarted-count',
      'retried-count',
      'deduplicated-count',
      'gone-count',
      'refused-dlq-ids',
      'workflow-run-ids',
      'workflow-run-ids-truncated',
      'workflow-runs',
      'workflow-runs-truncated',
      'runs-file',
      'planned-count',
      'plan-file'
    ]
  },
  {
    heading: 'Bulk writes with stages',
    names: [
      'failed-again-count',
      'failed-again-run-ids',
      'failed-again-run-ids-truncated',
      'failed-again-runs',
      'failed-again-runs-truncated',
      'failed-again-dlq-ids',
      'failed-again-dlq-ids-truncated',
      'failed-again-message-ids',
      'failed-again-message-ids-truncated',
      'stages-completed',
      'completed-count',
      'run-states'
    ]
  },
  { heading: 'delete-dlq', names: ['deleted-count', 'already-gone-count', 'archive-file'] }
]

/**
 * Text of action.yml as Markdown shows it literally in a table cell: no tag (`<token>`), emphasis, link or cell break;
 * an address as a code span, so that an example host is not a link.
 * @param {string} text
 */
export function cellText(text) {
  const escaped = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]|]/g, ch => `\\${ch}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
  return escaped.replace(/\bhttps?:\/\/[^\s,;()]*[^\s,;().]/g, url => `\`${url.replace(/\\(.)/g, '$1')}\``)
}

/** @param {string[]} names */
function operationsText(names) {
  if (OPERATIONS.every(op => names.includes(op))) return 'every operation'
  return OPERATIONS.filter(op => names.includes(op)).join(', ')
}

/**
 * The line under an input's description: "Read by <operations> as <shape>", per reading, then the note and the version.
 * @param {InputFacts} facts
 */
export function readingLine(facts) {
  const readings = facts.read.map(r => `by ${operationsText(r.by)} as ${SHAPES[r.as]}`).join('; ')
  return [`Read ${readings}.`, facts.note, `Since ${facts.since}.`].filter(Boolean).join(' ')
}

/** @param {unknown} value @param {boolean | undefined} required */
function defaultCell(value, required) {
  if (value === undefined || value === null || value === '') return required ? 'required' : ''
  return `\`${String(value)}\``
}

/**
 * Every name of `declared` in exactly one group and with its facts, or an error that says what to add where.
 * @param {string} kind
 * @param {string[]} declared
 * @param {Array<{ names: string[] }>} groups
 * @param {Record<string, unknown>} facts
 */
function checkComplete(kind, declared, groups, facts) {
  const grouped = groups.flatMap(g => g.names)
  const problems = [
    ...declared.filter(n => !grouped.includes(n)).map(n => `${kind} ${n} of action.yml is in no group`),
    ...declared.filter(n => !(n in facts)).map(n => `${kind} ${n} of action.yml has no entry of facts`),
    ...grouped.filter(n => !declared.includes(n)).map(n => `${kind} ${n} is grouped but not in action.yml`),
    ...Object.keys(facts)
      .filter(n => !declared.includes(n))
      .map(n => `${kind} ${n} has facts but is not in action.yml`),
    ...grouped.filter((n, i) => grouped.indexOf(n) !== i).map(n => `${kind} ${n} is in two groups`)
  ]
  if (problems.length > 0) throw new Error(`script/reference.js: ${problems.join('; ')}`)
}

/**
 * The reference: which inputs each operation reads, then every input and every output of action.yml, by group.
 * @param {string} actionYml
 */
export function reference(actionYml) {
  /** @type {{ inputs: Record<string, { description: string, default?: unknown, required?: boolean }>, outputs: Record<string, { description: string }> }} */
  const action = parse(actionYml)
  checkComplete('input', Object.keys(action.inputs), INPUT_GROUPS, INPUTS)
  checkComplete('output', Object.keys(action.outputs), OUTPUT_GROUPS, OUTPUTS_SINCE)

  const lines = ['## Which inputs each operation reads', '', '| Operation | Inputs |', '| --- | --- |']
  for (const op of OPERATIONS) {
    const names = INPUT_GROUPS.flatMap(g => g.names).filter(n => INPUTS[n]?.read.some(r => r.by.includes(op)))
    lines.push(`| \`${op}\` | ${names.map(n => `\`${n}\``).join(', ')} |`)
  }
  lines.push('', '## Every input')
  for (const group of INPUT_GROUPS) {
    lines.push('', `### ${group.heading}`, '', '| Input | Default | Description |', '| --- | --- | --- |')
    for (const name of group.names) {
      const input = action.inputs[name] ?? { description: '' }
      const facts = /** @type {InputFacts} */ (INPUTS[name])
      const cell = `${cellText(input.description)}<br>${readingLine(facts)}`
      lines.push(`| \`${name}\` | ${defaultCell(input.default, input.required)} | ${cell} |`)
    }
  }
  lines.push('', '## Every output')
  for (const group of OUTPUT_GROUPS) {
    lines.push('', `### ${group.heading}`, '', '| Output | Description |', '| --- | --- |')
    for (const name of group.names) {
      const since = /** @type {Record<string, string>} */ (OUTPUTS_SINCE)[name]
      lines.push(`| \`${name}\` | ${cellText(action.outputs[name]?.description ?? '')}<br>Since ${since}. |`)
    }
  }
  return lines.join('\n')
}

/**
 * The document with its block replaced by `block`; throws when the markers are missing or out of order.
 * @param {string} doc
 * @param {string} block
 */
export function withBlock(doc, block) {
  const start = doc.indexOf(START)
  const end = doc.indexOf(END)
  if (start === -1 || end < start) {
    throw new Error(`${FILE} needs the markers ${START} and ${END}, in that order, around the reference`)
  }
  return `${doc.slice(0, start + START.length)}\n\n${block}\n\n${doc.slice(end)}`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const block = reference(readFileSync('action.yml', 'utf8'))
    const doc = readFileSync(FILE, 'utf8')
    if (process.argv.includes('--write')) {
      writeFileSync(FILE, withBlock(doc, block))
    } else if (process.argv.includes('--check')) {
      if (withBlock(doc, block) !== doc) {
        process.stderr.write(`${FILE}'s reference differs from action.yml: run npm run reference\n`)
        process.exitCode = 1
      }
    } else {
      process.stdout.write(`${block}\n`)
    }
  } catch (error) {
    process.stderr.write(`reference: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  }
}
