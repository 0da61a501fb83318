/** The "what is failing" figures per destination: right for the destinations kept, gone with those dropped. */
import { describe, expect, it } from '@jest/globals'
import { BODY_SAMPLE_LENGTH, CREATED_AT_TOLERANCE_MS, TALLY_CAPACITY } from '../../src/constants.js'
import { DestinationFigures, ListAccumulator, ListedIds, TOP_DESTINATIONS } from '../../src/operations/accumulator.js'
import type { DlqMessage } from '../../src/service/schemas.js'

const T = Date.UTC(2026, 10, 20)
const message = (url: string, at: number, status?: number, body?: string): DlqMessage => ({
  messageId: `m_${url}_${at}`,
  url,
  createdAt: at,
  ...(status !== undefined ? { responseStatus: status } : {}),
  ...(body !== undefined ? { responseBody: body } : {})
})

/** Counts a message under its destination, its createdAt taken as true. */
const add = (figures: DestinationFigures, m: DlqMessage) => figures.add(m, m.createdAt)

describe('DestinationFigures', () => {
  it('gives each destination its count, dominant status, oldest message and the newest body', () => {
    const figures = new DestinationFigures()
    add(figures, message('https://a.example/hook', T + 3, 500, 'third'))
    add(figures, message('https://a.example/hook', T + 1, 500, 'first'))
    add(figures, message('https://a.example/hook', T + 2, 503, 'second'))
    add(figures, message('https://b.example/hook', T + 9, 404))
    expect(figures.rows()).toEqual([
      {
        url: 'https://a.example/hook',
        count: 3,
        status: 500,
        otherStatuses: 1,
        oldestCreatedAt: T + 1,
        bodySample: 'third'
      },
      { url: 'https://b.example/hook', count: 1, status: 404, oldestCreatedAt: T + 9 }
    ])
  })

  it('keeps a short copy of a long body, said to be cut, and shows at most the top destinations', () => {
    const figures = new DestinationFigures()
    add(figures, message('https://a.example/hook', T, 500, 'x'.repeat(10_000)))
    for (let i = 0; i < TOP_DESTINATIONS + 5; i++) add(figures, message(`https://d${i}.example/`, T, 502))
    const rows = figures.rows()
    expect(rows).toHaveLength(TOP_DESTINATIONS)
    const a = rows.find(r => r.url === 'https://a.example/hook')
    expect(a?.bodySample).toHaveLength(BODY_SAMPLE_LENGTH)
    expect(a?.bodyCut).toBe(true)
  })

  it('drops the figures of a destination the breakdown drops, so memory stays within its capacity', () => {
    const figures = new DestinationFigures()
    for (let i = 0; i < 50; i++) add(figures, message('https://hot.example/', T + i, 500, 'hot'))
    // Far more distinct cold destinations than the sketch keeps: each pushes others out.
    for (let i = 0; i < TALLY_CAPACITY * 3; i++) add(figures, message(`https://cold${i}.example/`, T, 502, 'cold'))
    expect(figures.tally.entries().length).toBeLessThanOrEqual(TALLY_CAPACITY)
    const hot = figures.rows()[0]
    expect(hot?.url).toBe('https://hot.example/')
    expect(hot?.status).toBe(500)
    expect(hot?.bodySample).toBe('hot')
  })

  it('starts a dropped destination that comes back with figures of its own, not those it had before', () => {
    const figures = new DestinationFigures()
    add(figures, message('https://back.example/', T, 500, 'before'))
    for (let i = 0; i < TALLY_CAPACITY * 3; i++) add(figures, message(`https://cold${i}.example/`, T, 502, 'cold'))
    for (let i = 1; i <= 5; i++) add(figures, message('https://back.example/', T + i, 503, 'after'))
    const back = figures.rows().find(row => row.url === 'https://back.example/')
    // Kept through the drop, its oldest message would be T and its statuses would count the 500.
    expect(back).toMatchObject({ count: 5, status: 503, oldestCreatedAt: T + 1, bodySample: 'after' })
    expect(back?.otherStatuses).toBeUndefined()
  })
})

describe('ListAccumulator: a createdAt that cannot be true is no date', () => {
  const NOW = Date.UTC(2026, 10, 22, 12)
  const HOUR = 3_600_000
  const windows = { arrivals: { withinMs: HOUR }, expiry: { withinMs: 24 * HOUR, retentionMs: 7 * 24 * HOUR } }
  const REQUEST = { filters: {}, order: 'earliestFirst' as const, pageSize: 100, maxPages: 10, concurrency: 1 }

  /** A listing of these createdAt values (undefined: none), its service clock at NOW. */
  function listed(...times: (number | undefined)[]) {
    const acc = new ListAccumulator(windows, () => NOW)
    times.forEach((createdAt, i) => {
      const m: DlqMessage = { messageId: `m${i}`, url: 'https://a.example/', responseBody: 'failed' }
      acc.add(createdAt === undefined ? m : { ...m, createdAt })
    })
    return acc.result(REQUEST, 1, new ListedIds())
  }

  it('counts 0, a negative time and one before 2020 as undated, never as the oldest or as expiring', () => {
    const found = listed(0, -5, Date.UTC(2019, 11, 31), NOW - HOUR - 1, undefined)
    expect(found.noCreatedAt).toBe(4)
    expect(found.badCreatedAt).toEqual({ count: 3, messageId: 'm0' })
    expect(found.oldestCreatedAt).toBe(NOW - HOUR - 1)
    expect(found.expiry).toMatchObject({ count: 0, nextAt: NOW - HOUR - 1 + 7 * 24 * HOUR })
    expect(found.histogram.points.map(p => p.count)).toEqual([1])
  })

  it('counts a time ahead of the service beyond the tolerance as undated and named, never new; within it, as new', () => {
    const found = listed(NOW + 48 * HOUR, NOW + CREATED_AT_TOLERANCE_MS, NOW + 2 * HOUR, NOW - 2 * HOUR)
    expect(found.futureCreatedAt).toEqual({ count: 2, messageId: 'm0', aheadMs: 48 * HOUR })
    expect(found.noCreatedAt).toBe(2)
    expect(found.arrivals).toEqual({ withinMs: HOUR, count: 1 })
    expect(found.newest.map(m => m.messageId)).toEqual(['m1', 'm3'])
    const [cause] = found.causes ?? []
    expect(cause).toMatchObject({ count: 4, firstSeen: NOW - 2 * HOUR, lastSeen: NOW + CREATED_AT_TOLERANCE_MS })
  })

  it('reads the service clock again for a time past its last reading: a message of a long listing is not ahead', () => {
    let clock = NOW
    const acc = new ListAccumulator(windows, () => clock)
    acc.add({ messageId: 'early', createdAt: NOW - HOUR })
    clock = NOW + 10 * HOUR
    acc.add({ messageId: 'late', createdAt: NOW + 9 * HOUR })
    const found = acc.result(REQUEST, 1, new ListedIds())
    expect(found.futureCreatedAt).toBeUndefined()
    expect(found.noCreatedAt).toBeUndefined()
  })
})
