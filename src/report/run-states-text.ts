/** The words of each watched run's state (run log and DLQ together): per stage, the first error, the sources. */
import { Outputs } from '../constants.js'
import type { StagedResume, StageOutcome } from '../resume-results.js'
import { countStates, RUN_STATES, type JudgedRun, type RunState } from '../run-states.js'
import type { StagePlan } from '../requests.js'
import { formatCount } from '../format.js'
import { errorWords } from './response-sample.js'
import type { ReportWords } from './verb-words.js'

/** `8 completed, 1 failing, 1 running`: the states present, in the order of RUN_STATES. */
export function statesText(counts: Record<RunState, number>): string {
  const parts = RUN_STATES.filter(state => counts[state] > 0).map(state => `${formatCount(counts[state])} ${state}`)
  return parts.length === 0 ? 'no run judged' : parts.join(', ')
}

/** The states at the last poll of a stage's watch, undefined when it judged none. */
function stageStates(stage: StageOutcome): Record<RunState, number> | undefined {
  const polls = stage.watch?.polls ?? []
  for (let i = polls.length - 1; i >= 0; i--) if (polls[i]?.states !== undefined) return polls[i]?.states
  return undefined
}

/** A stage's states: `8 completed, 1 failing, 1 running after 2m`, or a dash for a stage not watched. */
function stageStatesCell(stage: StageOutcome, after: string): string {
  const states = stageStates(stage)
  return states === undefined ? '—' : `${statesText(states)} after ${after}`
}

/** Output run-states and completed-count: over every watched run at the end, empty when no watch judged one. */
export function runStateOutputs(staged: StagedResume): Record<string, string> {
  const judged = staged.judged ?? []
  if (judged.length === 0) return { [Outputs.CompletedCount]: '', [Outputs.RunStates]: '' }
  const counts = countStates(judged)
  return { [Outputs.CompletedCount]: String(counts.completed), [Outputs.RunStates]: JSON.stringify(counts) }
}

/** Which source each state came from: `run log: 8 completed, 1 failing; DLQ: 1 failed`. */
function sourcesText(judged: readonly JudgedRun[]): string {
  const by = (source: JudgedRun['source']) => countStates(judged.filter(run => run.source === source))
  const parts = [
    ['the run log', by('run-log')],
    ['the DLQ', by('dlq')]
  ] as const
  return parts
    .filter(([, counts]) => Object.values(counts).some(n => n > 0))
    .map(([name, counts]) => `${name}: ${statesText(counts)}`)
    .join('; ')
}

const SOURCE_WORDS = { 'run-log': 'run log', dlq: 'DLQ' } as const

/** What the watch judged by, said once: the run log and the DLQ, or the DLQ alone where the service keeps no log. */
export function judgedByLine(staged: StagedResume, w: ReportWords): string | undefined {
  const judged = staged.judged ?? []
  // The run log tells of workflow runs only: a message's watch has the DLQ alone, whatever the service keeps.
  if (w.makes === 'message') {
    // No run log is read for messages: without a watch there is nothing to say of one.
    if (!staged.stages.some(stage => stage.watch !== undefined)) return undefined
    return (
      '> **The watch judged the DLQ alone:** a retried message is seen failing only once it is back in the DLQ ' +
      'under its new message id, after its retries; one not back is not known delivered.'
    )
  }
  if (staged.runLog === 'absent') {
    return (
      '> **The watch judged the DLQ alone:** this service keeps no run log (404 on both of its paths), so a run not ' +
      'back in the DLQ is `unknown`, never completed, and no watch could end early.'
    )
  }
  if (judged.length === 0) return undefined
  return `**States read from** ${sourcesText(judged)}. "Completed" is said only of a run whose log says \`RUN_SUCCESS\`.`
}

/** The states of every watched run at the end (zeros included). */
export const badRuns = (staged: StagedResume): Record<RunState, number> => countStates(staged.judged ?? [])

/** A failed or failing run's first error in one line (third-party text quoted, cut): for the failure annotation. */
export function firstErrorWords(run: JudgedRun): string {
  const error = run.firstError
  const state = run.state === 'failing' ? 'is failing' : 'failed'
  if (error === undefined) return `${state} (no error text given)`
  const step = error.stepName === undefined ? '' : ` at step ${JSON.stringify(error.stepName.slice(0, 60))}`
  const status = error.status === undefined ? 'no status' : `HTTP ${error.status}`
  const words = error.bodySample === undefined ? '' : ` ${JSON.stringify(shortWords(error.bodySample, error.bodyCut))}`
  return `${state}${step}: first error ${status}${words} (from the ${SOURCE_WORDS[error.source]})`
}

function shortWords(sample: string, cut: boolean | undefined): string {
  const words = errorWords(sample, cut === true) ?? sample
  return words.length > 80 ? `${words.slice(0, 79)}…` : words
}

/** One line a watched stage: its entries' states at the end of its watch. */
export function stageStatesLines(
  staged: StagedResume,
  after: (stage: StageOutcome) => string,
  { Short, past }: ReportWords
): string[] {
  const lines = staged.stages.flatMap(stage =>
    stageStates(stage) === undefined ? [] : [`- Stage ${stage.stage}: ${stageStatesCell(stage, after(stage))}`]
  )
  return lines.length === 0 ? [] : [`### ${Short} ${past} so far, at the end of each watch`, '', ...lines, '']
}

/** What a watch that reads the run log can and cannot see, in place of the DLQ-only caveat. */
export function runLogLimits(plan: StagePlan): string {
  const retries =
    plan.watchRetries === undefined
      ? ''
      : ` The watched stages' runs were sent ${plan.watchRetries} ${plan.watchRetries === 1 ? 'retry' : 'retries'} (\`watch-retries\`).`
  return (
    '> **What a watch cannot see:** a run still `running` when its watch ended may yet fail: the watch judges only ' +
    "what happened within it. It read the service's run log with the DLQ at each poll, so a run that failed an " +
    `attempt counted as \`failing\` at the next poll, before its retries bring it back to the DLQ.${retries}`
  )
}
