/**
 * The words of each stage verdict side by side: the summary's heading and the notice when the stage ended the resume,
 * its cell in the Stages table, and the step's failure line. A table the compiler holds complete: a new verdict
 * cannot be added without all of its words, and one verdict cannot be worded two ways in two places.
 */
import {
  madeIdOf,
  type FailedAgain,
  type ResumeResult,
  type StagedResume,
  type StageOutcome,
  type StageVerdict
} from '../resume-results.js'
import type { RunState } from '../run-states.js'
import { continuationOf, continuePlain } from './continuation.js'
import { failureText } from './failure-text.js'
import { formatCount, plural } from '../format.js'
import { badRuns, firstErrorWords, statesText } from './run-states-text.js'
import { possiblyUpTo } from './resume-text.js'
import { isBudget, leadingResponse, stagesWord, watchedFor, watchSource, watchText } from './stage-text.js'
import { madeCount, takenCount, words } from './verb-words.js'

/** A stage with its verdict, in the resume it belongs to. */
export interface VerdictContext {
  result: ResumeResult
  staged: StagedResume
  stage: StageOutcome
  /** The resume's own failure line (requests, lost answers, runs-file), or none: said after the stage's where both. */
  resumeFailure: string | undefined
}

export type Heading = { icon: string; text: string }

interface VerdictWords {
  /** The first line of the summary and of the notice, when this verdict is the resume's last. */
  heading(c: VerdictContext): Heading
  /** The stage's cell "Result" in the Stages table: what was seen, after how long, of how many runs. */
  cell(c: VerdictContext): string
  /** Why the step fails when this verdict ended the resume; undefined: the step does not fail for it. */
  failure(c: VerdictContext): string | undefined
}

/** ", and possibly up to N more" when requests lost their answers. */
const maybeOf = (result: ResumeResult): string =>
  result.uncertainRequests > 0 ? `, and possibly up to ${formatCount(possiblyUpTo(result))} more` : ''

/** Runs that failed again or are failing, whichever signal saw them: output failed-again-count. */
export const failedCount = (staged: StagedResume): number => staged.failedAgain.length

/** Of those, the runs still in their retries: not in the DLQ yet. */
const retryingCount = (staged: StagedResume): number => staged.failedAgain.filter(run => run.state === 'failing').length

const atStage = ({ staged, stage }: VerdictContext) => `stage ${stage.stage} of ${staged.plan.sizes.length}`
/** `3 runs resumed`: what the write made, in its verb. */
const madeOf = ({ result }: VerdictContext) => {
  const { one, short, past } = words(result)
  return `${plural(madeCount(result), one, short)} ${past}`
}
/** `the runs resumed so far`. */
const soFar = ({ result }: VerdictContext) => `${words(result).short} ${words(result).past} so far`
const whereOf = ({ result }: VerdictContext) => continuePlain(continuationOf(result), words(result))
const also = ({ resumeFailure }: VerdictContext) => (resumeFailure === undefined ? '' : `. Also: ${resumeFailure}`)

/** Why cancelled runs do not let a canary go on. */
const NOT_EVIDENCE = "a cancelled run is an operator's act, not evidence that the fix works"

/** No run completed and some were cancelled: inconclusive whatever watch-min-completed says. */
export const onlyCancelled = (states: Pick<Record<RunState, number>, 'completed' | 'cancelled'>): boolean =>
  states.completed === 0 && states.cancelled > 0

/** The states of the runs the stage's watch judged at its last poll: `back` when it read no run log. */
function lastPoll(stage: StageOutcome) {
  const last = stage.watch?.polls[stage.watch.polls.length - 1]
  const back = last?.failedAgain ?? 0
  return { last, back, bad: last?.states === undefined ? back : last.states.failed + last.states.failing }
}

const early = ({ stage, result }: VerdictContext) =>
  stage.watch?.allEnded === true ? ` (ended early: every ${words(result).one} so far had ended)` : ''

/** What a run failed or failing is called in a cell: failing runs, and runs failed in the run log, are not yet in the DLQ. */
function seenWords(staged: StagedResume, stage: StageOutcome): string {
  const failing = (lastPoll(stage).last?.states?.failing ?? 0) > 0
  const logOnly = staged.failedAgain.some(made => made.seenIn <= stage.stage && made.source !== 'dlq')
  return failing || logOnly ? 'failed or failing' : 'back in the DLQ'
}

/** The first run that failed again, in one line: its last response from the DLQ, or its first error from the run log. */
function firstRunWords(run: FailedAgain, staged: StagedResume): string {
  const id = madeIdOf(run)
  const judged = staged.judged?.find(j => j.workflowRunId === id)
  if (run.source === 'run-log' && judged !== undefined) return `run "${id}", ${firstErrorWords(judged)}`
  return `${'messageId' in run ? 'message' : 'run'} "${id}" of stage ${run.stage}, last answered ${leadingResponse(run)}`
}

