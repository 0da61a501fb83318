/** The words of a resume, staged or not, that several parts of its report say: scope, what was asked, what may be missing. */
import { MAX_CURSOR_LENGTH, RESUME_PAGE_SIZE } from '../constants.js'
import type { ByRuns, ResumeBound, ResumeResult } from '../resume-results.js'
import { RUN_STATES, type RunState } from '../run-states.js'
import { dateFaultText } from './date-fault.js'
import type { RenderPass } from './budget.js'
import { fileText } from './failure-text.js'
import { durationText, formatCount, formatMs, plural } from '../format.js'
import { code, valueList } from './markdown.js'

export const RESUME_NOTE =
  '> **What a resume does:** each resumed run is a **new** run. Steps that completed in the original run keep ' +
  'their results; only failed or pending steps run again. Workflow code may change **after** the failed step, ' +
  'but a change **before** it is unsupported and may make the resume fail.'

/** Runs the resume created, those resumed without a readable id included. */
export function madeCount(result: ResumeResult): number {
  return result.runs.length + (result.itemProblems?.leftOut ?? 0)
}

/** True when everything selected was drained and every run resumed is in the outputs. */
export function resumeComplete(result: ResumeResult): boolean {
  return (
    result.failure === undefined &&
    result.fileError === undefined &&
    !result.nextCursor &&
    result.leftWithoutCursor !== true &&
    result.bound?.unconfirmed !== true &&
    result.continueFrom === undefined &&
    result.uncertainRequests === 0 &&
    (result.itemProblems?.leftOut ?? 0) === 0 &&
    (result.byRuns?.left.length ?? 0) === 0
  )
}

/** Whether the selection was left with more to resume: a cursor or ids to continue from. */
export function stoppedEarly(result: ResumeResult): boolean {
  return result.continueFrom !== undefined || Boolean(result.nextCursor) || result.leftWithoutCursor === true
}

/**
 * Why a resume drained to its end is still not complete: runs resumed that the outputs cannot name. The heading
 * and the notice say it the same way, as `complete` is false for it.
 */
export function outputsShort(result: ResumeResult): string | undefined {
  if (result.fileError !== undefined) return 'runs-file could not be written'
  const leftOut = result.itemProblems?.leftOut ?? 0
  if (leftOut === 0) return undefined
  return (
    `${plural(leftOut, 'of them has', 'of them have')} no readable id, so the outputs do not name ` +
    `${leftOut === 1 ? 'it' : 'them'} (nothing is left to resume)`
  )
}

/** Runs lost answers may have resumed: what those requests asked for (their count), 50 each when not known. */
export const possiblyUpTo = (result: ResumeResult): number =>
  result.uncertainRuns ?? result.uncertainRequests * RESUME_PAGE_SIZE

/** Said when requests may have resumed runs unseen: their count each, any number if the service ignores count. */
export function lostAnswerText(result: ResumeResult): string | undefined {
  const { uncertainRequests: requests, largestAnswer } = result
  if (requests === 0) return undefined
  const bound =
    largestAnswer === undefined
      ? `up to ${formatCount(possiblyUpTo(result))} more runs than listed here`
      : `more runs than listed here: up to ${RESUME_PAGE_SIZE} a request if it honoured count=${RESUME_PAGE_SIZE}, ` +
        `but it does not (one answer carried ${formatCount(largestAnswer)} runs), so possibly every run the ` +
        'selection matched'
  return (
    `${plural(requests, 'resume request', 'resume requests')} got no readable answer (lost after sending, or ` +
    `unreadable): the service may have resumed ${bound} (possibly resumed; they left the DLQ, so none is resumed twice)`
  )
}

/** Said when nothing told the service's time and answers were lost: runs of the runner's margin may be left. */
export function uncheckedLostText({ bound, uncertainRequests }: ResumeResult): string | undefined {
  if (bound?.unconfirmed !== true || uncertainRequests === 0) return undefined
  return (
    `nothing told the service's time (no usable Date, and the answers that would have were lost): runs that failed ` +
    `in the ${durationText(bound.marginMs ?? 0)} before this resume began may be left, past the to-date it sent`
  )
}

/** Said when parts of dlq-ids were found by the service no more: nothing of them was resumed by this run. */
export function goneText({ goneIds: gone }: ResumeResult): string | undefined {
  if (gone === undefined) return undefined
  return (
    `at least ${plural(gone.ids, 'of the dlq-ids was', 'of the dlq-ids were')} no longer in the DLQ (the service answered ` +
    `404 to ${plural(gone.parts, 'part', 'parts')} of them): resumed or removed since they were listed; the other ` +
    'ids were resumed'
  )
}

