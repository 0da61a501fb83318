/** Lists the DLQ: one ordered listing, or date slices drained at the same time (concurrency above 1). */
import { CLOCK_TOLERANCE_MS, Inputs, MESSAGE_IDS_MAX_BYTES } from '../constants.js'
import { failureOf, type Failure, type FailureContext } from '../failure.js'
import type { ServiceClient } from '../service/client.js'
import { drainInto, DrainStopped } from '../service/pagination.js'
import { listQuery } from '../service/query.js'
import { readDlqMessages, type DlqMessage } from '../service/schemas.js'
import { stopSignalOf, type Progress } from '../stop.js'
import { idBytes, ListAccumulator, ListedIds, MessageIds } from './accumulator.js'
import type { MessageSink } from './messages-file.js'
import type { ListFilters, ListRequest, Order } from '../requests.js'
import type { AgeClock, ListFindings } from '../results.js'

/** The one request a listing needs of the service client. */
export type DlqLister = Pick<ServiceClient, 'listDlqPage' | 'serviceNow'>

/** What the caller of a listing sees while it runs. */
export interface ListHooks {
  onPage?: (messages: number, total: number) => void
  sink?: MessageSink
  /** The entries the listing is of (counted, written, in its ids); the others are passed over (a plan by dlq-ids). */
  keep?: (message: DlqMessage) => boolean
  /** One line for the log (the caller makes it safe), e.g. why a parallel listing became sequential. */
  log?: (line: string) => void
  /** Kept up to date page by page, for a last-resort report should the process be stopped. */
  progress?: Progress
  /** The step's stop signal: a parallel listing stops every worker at it, as cancelled. */
  signal?: AbortSignal
  /** The run's time, what createdAt is compared with where the service sends no Date (its clock unknown). */
  now?: number
}

/**
 * The time a listing's ages, windows and expiry are judged at: the service's (its last usable Date, checked before it
 * is trusted), else the runner's, with why (service/service-clock.ts).
 */
export function ageClock(
  client: Pick<ServiceClient, 'serviceNow' | 'dateFault'>,
  runnerNow: number
): { now: number; clock: AgeClock } {
  const serviceNow = client.serviceNow()
  if (serviceNow !== undefined) {
    // The ages are of createdAt, stamped on the service's clock: its Date is that clock, however far the runner's is;
    // a difference past the tolerance is said with the clock (to the minute: the Date has whole seconds and the answer
    // came a moment ago), so that a reader comparing ages with their own clock can tell why they differ.
    const skew = Math.round((serviceNow - runnerNow) / 60_000) * 60_000
    const said = Math.abs(skew) > CLOCK_TOLERANCE_MS ? { runnerSkewMs: skew } : {}
    return { now: serviceNow, clock: { by: 'service', ...said } }
  }
  const fault = client.dateFault()
  return { now: runnerNow, clock: { by: 'runner', ...(fault !== undefined ? { fault } : {}) } }
}

/** The time a message's createdAt is compared with: the service's (its last Date), else the run's. */
const serviceTime = (client: DlqLister, hooks: ListHooks) => () => client.serviceNow() ?? hooks.now ?? Date.now()

/** Lists the DLQ to its end or max-messages, in date slices when concurrent; a failure keeps what was listed. */
export async function listDlq(client: DlqLister, request: ListRequest, hooks: ListHooks = {}): Promise<ListFindings> {
  // Several message ids are listed one id at a time (some servers apply only one), never in slices.
  const severalIds = (request.filters.messageId?.length ?? 0) > 1
  if (request.concurrency <= 1 || severalIds) return listSequentially(client, request, hooks)

  const outcome = await listInSlices(client, request, hooks)
  if (outcome.untrusted === undefined) {
    hooks.log?.(
      `parallel listing: ${outcome.slices} date ${outcome.slices === 1 ? 'slice' : 'slices'}, ${request.concurrency} at a time`
    )
    return {
      ...outcome.acc.result(request, outcome.pages, outcome.ids, outcome),
      slices: outcome.slices
    }
  }
  // Nothing the slices counted can be trusted: start again, the file too, as one ordered listing.
  hooks.log?.(`parallel listing stopped: ${outcome.untrusted}. Listing again as one sequential listing.`)
  await hooks.sink?.restart()
  const sequential = await listSequentially(client, request, hooks)
  return { ...sequential, pages: sequential.pages + outcome.pages, fallback: outcome.untrusted }
}

