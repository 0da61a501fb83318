/** The arrivals and expiry checks, their sentences, and the metrics text: pure, no dist. */
import { describe, expect, it } from '@jest/globals'
import { ListAccumulator, ListedIds } from '../../src/operations/accumulator.js'
import { judged, judgeHealth } from '../../src/operations/health.js'
import { describeBreach, expiryLine } from '../../src/report/list-verdict.js'
import { metricsText } from '../../src/report/metrics.js'
import type { ListRequest } from '../../src/requests.js'
import { readMetrics, sampleOf } from '../support/openmetrics.js'
import { listResult } from '../support/results.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const HOUR = 3_600_000
const DAY = 24 * HOUR
const windows = {
  arrivals: { withinMs: HOUR },
  expiry: { withinMs: DAY, retentionMs: 7 * DAY }
}
const REQUEST: ListRequest = {
  filters: {},
  order: 'earliestFirst',
  pageSize: 100,
  maxPages: 100,
  concurrency: 1,
  windows
}

/** A listing of messages created `ago` before NOW (undefined: without createdAt). */
function listing(...agos: (number | undefined)[]) {
  const acc = new ListAccumulator(windows, () => NOW)
  agos.forEach((ago, i) => acc.add({ messageId: `m${i}`, ...(ago === undefined ? {} : { createdAt: NOW - ago }) }))
  return acc.result(REQUEST, 1, new ListedIds())
}

describe('arrivals', () => {
  it('counts the messages created within the window, the bound included', () => {
    const found = listing(0, HOUR, HOUR + 1, 2 * DAY)
    expect(found.arrivals).toEqual({ withinMs: HOUR, count: 2 })
    expect(judgeHealth({ newAbove: 2 }, found, NOW).breaches).toEqual([])
    const [breach] = judgeHealth({ newAbove: 1 }, found, NOW).breaches
    expect(breach).toEqual({ kind: 'arrivals', count: 2, limit: 1, withinMs: HOUR })
    expect(describeBreach(breach!, listResult())).toBe(
      '2 messages created within the last 1h, more than fail-if-new-above (1)'
    )
  })

  it('cannot be judged when messages without createdAt could take the count over the limit', () => {
    const found = listing(0, undefined, undefined)
    expect(judgeHealth({ newAbove: 1 }, found, NOW).breaches.map(b => b.kind)).toEqual(['arrivals-unknown'])
    expect(judgeHealth({ newAbove: 3 }, found, NOW).breaches).toEqual([])
  })
})

describe('expiry', () => {
  it('counts what the retention deletes within the window, and says when the first goes', () => {
    const found = listing(7 * DAY - 3 * HOUR, 6 * DAY + HOUR, DAY)
    expect(found.expiry).toEqual({
      retentionMs: 7 * DAY,
      withinMs: DAY,
      count: 2,
      nextAt: NOW - (7 * DAY - 3 * HOUR) + 7 * DAY
    })
    const result = judged(found, { retentionMs: 7 * DAY, expiringWithinMs: DAY }, NOW)
    expect(result.health.breaches).toEqual([
      { kind: 'expiry', count: 2, withinMs: DAY, retentionMs: 7 * DAY, inMs: 3 * HOUR }
    ])
    expect(describeBreach(result.health.breaches[0]!, listResult({ nextCursor: 'c' }))).toBe(
      'at least 2 messages will be deleted by the service within 1d (fail-if-expiring-within; retention 7d); the first in 3h'
    )
    expect(expiryLine(result, NOW)).toBe(
      '2 messages will be deleted by the service within 1d (retention 7d); the first in 3h.'
    )
  })

  it('is not judged without fail-if-expiring-within, and a message past the retention is due now', () => {
    const found = listing(8 * DAY)
    expect(judgeHealth({ retentionMs: 7 * DAY }, found, NOW).breaches).toEqual([])
    const [breach] = judgeHealth({ retentionMs: 7 * DAY, expiringWithinMs: DAY }, found, NOW).breaches
    expect(breach).toMatchObject({ kind: 'expiry', inMs: 0 })
    expect(describeBreach(breach!, listResult())).toMatch(/the first is already past the retention$/)
  })

  it('cannot be judged for messages without createdAt', () => {
    const found = listing(DAY, undefined)
    const kinds = judgeHealth({ retentionMs: 7 * DAY, expiringWithinMs: DAY }, found, NOW).breaches.map(b => b.kind)
    expect(kinds).toEqual(['expiry-unknown'])
  })
})

