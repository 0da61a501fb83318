/**
 * The watch of a staged resume: after a stage it lists the workflow DLQ every few seconds and once at its end, and
 * finds there every run this resume created so far (failed again), each attributed to its stage. Each listing asks
 * only for what entered the DLQ since the one before (on the service's clock, less a margin), and is kept as a
 * measurement; the wait is on the run's clock and ends at once on the stop signal, so tests drive it with a clock.
 */
import { Inputs, WATCH_MAX_POLLS, WATCH_POLL_MS, WATCH_RELIST_MS } from '../constants.js'
import type { FailedAgainRun, StageWatch, WatchPoll } from '../results.js'
import type { ServiceClient } from '../service/client.js'
import { drainInto } from '../service/pagination.js'
import { listQuery } from '../service/query.js'
import { isDateMs, isRecord, type DlqMessage } from '../service/schemas.js'
import type { Clock } from '../clock.js'
import { responseSample } from './accumulator.js'
import { boundedKey } from './tally.js'
import type { Failure } from '../failure.js'
import { stopSignalOf } from '../stop.js'

export type DlqLister = Pick<ServiceClient, 'listDlqPage'>

/** Entries a watch's listing asks for a request: the most the service sends. */
const WATCH_PAGE_SIZE = 100

/**
 * What every watch of one resume shares: the runs it created, each with its stage, those found failed again, and
 * where the next listing starts (a date on the service's clock, moved on by what each listing saw).
 */
export class WatchState {
  /** Every run id the resume created so far, with the stage that resumed it. */
  readonly runs = new Map<string, number>()
  /** The runs found back in the DLQ, in the order found. */
  readonly found = new Map<string, FailedAgainRun>()
  /** Entries that carried a watched run id but were not readable as a DLQ entry: counted, and said. */
  unreadable = 0

  /** `fromDate`: the service's time at the start of the resume; none of its runs can have failed before. */
  constructor(public fromDate: number) {}

  add(stage: number, runIds: readonly string[]): void {
    for (const id of runIds) this.runs.set(id, stage)
  }
}

export interface WatchRequest {
  /** The stage just resumed: its watch gates the next. */
  stage: number
  watchMs: number
  /** More runs failed again than this, over every stage so far, stop the watch at once. */
  maxFailed: number
  /** Requests one listing may send (input max-pages). */
  maxPages: number
}

/** Time between two listings: 5 s, or longer for a watch over 10 minutes so that it lists about 120 times at most. */
function pollIntervalMs(watchMs: number): number {
  return Math.max(WATCH_POLL_MS, Math.ceil(watchMs / WATCH_MAX_POLLS))
}

/** What one listing found of the runs, and what it cost. */
async function listOnce(
  client: DlqLister,
  request: WatchRequest,
  state: WatchState
): Promise<{ requests: number; listed: number; failure?: Failure }> {
  // No workflow-url filter: a run is known by its id, whatever form the service gives its URL.
  const filters = { source: 'workflow' as const, fromDate: Math.max(0, state.fromDate) }
  const fetch = (cursor: string | undefined) =>
    client.listDlqPage(listQuery(filters, WATCH_PAGE_SIZE, 'earliestFirst', cursor))
  let listed = 0
  let latest = -Infinity
  const outcome = await drainInto(fetch, { maxPages: request.maxPages, maxPagesInput: Inputs.MaxPages }, page => {
    listed += page.items.length
    for (const item of page.items) {
      if (!isRecord(item)) continue
      if (isDateMs(item.createdAt)) latest = Math.max(latest, item.createdAt)
      const id = item.workflowRunId
      const stage = typeof id === 'string' ? state.runs.get(id) : undefined
      if (stage === undefined || state.found.has(id as string)) continue
      const run = failedAgain(item, id as string, stage, request.stage)
      if (run.dlqId === undefined) state.unreadable++
      state.found.set(id as string, run)
    }
  })
  // The next listing starts where this one saw entries, less a margin for entries the service shows late.
  if (outcome.failure === undefined && latest > -Infinity) {
    state.fromDate = Math.max(state.fromDate, latest - WATCH_RELIST_MS)
  }
  // A failed or cut request was sent; a drain stopped by its own guard (budget, cursor) sent nothing more.
  const unanswered = outcome.failure?.kind === 'request' || outcome.failure?.kind === 'cancelled' ? 1 : 0
  return { requests: outcome.pages + unanswered, listed, ...pick(outcome.failure) }
}

const pick = (failure: Failure | undefined) => (failure === undefined ? {} : { failure })

/**
 * The entry as the summary shows it, each field bounded as a listing's are, read field by field: an entry with a
 * watched run id is counted whatever else it lacks.
 */
function failedAgain(
  item: Record<string, unknown>,
  workflowRunId: string,
  stage: number,
  seenIn: number
): FailedAgainRun {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
  const dlqId = text(item.dlqId)
  const status = item.responseStatus
  const body = { responseBody: text(item.responseBody), responseBodyBase64: text(item.responseBodyBase64) }
  const sample = responseSample(body as DlqMessage)
  return {
    workflowRunId,
    stage,
    seenIn,
    ...(dlqId !== undefined ? { dlqId: boundedKey(dlqId) } : {}),
    ...(isDateMs(item.createdAt) ? { failedAt: item.createdAt } : {}),
    ...(typeof status === 'number' && Number.isInteger(status) ? { responseStatus: status } : {}),
    ...(sample.bodySample !== undefined ? { bodySample: sample.bodySample } : {}),
    ...(sample.bodyCut ? { bodyCut: true } : {}),
    ...(sample.binaryBody !== undefined ? { binaryBody: sample.binaryBody } : {})
  }
}

/**
 * Watches after one stage for `watchMs`: a listing every pollIntervalMs and one at the end. Ends early when more
 * runs (of every stage so far) failed again than maxFailed, when a listing fails, or at once on the stop signal.
 */
export async function watchStage(
  client: DlqLister,
  request: WatchRequest,
  state: WatchState,
  clock: Clock,
  stop: AbortSignal,
  log: (line: string) => void = () => {}
): Promise<StageWatch> {
  const startedAt = clock.now()
  const endsAt = startedAt + request.watchMs
  const interval = pollIntervalMs(request.watchMs)
  const polls: WatchPoll[] = []
  const end = (more: Partial<StageWatch>): StageWatch => ({ startedAt, endsAt, endedAt: clock.now(), polls, ...more })
  for (;;) {
    const wait = Math.min(interval, endsAt - clock.now())
    if (wait > 0 && !stop.aborted) await clock.sleep(wait, stop)
    if (stop.aborted) return end({ cut: stopSignalOf(stop) })
    const last = clock.now() >= endsAt
    const at = clock.now()
    const { requests, listed, failure } = await listOnce(client, request, state)
    polls.push({ at, requests, listed, failedAgain: state.found.size })
    if (failure?.kind === 'cancelled') return end({ cut: failure.signal })
    if (failure !== undefined) {
      log(`stage ${request.stage} watch: listing ${polls.length} failed: the watch cannot see`)
      // The watch's own listing stopped: its cursor is no place to continue the resume from.
      return end({ failure: failure.kind === 'max-pages' ? { ...failure, cursor: undefined } : failure })
    }
    // One line a listing: a watch of minutes would otherwise print nothing between its first and last line.
    log(
      `stage ${request.stage} watch: listing ${polls.length} at ${Math.round((at - startedAt) / 1000)} s: ` +
        `${state.found.size} of the ${state.runs.size} runs resumed so far back in the DLQ`
    )
    if (state.found.size > request.maxFailed || last) return end({})
  }
}
