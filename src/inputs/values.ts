/** Parsers for single input values. Each returns the parsed value or throws a message saying what is allowed. */

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }
const DURATION = /^(?:\d+[smhdw])+$/
const DURATION_PART = /(\d+)([smhdw])/g
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i

/** A duration such as `30m`, `24h`, `7d` or `1h30m`, in milliseconds; undefined when `text` is not one. */
export function parseDuration(text: string): number | undefined {
  const value = text.trim().toLowerCase()
  if (!DURATION.test(value)) return undefined
  let total = 0
  for (const [, amount, unit] of value.matchAll(DURATION_PART)) total += Number(amount) * (UNIT_MS[unit as string] ?? 0)
  return total
}

/**
 * A point in time: Unix milliseconds, ISO-8601, or a duration meaning "that long before `now`".
 * Throws the allowed forms when `text` is none of them.
 */
export function parseDate(text: string, now: number): number {
  const value = text.trim()
  if (/^\d+$/.test(value)) return Number(value)
  const ago = parseDuration(value)
  if (ago !== undefined) return now - ago
  if (ISO_DATE.test(value)) {
    const ms = Date.parse(value)
    if (!Number.isNaN(ms)) return ms
  }
  throw new Error(
    'must be Unix milliseconds (1700000000000), an ISO-8601 date (2026-01-31T12:00:00Z) or a duration ago (30m, 24h, 7d)'
  )
}

/** Several values in one input: split on newlines (and commas when `commas`), trimmed, empties dropped. */
export function parseList(text: string, commas: boolean): string[] {
  return text
    .split(commas ? /[\n,]/ : /\n/)
    .map(s => s.trim())
    .filter(s => s.length > 0)
}

/** YAML 1.2 core schema booleans, as `core.getBooleanInput` accepts them. */
export function parseBoolean(text: string): boolean {
  if (['true', 'True', 'TRUE'].includes(text)) return true
  if (['false', 'False', 'FALSE'].includes(text)) return false
  throw new Error('must be true or false')
}

/** A whole number within [min, max]. */
export function parseInteger(text: string, min: number, max: number): number {
  const value = text.trim()
  const n = Number(value)
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new Error(`must be a whole number from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'up' : max}`)
  }
  return n
}

const LOOPBACK_HOSTS = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** The service's base URL: https, or plain http only to a loopback host (a local simulator). */
export function parseBaseUrl(text: string): URL {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw new Error('must be an absolute URL such as https://service.example.com')
  }
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.test(url.hostname)) {
    throw new Error('must use https:// (plain http:// is allowed only to localhost, 127.0.0.0/8 or [::1])')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('must be an https:// URL')
  if (url.username || url.password) throw new Error('must not carry credentials; pass the token in the token input')
  if (url.search || url.hash) throw new Error('must not carry a query or fragment')
  return url
}

const FLOW_CONTROL_VALUE = /^[A-Za-z][A-Za-z0-9_-]*=\d+(?:,[A-Za-z][A-Za-z0-9_-]*=\d+)*$/

/** `name=number` pairs joined by commas, e.g. `parallelism=5,rate=10`; spaces around commas are dropped. */
export function parseFlowControlValue(text: string): string {
  const value = text
    .split(',')
    .map(s => s.trim())
    .join(',')
  if (!FLOW_CONTROL_VALUE.test(value)) {
    throw new Error('must be name=number pairs joined by commas, for instance parallelism=5,rate=10')
  }
  return value
}

/** Text that can travel in an HTTP header: visible ASCII and spaces, no line breaks. */
export function parseHeaderText(text: string): string {
  const value = text.trim()
  if (!/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value)) {
    throw new Error('must be visible ASCII text on one line')
  }
  return value
}
