/** list-dlq through the real service client over sockets: sequential and parallel listings must agree. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MESSAGE_IDS_MAX_BYTES } from '../../src/constants.js'
import { MessageIds } from '../../src/operations/accumulator.js'
import { NdjsonFile } from '../../src/operations/messages-file.js'
import { toJson } from '../../src/service/json.js'
import { BOUND_TOLERANCE_MS, listDlq, OrderedIds, planSlices } from '../../src/operations/list-dlq.js'
import type { ListRequest } from '../../src/requests.js'
import { AdaptiveLimit, ServiceClient } from '../../src/service/client.js'
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry.js'
import { recordingClient } from '../support/client.js'
import { startSimulator, type Simulator } from '../../sim/index.js'
import { failureText } from '../../src/report/failure-text.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
let sim: Simulator
let client: ServiceClient

beforeAll(async () => {
  sim = await startSimulator({ token: 't', messages: 1500, now: NOW })
  client = recordingClient(sim.url, 't', { retry: { ...DEFAULT_RETRY_POLICY, maxAttempts: 2, baseDelayMs: 1 } }).client
})
afterAll(async () => {
  await client.close()
  await sim.close()
})

function request(overrides: Partial<ListRequest> = {}): ListRequest {
  return { filters: {}, pageSize: 100, order: 'earliestFirst', maxPages: 10_000, concurrency: 1, ...overrides }
}

describe('parallel listing', () => {
  it.each([
    ['earliestFirst', 2],
    ['earliestFirst', 8],
    ['latestFirst', 4],
    ['latestFirst', 16]
  ] as const)(
    'lists the same messages in the same order as a sequential listing (%s, concurrency %i)',
    async (order, concurrency) => {
      const sequential = await listDlq(client, request({ order }))
      const parallel = await listDlq(client, request({ order, concurrency }))
      expect(parallel.failure).toBeUndefined()
      expect(sequential.count).toBe(1500)
      expect(parallel.count).toBe(1500)
      expect(parallel.messageIds).toEqual(sequential.messageIds)
      // The DLQ ids, in the same listing order: what a resume by dlq-ids takes.
      const dlqIdOf = new Map(sim.state.messages.map(m => [m.messageId, m.dlqId]))
      expect(sequential.dlqIds).toEqual(sequential.messageIds.map(id => dlqIdOf.get(id)))
      expect(parallel.dlqIds).toEqual(sequential.dlqIds)
      expect(parallel.byUrl).toEqual(sequential.byUrl)
      expect(parallel.oldestCreatedAt).toBe(sequential.oldestCreatedAt)
    }
  )

  it('keeps the user filters and date bounds inside every slice', async () => {
    const url = sim.state.messages[0]!.url
    const fromDate = sim.state.messages[100]!.createdAt
    const toDate = sim.state.messages[1200]!.createdAt
    const filters = { url: [url], fromDate, toDate }
    const sequential = await listDlq(client, request({ filters, pageSize: 7 }))
    const before = sim.requests.length
    const parallel = await listDlq(client, request({ filters, pageSize: 7, concurrency: 6 }))
    expect(parallel.messageIds).toEqual(sequential.messageIds)
    expect(parallel.count).toBeGreaterThan(10)
    for (const request of sim.requests.slice(before)) {
      expect(request.query.get('url')).toBe(url)
      expect(Number(request.query.get('fromDate'))).toBeGreaterThanOrEqual(fromDate)
      expect(Number(request.query.get('toDate'))).toBeLessThanOrEqual(toDate)
    }
  })

  it('cuts an unevenly spread range into more slices than workers, still listing each message once, in order', async () => {
    // One stray old message stretches the range so that the first equal slices are empty and the last holds all.
    const stray = {
      ...sim.state.messages[0]!,
      messageId: 'msg_stray',
      dlqId: 'dlq_stray',
      createdAt: NOW - 90 * 86_400_000
    }
    sim.state.messages.unshift(stray)
    try {
      const before = sim.requests.length
      const parallel = await listDlq(client, request({ concurrency: 4 }))
      const slices = new Set(
        sim.requests.slice(before).map(r => `${r.query.get('fromDate')}..${r.query.get('toDate')}`)
      )
      expect(slices.size).toBeGreaterThan(4 + 2) // more slices than the 4 workers, besides 2 discovery queries
      expect(parallel.count).toBe(1501)
      expect(new Set(parallel.messageIds).size).toBe(1501)
      expect(parallel.messageIds).toEqual(sim.state.messages.map(m => m.messageId))
    } finally {
      sim.state.messages.shift()
    }
  })

  it('stops at the page budget across all slices', async () => {
    // Small pages, so that the slices need more than max-pages plus one page each (their tails are not counted).
    const result = await listDlq(client, request({ concurrency: 4, maxPages: 5, pageSize: 10 }))
    const error = failureText('list-dlq', result.failure!)
    expect(error).toMatch(/stopped after 5 pages \(max-pages\); raise max-pages/)
    expect(error).toMatch(/re-run the listing/)
    expect(result.nextCursor).toBeUndefined()
  })

  it('lists its first pages even with max-pages 1 (finding the range costs none), and counts only pages fetched', async () => {
    const before = sim.requests.length
    const result = await listDlq(client, request({ concurrency: 2, maxPages: 1, pageSize: 10 }))
    expect(result.failure?.kind).toBe('max-pages')
    expect(result.count).toBeGreaterThan(0)
    expect(result.pages).toBe(sim.requests.length - before)
  })

  it('does not count against max-pages the messages two slices both returned', async () => {
    // 1,500 messages within 20 ms: the slices' shared millisecond bounds return some 200 messages twice.
    const dense = await startSimulator({ token: 't', messages: 1500, now: NOW })
    const denseClient = new ServiceClient({
      baseUrl: new URL(dense.url),
      token: 't',
      timeoutMs: 5000,
      retry: { ...DEFAULT_RETRY_POLICY, maxAttempts: 2, baseDelayMs: 1 },
      log: () => {}
    })
    try {
      const start = dense.state.messages[0]!.createdAt
      dense.state.messages.forEach((m, i) => (m.createdAt = start + Math.floor(i / 75)))
      dense.state.messages.sort((a, b) => a.createdAt - b.createdAt || (a.messageId < b.messageId ? -1 : 1))
      // Exactly the pages a sequential listing needs.
      const budget = request({ pageSize: 10, maxPages: 150 })
      const sequential = await listDlq(denseClient, budget)
      expect(sequential.failure).toBeUndefined()
      const before = dense.requests.length
      const parallel = await listDlq(denseClient, { ...budget, concurrency: 2 })
      expect(parallel.failure).toBeUndefined()
      expect(parallel.fallback).toBeUndefined()
      expect(parallel.count).toBe(1500)
      expect(parallel.messageIds).toEqual(sequential.messageIds)
      expect(dense.requests.length - before).toBeGreaterThan(150 + 2 + 2 + 5) // duplicates took pages
    } finally {
      await denseClient.close()
      await dense.close()
    }
  })

  it("stops every worker at the step's stop signal, as cancelled, with what was listed as a lower bound", async () => {
    const step = new AbortController()
    const before = sim.requests.length
    // The signal comes after the first page; the client knows nothing of it, so only the listing can stop.
    const onPage = (): void => step.abort('SIGINT')
    const result = await listDlq(client, request({ concurrency: 4, pageSize: 10 }), {
      onPage,
      signal: step.signal
    })
    expect(result.failure).toEqual({ kind: 'cancelled', signal: 'SIGINT', parallel: true })
    expect(failureText('list-dlq', result.failure!)).toMatch(/the step was cancelled \(SIGINT\)/)
    expect(result.count).toBeGreaterThan(0)
    expect(result.count).toBeLessThan(1500)
    // 150 pages list everything; the stop leaves only the requests already under way.
    expect(sim.requests.length - before).toBeLessThan(40)
  })

  it('lists nothing from an empty range', async () => {
    const result = await listDlq(client, request({ concurrency: 4, filters: { url: ['https://nowhere.example'] } }))
    expect(result.count).toBe(0)
    expect(result.failure).toBeUndefined()
  })
})

describe('MessageIds', () => {
  it('stays a JSON array under the output cap, keeping the first ids, and says it was cut', () => {
    const ids = new MessageIds()
    const all = Array.from({ length: 20_000 }, (_, i) => `msg_${String(i).padStart(60, '0')}`)
    for (const id of all) ids.add(id)
    const json = JSON.stringify(ids.ids)
    expect(ids.truncated).toBe(true)
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(MESSAGE_IDS_MAX_BYTES)
    expect(Buffer.byteLength(json)).toBeGreaterThan(MESSAGE_IDS_MAX_BYTES - 100)
    expect(ids.ids).toEqual(all.slice(0, ids.ids.length))
  })

  it('is not cut when everything fits', () => {
    const ids = new MessageIds()
    ids.add('a')
    ids.add('b')
    expect(ids).toMatchObject({ ids: ['a', 'b'], truncated: false })
  })
})

describe('OrderedIds', () => {
  // Ids of a few kilobytes each, so that some 300 of them pass the cap; slices of uneven lengths.
  const slices = [40, 0, 90, 7, 120, 60].map((n, s) =>
    Array.from({ length: n }, (_, i) => `s${s}_${i}_${'x'.repeat(3000 + ((s * 131 + i * 17) % 1500))}`)
  )
  const sequential = (): MessageIds => {
    const ids = new MessageIds()
    for (const id of slices.flat()) ids.add(id)
    return ids
  }

  it.each([1, 2, 3])(
    'holds, whatever order the slices deliver in, what one list fed slice after slice holds (seed %i)',
    seed => {
      let state = seed
      const random = (n: number): number => {
        state = (state * 1103515245 + 12345) % 2 ** 31
        return state % n
      }
      const ids = new OrderedIds(slices.length)
      const next = slices.map(() => 0)
      let heldMost = 0
      for (let left = slices.flat().length; left > 0; left--) {
        const open = slices.map((_, s) => s).filter(s => (next[s] as number) < (slices[s] as string[]).length)
        const s = open[random(open.length)] as number
        const k = next[s] ?? 0
        next[s] = k + 1
        ids.add(s, (slices[s] as string[])[k] as string)
        heldMost = Math.max(heldMost, Buffer.byteLength(JSON.stringify(ids.result().ids)))
      }
      const expected = sequential()
      expect(expected.truncated).toBe(true)
      expect(ids.result()).toEqual(expected)
      expect(heldMost).toBeLessThanOrEqual(MESSAGE_IDS_MAX_BYTES)
    }
  )

  it('is not cut when everything fits', () => {
    const ids = new OrderedIds(3)
    ids.add(2, 'c')
    ids.add(0, 'a')
    ids.add(1, 'b')
    expect(ids.result()).toMatchObject({ ids: ['a', 'b', 'c'], truncated: false })
  })
})

describe('planSlices', () => {
  const t = BOUND_TOLERANCE_MS
  const covers = (slice: { from?: number; to?: number }, at: number): boolean =>
    (slice.from === undefined || at >= slice.from) && (slice.to === undefined || at <= slice.to)

  it.each([
    [0, 99, 4, undefined, undefined],
    [5, 5, 3, undefined, undefined],
    [1000, 1006, 3, 990, undefined],
    [1000, 1400, 16, undefined, 1500],
    [0, 1_000, 64, 0, 1_000]
  ] as const)(
    'covers every time, even a server 1 ms off, and only adjacent slices meet (%i..%i in %i)',
    (lo, hi, n, from, to) => {
      const { slices, overlaps } = planSlices(lo, hi, n, from, to)
      expect(slices.length).toBe(Math.max(1, Math.min(n, Math.floor((hi - lo + 1) / 8))))
      expect(overlaps.length).toBe(slices.length - 1)
      // The outermost bounds are the user's own, or open: nothing outside the discovered range is missed.
      expect(slices[0]?.from).toBe(from)
      expect(slices[slices.length - 1]?.to).toBe(to)
      for (let at = lo - 50; at <= hi + 50; at++) {
        if ((from !== undefined && at < from) || (to !== undefined && at > to)) continue
        // The user's own bounds are read by the server as in a sequential listing; the interior ones may be off by t.
        const off = (i: number, d: number) => {
          const s = slices[i]!
          return {
            from: s.from === undefined || i === 0 ? s.from : s.from + d,
            to: s.to === undefined || i === slices.length - 1 ? s.to : s.to - d
          }
        }
        // A server that narrows each bound by t still returns `at` to some slice ...
        expect(slices.some((_, i) => covers(off(i, t), at))).toBe(true)
        // ... and one that widens them returns it only to slices whose window accepts it, all adjacent.
        const widened = slices.map((s, i) => [s, i] as const).filter(([, i]) => covers(off(i, -t), at))
        for (const [s] of widened) expect(at >= s.accept[0] && at <= s.accept[1]).toBe(true)
        const indexes = widened.map(([, i]) => i)
        expect(Math.max(...indexes) - Math.min(...indexes)).toBeLessThanOrEqual(1)
        // Wherever two slices may both return a message, it falls in an overlap window, where it is deduplicated.
        if (indexes.length > 1) expect(overlaps.some(([a, b]) => at >= a && at <= b)).toBe(true)
      }
    }
  )
})

describe('AdaptiveLimit', () => {
  it('halves on a 429 and grows back by one after a run of successes, within 1..max', async () => {
    const limit = new AdaptiveLimit(8, 3)
    limit.rateLimited()
    expect(limit.current).toBe(4)
    limit.rateLimited()
    limit.rateLimited()
    limit.rateLimited()
    expect(limit.current).toBe(1)
    for (let i = 0; i < 3; i++) await limit.run(async () => {})
    expect(limit.current).toBe(2)
    for (let i = 0; i < 100; i++) await limit.run(async () => {})
    expect(limit.current).toBe(8)
  })

  it('never runs more tasks at once than the current limit', async () => {
    const limit = new AdaptiveLimit(4, 1000)
    limit.rateLimited()
    let running = 0
    let peak = 0
    const task = async (): Promise<void> => {
      peak = Math.max(peak, ++running)
      await new Promise(resolve => setTimeout(resolve, 5))
      running--
    }
    await Promise.all(Array.from({ length: 12 }, () => limit.run(task)))
    expect(peak).toBe(2)
  })
})

describe('messages file', () => {
  it('writes every listed message, all fields, one JSON object a line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ndjson-'))
    try {
      const path = join(dir, 'nested', 'dlq.ndjson')
      const sink = await NdjsonFile.open(path, { encode: toJson, input: 'messages-file' })
      const result = await listDlq(client, request({ pageSize: 64 }), { sink })
      await sink.close()
      const lines = (await readFile(path, 'utf8')).split('\n')
      expect(lines.pop()).toBe('')
      expect(lines).toHaveLength(result.count)
      const { causeKey, ...first } = JSON.parse(lines[0]!) as { causeKey: unknown }
      expect(first).toEqual(JSON.parse(JSON.stringify(sim.state.messages[0])))
      // Each line carries its cause's key, so one cause's messages can be selected.
      expect(causeKey).toMatch(/^[0-9a-f]{16}$/)
      expect(lines.map(l => (JSON.parse(l) as { messageId: string }).messageId)).toEqual(result.messageIds)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('listing the failed workflow runs (source workflow)', () => {
  it('sends source=workflow with the workflow selectors, and lists each run with its dlqId, parallel or not', async () => {
    const dlq = sim.state.workflowDlq
    expect(dlq.length).toBeGreaterThan(20)
    const urls = [...new Set(dlq.map(e => e.workflowUrl))].slice(0, 2)
    const fromDate = dlq[5]!.failedAt
    const expected = dlq.filter(e => urls.includes(e.workflowUrl) && e.failedAt >= fromDate)
    const filters = { source: 'workflow' as const, workflowUrl: urls, fromDate }
    const before = sim.requests.length
    const sequential = await listDlq(client, request({ filters, pageSize: 7 }))
    for (const sent of sim.requests.slice(before)) {
      expect(sent.query.get('source')).toBe('workflow')
      expect(sent.query.getAll('workflowUrl')).toEqual(urls)
    }
    expect(sequential.failure).toBeUndefined()
    expect(sequential.dlqIds).toEqual(expected.map(e => e.dlqId))
    expect(sequential.workflowRuns?.map(r => r.workflowRunId)).toEqual(expected.slice(0, 100).map(e => e.workflowRunId))
    expect(sequential.workflowRuns?.[0]).toMatchObject({
      workflowUrl: expected[0]!.workflowUrl,
      failedAt: expected[0]!.failedAt
    })
    const parallel = await listDlq(client, request({ filters, pageSize: 7, concurrency: 4 }))
    expect(parallel.fallback).toBeUndefined()
    expect(parallel.dlqIds).toEqual(sequential.dlqIds)
  })
})
