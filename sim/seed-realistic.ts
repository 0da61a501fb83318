/**
 * Seed data a newcomer recognises, for the `npm start` demo and `npm run render` (`realistic: true`): a shop's
 * destinations (payments callback, analytics ingest, receipt e-mails, an ERP sync, a search indexer), each failing
 * the way such a service fails, with response bodies that match their statuses, over ages of minutes to days.
 * The simulator's command line seeds it too; startSimulator's default stays the hostile data (sim/seed.ts) the
 * tests need.
 */
import type { SimMessage, WorkflowDlqEntry } from './seed.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** One way a destination fails: the status, the body it answered, the headers of that answer. */
interface Answer {
  status: number
  body: string
  header: Record<string, string[]>
}

/** A destination: what is sent to it, how it fails, how many of the messages are its, and how old they are. */
interface Destination {
  url: string
  method: string
  share: number
  /** Ages of its messages: from this many ms ago ... */
  newest: number
  /** ... to this many. */
  oldest: number
  body: (i: number) => string
  answers: readonly Answer[]
  topicName?: string
  queueName?: string
  scheduleId?: string
}

const JSON_TYPE = { 'Content-Type': ['application/json'] }
const jsonError = (status: number, error: string, header: Record<string, string[]> = {}): Answer => ({
  status,
  body: JSON.stringify({ error }),
  header: { ...JSON_TYPE, ...header }
})

const DESTINATIONS: readonly Destination[] = [
  {
    // A deploy of the payments service broke its callback 30 hours ago: the largest share, all recent.
    url: 'https://payments.shop.example/webhooks/payment-succeeded',
    method: 'POST',
    share: 0.4,
    newest: 20 * MINUTE,
    oldest: 30 * HOUR,
    body: i =>
      JSON.stringify({ orderId: `ord_${10240 + i}`, amount: `${(19 + (i % 60)).toFixed(2)}`, currency: 'EUR' }),
    answers: [
      jsonError(500, 'could not obtain a database connection: pool exhausted'),
      jsonError(500, 'could not obtain a database connection: pool exhausted'),
      jsonError(500, 'could not obtain a database connection: pool exhausted'),
      jsonError(503, 'service unavailable, try again later', { 'Retry-After': ['120'] })
    ],
    topicName: 'payments'
  },
  {
    url: 'https://ingest.analytics.shop.example/v1/events',
    method: 'POST',
    share: 0.25,
    newest: 5 * MINUTE,
    oldest: 9 * HOUR,
    body: i => JSON.stringify({ event: i % 3 === 0 ? 'checkout_started' : 'page_view', sessionId: `s_${7000 + i}` }),
    answers: [
      jsonError(429, 'rate limit exceeded: 500 events per second', { 'Retry-After': ['30'] }),
      jsonError(429, 'rate limit exceeded: 500 events per second', { 'Retry-After': ['30'] }),
      jsonError(413, 'payload too large: batches are limited to 1 MB')
    ],
    queueName: 'analytics'
  },
  {
    url: 'https://mail.shop.example/hooks/send-receipt',
    method: 'POST',
    share: 0.2,
    newest: 45 * MINUTE,
    oldest: 2 * DAY + 5 * HOUR,
    body: i => JSON.stringify({ template: 'receipt', to: `customer-${i}@mail.example`, orderId: `ord_${9800 + i}` }),
    answers: [
      {
        status: 502,
        body: '502 Bad Gateway: upstream connect error or disconnect/reset before headers',
        header: { 'Content-Type': ['text/plain'] }
      },
      { status: 504, body: 'upstream request timeout', header: { 'Content-Type': ['text/plain'] } }
    ],
    topicName: 'notifications'
  },
  {
    // A nightly schedule whose API key expired days ago: few messages, but the oldest in the DLQ.
    url: 'https://erp.shop.example/api/inventory/sync',
    method: 'PUT',
    share: 0.1,
    newest: 14 * HOUR,
    oldest: 6 * DAY + 2 * HOUR,
    body: () => JSON.stringify({ warehouse: 'berlin-1', full: true }),
    answers: [jsonError(401, 'API key expired')],
    scheduleId: 'sched-2'
  },
  {
    url: 'https://search.shop.example/indexes/products/documents',
    method: 'POST',
    share: 0.05,
    newest: 3 * HOUR,
    oldest: 20 * HOUR,
    body: i => JSON.stringify({ sku: `SKU-${4400 + i}`, title: 'Linen shirt', price: 49 }),
    answers: [jsonError(404, 'index "products" not found'), jsonError(400, 'field "price" must be a string')]
  }
]