/** One ordered listing from the start (or the user's cursor); several message ids: one per id, merged, no cursor. */
async function listSequentially(client: DlqLister, request: ListRequest, hooks: ListHooks): Promise<ListFindings> {
  const acc = new ListAccumulator(request.windows, serviceTime(client, hooks))
  const ids = new ListedIds()
  const maxMessages = request.maxMessages ?? Infinity
  // Drains one listing of `filters`; never throws.
  const drain = (filters: ListFilters, startCursor: string | undefined, maxPages: number) =>
    drainInto(
      cursor => {
        // Ask for no more than max-messages still allows, so the cursor left over continues exactly there.
        const count = Math.min(request.pageSize, maxMessages - acc.count)
        return client.listDlqPage(listQuery(filters, count, request.order, cursor))
      },
      {
        maxPages,
        maxPagesInput: Inputs.MaxPages,
        startCursor,
        // Handling a page overlaps the next round trip; with max-messages each request's count depends on it.
        prefetch: request.maxMessages === undefined
      },
      async page => {
        const read = readDlqMessages(page.items)
        acc.problems.add(read.problems)
        await take(acc, hooks, read.messages, message => ids.add(message))
        // Only one listing of the user's own filters has a cursor that continues the whole listing.
        if (hooks.progress && filters === request.filters) hooks.progress.nextCursor = page.cursor
        return acc.count < maxMessages
      }
    )
  const messageIds = request.filters.messageId ?? []
  if (messageIds.length <= 1) {
    if (hooks.progress) hooks.progress.nextCursor = request.cursor
    const outcome = await drain(request.filters, request.cursor, request.maxPages)
    return acc.result(request, outcome.pages, ids, outcome)
  }
  let pages = 0
  for (const [i, messageId] of messageIds.entries()) {
    const at = { index: i + 1, of: messageIds.length }
    // Each id starts with a request: none once the budget is spent, and the failure names the id not listed.
    if (pages >= request.maxPages) {
      const failure = { kind: 'max-pages' as const, pages, input: Inputs.MaxPages, messageId: at }
      return acc.result(request, pages, ids, { failure })
    }
    const outcome = await drain({ ...request.filters, messageId: [messageId] }, undefined, request.maxPages - pages)
    pages += outcome.pages
    if (outcome.failure !== undefined) {
      // An id's own cursor continues nothing: several ids cannot be given with a cursor.
      const { cursor: _idCursor, ...ended } = outcome.failure as Failure & { cursor?: string }
      const failure = { ...ended, messageId: at } as Failure & FailureContext
      return acc.result(request, pages, ids, { failure })
    }
  }
  return acc.result(request, pages, ids)
}

/** Counts a page's messages and their ids (`addIds`), writes them to the sink, and tells the caller how far it is. */
async function take(acc: ListAccumulator, hooks: ListHooks, messages: DlqMessage[], addIds: (m: DlqMessage) => void) {
  // Each line of the file carries its cause's key, so one cause's messages can be selected from it.
  const lines: DlqMessage[] = []
  for (const message of messages) {
    if (hooks.keep?.(message) === false) continue
    const causeKey = acc.add(message, hooks.sink !== undefined)
    addIds(message)
    if (causeKey !== undefined) lines.push({ ...message, causeKey })
  }
  await hooks.sink?.write(lines)
  hooks.onPage?.(messages.length, acc.count)
  if (hooks.progress) hooks.progress.confirmed = acc.count + acc.problems.unreadable
}

/** Slices per worker: more slices than workers keep every worker busy when the messages are unevenly spread. */
const SLICES_PER_WORKER = 4
/** How far off a server may be on a date bound (wire-contract section 5: one millisecond). */
export const BOUND_TOLERANCE_MS = 1
/** Narrowest slice: wide enough that only adjacent slices' tolerance windows can meet. */
const MIN_SLICE_MS = 8

/** One date slice: interior bounds overlap the neighbour's by the tolerance; the outermost are the user's (or open). */
interface SlicePlan {
  from?: number
  to?: number
  /** createdAt window of this slice's messages, tolerance included; a message outside it breaks trust. */
  accept: [number, number]
  /** The overlap windows at its bounds (two at most): only there may a neighbour return its messages too. */
  near: [number, number][]
}

