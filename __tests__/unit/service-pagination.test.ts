import { describe, expect, it } from '@jest/globals'
import { cursorFingerprint, drainInto, drainPages, DrainStopped } from '../../src/service/pagination.js'
import { MAX_CURSOR_LENGTH } from '../../src/constants.js'
import { failureStatus } from '../../src/failure.js'
import { failureText } from '../../src/report/failure-text.js'
import { ServiceError } from '../../src/service/errors.js'
import { statusFailure } from '../support/results.js'
import { listQuery, overrideHeaders, resumeQuery, scheduleResumePath } from '../../src/service/query.js'

/** The sentence of the guard a drain stopped with; fails the test when it ended otherwise. */
async function stoppedWith(drain: Promise<void>): Promise<string> {
  const err = await drain.catch((e: unknown) => e)
  expect(err).toBeInstanceOf(DrainStopped)
  return failureText('list-dlq', (err as DrainStopped).failure)
}

/** A fake service answering from a script: each call returns the next page, recording the cursor it got. */
function scripted(pages: ({ cursor?: string; n: number } | Error)[]) {
  const sent: (string | undefined)[] = []
  const fetchPage = async (cursor: string | undefined) => {
    sent.push(cursor)
    const page = pages[sent.length - 1]
    if (page === undefined) throw new Error('fetched past the last page')
    if (page instanceof Error) throw page
    return page
  }
  return { sent, fetchPage }
}

const options = { maxPages: 100, maxPagesInput: 'max-pages' }

describe('drainPages', () => {
  it('sends each cursor back verbatim until a page has none', async () => {
    const { sent, fetchPage } = scripted([{ cursor: 'a b/=', n: 1 }, { cursor: 'c', n: 2 }, { n: 3 }])
    const seen: number[] = []
    for await (const page of drainPages(fetchPage, options)) seen.push(page.n)
    expect(seen).toEqual([1, 2, 3])
    expect(sent).toEqual([undefined, 'a b/=', 'c'])
  })

  it('starts from a saved cursor', async () => {
    const { sent, fetchPage } = scripted([{ n: 1 }])
    for await (const _ of drainPages(fetchPage, { ...options, startCursor: 's' })) void _
    expect(sent).toEqual(['s'])
  })

  it('stops on a repeated cursor after yielding that page', async () => {
    const { fetchPage } = scripted([{ cursor: 'x', n: 1 }, { cursor: 'x', n: 2 }, { n: 3 }])
    const seen: number[] = []
    const drain = async () => {
      for await (const page of drainPages(fetchPage, options)) seen.push(page.n)
    }
    expect(await stoppedWith(drain())).toMatch(/returned the cursor it was sent \("x"\)/)
    expect(seen).toEqual([1, 2])
  })

  it('stops on a cycle through earlier cursors (A → B → A) after yielding the page that closes it', async () => {
    const { fetchPage, sent } = scripted([
      { cursor: 'A', n: 1 },
      { cursor: 'B', n: 2 },
      { cursor: 'A', n: 3 },
      { n: 4 }
    ])
    const seen: number[] = []
    const drain = async () => {
      for await (const page of drainPages(fetchPage, { ...options, maxPages: 500 })) seen.push(page.n)
    }
    expect(await stoppedWith(drain())).toMatch(/returned a cursor it had already been sent \("A"\)/)
    expect(seen).toEqual([1, 2, 3])
    expect(sent).toEqual([undefined, 'A', 'B'])
  })

  it('counts the start cursor as sent', async () => {
    const { fetchPage } = scripted([
      { cursor: 'x', n: 1 },
      { cursor: 's', n: 2 }
    ])
    const drain = async () => {
      for await (const _ of drainPages(fetchPage, { ...options, startCursor: 's' })) void _
    }
    expect(await stoppedWith(drain())).toMatch(/already been sent \("s"\)/)
  })

  it('refuses a cursor longer than MAX_CURSOR_LENGTH, without repeating it whole', async () => {
    const long = 'c'.repeat(MAX_CURSOR_LENGTH + 1)
    const { fetchPage, sent } = scripted([{ cursor: long, n: 1 }, { n: 2 }])
    const err = (await (async () => {
      for await (const _ of drainPages(fetchPage, { ...options, prefetch: true })) void _
    })().catch((e: unknown) => e)) as DrainStopped
    expect(err).toBeInstanceOf(DrainStopped)
    expect(failureText('list-dlq', err.failure)).toContain(`a cursor of ${MAX_CURSOR_LENGTH + 1} characters`)
    expect(failureText('list-dlq', err.failure)).not.toContain(long)
    expect(err.cursor).toBeUndefined()
    expect(sent).toEqual([undefined])
  })

  it('gives different cursors different fingerprints and the same cursor the same one', () => {
    const prints = new Set(Array.from({ length: 10_000 }, (_, i) => cursorFingerprint(`cursor-${i}`)))
    expect(prints.size).toBe(10_000)
    expect(cursorFingerprint('abc')).toBe(cursorFingerprint('abc'))
    expect(Number.isSafeInteger(cursorFingerprint('abc'))).toBe(true)
  })

  it('stops after the page budget, naming the input to raise and the cursor', async () => {
    const { fetchPage } = scripted([{ cursor: 'a', n: 1 }, { cursor: 'b', n: 2 }, { n: 3 }])
    const drain = async () => {
      for await (const _ of drainPages(fetchPage, { ...options, maxPages: 2 })) void _
    }
    const err = (await drain().catch((e: unknown) => e)) as DrainStopped
    expect(err).toBeInstanceOf(DrainStopped)
    expect(failureText('list-dlq', err.failure)).toBe(
      'stopped after 2 pages (max-pages); raise max-pages or continue with cursor "b"'
    )
    expect(err.cursor).toBe('b')
  })
})