/** Said when answers carried more runs than the count sent, so that more than max-runs were resumed. */
export function pastCapText({ pastCap, maxRuns }: ResumeResult): string | undefined {
  if (pastCap === undefined) return undefined
  return (
    `the service ignored count: ${plural(pastCap, 'run was', 'runs were')} resumed past max-runs ` +
    `(${formatCount(maxRuns ?? 0)}); every run it resumed is reported`
  )
}

/** Why the runs-file is not the record: resumed-count still counts every run, the id outputs hold what fits. */
export function runsFileText({ fileError }: ResumeResult): string | undefined {
  if (fileError === undefined) return undefined
  return `${fileText(fileError)}; resumed-count counts every run resumed, the id outputs hold as many as fit`
}

/** Why a capped resume stopped; the cursor left says more may remain, not that they do (the next page may be empty). */
export function capReached({ maxRuns, pastCap }: ResumeResult): string {
  const past = pastCap === undefined ? '' : `, ${formatCount(pastCap)} past it as the service ignored count`
  return `max-runs (${formatCount(maxRuns ?? 0)}) reached${past}; more may remain`
}

/**
 * What the resume selected, in a few words, for the first line and the notice: the selectors given (third-party
 * values as code spans in markdown), and "of any age" when no from-date bounds it.
 */
export function scopeText(result: ResumeResult, markdown: boolean): string {
  const { dlqIds, fromDate, toDate, workflowUrl, workflowRunId, workflowCreatedAt } = result.selection
  const value = (text: string) =>
    markdown ? code(text, 100) : JSON.stringify(text.length > 100 ? `${text.slice(0, 99)}…` : text)
  if (result.byRuns !== undefined) {
    const { given, found } = result.byRuns
    return `selection: the ${plural(given, 'run', 'runs')} given (workflow-runs), ${formatCount(found)} of them in the workflow DLQ`
  }
  if (dlqIds !== undefined) return `selection: the ${plural(dlqIds.length, 'DLQ id', 'DLQ ids')} given`
  const parts = [
    ...(workflowUrl !== undefined ? [`workflow-url ${value(workflowUrl)}`] : []),
    ...(workflowRunId !== undefined ? [`workflow-run-id ${value(workflowRunId)}`] : []),
    ...(workflowCreatedAt !== undefined ? [`created at ${formatMs(workflowCreatedAt)}`] : [])
  ]
  const what = parts.length > 0 ? parts.join(', ') : 'every failed run in the DLQ (all)'
  const when =
    fromDate !== undefined
      ? `failed from ${formatMs(fromDate)}${toDate !== undefined ? ` to ${formatMs(toDate)}` : ''}`
      : toDate !== undefined
        ? `failed up to ${formatMs(toDate)}, of any age`
        : 'of any age'
  return `selection: ${what}, ${when}`
}

/** `- title:` over `  - label: value` for each value given; without any, `- title: none…`, or nothing. */
function titled(title: string, items: ReadonlyArray<readonly [string, string | undefined]>, none?: string): string[] {
  const given = items.flatMap(([label, value]) => (value === undefined ? [] : [`  - ${label}: ${value}`]))
  if (given.length > 0) return [`- ${title}:`, ...given]
  return none === undefined ? [] : [`- ${title}: ${none}`]
}

export function askedLines(result: ResumeResult, pass: RenderPass): string[] {
  const { dlqIds, fromDate, toDate, workflowUrl, workflowRunId, workflowCreatedAt } = result.selection
  const { flowControlKey, flowControlValue, retries } = result.overrides
  const time = (ms: number | undefined): string | undefined => (ms === undefined ? undefined : formatMs(ms))
  const text = (value: string | undefined): string | undefined => (value === undefined ? undefined : code(value))
  const selectors = [
    [
      'DLQ ids (`dlq-ids`; when given, the service ignores the other selectors)',
      dlqIds?.length ? valueList(dlqIds, pass) : undefined
    ],
    ['Failed at or after (`from-date`)', time(fromDate)],
    ['Failed at or before (`to-date`)', time(toDate)],
    ['Workflow URL (`workflow-url`)', text(workflowUrl)],
    ['Workflow run id or id prefix (`workflow-run-id`)', text(workflowRunId)],
    ['Workflow created at (`workflow-created-at`)', time(workflowCreatedAt)]
  ] as const
  const overrides = [
    ['Flow control key (`flow-control-key`)', text(flowControlKey)],
    ['Flow control value (`flow-control-value`)', text(flowControlValue)],
    ['Retries (`retries`)', text(retries?.toString())]
  ] as const
  const whole = '- Selection: **the whole DLQ was selected** (input `all`): every failed workflow run in it.'
  return [
    '### What was asked',
    '',
    ...(result.byRuns !== undefined
      ? runsGivenLines(result.byRuns)
      : result.all
        ? [whole, ...titled('Selectors also given', selectors)]
        : titled('Selection', selectors, 'none')),
    ...titled('Overrides', overrides, 'none (each run keeps its original flow control and retries)'),
    ...(result.maxRuns !== undefined ? [`- At most (\`max-runs\`): ${plural(result.maxRuns, 'run', 'runs')}`] : []),
    `- Start cursor: ${result.startCursor ? code(result.startCursor, MAX_CURSOR_LENGTH) : 'none (from the start)'}`,
    ...boundLine(result.bound),
    ''
  ]
}