/** Plans `n` slices over [lo, hi] (it only guides balancing), and the windows where adjacent slices overlap. */
export function planSlices(
  lo: number,
  hi: number,
  n: number,
  userFrom?: number,
  userTo?: number
): { slices: SlicePlan[]; overlaps: [number, number][] } {
  const parts = Math.max(1, Math.min(n, Math.floor((hi - lo + 1) / MIN_SLICE_MS)))
  const cuts = Array.from({ length: parts - 1 }, (_, i) => lo + Math.floor(((hi - lo + 1) * (i + 1)) / parts))
  const t = BOUND_TOLERANCE_MS
  // Adjacent windows meet on [cut - 2t, cut - 1 + 2t]; non-adjacent ones never do (slices are wider than 4t).
  const overlaps = cuts.map((cut): [number, number] => [cut - 2 * t, cut - 1 + 2 * t])
  const slices = Array.from({ length: parts }, (_, k): SlicePlan => {
    const start = cuts[k - 1]
    const end = cuts[k]
    const from = start === undefined ? userFrom : start - t
    const to = end === undefined ? userTo : end - 1 + t
    return {
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
      accept: [start === undefined ? -Infinity : start - 2 * t, end === undefined ? Infinity : end - 1 + 2 * t],
      near: overlaps.slice(Math.max(0, k - 1), k + 1)
    }
  })
  return { slices, overlaps }
}

/**
 * The message ids of all slices in slice order, never holding more than the cap of MessageIds however many slices
 * run at once: past it, the last ones in order are dropped, leaving the prefix one MessageIds fed in order holds.
 */
export class OrderedIds {
  private readonly held: string[][]
  private bytes = 2 // the brackets of the JSON array
  /** The first slice that lost ids: it and every later slice collect nothing more. */
  private cutoff: number

  constructor(slices: number) {
    this.held = Array.from({ length: slices }, () => [])
    this.cutoff = slices
  }

  add(slice: number, id: string): void {
    if (slice >= this.cutoff) return
    ;(this.held[slice] as string[]).push(id)
    this.bytes += idBytes(id)
    let last = Math.min(this.cutoff, this.held.length - 1)
    while (this.bytes > MESSAGE_IDS_MAX_BYTES) {
      while ((this.held[last] as string[]).length === 0) last--
      this.bytes -= idBytes((this.held[last] as string[]).pop() as string)
      this.cutoff = last
    }
  }

  /** The ids in slice order, truncated when any was dropped. */
  result(): MessageIds {
    const ids = new MessageIds()
    for (const slice of this.held) for (const id of slice) ids.add(id)
    if (this.cutoff < this.held.length) ids.truncated = true
    return ids
  }
}

/** What the range discovery and every slice drain share. */
interface Listing {
  client: DlqLister
  request: ListRequest
  /** The budget all drains share: max-pages, plus a page per page's worth of messages two slices both returned. */
  pages: { used: number; limit: number; duplicates: number }
  stop: AbortController
  ending: { failure?: Failure & FailureContext; untrusted?: string }
  acc: ListAccumulator
  hooks: ListHooks
  /** Keys of messages seen in an overlap window: the only place two slices can both return a message. */
  seen: Set<string>
}

/** Stops every worker (no new page, no new slice), keeping the first failure; distrust outranks a failure. */
function halt({ stop, ending }: Listing, why: { err: unknown } | { untrusted: string }): undefined {
  if ('untrusted' in why) {
    ending.untrusted = why.untrusted
    delete ending.failure
  } else if (!stop.signal.aborted) ending.failure = { ...failureOf(why.err), parallel: true }
  stop.abort()
}

/** Fetches pages between `from` and `to`; refused once the listing has stopped or the budget is spent. */
const pagesOf =
  ({ client, request, pages, stop }: Listing, from: number | undefined, to: number | undefined, count: number) =>
  async (cursor?: string, order: Order = request.order) => {
    stop.signal.throwIfAborted()
    if (pages.used + 1 > pages.limit + Math.ceil(pages.duplicates / request.pageSize)) {
      throw new DrainStopped({ kind: 'max-pages', pages: request.maxPages, input: Inputs.MaxPages })
    }
    pages.used++
    // The client holds requests at once to what the service allows (a 429 narrows it): workers just ask.
    return client.listDlqPage(listQuery({ ...request.filters, fromDate: from, toDate: to }, count, order, cursor))
  }

