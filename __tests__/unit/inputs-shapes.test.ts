/**
 * The audit of docs/inputs.md's reference against the settings reader: each operation reads exactly the inputs its
 * "Read by ... as ..." lines name, an input of one value refuses two lines naming it, and a list on two lines holds
 * both values.
 */
import { describe, expect, it } from '@jest/globals'
import { Operations, type Operation } from '../../src/constants.js'
import { SCHEMAS } from '../../src/inputs/schemas.js'
import { InputError, readSettings } from '../../src/inputs/settings.js'
import { actionDefaults } from '../../tools/action-yml.js'
import { VERBS } from '../../src/verbs.js'
import { readings, readReference } from '../support/reference.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const GOOD = { token: 'sim-token-3c9d1e7f', 'base-url': 'https://service.example.com' }

/** Two good values of each input (a list's two distinct values), and the inputs it needs beside it. */
const VALUES: Record<string, { values: [string, string]; with?: Record<string, string> }> = {
  token: { values: ['tok_a_5e1c9f', 'tok_b_7d2a4e'] },
  'base-url': { values: ['https://a.example', 'https://b.example'] },
  'timeout-seconds': { values: ['10', '20'] },
  'max-attempts': { values: ['2', '3'] },
  'max-pages': { values: ['5', '6'] },
  'message-id': { values: ['msg_a', 'msg_b'] },
  url: { values: ['https://hooks.example/a', 'https://hooks.example/b'] },
  'topic-name': { values: ['orders', 'refunds'] },
  'schedule-id': { values: ['sched_a', 'sched_b'] },
  'queue-name': { values: ['q1', 'q2'] },
  api: { values: ['api-a', 'api-b'] },
  'caller-ip': { values: ['10.0.0.1', '10.0.0.2'] },
  'from-date': { values: ['7d', '2026-01-01'] },
  'to-date': { values: ['1d', '2026-01-02'] },
  'response-status': { values: ['500', '502'] },
  count: { values: ['10', '20'] },
  order: { values: ['earliestFirst', 'latestFirst'] },
  // A resume by filters sends a cursor only with the to-date it was made under.
  cursor: { values: ['cur_a', 'cur_b'], with: { 'to-date': '1795000000000' } },
  'max-messages': { values: ['10', '20'] },
  'fail-if-count-above': { values: ['0', '5'] },
  'fail-if-oldest-older-than': { values: ['1h', '2h'] },
  'messages-file': { values: ['a.ndjson', 'b.ndjson'] },
  'keep-credential-headers': { values: ['true', 'false'] },
  concurrency: { values: ['2', '3'] },
  'issue-on-failure': { values: ['true', 'false'], with: { 'fail-if-count-above': '0' } },
  'github-token': { values: ['ghs_a_3f8b6c', 'ghs_b_9e4d1a'] },
  'issue-title': { values: ['DLQ failing', 'DLQ check'] },
  'issue-repeat-interval': { values: ['1h', '2h'] },
  source: { values: ['message', 'workflow'] },
  'workflow-url': { values: ['https://app.example/wf-a', 'https://app.example/wf-b'] },
  'workflow-run-id': { values: ['wfr_a', 'wfr_b'] },
  'workflow-created-at': { values: ['1700000000000', '1700000000001'] },
  'dlq-ids': { values: ['dlq_a', 'dlq_b'] },
  'dlq-ids-file': { values: ['a.txt', 'b.txt'] },
  'max-runs': { values: ['5', '6'] },
  all: { values: ['true', 'false'], with: { 'dlq-ids': 'dlq_1' } },
  'flow-control-key': { values: ['key-a', 'key-b'] },
  'flow-control-value': { values: ['parallelism=5', 'rate=10'] },
  retries: { values: ['1', '2'] },
  'runs-file': { values: ['a.ndjson', 'b.ndjson'] },
  stages: { values: ['10', '20'] },
  watch: { values: ['90s', '10m'], with: { stages: '10, all' } },
  'watch-max-failed': { values: ['0', '1'], with: { stages: '10, all', watch: '1m' } },
  'watch-retries': { values: ['0', '1'], with: { stages: '10, all', watch: '1m' } },
  'fail-if-new-above': { values: ['0', '5'] },
  'new-within': { values: ['1h', '2h'] },
  retention: { values: ['7d', '30d'] },
  'fail-if-expiring-within': { values: ['1d', '2d'], with: { retention: '7d' } },
  'metrics-file': { values: ['a.prom', 'b.prom'] },
  'history-file': { values: ['a.json', 'b.json'] },
  'fail-if-growth-above': { values: ['+500/1h', '200%/24h'], with: { 'history-file': 'dlq-history.json' } },
  'issue-labels': { values: ['dlq', 'on-call'], with: { 'issue-on-failure': 'true', 'fail-if-count-above': '0' } },
  'issue-assignees': { values: ['octocat', 'hubot'], with: { 'issue-on-failure': 'true', 'fail-if-count-above': '0' } },
  'watch-min-completed': { values: ['8', '80%'], with: { stages: '10, all', watch: '1m' } },
  'max-entries': { values: ['5', '6'] },
  delay: { values: ['10s', '5m'] },
  'dry-run': { values: ['true', 'false'] },
  'plan-file': { values: ['a.ndjson', 'b.ndjson'], with: { 'dry-run': 'true' } },
  'expect-count': { values: ['0', '5'] },
  'older-than': { values: ['14d', '12h'] },
  'archive-file': { values: ['a.ndjson', 'b.ndjson'] },
  'workflow-runs': {
    values: [
      '[{"workflowRunId":"wfr_a","workflowCreatedAt":1700000000000}]',
      '[{"workflowRunId":"wfr_b","workflowCreatedAt":"1700000000001"}]'
    ],
    // The runs are the whole selection: not with all.
    with: { all: 'false' }
  }
}

