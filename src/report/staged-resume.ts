/** How a staged resume (input stages) is reported; a resume without stages is reported by resume.ts alone. */
import { MAX_CURSOR_LENGTH, Outputs } from '../constants.js'
import type { FailedAgainRun, ResumeResult, RunContext, StagedResume } from '../results.js'
import { fitSummary, shortenedNote, type OperationReport, type RenderPass } from './budget.js'
import { githubBytes } from './boundary.js'
import { failureText } from './failure-text.js'
import { formatCount, formatMs, plural } from './format.js'
import { code, codeCell, markdownText, runLine, summaryHead, table } from './markdown.js'
import { responseCell } from './response-sample.js'
import { askedLines, resumeReport } from './resume.js'
import {
  askedText,
  durationText,
  endingStage,
  isBudget,
  leadingResponse,
  planText,
  stageResultText,
  stagesCompleted,
  stagesWord,
  watchedFor,
  WATCH_LIMITS
} from './stage-text.js'
import { budgetLeft, continueHint, fitArrays, type OutputValues } from './step-outputs.js'

/** resume.ts's report, with the stages, their watches and the runs that failed again when the resume was staged. */
export const stagedOrResumeReport: OperationReport<ResumeResult> = {
  outputs: result => (result.staged ? outputs(result, result.staged) : resumeReport.outputs(result)),
  summary: (result, ctx, options) =>
    result.staged
      ? fitSummary(pass => summary(result, result.staged as StagedResume, ctx, pass), options)
      : resumeReport.summary(result, ctx, options),
  notice: (result, now) => (result.staged ? heading(result, result.staged).text : resumeReport.notice?.(result, now)),
  warnings: result => [...resumeReport.warnings(result), ...(result.staged ? overrunWarnings(result.staged) : [])],
  failure: result => (result.staged ? failure(result, result.staged) : resumeReport.failure(result))
}

const failedAgainOf = (staged: StagedResume): FailedAgainRun[] => staged.stages.flatMap(s => s.failedAgain)

/** Stages whose answers carried more runs than asked: the service ignores count, and every run was watched. */
function overrunWarnings(staged: StagedResume): string[] {
  return staged.stages
    .filter(stage => stage.resumed > stage.asked)
    .map(
      stage =>
        `the service ignored count: stage ${stage.stage} asked for ${formatCount(stage.asked)} runs and resumed ` +
        `${formatCount(stage.resumed)}; the stage is as big as the answer, and every run it resumed was watched`
    )
}

function outputs(result: ResumeResult, staged: StagedResume): OutputValues {
  const base = resumeReport.outputs(result)
  const stopped = endingStage(staged) !== undefined
  const scalars: OutputValues = {
    [Outputs.ResumedCount]: base[Outputs.ResumedCount],
    [Outputs.Complete]: String(base[Outputs.Complete] === 'true' && !stopped),
    [Outputs.NextCursor]: base[Outputs.NextCursor],
    [Outputs.RunsFile]: base[Outputs.RunsFile],
    [Outputs.FailedAgainCount]: String(failedAgainOf(staged).length),
    [Outputs.StagesCompleted]: String(stagesCompleted(staged))
  }
  const failedIds = failedAgainOf(staged).map(run => run.workflowRunId)
  const runs = result.runs.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
  const again = [[Outputs.FailedAgainRunIds, Outputs.FailedAgainRunIdsTruncated, failedIds]] as const
  const resumed = [
    [Outputs.WorkflowRunIds, Outputs.WorkflowRunIdsTruncated, result.runs.map(r => r.workflowRunId)],
    [Outputs.WorkflowRuns, Outputs.WorkflowRunsTruncated, runs]
  ] as const
  // The runs that failed again first: they are few, and what a reader acts on; the resumed runs get what is left.
  const budget = budgetLeft(scalars, [...again, ...resumed])
  const fittedAgain = fitArrays(again, budget)
  const used = githubBytes(fittedAgain[Outputs.FailedAgainRunIds] ?? '') - githubBytes('[]')
  return { ...scalars, ...fittedAgain, ...fitArrays(resumed, budget - used) }
}

/** Rows of the runs that failed again: the first few say what fails; the output holds every id. */
const FAILED_AGAIN_ROWS = 10

type Heading = { icon: string; text: string }

