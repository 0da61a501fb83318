/**
 * What varies in a response body from one failure to the next, blanked so that bodies differing only there share a
 * cause: times, ids, UUIDs, e-mail addresses and numbers that count. What tells one failure from another stays: words,
 * quoted names and enum-like values (`card_declined`, `'user_id'`), error codes (`E1001`, `ERR_AUTH_401X`,
 * `ORA-00942`), and a status or code the body names (`returned 404`, `"status": 503`, `errno 111`).
 */

/** Characters of a body read for its cause: the error is near the start, and a long body costs no more than this. */
const BODY_READ_LENGTH = 2000
/** Characters of blanked text a cause keeps. */
export const CAUSE_TEXT_LENGTH = 300

const WEEKDAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)'
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)'
const CLOCK = '\\d{2}:\\d{2}:\\d{2}'
/** HTTP dates, weekday included (two bodies a day apart differ in it): IMF-fixdate, RFC 850 and asctime. */
const HTTP_DATE = new RegExp(
  `\\b(?:${WEEKDAY}, \\d{1,2} ${MONTH} \\d{4} ${CLOCK}(?: (?:GMT|UTC|[+-]\\d{4}))?` +
    `|${WEEKDAY}[a-z]*, \\d{2}-${MONTH}-\\d{2,4} ${CLOCK}(?: GMT)?` +
    `|${WEEKDAY} ${MONTH} [ \\d]\\d ${CLOCK} \\d{4})`,
  'gi'
)
/** RFC 3339 and ISO 8601: a date, with a time and a zone or without, and a time of day alone. */
const TIME =
  /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?(?![\d:])|\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b/gi
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi
/** Tried at the start of a token only (the lookbehind): a long run before no `@` costs its length once. */
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g
/**
 * Error codes: upper-case letters and digits, starting with a letter, `_`, `-` or `.` between parts, up to 24
 * characters (`E1001`, `ERR_AUTH_401X`, `ORA-00942`). Kept whole; random upper-case ids are told apart by length and by
 * switching between letters and digits more than twice (`A1B2C3D4`).
 */
const CODE = /(?<![A-Za-z0-9_.-])[A-Z][A-Z0-9]*(?:[_.-][A-Z0-9]+)*(?![A-Za-z0-9_])/g
const CODE_MAX_LENGTH = 24
/** Hex of 8 digits or more with a digit in it (a word such as "deadbeef" alone stays). */
const HEX = /(?<![0-9A-Za-z_])(?:0x)?(?=[0-9a-f]*\d)[0-9a-f]{8,}(?![0-9A-Za-z_])/gi
/**
 * Ids: 8 or more letters, digits and _+ mixing letters and digits, as base64 or prefixed ids are (ord_8f3k2j9q). Tried
 * at the start of a token only (the lookbehind), so a long token costs its length once, not its square.
 */
const ID = /(?<![A-Za-z0-9_+])(?=[A-Za-z0-9_+]*\d)(?=[A-Za-z0-9_+]*[A-Za-z])[A-Za-z0-9_+]{8,}={0,2}/g
const NUMBER = /\d+(?:[.,]\d+)*/g
/** Words after which a number names a status or a code rather than counting: `returned 404`, `"status": 503`. */
const CODE_CONTEXT =
  /(?:status(?:[ _-]?code)?|code|errno|sqlstate|error|err|http(?:\/\d(?:\.\d)?)?|returned|responded|answered|got|received)["']?\s*[:=]?\s*["']?$/i
/** A status followed by its reason phrase: `503 Service Unavailable`. */
const REASON =
  /^\s+(?:Bad Request|Unauthorized|Payment Required|Forbidden|Not Found|Method Not Allowed|Not Acceptable|Request Timeout|Conflict|Gone|Precondition Failed|Payload Too Large|Unprocessable (?:Entity|Content)|Too Many Requests|Internal Server Error|Not Implemented|Bad Gateway|Service Unavailable|Gateway Timeout)\b/i
/** How far before a number its context is looked for. */
const CONTEXT_LENGTH = 24
/** A code or status a body names is short; a longer number after "error" is an id or a time. */
const CODE_DIGITS = 6

/** Whether an upper-case token is an error code, to be kept whole: short, and not switching letters and digits often. */
function isCode(token: string): boolean {
  if (token.length > CODE_MAX_LENGTH || !/\d/.test(token)) return false
  const alnum = token.replace(/[_.-]/g, '')
  let switches = 0
  for (let i = 1; i < alnum.length; i++)
    if (/\d/.test(alnum[i - 1] as string) !== /\d/.test(alnum[i] as string)) switches++
  return switches <= 2
}

/** A number that names a status or a code (kept), or one that counts (blanked). */
function number(digits: string, at: number, text: string): string {
  if (digits.length > CODE_DIGITS || /[.,]/.test(digits)) return '#'
  const before = text.slice(Math.max(0, at - CONTEXT_LENGTH), at)
  if (CODE_CONTEXT.test(before)) return digits
  const status = /^[1-5]\d\d$/.test(digits) && REASON.test(text.slice(at + digits.length, at + digits.length + 32))
  return status ? digits : '#'
}

/** Kept codes stand aside as letters-only marks while the other rules run: no rule rewrites a word without a digit. */
// eslint-disable-next-line no-control-regex -- the marks are NUL and SOH, which blankBody removes from the body first
const MARK = /\u0000([a-z]+)\u0001/g
const markOf = (i: number): string =>
  `\u0000${i.toString(26).replace(/\d/g, d => String.fromCharCode(113 + Number(d)))}\u0001`
const indexOf = (mark: string): number =>
  parseInt(
    mark.replace(/[q-z]/g, c => String(c.charCodeAt(0) - 113)),
    26
  )

/**
 * A response body with its variable parts blanked (dates, UUIDs, e-mail addresses, long hex, ids, numbers that
 * count), its whitespace folded and its length bounded: bodies that differ only in those parts read the same.
 */
export function blankBody(body: string): string {
  // A body's own NUL or SOH could pass for a mark: they go first, as whitespace.
  // eslint-disable-next-line no-control-regex -- removing those two control characters is the point
  const text = body.slice(0, BODY_READ_LENGTH).replace(/[\u0000\u0001]/g, ' ')
  const codes: string[] = []
  const blanked = text
    .replace(HTTP_DATE, '<time>')
    .replace(TIME, '<time>')
    .replace(UUID, '<uuid>')
    .replace(EMAIL, '<email>')
    .replace(CODE, token => {
      if (!isCode(token)) return token
      codes.push(token)
      return markOf(codes.length - 1)
    })
    .replace(HEX, '<hex>')
    .replace(ID, '<id>')
    .replace(NUMBER, number)
    .replace(MARK, (_, mark: string) => codes[indexOf(mark)] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
  return blanked.length <= CAUSE_TEXT_LENGTH ? blanked : `${blanked.slice(0, CAUSE_TEXT_LENGTH - 1)}…`
}
