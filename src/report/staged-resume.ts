/** How a staged resume (input stages) is reported; a resume without stages is reported by resume.ts alone. */
import { Outputs } from '../constants.js'
import type { FailedAgainRun, ResumeResult, RunContext, StagedResume } from '../results.js'
import { fitSummary, shortenedNote, type OperationReport, type RenderPass } from './budget.js'
import { continuationOf, continueMarkdown, continuePlain } from './continuation.js'
import { failureText } from './failure-text.js'
import { formatCount, plural } from '../format.js'
import { code, codeCell, markdownText, runLine, summaryHead, table } from './markdown.js'
import { responseCell } from './response-sample.js'
import {
  badRuns,
  firstErrorLines,
  firstErrorWords,
  judgedByLine,
  runLogLimits,
  runStateOutputs,
  stageStatesLines,
  statesText
} from './run-states-text.js'
import { askedLines, possiblyUpTo, resumeOutputs, resumeReport, scopeText } from './resume.js'
import {
  askedText,
  endingStage,
  failedAgainGroups,
  isBudget,
  leadingResponse,
  planText,
  stageResultText,
  stagesCompleted,
  stagesWord,
  watchedFor,
  watchLimits,
  watchText
} from './stage-text.js'

/** resume.ts's report, with the stages, their watches and the runs that failed again when the resume was staged. */
export const stagedOrResumeReport: OperationReport<ResumeResult> = {
  outputs: result => (result.staged ? outputs(result, result.staged) : resumeReport.outputs(result)),
  summary: (result, ctx, options) =>
    result.staged
      ? fitSummary(pass => summary(result, result.staged as StagedResume, ctx, pass), options)
      : resumeReport.summary(result, ctx, options),
  notice: (result, now) =>
    result.staged
      ? `${heading(result, result.staged).text}; ${scopeText(result, false)}`
      : resumeReport.notice?.(result, now),
  warnings: result => [
    ...resumeReport.warnings(result),
    ...(result.staged ? [...overrunWarnings(result.staged), ...unreadableWarnings(result.staged)] : [])
  ],
  failure: result => (result.staged ? failure(result, result.staged) : resumeReport.failure(result))
}

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

/** Entries of watched runs that the service sent without a dlqId: counted as failed again, never dropped. */
function unreadableWarnings(staged: StagedResume): string[] {
  const n = staged.unreadable ?? 0
  if (n === 0) return []
  return [
    `${plural(n, 'entry', 'entries')} of the workflow DLQ carried the id of a run this resume created but no dlqId: ` +
      'counted as failed again, but left out of output failed-again-dlq-ids (nothing to resume them by)'
  ]
}

/** Runs failed again: back in the DLQ, or RUN_FAILED in the run log before its entry was seen there. */
const failedCount = (staged: StagedResume): number => Math.max(staged.failedAgain.length, badRuns(staged).failed)

function outputs(result: ResumeResult, staged: StagedResume): ReturnType<typeof resumeOutputs> {
  const extra = {
    [Outputs.FailedAgainCount]: String(failedCount(staged)),
    [Outputs.StagesCompleted]: String(stagesCompleted(staged)),
    ...runStateOutputs(staged)
  }
  return resumeOutputs(result, { complete: endingStage(staged) === undefined, extra })
}

/** Rows of the runs that failed again: the first few groups say what fails; the outputs hold every id. */
const FAILED_AGAIN_ROWS = 10

type Heading = { icon: string; text: string }

