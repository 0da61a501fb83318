/**
 * How resume-workflows is reported: the new runs (outputs within GitHub's budget, a capped table), runs possibly
 * resumed without an answer, and where to continue after a stop.
 */
import { Outputs, RESUME_PAGE_SIZE } from '../constants.js'
import type { ResumedRun, ResumeResult, RunContext } from '../results.js'
import type { WorkflowSelection } from '../requests.js'
import { fitSummary, shortenedNote, type RenderPass } from './budget.js'
import { formatCount, formatMs, plural } from './format.js'
import { itemProblemsText } from './item-problems.js'
import { beforeTheEnd, failurePhrase, failureText, fileText } from './failure-text.js'
import {
  code,
  codeCell,
  cursorText,
  markdownText,
  runLine,
  summaryHead,
  table,
  timeOrDash,
  valueList,
  type RowLimit
} from './markdown.js'
import type { OperationReport } from './operation-report.js'
import { budgetLeft, continueHint, cursorOutput, fitArrays, type OutputValues } from './step-outputs.js'

const RESUME_NOTE =
  '> **What a resume does:** each resumed run is a **new** run. Steps that completed in the original run keep ' +
  'their results; only failed or pending steps run again. Workflow code may change **after** the failed step, ' +
  'but a change **before** it is unsupported and may make the resume fail.'

export const resumeReport: OperationReport<ResumeResult> = {
  outputs,
  summary: (result, ctx, options) => fitSummary(pass => resumeSummary(result, ctx, pass), options),
  notice: resumeNotice,
  // Possibly resumed runs are not warned about: the failure says it (one alert per fact).
  warnings: result => [
    ...(result.pastCap !== undefined ? [pastCapText(result.pastCap, result.maxRuns ?? 0)] : []),
    ...(result.goneIds !== undefined ? [goneText(result.goneIds)] : []),
    ...(result.itemProblems !== undefined ? [itemProblemsText(result.itemProblems)] : [])
  ],
  failure
}

/** Runs the resume created, those resumed without a readable id included. */
function madeCount(result: ResumeResult): number {
  return result.runs.length + (result.itemProblems?.leftOut ?? 0)
}

/**
 * True when the resume drained everything selected and every run it resumed is in the outputs: no failure, no stop,
 * no request whose runs are unknown, no run without a readable id.
 */
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

/**
 * The notice on the run page: how many runs were resumed, "at least" with what may have been resumed unseen. None
 * when a failure resumed nothing: the error says it.
 */
function resumeNotice(result: ResumeResult): string | undefined {
  const made = madeCount(result)
  if (result.failure !== undefined && made === 0 && result.uncertainRequests === 0) return undefined
  const runs = plural(made, 'workflow run', 'workflow runs')
  if (result.uncertainRequests > 0) {
    const more =
      result.largestAnswer === undefined
        ? `up to ${formatCount(result.uncertainRequests * RESUME_PAGE_SIZE)} more possibly resumed`
        : 'possibly every other selected run resumed too'
    const lost = `${plural(result.uncertainRequests, 'request', 'requests')} got no readable answer`
    if (made === 0) {
      const which =
        result.largestAnswer === undefined
          ? `up to ${plural(result.uncertainRequests * RESUME_PAGE_SIZE, 'workflow run', 'workflow runs')}`
          : 'every selected workflow run'
      return `Possibly resumed ${which}; none confirmed (${lost})`
    }
    return `Resumed at least ${runs}; ${more} (${lost})`
  }
  if (result.failure?.kind === 'cancelled') return `Resumed ${runs} before the step was cancelled`
  if (result.failure !== undefined) return `Resumed ${runs} before the resume failed`
  if (result.stoppedByCap) return `Resumed ${runs}: ${capReached(result)}`
  if (!resumeComplete(result)) return `Resumed ${runs}; the resume stopped early, more may remain`
  return made === 0 ? 'Resumed no workflow run: none matched the selection' : `Resumed ${runs}`
}

/**
 * Said when resume requests may have been carried out without the action learning which runs they resumed. Each
 * asked for at most RESUME_PAGE_SIZE runs (count); a service seen to ignore count may have resumed more in each.
 */
function lostAnswerText(requests: number, largestAnswer?: number): string {
  const bound =
    largestAnswer === undefined
      ? `up to ${formatCount(requests * RESUME_PAGE_SIZE)} more runs than listed here`
      : `more runs than listed here: up to ${RESUME_PAGE_SIZE} a request if it honoured count=${RESUME_PAGE_SIZE}, ` +
        `but it does not (one answer carried ${formatCount(largestAnswer)} runs), so possibly every run the ` +
        'selection matched'
  return (
    `${formatCount(requests)} resume ${requests === 1 ? 'request' : 'requests'} got no readable answer (lost after ` +
    `sending, or unreadable): the service may have resumed ${bound} (possibly resumed; they left the DLQ, so none ` +
    'is resumed twice)'
  )
}

