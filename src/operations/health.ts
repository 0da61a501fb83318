import type { Breach, HealthVerdict, Histogram } from './results.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const WEEK = 7 * DAY
const MAX_POINTS = 120

/** The health check: which thresholds the listed messages exceed. Judged on what was listed. */
export function judgeHealth(
  thresholds: { countAbove?: number; oldestOlderThanMs?: number },
  count: number,
  oldestCreatedAt: number | undefined,
  now: number
): HealthVerdict {
  const breaches: Breach[] = []
  const { countAbove, oldestOlderThanMs } = thresholds
  if (countAbove !== undefined && count > countAbove) breaches.push({ kind: 'count', count, limit: countAbove })
  if (oldestOlderThanMs !== undefined && oldestCreatedAt !== undefined && now - oldestCreatedAt > oldestOlderThanMs) {
    breaches.push({ kind: 'age', ageMs: now - oldestCreatedAt, limitMs: oldestOlderThanMs })
  }
  return {
    ...(countAbove !== undefined ? { countAbove } : {}),
    ...(oldestOlderThanMs !== undefined ? { oldestOlderThanMs } : {}),
    breaches
  }
}

/** Counts messages per hour while listing; the chart's bucket is chosen once the range is known. */
export class HourlyCounts {
  private readonly hours = new Map<number, number>()

  add(createdAt: number): void {
    const hour = Math.floor(createdAt / HOUR) * HOUR
    this.hours.set(hour, (this.hours.get(hour) ?? 0) + 1)
  }

  /** Hourly buckets over up to three days, else daily, else weekly; empty buckets included while few. */
  histogram(): Histogram {
    if (this.hours.size === 0) return { bucket: 'hour', points: [] }
    const starts = [...this.hours.keys()]
    const first = Math.min(...starts)
    const last = Math.max(...starts)
    const bucket = last - first < 72 * HOUR ? 'hour' : last - first < 100 * DAY ? 'day' : 'week'
    const size = bucket === 'hour' ? HOUR : bucket === 'day' ? DAY : WEEK
    const counts = new Map<number, number>()
    for (const [hour, count] of this.hours) {
      const start = Math.floor(hour / size) * size
      counts.set(start, (counts.get(start) ?? 0) + count)
    }
    const from = Math.floor(first / size) * size
    const span = Math.floor((last - from) / size) + 1
    // A range too wide to chart every bucket (a stray timestamp decades off) keeps only the non-empty ones.
    const keys =
      span <= MAX_POINTS
        ? Array.from({ length: span }, (_, i) => from + i * size)
        : [...counts.keys()].sort((a, b) => a - b)
    return { bucket, points: keys.map(start => ({ start, count: counts.get(start) ?? 0 })) }
  }
}