/** The verdict, first in the summary and the notice: what ended the resume, or what the stages saw. */
function heading(result: ResumeResult, staged: StagedResume): Heading {
  const made = result.runs.length + (result.itemProblems?.leftOut ?? 0)
  const n = staged.plan.sizes.length
  const done = staged.stages.length
  const runs = plural(made, 'run', 'runs')
  const maybe = result.uncertainRequests > 0 ? `, and possibly up to ${formatCount(possiblyUpTo(result))} more` : ''
  const ending = endingStage(staged)
  if (ending !== undefined) {
    const { stage, verdict } = ending
    const at = `stage ${stage.stage} of ${n}`
    const back = `${formatCount(failedCount(staged))} of the ${formatCount(made)} runs resumed so far`
    const bad = badRuns(staged)
    switch (verdict) {
      case 'stopped':
        return {
          icon: '🛑',
          text:
            (bad.failing === 0
              ? `Stopped after ${at}: ${back} failed again`
              : `Stopped after ${at}: ${formatCount(bad.failed + bad.failing)} of the ${formatCount(made)} runs ` +
                `resumed so far failed or are failing (${formatCount(bad.failing)} still retrying, not yet in the ` +
                `DLQ; watch-max-failed: ${staged.plan.maxFailed})`) +
            (bad.failing === 0 ? ` (watch-max-failed: ${staged.plan.maxFailed})` : '') +
            `; ${runs} resumed in all${maybe}, no further stage`
        }
      case 'inconclusive':
        return {
          icon: '⚠️',
          text:
            `Inconclusive after ${at}: ${formatCount(bad.completed)} of the ${formatCount(made)} runs resumed so far ` +
            `completed, fewer than watch-min-completed (${staged.plan.minCompleted?.text ?? '?'}); ${runs} resumed ` +
            `in all${maybe}, no further stage`
        }
      case 'cut':
        return {
          icon: '⛔',
          text: `Cancelled during the watch after ${at}: ${runs} resumed${maybe}; the watch was cut short (not judged clean)`
        }
      case 'blind':
        return {
          icon: '❌',
          text: `The watch after ${at} could not see (its listing of the workflow DLQ stopped): ${runs} resumed${maybe}, not judged; no further stage`
        }
      case 'capped':
        return {
          icon: '⏸️',
          text: `Stopped by max-runs (${formatCount(result.maxRuns ?? 0)}) at ${at}: ${runs} resumed${maybe}; more may remain`
        }
      case 'cancelled':
        return { icon: '⛔', text: `Cancelled during ${at}: ${runs} resumed before the cancel${maybe}` }
      default:
        break
    }
    if (result.failure === undefined) {
      return {
        icon: '⚠️',
        text: `Stage ${stage.stage} of ${n} got no readable answer to some requests: ${runs} resumed${maybe}; no further stage`
      }
    }
    if (isBudget(result)) {
      return { icon: '❌', text: `Stopped by max-pages at ${at}: ${runs} resumed${maybe}, no further stage` }
    }
    return { icon: '❌', text: `The resume of ${at} failed part way: ${runs} resumed${maybe}, no further stage` }
  }
  if (staged.stages.length === 0 && result.failure !== undefined) {
    return { icon: '❌', text: 'Nothing resumed: the step stopped before its first resume request' }
  }
  if (made === 0) return { icon: 'ℹ️', text: 'No failed workflow run matched' }
  const watched = staged.stages.filter(stage => stage.watch !== undefined)
  const back = staged.failedAgain.length
  const seen =
    watched.length === 0
      ? 'none was watched (no stage followed the first)'
      : back === 0
        ? `none of the watched runs was back in the DLQ after each watch (${watchText(staged.plan)})`
        : `${formatCount(back)} of the watched runs back in the DLQ, no more than watch-max-failed (${staged.plan.maxFailed})`
  const left = result.nextCursor !== undefined || result.continueFrom !== undefined
  const remaining = left ? (done === n ? '; every stage done, more may remain' : '; more may remain') : ''
  const ranOut = !left && done < n ? `; the selection ran out at stage ${done} of ${n}` : ''
  return {
    icon: left ? '⏸️' : '✅',
    text: `Resumed ${runs} in ${stagesWord(done)}: ${seen}${ranOut}${remaining}`
  }
}