/** Of what failed again, in a heading: those back in the DLQ, or also those the run log alone saw fail (not back yet). */
function failedAgainWords(staged: StagedResume, short: string): string {
  const all = staged.failedAgain.length
  const back = staged.failedAgain.filter(made => made.source === 'dlq').length
  if (back === all) return `${formatCount(all)} of the watched ${short} back in the DLQ`
  const how = retryingCount(staged) > 0 ? 'failed again or are failing' : 'failed again'
  return (
    `${formatCount(all)} of the watched ${short} ${how} (${formatCount(back)} back in the DLQ, ` +
    `${formatCount(all - back)} seen in the run log only)`
  )
}

/** The heading of a write whose stages all passed (or ran out): what they saw, never "succeeded". */
export function passedHeading({ result, staged }: Pick<VerdictContext, 'result' | 'staged'>): Heading {
  const made = madeCount(result)
  const { item, one, short, Past } = words(result)
  if (made === 0) return { icon: 'ℹ️', text: `No failed ${item} matched` }
  const n = staged.plan.sizes.length
  const done = staged.stages.length
  const watched = staged.stages.filter(stage => stage.watch !== undefined)
  const seen =
    watched.length === 0
      ? 'none was watched (no stage followed the first)'
      : staged.failedAgain.length === 0
        ? `none of the watched ${short} was back in the DLQ after each watch (${watchText(staged.plan)})`
        : `${failedAgainWords(staged, short)}, no more than watch-max-failed (${staged.plan.maxFailed})`
  const left = result.nextCursor !== undefined || result.continueFrom !== undefined
  const remaining = left ? (done === n ? '; every stage done, more may remain' : '; more may remain') : ''
  const ranOut = !left && done < n ? `; the selection ran out at stage ${done} of ${n}` : ''
  return {
    icon: left ? '⏸️' : '✅',
    text: `${Past} ${plural(made, one, short)} in ${stagesWord(done)}: ${seen}${ranOut}${remaining}`
  }
}

/** A verdict the resume goes on after: its heading is that of the whole, and the step does not fail for it. */
const passing = (cell: (c: VerdictContext) => string): VerdictWords => ({
  heading: passedHeading,
  cell,
  failure: () => undefined
})

