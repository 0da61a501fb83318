/**
 * The watch of a staged resume: after a stage it lists the workflow DLQ every few seconds and once at its end, and
 * finds there every run this resume created so far (failed again), each attributed to its stage. Each listing asks
 * only for what entered the DLQ since the one before (on the service's clock, less a margin), and is kept as a
 * measurement; the wait is on the run's clock and ends at once on the stop signal, so tests drive it with a clock.
 */
import { Inputs, WATCH_MAX_POLLS, WATCH_POLL_MS, WATCH_RELIST_MS } from '../constants.js'
import type { FailedAgain, FailedAgainRun, StageWatch, WatchPoll } from '../resume-results.js'
import type { JudgedRun, RunState } from '../run-states.js'
import type { ServiceClient } from '../service/client.js'
import { drainInto } from '../service/pagination.js'
import { listQuery } from '../service/query.js'
import { isDateMs } from '../format.js'
import { isRecord, type DlqMessage } from '../service/schemas.js'
import type { Clock } from '../clock.js'
import { responseSample } from './accumulator.js'
import { boundedKey } from './tally.js'
import { failureOf, type Failure } from '../failure.js'
import { stopSignalOf } from '../stop.js'
import { isBad, judgeRuns, runsToAsk, type WatchedRun } from './run-states.js'
import type { EarlyEnd, PollCounts } from './stage-judge.js'

export type DlqLister = Pick<ServiceClient, 'listDlqPage' | 'readRunLog'>

/** Entries a watch's listing asks for a request: the most the service sends. */
const WATCH_PAGE_SIZE = 100

/**
 * What every watch of one resume shares: the runs it created, each with its stage, those found failed again, and
 * where the next listing starts (a date on the service's clock, moved on by what each listing saw).
 */
export class WatchState {
  /** Every run id the resume created so far, with the stage that resumed it. */
  readonly runs = new Map<string, number>()
  /** The runs (or messages) found back in the DLQ, in the order found. */
  readonly found = new Map<string, FailedAgain>()
  /** Entries that carried a watched run id but were not readable as a DLQ entry: counted, and said. */
  unreadable = 0
  /** Each run's creation on the service's clock, when its resume said it: the run log knows a run by the pair. */
  readonly createdAt = new Map<string, number>()
  /** Each run's state at the latest poll (run log and DLQ together). */
  readonly judged = new Map<string, JudgedRun>()
  /** The stage whose watch first judged a run failed or failing, by run id. */
  readonly badSince = new Map<string, number>()
  /** 'absent': the service answered 404 on both run-log paths, so the DLQ alone judges; unset until one is read. */
  runLog?: 'read' | 'absent'

  /**
   * `fromDate`: the service's time at the start of the resume; none of its runs can have failed before. `made`: what
   * the write made, runs (found in the workflow DLQ by run id, judged by the run log too) or messages (found in the
   * message DLQ by their new message id, judged by the DLQ alone: the run log knows workflow runs only).
   */
  constructor(
    public fromDate: number,
    readonly made: 'run' | 'message' = 'run',
    /** What the log calls them: `runs resumed`, `messages retried`. */
    readonly taken = 'runs resumed'
  ) {
    if (made === 'message') this.runLog = 'absent'
  }

  add(stage: number, runs: readonly (string | WatchedRun)[]): void {
    for (const run of runs) {
      const { workflowRunId, workflowCreatedAt } = typeof run === 'string' ? { workflowRunId: run } : run
      this.runs.set(workflowRunId, stage)
      if (workflowCreatedAt !== undefined) this.createdAt.set(workflowRunId, workflowCreatedAt)
    }
  }

  /** Every run so far, as the judgement takes them. */
  watched(): WatchedRun[] {
    return [...this.runs.keys()].map(id => {
      const created = this.createdAt.get(id)
      return created === undefined ? { workflowRunId: id } : { workflowRunId: id, workflowCreatedAt: created }
    })
  }

  /**
   * Where a listing may start and still see every watched run that may come back: an entry's createdAt is its
   * message's, which follows its run's creation but may precede its entry into the DLQ by the run's retries. Each run
   * not found and not ended holds the start at its creation less the margin; one with no known creation, at the start.
   */
  listFloor(): number {
    let floor = Infinity
    for (const id of this.runs.keys()) {
      if (this.found.has(id)) continue
      const state = this.judged.get(id)?.state
      if (state === 'completed' || state === 'cancelled') continue
      const created = this.createdAt.get(id)
      if (created === undefined) return -Infinity
      floor = Math.min(floor, created - WATCH_RELIST_MS)
    }
    return floor
  }

  /** Runs that failed again or are failing so far, whichever signal saw them: what watch-max-failed counts. */
  failing(): number {
    let n = this.found.size
    for (const run of this.judged.values()) if (isBad(run.state) && !this.found.has(run.workflowRunId)) n++
    return n
  }