const WORKFLOW_SELECTORS = new Set(['workflow-url', 'workflow-run-id', 'workflow-created-at'])

/** The inputs of a run of `operation` with `input` set to `text`, over the defaults and whatever it needs beside. */
function inputsOf(operation: Operation, input: string, text: string): Record<string, string> {
  const none: Record<string, string> = {}
  const byRuns = operation === 'list-dlq' || operation === 'delete-dlq'
  const needs = byRuns && WORKFLOW_SELECTORS.has(input) ? { source: 'workflow' } : none
  const selector = operation in VERBS ? { all: 'true' } : none
  const schedule = operation === 'resume-schedule' && input !== 'schedule-id' ? { 'schedule-id': 'sched_1' } : none
  return {
    ...actionDefaults(),
    ...GOOD,
    operation,
    ...needs,
    ...selector,
    ...schedule,
    ...VALUES[input]?.with,
    [input]: text
  }
}

function read(inputs: Record<string, string>) {
  return readSettings(name => inputs[name] ?? '', NOW, '/home/runner/work/shop')
}

function refusalOf(inputs: Record<string, string>): string {
  try {
    read(inputs)
  } catch (err) {
    expect(err).toBeInstanceOf(InputError)
    return (err as Error).message
  }
  return 'not refused'
}

const cases = readings(readReference()).map(r => [r.input, r.operation, r.shape] as const)

describe("docs/inputs.md's reference", () => {
  it('says each operation reads exactly the inputs it reads', () => {
    const documented = cases.filter(([input]) => input !== 'operation').map(([input, op]) => `${op} ${input}`)
    const read = Operations.flatMap(op => Object.keys(SCHEMAS[op](0, '').in.shape).map(input => `${op} ${input}`))
    expect(documented.sort()).toEqual(read.sort())
  })
})

describe.each(cases.filter(([input]) => input !== 'operation'))('%s (%s): %s', (input, operation, shape) => {
  const [a, b] = VALUES[input]?.values ?? ['', '']
  it('reads each value on its own', () => {
    expect(refusalOf(inputsOf(operation, input, a))).toBe('not refused')
    expect(refusalOf(inputsOf(operation, input, b))).toBe('not refused')
  })
  it(shape === 'list' ? 'reads two lines as two values' : 'refuses two lines, naming the input', () => {
    const inputs = inputsOf(operation, input, `${a}\n${b}\n${a}`)
    if (shape === 'JSON array') {
      // Two arrays on two lines are no JSON; one array written over several lines (a YAML block) is read whole.
      expect(refusalOf(inputs)).toMatch(new RegExp(`^Input '${input}' must be a JSON array`))
      const pretty = JSON.stringify(JSON.parse(a), null, 2)
      expect(pretty).toContain('\n')
      expect(refusalOf(inputsOf(operation, input, pretty))).toBe('not refused')
    } else if (input === 'stages') {
      // Sizes in order, a repeated one kept: the third stage is as meant as the first (a watch gates the later ones).
      const settings = read({ ...inputs, watch: '1m' })
      expect('resume' in settings && settings.resume.stages?.sizes).toEqual([10, 20, 10])
    } else if (shape === 'list') {
      expect(JSON.stringify(read(inputs))).toContain(JSON.stringify([a, b]))
    } else {
      // A token's refusal says so in its own words, never quoting the value.
      const says = /token$/.test(input) ? 'must not contain control characters or line breaks' : 'takes one value'
      expect(refusalOf(inputs)).toMatch(new RegExp(`^Input '${input}' ${says}`))
    }
  })
})