/** Said when answers carried more runs than the count sent, so that more than max-runs were resumed. */
/** Said when parts of dlq-ids were found by the service no more: nothing of them was resumed by this run. */
function goneText(gone: { parts: number; ids: number }): string {
  return (
    `at least ${plural(gone.ids, 'of the dlq-ids was', 'of the dlq-ids were')} no longer in the DLQ (the service answered ` +
    `404 to ${plural(gone.parts, 'part', 'parts')} of them): resumed or removed since they were listed; the other ` +
    'ids were resumed'
  )
}

function pastCapText(pastCap: number, maxRuns: number): string {
  return (
    `the service ignored count: ${plural(pastCap, 'run was', 'runs were')} resumed past max-runs ` +
    `(${formatCount(maxRuns)}); every run it resumed is reported`
  )
}

function outputs(result: ResumeResult): OutputValues {
  const scalars: OutputValues = {
    [Outputs.ResumedCount]: String(result.runs.length),
    [Outputs.Complete]: String(resumeComplete(result)),
    [Outputs.WorkflowRunIdsTruncated]: 'false',
    [Outputs.WorkflowRunsTruncated]: 'false',
    [Outputs.NextCursor]: cursorOutput(result.nextCursor),
    [Outputs.RunsFile]: result.runsFile ?? ''
  }
  const fitted = fitArrays(
    [
      [Outputs.WorkflowRunIds, result.runs.map(r => r.workflowRunId)],
      [
        Outputs.WorkflowRuns,
        result.runs.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
      ]
    ],
    budgetLeft(scalars, [Outputs.WorkflowRunIds, Outputs.WorkflowRuns])
  )
  return {
    ...scalars,
    [Outputs.WorkflowRunIds]: fitted.json[0],
    [Outputs.WorkflowRunIdsTruncated]: String(fitted.truncated),
    [Outputs.WorkflowRuns]: fitted.json[1],
    [Outputs.WorkflowRunsTruncated]: String(fitted.truncated)
  }
}

function failure(result: ResumeResult): string | undefined {
  // Possibly resumed runs fail the step even when the drain finished: the outputs do not list them.
  const reasons: string[] = []
  if (result.failure !== undefined) {
    reasons.push(
      `${failureText('resume-workflows', result.failure)}; ${result.runs.length} runs were resumed ${beforeTheEnd(result.failure)}`
    )
  }
  if (result.uncertainRequests > 0) reasons.push(lostAnswerText(result.uncertainRequests, result.largestAnswer))
  if (result.fileError !== undefined) reasons.push(runsFileText(result.fileError))
  if (reasons.length === 0) return undefined
  const from = result.continueFrom
  let where: string
  if (from !== undefined) {
    where =
      `to continue, re-run with dlq-ids from "${from.dlqId}" on (id ${from.position} of ` +
      `${result.selection.dlqIds?.length ?? from.position}: ${from.remaining} ids, some perhaps resumed already)` +
      fileLineHint(from.line)
  } else if (result.nextCursor !== undefined) {
    where = continueHint(result.nextCursor).slice(2)
  } else if (result.failure !== undefined) {
    where = 'no cursor to continue from: re-run with the same selection (resumed entries have left the DLQ)'
  } else {
    where = 'nothing is left to continue: the selection was resumed to its end'
  }
  return `${reasons.join('; ')}; ${where}`
}

/** Why the runs-file is not the record: resumed-count still counts every run, the id outputs hold what fits. */
function runsFileText(failure: Parameters<typeof fileText>[0]): string {
  return `${fileText(failure)}; resumed-count counts every run resumed, the id outputs hold as many as fit`
}

/** Where the ids left begin in dlq-ids-file, when they came from one: a file of its lines from there on continues. */
function fileLineHint(line: number | undefined): string {
  return line === undefined
    ? ''
    : ` They begin on line ${formatCount(line)} of \`dlq-ids-file\`: a file of its lines from there on (\`tail -n +${line}\`) continues.`
}