function failure(result: ResumeResult, staged: StagedResume): string | undefined {
  const ending = endingStage(staged)
  const resumeFailure = resumeReport.failure(result)
  if (ending === undefined || ending.verdict === 'failed' || ending.verdict === 'cancelled') return resumeFailure
  if (ending.verdict === 'capped') return resumeFailure
  const { stage, verdict } = ending
  const where = continuePlain(continuationOf(result))
  if (verdict === 'cut') {
    return `${resumeFailure ?? 'The step was cancelled'}; the watch after stage ${stage.stage} was cut short after ${watchedFor(stage)}: not judged clean`
  }
  if (verdict === 'blind') {
    const watchFailure = stage.watch?.failure
    const why = `the watch could not see${watchFailure === undefined ? '' : `: ${failureText(watchSource(stage), watchFailure)}`}`
    return (
      `${why}; the ${formatCount(result.runs.length)} runs resumed so far were not judged, and no further stage was ` +
      `resumed; ${where}` +
      (resumeFailure === undefined ? '' : `. Also: ${resumeFailure}`)
    )
  }
  if (verdict === 'inconclusive') {
    const bad = badRuns(staged)
    return (
      `only ${formatCount(bad.completed)} of the ${formatCount(result.runs.length)} runs resumed by stage ` +
      `${stage.stage} of ${staged.plan.sizes.length} completed by the end of its watch, fewer than ` +
      `watch-min-completed (${staged.plan.minCompleted?.text ?? '?'}) asks: inconclusive (${statesText(bad)}); no ` +
      `further stage was resumed; ${where}` +
      (resumeFailure === undefined ? '' : `. Also: ${resumeFailure}`)
    )
  }
  const first = staged.failedAgain[0]
  if (first === undefined) {
    const bad = badRuns(staged)
    const leading = staged.judged?.find(run => run.state === 'failing' || run.state === 'failed')
    return (
      `${formatCount(bad.failed + bad.failing)} of the ${formatCount(result.runs.length)} runs resumed by stage ` +
      `${stage.stage} of ${staged.plan.sizes.length} failed or are failing (${statesText(bad)}), more than ` +
      `watch-max-failed (${staged.plan.maxFailed}) allows` +
      (leading === undefined ? '' : `; the first, run "${leading.workflowRunId}", ${firstErrorWords(leading)}`) +
      `; no further stage was resumed; ${where}` +
      (resumeFailure === undefined ? '' : `. Also: ${resumeFailure}`)
    )
  }
  return (
    `${formatCount(staged.failedAgain.length)} of the ${formatCount(result.runs.length)} runs resumed by stage ` +
    `${stage.stage} of ${staged.plan.sizes.length} failed again, more than watch-max-failed ` +
    `(${staged.plan.maxFailed}) allows; the first, run "${first.workflowRunId}" of stage ${first.stage}, last answered ` +
    `${leadingResponse(first)}; no further stage was resumed; ${where}` +
    (resumeFailure === undefined ? '' : `. Also: ${resumeFailure}`)
  )
}

/** What the failure of a watch's listing is named: it was no resume request. */
const WATCH_LISTING = "the watch's listing of the workflow DLQ"
/** ...and of its read of the run log. */
const WATCH_RUN_LOG = "the watch's read of the run log"
const watchSource = (stage: StagedResume['stages'][number]) =>
  stage.watch?.runLogFailed === true ? WATCH_RUN_LOG : WATCH_LISTING