describe('metricsText', () => {
  it('ends in # EOF, escapes label values and keeps destinations bounded', () => {
    const byUrl = Array.from({ length: 25 }, (_, i) => ({ value: `https://h.example/${i}`, count: 2 }))
    const hostile = { value: 'a"b\\c\nd\re', count: 1 }
    const result = listResult({ count: 51, byUrl: [hostile, ...byUrl], byStatus: [{ value: '500', count: 51 }] })
    const text = metricsText(result, NOW)
    const families = readMetrics(text)
    expect(sampleOf(families, 'dlq_messages_by_destination', { destination: 'a"b\\c\nd\ufffde' })).toBe(1)
    expect(sampleOf(families, 'dlq_messages_by_destination', { destination: '(other)' })).toBe(12)
    expect(families.get('dlq_messages_by_destination')?.metrics).toHaveLength(21)
    expect(sampleOf(families, 'dlq_check_timestamp_seconds')).toBe(NOW / 1000)
    expect(text.split('\n').filter(line => line.startsWith('dlq_messages_by_destination'))).toHaveLength(21)
  })

  it('keeps every label set unique: a destination named (other), values alike in their first 199 characters', () => {
    const signed = 'https://hooks.example/deliver?' + 'x'.repeat(300)
    const byUrl = [
      { value: '(other)', count: 5 },
      { value: `${signed}&sig=aaaa`, count: 4 },
      { value: `${signed}&sig=bbbb`, count: 3 },
      { value: 'a\rb', count: 2 },
      { value: 'a\u0001b', count: 2 },
      { value: 'lone \ud800', count: 1 },
      { value: 'lone \udc00', count: 1 },
      ...Array.from({ length: 20 }, (_, i) => ({ value: `https://h.example/${i}`, count: 1 }))
    ]
    const text = metricsText(listResult({ count: 50, byUrl }), NOW)
    const families = readMetrics(text)
    const destinations = families.get('dlq_messages_by_destination')?.metrics ?? []
    expect(destinations).toHaveLength(21)
    // The rest keeps "(other)"; the real destination of that name is told apart, never added to it.
    expect(sampleOf(families, 'dlq_messages_by_destination', { destination: '(other)' })).toBe(
      50 - 5 - 4 - 3 - 2 - 2 - 1 - 1 - 13
    )
    expect(sampleOf(families, 'dlq_messages_by_destination', { destination: '(other) #2' })).toBe(5)
    const cut = destinations.map(m => m.labels?.destination ?? '').filter(v => v.startsWith(signed.slice(0, 100)))
    expect(cut).toHaveLength(2)
    expect(new Set(cut).size).toBe(2)
    for (const value of cut) expect(value).toMatch(/…[0-9a-f]{8}$/)
    expect(cut.map(v => v.length)).toEqual([200, 200])
    expect(sampleOf(families, 'dlq_messages_by_destination', { destination: 'a\ufffdb #2' })).toBe(2)
    expect(sampleOf(families, 'dlq_messages_by_destination', { destination: 'lone \ufffd #2' })).toBe(1)
  })

  it('refuses, as a collector would, a file with a label set twice: the check above can fail', () => {
    const twice = '# TYPE x gauge\n# HELP x X.\nx{a="1"} 1\nx{a="1"} 2\n# EOF\n'
    expect(() => readMetrics(twice)).toThrow('family x has 2 samples but 1 label sets')
  })

  it('gives only the check time and an incomplete check when nothing could be listed', () => {
    const failure = { kind: 'cancelled' as const, signal: 'SIGINT' as const }
    const families = readMetrics(metricsText(listResult({ failure }), NOW))
    expect([...families.keys()]).toEqual(['dlq_check_timestamp_seconds', 'dlq_check_complete', 'dlq_check_breaches'])
    expect(sampleOf(families, 'dlq_check_complete')).toBe(0)
  })
})
