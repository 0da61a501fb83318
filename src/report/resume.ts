/** How resume-workflows is reported: the new runs, runs possibly resumed without an answer, where to continue. */
import { MAX_CURSOR_LENGTH, Outputs, RESUME_PAGE_SIZE } from '../constants.js'
import type { ResumeBound, ResumedRun, ResumeResult, RunContext } from '../results.js'
import { durationText } from './stage-text.js'
import { fitSummary, shortenedNote, type OperationReport, type RenderPass } from './budget.js'
import { formatCount, formatMs, plural } from '../format.js'
import { beforeTheEnd, failurePhrase, failureText, fileText, itemProblemsText } from './failure-text.js'
import { code, codeCell, markdownText, runLine, summaryHead, table, valueList } from './markdown.js'
import { budgetLeft, cursorOutput, fitArrays, type OutputValues } from './step-outputs.js'
import { githubBytes } from './boundary.js'
import { isDateMs } from '../format.js'
import { continuationOf, continueMarkdown, continuePlain, nextDates } from './continuation.js'

const RESUME_NOTE =
  '> **What a resume does:** each resumed run is a **new** run. Steps that completed in the original run keep ' +
  'their results; only failed or pending steps run again. Workflow code may change **after** the failed step, ' +
  'but a change **before** it is unsupported and may make the resume fail.'

export const resumeReport: OperationReport<ResumeResult> = {
  outputs: result => resumeOutputs(result),
  // The scope follows every verdict: a selection wider than meant (an empty from-date) shows on the first line.
  notice: result => {
    const notice = resumeNotice(result)
    return notice === undefined ? undefined : `${notice}; ${scopeText(result, false)}`
  },
  summary: (result, ctx, options) => fitSummary(pass => resumeSummary(result, ctx, pass), options),
  // Possibly resumed runs are not warned about: the failure says it (one alert per fact).
  warnings: result =>
    [pastCapText(result), goneText(result), result.itemProblems && itemProblemsText(result.itemProblems)].filter(
      text => text !== undefined
    ),
  failure
}

/** Runs the resume created, those resumed without a readable id included. */
function madeCount(result: ResumeResult): number {
  return result.runs.length + (result.itemProblems?.leftOut ?? 0)
}

/** True when everything selected was drained and every run resumed is in the outputs. */
function resumeComplete(result: ResumeResult): boolean {
  return (
    result.failure === undefined &&
    result.fileError === undefined &&
    !result.nextCursor &&
    result.continueFrom === undefined &&
    result.uncertainRequests === 0 &&
    (result.itemProblems?.leftOut ?? 0) === 0
  )
}

/** The notice on the run page, "at least" with what may have been resumed unseen; none when a failure resumed none. */
function resumeNotice(result: ResumeResult): string | undefined {
  const made = madeCount(result)
  const uncertain = result.uncertainRequests
  if (result.failure !== undefined && made === 0 && uncertain === 0) return undefined
  const runs = plural(made, 'workflow run', 'workflow runs')
  if (uncertain > 0) {
    const upTo = possiblyUpTo(result)
    const lost = `(${plural(uncertain, 'request', 'requests')} got no readable answer)`
    if (result.largestAnswer !== undefined) {
      return made === 0
        ? `Possibly resumed every selected workflow run; none confirmed ${lost}`
        : `Resumed at least ${runs}; possibly every other selected run resumed too ${lost}`
    }
    return made === 0
      ? `Possibly resumed up to ${plural(upTo, 'workflow run', 'workflow runs')}; none confirmed ${lost}`
      : `Resumed at least ${runs}; up to ${formatCount(upTo)} more possibly resumed ${lost}`
  }
  if (result.failure?.kind === 'cancelled') return `Resumed ${runs} before the step was cancelled`
  if (result.failure !== undefined) return `Resumed ${runs} before the resume failed`
  if (result.stoppedByCap) return `Resumed ${runs}: ${capReached(result)}`
  if (stoppedEarly(result)) return `Resumed ${runs}; the resume stopped early, more may remain`
  const short = outputsShort(result)
  if (short !== undefined) return `Resumed ${runs}; ${short}`
  return made === 0 ? 'Resumed no workflow run: none matched the selection' : `Resumed ${runs}`
}