export const VERDICT_WORDS: { readonly [V in StageVerdict]: VerdictWords } = {
  clean: passing(
    c =>
      `clean: none of the ${soFar(c)} was back in the DLQ after ${watchedFor(c.stage)}` +
      `${lastPoll(c.stage).last?.states ? ', none failing' : ''}${early(c)}`
  ),
  within: passing(
    c =>
      `passed: ${formatCount(lastPoll(c.stage).bad)} of the ${soFar(c)} ${seenWords(c.staged, c.stage)} after ` +
      `${watchedFor(c.stage)}, within the ${formatCount(c.staged.plan.maxFailed)} allowed${early(c)}`
  ),
  last: passing(() => 'not watched: no stage follows'),
  stopped: {
    heading: c => {
      const { result, staged } = c
      const max = staged.plan.maxFailed
      const failing = retryingCount(staged)
      const of = `${formatCount(failedCount(staged))} of the ${formatCount(madeCount(result))} ${soFar(c)}`
      const what =
        failing === 0
          ? `${of} failed again (watch-max-failed: ${max})`
          : `${of} failed or are failing (${formatCount(failing)} still retrying, not yet in the DLQ; watch-max-failed: ${max})`
      return {
        icon: '🛑',
        text: `Stopped after ${atStage(c)}: ${what}; ${madeOf(c)} in all${maybeOf(result)}, no further stage`
      }
    },
    cell: c =>
      `stopped: ${formatCount(lastPoll(c.stage).bad)} of the ${soFar(c)} ${seenWords(c.staged, c.stage)} after ` +
      `${watchedFor(c.stage)}, more than the ${formatCount(c.staged.plan.maxFailed)} allowed`,
    failure: c => {
      const { result, staged, stage } = c
      const { short, past } = words(result)
      const of = `${formatCount(takenCount(result))} ${short} ${past} by stage ${stage.stage} of ${staged.plan.sizes.length}`
      const first = staged.failedAgain[0]
      const allowed = `more than watch-max-failed (${staged.plan.maxFailed}) allows`
      const what =
        retryingCount(staged) === 0
          ? `${formatCount(failedCount(staged))} of the ${of} failed again, ${allowed}`
          : `${formatCount(failedCount(staged))} of the ${of} failed or are failing (${statesText(badRuns(staged))}), ${allowed}`
      return `${what}${first === undefined ? '' : `; the first, ${firstRunWords(first, staged)}`}; no further stage was ${past}; ${whereOf(c)}${also(c)}`
    }
  },
  inconclusive: {
    heading: c => {
      const { result, staged } = c
      const bad = badRuns(staged)
      const made = formatCount(madeCount(result))
      const why = onlyCancelled(bad)
        ? `none of the ${made} ${soFar(c)} completed and ${formatCount(bad.cancelled)} were cancelled ` +
          `(${NOT_EVIDENCE})`
        : `${formatCount(bad.completed)} of the ${made} ${soFar(c)} completed, fewer than ` +
          `watch-min-completed (${staged.plan.minCompleted?.text ?? '?'})`
      return {
        icon: '⚠️',
        text: `Inconclusive after ${atStage(c)}: ${why}; ${madeOf(c)} in all${maybeOf(result)}, no further stage`
      }
    },
    cell: c => {
      const { stage, staged } = c
      const states = lastPoll(stage).last?.states
      if (states !== undefined && onlyCancelled(states)) {
        return `inconclusive: none of the ${soFar(c)} completed after ${watchedFor(stage)}, ${formatCount(states.cancelled)} cancelled (${NOT_EVIDENCE})`
      }
      return (
        `inconclusive: ${formatCount(states?.completed ?? 0)} of the ${soFar(c)} completed after ` +
        `${watchedFor(stage)}, fewer than watch-min-completed (${staged.plan.minCompleted?.text ?? '?'}) asks${early(c)}`
      )
    },
    failure: c => {
      const { result, staged, stage } = c
      const bad = badRuns(staged)
      const { short, past } = words(result)
      const of = `${formatCount(takenCount(result))} ${short} ${past} by stage ${stage.stage} of ${staged.plan.sizes.length}`
      const why = onlyCancelled(bad)
        ? `none of the ${of} completed by the end of its watch and ${formatCount(bad.cancelled)} were cancelled: ` +
          `inconclusive (${statesText(bad)}), as ${NOT_EVIDENCE}`
        : `only ${formatCount(bad.completed)} of the ${of} completed by the end of its watch, fewer than ` +
          `watch-min-completed (${staged.plan.minCompleted?.text ?? '?'}) asks: inconclusive (${statesText(bad)})`
      return `${why}; no further stage was ${past}; ${whereOf(c)}${also(c)}`
    }
  },
  cut: {
    heading: c => ({
      icon: '⛔',
      text: `Cancelled during the watch after ${atStage(c)}: ${madeOf(c)}${maybeOf(c.result)}; the watch was cut short (not judged clean)`
    }),
    cell: ({ stage }) =>
      `watch cancelled after ${watchedFor(stage)} (${stage.watch?.cut ?? 'stop'}): not judged, ` +
      `${formatCount(lastPoll(stage).back)} back by then`,
    failure: ({ stage, resumeFailure }) =>
      `${resumeFailure ?? 'The step was cancelled'}; the watch after stage ${stage.stage} was cut short after ` +
      `${watchedFor(stage)}: not judged clean`
  },
  blind: {
    heading: c => ({
      icon: '❌',
      text: `The watch after ${atStage(c)} could not see (its listing of the ${words(c.result).dlq} stopped): ${madeOf(c)}${maybeOf(c.result)}, not judged; no further stage`
    }),
    cell: ({ stage }) =>
      `watch could not see after ${watchedFor(stage)}: its listing of the DLQ stopped, so not judged`,
    failure: c => {
      const { result, stage } = c
      const w = words(result)
      const failure = stage.watch?.failure
      const why = `the watch could not see${failure === undefined ? '' : `: ${failureText(watchSource(stage, w), failure)}`}`
      return (
        `${why}; the ${formatCount(takenCount(result))} ${soFar(c)} were not judged, and no further stage ` +
        `was ${w.past}; ${whereOf(c)}${also(c)}`
      )
    }
  },
  capped: {
    heading: c => ({
      icon: '⏸️',
      text: `Stopped by ${words(c.result).cap} (${formatCount(c.result.maxRuns ?? 0)}) at ${atStage(c)}: ${madeOf(c)}${maybeOf(c.result)}; more may remain`
    }),
    cell: ({ result }) => `${words(result).cap} reached with this stage: no stage follows, not watched`,
    failure: ({ resumeFailure }) => resumeFailure
  },
  failed: {
    heading: c => {
      const { result } = c
      const tail = `${madeOf(c)}${maybeOf(result)}`
      if (result.failure === undefined) {
        return {
          icon: '⚠️',
          text: `Stage ${c.stage.stage} of ${c.staged.plan.sizes.length} got no readable answer to some requests: ${tail}; no further stage`
        }
      }
      if (isBudget(result))
        return { icon: '❌', text: `Stopped by max-pages at ${atStage(c)}: ${tail}, no further stage` }
      return {
        icon: '❌',
        text: `The ${words(result).base} of ${atStage(c)} failed part way: ${tail}, no further stage`
      }
    },
    cell: ({ result }) => {
      const { base, past } = words(result)
      if (result.failure === undefined) return `requests got no readable answer (possibly more ${past}): not watched`
      return isBudget(result)
        ? 'max-pages reached: not watched, no request left for a further stage'
        : `${base} failed part way: not watched`
    },
    failure: ({ resumeFailure }) => resumeFailure
  },
  cancelled: {
    heading: c => ({
      icon: '⛔',
      text: `Cancelled during ${atStage(c)}: ${madeOf(c)} before the cancel${maybeOf(c.result)}`
    }),
    cell: ({ result }) => `cancelled during its ${words(result).base}: not watched`,
    failure: ({ resumeFailure }) => resumeFailure
  }
}