describe('drainInto', () => {
  it('keeps the failure typed: the HTTP status of a refusal, or the guard that stopped the drain', async () => {
    const refused = new ServiceError(statusFailure(401))
    const first = await drainInto(scripted([refused]).fetchPage, options, () => {})
    expect(first).toMatchObject({ pages: 0, failure: { kind: 'request' } })
    expect(failureStatus(first.failure)).toBe(401)
    const budget = await drainInto(
      scripted([{ cursor: 'a', n: 1 }, { n: 2 }]).fetchPage,
      { ...options, maxPages: 1 },
      () => {}
    )
    expect(budget).toMatchObject({ pages: 1, nextCursor: 'a', failure: { kind: 'max-pages' } })
    const loop = await drainInto(
      scripted([
        { cursor: 'x', n: 1 },
        { cursor: 'x', n: 2 }
      ]).fetchPage,
      options,
      () => {}
    )
    expect(loop.failure).toMatchObject({ kind: 'repeated-cursor' })
    const lost = await drainInto(scripted([new Error('socket hang up')]).fetchPage, options, () => {})
    expect(lost.failure).toEqual({ kind: 'error', message: 'socket hang up' })
  })

  it('returns the cursor of the request that failed, with every page before it', async () => {
    const { fetchPage } = scripted([{ cursor: 'a', n: 1 }, { cursor: 'b', n: 2 }, new Error('HTTP 503')])
    const seen: number[] = []
    const outcome = await drainInto(fetchPage, options, page => void seen.push(page.n))
    expect(seen).toEqual([1, 2])
    expect(outcome).toEqual({ pages: 2, failure: { kind: 'error', message: 'HTTP 503' }, nextCursor: 'b' })
  })

  it('has no cursor when the very first request fails', async () => {
    const { fetchPage } = scripted([new Error('refused')])
    expect(await drainInto(fetchPage, options, () => {})).toEqual({
      pages: 0,
      failure: { kind: 'error', message: 'refused' }
    })
  })

  it('stops early when told, keeping the cursor to continue', async () => {
    const { sent, fetchPage } = scripted([{ cursor: 'a', n: 1 }, { cursor: 'b', n: 2 }, { n: 3 }])
    const outcome = await drainInto(fetchPage, options, page => page.n < 2)
    expect(outcome).toEqual({ pages: 2, nextCursor: 'b' })
    expect(sent).toHaveLength(2)
  })
})