/** Runs given by their pairs that a re-run must be given again (not in the DLQ yet), in a few words; none: undefined. */
export function runsLeftText({ byRuns }: ResumeResult): string | undefined {
  const left = byRuns?.left.length ?? 0
  if (left === 0) return undefined
  return `${plural(left, 'run', 'runs')} given not resumed yet (not in the DLQ yet): given again in output next-workflow-runs`
}

/** The runs given by their pairs, in "What was asked": how many, found how, and what became of the others. */
function runsGivenLines({ given, found, notInDlq }: ByRuns): string[] {
  const states = RUN_STATES.filter(state => notInDlq.some(run => run.state === state))
    .map(state => `${formatCount(notInDlq.filter(run => run.state === state).length)} ${NOT_IN_DLQ_WORDS[state]}`)
    .join(', ')
  return [
    `- Selection: the ${plural(given, 'run', 'runs')} given (\`workflow-runs\`), each found in the workflow DLQ by its ` +
      'run id and creation time together (ids repeat), then resumed by its DLQ id',
    `  - found in the DLQ: ${formatCount(found)}`,
    ...(notInDlq.length > 0 ? [`  - not in the DLQ: ${formatCount(notInDlq.length)} (${states})`] : [])
  ]
}

/** What a run not in the DLQ is, by what the run log says of it. */
const NOT_IN_DLQ_WORDS: Record<RunState, string> = {
  completed: 'completed (nothing to resume)',
  failed: 'failed, no longer in the DLQ (resumed or deleted since)',
  failing: 'still retrying (given again in next-workflow-runs)',
  running: 'still running (given again in next-workflow-runs)',
  cancelled: 'cancelled (nothing to resume)',
  unknown: 'not told by a run log (given again in next-workflow-runs)'
}

/** The to-date every request sent, and which clock it came from: a line of "What was asked". */
function boundLine(bound: ResumeBound | undefined): string[] {
  if (bound === undefined) return []
  const why = dateWords(bound)
  const source = {
    service:
      bound.movedFrom === undefined
        ? "the service's time at the start, from its Date header"
        : "the service's time at the start, from its Date header, which the first run it created confirmed",
    input: 'the `to-date` given, earlier than the start',
    stamps: `the creation time of the first run the service created, less 1 ms, as ${why}`,
    runner:
      bound.marginMs === undefined
        ? `the runner's clock at the start, earlier than the service's Date (${formatMs(bound.serviceStart ?? 0)})`
        : `the runner's clock less ${durationText(bound.marginMs)}, as ${why}: runs that failed in that margin ` +
          'before the start were not selected'
  }[bound.clock]
  const moved =
    bound.movedFrom === undefined
      ? ''
      : `; the requests before that run sent ${formatMs(bound.movedFrom)} (\`${bound.movedFrom}\`), and the resume ` +
        'went on without their cursor'
  return [
    `- Every request sent to-date ${formatMs(bound.toDate)} (\`${bound.toDate}\`, ${source})${moved}: a run this ` +
      'resume created, back in the DLQ, is never taken by it'
  ]
}

/** Why the service's Date was not taken as it is: its fault, or that there was none; used by the bound's line. */
function dateWords({ dateFault: fault, serviceStart }: Pick<ResumeBound, 'dateFault' | 'serviceStart'>): string {
  if (fault === undefined && serviceStart !== undefined)
    return "its Date was not the clock that stamps its runs' creation"
  return dateFaultText(fault)
}
