/**
 * The words of a bulk write, staged or not, that several parts of its report say: scope, what was asked, what may be
 * missing. Each says the verb of the result (verb-words.ts): a resume's texts are those it always had.
 */
import { MAX_CURSOR_LENGTH } from '../constants.js'
import type { ByRuns, ResumeBound, ResumeResult } from '../resume-results.js'
import { RUN_STATES, type RunState } from '../run-states.js'
import { VERBS } from '../verbs.js'
import { dateFaultText } from './date-fault.js'
import type { RenderPass } from './budget.js'
import { fileText } from './failure-text.js'
import { durationText, formatCount, formatMs, plural } from '../format.js'
import { code, valueList } from './markdown.js'
import { words, type ReportWords } from './verb-words.js'

/** True when everything selected was drained, every entry taken is in the outputs, and none was refused. */
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
    (result.byRuns?.left.length ?? 0) === 0 &&
    refusedCount(result) === 0
  )
}

/** Entries the service refused to take (a restart's 400), named or only counted. */
export const refusedCount = (result: ResumeResult): number => result.refusedCount ?? result.refused?.length ?? 0

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
    `${leftOut === 1 ? 'it' : 'them'} (nothing is left to ${words(result).base})`
  )
}

/** Entries lost answers may have taken: what those requests asked for (their count), a full page each when not known. */
export const possiblyUpTo = (result: ResumeResult): number =>
  result.uncertainRuns ?? result.uncertainRequests * VERBS[result.operation].pageSize

/** Said when requests may have taken entries unseen: their count each, any number if the service ignores count. */
export function lostAnswerText(result: ResumeResult): string | undefined {
  const { uncertainRequests: requests, largestAnswer } = result
  if (requests === 0) return undefined
  const { base, past, one, short } = words(result)
  const size = VERBS[result.operation].pageSize
  const bound =
    largestAnswer === undefined
      ? `up to ${formatCount(possiblyUpTo(result))} more ${short} than listed here`
      : `more ${short} than listed here: up to ${size} a request if it honoured count=${size}, ` +
        `but it does not (one answer carried ${formatCount(largestAnswer)} ${short}), so possibly every ${one} the ` +
        'selection matched'
  return (
    `${plural(requests, `${base} request`, `${base} requests`)} got no readable answer (lost after sending, or ` +
    `unreadable): the service may have ${past} ${bound} (possibly ${past}; they left the DLQ, so none is ${past} twice)`
  )
}

/** Said when nothing told the service's time and answers were lost: entries of the runner's margin may be left. */
export function uncheckedLostText(result: ResumeResult): string | undefined {
  const { bound, uncertainRequests } = result
  if (bound?.unconfirmed !== true || uncertainRequests === 0) return undefined
  const { base, short } = words(result)
  return (
    `nothing told the service's time (no usable Date, and the answers that would have were lost): ${short} that failed ` +
    `in the ${durationText(bound.marginMs ?? 0)} before this ${base} began may be left, past the to-date it sent`
  )
}

/** Said when answers carried more entries than the count sent, so that more than the cap were taken. */
export function pastCapText(result: ResumeResult): string | undefined {
  const { pastCap, maxRuns } = result
  if (pastCap === undefined) return undefined
  const { past, one, short, cap } = words(result)
  return (
    `the service ignored count: ${plural(pastCap, `${one} was`, `${short} were`)} ${past} past ${cap} ` +
    `(${formatCount(maxRuns ?? 0)}); every ${one} it ${past} is reported`
  )
}

/** Why the runs-file is not the record: the count output still counts every entry, the id outputs hold what fits. */
export function runsFileText(result: ResumeResult): string | undefined {
  const { fileError } = result
  if (fileError === undefined) return undefined
  const { past, one } = words(result)
  return `${fileText(fileError)}; ${VERBS[result.operation].countOutput} counts every ${one} ${past}, the id outputs hold as many as fit`
}

/** Why a capped write stopped; the cursor left says more may remain, not that they do (the next page may be empty). */
export function capReached(result: ResumeResult): string {
  const { maxRuns, pastCap } = result
  const past = pastCap === undefined ? '' : `, ${formatCount(pastCap)} past it as the service ignored count`
  return `${words(result).cap} (${formatCount(maxRuns ?? 0)}) reached${past}; more may remain`
}

/** A selector's values in a few words: the first three, then how many more. */
function fewValues(values: readonly string[], value: (text: string) => string): string {
  const shown = values.slice(0, 3).map(value).join(', ')
  return values.length > 3 ? `${shown} and ${formatCount(values.length - 3)} more` : shown
}

/**
 * What the write selected, in a few words, for the first line and the notice: the selectors given (third-party
 * values as code spans in markdown), and "of any age" when no from-date bounds it.
 */
