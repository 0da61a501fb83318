import { Inputs } from '../constants.js'
import { failureOf, type Failure, type FailureContext } from '../failure.js'
import { drainPages, DrainStopped } from '../service/pagination.js'
import { listQuery } from '../service/query.js'
import { readDlqMessages, type DlqMessage } from '../service/schemas.js'
import { ListedIds, MESSAGE_IDS_MAX_BYTES, MessageIds, type ListAccumulator } from './accumulator.js'
import type { DlqLister, ListHooks } from './list-hooks.js'
import type { ListRequest, Order } from '../requests.js'
import type { ItemProblems } from './item-problems.js'

/** Slices per worker: more slices than workers keep every worker busy when the messages are unevenly spread. */
const SLICES_PER_WORKER = 4
/** How far off a server may be on a date bound (wire-contract section 5: one millisecond). */
export const BOUND_TOLERANCE_MS = 1
/** Narrowest slice: wide enough that only adjacent slices' tolerance windows can meet. */
const MIN_SLICE_MS = 8

/**
 * One date slice: the bounds it is requested with and the createdAt window its messages must fall in.
 * Interior bounds overlap the neighbour's by BOUND_TOLERANCE_MS on each side, so a server off by that much
 * in either direction still returns every message to at least one slice; the outermost bounds are the user's
 * own (or open), so no message outside the discovered range can be missed.
 */
export interface SlicePlan {
  from?: number
  to?: number
  /** createdAt window of this slice's messages, tolerance included; a message outside it breaks trust. */
  accept: [number, number]
}

/**
 * Plans `n` slices over [lo, hi] (the range found by asking for the oldest and newest message; it only guides
 * balancing). `userFrom` and `userTo` are the user's own bounds, kept on the outermost slices. Also returns
 * the createdAt windows where two adjacent slices may both return a message: only there is deduplication needed.
 */
export function planSlices(
  lo: number,
  hi: number,
  n: number,
  userFrom?: number,
  userTo?: number
): { slices: SlicePlan[]; overlaps: [number, number][] } {
  const parts = Math.max(1, Math.min(n, Math.floor((hi - lo + 1) / MIN_SLICE_MS)))
  const cuts: number[] = []
  for (let i = 1; i < parts; i++) cuts.push(lo + Math.floor(((hi - lo + 1) * i) / parts))
  const t = BOUND_TOLERANCE_MS
  const slices: SlicePlan[] = []
  for (let k = 0; k < parts; k++) {
    const start = cuts[k - 1]
    const end = cuts[k]
    const from = start === undefined ? userFrom : start - t
    const to = end === undefined ? userTo : end - 1 + t
    slices.push({
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
      accept: [start === undefined ? -Infinity : start - 2 * t, end === undefined ? Infinity : end - 1 + 2 * t]
    })
  }
  // Adjacent windows meet on [cut - 2t, cut - 1 + 2t]; non-adjacent ones never do (slices are wider than 4t).
  const overlaps = cuts.map((cut): [number, number] => [cut - 2 * t, cut - 1 + 2 * t])
  return { slices, overlaps }
}

export interface SlicesOutcome {
  pages: number
  ids: ListedIds
  /** Date slices the listing was split into (1 when the range was too narrow to split). */
  slices: number
  failure?: Failure & FailureContext
  /**
   * Why the slices could not be trusted (a message without createdAt, or outside its slice's window): nothing
   * this listing counted may be used; the caller lists again sequentially.
   */
  untrusted?: string
}

interface SliceState extends SlicePlan {
  /** Position in the requested order, from 0. */
  index: number
  done: boolean
}

/**
 * The message ids of all slices in slice order, holding no more than the output keeps (MESSAGE_IDS_MAX_BYTES, as
 * MessageIds counts it) however many slices run at once: when the ids held pass the cap, the last ones in order
 * are dropped, and neither their slice nor any later one collects again. What is left is exactly the prefix that
 * one MessageIds fed the slices one after the other would hold.
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

/** Bytes an id adds to the JSON array, as MessageIds counts them; printable ASCII without escapes counted directly. */
const idBytes = (id: string): number =>
  PLAIN_ASCII.test(id) ? id.length + 3 : Buffer.byteLength(JSON.stringify(id)) + 1
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/

class Stop extends Error {}

/**
 * Lists the DLQ as date slices drained at the same time, complete whatever timestamp the service filters on and
 * in whatever order it answers: the outermost slices are open (or the user's bounds), slices overlap only by
 * the tolerance at their bounds, and messages in those overlaps are deduplicated by dlqId (else messageId).
 * Neither `order` nor createdAt decides completeness. When a message shows that the slices cannot be trusted,
 * the listing stops and says why (`untrusted`), so that the caller can list sequentially instead.
 */
