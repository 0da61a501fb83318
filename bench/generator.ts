/** The DLQ of scenarios 5-7, made up as it is read. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Generator {
  url: string
  /** GET /v2/dlq requests answered. */
  pages: () => number
  close(): Promise<void>
}

/** createdAt of message 0; message i is i seconds later, so date slices cut the DLQ by index. */
const GENERATOR_BASE_MS = Date.UTC(2026, 0, 1)
const SPACING_MS = 1000

/** Words no blanking removes (letters only), distinct for each index: a cause of its own per message. */
function words(i: number): string {
  let n = i
  let text = ''
  do {
    text += String.fromCharCode(97 + (n % 26))
    n = Math.floor(n / 26)
  } while (n > 0)
  return text
}

/**
 * The message of index i: about 350 bytes (more with a longer URL), every breakdown field its own; with `bodies`, a
 * response body of about 300 bytes whose words are its own too, and variable parts for the cause normaliser to blank.
 */
function message(i: number, urlLength: number, bodies: boolean): string {
  const body = bodies
    ? `,"responseBody":"{\\"error\\":\\"column ${words(i)} does not exist\\",\\"requestId\\":\\"` +
      `${i.toString(16).padStart(8, '0')}-1a2b-4c3d-8e9f-0123456789ab\\",\\"at\\":\\"2026-01-01T00:00:00Z\\",` +
      `\\"detail\\":\\"row ${i} of batch ${i % 997} failed after ${i % 30} retries in ${'x'.repeat(150)}\\"}"`
    : ''
  return (
    `{"messageId":"msg_${i}","url":"https://hooks-${i}.example.com/deliver/${i.toString(36).padStart(urlLength, 'x')}",` +
    `"queueName":"queue-${i}","topicName":"group-${i}","scheduleId":"sched-${i}","responseStatus":${500 + (i % 4)},` +
    `"createdAt":${GENERATOR_BASE_MS + i * SPACING_MS},"method":"POST","body":"{}"${body}}`
  )
}

const param = (query: URLSearchParams, name: string): number | undefined => {
  const value = query.get(name)
  return value === null ? undefined : Number(value)
}

/**
 * A server that makes up the DLQ as it is read: message i has its own URL (about 100 characters), queue, URL group
 * and schedule, so no breakdown ever sees a value twice. It honours count, order, fromDate and toDate (on
 * createdAt) and cursors, as a parallel listing needs, and waits `latencyMs` before each answer. It holds nothing,
 * so a million messages cost the bench no memory.
 */
export async function startGenerator(
  total: number,
  pageSize: number,
  latencyMs = 0,
  /** Characters the URL's last path segment is padded to: 40 (URLs of about 100 characters), or 4,000. */
  urlLength = 40,
  /** Give each message a response body of its own (a cause of its own). */
  bodies = false
): Promise<Generator> {
  let pages = 0
  const server = http.createServer((req, res) => {
    pages++
    const query = new URL(req.url ?? '/', 'http://x').searchParams
    const count = param(query, 'count') ?? pageSize
    const from = param(query, 'fromDate')
    const to = param(query, 'toDate')
    // Indices whose createdAt lies in [from, to], as [lo, hi).
    const lo = Math.max(0, from === undefined ? 0 : Math.ceil((from - GENERATOR_BASE_MS) / SPACING_MS))
    const hi = Math.min(total, to === undefined ? total : Math.floor((to - GENERATOR_BASE_MS) / SPACING_MS) + 1)
    const ascending = query.get('order') !== 'latestFirst'
    const cursor = param(query, 'cursor')
    const parts: string[] = []
    let next: number | undefined
    if (ascending) {
      const start = cursor ?? lo
      const end = Math.min(hi, start + count)
      for (let i = start; i < end; i++) parts.push(message(i, urlLength, bodies))
      if (end < hi) next = end
    } else {
      const start = cursor ?? hi - 1
      const end = Math.max(lo - 1, start - count)
      for (let i = start; i > end; i--) parts.push(message(i, urlLength, bodies))
      if (end >= lo) next = end
    }
    const body = `{"messages":[${parts.join(',')}]${next === undefined ? '' : `,"cursor":"${next}"`}}`
    const answer = (): void => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) })
      res.end(body)
    }
    if (latencyMs > 0) setTimeout(answer, latencyMs)
    else answer()
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    pages: () => pages,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/** The index of a generated message id, or undefined for anything else. */
export function generatedIndex(id: unknown, total: number): number | undefined {
  if (typeof id !== 'string' || !/^msg_\d{1,7}$/.test(id)) return undefined
  const i = Number(id.slice(4))
  return i < total && id === `msg_${i}` ? i : undefined
}