/** The verdict, first in the summary and the notice: what ended the resume, or what the stages saw. */
function heading(result: ResumeResult, staged: StagedResume): Heading {
  const made = result.runs.length + (result.itemProblems?.leftOut ?? 0)
  const n = staged.plan.sizes.length
  const done = staged.stages.length
  const runs = plural(made, 'run', 'runs')
  const ending = endingStage(staged)
  if (ending !== undefined) {
    const { stage, verdict } = ending
    const at = `stage ${stage.stage} of ${n}`
    const back = `${formatCount(stage.failedAgain.length)} of its ${formatCount(stage.resumed)} runs`
    if (verdict === 'stopped') {
      return {
        icon: '🛑',
        text:
          `Stopped at ${at}: ${back} failed again (watch-max-failed: ${staged.plan.maxFailed}); ` +
          `${runs} resumed in all, no further stage`
      }
    }
    if (verdict === 'cut') {
      return {
        icon: '⛔',
        text: `Cancelled during the watch of ${at}: ${runs} resumed; the watch was cut short (not judged clean)`
      }
    }
    if (verdict === 'blind') {
      return { icon: '❌', text: `The watch of ${at} could not list the DLQ: ${runs} resumed, no further stage` }
    }
    if (result.failure === undefined) {
      return {
        icon: '⚠️',
        text: `Stage ${stage.stage} of ${n} got no readable answer to some requests: ${runs} resumed, and possibly more; no further stage`
      }
    }
    if (isBudget(result)) {
      return { icon: '❌', text: `Stopped by max-pages at ${at}: ${runs} resumed, no further stage` }
    }
    const cancelled = result.failure.kind === 'cancelled'
    return cancelled
      ? { icon: '⛔', text: `Cancelled during ${at}: ${runs} resumed before the cancel` }
      : { icon: '❌', text: `The resume of ${at} failed part way: ${runs} resumed, no further stage` }
  }
  const watched = staged.stages.filter(stage => stage.watch !== undefined)
  const back = failedAgainOf(staged).length
  const seen =
    watched.length === 0
      ? 'none was watched (no stage followed the first)'
      : back === 0
        ? `none of the watched runs was back in the DLQ after its watch (${durationText(staged.plan.watchMs ?? 0)})`
        : `${formatCount(back)} of the watched runs back in the DLQ, no stage more than watch-max-failed (${staged.plan.maxFailed})`
  const left = result.nextCursor !== undefined || result.continueFrom !== undefined
  const remaining = left ? (done === n ? '; every stage done, more may remain' : '; more may remain') : ''
  const ranOut = !left && done < n ? `; the selection ran out at stage ${done} of ${n}` : ''
  return { icon: left ? '⏸️' : '✅', text: `Resumed ${runs} in ${stagesWord(done)}: ${seen}${ranOut}${remaining}` }
}

function failure(result: ResumeResult, staged: StagedResume): string | undefined {
  const ending = endingStage(staged)
  const resumeFailure = resumeReport.failure(result)?.concat(boundHint(result))
  if (ending === undefined || ending.verdict === 'failed') return resumeFailure
  const { stage, verdict } = ending
  if (verdict === 'cut') {
    return `${resumeFailure ?? 'The step was cancelled'}; the watch of stage ${stage.stage} was cut short after ${watchedFor(stage)}: not judged clean`
  }
  if (verdict === 'blind' && result.failure !== undefined) {
    return (
      `${failureText(WATCH_LISTING, result.failure)}; the ${formatCount(stage.resumed)} runs of stage ` +
      `${stage.stage} were not judged, and no further stage was resumed${whereNext(result)}`
    )
  }
  const first = stage.failedAgain[0] as FailedAgainRun
  return (
    `Stage ${stage.stage} of ${staged.plan.sizes.length}: ${formatCount(stage.failedAgain.length)} of its ` +
    `${formatCount(stage.resumed)} runs failed again within ${watchedFor(stage)}, more than watch-max-failed ` +
    `(${staged.plan.maxFailed}) allows; the first, run "${first.workflowRunId}", last answered ${leadingResponse(first)}; ` +
    `no further stage was resumed${whereNext(result)}` +
    (resumeFailure === undefined ? '' : `. Also: ${resumeFailure}`)
  )
}

/** What the failure of a watch's listing is named: it was no resume request. */
const WATCH_LISTING = "the watch's listing of the workflow DLQ (GET /v2/dlq)"

const failureLabel = (result: ResumeResult, staged: StagedResume) =>
  endingStage(staged)?.verdict === 'blind' ? WATCH_LISTING : 'resume-workflows'