  /**
   * Every run that counts against the canary, each named once: the runs back in the DLQ in the order found (with the
   * run log's dlqId where the entry had none), then the runs the run log says failed or are failing, in resume order.
   */
  failedAgain(): FailedAgain[] {
    const runs: FailedAgain[] = []
    for (const [id, seen] of this.found) {
      const dlqId = seen.dlqId ?? this.judged.get(id)?.dlqId
      const created = 'workflowRunId' in seen ? this.createdOf(id) : {}
      runs.push({ ...seen, ...created, ...(dlqId !== undefined ? { dlqId } : {}) })
    }
    for (const [id, stage] of this.runs) {
      const judged = this.judged.get(id)
      if (judged === undefined || !isBad(judged.state) || this.found.has(id)) continue
      runs.push(fromRunLog(judged, judged.state, stage, this.badSince.get(id) ?? stage, this.createdOf(id)))
    }
    return runs
  }

  /** A run's creation time as its resume gave it, as a field to spread. */
  private createdOf(id: string): { workflowCreatedAt?: number } {
    const created = this.createdAt.get(id)
    return created === undefined ? {} : { workflowCreatedAt: created }
  }
}

export interface WatchRequest {
  /** The stage just resumed: its watch gates the next. */
  stage: number
  watchMs: number
  /** Requests one listing may send (input max-pages). */
  maxPages: number
}

/** What a poll's counts say to the watch: a reason to end before its length (the judge's rule), or none. */
export type EndEarly = (counts: PollCounts) => EarlyEnd | undefined

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
  // No workflow-url filter: a run is known by its id, whatever form the service gives its URL; a message, by its new id.
  const fromDate = Math.max(0, state.fromDate)
  const filters = state.made === 'run' ? { source: 'workflow' as const, fromDate } : { fromDate }
  const idKey = state.made === 'run' ? 'workflowRunId' : 'messageId'
  const fetch = (cursor: string | undefined) =>
    client.listDlqPage(listQuery(filters, WATCH_PAGE_SIZE, 'earliestFirst', cursor))
  let listed = 0
  let latest = -Infinity
  const outcome = await drainInto(fetch, { maxPages: request.maxPages, maxPagesInput: Inputs.MaxPages }, page => {
    listed += page.items.length
    for (const item of page.items) {
      if (!isRecord(item)) continue
      if (isDateMs(item.createdAt)) latest = Math.max(latest, item.createdAt)
      const id = item[idKey]
      const stage = typeof id === 'string' ? state.runs.get(id) : undefined
      if (stage === undefined || state.found.has(id as string)) continue
      const seen = failedAgain(item, stage, request.stage)
      const run: FailedAgain =
        state.made === 'run' ? { workflowRunId: id as string, ...seen } : { messageId: id as string, ...seen }
      if (run.dlqId === undefined) state.unreadable++
      state.found.set(id as string, run)
    }
  })
  // The next listing starts where this one saw entries (less a margin), but never past a watched run still open.
  if (outcome.failure === undefined && latest > -Infinity) {
    state.fromDate = Math.max(state.fromDate, Math.min(latest - WATCH_RELIST_MS, state.listFloor()))
  }
  // A failed or cut request was sent; a drain stopped by its own guard (budget, cursor) sent nothing more.
  const unanswered = outcome.failure?.kind === 'request' || outcome.failure?.kind === 'cancelled' ? 1 : 0
  return { requests: outcome.pages + unanswered, listed, ...pick(outcome.failure) }
}

const pick = (failure: Failure | undefined) => (failure === undefined ? {} : { failure })

/**
 * One round of run-log requests for the runs not yet ended (RUN_LOG_BATCH a request), then every run judged from
 * the log and the DLQ together. A failed read leaves the watch blind, as a failed listing does.
 */
async function judgeOnce(
  client: DlqLister,
  request: WatchRequest,
  state: WatchState
): Promise<{ requests: number; states: Record<RunState, number>; allEnded: boolean; failure?: Failure }> {
  const watched = state.watched()
  let log: Awaited<ReturnType<DlqLister['readRunLog']>> | undefined
  let requests = 0
  const ask = state.runLog === 'absent' ? [] : runsToAsk(watched, state.judged)
  if (ask.length > 0) {
    try {
      log = await client.readRunLog(ask, request.maxPages)
    } catch (err) {
      // Blind: the states stay those of the poll before; at least the request that failed was sent.
      const before = judgeRuns(watched, undefined, state.found, state.judged)
      return { requests: 1, states: before.counts, allEnded: false, failure: failureOf(err) }
    }
    requests = log.requests
    state.runLog = log.kind
  }
  const runs = log?.kind === 'read' ? log.runs : state.runLog === 'absent' ? undefined : new Map()
  const judged = judgeRuns(watched, runs, state.found, state.judged)
  for (const run of judged.runs) {
    state.judged.set(run.workflowRunId, run)
    if (isBad(run.state) && !state.badSince.has(run.workflowRunId)) state.badSince.set(run.workflowRunId, request.stage)
  }
  // No run with a readable id is no run known to have ended: the watch keeps its length.
  return { requests, states: judged.counts, allEnded: judged.allEnded && watched.length > 0 }
}

