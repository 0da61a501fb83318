/**
 * The judgement of a stage of a staged resume, from what was measured: how its resume requests ended and what its
 * watch saw. Pure: the loop hands it the facts and reads what the verdict means from STAGE_VERDICTS; the watch is
 * handed `earlyEnd`, the same rule, so the two cannot disagree.
 */
import { minCompletedOf, type StagePlan } from '../requests.js'
import type { StageVerdict, StageWatch } from '../resume-results.js'

/** How a stage's own resume requests ended, before any watch. */
export type StageResumeEnd =
  | 'drained' // the selection ran out: nothing is left for a further stage
  | 'more-left' // the stage reached its size with more of the selection left
  | 'capped' // max-runs was reached with this stage
  | 'failed' // a request failed, lost its answer, or max-pages left none for a further stage
  | 'cancelled' // the step was cancelled during its resume

/** What a watch measured of every run resumed so far, counted at its end. */
export interface WatchFacts {
  measured: StageWatch
  /** Runs failed or failing at the end of the watch, and before it began (over every stage so far). */
  bad: number
  badBefore: number
  completed: number
  /** Runs that ended cancelled: an operator's act, never evidence that the fix works. */
  cancelled: number
  /** Runs resumed so far, every stage's. */
  watched: number
}

export interface StageFacts {
  resume: StageResumeEnd
  /** Absent: no watch followed the stage (the last, or one after which nothing can follow). */
  watch?: WatchFacts
}

/** More runs failed or failing, over every stage so far, than watch-max-failed allows: the resume stops. */
const overStopRule = (bad: number, plan: Pick<StagePlan, 'maxFailed'>): boolean => bad > plan.maxFailed

/** What a watch's counts say mid-way: a reason to end it before its length, or none. */
export type EarlyEnd = 'stop-rule' | 'all-ended'

/** What a poll counted, for the rule that may end the watch before its length. */
export interface PollCounts {
  bad: number
  completed: number
  /** Every run resumed so far has ended (completed, failed or cancelled). */
  allEnded: boolean
}

/**
 * The rule the watch is handed: end at once when the stop rule is met, or when every run so far has ended and one at
 * least completed (runs that all ended cancelled prove nothing: the watch keeps its length).
 */
export function earlyEnd(counts: PollCounts, plan: Pick<StagePlan, 'maxFailed'>): EarlyEnd | undefined {
  if (overStopRule(counts.bad, plan)) return 'stop-rule'
  return counts.allEnded && counts.completed > 0 ? 'all-ended' : undefined
}

/** The stage's verdict from its facts: the one place a stage is judged. */
export function judgeStage(facts: StageFacts, plan: StagePlan): StageVerdict {
  const { resume, watch } = facts
  if (resume === 'cancelled') return 'cancelled'
  if (resume === 'capped') return 'capped'
  if (resume === 'failed') return 'failed'
  if (watch === undefined) return 'last'
  if (overStopRule(watch.bad, plan)) return 'stopped'
  if (watch.measured.cut !== undefined) return 'cut'
  if (watch.measured.failure !== undefined) return 'blind'
  // Runs that ended cancelled, none completed: nothing says the fix works.
  if (watch.completed === 0 && watch.cancelled > 0) return 'inconclusive'
  if (plan.minCompleted !== undefined && watch.completed < minCompletedOf(plan.minCompleted, watch.watched)) {
    return 'inconclusive'
  }
  return watch.bad === watch.badBefore ? 'clean' : 'within'
}
