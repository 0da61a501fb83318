/**
 * What each verb does, said once, and the texts of what a bulk write found on its way: entries the service refused,
 * ids found gone one by one, messages deduplicated. The resume report (resume.ts) places them.
 */
import type { ResumeResult } from '../resume-results.js'
import type { BulkOperation } from '../verbs.js'
import type { RenderPass } from './budget.js'
import { formatCount, plural } from '../format.js'
import { code, codeCell, safeLink, table } from './markdown.js'
import { refusedCount } from './resume-text.js'
import { madeCount, words } from './verb-words.js'

/** Where the docs say when a restart is the right write: a restart repeats every side effect. */
const RESTART_DOCS = 'https://github.com/acme/dlq-action/blob/v1/docs/bulk-writes.md#resume-or-restart'

/** What each verb does, said in its summary: a line under the heading, or a note after the leads. */
const VERB_NOTES: Record<BulkOperation, { head?: string; note?: string }> = {
  'resume-workflows': {
    note:
      '> **What a resume does:** each resumed run is a **new** run. Steps that completed in the original run keep ' +
      'their results; only failed or pending steps run again. Workflow code may change **after** the failed step, ' +
      'but a change **before** it is unsupported and may make the resume fail.'
  },
  // First under the heading, whatever else is said: the side effects a restart repeats are the reader's first risk.
  'restart-workflows': {
    head:
      'Every step of each restarted run runs again, from the first, side effects included: ' +
      `${safeLink('when to prefer a resume', RESTART_DOCS)}.`
  },
  'retry-messages': {
    note:
      '> **What a retry does:** each retried entry left the DLQ, and a **new** message was created with its body ' +
      'and headers, under a new message id. One that fails again comes back to the DLQ under that new id; a ' +
      'deduplicated one was not delivered again.'
  },
  // A delete's own report (report/delete.ts) says what it did; its archive is the note.
  'delete-dlq': {}
}

/** The line a verb says first under the summary's heading, if any. */
export const verbHead = (result: ResumeResult): string | undefined => VERB_NOTES[result.operation].head

/** The note a verb says after the leads, once it made something. */
export const verbNote = (result: ResumeResult): string | undefined =>
  madeCount(result) > 0 ? VERB_NOTES[result.operation].note : undefined

/** What the notice adds for a restart that made runs: every step ran again, which a reader must not miss. */
export function noticeClause(result: ResumeResult): string {
  if (result.operation !== 'restart-workflows') return ''
  if (madeCount(result) === 0 && result.uncertainRequests === 0) return ''
  return '; every step of each restarted run ran again, from the first, side effects included'
}

/** `2 refused by the service (they stay in the DLQ)`, for the heading and the notice; undefined when none was. */
export function refusedShort(result: ResumeResult): string | undefined {
  const refused = refusedCount(result)
  if (refused === 0) return undefined
  return `${formatCount(refused)} refused by the service (${refused === 1 ? 'it stays' : 'they stay'} in the DLQ)`
}

/** What output refused-dlq-ids holds: every refused id, or the first named when more were only counted. */
function refusedNamed(result: ResumeResult): string {
  const named = result.refused?.length ?? 0
  const count = refusedCount(result)
  return named < count
    ? `output refused-dlq-ids names the first ${formatCount(named)}`
    : 'output refused-dlq-ids names them'
}

/** The warning for entries the service refused: the rest went on, so the step goes on too (see resume.ts). */
export function refusedWarning(result: ResumeResult): string | undefined {
  const count = refusedCount(result)
  if (count === 0) return undefined
  const { base, past, one, short } = words(result)
  const first = result.refused?.[0]
  // Third-party text: quoted as JSON in one line; the output boundary keeps it from being a runner command.
  const firstText =
    first === undefined
      ? ''
      : `; the first, ${JSON.stringify(first.dlqId)}: HTTP ${first.status} ${JSON.stringify(first.serverText.slice(0, 200))}`
  return (
    `the service refused to ${base} ${plural(count, one, short)} (each stays in the DLQ; ${refusedNamed(result)}); ` +
    `the other ${short} were ${past}${firstText}`
  )
}

/** The lead under the heading for entries the service refused. */
export function refusedLead(result: ResumeResult): string | undefined {
  const count = refusedCount(result)
  if (count === 0) return undefined
  const { base, one, short } = words(result)
  return (
    `**⚠️ Refused:** the service refused to ${base} ${plural(count, one, short)}: each stays in the DLQ, and the ` +
    `others went on (${refusedNamed(result)}, below).`
  )
}