function selectionLines(selection: WorkflowSelection, limit: RowLimit): string[] {
  const lines: string[] = []
  if (selection.dlqIds && selection.dlqIds.length > 0) {
    lines.push(
      `  - DLQ ids (\`dlq-ids\`; when given, the service ignores the other selectors): ${valueList(selection.dlqIds, limit)}`
    )
  }
  if (selection.fromDate !== undefined)
    lines.push(`  - Failed at or after (\`from-date\`): ${formatMs(selection.fromDate)}`)
  if (selection.toDate !== undefined) lines.push(`  - Failed at or before (\`to-date\`): ${formatMs(selection.toDate)}`)
  if (selection.workflowUrl !== undefined) {
    lines.push(`  - Workflow URL (\`workflow-url\`): ${code(selection.workflowUrl)}`)
  }
  if (selection.workflowRunId !== undefined) {
    lines.push(`  - Workflow run id or id prefix (\`workflow-run-id\`): ${code(selection.workflowRunId)}`)
  }
  if (selection.workflowCreatedAt !== undefined) {
    lines.push(`  - Workflow created at (\`workflow-created-at\`): ${formatMs(selection.workflowCreatedAt)}`)
  }
  return lines
}

function askedLines(result: ResumeResult, pass: RenderPass): string[] {
  const lines = ['### What was asked', '']
  const selectors = selectionLines(result.selection, pass)
  if (result.all) {
    lines.push('- Selection: **the whole DLQ was selected** (input `all`): every failed workflow run in it.')
    if (selectors.length > 0) lines.push('- Selectors also given:', ...selectors)
  } else if (selectors.length > 0) {
    lines.push('- Selection:', ...selectors)
  } else {
    lines.push('- Selection: none')
  }
  const overrides: string[] = []
  if (result.overrides.flowControlKey !== undefined) {
    overrides.push(`  - Flow control key (\`flow-control-key\`): ${code(result.overrides.flowControlKey)}`)
  }
  if (result.overrides.flowControlValue !== undefined) {
    overrides.push(`  - Flow control value (\`flow-control-value\`): ${code(result.overrides.flowControlValue)}`)
  }
  if (result.overrides.retries !== undefined) {
    overrides.push(`  - Retries (\`retries\`): ${code(String(result.overrides.retries))}`)
  }
  if (overrides.length > 0) lines.push('- Overrides:', ...overrides)
  else lines.push('- Overrides: none (each run keeps its original flow control and retries)')
  if (result.maxRuns !== undefined) lines.push(`- At most (\`max-runs\`): ${plural(result.maxRuns, 'run', 'runs')}`)
  lines.push(
    result.startCursor ? `- Start cursor: ${cursorText(result.startCursor)}` : '- Start cursor: none (from the start)'
  )
  lines.push('')
  return lines
}

/** The heading: the result in a few words, the count first. */
function resumeHeading(result: ResumeResult): string {
  const made = madeCount(result)
  const runs = plural(made, 'workflow run', 'workflow runs')
  if (result.failure?.kind === 'cancelled') {
    const more = result.uncertainRequests > 0 ? ', and possibly more' : ''
    return `⛔ Cancelled: ${plural(made, 'run', 'runs')} resumed before the cancel${more}`
  }
  if (result.fileError !== undefined && result.failure === undefined) {
    return `❌ Resumed ${runs}, but runs-file could not be written`
  }
  if (result.failure !== undefined) {
    return `❌ Resume failed part way: ${failurePhrase(result.failure)}; ${runs} resumed before`
  }
  if (result.uncertainRequests > 0) return `⚠️ Resumed ${runs}, and possibly more`
  if (result.stoppedByCap) return `⏸️ Resumed ${runs}: ${capReached(result)}`
  if (result.continueFrom !== undefined || result.nextCursor) return `⚠️ Resume stopped early: ${runs} resumed`
  if (made === 0) return 'ℹ️ No failed workflow run matched the selection'
  return `✅ Resumed ${runs}`
}

/** Runs grouped by creation time: one row per time, its count and its ids (capped). */
function runGroups(runs: readonly ResumedRun[]): Array<{ at?: number; ids: string[] }> {
  const groups: Array<{ at?: number; ids: string[] }> = []
  const byTime = new Map<string, { at?: number; ids: string[] }>()
  for (const run of runs) {
    const key = run.workflowCreatedAt === undefined ? '' : formatMs(run.workflowCreatedAt).slice(0, 19)
    let group = byTime.get(key)
    if (group === undefined) {
      group = { ...(run.workflowCreatedAt !== undefined ? { at: run.workflowCreatedAt } : {}), ids: [] }
      byTime.set(key, group)
      groups.push(group)
    }
    group.ids.push(run.workflowRunId)
  }
  return groups
}

