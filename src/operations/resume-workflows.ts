/**
 * resume-workflows: the one entry the composition root calls. Runs given by their pairs are first found in the DLQ;
 * a resume in stages (input stages) is the staged resume; any other is one drain, bounded by the service's time at
 * its start.
 */
import { REAL_CLOCK, type Clock } from '../clock.js'
import type { ResumeRequest } from '../requests.js'
import { verbOf } from '../verbs.js'
import type { ResumeResult } from '../resume-results.js'
import type { Progress } from '../stop.js'
import { BoundKeeper, startBound, withBound } from './resume-bound.js'
import { type OnResumePage, type WorkflowResumer } from './resume-drain.js'
import { drainWrite } from './listed-takes.js'
import { ResumeLedger } from './resume-ledger.js'
import { resumeRuns } from './resume-runs.js'
import { stagedResume } from './staged-resume.js'
import type { DlqLister } from './watch.js'

/** What a resume may use besides its client and request: the run's clock, its stop, the log, its progress. */
export interface ResumeHooks {
  clock: Clock
  /** The run's stop signal: it ends a watch at once. */
  stop: AbortSignal
  log: (line: string) => void
  /** Called with each answered request and the runs resumed so far in all. */
  onPage: OnResumePage
  /** Kept up to date as answers arrive, for a last-resort report should the process be stopped. */
  progress?: Progress
}

const NO_HOOKS: ResumeHooks = {
  clock: REAL_CLOCK,
  stop: new AbortController().signal,
  log: () => {},
  onPage: () => {}
}

/**
 * Resumes the selected failed runs, 50 per request, in the stages of request.stages when given. Never under-reports:
 * every run answered is in the result (past the cap too), and every lost or unreadable answer in `uncertainRequests`.
 */
export async function resumeWorkflows(
  client: WorkflowResumer & DlqLister,
  request: ResumeRequest,
  given: Partial<ResumeHooks> = {}
): Promise<ResumeResult> {
  const hooks = { ...NO_HOOKS, ...given }
  const { runs } = request
  if (runs !== undefined)
    return resumeRuns(client, { ...request, runs }, byIds => resumeWorkflows(client, byIds, hooks))
  if (request.stages !== undefined) return stagedResume(client, request, request.stages, hooks)
  const ledger = new ResumeLedger(verbOf(request), hooks.progress)
  const start = await startBound(client, request, hooks.clock)
  const keeper = new BoundKeeper(start, ledger.progress, () => hooks.clock.now(), request.selection.toDate)
  const bounded = withBound(request, keeper.bound, ledger.progress)
  const end = await drainWrite(client, bounded, ledger, hooks.onPage, keeper)
  const bound = keeper.result()
  return { ...ledger.result(request, end), ...(bound !== undefined ? { bound } : {}) }
}