/** The section naming each refused entry with the service's answer: third-party text, as code in its cell. */
export function refusedSection(result: ResumeResult, pass: RenderPass): string[] {
  const refused = result.refused ?? []
  const unnamed = refusedCount(result) - refused.length
  if (refused.length === 0 && unnamed <= 0) return []
  const { base, Short } = words(result)
  return [
    `### ${Short} the service refused to ${base}`,
    '',
    ...table(['DLQ id', 'Status', 'What the service said'], [false, true, false], refused, pass, entry => [
      codeCell(entry.dlqId, 100),
      String(entry.status),
      codeCell(entry.serverText)
    ]),
    ...(unnamed > 0 ? [`${plural(unnamed, 'more was', 'more were')} refused, counted but not named.`, ''] : [])
  ]
}

/** How many of the dlq-ids given it named, in a sentence: the first few. */
const NAMED_SHOWN = 5

/**
 * Ids of dlq-ids found gone one by one: how many, the first few named (code spans in markdown, else quoted); then the
 * ids neither taken nor named, when the write went to its end: a service that takes what it finds of a request and
 * says nothing of the rest leaves only their count, and it is said rather than lost.
 */
export function goneOneByOneText(result: ResumeResult, markdown: boolean): string | undefined {
  const gone = result.goneOneByOne ?? { count: 0, named: [] }
  const silent = unaccountedIds(result)
  if (gone.count === 0 && silent === 0) return undefined
  const shown = gone.named.slice(0, NAMED_SHOWN).map(id => (markdown ? code(id, 100) : JSON.stringify(id)))
  const rest = gone.count - shown.length
  const names = shown.length === 0 ? '' : `: ${shown.join(', ')}${rest > 0 ? ` and ${formatCount(rest)} more` : ''}`
  const told =
    gone.count === 0
      ? undefined
      : `${plural(gone.count, 'of the dlq-ids given was', 'of the dlq-ids given were')} no longer in the DLQ (taken ` +
        `or removed since listed)${names}`
  if (silent === 0) return told
  const { past } = words(result)
  const more = told === undefined ? '' : 'more '
  const unnamed =
    `${plural(silent, `${more}of the dlq-ids given was`, `${more}of the dlq-ids given were`)} neither ${past} nor ` +
    `named by the service: it ${past} what it found of the requests that sent them, so they were most likely no ` +
    'longer in the DLQ (a dry run with the same dlq-ids tells)'
  return told === undefined ? unnamed : `${told}; ${unnamed}`
}

/**
 * How many ids of dlq-ids a write that went to its end neither took nor was told of (gone or refused), or 0: counted
 * only when the ids given are the selection and nothing stopped or was lost, so that the sum is exact.
 */
function unaccountedIds(result: ResumeResult): number {
  const ids = result.selection.dlqIds
  // A cursor continues inside the ids: those taken before it are not this run's to count.
  if (ids === undefined || result.startCursor !== undefined) return 0
  if (result.byRuns !== undefined) return 0
  if (result.failure !== undefined || result.continueFrom !== undefined || result.nextCursor !== undefined) return 0
  if (result.uncertainRequests > 0 || result.stoppedByCap === true || result.itemProblems !== undefined) return 0
  const told = madeCount(result) + (result.goneOneByOne?.count ?? 0) + refusedCount(result)
  return Math.max(0, ids.length - told)
}

/** A retry's deduplicated messages: the service took them from the DLQ but did not deliver them again. */
export function deduplicatedLine(result: ResumeResult): string | undefined {
  if (words(result).makes !== 'message' || madeCount(result) === 0) return undefined
  const n = deduplicatedCount(result)
  if (n === 0) return 'None of them deduplicated: the service delivered each again.'
  return `${formatCount(n)} of them deduplicated: the service did not deliver ${n === 1 ? 'it' : 'them'} again.`
}

/** Of the new messages, those the service did not deliver again: counted by the write, or counted here. */
export const deduplicatedCount = (result: ResumeResult): number =>
  result.deduplicated ?? (result.messages ?? []).filter(m => m.deduplicated === true).length

/**
 * Output gone-count: every id this step did not take because the service called it not found, told one by one, so that
 * taken, refused and gone add up to the ids; none when not one id was found (the step then fails).
 */
export function goneCount(result: ResumeResult): number {
  // When not one id was found, none is reported gone: the service may lack the write, or be another one.
  return result.goneOneByOne?.count ?? 0
}
