/**
 * The watch of one stage of a staged resume: it lists the workflow DLQ every few seconds and once at its end, and
 * counts the stage's new runs found there (failed again). Each listing is kept as a measurement; the wait is on the
 * run's clock and ends at once on the stop signal, so tests drive it with an injected clock.
 */
import { CLOCK_SKEW_MARGIN_MS, Inputs, WATCH_MAX_POLLS, WATCH_POLL_MS } from '../constants.js'
import type { FailedAgainRun, StageWatch, WatchPoll } from '../results.js'
import type { ServiceClient } from '../service/client.js'
import { drainInto } from '../service/pagination.js'
import { listQuery } from '../service/query.js'
import { wakeableSleep } from '../service/retry.js'
import { isDateMs, readDlqMessages, type DlqMessage } from '../service/schemas.js'
import { responseSample } from './accumulator.js'
import { boundedKey } from './tally.js'
import type { Failure } from '../failure.js'
import { stopSignalOf } from '../stop.js'

/** The run's clock: its time, and a wait that the stop signal ends at once (real time in the action). */
export interface Clock {
  now(): number
  sleep(ms: number, wake: AbortSignal): Promise<void>
}

export const REAL_CLOCK: Clock = { now: () => Date.now(), sleep: wakeableSleep }

export type DlqLister = Pick<ServiceClient, 'listDlqPage'>

/** Entries a watch's listing asks for a request: the most the service sends. */
const WATCH_PAGE_SIZE = 100

export interface WatchRequest {
  stage: number
  /** The stage's new run ids: an entry of the workflow DLQ with one of them is a run that failed again. */
  runIds: ReadonlySet<string>
  /** When the stage started: its runs cannot have failed before (less CLOCK_SKEW_MARGIN_MS for the service's clock). */
  since: number
  /** The stage's workflow-url, when the selection had one: the listing needs no other workflow's entries. */
  workflowUrl?: string
  watchMs: number
  /** More runs failed again than this stop the watch at once. */
  maxFailed: number
  /** Requests one listing may send (input max-pages). */
  maxPages: number
}

/** Time between two listings: 5 s, or longer for a watch over 10 minutes so that it lists about 120 times at most. */
function pollIntervalMs(watchMs: number): number {
  return Math.max(WATCH_POLL_MS, Math.ceil(watchMs / WATCH_MAX_POLLS))
}

/** What one listing found of the stage's runs, and what it cost. */
async function listOnce(
  client: DlqLister,
  request: WatchRequest,
  found: Map<string, FailedAgainRun>
): Promise<{ requests: number; listed: number; failure?: Failure }> {
  const filters = {
    source: 'workflow' as const,
    fromDate: Math.max(0, request.since - CLOCK_SKEW_MARGIN_MS),
    ...(request.workflowUrl !== undefined ? { workflowUrl: [request.workflowUrl] } : {})
  }
  const fetch = (cursor: string | undefined) =>
    client.listDlqPage(listQuery(filters, WATCH_PAGE_SIZE, 'earliestFirst', cursor))
  let listed = 0
  const outcome = await drainInto(fetch, { maxPages: request.maxPages, maxPagesInput: Inputs.MaxPages }, page => {
    listed += page.items.length
    for (const entry of readDlqMessages(page.items).messages) {
      const id = entry.workflowRunId
      if (id !== undefined && request.runIds.has(id) && !found.has(id)) found.set(id, failedAgain(entry, id, request))
    }
  })
  // A failed or cut request was sent; a drain stopped by its own guard (budget, cursor) sent nothing more.
  const unanswered = outcome.failure?.kind === 'request' || outcome.failure?.kind === 'cancelled' ? 1 : 0
  return { requests: outcome.pages + unanswered, listed, ...pick(outcome.failure) }
}

const pick = (failure: Failure | undefined) => (failure === undefined ? {} : { failure })

/** The entry as the summary shows it, each field bounded as a listing's are (the run id is the stage's own). */
function failedAgain(entry: DlqMessage, workflowRunId: string, { stage }: WatchRequest): FailedAgainRun {
  const sample = responseSample(entry)
  return {
    workflowRunId,
    stage,
    ...(entry.dlqId !== undefined ? { dlqId: boundedKey(entry.dlqId) } : {}),
    ...(isDateMs(entry.createdAt) ? { failedAt: entry.createdAt } : {}),
    ...(entry.responseStatus !== undefined ? { responseStatus: entry.responseStatus } : {}),
    ...(sample.bodySample !== undefined ? { bodySample: sample.bodySample } : {}),
    ...(sample.bodyCut ? { bodyCut: true } : {}),
    ...(sample.binaryBody !== undefined ? { binaryBody: sample.binaryBody } : {})
  }
}

/**
 * Watches one stage for `watchMs`: a listing every pollIntervalMs and one at the end. Ends early when more runs
 * failed again than maxFailed, when a listing fails after its retries, or at once on the stop signal.
 */
export async function watchStage(
  client: DlqLister,
  request: WatchRequest,
  clock: Clock,
  stop: AbortSignal,
  log: (line: string) => void = () => {}
): Promise<StageWatch & { failedAgain: FailedAgainRun[] }> {
  const startedAt = clock.now()
  const endsAt = startedAt + request.watchMs
  const interval = pollIntervalMs(request.watchMs)
  const found = new Map<string, FailedAgainRun>()
  const polls: WatchPoll[] = []
  const end = (more: Partial<StageWatch>) => ({
    startedAt,
    endsAt,
    endedAt: clock.now(),
    polls,
    // In the order the stage resumed them, whatever order the listing found them in.
    failedAgain: [...request.runIds].flatMap(id => found.get(id) ?? []),
    ...more
  })
  for (;;) {
    const wait = Math.min(interval, endsAt - clock.now())
    if (wait > 0 && !stop.aborted) await clock.sleep(wait, stop)
    if (stop.aborted) return end({ cut: stopSignalOf(stop) })
    const last = clock.now() >= endsAt
    const at = clock.now()
    const { requests, listed, failure } = await listOnce(client, request, found)
    polls.push({ at, requests, listed, failedAgain: found.size })
    // One line a listing: a watch of minutes would otherwise print nothing between its first and last line.
    log(
      `stage ${request.stage} watch: listing ${polls.length} at ${Math.round((at - startedAt) / 1000)} s: ` +
        `${found.size} of its ${request.runIds.size} runs back in the DLQ`
    )
    if (failure?.kind === 'cancelled') return end({ cut: failure.signal })
    if (failure !== undefined) return end({ failure })
    if (found.size > request.maxFailed || last) return end({})
  }
}
