/**
 * What became of each watched run, judged from the run log and the DLQ together at one poll: its state, where the
 * state came from, and the first error of a run that failed or is failing. Pure: the watch feeds it what it read.
 */
import type { FailedAgainRun } from '../resume-results.js'
import { countStates, type JudgedRun, type RunFirstError, type RunState } from '../run-states.js'
import type { RunLogRun, RunRef } from '../service/run-log.js'

/** States a run does not leave: the watch need not ask about it again, and ends when every run is in one. */
export const ENDED_STATES: ReadonlySet<RunState> = new Set<RunState>(['completed', 'failed', 'cancelled'])

/** A run the watch follows: its id, and its creation on the service's clock (errors before it are not its own). */
export interface WatchedRun {
  workflowRunId: string
  workflowCreatedAt?: number
}

/** A watched run's entry found back in the DLQ, as the watch keeps it. */
export type DlqSighting = Pick<
  FailedAgainRun,
  'dlqId' | 'failedAt' | 'responseStatus' | 'bodySample' | 'bodyCut' | 'binaryBody'
>

/** The states a run counts against the canary in: failed, or failing in its retries. */
export const isBad = (state: RunState): state is 'failed' | 'failing' => state === 'failed' || state === 'failing'

export interface JudgedRuns {
  /** In the order of the watched runs. */
  runs: JudgedRun[]
  counts: Record<RunState, number>
  /** Every watched run has ended (completed, failed or cancelled): the watch can end early. */
  allEnded: boolean
}

const RUN_LOG_STATES: Readonly<Record<string, RunState>> = {
  RUN_SUCCESS: 'completed',
  RUN_FAILED: 'failed',
  RUN_CANCELED: 'cancelled',
  RUN_CANCELLED: 'cancelled',
  RUN_STARTED: 'running'
}

/** Step states that, with an error of this run, make a running run failing. */
const FAILING_STEPS = new Set(['STEP_RETRY', 'STEP_FAILED'])

/** The earliest error of this run in its log (an untimed one after every timed one), or undefined. */
function firstLogError(log: RunLogRun, since: number | undefined, failingOnly: boolean): RunFirstError | undefined {
  let first: RunFirstError | undefined
  for (const step of log.steps) {
    const error = step.firstError
    if (error === undefined || (failingOnly && !FAILING_STEPS.has(step.state ?? ''))) continue
    // An error before the run was created is its original run's; an untimed one cannot be placed and counts.
    if (error.time !== undefined && since !== undefined && error.time < since) continue
    if (first !== undefined && (error.time ?? Infinity) >= (first.time ?? Infinity)) continue
    first = {
      source: 'run-log',
      ...(step.stepName !== undefined ? { stepName: step.stepName } : {}),
      ...(error.status !== undefined ? { status: error.status } : {}),
      ...(error.time !== undefined ? { time: error.time } : {}),
      bodySample: error.bodySample,
      ...(error.bodyCut ? { bodyCut: true } : {})
    }
  }
  return first
}

/** The DLQ entry's last response, as a first error. */
function dlqError(entry: DlqSighting): RunFirstError {
  return {
    source: 'dlq',
    ...(entry.responseStatus !== undefined ? { status: entry.responseStatus } : {}),
    ...(entry.failedAt !== undefined ? { time: entry.failedAt } : {}),
    ...(entry.bodySample !== undefined ? { bodySample: entry.bodySample } : {}),
    ...(entry.bodyCut ? { bodyCut: true } : {}),
    ...(entry.binaryBody !== undefined ? { binaryBody: entry.binaryBody } : {})
  }
}

const withError = (judged: JudgedRun, error: RunFirstError | undefined): JudgedRun =>
  error === undefined ? judged : { ...judged, firstError: error }

/**
 * One run's state at this poll. `log`: the run log read this poll (undefined: the service keeps none, the DLQ alone
 * judges); `dlq`: its entry back in the DLQ, if any; `previous`: its state at the poll before. An ended state is
 * kept (a DLQ entry still turns it failed); a run the log no longer tells of keeps its previous state.
 */
export function judgeRun(
  run: WatchedRun,
  log: ReadonlyMap<string, RunLogRun> | undefined,
  dlq: DlqSighting | undefined,
  previous?: JudgedRun
): JudgedRun {
  const id = run.workflowRunId
  if (previous !== undefined && ENDED_STATES.has(previous.state) && (previous.state === 'failed' || !dlq))
    return previous
  const entry = log?.get(id)
  const since = run.workflowCreatedAt ?? entry?.workflowCreatedAt
  if (dlq !== undefined) {
    // Back in the DLQ is failed whatever the log says; the log's first error is the earlier, when it has one.
    const fromLog = entry?.state === 'RUN_FAILED'
    const dlqId = dlq.dlqId ?? entry?.dlqId
    const judged: JudgedRun = {
      workflowRunId: id,
      state: 'failed',
      source: fromLog ? 'run-log' : 'dlq',
      ...(dlqId !== undefined ? { dlqId } : {})
    }
    const endedAt = (fromLog ? entry.completedAt : undefined) ?? dlq.failedAt
    const error = (entry && firstLogError(entry, since, false)) ?? dlqError(dlq)
    return withError(endedAt !== undefined ? { ...judged, endedAt } : judged, error)
  }
  if (entry === undefined) {
    const judged: JudgedRun = { workflowRunId: id, state: 'unknown', source: log === undefined ? 'dlq' : 'run-log' }
    return previous ?? judged
  }
  const known = entry.state !== undefined ? RUN_LOG_STATES[entry.state] : undefined
  const base: JudgedRun = {
    workflowRunId: id,
    state: known ?? 'running',
    source: 'run-log',
    ...(entry.state !== undefined && known === undefined ? { logState: entry.state } : {})
  }
  if (base.state === 'running') {
    const error = firstLogError(entry, since, true)
    return error === undefined ? base : { ...base, state: 'failing', firstError: error }
  }
  const ended = entry.completedAt !== undefined ? { ...base, endedAt: entry.completedAt } : base
  if (base.state !== 'failed') return ended
  const placed = entry.dlqId !== undefined ? { ...ended, dlqId: entry.dlqId } : ended
  return withError(placed, firstLogError(entry, since, false))
}

/** Every watched run judged at this poll, counted by state. */
export function judgeRuns(
  runs: readonly WatchedRun[],
  log: ReadonlyMap<string, RunLogRun> | undefined,
  dlq: ReadonlyMap<string, DlqSighting>,
  previous?: ReadonlyMap<string, JudgedRun>
): JudgedRuns {
  const judged = runs.map(run => judgeRun(run, log, dlq.get(run.workflowRunId), previous?.get(run.workflowRunId)))
  return { runs: judged, counts: countStates(judged), allEnded: judged.every(run => ENDED_STATES.has(run.state)) }
}

/** The runs to ask the log about at the next poll: not ended, and with the creation time the log needs. */
export function runsToAsk(runs: readonly WatchedRun[], previous?: ReadonlyMap<string, JudgedRun>): RunRef[] {
  return runs.flatMap(run => {
    const state = previous?.get(run.workflowRunId)?.state
    if ((state !== undefined && ENDED_STATES.has(state)) || run.workflowCreatedAt === undefined) return []
    return [{ workflowRunId: run.workflowRunId, workflowCreatedAt: run.workflowCreatedAt }]
  })
}