export function scopeText(result: ResumeResult, markdown: boolean): string {
  const { dlqIds, fromDate, toDate } = result.selection
  if (result.byRuns !== undefined) {
    const { given, found } = result.byRuns
    return `selection: the ${plural(given, 'run', 'runs')} given (workflow-runs), ${formatCount(found)} of them in the workflow DLQ`
  }
  if (dlqIds !== undefined) {
    const how = result.expected?.byListing === true ? 'listed for expect-count' : 'given'
    return `selection: the ${plural(dlqIds.length, 'DLQ id', 'DLQ ids')} ${how}`
  }
  const what = selectorsText(result.selection, markdown) ?? `every failed ${words(result).one} in the DLQ (all)`
  const when =
    fromDate !== undefined
      ? `failed from ${formatMs(fromDate)}${toDate !== undefined ? ` to ${formatMs(toDate)}` : ''}`
      : toDate !== undefined
        ? `failed up to ${formatMs(toDate)}, of any age`
        : 'of any age'
  return `selection: ${what}, ${when}`
}

/** The selectors given but the dates and ids, in a few words (third-party values as code spans in markdown). */
export function selectorsText(selection: ResumeResult['selection'], markdown: boolean): string | undefined {
  const { workflowUrl, workflowRunId, workflowCreatedAt } = selection
  const { messageId, url, topicName, scheduleId, queueName, responseStatus, callerIp } = selection
  const value = (text: string) =>
    markdown ? code(text, 100) : JSON.stringify(text.length > 100 ? `${text.slice(0, 99)}…` : text)
  const lists = [
    ['url', url],
    ['topic-name', topicName],
    ['schedule-id', scheduleId],
    ['queue-name', queueName],
    ['caller-ip', callerIp]
  ] as const
  const parts = [
    ...(workflowUrl !== undefined ? [`workflow-url ${value(workflowUrl)}`] : []),
    ...(workflowRunId !== undefined ? [`workflow-run-id ${value(workflowRunId)}`] : []),
    ...(workflowCreatedAt !== undefined ? [`created at ${formatMs(workflowCreatedAt)}`] : []),
    ...(messageId !== undefined ? [`message-id ${value(messageId)}`] : []),
    ...lists.flatMap(([name, values]) => (values?.length ? [`${name} ${fewValues(values, value)}`] : [])),
    ...(responseStatus !== undefined ? [`response-status ${responseStatus}`] : [])
  ]
  return parts.length > 0 ? parts.join(', ') : undefined
}

/** `- title:` over `  - label: value` for each value given; without any, `- title: none…`, or nothing. */
export function titled(
  title: string,
  items: ReadonlyArray<readonly [string, string | undefined]>,
  none?: string
): string[] {
  const given = items.flatMap(([label, value]) => (value === undefined ? [] : [`  - ${label}: ${value}`]))
  if (given.length > 0) return [`- ${title}:`, ...given]
  return none === undefined ? [] : [`- ${title}: ${none}`]
}

/** The selectors given, each labelled with its input: a workflow verb's, or a retry's (the listing's filters). */
export function selectorItems({ selection }: Pick<ResumeResult, 'selection'>, pass: RenderPass) {
  const { dlqIds, fromDate, toDate, workflowUrl, workflowRunId, workflowCreatedAt } = selection
  const { messageId, url, topicName, scheduleId, queueName, responseStatus, callerIp } = selection
  const time = (ms: number | undefined): string | undefined => (ms === undefined ? undefined : formatMs(ms))
  const text = (value: string | undefined): string | undefined => (value === undefined ? undefined : code(value))
  const list = (values: readonly string[] | undefined) => (values?.length ? valueList(values, pass) : undefined)
  return [
    ['DLQ ids (`dlq-ids`; when given, the service ignores the other selectors)', list(dlqIds)],
    ['Failed at or after (`from-date`)', time(fromDate)],
    ['Failed at or before (`to-date`)', time(toDate)],
    ['Workflow URL (`workflow-url`)', text(workflowUrl)],
    ['Workflow run id or id prefix (`workflow-run-id`)', text(workflowRunId)],
    ['Workflow created at (`workflow-created-at`)', time(workflowCreatedAt)],
    ['Message id (`message-id`)', text(messageId)],
    ['URL (`url`)', list(url)],
    ['Topic (`topic-name`)', list(topicName)],
    ['Schedule id (`schedule-id`)', list(scheduleId)],
    ['Queue (`queue-name`)', list(queueName)],
    ['Response status (`response-status`)', responseStatus?.toString()],
    ['Caller IP (`caller-ip`)', list(callerIp)]
  ] as const
}

