/**
 * The section of the resume report (resume.ts) that a staged write (input stages) adds: the verdict of the stage that
 * ended it, its leads, the stages and their watches, what failed again, and what was asked of the stages.
 */
import { Outputs } from '../constants.js'
import type { ResumeResult, StagedResume } from '../resume-results.js'
import type { RenderPass } from './budget.js'
import { failedAgainSection, followUpLine } from './failed-again.js'
import { failureText } from './failure-text.js'
import { formatCount, plural, timesDuration } from '../format.js'
import { code, table } from './markdown.js'
import { badRuns, judgedByLine, runLogLimits, runStateOutputs, stageStatesLines } from './run-states-text.js'
import {
  askedText,
  endingStage,
  planText,
  stagesCompleted,
  watchedFor,
  watchLimits,
  watchListing,
  watchSource,
  watchText
} from './stage-text.js'
import { failedCount, onlyCancelled, passedHeading, VERDICT_WORDS, type Heading } from './stage-verdict-words.js'
import { words, type ReportWords } from './verb-words.js'

/** The verdict, first in the summary and the notice: the words of the stage that ended the resume, or of the whole. */
export function stagedHeading(result: ResumeResult, staged: StagedResume): Heading {
  const ending = endingStage(staged)
  const w = words(result)
  if (staged.stages.length === 0 && result.failure !== undefined) {
    return { icon: '❌', text: `Nothing ${w.past}: the step stopped before its first ${w.base} request` }
  }
  const { icon, text } =
    ending === undefined
      ? passedHeading({ result, staged })
      : VERDICT_WORDS[ending.verdict].heading({ result, staged, stage: ending.stage, resumeFailure: undefined })
  // Cancelled runs are said whatever the verdict: a cancel is an operator's act, never a pass.
  const states = badRuns(staged)
  const said = ending?.verdict === 'inconclusive' && onlyCancelled(states)
  if (states.cancelled === 0 || said) return { icon, text }
  return { icon, text: `${text}; ${plural(states.cancelled, `watched ${w.one}`, `watched ${w.short}`)} cancelled` }
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

/** The outputs a staged write adds, and whether its plan ran to its end (output complete). */
export function stagedOutputs(
  staged: StagedResume,
  w: ReportWords
): { complete: boolean; extra: Record<string, string> } {
  return {
    complete: endingStage(staged) === undefined,
    extra: {
      [Outputs.FailedAgainCount]: String(failedCount(staged)),
      [Outputs.StagesCompleted]: String(stagesCompleted(staged)),
      // States are read from the run log, which tells of workflow runs only.
      ...(w.makes === 'run' ? runStateOutputs(staged) : {})
    }
  }
}

/** The warnings a staged write adds: answers bigger than asked, entries without a dlqId. */
export const stagedWarnings = (result: ResumeResult, staged: StagedResume): string[] => [
  ...overrunWarnings(staged, words(result)),
  ...unreadableWarnings(staged, words(result))
]

/** Stages whose answers carried more entries than asked: the service ignores count, and every one was watched. */
function overrunWarnings(staged: StagedResume, { one, short, past }: ReportWords): string[] {
  return staged.stages
    .filter(stage => stage.resumed > stage.asked)
    .map(
      stage =>
        `the service ignored count: stage ${stage.stage} asked for ${formatCount(stage.asked)} ${short} and ${past} ` +
        `${formatCount(stage.resumed)}; the stage is as big as the answer, and every ${one} it ${past} was watched`
    )
}

/** Entries of what was watched that the service sent without a dlqId: counted as failed again, never dropped. */
function unreadableWarnings(staged: StagedResume, { dlq, one, base }: ReportWords): string[] {
  const n = staged.unreadable ?? 0
  if (n === 0) return []
  return [
    `${plural(n, 'entry', 'entries')} of the ${dlq} carried the id of a ${one} this ${base} created but no dlqId: ` +
      `counted as failed again, but left out of output failed-again-dlq-ids (nothing to ${base} them by)`
  ]
}

/** The lines under the verdict that a staged write adds: what left a watch blind, what to take again later. */
export function stagedLeads(result: ResumeResult, staged: StagedResume): Array<string | false | undefined> {
  const w = words(result)
  const ending = endingStage(staged)
  const blind = ending?.verdict === 'blind' ? ending.stage.watch?.failure : undefined
  const blindSource = ending === undefined ? watchListing(w) : watchSource(ending.stage, w)
  return [
    blind && `**The watch could not see:** ${code(failureText(blindSource, blind))}`,
    staged.failedAgain.length > 0 && followUpLine(staged, w),
    ...overrunWarnings(staged, w).map(warning => `**⚠️ Bigger than asked:** ${warning}.`)
  ]
}

/** The stages, each watch's states and first errors, what failed again, and what a watch cannot see. */
export function stagedSections(result: ResumeResult, staged: StagedResume, pass: RenderPass): string[] {
  const w = words(result)
  const lines = [
    '### Stages',
    '',
    ...table(
      ['Stage', 'Asked', w.Past, 'Watched for', 'Failed again', 'Result'],
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
  lines.push(...stageStatesLines(staged, watchedFor, w))
  const judgedBy = judgedByLine(staged, w)
  if (judgedBy !== undefined) lines.push(judgedBy, '')
  lines.push(...failedAgainSection(staged, pass, w))
  if (staged.stages.some(stage => stage.watch !== undefined)) {
    lines.push(staged.runLog === 'read' ? runLogLimits(staged.plan) : watchLimits(staged.plan, w), '')
  }
  return lines
}

/** What was asked of the stages, and the requests the resume and its watches sent: lines of "What was asked". */
export function stagedAskedLines(result: ResumeResult, staged: StagedResume): string[] {
  const { one, short, past, base, dlq } = words(result)
  const watches = staged.stages.flatMap(stage => stage.watch?.polls ?? [])
  const requests = watches.reduce((n, poll) => n + poll.requests + (poll.runLogRequests ?? 0), 0)
  const logRequests = watches.reduce((n, poll) => n + (poll.runLogRequests ?? 0), 0)
  return [
    `- Stages (\`stages\`): ${planText(staged)}`,
    ...(staged.plan.watchMs !== undefined
      ? [
          `- Watch (\`watch\`): ${watchText(staged.plan)} after each stage but the last, judging every ${one} ${past} so ` +
            `far, stopping when more than ${plural(staged.plan.maxFailed, one, short)} failed again in all ` +
            `(\`watch-max-failed\`${staged.runLog === 'read' ? ', runs failing in the run log counted too' : ''}); ` +
            `${watchText(staged.plan)} × ${staged.plan.sizes.length - 1} = at most ` +
            `${timesDuration(watchText(staged.plan), staged.plan.sizes.length - 1)} of watching`,
          ...(staged.plan.minCompleted !== undefined
            ? [
                `- Completed runs needed to go on (\`watch-min-completed\`): ${staged.plan.minCompleted.text} of the ` +
                  `runs ${past} so far, by the end of each watch`
              ]
            : []),
          `- Retries of the watched stages' ${short} (\`watch-retries\`): ` +
            (staged.plan.watchRetries === undefined
              ? `not set: they ${result.overrides.retries === undefined ? "keep the service's" : `send \`retries\` (${result.overrides.retries})`}`
              : `${staged.plan.watchRetries} (the last stage sends ${result.overrides.retries === undefined ? 'none' : result.overrides.retries})`)
        ]
      : []),
    `- Requests: ${formatCount(result.requests)} to ${base}, ${formatCount(requests)} to watch ` +
      `(${plural(watches.length, 'listing', 'listings')} of the ${dlq}` +
      (logRequests > 0 ? `, ${plural(logRequests, 'request', 'requests')} to the run log)` : ')')
  ]
}

/** A stage's runs found failed again, by any watch after it; '—' for a stage no watch followed. */
function failedAgainCell(staged: StagedResume, stage: StagedResume['stages'][number]): string {
  const mine = staged.failedAgain.filter(run => run.stage === stage.stage).length
  return stage.watch === undefined && mine === 0 ? '—' : formatCount(mine)
}