describe('prefetch', () => {
  it('requests the next page before the caller has handled the current one', async () => {
    const { sent, fetchPage } = scripted([{ cursor: 'a', n: 1 }, { cursor: 'b', n: 2 }, { n: 3 }])
    const seenWhenHandling: number[] = []
    for await (const _ of drainPages(fetchPage, { ...options, prefetch: true })) seenWhenHandling.push(sent.length)
    expect(seenWhenHandling).toEqual([2, 3, 3])
    expect(sent).toEqual([undefined, 'a', 'b'])
  })

  it('continues from the page whose handling failed, not from the one fetched ahead', async () => {
    const { fetchPage } = scripted([{ cursor: 'a', n: 1 }, { cursor: 'b', n: 2 }, { n: 3 }])
    const outcome = await drainInto(fetchPage, { ...options, prefetch: true }, page => {
      if (page.n === 2) throw new Error('disk full')
    })
    expect(outcome).toEqual({ pages: 1, failure: { kind: 'error', message: 'disk full' }, nextCursor: 'a' })
  })

  it('continues from the fetched-ahead page when its request fails', async () => {
    const { fetchPage } = scripted([{ cursor: 'a', n: 1 }, new Error('HTTP 503')])
    expect(await drainInto(fetchPage, { ...options, prefetch: true }, () => {})).toEqual({
      pages: 1,
      failure: { kind: 'error', message: 'HTTP 503' },
      nextCursor: 'a'
    })
  })

  it('lets a caller stop early while a page fetched ahead fails, without an unhandled rejection', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const { fetchPage } = scripted([{ cursor: 'a', n: 1 }, new Error('HTTP 503')])
      expect(await drainInto(fetchPage, { ...options, prefetch: true }, () => false)).toEqual({
        pages: 1,
        nextCursor: 'a'
      })
      await new Promise(resolve => setTimeout(resolve, 10))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })

  it('does not fetch past the page budget or a repeated cursor', async () => {
    const budget = scripted([{ cursor: 'a', n: 1 }, { cursor: 'b', n: 2 }, { n: 3 }])
    await drainInto(budget.fetchPage, { ...options, prefetch: true, maxPages: 2 }, () => {})
    expect(budget.sent).toEqual([undefined, 'a'])
    const loop = scripted([{ cursor: 'x', n: 1 }, { cursor: 'x', n: 2 }, { n: 3 }])
    await drainInto(loop.fetchPage, { ...options, prefetch: true }, () => {})
    expect(loop.sent).toEqual([undefined, 'x'])
  })
})

describe('query building', () => {
  it('sends only the filters set, repeating keys for several values', () => {
    const q = listQuery(
      { url: ['https://a/x?y=1&z', 'b'], fromDate: 5, callerIp: ['1.2.3.4'] },
      50,
      'latestFirst',
      'c/1='
    )
    expect(q.toString()).toBe(
      'url=https%3A%2F%2Fa%2Fx%3Fy%3D1%26z&url=b&fromDate=5&callerIp=1.2.3.4&count=50&order=latestFirst&cursor=c%2F1%3D'
    )
    expect(q.getAll('url')).toEqual(['https://a/x?y=1&z', 'b'])
  })

  it('puts resume selectors in the query, dlqIds repeated', () => {
    const q = resumeQuery({ dlqIds: ['d1', 'd2'], workflowRunId: 'wfr_', workflowCreatedAt: 7 }, undefined)
    expect(q.toString()).toBe('dlqIds=d1&dlqIds=d2&workflowRunId=wfr_&workflowCreatedAt=7')
    expect(resumeQuery({}, 'k').toString()).toBe('cursor=k')
  })

  it('sends only the overrides set', () => {
    expect(overrideHeaders({})).toEqual({})
    expect(overrideHeaders({ flowControlKey: 'k', flowControlValue: 'parallelism=2', retries: 0 })).toEqual({
      'Service-Flow-Control-Key': 'k',
      'Service-Flow-Control-Value': 'parallelism=2',
      'Service-Retries': '0'
    })
  })

  it('encodes a schedule id as one path segment and refuses ids that would address another resource', () => {
    expect(scheduleResumePath('a/b c?d#e')).toBe('/v2/schedules/a%2Fb%20c%3Fd%23e/resume')
    for (const bad of ['', '.', '..', '%2e%2E']) expect(() => scheduleResumePath(bad)).toThrow(/not allowed/)
  })
})
