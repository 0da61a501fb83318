/** Cursor draining, with the guards every drain needs, written once. */

export interface Page {
  cursor?: string
}

export interface DrainOptions {
  /** Cursor to start from (a saved `next-cursor`); the first request sends none when undefined. */
  startCursor?: string
  /** Most pages to fetch before stopping with an error naming the input to raise. */
  maxPages: number
  /** The input that sets maxPages, named in the error. */
  maxPagesInput: string
  /**
   * Request the next page as soon as a page arrives, before the caller has handled it, so that handling
   * overlaps the next round trip. Only for reads: the caller may stop early and drop a page it never sees.
   */
  prefetch?: boolean
}

/** Draining stopped before the service said "no more": `cursor` continues from where it stopped. */
export class DrainStopped extends Error {
  override name = 'DrainStopped'
  constructor(
    message: string,
    /** Where to continue; undefined when continuing would only repeat the loop. */
    readonly cursor?: string
  ) {
    super(message)
  }
}

/**
 * Yields page after page, sending each cursor back verbatim, until a page carries no cursor.
 * Stops with DrainStopped when the service returns the cursor it was sent (it would loop forever) or
 * after `maxPages` pages. A page is always yielded before its cursor is judged, so nothing it carries is lost.
 */
export async function* drainPages<P extends Page>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  options: DrainOptions
): AsyncGenerator<P, void, undefined> {
  let cursor = options.startCursor
  let pending = fetchPage(cursor)
  for (let pages = 1; ; pages++) {
    const page = await pending
    const next = page.cursor
    if (options.prefetch && next !== undefined && next !== cursor && pages < options.maxPages) {
      pending = fetchPage(next)
      // A caller that stops early never awaits it: its failure must not become an unhandled rejection.
      pending.catch(() => {})
    }
    yield page
    if (next === undefined) return
    if (next === cursor) {
      throw new DrainStopped(
        `the service returned the cursor it was sent ("${next}") and would never finish; stopped after ${pages} pages`
      )
    }
    if (pages >= options.maxPages) {
      throw new DrainStopped(
        `stopped after ${pages} pages (${options.maxPagesInput}); raise ${options.maxPagesInput} or continue with cursor "${next}"`,
        next
      )
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
  error?: string
}

/**
 * Drains pages into `onPage` and never throws: a failure is returned with the cursor of the request that
 * failed, so a re-run with that cursor continues. `onPage` returns false to stop early (e.g. max-messages).
 */
export async function drainInto<P extends Page>(
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
    // Continue from the first page not handled: the one that failed, or the one whose handling failed.
    const nextCursor = err instanceof DrainStopped ? err.cursor : unhandled[0]
    return { pages, error: (err as Error).message, ...(nextCursor !== undefined ? { nextCursor } : {}) }
  }
}
