import { Inputs } from '../constants.js'
import type { ListSettings } from '../inputs/settings.js'
import { drainPages } from '../service/pagination.js'
import { listQuery } from '../service/query.js'
import type { DlqMessage, DlqPage } from '../service/schemas.js'
import { MessageIds, type ListAccumulator } from './accumulator.js'
import type { DlqLister, ListHooks } from './list-dlq.js'

/**
 * A range of creation times, inclusive at both ends, drained by its own cursor. While it is drained its far
 * end may be pulled in (when an idle worker takes the rest): messages past it are left to that worker.
 */
interface Slice {
  from: number
  to: number
  /** Creation time of the first and the last message taken, in listing order. */
  firstAt?: number
  progress?: number
  taken: number
  /** Messages per millisecond seen so far, or inherited from the slice it was split off. */
  density?: number
  ids: MessageIds
  state: 'waiting' | 'draining' | 'done'
}

export interface SlicesOutcome {
  pages: number
  messageIds: MessageIds
  error?: string
}

class Stop extends Error {}

/**
 * Lists the DLQ as disjoint date slices drained at the same time. The range comes from from-date/to-date
 * or, when open, from the oldest and newest message. Slices tile it with no gap and no overlap; when a
 * worker runs out of slices it splits the one with most left, so all workers stay busy to the end.
 * The result holds each message once, and message ids come out in the requested order.
 */
export async function listInSlices(
  client: DlqLister,
  settings: ListSettings,
  acc: ListAccumulator,
  hooks: ListHooks
): Promise<SlicesOutcome> {
  const limit = hooks.limit ?? (<T>(task: () => Promise<T>) => task())
  const ascending = settings.order === 'earliestFirst'
  let pages = 0
  let error: string | undefined
  const slices: Slice[] = []

  const fetch = (
    from: number | undefined,
    to: number | undefined,
    count: number,
    order: ListSettings['order'],
    cursor?: string
  ) =>
    limit(() => {
      if (error !== undefined) throw new Stop()
      if (++pages > settings.maxPages) {
        throw new Error(`stopped after ${settings.maxPages} pages (${Inputs.MaxPages}); raise ${Inputs.MaxPages}`)
      }
      const filters = {
        ...settings.filters,
        ...(from !== undefined ? { fromDate: from } : {}),
        ...(to !== undefined ? { toDate: to } : {})
      }
      return client.listDlqPage(listQuery(filters, count, order, cursor))
    })

  try {
    const range = await discoverRange(settings, fetch)
    if (range) {
      for (const [from, to] of tile(range.from, range.to, settings.concurrency)) {
        slices.push({ from, to, taken: 0, ids: new MessageIds(), state: 'waiting' })
      }
    }
  } catch (err) {
    if (!(err instanceof Stop)) error = (err as Error).message
  }

  /** A waiting slice, or a new one split off the draining slice with the most left. */
  const nextSlice = (): Slice | undefined => {
    const waiting = slices.find(s => s.state === 'waiting')
    if (waiting) return waiting
    let best: { slice: Slice; expected: number } | undefined
    for (const slice of slices) {
      if (slice.state !== 'draining' || slice.density === undefined) continue
      const left = remaining(slice, ascending)
      // Worth a new cursor only if both halves still hold more than a page each.
      const expected = slice.density * left
      if (left >= 2 && expected > 2 * settings.count && (!best || expected > best.expected)) best = { slice, expected }
    }
    if (!best) return undefined
    const { slice } = best
    // The draining slice keeps the part next to where it has got to; the new slice takes the far part.
    let range: [number, number]
    if (ascending) {
      const start = slice.progress === undefined ? slice.from : slice.progress + 1
      const mid = Math.floor((start + slice.to) / 2)
      range = [mid + 1, slice.to]
      slice.to = mid
    } else {
      const start = slice.progress === undefined ? slice.to : slice.progress - 1
      const mid = Math.floor((slice.from + start) / 2)
      range = [slice.from, mid]
      slice.from = mid + 1
    }
    const split: Slice = {
      from: range[0],
      to: range[1],
      taken: 0,
      density: slice.density,
      ids: new MessageIds(),
      state: 'waiting'
    }
    slices.splice(slices.indexOf(slice) + 1, 0, split)
    return split
  }

  const drainSlice = async (slice: Slice): Promise<void> => {
    slice.state = 'draining'
    const { from, to } = slice // the query keeps the bounds it started with: a cursor belongs to its query
    const pagesOfSlice = drainPages(cursor => fetch(from, to, settings.count, settings.order, cursor), {
      maxPages: settings.maxPages,
      maxPagesInput: Inputs.MaxPages
    })
    for await (const page of pagesOfSlice) {
      const taken: DlqMessage[] = []
      let past = false
      for (const message of page.messages()) {
        const at = message.createdAt
        if (at !== undefined && (ascending ? at > slice.to : at < slice.from)) {
          past = true // the rest of this slice now belongs to the slice split off it
          break
        }
        taken.push(message)
        if (at !== undefined) {
          slice.firstAt ??= at
          slice.progress = at
        }
      }
      for (const message of taken) {
        acc.add(message)
        slice.ids.add(message.messageId)
      }
      slice.taken += taken.length
      if (slice.progress !== undefined && slice.firstAt !== undefined && slice.taken > 1) {
        // Measured from the first message, not the slice's start: an empty stretch before it says nothing.
        slice.density = (slice.taken - 1) / Math.max(1, Math.abs(slice.progress - slice.firstAt))
      }
      changed()
      await hooks.sink?.write(taken)
      hooks.onPage?.(taken.length, acc.count)
      if (past) break
    }
    slice.state = 'done'
  }

  // Idle workers wait for news (a page, a slice done) rather than quit: a slice may become worth splitting.
  let news: (() => void)[] = []
  const changed = (): void => {
    const waiting = news
    news = []
    waiting.forEach(wake => wake())
  }
  const worker = async (): Promise<void> => {
    while (error === undefined) {
      const slice = nextSlice()
      if (slice) {
        try {
          await drainSlice(slice)
        } catch (err) {
          if (!(err instanceof Stop)) error ??= (err as Error).message
        }
        slice.state = 'done'
        changed()
      } else if (slices.some(s => s.state === 'draining')) {
        await new Promise<void>(resolve => news.push(resolve))
      } else {
        return
      }
    }
    changed()
  }
  await Promise.all(Array.from({ length: settings.concurrency }, worker))

  const ordered = [...slices].sort((a, b) => (ascending ? a.from - b.from : b.from - a.from))
  const messageIds = new MessageIds()
  for (const slice of ordered) messageIds.append(slice.ids)
  return {
    pages,
    messageIds,
    ...(error !== undefined
      ? { error: `${error} (a parallel listing has no single cursor to continue from: re-run the listing)` }
      : {})
  }
}