/** Why a capped resume stopped; the cursor left says more may remain, not that they do (the next page may be empty). */
function capReached(result: ResumeResult): string {
  const cap = `max-runs (${formatCount(result.maxRuns ?? 0)})`
  const past =
    result.pastCap === undefined ? '' : `, ${formatCount(result.pastCap)} past it as the service ignored count`
  return `${cap} reached${past}; more may remain`
}

function resumeSummary(result: ResumeResult, ctx: RunContext, pass: RenderPass): string {
  const runs = result.runs
  const unnamed = result.itemProblems?.leftOut ?? 0
  const lines = summaryHead(
    resumeHeading(result),
    `**${plural(runs.length + unnamed, 'new run', 'new runs')}** created by ${plural(result.requests, 'request', 'requests')}` +
      (result.uncertainRequests > 0
        ? ` (and ${formatCount(result.uncertainRequests)} without a readable answer)`
        : '') +
      (result.parts !== undefined
        ? ` (\`dlq-ids\` sent in ${formatCount(result.parts)} parts, so that each request URL stays under 6 KB).`
        : '.'),
    shortenedNote(pass)
  )
  const from = result.continueFrom
  const capLine = result.stoppedByCap
    ? `Stopped by \`max-runs\` (${formatCount(result.maxRuns ?? 0)}) before the selection was drained. `
    : ''
  const continueLine = from
    ? `To continue, re-run with input \`dlq-ids\` from ${code(from.dlqId)} on (id ${formatCount(from.position)} of ` +
      `${formatCount(result.selection.dlqIds?.length ?? from.position)}: ${plural(from.remaining, 'id', 'ids')}, ` +
      'some perhaps resumed already; resumed entries have left the DLQ, so none is resumed twice).' +
      fileLineHint(from.line)
    : result.nextCursor
      ? `To continue, re-run with input \`cursor\` set to ${cursorText(result.nextCursor)}`
      : undefined
  if (result.fileError !== undefined) lines.push(`**Error:** ${code(runsFileText(result.fileError))}`, '')
  if (result.failure !== undefined) {
    lines.push(`**Error:** ${code(failureText('resume-workflows', result.failure))}`, '')
    lines.push(
      continueLine ??
        'No cursor to continue from was returned: check the DLQ before re-running (resumed entries have left it).',
      ''
    )
  } else if (continueLine) {
    lines.push(capLine + continueLine, '')
  }
  if (result.goneIds !== undefined) lines.push(`**⚠️ Already gone:** ${goneText(result.goneIds)}.`, '')
  if (result.pastCap !== undefined) {
    lines.push(`**⚠️ Past the cap:** ${pastCapText(result.pastCap, result.maxRuns ?? 0)}.`, '')
  }
  if (result.uncertainRequests > 0) {
    lines.push(`**⚠️ Possibly resumed:** ${lostAnswerText(result.uncertainRequests, result.largestAnswer)}.`, '')
  }
  if (result.itemProblems !== undefined) {
    const { kept, leftOut, examples } = result.itemProblems
    if (leftOut > 0) {
      lines.push(
        `**⚠️ ${plural(leftOut, 'run was', 'runs were')} resumed without a readable id**: counted above, but not in ` +
          'the table or the outputs.',
        ''
      )
    }
    if (kept > 0) {
      lines.push(
        `⚠️ ${plural(kept, 'run is', 'runs are')} listed without a creation time: the one sent could not be read.`,
        ''
      )
    }
    if (examples.length > 0) lines.push(...examples.map(line => `- ${code(line)}`), '')
  }
  if (runs.length + unnamed > 0) lines.push(RESUME_NOTE, '')
  if (runs.length > 0) {
    lines.push('### New runs', '')
    lines.push(
      ...table(['Created (UTC)', 'Runs', 'New run ids'], [false, true, false], runGroups(runs), pass, group => [
        timeOrDash(group.at),
        formatCount(group.ids.length),
        idList(group.ids, pass)
      ])
    )
  }
  lines.push(...askedLines(result, pass), ...runLine(ctx))
  return markdownText(lines)
}

/**
 * Ids in a cell, as code: as many as a table shows rows (what was done stays in the summary, and the byte budget
 * still halves it when the summary would be too big), then how many more.
 */
function idList(ids: readonly string[], limit: RowLimit): string {
  const shown = ids.slice(0, limit.maxRows).map(id => codeCell(id, 100))
  const rest = ids.length - shown.length
  return rest > 0 ? `${shown.join(' ')} … and ${formatCount(rest)} more (output \`workflow-run-ids\`)` : shown.join(' ')
}
