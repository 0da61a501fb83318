import { DAY, HOUR, WEEK } from '../constants.js'
import { isDateMs } from '../service/schemas.js'
import type { Breach, HealthVerdict, Histogram } from '../results.js'

const MAX_POINTS = 120

/**
 * The health check: which thresholds the listed messages exceed. Judged on what was listed; messages without a
 * creation time (`noCreatedAt`) make an age threshold that the others do not exceed a failure: their age is unknown.
 */
export function judgeHealth(
  thresholds: { countAbove?: number; oldestOlderThanMs?: number },
  count: number,
  oldestCreatedAt: number | undefined,
  now: number,
  noCreatedAt = 0
): HealthVerdict {
  const breaches: Breach[] = []
  const { countAbove, oldestOlderThanMs } = thresholds
  if (countAbove !== undefined && count > countAbove) breaches.push({ kind: 'count', count, limit: countAbove })
  if (oldestOlderThanMs !== undefined && oldestCreatedAt !== undefined && now - oldestCreatedAt > oldestOlderThanMs) {
    breaches.push({ kind: 'age', ageMs: now - oldestCreatedAt, limitMs: oldestOlderThanMs })
  } else if (oldestOlderThanMs !== undefined && noCreatedAt > 0) {
    breaches.push({ kind: 'age-unknown', messages: noCreatedAt, limitMs: oldestOlderThanMs })
  }
  return {
    ...(countAbove !== undefined ? { countAbove } : {}),
    ...(oldestOlderThanMs !== undefined ? { oldestOlderThanMs } : {}),
    breaches
  }
}

/** Distinct buckets kept at once: past this, hours merge into days, then days into weeks. */
export const MAX_BUCKETS = 2048

/** Counts messages per hour while listing, in bounded memory; the chart's bucket is chosen once the range is known. */
export class HourlyCounts {
  private counts = new Map<number, number>()
  private size = HOUR
  private first = Number.POSITIVE_INFINITY
  private last = Number.NEGATIVE_INFINITY
  /** Messages whose week found no room (timestamps spread over more than MAX_BUCKETS weeks). */
  private omitted = 0

  add(createdAt: number): void {
    if (!isDateMs(createdAt)) return
    let start = Math.floor(createdAt / this.size) * this.size
    if (!this.counts.has(start) && this.counts.size >= MAX_BUCKETS) {
      if (this.size === WEEK) {
        this.omitted++
        return
      }
      this.coarsen()
      start = Math.floor(createdAt / this.size) * this.size
    }
    this.counts.set(start, (this.counts.get(start) ?? 0) + 1)
    if (start < this.first) this.first = start
    if (start > this.last) this.last = start
  }

  /** Merges the buckets into the next size up (hour to day, day to week). */
  private coarsen(): void {
    this.size = this.size === HOUR ? DAY : WEEK
    const merged = new Map<number, number>()
    for (const [start, count] of this.counts) {
      const bucket = Math.floor(start / this.size) * this.size
      merged.set(bucket, (merged.get(bucket) ?? 0) + count)
    }
    this.counts = merged
    this.first = Math.floor(this.first / this.size) * this.size
    this.last = Math.floor(this.last / this.size) * this.size
  }

  /** Hourly buckets over up to three days, else daily, else weekly; empty buckets included while few. */
  histogram(): Histogram {
    const omitted = this.omitted > 0 ? { omitted: this.omitted } : {}
    if (this.counts.size === 0) return { bucket: 'hour', points: [], ...omitted }
    const range = this.last - this.first
    const wanted: Histogram['bucket'] = range < 72 * HOUR ? 'hour' : range < 100 * DAY ? 'day' : 'week'
    const bucket = this.size === WEEK ? 'week' : this.size === DAY && wanted === 'hour' ? 'day' : wanted
    const size = bucket === 'hour' ? HOUR : bucket === 'day' ? DAY : WEEK
    const counts = new Map<number, number>()
    for (const [start, count] of this.counts) {
      const at = Math.floor(start / size) * size
      counts.set(at, (counts.get(at) ?? 0) + count)
    }
    const from = Math.floor(this.first / size) * size
    const span = Math.floor((this.last - from) / size) + 1
    // A range too wide to chart every bucket (a stray timestamp decades off) keeps only the non-empty ones.
    const keys =
      span <= MAX_POINTS
        ? Array.from({ length: span }, (_, i) => from + i * size)
        : [...counts.keys()].sort((a, b) => a - b)
    return { bucket, points: keys.map(start => ({ start, count: counts.get(start) ?? 0 })), ...omitted }
  }
}
