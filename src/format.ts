// How numbers, times and durations are written in summaries, notices, the health issue and the health checks' table;
// and which numbers are times a Date can hold. A root module: it imports no folder of src/. Pure functions only.

/** The largest time a JavaScript Date can hold (ms); a later one would crash every date written from it. */
export const MAX_DATE_MS = 8.64e15

/** True for a number of milliseconds that a Date can hold: anything else is left out of dates and charts. */
export function isDateMs(ms: unknown): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS
}

/** Milliseconds since the epoch as an ISO 8601 UTC string, e.g. `2026-11-22T02:45:25.000Z`. */
export function formatMs(ms: number): string {
  return isDateMs(ms) ? new Date(ms).toISOString() : `invalid time (${String(ms).slice(0, 40)})`
}

/** A count with en-US digit grouping, e.g. `1,234`; grouped by hand, as building an Intl.NumberFormat costs ~12 ms. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  const whole = Math.round(Math.abs(n))
  if (whole >= Number.MAX_SAFE_INTEGER) return `${n < 0 ? '-' : ''}${whole.toExponential(3)}`
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return n < 0 && whole !== 0 ? `-${digits}` : digits
}

/** A duration as `3d 4h`, `5h 12m`, `7m` or `under a minute`; a zero second part is left out (`6h`, `2d`). */
export function formatAge(ms: number): string {
  if (!Number.isFinite(ms)) return 'unknown'
  if (ms < 0) return 'in the future'
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 1) return 'under a minute'
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const mins = minutes % 60
  if (days > 0) return hours > 0 ? `${formatCount(days)}d ${hours}h` : `${formatCount(days)}d`
  if (hours > 0) return mins > 0 ? `${hours}h ${mins}m` : `${hours}h`
  return `${mins}m`
}

/** A count and its noun, e.g. `1 page`, `1,234 pages`. */
export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`
}

/** A time short enough for a table: `11-22 02:45` (UTC), with the year when it is not the year of `now`. */
export function formatShortTime(ms: number, now: number): string {
  if (!isDateMs(ms)) return formatMs(ms)
  const iso = new Date(ms).toISOString()
  const sameYear = isDateMs(now) && new Date(now).getUTCFullYear() === new Date(ms).getUTCFullYear()
  return `${sameYear ? iso.slice(5, 10) : iso.slice(0, 10)} ${iso.slice(11, 16)}`
}

/** A duration as the inputs write one, exactly: 90s, 10m, 1h, or 2m 5s. */
export function durationText(ms: number): string {
  const seconds = Math.round(ms / 1000)
  if (seconds % 3600 === 0 && seconds > 0) return `${seconds / 3600}h`
  if (seconds < 60 || seconds % 60 === 0) return seconds < 60 ? `${seconds}s` : `${seconds / 60}m`
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`
}

/** A duration as the input wrote it, times a number: `3 × 10m` is `30m`, `2 × 21601s` is `43202s`. */
export function timesDuration(text: string, times: number): string {
  const one = /^(\d+)\s*([smhdw])$/.exec(text.trim())
  if (one !== null) return `${Number(one[1]) * times}${one[2]}`
  return times === 1 ? text.trim() : `${times} × ${text.trim()}`
}
