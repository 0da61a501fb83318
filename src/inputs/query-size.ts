/** The query a request will carry, measured from the inputs before any request, against MAX_URL_BYTES. */
import { CURSOR_ROOM_BYTES, MAX_URL_BYTES } from '../constants.js'

/** A date bound as the action sends it: Unix milliseconds have 13 digits until the year 2286. */
const DATE_PLACEHOLDER = 9_999_999_999_999

/** One input's share of a query: its wire name and the values it sends in each request. */
export interface QueryPart {
  input: string
  key: string
  values: readonly (string | number)[]
}

function encodedBytes(key: string, values: readonly (string | number)[]): number {
  const query = new URLSearchParams()
  for (const value of values) query.append(key, String(value))
  const text = query.toString()
  // Each pair after the first is joined by one '&'.
  return text === '' ? 0 : text.length + 1
}

/**
 * Checks that one request's query stays within MAX_URL_BYTES. Returns undefined when it does, else the input
 * that takes the most bytes and a refusal to report under its name.
 */
export function oversizedQuery(parts: readonly QueryPart[]): { input: string; message: string } | undefined {
  const sizes = parts.map(part => ({ input: part.input, bytes: encodedBytes(part.key, part.values) }))
  const total = sizes.reduce((sum, part) => sum + part.bytes, 0)
  if (total <= MAX_URL_BYTES) return undefined
  const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a))
  return {
    input: largest.input,
    message:
      `makes the query of each request too long: it takes ${largest.bytes} bytes of ${total}, over the ` +
      `${MAX_URL_BYTES} bytes (6 KB) a request may carry, since servers and proxies refuse longer URLs; ` +
      'give fewer or shorter values'
  }
}

/** The longest of some values, as a one-value list (each request carries one of them at most). */
export function longestOf(values: readonly string[] | undefined): string[] {
  if (values === undefined || values.length === 0) return []
  return [values.reduce((a, b) => (encodedBytes('k', [b]) > encodedBytes('k', [a]) ? b : a))]
}

/** A cursor part: the user's cursor, or room for one the service sends (it replaces the user's), whichever is longer. */
export function cursorPart(input: string, cursor: string | undefined): QueryPart {
  const room = 'x'.repeat(CURSOR_ROOM_BYTES)
  const values = cursor !== undefined && encodedBytes('k', [cursor]) > encodedBytes('k', [room]) ? [cursor] : [room]
  return { input, key: 'cursor', values }
}

/** A date bound: the user's, or the 13 digits the action may send in its place (parallel slices). */
export function datePart(input: string, key: string, value: number | undefined): QueryPart {
  return { input, key, values: [value ?? DATE_PLACEHOLDER] }
}
