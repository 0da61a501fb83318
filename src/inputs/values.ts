/** Parsers for single input values. Each returns the parsed value or throws a message saying what is allowed. */
import { DAY, HOUR, MIN_TOKEN_LENGTH, WEEK } from '../constants.js'

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: HOUR, d: DAY, w: WEEK }
/** A duration in any letter case: an upper-case unit is recognised as one, then refused. */
const DURATION = /^(?:\d+[smhdw])+$/i
const DURATION_PART = /(\d+)([smhdw])/g
/** The units a duration takes, as every refusal names them. */
export const DURATION_UNITS = 's (seconds), m (minutes), h (hours), d (days) and w (weeks), in lower case'
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/i

/** The last millisecond of year 9999: later dates have no ISO-8601 form of four-digit years. */
const LATEST_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)
/** All-digit dates below this (early 1973 in milliseconds) are far likelier Unix seconds (up to year 5138). */
const SECONDS_LIKE_BELOW = 1e11

const DATE_FORMS =
  'must be Unix milliseconds (1700000000000), an ISO-8601 date (2026-01-31T12:00:00Z) or a duration ago (30m, 24h, 7d)'

/** The milliseconds a duration's parts add up to (maybe past a safe integer); undefined when not a duration. */
function durationTotal(text: string): number | undefined {
  const value = text.trim()
  if (!DURATION.test(value)) return undefined
  // Many tools read an upper-case M as a month: 1M as one minute would be silently wrong by a factor of 43,200.
  if (value !== value.toLowerCase()) {
    throw new Error(
      `must use the units ${DURATION_UNITS} (no unit is read in upper case: many tools read M as a month)`
    )
  }
  let total = 0
  for (const [, amount, unit] of value.matchAll(DURATION_PART)) total += Number(amount) * (UNIT_MS[unit as string] ?? 0)
  return total
}

/** A duration such as `30m`, `24h` or `1h30m` in milliseconds; undefined when not one; throws past a safe integer. */
export function parseDuration(text: string): number | undefined {
  const total = durationTotal(text)
  if (total !== undefined && !Number.isSafeInteger(total)) {
    throw new Error('must be a duration of at most 9007199254740991 milliseconds (about 285,000 years)')
  }
  return total
}

/**
 * Service-Delay of a retry or restart: a duration (10s, 5m, 1h30m, lower-case units) in whole seconds, sent as
 * seconds (`90s`), a form every server reads.
 */
export function parseDelay(text: string): string {
  const ms = parseDuration(text.trim())
  if (ms === undefined || ms % 1000 !== 0) {
    throw new Error(`must be a duration in whole seconds, such as 10s, 5m or 1h (units ${DURATION_UNITS})`)
  }
  return `${ms / 1000}s`
}

/** Unix milliseconds, refused when likelier Unix seconds or past 9999; `alternative`: the input's other forms. */
export function parseUnixMilliseconds(value: string, alternative: string): number {
  const ms = Number(value)
  if (ms !== 0 && ms < SECONDS_LIKE_BELOW) {
    throw new Error(`looks like Unix seconds; give milliseconds (1700000000000)${alternative}`)
  }
  if (!Number.isSafeInteger(ms) || ms > LATEST_DATE_MS) {
    throw new Error(`must be Unix milliseconds up to ${LATEST_DATE_MS} (the end of year 9999)`)
  }
  return ms
}

/** ISO-8601 text whose fields name a real calendar date and time; undefined when it is not ISO-8601 at all. */
function parseIsoDate(value: string): number | undefined {
  const m = ISO_DATE.exec(value)
  if (!m) return undefined
  const [, year, month, day, hour = '00', minute = '00', second = '00', , offsetHours = '0', offsetMinutes = '0'] = m
  // Dates roll impossible fields over (February 30th becomes March 2nd): a real date reads back unchanged.
  const check = new Date(0)
  check.setUTCFullYear(Number(year), Number(month) - 1, Number(day))
  check.setUTCHours(Number(hour), Number(minute), Number(second))
  const fields = `${year ?? ''}-${month ?? ''}-${day ?? ''}T${hour}:${minute}:${second}`
  const real = check.toISOString().startsWith(fields) && Number(offsetHours) <= 23 && Number(offsetMinutes) <= 59
  const ms = Date.parse(value)
  if (!real || Number.isNaN(ms)) {
    throw new Error(
      'must be a real date and time: month 01-12, a day the month has, hours 00-23, minutes and seconds 00-59'
    )
  }
  return ms
}