/** Where a re-run continues the rest. */
function whereNext(result: ResumeResult): string {
  const from = result.continueFrom
  if (from !== undefined) return `; to continue, re-run with dlq-ids from "${from.dlqId}" on (id ${from.position})`
  if (result.nextCursor !== undefined) return continueHint(result.nextCursor) + boundHint(result)
  return '; nothing of the selection is left to resume'
}

/**
 * With a cursor to continue from, the to-date every stage sent when the user gave none (or a later one): a cursor
 * continues the selectors it came from (wire contract), so the re-run must send the same bound.
 */
function boundHint(result: ResumeResult): string {
  const bound = result.staged?.toDate
  if (bound === undefined || result.nextCursor === undefined || result.selection.toDate === bound) return ''
  return ` and to-date ${bound} (the bound every stage sent: a cursor continues the selectors it came from)`
}

function continueLine(result: ResumeResult): string | undefined {
  const from = result.continueFrom
  if (from !== undefined) {
    return (
      `To continue, re-run with input \`dlq-ids\` from ${code(from.dlqId)} on (id ${formatCount(from.position)} of ` +
      `${formatCount(result.selection.dlqIds?.length ?? from.position)}).`
    )
  }
  if (result.nextCursor === undefined) return undefined
  const cursor = `To continue, re-run with input \`cursor\` set to ${code(result.nextCursor, MAX_CURSOR_LENGTH)}`
  return cursor + boundHint(result).replace(/to-date (\d+)/, 'input `to-date` set to `$1`')
}

function summary(result: ResumeResult, staged: StagedResume, ctx: RunContext, pass: RenderPass): string {
  const { icon, text } = heading(result, staged)
  const failedAgain = failedAgainOf(staged)
  const lines = summaryHead(
    `${icon} ${text}`,
    shortenedNote(pass),
    result.failure && `**Error:** ${code(failureText(failureLabel(result, staged), result.failure))}`,
    continueLine(result),
    ...overrunWarnings(staged).map(warning => `**⚠️ Bigger than asked:** ${warning}.`)
  )
  lines.push(
    '### Stages',
    '',
    ...table(
      ['Stage', 'Asked', 'Resumed', 'Watched for', 'Failed again', 'Result'],
      [true, true, true, false, true, false],
      staged.stages,
      pass,
      stage => [
        String(stage.stage),
        askedText(stage.asked),
        formatCount(stage.resumed),
        watchedFor(stage),
        stage.watch === undefined ? '—' : formatCount(stage.failedAgain.length),
        stageResultText(stage, staged, result)
      ]
    )
  )
  if (failedAgain.length > 0) {
    lines.push(
      '### Runs that failed again',
      '',
      ...table(
        ['New run id', 'Stage', 'DLQ id', 'Last status', 'Last response'],
        [false, true, false, true, false],
        failedAgain,
        { ...pass, maxRows: Math.min(pass.maxRows, FAILED_AGAIN_ROWS) },
        run => [
          codeCell(run.workflowRunId, 100),
          String(run.stage),
          run.dlqId === undefined ? '—' : codeCell(run.dlqId, 100),
          run.responseStatus === undefined ? '—' : String(run.responseStatus),
          responseCell(run)
        ]
      )
    )
    if (failedAgain.length > FAILED_AGAIN_ROWS) lines.push('Every one is in output `failed-again-run-ids`.', '')
  }
  if (staged.stages.some(stage => stage.watch !== undefined)) lines.push(WATCH_LIMITS, '')
  const watches = staged.stages.flatMap(stage => stage.watch?.polls ?? [])
  const requests = watches.reduce((n, poll) => n + poll.requests, 0)
  const asked = askedLines(result, pass)
  return markdownText([
    ...lines,
    ...asked.slice(0, -1),
    `- Stages (\`stages\`): ${planText(staged)}`,
    ...(staged.plan.watchMs !== undefined
      ? [
          `- Watch (\`watch\`): ${durationText(staged.plan.watchMs)} after each stage but the last, stopping when more ` +
            `than ${plural(staged.plan.maxFailed, 'run', 'runs')} of a stage failed again (\`watch-max-failed\`)`
        ]
      : []),
    ...(staged.toDate !== undefined
      ? [
          `- Every stage sent to-date ${formatMs(staged.toDate)} (the start of the staged resume, or an earlier ` +
            '`to-date`): a run that failed again is never taken by a later stage'
        ]
      : []),
    `- Requests: ${formatCount(result.requests)} to resume, ${formatCount(requests)} to watch ` +
      `(${plural(watches.length, 'listing', 'listings')} of the workflow DLQ)`,
    '',
    ...runLine(ctx)
  ])
}
