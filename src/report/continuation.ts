/**
 * Where a stopped resume continues, built once from its data: every input a re-run must set, each with an absolute
 * value, said in the summary, the failure line and the outputs alike.
 */
import type { Failure } from '../failure.js'
import { MAX_CURSOR_LENGTH } from '../constants.js'
import type { ResumeResult } from '../resume-results.js'
import { durationText, formatCount, plural } from '../format.js'
import { code } from './markdown.js'
import type { ReportWords } from './verb-words.js'

/** What a re-run sets to do exactly what is left: by dlq-ids from one on, or by a cursor with the same dates. */
export type Continuation =
  | { by: 'dlq-ids'; position: number; of: number; dlqId: string; remaining: number; line?: number }
  | { by: 'selection'; cursor?: string; fromDate?: number; toDate?: number }
  /** Runs given by their pairs, left to a re-run: output next-workflow-runs holds them. */
  | { by: 'workflow-runs'; runs: number }
  /**
   * A bound of the action's own that nothing checked may have left runs out: the same step run again later takes
   * them, with the dates the user gave (a relative from-date as the date it meant).
   */
  | { by: 'unchecked'; marginMs?: number; fromDate?: number; toDate?: number }

/**
 * A failure that took nothing, by design or because not one id given was found: there is nothing to continue from
 * (a re-run with the same ids would only repeat it).
 */
export const beforeAnyWrite = (failure: Failure | undefined): boolean =>
  failure?.kind === 'count-mismatch' || failure?.kind === 'verb-missing' || failure?.kind === 'ids-gone'

/** Whether the resume left part of its selection, and how a re-run takes exactly that part; undefined: nothing left. */
export function continuationOf(result: ResumeResult): Continuation | undefined {
  if (beforeAnyWrite(result.failure)) return undefined
  if (result.byRuns !== undefined) {
    const runs = result.byRuns.left.length
    return runs === 0 ? undefined : { by: 'workflow-runs', runs }
  }
  const from = result.continueFrom
  if (from !== undefined) {
    return { by: 'dlq-ids', ...from, of: result.selection.dlqIds?.length ?? from.position }
  }
  // A bound nothing checked is no date to continue under: a later run of the same step takes what it may have left.
  // Unless answers were lost: runs may have been created unseen, and only the bound sent keeps a re-run off them.
  if (result.bound?.unconfirmed === true && result.nextCursor === undefined && result.uncertainRequests === 0) {
    const { marginMs } = result.bound
    const { fromDate, toDate } = result.selection
    return {
      by: 'unchecked',
      ...(marginMs !== undefined && result.bound.clock === 'runner' ? { marginMs } : {}),
      ...(fromDate !== undefined ? { fromDate } : {}),
      ...(toDate !== undefined ? { toDate } : {})
    }
  }
  // Lost answers at the end of a drain leave nothing: the runs they may have resumed left the DLQ.
  // A bound nothing checked, with answers lost: the bound sent keeps a re-run off the runs they may have created.
  const unchecked = result.bound?.unconfirmed === true
  const stopped =
    result.nextCursor !== undefined || result.failure !== undefined || result.leftWithoutCursor === true || unchecked
  if (!stopped) return undefined
  // A cursor over dlq-ids continues the same ids: no dates to send; without one, the ids again from the first.
  const ids = result.selection.dlqIds
  if (ids !== undefined) {
    if (result.nextCursor !== undefined) return { by: 'selection', cursor: result.nextCursor }
    return { by: 'dlq-ids', position: 1, of: ids.length, dlqId: ids[0] ?? '', remaining: ids.length }
  }
  const toDate = result.bound?.toDate ?? result.selection.toDate
  const { fromDate } = result.selection
  // A from-date past the bound (the service's clock behind it) selects nothing: nothing is left to continue.
  if (fromDate !== undefined && toDate !== undefined && fromDate > toDate) return undefined
  const cursor =
    result.nextCursor !== undefined && result.nextCursor.length <= MAX_CURSOR_LENGTH ? result.nextCursor : undefined
  return {
    by: 'selection',
    ...(cursor ? { cursor } : {}),
    ...(fromDate !== undefined ? { fromDate } : {}),
    ...(toDate !== undefined ? { toDate } : {})
  }
}

/** The dates outputs next-from-date and next-to-date: what a continuation sends with next-cursor (empty: not needed). */
export function nextDates(result: ResumeResult): { fromDate: string; toDate: string } {
  const next = continuationOf(result)
  if (next?.by !== 'selection' && next?.by !== 'unchecked') return { fromDate: '', toDate: '' }
  return { fromDate: next.fromDate?.toString() ?? '', toDate: next.toDate?.toString() ?? '' }
}