/** A time from 1970 to 9999: Unix milliseconds, ISO-8601, or a duration meaning "that long before `now`". */
export function parseDate(text: string, now: number): number {
  const value = text.trim()
  if (/^\d+$/.test(value)) return parseUnixMilliseconds(value, ' or ISO-8601 (2026-01-31T12:00:00Z)')
  const ago = durationTotal(value)
  if (ago !== undefined) {
    if (!(now - ago >= 0))
      throw new Error('must be a duration ago that stays after 1970-01-01 (the start of Unix time)')
    return now - ago
  }
  const ms = parseIsoDate(value)
  if (ms === undefined) throw new Error(DATE_FORMS)
  if (ms < 0 || ms > LATEST_DATE_MS) throw new Error('must be a date from 1970-01-01 to 9999-12-31 (UTC)')
  return ms
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
    const range = max === Number.MAX_SAFE_INTEGER ? `, ${min} or more` : ` from ${min} to ${max}`
    throw new Error(`must be a whole number${range}`)
  }
  return n
}

const LOOPBACK_HOSTS = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** The service's base URL: https, or plain http only to a loopback host (a local simulator). */
export function parseBaseUrl(text: string): URL {
  if (!URL.canParse(text.trim())) throw new Error('must be an absolute URL such as https://service.example.com')
  const url = new URL(text.trim())
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.test(url.hostname)) {
    throw new Error('must use https:// (plain http:// is allowed only to localhost, 127.0.0.0/8 or [::1])')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('must be an https:// URL')
  if (url.username || url.password) throw new Error('must not carry credentials; pass the token in the token input')
  if (url.search || url.hash) throw new Error('must not carry a query or fragment')
  // A copy from the API docs (https://host/v2/dlq) would call /v2/dlq/v2/dlq and get a bare 404.
  const version = /\/v2(?:\/|$)/i.exec(url.pathname)
  if (version) {
    const root = `${url.origin}${url.pathname.slice(0, version.index)}`
    throw new Error(
      `must be the service root, without /v2 or an endpoint's path (the action adds /v2/... itself): give ${root}`
    )
  }
  return url
}

const FLOW_CONTROL_PAIR = /^(?:period=\d+[smhd]|[A-Za-z][A-Za-z0-9_-]*=\d+)$/

/** `name=number` pairs joined by commas (`period` may take a unit), sent as given but for spaces around commas. */
export function parseFlowControlValue(text: string): string {
  const pairs = text.split(',').map(s => s.trim())
  if (!pairs.every(pair => FLOW_CONTROL_PAIR.test(pair))) {
    throw new Error(
      'must be name=number pairs joined by commas, where period may also take a unit (s, m, h or d), ' +
        'for instance parallelism=5,rate=10,period=1m'
    )
  }
  const names = pairs.map(pair => pair.slice(0, pair.indexOf('=')))
  const repeated = names.find((name, i) => names.indexOf(name) !== i)
  if (repeated !== undefined) throw new Error(`must name each setting once (${repeated} is given twice)`)
  return pairs.join(',')
}

/** Text that can travel in an HTTP header: visible ASCII and spaces, no line breaks. */
export function parseHeaderText(text: string): string {
  const value = text.trim()
  if (!/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value)) {
    throw new Error('must be visible ASCII text on one line')
  }
  return value
}

/** Control characters, C1 included, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

/** A token for an Authorization header; refusals never quote it. */
export function parseToken(text: string): string {
  const value = text.trim()
  if (value.search(CONTROL_CHARACTERS) !== -1) {
    throw new Error(
      'must not contain control characters or line breaks (CR, LF, NUL, U+2028...): copy the token again without them'
    )
  }
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error('must be printable ASCII: a token has no other characters')
  if (value.length < MIN_TOKEN_LENGTH) {
    throw new Error(
      `is ${value.length} ${value.length === 1 ? 'character' : 'characters'} long: a real token is longer, and one under ${MIN_TOKEN_LENGTH} cannot be kept ` +
        'out of what the action writes (every text holding those letters would be masked)'
    )
  }
  return value
}

/** Longest DLQ id accepted: one id must fit a request URL with room to spare (each stays under 6 KB). */
const MAX_DLQ_ID_LENGTH = 1024
/** A plain id: one token, none of the characters that would make it a list, a JSON value or a different query. */
const PLAIN_ID = /^[^\s,{}[\]"]+$/

/** What is wrong with one DLQ id (of dlq-ids or a dlq-ids-file line), or undefined: the one id check of both. */
export function dlqIdProblem(id: string): string | undefined {
  if (id.length > MAX_DLQ_ID_LENGTH) return `is longer than ${MAX_DLQ_ID_LENGTH} characters`
  if (!PLAIN_ID.test(id)) return 'is not a DLQ id (one word: no spaces, commas, quotes, braces or brackets)'
  return undefined
}
