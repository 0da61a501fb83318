/**
 * The query each request will carry, measured from the inputs before any request against MAX_URL_BYTES: an input
 * whose values would make a URL too long is refused, naming the largest.
 */
import type { z } from 'zod'
import { CURSOR_ROOM_BYTES, MAX_URL_BYTES } from '../constants.js'
import { refuse } from './fields.js'

/** A date bound as the action may send it (parallel slices set their own): 13 digits until the year 2286. */
const DATE_PLACEHOLDER = 9_999_999_999_999
const CURSOR_ROOM = 'x'.repeat(CURSOR_ROOM_BYTES)

function encodedBytes(key: string, values: readonly unknown[]): number {
  const query = new URLSearchParams()
  for (const value of values) query.append(key, String(value))
  const text = query.toString()
  // Each pair after the first is joined by one '&'.
  return text === '' ? 0 : text.length + 1
}

const longer = (a: string, b: string): string => (encodedBytes('k', [b]) > encodedBytes('k', [a]) ? b : a)

/** The longest of some values, as a one-value list (each request carries one of them at most). */
export function longestOf(values: readonly string[] | undefined): string[] {
  return values === undefined || values.length === 0 ? [] : [values.reduce(longer)]
}

/** Of inputs taking the same bytes, the refusal names the first in this order. */
const TIE_ORDER = (
  'dlqIds workflowUrl workflowRunId workflowCreatedAt source url topicName scheduleId queueName api callerIp ' +
  'messageId responseStatus fromDate toDate count order cursor'
).split(' ')

/** Refuses a request's query (by the service's names) at its longest past MAX_URL_BYTES, naming its largest input. */
export function queryFits(ctx: z.RefinementCtx, query: Record<string, unknown>, cursor: string | undefined): void {
  const longest = {
    ...query,
    fromDate: query.fromDate ?? DATE_PLACEHOLDER,
    toDate: query.toDate ?? DATE_PLACEHOLDER,
    cursor: longer(CURSOR_ROOM, cursor ?? '')
  }
  const sizes = Object.entries(longest)
    .sort(([a], [b]) => TIE_ORDER.indexOf(a) - TIE_ORDER.indexOf(b))
    .map(([key, value]) => ({
      input: key.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`),
      bytes: encodedBytes(key, value === undefined ? [] : [value].flat())
    }))
  const total = sizes.reduce((sum, part) => sum + part.bytes, 0)
  if (total <= MAX_URL_BYTES) return
  const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a))
  refuse(
    ctx,
    largest.input,
    `makes the query of each request too long: it takes ${largest.bytes} bytes of ${total}, over the ` +
      `${MAX_URL_BYTES} bytes (6 KB) a request may carry, since servers and proxies refuse longer URLs; ` +
      'give fewer or shorter values'
  )
}
