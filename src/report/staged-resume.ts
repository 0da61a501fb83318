/**
 * The section of the resume report (resume.ts) that a staged resume (input stages) adds: the verdict of the stage that
 * ended it, its leads, the stages and their watches, the runs that failed again, and what was asked of the stages.
 */
import { Outputs } from '../constants.js'
import { madeIdOf, type FailedAgain, type ResumeResult, type StagedResume } from '../resume-results.js'
import type { RenderPass } from './budget.js'
import { failureText } from './failure-text.js'
import { formatCount, plural, timesDuration } from '../format.js'
import { code, codeCell, table } from './markdown.js'
import { responseCell } from './response-sample.js'
import { badRuns, judgedByLine, runLogLimits, runStateOutputs, stageStatesLines } from './run-states-text.js'
import {
  askedText,
  endingStage,
  failedAgainGroups,
  planText,
  stagesCompleted,
  watchedFor,
  watchLimits,
  WATCH_LISTING,
  watchSource,
  watchText
} from './stage-text.js'
import { failedCount, onlyCancelled, passedHeading, VERDICT_WORDS, type Heading } from './stage-verdict-words.js'

/** The verdict, first in the summary and the notice: the words of the stage that ended the resume, or of the whole. */
export function stagedHeading(result: ResumeResult, staged: StagedResume): Heading {
  const ending = endingStage(staged)
  if (staged.stages.length === 0 && result.failure !== undefined) {
    return { icon: '❌', text: 'Nothing resumed: the step stopped before its first resume request' }
  }
  const { icon, text } =
    ending === undefined
      ? passedHeading({ result, staged })
      : VERDICT_WORDS[ending.verdict].heading({ result, staged, stage: ending.stage, resumeFailure: undefined })
  // Cancelled runs are said whatever the verdict: a cancel is an operator's act, never a pass.
  const states = badRuns(staged)
  const said = ending?.verdict === 'inconclusive' && onlyCancelled(states)
  if (states.cancelled === 0 || said) return { icon, text }
  return { icon, text: `${text}; ${plural(states.cancelled, 'watched run', 'watched runs')} cancelled` }
}

/** Why the step fails: the words of the stage that ended the resume, with the resume's own failure where both. */
export function stagedFailure(
  result: ResumeResult,
  staged: StagedResume,
  resumeFailure: string | undefined
): string | undefined {
  const ending = endingStage(staged)
  if (ending === undefined) return resumeFailure
  return VERDICT_WORDS[ending.verdict].failure({ result, staged, stage: ending.stage, resumeFailure })
}

/** The outputs a staged resume adds, and whether its plan ran to its end (output complete). */
export function stagedOutputs(staged: StagedResume): { complete: boolean; extra: Record<string, string> } {
  return {
    complete: endingStage(staged) === undefined,
    extra: {
      [Outputs.FailedAgainCount]: String(failedCount(staged)),
      [Outputs.StagesCompleted]: String(stagesCompleted(staged)),
      ...runStateOutputs(staged)
    }
  }
}

/** The warnings a staged resume adds: answers bigger than asked, entries without a dlqId. */
export const stagedWarnings = (staged: StagedResume): string[] => [
  ...overrunWarnings(staged),
  ...unreadableWarnings(staged)
]

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

/** Rows of the runs that failed again: the first few groups say what fails; the outputs hold every id. */
const FAILED_AGAIN_ROWS = 10

/** The lines under the verdict that a staged resume adds: what left a watch blind, the runs to resume later. */
export function stagedLeads(staged: StagedResume): Array<string | false | undefined> {
  const ending = endingStage(staged)
  const blind = ending?.verdict === 'blind' ? ending.stage.watch?.failure : undefined
  const blindSource = ending === undefined ? WATCH_LISTING : watchSource(ending.stage)
  return [
    blind && `**The watch could not see:** ${code(failureText(blindSource, blind))}`,
    staged.failedAgain.length > 0 && followUpLine(staged),
    ...overrunWarnings(staged).map(warning => `**⚠️ Bigger than asked:** ${warning}.`)
  ]
}

/** What resumes the runs that failed again once the fix holds: one input, whichever signal saw them. */
function followUpLine(staged: StagedResume): string {
  const retrying = staged.failedAgain.filter(run => run.state === 'failing').length
  const still =
    retrying === 0
      ? ''
      : ` ${plural(retrying, 'of them is', 'of them are')} still retrying, with no DLQ entry yet: that step resumes ` +
        'each once it is back, and gives again in `next-workflow-runs` those not back yet.'
  return (
    'Once the fix holds, resume the runs that failed again with input `workflow-runs` set to output ' +
    '`failed-again-runs` (each is found in the DLQ by its run id and creation time).' +
    still
  )
}