/** The creation-time range to slice: from-date/to-date where set, else the oldest and newest message. */
async function discoverRange(
  settings: ListSettings,
  fetch: (
    from: number | undefined,
    to: number | undefined,
    count: number,
    order: ListSettings['order']
  ) => Promise<DlqPage>
): Promise<{ from: number; to: number } | undefined> {
  const { fromDate, toDate } = settings.filters
  const [first, last] = await Promise.all([
    fromDate ?? fetch(fromDate, toDate, 1, 'earliestFirst').then(p => p.messages()[0]?.createdAt),
    toDate ?? fetch(fromDate, toDate, 1, 'latestFirst').then(p => p.messages()[0]?.createdAt)
  ])
  if (first === undefined || last === undefined || first > last) return undefined
  return { from: first, to: last }
}

/** Splits [from, to] into at most n ranges of whole milliseconds, in order, with no gap and no overlap. */
export function tile(from: number, to: number, n: number): [number, number][] {
  const span = to - from + 1
  const parts = Math.max(1, Math.min(n, span))
  const ranges: [number, number][] = []
  for (let i = 0; i < parts; i++) {
    const start = from + Math.floor((span * i) / parts)
    const end = from + Math.floor((span * (i + 1)) / parts) - 1
    ranges.push([start, end])
  }
  return ranges
}

/** Milliseconds of a slice not yet covered, in listing order. */
function remaining(slice: Slice, ascending: boolean): number {
  if (ascending) return slice.to - (slice.progress === undefined ? slice.from : slice.progress + 1) + 1
  return (slice.progress === undefined ? slice.to : slice.progress - 1) - slice.from + 1
}
