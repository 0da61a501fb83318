/**
 * The memory of a scheduled check (history-file): the figures of earlier runs, read before the listing and written back
 * with this run's, numbers only and bounded; and the growth of the count within a window, measured against them.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { HISTORY_MAX_BYTES, HISTORY_SAMPLES } from '../constants.js'
import { isDateMs } from '../format.js'
import type { Growth, History, HistorySample } from '../health-verdict.js'
import type { ListFindings } from '../results.js'

/** What a history-file says it is: this action's history, its version, and the check it belongs to. */
const FORMAT = 'dlq-action-history'
const VERSION = 1

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
const sampleSchema = z.strictObject({
  at: z.number().int().refine(isDateMs),
  count,
  complete: z.union([z.literal(0), z.literal(1)]),
  oldestAgeMs: count.optional(),
  new: count.optional(),
  expiring: count.optional()
})
const historySchema = z.strictObject({
  format: z.literal(FORMAT),
  version: z.number(),
  check: z.string(),
  samples: z.array(sampleSchema).max(HISTORY_SAMPLES)
})

/**
 * The check a history belongs to, as a short hash: the service and what it lists (`scope`, the filters as the health
 * issue knows them). A history of another service or other filters is foreign: its counts are not this check's.
 */
export function historyCheck(baseUrl: URL, scope: string): string {
  const service = `${baseUrl.origin}${baseUrl.pathname.replace(/\/+$/, '')}`
  return createHash('sha256')
    .update(JSON.stringify([service, scope]))
    .digest('hex')
    .slice(0, 16)
}

/** The earlier samples, or none with the reason ("no history yet: ..."): a file that cannot be trusted is none. */
export async function readHistory(path: string, check: string, now: number): Promise<History> {
  let text: string
  try {
    const bytes = await readFile(path)
    if (bytes.length > HISTORY_MAX_BYTES) return { samples: [], none: `it is larger than a history can be` }
    text = bytes.toString('utf8')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EIO'
    return { samples: [], none: code === 'ENOENT' ? 'the file does not exist yet' : `it cannot be read (${code})` }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { samples: [], none: 'it is not JSON (damaged)' }
  }
  const read = historySchema.safeParse(parsed)
  if (!read.success) {
    const ours = (parsed as { format?: unknown } | null)?.format === FORMAT
    return { samples: [], none: ours ? 'it is damaged' : "it is not this action's history" }
  }
  const { version, check: its, samples } = read.data
  if (version !== VERSION) return { samples: [], none: `it is of another version (${version}) of its format` }
  if (its !== check) return { samples: [], none: "it is another check's (another base-url, source or filters)" }
  // Samples out of order, or after this run, come from a clock that moved back: their growth could not be trusted.
  if (samples.some((s, i) => s.at > now || (i > 0 && s.at < (samples[i - 1] as HistorySample).at))) {
    return { samples: [], none: "its times are not in order before this run's (a clock moved back)" }
  }
  return { samples }
}

/** This run's sample: its count and figures at the service's time; a count of nothing listed is no sample. */
export function sampleOf(found: ListFindings, now: number): HistorySample | undefined {
  if (found.failure !== undefined && found.count === 0) return undefined
  const complete = found.failure === undefined && found.nextCursor === undefined
  return {
    at: now,
    count: found.count,
    complete: complete ? 1 : 0,
    ...(found.oldestCreatedAt !== undefined ? { oldestAgeMs: Math.max(0, now - found.oldestCreatedAt) } : {}),
    ...(found.arrivals !== undefined ? { new: found.arrivals.count } : {}),
    ...(found.expiry !== undefined ? { expiring: found.expiry.count } : {})
  }
}

/** The samples with this run's last, the oldest dropped past HISTORY_SAMPLES. */
export function withSample(samples: readonly HistorySample[], sample: HistorySample | undefined): HistorySample[] {
  const all = sample === undefined ? [...samples] : [...samples, sample]
  return all.slice(-HISTORY_SAMPLES)
}

/** The history as history-file holds it: one JSON object, numbers only but for its format and check. */
export function historyText(check: string, samples: readonly HistorySample[]): string {
  return `${JSON.stringify({ format: FORMAT, version: VERSION, check, samples })}\n`
}

/**
 * How the count moved within `withinMs` before `now`: from the lowest earlier complete sample in the window (the
 * largest rise ending now) to this run's count; a sample of the same second is an earlier run's (Dates are whole seconds).
 * Without such a sample, no rise is measured.
 */
export function growthOf(samples: readonly HistorySample[], now: number, to: number, withinMs: number): Growth {
  const since = now - withinMs
  let from: HistorySample | undefined
  for (const sample of samples) {
    if (sample.complete !== 1 || sample.at < since || sample.at > now) continue
    if (from === undefined || sample.count < from.count) from = sample
  }
  const covered = samples.some(sample => sample.at <= since)
  if (from === undefined) return { withinMs, to, covered }
  const delta = to - from.count
  return {
    withinMs,
    from: { count: from.count, at: from.at },
    to,
    delta,
    percent: (100 * delta) / Math.max(1, from.count),
    covered
  }
}
