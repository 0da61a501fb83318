import { describe, expect, it } from '@jest/globals'
import { listResult } from '../support/results.js'
import { HourlyCounts, judgeHealth } from '../../src/operations/health.js'
import { describeBreach, headline } from '../../src/report/list-verdict.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const HOUR = 3_600_000

describe('judgeHealth', () => {
  it('is healthy at the thresholds and breached above them, with both numbers', () => {
    expect(
      judgeHealth({ countAbove: 10, oldestOlderThanMs: 6 * HOUR }, { count: 10, oldestCreatedAt: NOW - 6 * HOUR }, NOW)
        .breaches
    ).toEqual([])
    const verdict = judgeHealth(
      { countAbove: 10, oldestOlderThanMs: 6 * HOUR },
      { count: 11, oldestCreatedAt: NOW - 7 * HOUR },
      NOW
    )
    expect(verdict.breaches).toEqual([
      { kind: 'count', count: 11, limit: 10 },
      { kind: 'age', ageMs: 7 * HOUR, limitMs: 6 * HOUR }
    ])
    expect(verdict.breaches.map(b => describeBreach(b, listResult()))).toEqual([
      '11 messages, more than fail-if-count-above (10)',
      'the oldest message is 7h old, older than fail-if-oldest-older-than (6h)'
    ])
  })

  it('has nothing to judge without thresholds, and an empty DLQ is never too old', () => {
    expect(judgeHealth({}, { count: 1_000_000, oldestCreatedAt: 0 }, NOW)).toEqual({ breaches: [] })
    expect(judgeHealth({ oldestOlderThanMs: 1 }, { count: 0 }, NOW).breaches).toEqual([])
    expect(judgeHealth({ countAbove: 0 }, { count: 1 }, NOW).breaches).toHaveLength(1)
  })
})

describe('HourlyCounts', () => {
  it('counts per hour over a short range, empty hours included', () => {
    const counts = new HourlyCounts()
    for (const at of [NOW, NOW + 1, NOW + 2 * HOUR + 5]) counts.add(at)
    expect(counts.histogram()).toEqual({
      bucket: 'hour',
      points: [
        { start: NOW, count: 2 },
        { start: NOW + HOUR, count: 0 },
        { start: NOW + 2 * HOUR, count: 1 }
      ]
    })
  })

  it('switches to days, then weeks, as the range grows', () => {
    const days = new HourlyCounts()
    days.add(NOW)
    days.add(NOW + 10 * 24 * HOUR)
    const h = days.histogram()
    expect(h.bucket).toBe('day')
    expect(h.points).toHaveLength(11)
    expect(h.points.reduce((n, p) => n + p.count, 0)).toBe(2)

    const weeks = new HourlyCounts()
    weeks.add(NOW)
    weeks.add(NOW - 365 * 24 * HOUR)
    expect(weeks.histogram().bucket).toBe('week')
  })

  it('keeps only non-empty buckets when a stray timestamp makes the range too wide to chart', () => {
    const counts = new HourlyCounts()
    counts.add(0)
    counts.add(NOW)
    const h = counts.histogram()
    expect(h.points).toHaveLength(2)
    expect(h.points.every(p => p.count === 1)).toBe(true)
  })
})

describe('headline', () => {
  it('gives the count and the age of the oldest message', () => {
    const result = { count: 1234, oldestCreatedAt: NOW - 3 * HOUR, filters: {} } as Parameters<typeof headline>[0]
    expect(headline(result, NOW)).toBe('DLQ: 1,234 messages, oldest 3h')
  })
})