/** Whether the selection was left with more to resume: a cursor or ids to continue from. */
function stoppedEarly(result: ResumeResult): boolean {
  return result.continueFrom !== undefined || Boolean(result.nextCursor)
}

/**
 * Why a resume drained to its end is still not complete: runs resumed that the outputs cannot name. The heading
 * and the notice say it the same way, as `complete` is false for it.
 */
function outputsShort(result: ResumeResult): string | undefined {
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
function lostAnswerText(result: ResumeResult): string | undefined {
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

/** Said when parts of dlq-ids were found by the service no more: nothing of them was resumed by this run. */
function goneText({ goneIds: gone }: ResumeResult): string | undefined {
  if (gone === undefined) return undefined
  return (
    `at least ${plural(gone.ids, 'of the dlq-ids was', 'of the dlq-ids were')} no longer in the DLQ (the service answered ` +
    `404 to ${plural(gone.parts, 'part', 'parts')} of them): resumed or removed since they were listed; the other ` +
    'ids were resumed'
  )
}

/** Said when answers carried more runs than the count sent, so that more than max-runs were resumed. */
function pastCapText({ pastCap, maxRuns }: ResumeResult): string | undefined {
  if (pastCap === undefined) return undefined
  return (
    `the service ignored count: ${plural(pastCap, 'run was', 'runs were')} resumed past max-runs ` +
    `(${formatCount(maxRuns ?? 0)}); every run it resumed is reported`
  )
}

/** Why the runs-file is not the record: resumed-count still counts every run, the id outputs hold what fits. */
function runsFileText({ fileError }: ResumeResult): string | undefined {
  if (fileError === undefined) return undefined
  return `${fileText(fileError)}; resumed-count counts every run resumed, the id outputs hold as many as fit`
}

/**
 * Every output of a resume, staged or not: the scalars, then the arrays fitted to the 1 MB budget, those of the runs
 * that failed again first (they are few, and what a reader acts on), the resumed runs in what is left.
 */
export function resumeOutputs(result: ResumeResult, staged?: { complete: boolean; extra: OutputValues }): OutputValues {
  const runs = result.runs.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
  const next = nextDates(result)
  const scalars: OutputValues = {
    [Outputs.ResumedCount]: String(result.runs.length),
    [Outputs.Complete]: String(resumeComplete(result) && (staged?.complete ?? true)),
    [Outputs.NextCursor]: cursorOutput(result.nextCursor),
    [Outputs.NextFromDate]: next.fromDate,
    [Outputs.NextToDate]: next.toDate,
    [Outputs.RunsFile]: result.runsFile ?? '',
    ...staged?.extra
  }
  const failedAgain = result.staged?.failedAgain ?? []
  const runIds = [
    Outputs.FailedAgainRunIds,
    Outputs.FailedAgainRunIdsTruncated,
    failedAgain.map(r => r.workflowRunId)
  ] as const
  // An entry the service sent without a dlqId cannot be resumed by id: left out here, counted in the warning.
  const dlqIds = [
    Outputs.FailedAgainDlqIds,
    Outputs.FailedAgainDlqIdsTruncated,
    failedAgain.flatMap(r => r.dlqId ?? [])
  ] as const
  const resumed = [
    [Outputs.WorkflowRunIds, Outputs.WorkflowRunIdsTruncated, result.runs.map(r => r.workflowRunId)],
    [Outputs.WorkflowRuns, Outputs.WorkflowRunsTruncated, runs]
  ] as const
  if (result.staged === undefined) return { ...scalars, ...fitArrays(resumed, budgetLeft(scalars, resumed)) }
  let budget = budgetLeft(scalars, [runIds, dlqIds, ...resumed])
  const fitted: OutputValues = {}
  for (const list of [runIds, dlqIds]) {
    Object.assign(fitted, fitArrays([list], budget))
    budget -= githubBytes(fitted[list[0]] ?? '[]') - githubBytes('[]')
  }
  return { ...scalars, ...fitted, ...fitArrays(resumed, budget) }
}

function failure(result: ResumeResult): string | undefined {
  // Possibly resumed runs fail the step even when the drain finished: the outputs do not list them.
  const { failure: ended } = result
  const reasons = [
    ended &&
      `${failureText('resume-workflows', ended)}; ${result.runs.length} runs were resumed ${beforeTheEnd(ended)}`,
    lostAnswerText(result),
    runsFileText(result)
  ].filter(reason => reason !== undefined)
  if (reasons.length === 0) return undefined
  const where = continuePlain(continuationOf(result))
  return `${reasons.join('; ')}; ${where}`
}

/**
 * What the resume selected, in a few words, for the first line and the notice: the selectors given (third-party
 * values as code spans in markdown), and "of any age" when no from-date bounds it.
 */
export function scopeText(result: ResumeResult, markdown: boolean): string {
  const { dlqIds, fromDate, toDate, workflowUrl, workflowRunId, workflowCreatedAt } = result.selection
  const value = (text: string) =>
    markdown ? code(text, 100) : JSON.stringify(text.length > 100 ? `${text.slice(0, 99)}…` : text)
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
    ...(result.all ? [whole, ...titled('Selectors also given', selectors)] : titled('Selection', selectors, 'none')),
    ...titled('Overrides', overrides, 'none (each run keeps its original flow control and retries)'),
    ...(result.maxRuns !== undefined ? [`- At most (\`max-runs\`): ${plural(result.maxRuns, 'run', 'runs')}`] : []),
    `- Start cursor: ${result.startCursor ? code(result.startCursor, MAX_CURSOR_LENGTH) : 'none (from the start)'}`,
    ...boundLine(result.bound),
    ''
  ]
}

function resumeHeading(result: ResumeResult): string {
  const made = madeCount(result)
  const runs = plural(made, 'workflow run', 'workflow runs')
  if (result.failure?.kind === 'cancelled') {
    const more = result.uncertainRequests > 0 ? ', and possibly more' : ''
    return `⛔ Cancelled: ${plural(made, 'run', 'runs')} resumed before the cancel${more}`
  }
  if (result.failure) return `❌ Resume failed part way: ${failurePhrase(result.failure)}; ${runs} resumed before`
  if (result.fileError !== undefined) return `❌ Resumed ${runs}, but runs-file could not be written`
  if (result.uncertainRequests > 0) return `⚠️ Resumed ${runs}, and possibly more`
  if (result.stoppedByCap) return `⏸️ Resumed ${runs}: ${capReached(result)}`
  if (stoppedEarly(result)) return `⚠️ Resume stopped early: ${runs} resumed`
  const short = outputsShort(result)
  if (short !== undefined) return `⚠️ Resumed ${runs}; ${short}`
  if (made === 0) return 'ℹ️ No failed workflow run matched'
  return `✅ Resumed ${runs}`
}

/** Runs grouped by creation time (to the second), in the order first seen. */
function runGroups(runs: readonly ResumedRun[]): Array<{ at?: number; ids: string[] }> {
  const byTime = new Map<string | number, { at?: number; ids: string[] }>()
  for (const run of runs) {
    const at = run.workflowCreatedAt
    // The second, as a number: an ISO string a run costs more than the rest of the summary.
    const key = at === undefined ? '' : isDateMs(at) ? Math.floor(at / 1000) : formatMs(at).slice(0, 19)
    if (!byTime.has(key)) byTime.set(key, { at: run.workflowCreatedAt, ids: [] })
    byTime.get(key)?.ids.push(run.workflowRunId)
  }
  return [...byTime.values()]
}

/** Why a capped resume stopped; the cursor left says more may remain, not that they do (the next page may be empty). */
function capReached({ maxRuns, pastCap }: ResumeResult): string {
  const past = pastCap === undefined ? '' : `, ${formatCount(pastCap)} past it as the service ignored count`
  return `max-runs (${formatCount(maxRuns ?? 0)}) reached${past}; more may remain`
}

function resumeSummary(result: ResumeResult, ctx: RunContext, pass: RenderPass): string {
  const { runs, failure: ended } = result
  const { kept = 0, leftOut = 0, examples = [] } = result.itemProblems ?? {}
  const [gone, pastCap, lost, fileError] = [goneText, pastCapText, lostAnswerText, runsFileText].map(f => f(result))
  const next = continuationOf(result)
  const continueLine =
    next !== undefined && (next.by === 'dlq-ids' || next.cursor !== undefined) ? continueMarkdown(next) : undefined
  const capLine = result.stoppedByCap
    ? `Stopped by \`max-runs\` (${formatCount(result.maxRuns ?? 0)}) before the selection was drained. `
    : ''
  const lines = summaryHead(
    `${resumeHeading(result)}; ${scopeText(result, true)}`,
    `**${plural(madeCount(result), 'new run', 'new runs')}** created by ${plural(result.requests, 'request', 'requests')}` +
      (result.uncertainRequests > 0
        ? ` (and ${formatCount(result.uncertainRequests)} without a readable answer)`
        : '') +
      (result.parts !== undefined
        ? ` (\`dlq-ids\` sent in ${formatCount(result.parts)} parts, so that each request URL stays under 6 KB).`
        : '.'),
    shortenedNote(pass),
    fileError && `**Error:** ${code(fileError)}`,
    ended && `**Error:** ${code(failureText('resume-workflows', ended))}`,
    ended
      ? (continueLine ??
          'No cursor to continue from was returned: check the DLQ before re-running (resumed entries have left it).' +
            (next?.by === 'selection' && next.toDate !== undefined
              ? ` A re-run must send the same dates: ${continueMarkdown(next)}`
              : ''))
      : continueLine && capLine + continueLine,
    gone && `**⚠️ Already gone:** ${gone}.`,
    pastCap && `**⚠️ Past the cap:** ${pastCap}.`,
    lost && `**⚠️ Possibly resumed:** ${lost}.`,
    leftOut > 0 &&
      `**⚠️ ${plural(leftOut, 'run was', 'runs were')} resumed without a readable id**: counted above, but not in ` +
        'the table or the outputs.',
    kept > 0 &&
      `⚠️ ${plural(kept, 'run is', 'runs are')} listed without a creation time: the one sent could not be read.`,
    examples.map(line => `- ${code(line)}`).join('\n'),
    madeCount(result) > 0 && RESUME_NOTE
  )
  if (runs.length > 0) {
    lines.push(
      '### New runs',
      '',
      ...table(['Created (UTC)', 'Runs', 'New run ids'], [false, true, false], runGroups(runs), pass, group => [
        group.at === undefined ? '—' : formatMs(group.at),
        formatCount(group.ids.length),
        idList(group.ids, pass)
      ])
    )
  }
  return markdownText([...lines, ...askedLines(result, pass), ...runLine(ctx)])
}

/** Ids in a cell, as many as a table shows rows (the byte budget halves them with the rows), then how many more. */
function idList(ids: readonly string[], pass: RenderPass): string {
  const shown = ids.slice(0, pass.maxRows).map(id => codeCell(id, 100))
  const rest = ids.length - shown.length
  return rest > 0 ? `${shown.join(' ')} … and ${formatCount(rest)} more (output \`workflow-run-ids\`)` : shown.join(' ')
}

/** The to-date every request sent, and which clock it came from: a line of "What was asked". */
function boundLine(bound: ResumeBound | undefined): string[] {
  if (bound === undefined) return []
  const source =
    bound.clock === 'service'
      ? "the service's time at the start, from its Date header"
      : bound.clock === 'input'
        ? 'the `to-date` given, earlier than the start'
        : `the runner's clock less ${durationText(bound.marginMs ?? 0)}, as the service sent no Date header: runs that failed in that margin before the start were not selected`
  return [
    `- Every request sent to-date ${formatMs(bound.toDate)} (\`${bound.toDate}\`, ${source}): a run this resume ` +
      'created, back in the DLQ, is never taken by it'
  ]
}
