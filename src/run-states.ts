// What a watched run can be, and how runs are counted by state: the vocabulary of the watch's judgement (operations)
// and of its words (report). A root module: it imports no folder of src/.

/** Every state a watched run can be in, in the order a summary lists them. */
export const RUN_STATES = ['completed', 'failed', 'failing', 'cancelled', 'running', 'unknown'] as const
export type RunState = (typeof RUN_STATES)[number]

/** Where a state (or an error) was read: the run log, or the run's entry back in the DLQ. */
export type RunStateSource = 'run-log' | 'dlq'

/** The first error of a failed or failing run, bounded as a response sample is (responseCell renders it). */
export interface RunFirstError {
  source: RunStateSource
  stepName?: string
  status?: number
  /** On the service's clock. */
  time?: number
  bodySample?: string
  bodyCut?: boolean
  binaryBody?: number
}

export interface JudgedRun {
  workflowRunId: string
  state: RunState
  source: RunStateSource
  /** The DLQ id the run log gives a run that failed: where it re-entered the DLQ. */
  dlqId?: string
  /** The log's state as sent when it is none the action knows: kept, and judged running. */
  logState?: string
  /** When it ended, on the service's clock: the log's completion time, or when its DLQ entry came. */
  endedAt?: number
  firstError?: RunFirstError
}

/** A count for each of the six states (the run-states output), zeros included. */
export function countStates(runs: readonly Pick<JudgedRun, 'state'>[]): Record<RunState, number> {
  const counts = Object.fromEntries(RUN_STATES.map(state => [state, 0])) as Record<RunState, number>
  for (const run of runs) counts[run.state]++
  return counts
}