/** The stages, each watch's states and first errors, the runs that failed again, and what a watch cannot see. */
export function stagedSections(result: ResumeResult, staged: StagedResume, pass: RenderPass): string[] {
  const lines = [
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
        VERDICT_WORDS[stage.verdict].cell({ result, staged, stage, resumeFailure: undefined })
      ]
    )
  ]
  lines.push(...stageStatesLines(staged, watchedFor))
  const judgedBy = judgedByLine(staged)
  if (judgedBy !== undefined) lines.push(judgedBy, '')
  if (staged.failedAgain.length > 0) {
    const groups = failedAgainGroups(staged.failedAgain)
    lines.push(
      '### Runs that failed again',
      '',
      ...table(
        [
          'Runs',
          'State',
          'Resumed by stage',
          'Seen in the watch after',
          'Step',
          'Status',
          'How it failed',
          'Seen in',
          'Run ids'
        ],
        [true, false, false, false, false, true, false, false, false],
        groups,
        { ...pass, maxRows: Math.min(pass.maxRows, FAILED_AGAIN_ROWS) },
        group => [
          formatCount(group.runs.length),
          stateCell(group.runs),
          stageList(group.runs.map(run => run.stage)),
          stageList(group.runs.map(run => run.seenIn)),
          group.first.stepName === undefined ? '—' : codeCell(group.first.stepName, 60),
          group.first.responseStatus === undefined ? '—' : String(group.first.responseStatus),
          responseCell(group.first),
          sourceCell(group.runs),
          idCell(group.runs, pass)
        ]
      )
    )
  }
  if (staged.stages.some(stage => stage.watch !== undefined)) {
    lines.push(staged.runLog === 'read' ? runLogLimits(staged.plan) : watchLimits(staged.plan), '')
  }
  return lines
}

/** What was asked of the stages, and the requests the resume and its watches sent: lines of "What was asked". */
export function stagedAskedLines(result: ResumeResult, staged: StagedResume): string[] {
  const watches = staged.stages.flatMap(stage => stage.watch?.polls ?? [])
  const requests = watches.reduce((n, poll) => n + poll.requests + (poll.runLogRequests ?? 0), 0)
  const logRequests = watches.reduce((n, poll) => n + (poll.runLogRequests ?? 0), 0)
  return [
    `- Stages (\`stages\`): ${planText(staged)}`,
    ...(staged.plan.watchMs !== undefined
      ? [
          `- Watch (\`watch\`): ${watchText(staged.plan)} after each stage but the last, judging every run resumed so ` +
            `far, stopping when more than ${plural(staged.plan.maxFailed, 'run', 'runs')} failed again in all ` +
            `(\`watch-max-failed\`${staged.runLog === 'read' ? ', runs failing in the run log counted too' : ''}); ` +
            `${watchText(staged.plan)} × ${staged.plan.sizes.length - 1} = at most ` +
            `${timesDuration(watchText(staged.plan), staged.plan.sizes.length - 1)} of watching`,
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
      (logRequests > 0 ? `, ${plural(logRequests, 'request', 'requests')} to the run log)` : ')')
  ]
}

/** A stage's runs found failed again, by any watch after it; '—' for a stage no watch followed. */
function failedAgainCell(staged: StagedResume, stage: StagedResume['stages'][number]): string {
  const mine = staged.failedAgain.filter(run => run.stage === stage.stage).length
  return stage.watch === undefined && mine === 0 ? '—' : formatCount(mine)
}

/** The states of a group's runs: `failed`, `failing` (still retrying), or both counted. */
function stateCell(runs: readonly FailedAgain[]): string {
  const failing = runs.filter(run => run.state === 'failing').length
  if (failing === 0) return 'failed'
  return failing === runs.length
    ? 'failing (still retrying)'
    : `${formatCount(runs.length - failing)} failed, ${formatCount(failing)} failing`
}

/** Where a group's runs were seen failing: back in the DLQ, in the run log, or both. */
function sourceCell(runs: readonly FailedAgain[]): string {
  const sources = new Set(runs.map(run => (run.source === 'dlq' ? 'DLQ' : 'run log')))
  return [...sources].join(', ')
}

/** Stage numbers as a short list: 1, 2 or 1–3. */
function stageList(stages: number[]): string {
  const unique = [...new Set(stages)].sort((a, b) => a - b)
  return unique.length > 3 ? `${unique[0]}–${unique[unique.length - 1]}` : unique.join(', ')
}

/** The ids of a group in a cell: the first few, then how many more (the outputs hold them all). */
function idCell(runs: FailedAgain[], pass: RenderPass): string {
  const shown = runs.slice(0, Math.min(5, pass.maxRows)).map(run => codeCell(madeIdOf(run), 100))
  const rest = runs.length - shown.length
  return rest > 0
    ? `${shown.join(' ')} … and ${formatCount(rest)} more (output \`failed-again-run-ids\`)`
    : shown.join(' ')
}