const WORKFLOWS: readonly { url: string; share: number; oldest: number }[] = [
  { url: 'https://app.shop.example/api/workflows/order-fulfilment', share: 0.6, oldest: 30 * HOUR },
  { url: 'https://app.shop.example/api/workflows/refund', share: 0.25, oldest: 2 * DAY },
  { url: 'https://app.shop.example/api/workflows/nightly-report', share: 0.15, oldest: 5 * DAY }
]

/** A stable pseudo-random number in [0, 1) for (i, salt): the same data every run. */
function unit(i: number, salt: number): number {
  let t = (Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/** Which of `items` item `i` of `n` belongs to, by their shares (contiguous runs, then interleaved by time). */
function byShare<T extends { share: number }>(items: readonly T[], i: number, n: number): T {
  let upTo = 0
  for (const item of items) {
    upTo += item.share * n
    if (i < upTo) return item
  }
  return items[items.length - 1] as T
}

/** `n` messages of the shop's destinations, sorted by createdAt (distinct), ages as each destination says. */
export function seedRealisticMessages(n: number, now = Date.now()): SimMessage[] {
  const out: SimMessage[] = []
  for (let i = 0; i < n; i++) {
    const d = byShare(DESTINATIONS, i, n)
    const age = d.newest + Math.floor(unit(i, 2) * (d.oldest - d.newest))
    // The newest third answer as the destination mostly does, so its last response matches its main status.
    const recent = age < d.newest + (d.oldest - d.newest) / 3
    const answer = d.answers[recent ? 0 : Math.floor(unit(i, 1) * d.answers.length)] as Answer
    out.push({
      messageId: `msg_${(0x2f1a0000 + i * 7919).toString(16)}`,
      dlqId: `dlq_${(0x6c3e0000 + i * 104729).toString(16)}`,
      url: d.url,
      method: d.method,
      header: { ...JSON_TYPE, 'X-Request-Id': [`req_${(i * 48271).toString(36)}`] },
      body: d.body(i),
      createdAt: now - age,
      state: 'failed',
      maxRetries: 3,
      callerIP: '203.0.113.10',
      responseStatus: answer.status,
      responseHeader: answer.header,
      responseBody: answer.body,
      ...(d.topicName !== undefined ? { topicName: d.topicName } : {}),
      ...(d.queueName !== undefined ? { queueName: d.queueName } : {}),
      ...(d.scheduleId !== undefined ? { scheduleId: d.scheduleId } : {})
    })
  }
  return strictlyIncreasing(out, 'createdAt')
}

/** Sorted by `key`, each time made greater than the one before: the simulator's keyset cursors need distinct times. */
function strictlyIncreasing<K extends string, T extends Record<K, number>>(items: T[], key: K): T[] {
  items.sort((a, b) => a[key] - b[key])
  for (let i = 1; i < items.length; i++) {
    const before = (items[i - 1] as T)[key]
    const item = items[i] as T
    if (item[key] <= before) (item as Record<K, number>)[key] = before + 1
  }
  return items
}

/** `n` failed runs of the shop's workflows, sorted by failedAt (distinct). */
export function seedRealisticWorkflowEntries(n: number, now = Date.now()): WorkflowDlqEntry[] {
  const out: WorkflowDlqEntry[] = []
  for (let i = 0; i < n; i++) {
    const w = byShare(WORKFLOWS, i, n)
    const failedAt = now - 10 * MINUTE - Math.floor(unit(i, 3) * w.oldest)
    out.push({
      dlqId: `dlq_w${(0x51d20000 + i * 7907).toString(16)}`,
      workflowRunId: `wfr_${(0x3a8b0000 + i * 6151).toString(16)}`,
      workflowUrl: w.url,
      workflowCreatedAt: failedAt - 2 * MINUTE - Math.floor(unit(i, 4) * 20 * MINUTE),
      failedAt
    })
  }
  return strictlyIncreasing(out, 'failedAt')
}
