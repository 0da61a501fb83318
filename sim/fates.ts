/**
 * The fate of the runs a bulk resume or a restart creates (retried messages: message-fates.ts): by default every new run leaves the DLQ for good (in the run log it is
 * still running, until a fate's completeAfterMs ends it: a watch then lasts its length); a fate makes every run
 * of a workflow URL, or a stable share of them, fail again some time after the resume and re-enter the workflow DLQ
 * under its new run id, with a new dlqId and a last response; or a share of the others be cancelled, never to enter
 * the DLQ. Each run's course (first failed attempt, end) is what the run log tells of it (routes/run-log.ts). Time is
 * the simulator's clock, so tests are exact.
 */
import type { WorkflowDlqEntry } from './seed.js'
import { insertSorted, RUN_KEY } from './select.js'
import type { ResumedRun } from './state.js'
import { spread } from './variants.js'

export interface RunFate {
  /** The runs of this workflow URL (unset: of every URL). The first fate that matches a run decides it. */
  workflowUrl?: string
  /** Only the runs restarts create (true) or only those resumes create (false); unset: both. */
  restarted?: boolean
  /** Share of those runs that fail again, from 0 to 1 (default 1), chosen stably by the new run id. */
  share?: number
  /** Milliseconds of the simulator's clock from the resume to the run's failure (default 0: at the next request). */
  afterMs?: number
  /** The last response the new DLQ entry carries (default 500 and a JSON error). */
  responseStatus?: number
  responseBody?: string
  /** Milliseconds from the resume to the first failed attempt of a run that fails again (default: afterMs). */
  firstErrorAfterMs?: number
  /**
   * Milliseconds from a failing run's end (RUN_FAILED in the run log, with its dlqId) to its entry showing in the DLQ
   * (default 0: at once), as a service whose DLQ lags its run log does.
   */
  dlqDelayMs?: number
  /** Milliseconds from the resume to the end (RUN_SUCCESS) of a run that does not fail (default: never, it runs on). */
  completeAfterMs?: number
  /**
   * Share of the runs that do not fail again, from 0 to 1 (default 0), that are cancelled instead, chosen stably by
   * the new run id: they end RUN_CANCELED and never enter the DLQ.
   */
  cancelShare?: number
  /** Milliseconds from the resume to the cancel of such a run (default 0: at once). */
  cancelAfterMs?: number
}

/** Failed attempts a failing run or retried message makes after its first, when no Service-Retries was sent. */
export const DEFAULT_RETRIES = 3

/** A resumed run that will fail again: its DLQ entry, held back until the clock reaches its failedAt. */
export type PendingFailure = WorkflowDlqEntry

/** The fate that decides this run: the first that matches it. */
const fateFor = (fates: readonly RunFate[], run: ResumedRun): RunFate | undefined =>
  fates.find(
    f =>
      (f.workflowUrl === undefined || f.workflowUrl === run.workflowUrl) &&
      (f.restarted === undefined || f.restarted === (run.restarted === true))
  )

/** The failure this run is fated to, or undefined when it leaves for good. */
export function fateOf(fates: readonly RunFate[], run: ResumedRun): PendingFailure | undefined {
  const fate = fateFor(fates, run)
  if (fate === undefined) return undefined
  if (!inShare(run.workflowRunId, '', fate.share, 1)) return undefined
  return {
    dlqId: `dlq_again_${run.workflowRunId}`,
    workflowRunId: run.workflowRunId,
    workflowUrl: run.workflowUrl,
    workflowCreatedAt: run.workflowCreatedAt,
    failedAt: run.workflowCreatedAt + Math.max(0, fate.afterMs ?? 0) + Math.max(0, fate.dlqDelayMs ?? 0),
    responseStatus: fate.responseStatus ?? 500,
    responseBody: fate.responseBody ?? '{"error":"the fix did not hold: step failed again"}'
  }
}

/**
 * How a resumed run goes, on the simulator's clock: it completes at `endsAt`, is cancelled then, or fails its
 * attempts and then the run.
 */
export type RunCourse =
  | { ends: 'success'; endsAt: number }
  | { ends: 'cancelled'; endsAt: number }
  | { ends: 'failure'; endsAt: number; firstErrorAt: number; failure: PendingFailure }

/** Whether a share of runs (or messages, or DLQ entries) takes this one, stably by its id and what the share is for. */
export const inShare = (id: string, purpose: string, share: number | undefined, fallback: number): boolean =>
  spread(purpose === '' ? id : `${id}:${purpose}`, 10_000) < Math.min(1, Math.max(0, share ?? fallback)) * 10_000

/** The course of a run, from its fate and the failure fateOf gave it (undefined: it completes). */
export function courseOf(fates: readonly RunFate[], run: ResumedRun, failure: PendingFailure | undefined): RunCourse {
  const fate = fateFor(fates, run)
  if (failure === undefined && fate !== undefined && inShare(run.workflowRunId, 'cancel', fate.cancelShare, 0)) {
    return { ends: 'cancelled', endsAt: run.workflowCreatedAt + Math.max(0, fate.cancelAfterMs ?? 0) }
  }
  if (failure === undefined) {
    const after = fate?.completeAfterMs
    return { ends: 'success', endsAt: after === undefined ? Infinity : run.workflowCreatedAt + Math.max(0, after) }
  }
  // The run ends before its entry shows in the DLQ when the DLQ lags.
  const endsAt = failure.failedAt - Math.max(0, fate?.dlqDelayMs ?? 0)
  const firstErrorAfterMs = Math.max(0, fate?.firstErrorAfterMs ?? endsAt - run.workflowCreatedAt)
  const firstErrorAt = Math.min(endsAt, run.workflowCreatedAt + firstErrorAfterMs)
  return { ends: 'failure', endsAt, firstErrorAt, failure }
}

/** Inserts an entry where (failedAt, dlqId) puts it: the workflow DLQ stays sorted, as its routes expect. */
export function insertFailedRun(dlq: WorkflowDlqEntry[], entry: WorkflowDlqEntry): void {
  insertSorted(dlq, RUN_KEY, entry)
}

/** Takes every pending item whose time has come out of `pending` and hands it to `enter`; done as each request arrives. */
export function settleDue<T>(pending: T[], dueAt: (item: T) => number, now: number, enter: (item: T) => void): void {
  for (let i = pending.length - 1; i >= 0; i--) {
    const item = pending[i] as T
    if (dueAt(item) > now) continue
    pending.splice(i, 1)
    enter(item)
  }
}

/** Moves every pending failure whose time has come into the workflow DLQ. */
export function settleFailures(pending: PendingFailure[], dlq: WorkflowDlqEntry[], now: number): void {
  settleDue(
    pending,
    entry => entry.failedAt,
    now,
    entry => insertFailedRun(dlq, entry)
  )
}
