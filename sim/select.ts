/**
 * What the routes share to pick entries of a sorted DLQ: a selection (an index range and a test), the entries past a
 * keyset cursor, the cursor of the next request, sorted inserts and in-place removal. Both DLQs use it: the messages
 * sorted by (createdAt, messageId), the failed workflow runs by (failedAt, dlqId).
 */
import { comparePos, decodeCursor, encodeCursor, partition, type Position } from './cursor.js'
import { HttpError } from './respond.js'
import type { SimMessage, WorkflowDlqEntry } from './seed.js'

/** How a DLQ is sorted: by a time, then an id; a keyset cursor holds both. */
export interface SortKey<T> {
  time(entry: T): number
  id(entry: T): string
}

export const MESSAGE_KEY: SortKey<SimMessage> = { time: m => m.createdAt, id: m => m.messageId }
export const RUN_KEY: SortKey<WorkflowDlqEntry> = { time: e => e.failedAt, id: e => e.dlqId }

/** The index range [lo, hi) of a sorted DLQ to look at, and the test an entry there must pass. */
export interface Selection<T> {
  lo: number
  hi: number
  matches(entry: T): boolean
}

/**
 * Up to `count` entries of a selection past the cursor's position, and whether another one follows: after it, oldest
 * first, or (`newestFirst`, order latestFirst) before it, newest first.
 */
export function selectedPast<T>(
  items: readonly T[],
  key: SortKey<T>,
  selection: Selection<T>,
  position: Position | undefined,
  count: number,
  newestFirst = false
): { entries: T[]; more: boolean } {
  const { lo, hi } = selection
  let start = lo
  let end = hi
  const at = (e: T): number => (position ? comparePos(key.time(e), key.id(e), position) : 0)
  if (position && newestFirst)
    end = Math.min(
      hi,
      partition(items, e => at(e) < 0)
    )
  else if (position)
    start = Math.max(
      lo,
      partition(items, e => at(e) <= 0)
    )
  const entries: T[] = []
  for (let k = 0; k < end - start; k++) {
    const e = items[newestFirst ? end - 1 - k : start + k] as T
    if (!selection.matches(e)) continue
    if (entries.length === count) return { entries, more: true }
    entries.push(e)
  }
  return { entries, more: false }
}

/** The cursor a request sent, and the position it holds (none: from the start; a stuck answer takes any as that). */
export function readCursor(query: URLSearchParams, tag: string, stuck: boolean): { raw: string; position?: Position } {
  const raw = query.get('cursor') ?? ''
  if (raw === '') return { raw }
  const position = decodeCursor(tag, raw)
  if (!position && !stuck) throw new HttpError(400, 'invalid cursor')
  return position ? { raw, position } : { raw }
}

/** The cursor an answer carries: after its last entry when more follow, the one received when stuck, else none. */
export function nextCursor<T>(
  tag: string,
  key: SortKey<T>,
  page: { entries: readonly T[]; more: boolean },
  stuck: { stuck: boolean; raw: string }
): string | undefined {
  if (stuck.stuck) return stuck.raw || 'stuck'
  const last = page.entries[page.entries.length - 1]
  return page.more && last !== undefined ? encodeCursor(tag, { time: key.time(last), id: key.id(last) }) : undefined
}

/** Inserts an entry where its (time, id) puts it, so the DLQ stays sorted as its routes expect. */
export function insertSorted<T>(items: T[], key: SortKey<T>, entry: T): void {
  const time = key.time(entry)
  const id = key.id(entry)
  const at = partition(items, e => key.time(e) < time || (key.time(e) === time && key.id(e) < id))
  items.splice(at, 0, entry)
}

/** Removes these entries in place (the array object stays the same for observers). */
export function removeEntries<T>(items: T[], chosen: readonly T[]): void {
  const removed = new Set(chosen)
  let w = 0
  for (let r = 0; r < items.length; r++) {
    const e = items[r] as T
    if (!removed.has(e)) items[w++] = e
  }
  items.length = w
}