export async function listInSlices(
  client: DlqLister,
  request: ListRequest,
  acc: ListAccumulator,
  problems: ItemProblems,
  hooks: ListHooks
): Promise<SlicesOutcome> {
  const ascending = request.order === 'earliestFirst'
  const { fromDate: userFrom, toDate: userTo } = request.filters
  let pages = 0
  let budget = request.maxPages
  let duplicates = 0
  let failure: Failure | undefined
  let untrusted: string | undefined

  // The client holds requests at once to what the service allows (a 429 narrows it): workers just ask.
  const fetch = async (
    from: number | undefined,
    to: number | undefined,
    count: number,
    order: Order,
    cursor?: string
  ) => {
    if (failure !== undefined || untrusted !== undefined) throw new Stop()
    // Messages two slices both returned take pages a sequential listing never spends: they are not counted.
    if (++pages > budget + Math.ceil(duplicates / request.pageSize)) {
      throw new DrainStopped({ kind: 'max-pages', pages: request.maxPages, input: Inputs.MaxPages })
    }
    const filters = { ...request.filters, fromDate: from, toDate: to }
    return client.listDlqPage(listQuery(filters, count, order, cursor))
  }

  // The oldest and newest message guide where to cut; an order the server ignores only makes the cut poorer.
  const firstOf = async (order: Order): Promise<number | undefined | null> => {
    const page = await fetch(userFrom, userTo, 1, order)
    const first = readDlqMessages(page.items).messages[0]
    return first === undefined ? null : first.createdAt
  }
  let plan: { slices: SlicePlan[]; overlaps: [number, number][] } | undefined
  try {
    const [a, b] = await Promise.all([
      userFrom !== undefined && userTo !== undefined ? userFrom : firstOf('earliestFirst'),
      userFrom !== undefined && userTo !== undefined ? userTo : firstOf('latestFirst')
    ])
    if (a === undefined || b === undefined) {
      untrusted = 'a message has no createdAt, so it cannot be placed in a date slice'
    } else if (a === null || b === null) {
      plan = planSlices(0, 0, 1, userFrom, userTo) // nothing matches: one open slice confirms it
    } else {
      const lo = Math.max(Math.min(a, b), userFrom ?? -Infinity)
      const hi = Math.min(Math.max(a, b), userTo ?? Infinity)
      plan = planSlices(lo, Math.max(lo, hi), request.concurrency * SLICES_PER_WORKER, userFrom, userTo)
    }
  } catch (err) {
    if (!(err instanceof Stop)) failure = failureOf(err)
  }
  const planned = plan?.slices ?? []
  if (!ascending) planned.reverse()
  const slices: SliceState[] = planned.map((s, index) => ({ ...s, index, done: false }))
  const ids = new OrderedIds(slices.length)
  const dlqIds = new OrderedIds(slices.length)
  const overlaps = plan?.overlaps ?? []
  // Range discovery and each slice's last, partly filled page do not count against max-pages.
  budget += 2 + slices.length

  // Keys of messages seen in an overlap window: the only place two slices can both return a message.
  const seenInOverlap = new Set<string>()

  const drainSlice = async (slice: SliceState): Promise<void> => {
    // The windows this slice's messages can fall in: at most two, at its own bounds.
    const near = overlaps.filter(([a, b]) => b >= slice.accept[0] && a <= slice.accept[1])
    const inOverlap = (at: number): boolean => near.some(([a, b]) => at >= a && at <= b)
    const pagesOfSlice = drainPages(cursor => fetch(slice.from, slice.to, request.pageSize, request.order, cursor), {
      maxPages: Number.MAX_SAFE_INTEGER, // the shared budget in fetch bounds the listing as a whole
      maxPagesInput: Inputs.MaxPages,
      // Handling a page overlaps the slice's next round trip, as in a sequential listing.
      prefetch: true
    })
    for await (const page of pagesOfSlice) {
      const read = readDlqMessages(page.items)
      problems.add(read.problems)
      const taken: DlqMessage[] = []
      for (const message of read.messages) {
        const at = message.createdAt
        if (at === undefined) {
          untrusted = `message ${JSON.stringify(message.messageId)} has no createdAt, so it cannot be placed in a date slice`
          throw new Stop()
        }
        if (at < slice.accept[0] || at > slice.accept[1]) {
          untrusted =
            `message ${JSON.stringify(message.messageId)} (createdAt ${at}) came back for the date slice ` +
            `${slice.from ?? 'open'} to ${slice.to ?? 'open'}: the service does not filter dates on createdAt`
          throw new Stop()
        }
        if (inOverlap(at)) {
          const key = `${message.dlqId ?? ''}\u0000${message.messageId}`
          if (seenInOverlap.has(key)) {
            duplicates++
            continue
          }
          seenInOverlap.add(key)
        }
        taken.push(message)
      }
      for (const message of taken) {
        acc.add(message)
        ids.add(slice.index, message.messageId)
        if (message.dlqId !== undefined) dlqIds.add(slice.index, message.dlqId)
      }
      await hooks.sink?.write(taken)
      hooks.onPage?.(taken.length, acc.count)
      if (hooks.progress) hooks.progress.confirmed = acc.count + problems.unreadable
    }
  }

  let next = 0
  const worker = async (): Promise<void> => {
    while (failure === undefined && untrusted === undefined && next < slices.length) {
      const slice = slices[next++] as SliceState
      try {
        await drainSlice(slice)
        slice.done = true
      } catch (err) {
        if (!(err instanceof Stop)) failure ??= failureOf(err)
      }
    }
  }
  await Promise.all(Array.from({ length: request.concurrency }, worker))

  return {
    pages,
    // Message ids in the requested order: slices were laid out in that order.
    ids: new ListedIds(ids.result(), dlqIds.result()),
    slices: slices.length,
    ...(untrusted !== undefined ? { untrusted } : {}),
    ...(failure !== undefined && untrusted === undefined ? { failure: { ...failure, parallel: true } } : {})
  }
}
