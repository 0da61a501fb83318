import { Inputs, MESSAGE_IDS_MAX_BYTES } from '../constants.js'
import { failureOf, type Failure, type FailureContext } from '../failure.js'
import { drainInto, DrainStopped } from '../service/pagination.js'
import { listQuery } from '../service/query.js'
import { stopReason } from '../stop.js'
import { readDlqMessages, type DlqMessage } from '../service/schemas.js'
import { idBytes, ListAccumulator, ListedIds, MessageIds } from './accumulator.js'
import type { DlqLister, ListHooks } from './list-hooks.js'
import type { ListRequest, Order } from '../requests.js'

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
    for (const message of taken) {
      acc.add(message)
      ids.add(index, message.messageId)
      if (message.dlqId !== undefined) dlqIds.add(index, message.dlqId)
    }
    await hooks.sink?.write(taken)
    hooks.onPage?.(taken.length, acc.count)
    if (hooks.progress) hooks.progress.confirmed = acc.count + acc.problems.unreadable
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
export async function listInSlices(client: DlqLister, request: ListRequest, hooks: ListHooks) {
  const acc = new ListAccumulator()
  // The two requests that find the range do not count against max-pages, even with max-pages: 1.
  const pages = { used: 0, limit: request.maxPages + 2, duplicates: 0 }
  const stop = new AbortController()
  const listing: Listing = { client, request, pages, stop, ending: {}, acc, hooks, seen: new Set() }
  const cancel = () =>
    halt(listing, { err: { failure: { kind: 'cancelled', signal: stopReason(hooks.signal) ?? 'SIGTERM' } } })
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