/** A run the run log says failed or is failing, with its first error as its last response, for the same table. */
function fromRunLog(
  judged: JudgedRun,
  state: 'failed' | 'failing',
  stage: number,
  seenIn: number,
  created: { workflowCreatedAt?: number }
): FailedAgainRun {
  const error = judged.firstError
  return {
    workflowRunId: judged.workflowRunId,
    ...created,
    stage,
    seenIn,
    state,
    source: 'run-log',
    ...(judged.dlqId !== undefined ? { dlqId: boundedKey(judged.dlqId) } : {}),
    ...(state === 'failed' && judged.endedAt !== undefined ? { failedAt: judged.endedAt } : {}),
    ...(error?.stepName !== undefined ? { stepName: error.stepName } : {}),
    ...(error?.status !== undefined ? { responseStatus: error.status } : {}),
    ...(error?.bodySample !== undefined ? { bodySample: error.bodySample } : {}),
    ...(error?.bodyCut ? { bodyCut: true } : {})
  }
}

/**
 * The entry as the summary shows it, each field bounded as a listing's are, read field by field: an entry with a
 * watched run id is counted whatever else it lacks.
 */
function failedAgain(
  item: Record<string, unknown>,
  stage: number,
  seenIn: number
): Omit<FailedAgainRun, 'workflowRunId'> & { state: 'failed'; source: 'dlq' } {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
  const dlqId = text(item.dlqId)
  const status = item.responseStatus
  const body = { responseBody: text(item.responseBody), responseBodyBase64: text(item.responseBodyBase64) }
  const sample = responseSample(body as DlqMessage)
  return {
    stage,
    seenIn,
    state: 'failed',
    source: 'dlq',
    ...(dlqId !== undefined ? { dlqId: boundedKey(dlqId) } : {}),
    ...(isDateMs(item.createdAt) ? { failedAt: item.createdAt } : {}),
    ...(typeof status === 'number' && Number.isInteger(status) ? { responseStatus: status } : {}),
    ...(sample.bodySample !== undefined ? { bodySample: sample.bodySample } : {}),
    ...(sample.bodyCut ? { bodyCut: true } : {}),
    ...(sample.binaryBody !== undefined ? { binaryBody: sample.binaryBody } : {})
  }
}

/**
 * Watches after one stage for `watchMs`: a listing and a run-log read every pollIntervalMs and at the end, each kept
 * as a measurement. It judges nothing: it ends early only when `endEarly` says so of a poll's counts, when a listing
 * or a read fails (it cannot see), or at once on the stop signal.
 */
export async function watchStage(
  client: DlqLister,
  request: WatchRequest,
  state: WatchState,
  clock: Clock,
  stop: AbortSignal,
  endEarly: EndEarly,
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
    if (failure?.kind === 'cancelled') {
      polls.push({ at, requests, listed, failedAgain: state.found.size })
      return end({ cut: failure.signal })
    }
    const judged = failure === undefined ? await judgeOnce(client, request, state) : undefined
    polls.push({
      at,
      requests,
      listed,
      failedAgain: state.found.size,
      ...(judged !== undefined ? { runLogRequests: judged.requests, states: judged.states } : {})
    })
    if (judged?.failure?.kind === 'cancelled') return end({ cut: judged.failure.signal })
    const blind = failure ?? judged?.failure
    if (blind !== undefined) {
      const what = failure !== undefined ? 'listing' : 'run-log read'
      log(`stage ${request.stage} watch: ${what} ${polls.length} failed: the watch cannot see`)
      // The watch's own listing stopped: its cursor is no place to continue the resume from.
      const runLogFailed = failure === undefined ? { runLogFailed: true } : {}
      return end({ failure: blind.kind === 'max-pages' ? { ...blind, cursor: undefined } : blind, ...runLogFailed })
    }
    // One line a poll: a watch of minutes would otherwise print nothing between its first and last line.
    log(
      `stage ${request.stage} watch: listing ${polls.length} at ${Math.round((at - startedAt) / 1000)} s: ` +
        `${state.found.size} of the ${state.runs.size} ${state.taken} so far back in the DLQ; ${statesLine(judged)}`
    )
    if (last) return end({})
    const completed = judged?.states.completed ?? 0
    const early = endEarly({ bad: state.failing(), completed, allEnded: judged?.allEnded === true })
    // Every run so far has ended: nothing more to see, so the next stage need not wait for the watch's end.
    if (early !== undefined) return end(early === 'all-ended' ? { allEnded: true } : {})
  }
}

/** The states in a log line: `3 completed, 1 failing`, or what the run log was. */
function statesLine(judged: { states: Record<RunState, number> } | undefined): string {
  if (judged === undefined) return 'not judged'
  const parts = Object.entries(judged.states).filter(([, n]) => n > 0)
  return parts.length === 0 ? 'no run judged' : parts.map(([state, n]) => `${n} ${state}`).join(', ')
}
