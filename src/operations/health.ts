import { DAY, HOUR, WEEK } from '../constants.js'
import { isDateMs } from '../format.js'
import { CHECK_NAMES, HEALTH_CHECKS, type CheckName, type HealthFacts } from '../health-checks.js'
import type { HealthLimits, HealthThresholds } from '../requests.js'
import type { Breach, HealthVerdict, History } from '../health-verdict.js'
import { growthOf, sampleOf, withSample } from './history.js'
import type { Histogram, ListFindings, ListResult } from '../results.js'

const MAX_POINTS = 120

/** One check's breach, if its threshold is set and the facts exceed it. */
function judgeOne<C extends CheckName>(name: C, limit: HealthLimits[C] | undefined, facts: HealthFacts, now: number) {
  return limit === undefined ? undefined : (HEALTH_CHECKS[name].judge(limit, facts, now) as Breach | undefined)
}

/** Which thresholds the listed messages exceed: every check of the table, in its order. */
export function judgeHealth(thresholds: HealthThresholds, facts: HealthFacts, now: number): HealthVerdict {
  const breaches = CHECK_NAMES.map(name => judgeOne(name, thresholds[name], facts, now)).filter(b => b !== undefined)
  return { ...thresholds, breaches }
}

/**
 * A listing with its verdict: the one place the health checks run. With `earlier` (history-file's samples, on the
 * service's clock), growth is measured against them and this run's sample joins them.
 */
export function judged(
  findings: ListFindings,
  thresholds: HealthThresholds,
  now: number,
  earlier?: History
): ListResult {
  const window = thresholds.growthAbove?.withinMs
  const growth =
    window === undefined || earlier === undefined ? undefined : growthOf(earlier.samples, now, findings.count, window)
  const facts = growth === undefined ? findings : { ...findings, growth }
  const history =
    earlier === undefined
      ? {}
      : { history: { ...earlier, samples: withSample(earlier.samples, sampleOf(findings, now)) } }
  return { ...facts, ...history, health: judgeHealth(thresholds, facts, now) }
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
