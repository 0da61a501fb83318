/**
 * The service's clock as its `Date` headers tell it, checked before it is trusted (wire contract, section 5): a Date
 * that is not an HTTP date, one a cache served stale (`Age`), or one that goes backwards (front ends whose clocks
 * differ) is not used. Beside the client that reads the headers, so the quirk stays out of its request loop.
 */

import type { DateFault } from '../results.js'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const DAYS = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun'
const LONG_DAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday'
const MONTH = MONTHS.join('|')
/** RFC 9110's preferred form: `Sun, 06 Nov 1994 08:49:37 GMT`. */
const IMF_FIXDATE = new RegExp(
  `^(?:${DAYS}), (?<day>\\d{2}) (?<month>${MONTH}) (?<year>\\d{4}) (?<time>\\d{2}:\\d{2}:\\d{2}) GMT$`
)
/** The obsolete RFC 850 form: `Sunday, 06-Nov-94 08:49:37 GMT`. */
const RFC_850 = new RegExp(
  `^(?:${LONG_DAYS}), (?<day>\\d{2})-(?<month>${MONTH})-(?<yy>\\d{2}) (?<time>\\d{2}:\\d{2}:\\d{2}) GMT$`
)
/** The obsolete asctime form: `Sun Nov  6 08:49:37 1994`. */
const ASCTIME = new RegExp(
  `^(?:${DAYS}) (?<month>${MONTH}) (?<day>[ \\d]\\d) (?<time>\\d{2}:\\d{2}:\\d{2}) (?<year>\\d{4})$`
)

/** Milliseconds of a UTC date and time whose fields are all in range (no 31 April, no 25 o'clock), else undefined. */
function utc(year: number, month: string, day: string, time: string): number | undefined {
  const [hour = 0, minute = 0, second = 0] = time.split(':').map(Number)
  const m = MONTHS.indexOf(month)
  const d = Number(day.trim())
  if (hour > 23 || minute > 59 || second > 60) return undefined
  const ms = Date.UTC(year, m, d, hour, minute, Math.min(second, 59))
  return new Date(ms).getUTCDate() === d && new Date(ms).getUTCMonth() === m ? ms : undefined
}

/**
 * An HTTP date in any of the three forms a recipient must read (RFC 9110, 5.6.7), or undefined: `Date.parse` reads
 * `1` as the year 2001, so nothing looser is taken. A two-digit year more than 50 years ahead is in the past.
 */
export function parseHttpDate(text: string, nowYear = new Date().getUTCFullYear()): number | undefined {
  const match = IMF_FIXDATE.exec(text) ?? ASCTIME.exec(text)
  if (match?.groups !== undefined) {
    const { day = '', month = '', year = '', time = '' } = match.groups
    return utc(Number(year), month, day, time)
  }
  const old = RFC_850.exec(text)?.groups
  if (old === undefined) return undefined
  const { day = '', month = '', yy = '', time = '' } = old
  let year = Math.floor(nowYear / 100) * 100 + Number(yy)
  if (year > nowYear + 50) year -= 100
  return utc(year, month, day, time)
}

/** A Date earlier than the one before by more than its whole-second rounding has gone backwards. */
const BACKWARDS_SLACK_MS = 1_000

/** Longest text of a bad Date quoted back: enough to recognise it, never a flood. */
const SHOWN = 40

/** The Dates of the service's answers, as they come, and the latest one that can be used. */
export class ServiceClock {
  private latest?: number
  /** The runner's time when the latest usable Date arrived: how far the two clocks are apart. */
  private latestAt?: number
  /** Set once Dates go backwards: from then on none is trusted. */
  private broken = false
  /** Why the latest Date (or every one, once broken) is not used. */
  fault?: DateFault

  /** One answer's `Date` and `Age` headers, and the runner's time when it arrived. */
  observe(date: string | undefined, age: string | undefined, runnerAt: number): void {
    if (date === undefined) return
    const text = date.trim()
    const at = parseHttpDate(text)
    if (at === undefined) {
      this.fault ??= { kind: 'not-http-date', text: text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text }
      return
    }
    const ageSeconds = /^\d{1,10}$/.test(age?.trim() ?? '') ? Number(age) : 0
    if (ageSeconds > 0) {
      // A cache served it: its Date is when the origin made it, not now.
      this.fault ??= { kind: 'stale', ageSeconds }
      return
    }
    if (this.latest !== undefined && at < this.latest - BACKWARDS_SLACK_MS) {
      this.broken = true
      this.fault = { kind: 'backwards', byMs: this.latest - at }
    }
    if (this.broken || at < (this.latest ?? -Infinity)) return
    this.latest = at
    this.latestAt = runnerAt
  }

  /** The service's time by its latest usable Date; undefined when none was, or once Dates went backwards. */
  now(): number | undefined {
    return this.broken ? undefined : this.latest
  }

  /** How far the service's clock is ahead of the runner's (behind when negative), by its latest usable Date. */
  skew(): number | undefined {
    const now = this.now()
    return now === undefined || this.latestAt === undefined ? undefined : now - this.latestAt
  }
}