export function askedLines(result: ResumeResult, pass: RenderPass): string[] {
  const { flowControlKey, flowControlValue, retries, delay } = result.overrides
  const watchRetries = result.staged?.plan.watchRetries
  const text = (value: string | undefined): string | undefined => (value === undefined ? undefined : code(value))
  const w = words(result)
  const selectors = selectorItems(result, pass)
  const overrides = [
    ['Flow control key (`flow-control-key`)', text(flowControlKey)],
    ['Flow control value (`flow-control-value`)', text(flowControlValue)],
    ['Retries (`retries`)', text(retries?.toString())],
    ['Delay before each is delivered (`delay`)', text(delay)]
  ] as const
  // The watched stages sent watch-retries: "each keeps its original retries" would be wrong of them.
  const none =
    watchRetries === undefined
      ? `none (each ${w.one} keeps its original flow control and retries)`
      : `none but \`watch-retries\` (${watchRetries}), sent by the watched stages only (below); the last stage's ` +
        `${w.short} keep their original flow control and retries`
  const whole = `- Selection: **the whole DLQ was selected** (input \`all\`): every failed ${w.item} in it.`
  return [
    '### What was asked',
    '',
    ...(result.byRuns !== undefined
      ? runsGivenLines(result.byRuns, w)
      : result.all
        ? [whole, ...titled('Selectors also given', selectors)]
        : titled('Selection', selectors, 'none')),
    ...titled('Overrides', overrides, none),
    ...(result.maxRuns !== undefined ? [`- At most (\`${w.cap}\`): ${plural(result.maxRuns, w.one, w.short)}`] : []),
    ...expectedLine(result),
    `- Start cursor: ${result.startCursor ? code(result.startCursor, MAX_CURSOR_LENGTH) : 'none (from the start)'}`,
    ...boundLine(result.bound, w),
    ''
  ]
}

/** expect-count held: the entries listed before any write, then taken by their DLQ ids (never by the filter again). */
function expectedLine({ expected }: ResumeResult): string[] {
  if (expected === undefined) return []
  const { count, listed } = expected
  const held =
    count === listed
      ? `${formatCount(count)} listed and expected`
      : // Only a reviewed plan's ids can differ from what was listed: those gone since are told below.
        `${formatCount(count)} dlq-ids given and expected, ${formatCount(listed)} of them still in the DLQ`
  return [`- \`expect-count\`: ${held}, taken by their DLQ ids`]
}

/** Runs given by their pairs that a re-run must be given again (not in the DLQ yet), in a few words; none: undefined. */
export function runsLeftText(result: ResumeResult): string | undefined {
  const left = result.byRuns?.left.length ?? 0
  if (left === 0) return undefined
  return `${plural(left, 'run', 'runs')} given not ${words(result).past} yet (not in the DLQ yet): given again in output next-workflow-runs`
}

/** The runs given by their pairs, in "What was asked": how many, found how, and what became of the others. */
function runsGivenLines({ given, found, notInDlq }: ByRuns, w: ReportWords): string[] {
  const states = RUN_STATES.filter(state => notInDlq.some(run => run.state === state))
    .map(state => `${formatCount(notInDlq.filter(run => run.state === state).length)} ${notInDlqWords(state, w)}`)
    .join(', ')
  return [
    `- Selection: the ${plural(given, 'run', 'runs')} given (\`workflow-runs\`), each found in the workflow DLQ by its ` +
      `run id and creation time together (ids repeat), then ${w.past} by its DLQ id`,
    `  - found in the DLQ: ${formatCount(found)}`,
    ...(notInDlq.length > 0 ? [`  - not in the DLQ: ${formatCount(notInDlq.length)} (${states})`] : [])
  ]
}

/** What a run not in the DLQ is, by what the run log says of it. */
function notInDlqWords(state: RunState, { base, past }: ReportWords): string {
  return {
    completed: `completed (nothing to ${base})`,
    failed: `failed, no longer in the DLQ (${past} or deleted since)`,
    failing: 'still retrying (given again in next-workflow-runs)',
    running: 'still running (given again in next-workflow-runs)',
    cancelled: `cancelled (nothing to ${base})`,
    unknown: 'not told by a run log (given again in next-workflow-runs)'
  }[state]
}

/** The to-date every request sent, and which clock it came from: a line of "What was asked". */
function boundLine(bound: ResumeBound | undefined, { base, one, short }: ReportWords): string[] {
  if (bound === undefined) return []
  const why = dateWords(bound)
  const source = {
    service:
      bound.movedFrom === undefined
        ? "the service's time at the start, from its Date header"
        : `the service's time at the start, from its Date header, which the first ${one} it created confirmed`,
    input: 'the `to-date` given, earlier than the start',
    stamps: `the creation time of the first ${one} the service created, less 1 ms, as ${why}`,
    runner:
      bound.marginMs === undefined
        ? `the runner's clock at the start, earlier than the service's Date (${formatMs(bound.serviceStart ?? 0)})`
        : `the runner's clock less ${durationText(bound.marginMs)}, as ${why}: ${short} that failed in that margin ` +
          'before the start were not selected'
  }[bound.clock]
  const moved =
    bound.movedFrom === undefined
      ? ''
      : `; the requests before that ${one} sent ${formatMs(bound.movedFrom)} (\`${bound.movedFrom}\`), and the ${base} ` +
        'went on without their cursor'
  return [
    `- Every request sent to-date ${formatMs(bound.toDate)} (\`${bound.toDate}\`, ${source})${moved}: a ${one} this ` +
      `${base} created, back in the DLQ, is never taken by it`
  ]
}

/** Why the service's Date was not taken as it is: its fault, or that there was none; used by the bound's line. */
function dateWords({ dateFault: fault, serviceStart }: Pick<ResumeBound, 'dateFault' | 'serviceStart'>): string {
  if (fault === undefined && serviceStart !== undefined)
    return "its Date was not the clock that stamps its runs' creation"
  return dateFaultText(fault)
}
