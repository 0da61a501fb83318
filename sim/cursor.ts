/**
 * Keyset cursors of the simulator: base64url of "<tag>|<time>|<id>|<checksum>", so a garbled cursor is detected,
 * and the binary search that turns a position into an index of a sorted list.
 */

/** FNV-1a of a string, base 36: the cursor checksum, and a stable per-message hash for the variants. */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(36)
}

/** A keyset position: the sort time and id of the last item of a page. */
export interface Position {
  time: number
  id: string
}

export function encodeCursor(tag: string, pos: Position): string {
  const payload = `${tag}|${pos.time}|${pos.id}`
  return Buffer.from(`${payload}|${fnv1a(payload)}`, 'utf8').toString('base64url')
}

/** The position a cursor carries; undefined for one this simulator did not make with this tag. */
export function decodeCursor(tag: string, cursor: string): Position | undefined {
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(cursor)) return undefined
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  if (Buffer.from(text, 'utf8').toString('base64url') !== cursor) return undefined
  const parts = text.split('|')
  if (parts.length !== 4 || parts[0] !== tag) return undefined
  const [, time, id, sum] = parts as [string, string, string, string]
  if (!/^\d{1,16}$/.test(time) || id === '') return undefined
  if (fnv1a(`${tag}|${time}|${id}`) !== sum) return undefined
  return { time: Number(time), id }
}

/** -1/0/1 comparing (time, id) tuples. */
export function comparePos(aTime: number, aId: string, b: Position): number {
  if (aTime !== b.time) return aTime < b.time ? -1 : 1
  return aId < b.id ? -1 : aId > b.id ? 1 : 0
}

/** First index in [0, length) whose key satisfies !before(key); `before` must be monotone. */
export function partition<T>(items: readonly T[], before: (item: T) => boolean): number {
  let lo = 0
  let hi = items.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (before(items[mid] as T)) lo = mid + 1
    else hi = mid
  }
  return lo
}