/** Plans the slices from the oldest and newest message (an order the server ignores only makes the cut poorer). */
async function planListing(listing: Listing): Promise<SlicePlan[] | undefined> {
  const { fromDate: from, toDate: to } = listing.request.filters
  const firstOf = async (order: Order) => {
    if (from !== undefined && to !== undefined) return order === 'earliestFirst' ? from : to
    const first = readDlqMessages((await pagesOf(listing, from, to, 1)(undefined, order)).items).messages[0]
    return first === undefined ? null : first.createdAt
  }
  try {
    const [a, b] = await Promise.all([firstOf('earliestFirst'), firstOf('latestFirst')])
    if (a === undefined || b === undefined) return halt(listing, { untrusted: `a message ${NO_CREATED_AT}` })
    // Nothing matches: one open slice confirms it.
    if (a === null || b === null) return planSlices(0, 0, 1, from, to).slices
    const lo = Math.max(Math.min(a, b), from ?? -Infinity)
    const hi = Math.min(Math.max(a, b), to ?? Infinity)
    return planSlices(lo, Math.max(lo, hi), listing.request.concurrency * SLICES_PER_WORKER, from, to).slices
  } catch (err) {
    return halt(listing, { err })
  }
}

/** Drains one slice, at `index` in the requested order. */
async function drainSlice(listing: Listing, slice: SlicePlan, index: number, ids: OrderedIds, dlqIds: OrderedIds) {
  const { acc, hooks, pages } = listing
  const [lo, hi] = slice.accept
  const fetch = pagesOf(listing, slice.from, slice.to, listing.request.pageSize)
  // The shared budget bounds the listing as a whole; handling a page overlaps the slice's next round trip.
  const options = { maxPages: Number.MAX_SAFE_INTEGER, maxPagesInput: Inputs.MaxPages, prefetch: true }
  const { failure } = await drainInto(fetch, options, async page => {
    const read = readDlqMessages(page.items)
    acc.problems.add(read.problems)
    const taken: DlqMessage[] = []
    for (const message of read.messages) {
      const at = message.createdAt
      if (at === undefined || at < lo || at > hi) {
        halt(listing, { untrusted: misplaced(message, slice) })
        return false
      }
      if (slice.near.some(([a, b]) => at >= a && at <= b)) {
        const key = `${message.dlqId ?? ''}\u0000${message.messageId}`
        if (listing.seen.has(key)) {
          pages.duplicates++
          continue
        }
        listing.seen.add(key)
      }
      taken.push(message)
    }
    await take(acc, hooks, taken, message => {
      ids.add(index, message.messageId)
      if (message.dlqId !== undefined) dlqIds.add(index, message.dlqId)
    })
  })
  if (failure !== undefined) halt(listing, { err: { failure } })
}

const NO_CREATED_AT = 'has no createdAt, so it cannot be placed in a date slice'

/** Why a message without createdAt, or outside its slice's window, breaks the slices' trust. */
function misplaced({ messageId, createdAt }: DlqMessage, { from, to }: SlicePlan): string {
  const id = JSON.stringify(messageId)
  if (createdAt === undefined) return `message ${id} ${NO_CREATED_AT}`
  const slice = `the date slice ${from ?? 'open'} to ${to ?? 'open'}`
  return `message ${id} (createdAt ${createdAt}) came back for ${slice}: the service does not filter dates on createdAt`
}

/**
 * Lists the DLQ as date slices drained at the same time, deduplicating the overlaps by dlqId (else messageId). A
 * message that shows the slices cannot be trusted stops it (`untrusted`: the caller lists again sequentially).
 */
async function listInSlices(client: DlqLister, request: ListRequest, hooks: ListHooks) {
  const acc = new ListAccumulator(request.windows, serviceTime(client, hooks))
  // The two requests that find the range do not count against max-pages, even with max-pages: 1.
  const pages = { used: 0, limit: request.maxPages + 2, duplicates: 0 }
  const stop = new AbortController()
  const listing: Listing = { client, request, pages, stop, ending: {}, acc, hooks, seen: new Set() }
  const cancel = () => {
    const signal = stopSignalOf(hooks.signal)
    halt(listing, { err: { failure: { kind: 'cancelled', signal } } })
  }
  hooks.signal?.addEventListener('abort', cancel, { once: true })
  const slices = (await planListing(listing)) ?? []
  if (request.order !== 'earliestFirst') slices.reverse()
  // Each slice's last, partly filled page does not count against max-pages.
  pages.limit += slices.length
  const [ids, dlqIds] = [new OrderedIds(slices.length), new OrderedIds(slices.length)]
  // The workers take slices, in order, from one queue.
  const queue = slices.entries()
  const worker = async (): Promise<void> => {
    for (const [index, slice] of queue) if (!stop.signal.aborted) await drainSlice(listing, slice, index, ids, dlqIds)
  }
  await Promise.all(Array.from({ length: request.concurrency }, worker))
  hooks.signal?.removeEventListener('abort', cancel)
  const listed = { acc, ids: new ListedIds(ids.result(), dlqIds.result()), pages: pages.used, slices: slices.length }
  return { ...listed, ...listing.ending }
}
