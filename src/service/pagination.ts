/** Cursor draining, with the guards every drain needs, written once. */
import { MAX_CURSOR_LENGTH } from '../constants.js'
import { failureOf, type Failure } from '../failure.js'

export interface DrainOptions {
  /** Cursor to start from (a saved `next-cursor`); the first request sends none when undefined. */
  startCursor?: string
  /** Most pages to fetch, and the input that sets it: the error on reaching it names the input to raise. */
  maxPages: number
  maxPagesInput: string
  /** Request the next page before this one is handled. Only for reads: a caller that stops early drops a page. */
  prefetch?: boolean
}

/** Draining stopped before the service said "no more": `cursor` continues from where it stopped. */
export class DrainStopped extends Error {
  override name = 'DrainStopped'
  constructor(
    readonly failure: Failure & { kind: 'max-pages' | 'repeated-cursor' | 'long-cursor' },
    /** Where to continue; undefined when continuing would only repeat the loop. */
    readonly cursor?: string
  ) {
    super(failure.kind)
  }
}

/**
 * A 53-bit fingerprint of a cursor (cyrb53), so that a drain can remember every cursor it sent in a few bytes
 * each. Two different cursors share one with odds of about n²/2^54 over n pages: 1 in 10^8 at 10,000 pages.
 */
export function cursorFingerprint(text: string): number {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}

/** A cursor as a log or error text may show it: never more than a few dozen characters of it. */
export function cursorLabel(cursor: string): string {
  return cursor.length <= 64 ? `"${cursor}"` : `"${cursor.slice(0, 48)}…" (${cursor.length} characters)`
}

/**
 * Yields page after page, sending each cursor back verbatim, until a page carries no cursor. Stops with DrainStopped
 * at a cursor already sent in this drain (a cycle A → B → A would never end), one longer than MAX_CURSOR_LENGTH, or
 * after `maxPages` pages. A page is yielded before its cursor is judged, so nothing it carries is lost.
 */
export async function* drainPages<P extends { cursor?: string }>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  options: DrainOptions
): AsyncGenerator<P, void, undefined> {
  let cursor = options.startCursor
  const sent = new Set(cursor === undefined ? [] : [cursorFingerprint(cursor)])
  let pending = fetchPage(cursor)
  for (let pages = 1; ; pages++) {
    const page = await pending
    const next = page.cursor
    // Undefined for no cursor and for one too long to send back.
    const fingerprint = next !== undefined && next.length <= MAX_CURSOR_LENGTH ? cursorFingerprint(next) : undefined
    const isNew = fingerprint !== undefined && !sent.has(fingerprint)
    if (options.prefetch && isNew && pages < options.maxPages) {
      pending = fetchPage(next)
      // A caller that stops early never awaits it: its failure must not become an unhandled rejection.
      pending.catch(() => {})
    }
    yield page
    if (next === undefined) return
    if (fingerprint === undefined) {
      throw new DrainStopped({ kind: 'long-cursor', pages, length: next.length, limit: MAX_CURSOR_LENGTH })
    }
    if (!isNew) throw new DrainStopped({ kind: 'repeated-cursor', pages, cursor: next, same: next === cursor })
    sent.add(fingerprint)
    if (pages >= options.maxPages) {
      throw new DrainStopped({ kind: 'max-pages', pages, input: options.maxPagesInput, cursor: next }, next)
    }
    cursor = next
    if (!options.prefetch) pending = fetchPage(cursor)
  }
}

/** How a drain ended: every page fetched, stopped early on purpose, or failed part way. */
export interface DrainOutcome {
  pages: number
  /** Where to continue from when the drain did not reach the end. */
  nextCursor?: string
  /** Why the drain failed part way; the pages before it were all handed to `onPage`. */
  failure?: Failure
}

/**
 * Drains pages into `onPage` and never throws: a failure is returned with the cursor of the request that
 * failed, so a re-run with that cursor continues. `onPage` returns false to stop early (e.g. max-messages).
 */
export async function drainInto<P extends { cursor?: string }>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  options: DrainOptions,
  onPage: (page: P) => boolean | void | Promise<boolean | void>
): Promise<DrainOutcome> {
  let pages = 0
  // Cursors sent, oldest first, whose pages have not been handled yet (two while prefetching).
  const unhandled: (string | undefined)[] = []
  const tracked = (cursor: string | undefined): Promise<P> => {
    unhandled.push(cursor)
    return fetchPage(cursor)
  }
  try {
    for await (const page of drainPages(tracked, options)) {
      if ((await onPage(page)) === false && page.cursor !== undefined)
        return { pages: pages + 1, nextCursor: page.cursor }
      pages++
      unhandled.shift()
    }
    return { pages }
  } catch (err) {
    // Continue from the first page not handled: the one that failed, or the one whose handling failed; never from a
    // cursor too long to send with these filters (a re-run with it would be refused).
    const failure = failureOf(err)
    const nextCursor =
      err instanceof DrainStopped ? err.cursor : failure.kind === 'long-request' ? undefined : unhandled[0]
    return { pages, failure, ...(nextCursor !== undefined ? { nextCursor } : {}) }
  }
}