/** The inputs a continuation sets, as `name: value` pairs, those of the selection besides the dates unchanged. */
function inputsOf(next: Extract<Continuation, { by: 'selection' }>): Array<[string, string]> {
  return [
    ...(next.cursor !== undefined ? [['cursor', next.cursor] as [string, string]] : []),
    ...(next.fromDate !== undefined ? [['from-date', String(next.fromDate)] as [string, string]] : []),
    ...(next.toDate !== undefined ? [['to-date', String(next.toDate)] as [string, string]] : [])
  ]
}

/** What next-workflow-runs holds, in words. */
const runsLeft = (runs: number, { past }: ReportWords) =>
  `${plural(runs, 'run', 'runs')} given not ${past} yet: not in the DLQ yet, or not reached; the others are not given again`

/** Why a bound nothing checked may leave entries out, and what takes them. */
function uncheckedText(next: Extract<Continuation, { by: 'unchecked' }>, { base, one, short }: ReportWords): string {
  const { marginMs } = next
  const why =
    marginMs !== undefined
      ? `the runner's clock less ${durationText(marginMs)} bounded this ${base}, as no usable Date of the service was ` +
        `later, and no ${one} was created to tell the service's time: ${short} that failed in the ${durationText(marginMs)} ` +
        'before it began may be left'
      : `the service's Date and the runner's clock were more than a minute apart, the earlier bounded this ${base}, and ` +
        `no ${one} was created to tell which was right: ${short} that failed between the two may be left`
  const dates = [
    ...(next.fromDate !== undefined ? [`from-date: ${next.fromDate}`] : []),
    ...(next.toDate !== undefined ? [`to-date: ${next.toDate}`] : [])
  ]
  const given = dates.length > 0 ? ` (${dates.join(', ')}, the dates given)` : ', without to-date'
  return `${why}; to take them, re-run the same step${given} in a few minutes`
}

/** Why nothing is taken twice by a re-run: what was taken left the DLQ. */
const leftTheDlq = ({ past }: ReportWords) => `${past} entries have left the DLQ, so none is ${past} twice`

/** The sentence for the failure line and the log: plain text. */
export function continuePlain(next: Continuation | undefined, w: ReportWords): string {
  if (next === undefined) return `nothing is left to continue: the selection was ${w.past} to its end`
  if (next.by === 'workflow-runs') {
    return `to continue, re-run with input workflow-runs set to output next-workflow-runs (${runsLeft(next.runs, w)})`
  }
  if (next.by === 'unchecked') return uncheckedText(next, w)
  if (next.by === 'dlq-ids') {
    return (
      `to continue, re-run with dlq-ids from "${next.dlqId}" on (id ${next.position} of ${next.of}: ` +
      `${next.remaining} ids, some perhaps ${w.past} already)` +
      fileLineHint(next.line)
    )
  }
  const inputs = inputsOf(next).map(([name, value]) => `${name}: ${value}`)
  const noCursor = 'no cursor to continue from: re-run with the same selection'
  if (next.cursor === undefined)
    return inputs.length > 0 ? `${noCursor} and these dates (${leftTheDlq(w)}): ${inputs.join(', ')}` : noCursor
  return `to continue, re-run with ${inputs.join(', ')}`
}

/** The sentence for the summary: each input in a code span, to copy. */
export function continueMarkdown(next: Continuation, w: ReportWords): string {
  if (next.by === 'workflow-runs') {
    return `To continue, re-run with input \`workflow-runs\` set to output \`next-workflow-runs\` (${runsLeft(next.runs, w)}).`
  }
  if (next.by === 'unchecked') return `${uncheckedText(next, w)}.`
  if (next.by === 'dlq-ids') {
    return (
      `To continue, re-run with input \`dlq-ids\` from ${code(next.dlqId)} on (id ${formatCount(next.position)} of ` +
      `${formatCount(next.of)}: ${plural(next.remaining, 'id', 'ids')}, some perhaps ${w.past} already; ` +
      `${leftTheDlq(w)}).` +
      fileLineHint(next.line)
    )
  }
  const inputs = inputsOf(next).map(([name, value]) => `\`${name}\` set to ${code(value, MAX_CURSOR_LENGTH)}`)
  const dates = next.toDate !== undefined ? ' (the same dates in Unix ms, so that it selects exactly what is left)' : ''
  if (next.cursor === undefined) {
    return inputs.length > 0
      ? `To continue, re-run with the same selection and ${inputs.join(', ')}${dates}: ${leftTheDlq(w)}.`
      : `To continue, re-run with the same selection: ${leftTheDlq(w)}.`
  }
  return `To continue, re-run with input ${inputs.join(', ')}${dates}.`
}

/** Where the ids left begin in dlq-ids-file, when they came from one: a file of its lines from there on continues. */
function fileLineHint(line: number | undefined): string {
  if (line === undefined) return ''
  return ` They begin on line ${formatCount(line)} of \`dlq-ids-file\`: a file of its lines from there on (\`tail -n +${line}\`) continues.`
}
