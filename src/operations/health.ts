import { DAY, HOUR, WEEK } from '../constants.js'
import { isDateMs } from '../format.js'
import type { HealthThresholds } from '../requests.js'
import type { Breach, HealthVerdict, Histogram, ListFindings, ListResult } from '../results.js'

const MAX_POINTS = 120

/** The figures of a listing the health checks judge: all from this listing, nothing kept between runs. */
export type HealthFacts = Pick<ListFindings, 'count' | 'oldestCreatedAt' | 'noCreatedAt' | 'arrivals' | 'expiry'>

/** One check: the breach it finds in the facts, or none (its threshold unset or met). */
type Check = (thresholds: HealthThresholds, facts: HealthFacts, now: number) => Breach | undefined

/** Every health check, in the order their breaches are reported. */
const CHECKS: readonly Check[] = [
  ({ countAbove }, { count }) =>
    countAbove !== undefined && count > countAbove ? { kind: 'count', count, limit: countAbove } : undefined,
  // Messages of unknown age (noCreatedAt) fail an age threshold too, unless a known age already does.
  ({ oldestOlderThanMs: limitMs }, { oldestCreatedAt, noCreatedAt = 0 }, now) => {
    if (limitMs === undefined) return undefined
    if (oldestCreatedAt !== undefined && now - oldestCreatedAt > limitMs) {
      return { kind: 'age', ageMs: now - oldestCreatedAt, limitMs }
    }
    return noCreatedAt > 0 ? { kind: 'age-unknown', messages: noCreatedAt, limitMs } : undefined
  },
  // Messages of unknown age may be new: within the limit only if they could not take the count over it.
  ({ newAbove: limit }, { arrivals, noCreatedAt = 0 }) => {
    if (limit === undefined || arrivals === undefined) return undefined
    const { count, withinMs } = arrivals
    if (count > limit) return { kind: 'arrivals', count, limit, withinMs }
    return count + noCreatedAt > limit
      ? { kind: 'arrivals-unknown', messages: noCreatedAt, limit, withinMs }
      : undefined
  },
  // The age counts from createdAt, before the message entered the DLQ: the forecast errs early, never late.
  ({ expiringWithinMs }, { expiry, noCreatedAt = 0 }, now) => {
    if (expiringWithinMs === undefined || expiry === undefined) return undefined
    const { count, withinMs, retentionMs, nextAt = now } = expiry
    if (count > 0) return { kind: 'expiry', count, withinMs, retentionMs, inMs: Math.max(0, nextAt - now) }
    return noCreatedAt > 0 ? { kind: 'expiry-unknown', messages: noCreatedAt, withinMs } : undefined
  }
]

/** Which thresholds the listed messages exceed. */
export function judgeHealth(thresholds: HealthThresholds, facts: HealthFacts, now: number): HealthVerdict {
  const breaches = CHECKS.map(check => check(thresholds, facts, now)).filter(b => b !== undefined)
  return { ...thresholds, breaches }
}

/** A listing with its verdict: the one place the health checks run. */
export function judged(findings: ListFindings, thresholds: HealthThresholds, now: number): ListResult {
  return { ...findings, health: judgeHealth(thresholds, findings, now) }
}

/** Distinct buckets kept at once: past this, hours merge into days, then days into weeks. */
export const MAX_BUCKETS = 2048

const bucketOf = (at: number, size: number): number => Math.floor(at / size) * size

/** The counts merged into buckets of `size` (a multiple of the size they were counted in). */
function rebucket(counts: Map<number, number>, size: number): Map<number, number> {
  const merged = new Map<number, number>()
  for (const [start, count] of counts) {
    const bucket = bucketOf(start, size)
    merged.set(bucket, (merged.get(bucket) ?? 0) + count)
  }
  return merged
}

/** Counts messages per hour while listing, in bounded memory; the chart's bucket is chosen once the range is known. */
export class HourlyCounts {
  private counts = new Map<number, number>()
  private size = HOUR
  /** Messages whose week found no room (timestamps spread over more than MAX_BUCKETS weeks). */
  private omitted = 0

  add(createdAt: number): void {
    if (!isDateMs(createdAt)) return
    if (!this.counts.has(bucketOf(createdAt, this.size)) && this.counts.size >= MAX_BUCKETS) {
      if (this.size === WEEK) {
        this.omitted++
        return
      }
      // Merge into the next size up (hour to day, day to week).
      this.size = this.size === HOUR ? DAY : WEEK
      this.counts = rebucket(this.counts, this.size)
    }
    const start = bucketOf(createdAt, this.size)
    this.counts.set(start, (this.counts.get(start) ?? 0) + 1)
  }

  /** Hourly buckets over up to three days, else daily, else weekly; empty buckets included while few. */
  histogram(): Histogram {
    const omitted = this.omitted > 0 ? { omitted: this.omitted } : {}
    if (this.counts.size === 0) return { bucket: 'hour', points: [], ...omitted }
    const starts = [...this.counts.keys()]
    const [first, last] = [Math.min(...starts), Math.max(...starts)]
    const range = last - first
    // Never finer than the buckets were counted in.
    const size = Math.max(this.size, range < 72 * HOUR ? HOUR : range < 100 * DAY ? DAY : WEEK)
    const bucket = size === HOUR ? 'hour' : size === DAY ? 'day' : 'week'
    const counts = rebucket(this.counts, size)
    const from = bucketOf(first, size)
    const span = Math.floor((last - from) / size) + 1
    // A range too wide to chart every bucket (a stray timestamp decades off) keeps only the non-empty ones.
    const keys =
      span <= MAX_POINTS
        ? Array.from({ length: span }, (_, i) => from + i * size)
        : [...counts.keys()].sort((a, b) => a - b)
    return { bucket, points: keys.map(start => ({ start, count: counts.get(start) ?? 0 })), ...omitted }
  }
}
