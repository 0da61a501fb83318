/**
 * The bound that keeps a resume off its own runs: the to-date every request of a resume by filters sends, on the
 * service's clock, so that no run the resume creates (it fails after its creation) is taken by the same resume.
 */
import { CLOCK_SKEW_MARGIN_MS } from '../constants.js'
import type { Clock } from '../clock.js'
import type { ServiceClient } from '../service/client.js'
import { listQuery } from '../service/query.js'
import type { ResumeRequest } from '../requests.js'
import type { ResumeBound } from '../results.js'
import type { Progress } from '../stop.js'

/**
 * The to-date a resume by filters sends with every request: the service's time at its start, less a millisecond, so
 * that no run the resume creates (it fails after its creation, on the service's clock) is taken by the same resume.
 * Read from the Date header of a one-entry listing; where the service sends none, the runner's clock less a margin.
 * None for dlq-ids (a run that fails again comes back under a new id) or a cursor (it continues the selectors it came
 * from: the to-date given with it is the bound).
 */
export async function startBound(
  client: Pick<ServiceClient, 'listDlqPage' | 'serviceNow'>,
  request: ResumeRequest,
  clock: Clock
): Promise<ResumeBound | undefined> {
  if (request.selection.dlqIds !== undefined || request.cursor !== undefined) return undefined
  try {
    await client.listDlqPage(listQuery({ source: 'workflow' }, 1, 'earliestFirst', undefined))
  } catch {
    // Any answer's Date will do, an error's too; with none, the runner's clock is said to be used.
  }
  const serviceNow = client.serviceNow()
  const asked = request.selection.toDate ?? Infinity
  const bound: ResumeBound =
    serviceNow !== undefined
      ? { toDate: Math.floor(serviceNow) - 1, clock: 'service' }
      : { toDate: clock.now() - CLOCK_SKEW_MARGIN_MS, clock: 'runner', marginMs: CLOCK_SKEW_MARGIN_MS }
  if (asked > bound.toDate) return bound
  // An earlier to-date asked is the bound; the watches still start at the service's time at the start.
  return {
    toDate: asked,
    clock: 'input',
    ...(serviceNow !== undefined ? { serviceStart: Math.floor(serviceNow) } : {})
  }
}

/** The request with its selection bounded; the watchdog's progress learns the bound, to say it with the cursor. */
export function withBound(request: ResumeRequest, bound: ResumeBound | undefined, progress?: Progress): ResumeRequest {
  if (bound === undefined) return request
  if (progress !== undefined) {
    progress.toDate = bound.toDate
    if (request.selection.fromDate !== undefined) progress.fromDate = request.selection.fromDate
  }
  return { ...request, selection: { ...request.selection, toDate: bound.toDate } }
}