function summary(result: ResumeResult, staged: StagedResume, ctx: RunContext, pass: RenderPass): string {
  const { icon, text: verdict } = heading(result, staged)
  // The scope follows the verdict, as a resume without stages says it.
  const text = `${verdict}; ${scopeText(result, true)}`
  const ending = endingStage(staged)
  const blind = ending?.verdict === 'blind' ? ending.stage.watch?.failure : undefined
  const blindSource = ending === undefined ? WATCH_LISTING : watchSource(ending.stage)
  const next = continuationOf(result)
  const lines = summaryHead(
    `${icon} ${text}`,
    shortenedNote(pass),
    result.failure && `**Error:** ${code(failureText('resume-workflows', result.failure))}`,
    blind && `**The watch could not see:** ${code(failureText(blindSource, blind))}`,
    next !== undefined && ending?.verdict !== 'failed' ? continueMarkdown(next) : undefined,
    staged.failedAgain.length > 0 &&
      'The DLQ ids of the runs that failed again are in output `failed-again-dlq-ids`: resume them on their own once the fix holds.',
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
        failedAgainCell(staged, stage),
        stageResultText(stage, staged, result)
      ]
    )
  )
  lines.push(...stageStatesLines(staged, watchedFor), ...firstErrorLines(staged, pass))
  const judgedBy = judgedByLine(staged)
  if (judgedBy !== undefined) lines.push(judgedBy, '')
  if (staged.failedAgain.length > 0) {
    const groups = failedAgainGroups(staged.failedAgain)
    lines.push(
      '### Runs that failed again',
      '',
      ...table(
        ['Runs', 'Resumed by stage', 'Seen in the watch after', 'Last status', 'Last response', 'New run ids'],
        [true, false, false, true, false, false],
        groups,
        { ...pass, maxRows: Math.min(pass.maxRows, FAILED_AGAIN_ROWS) },
        group => [
          formatCount(group.runs.length),
          stageList(group.runs.map(run => run.stage)),
          stageList(group.runs.map(run => run.seenIn)),
          group.first.responseStatus === undefined ? '—' : String(group.first.responseStatus),
          responseCell(group.first),
          idCell(group.runs, pass)
        ]
      )
    )
  }
  if (staged.stages.some(stage => stage.watch !== undefined)) {
    lines.push(staged.runLog === 'read' ? runLogLimits(staged.plan) : watchLimits(staged.plan), '')
  }
  const watches = staged.stages.flatMap(stage => stage.watch?.polls ?? [])
  const requests = watches.reduce((n, poll) => n + poll.requests + (poll.runLogRequests ?? 0), 0)
  const logRequests = watches.reduce((n, poll) => n + (poll.runLogRequests ?? 0), 0)
  const asked = askedLines(result, pass)
  return markdownText([
    ...lines,
    ...asked.slice(0, -1),
    `- Stages (\`stages\`): ${planText(staged)}`,
    ...(staged.plan.watchMs !== undefined
      ? [
          `- Watch (\`watch\`): ${watchText(staged.plan)} after each stage but the last, judging every run resumed so ` +
            `far, stopping when more than ${plural(staged.plan.maxFailed, 'run', 'runs')} failed again in all ` +
            `(\`watch-max-failed\`${staged.runLog === 'read' ? ', runs failing in the run log counted too' : ''}); ` +
            `${watchText(staged.plan)} × ${staged.plan.sizes.length - 1} = at most ` +
            `${durationWords(staged.plannedWatchMs)} of watching`,
          ...(staged.plan.minCompleted !== undefined
            ? [
                `- Completed runs needed to go on (\`watch-min-completed\`): ${staged.plan.minCompleted.text} of the ` +
                  'runs resumed so far, by the end of each watch'
              ]
            : []),
          `- Retries of the watched stages' runs (\`watch-retries\`): ` +
            (staged.plan.watchRetries === undefined
              ? `not set: they ${result.overrides.retries === undefined ? "keep the service's" : `send \`retries\` (${result.overrides.retries})`}`
              : `${staged.plan.watchRetries} (the last stage sends ${result.overrides.retries === undefined ? 'none' : result.overrides.retries})`)
        ]
      : []),
    `- Requests: ${formatCount(result.requests)} to resume, ${formatCount(requests)} to watch ` +
      `(${plural(watches.length, 'listing', 'listings')} of the workflow DLQ` +
      (logRequests > 0 ? `, ${plural(logRequests, 'request', 'requests')} to the run log)` : ')'),
    '',
    ...runLine(ctx)
  ])
}

/** A stage's runs found failed again, by any watch after it; '—' for a stage no watch followed. */
function failedAgainCell(staged: StagedResume, stage: StagedResume['stages'][number]): string {
  const mine = staged.failedAgain.filter(run => run.stage === stage.stage).length
  return stage.watch === undefined && mine === 0 ? '—' : formatCount(mine)
}

/** Stage numbers as a short list: 1, 2 or 1–3. */
function stageList(stages: number[]): string {
  const unique = [...new Set(stages)].sort((a, b) => a - b)
  return unique.length > 3 ? `${unique[0]}–${unique[unique.length - 1]}` : unique.join(', ')
}

/** The ids of a group in a cell: the first few, then how many more (the outputs hold them all). */
function idCell(runs: FailedAgainRun[], pass: RenderPass): string {
  const shown = runs.slice(0, Math.min(5, pass.maxRows)).map(run => codeCell(run.workflowRunId, 100))
  const rest = runs.length - shown.length
  return rest > 0
    ? `${shown.join(' ')} … and ${formatCount(rest)} more (output \`failed-again-run-ids\`)`
    : shown.join(' ')
}

/** A planned duration in hours and minutes. */
function durationWords(ms: number): string {
  const minutes = Math.round(ms / 60_000)
  if (minutes < 60) return minutes < 1 ? `${Math.round(ms / 1000)}s` : `${minutes}m`
  return minutes % 60 === 0 ? `${minutes / 60}h` : `${Math.floor(minutes / 60)}h ${minutes % 60}m`
}
