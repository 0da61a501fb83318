/** list-dlq through the real service client over sockets: sequential and parallel listings must agree. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ListSettings } from '../src/inputs/settings.js'
import { AdaptiveLimit } from '../src/operations/adaptive-limit.js'
import { MESSAGE_IDS_MAX_BYTES, MessageIds } from '../src/operations/accumulator.js'
import { listDlq } from '../src/operations/list-dlq.js'
import { NdjsonFile } from '../src/operations/messages-file.js'
import { tile } from '../src/operations/parallel-list.js'
import { ServiceClient } from '../src/service/client.js'
import { DEFAULT_RETRY_POLICY } from '../src/service/retry.js'
import { startSimulator, type Simulator } from '../src/sandbox/simulator.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
let sim: Simulator
let client: ServiceClient

beforeAll(async () => {
  sim = await startSimulator({ token: 't', messages: 1500, now: NOW })
  client = new ServiceClient({
    baseUrl: new URL(sim.url),
    token: 't',
    timeoutMs: 5000,
    retry: { ...DEFAULT_RETRY_POLICY, maxAttempts: 2, baseDelayMs: 1 },
    log: () => {}
  })
})
afterAll(async () => {
  await client.close()
  await sim.close()
})

function settings(overrides: Partial<ListSettings> = {}): ListSettings {
  return {
    operation: 'list-dlq',
    token: 't',
    baseUrl: new URL(sim.url),
    timeoutMs: 5000,
    maxAttempts: 2,
    filters: {},
    count: 100,
    order: 'earliestFirst',
    maxPages: 10_000,
    concurrency: 1,
    ...overrides
  }
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
      const sequential = await listDlq(client, settings({ order }))
      const parallel = await listDlq(client, settings({ order, concurrency }))
      expect(parallel.error).toBeUndefined()
      expect(sequential.count).toBe(1500)
      expect(parallel.count).toBe(1500)
      expect(parallel.messageIds).toEqual(sequential.messageIds)
      expect(parallel.byUrl).toEqual(sequential.byUrl)
      expect(parallel.oldestCreatedAt).toBe(sequential.oldestCreatedAt)
    }
  )

  it('keeps the user filters and date bounds inside every slice', async () => {
    const url = sim.state.messages[0]!.url
    const fromDate = sim.state.messages[100]!.createdAt
    const toDate = sim.state.messages[1200]!.createdAt
    const filters = { url: [url], fromDate, toDate }
    const sequential = await listDlq(client, settings({ filters, count: 7 }))
    const before = sim.requests.length
    const parallel = await listDlq(client, settings({ filters, count: 7, concurrency: 6 }))
    expect(parallel.messageIds).toEqual(sequential.messageIds)
    expect(parallel.count).toBeGreaterThan(10)
    for (const request of sim.requests.slice(before)) {
      expect(request.query.get('url')).toBe(url)
      expect(Number(request.query.get('fromDate'))).toBeGreaterThanOrEqual(fromDate)
      expect(Number(request.query.get('toDate'))).toBeLessThanOrEqual(toDate)
    }
  })

  it('splits the busiest slice when a worker runs out of work, still listing each message once', async () => {
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
      const parallel = await listDlq(client, settings({ concurrency: 4 }))
      const slices = new Set(
        sim.requests.slice(before).map(r => `${r.query.get('fromDate')}..${r.query.get('toDate')}`)
      )
      expect(slices.size).toBeGreaterThan(4 + 2) // 4 tiles and 2 discovery queries, plus the splits
      expect(parallel.count).toBe(1501)
      expect(new Set(parallel.messageIds).size).toBe(1501)
      expect(parallel.messageIds).toEqual(sim.state.messages.map(m => m.messageId))
    } finally {
      sim.state.messages.shift()
    }
  })

  it('stops at the page budget across all slices', async () => {
    const result = await listDlq(client, settings({ concurrency: 4, maxPages: 5 }))
    expect(result.error).toMatch(/stopped after 5 pages \(max-pages\); raise max-pages/)
    expect(result.error).toMatch(/re-run the listing/)
    expect(result.nextCursor).toBeUndefined()
  })

  it('lists nothing from an empty range', async () => {
    const result = await listDlq(client, settings({ concurrency: 4, filters: { url: ['https://nowhere.example'] } }))
    expect(result.count).toBe(0)
    expect(result.error).toBeUndefined()
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

describe('tile', () => {
  it('covers the range with no gap and no overlap', () => {
    for (const [from, to, n] of [
      [0, 99, 4],
      [5, 5, 3],
      [1000, 1006, 3],
      [0, 1_700_000_000_000, 16]
    ] as const) {
      const ranges = tile(from, to, n)
      expect(ranges[0]?.[0]).toBe(from)
      expect(ranges[ranges.length - 1]?.[1]).toBe(to)
      for (let i = 1; i < ranges.length; i++) expect(ranges[i]?.[0]).toBe((ranges[i - 1]?.[1] ?? NaN) + 1)
      for (const [a, b] of ranges) expect(a).toBeLessThanOrEqual(b)
      expect(ranges.length).toBe(Math.min(n, to - from + 1))
    }
  })
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
      const sink = await NdjsonFile.open(path)
      const result = await listDlq(client, settings({ count: 64, messagesFile: path }), { sink })
      await sink.close()
      const lines = (await readFile(path, 'utf8')).split('\n')
      expect(lines.pop()).toBe('')
      expect(lines).toHaveLength(result.count)
      const first: unknown = JSON.parse(lines[0]!)
      expect(first).toEqual(JSON.parse(JSON.stringify(sim.state.messages[0])))
      expect(lines.map(l => (JSON.parse(l) as { messageId: string }).messageId)).toEqual(result.messageIds)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
