/**
 * Deterministic seed data for the loopback simulator: DLQ messages and failed workflow runs.
 *
 * Same (n, seed, now) => identical output. Generation is a single pass with a small PRNG and shared
 * (never mutated) header objects, so 100,000 messages take well under a second.
 */

/** A seeded DLQ message, shaped like the wire (`DlqMessage` from service/schemas.ts accepts it). */
export type SimMessage = {
  messageId: string
  dlqId: string
  url: string
  method: string
  header: Record<string, string[]>
  body: string
  bodyBase64?: string
  createdAt: number
  state: string
  maxRetries: number
  notBefore?: number
  callback?: string
  failureCallback?: string
  topicName?: string
  endpointName?: string
  scheduleId?: string
  callerIP: string
  queueName?: string
  responseStatus: number
  responseHeader: Record<string, string[]>
  responseBody: string
  responseBodyBase64?: string
}

/** An entry of the workflow DLQ (a failed workflow run). */
export type WorkflowDlqEntry = {
  dlqId: string
  workflowRunId: string
  workflowUrl: string
  workflowCreatedAt: number
  failedAt: number
  /** The last response of the failed run (default: 500, "step failed"). */
  responseStatus?: number
  responseBody?: string
}

// Module-level references: global lookups are slow inside vm contexts (jest), and these run in hot loops.
const imul = Math.imul
const floor = Math.floor

export const SEED_WINDOW_MS = 7 * 24 * 60 * 60 * 1000

/** mulberry32: a tiny 32-bit PRNG; returns floats in [0, 1). */
function createPrng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = imul(t ^ (t >>> 15), t | 1)
    t ^= t + imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ZEROS = '00000000'

function hex8(rand: () => number): string {
  const hex = ((rand() * 4294967296) >>> 0).toString(16)
  return hex.length === 8 ? hex : ZEROS.slice(hex.length) + hex
}

function pick<T>(rand: () => number, pool: readonly T[]): T {
  return pool[floor(rand() * pool.length)] as T
}

/** The deliberately hostile destination URL: a pipe, a script tag and a markdown javascript: link. */
export const HOSTILE_URL = 'https://evil.example.com/a|b/<script>alert(1)</script>?next=[x](javascript:alert(1))'
/** A body whose lines look like GitHub workflow commands. */
export const HOSTILE_BODY = '::set-output name=x::pwned\n::add-mask::hunter2\n::error file=a.ts::injected\nplain line'
/** A response body whose lines look like GitHub workflow commands. */
export const HOSTILE_RESPONSE_BODY = '::set-output name=x::owned\n::add-mask::abc\n::warning::from upstream'
/** A header value carrying HTML. */
export const HOSTILE_HEADER_VALUE = '<img src=x onerror=alert(1)>'

const URL_POOL: readonly string[] = [
  'https://api.example.com/webhooks/orders',
  'https://hooks.example.org/billing/invoice-paid',
  'https://svc.internal.example.net/v1/events',
  'https://example.com/api/notify?channel=ops&retry=1',
  'https://payments.example.io/callback',
  'https://mail.example.com/send',
  'https://example.dev/hooks/deploy',
  'https://inventory.example.com/sync',
  'http://localhost:3000/api/workflow',
  'https://analytics.example.com/ingest',
  'https://example.com/path%20with%20spaces/%C3%BCnicode',
  HOSTILE_URL
]

const WORKFLOW_URL_POOL: readonly string[] = [
  'https://app.example.com/api/workflow/onboarding',
  'https://app.example.com/api/workflow/billing-cycle',
  'https://app.example.com/api/workflow/nightly-report',
  'https://workers.example.dev/wf/import',
  'https://example.com/api/workflow?name=a|b'
]

const METHODS: readonly string[] = ['POST', 'POST', 'POST', 'POST', 'PUT', 'GET', 'PATCH', 'DELETE']

const HEADER_POOL: ReadonlyArray<Record<string, string[]>> = [
  { 'Content-Type': ['application/json'] },
  { 'Content-Type': ['application/json'], 'X-Trace-Id': ['7f3a9c'] },
  { 'Content-Type': ['text/plain'], 'X-Multi': ['a', 'b'] },
  { 'X-Custom': [HOSTILE_HEADER_VALUE] },
  {}
]

const BODY_POOL: readonly string[] = [
  '{"orderId":123,"amount":"9.99"}',
  '{"event":"user.created","id":"u_42"}',
  'hello world',
  '',
  '| a | b |\n|---|---|\n`code` and **bold**',
  'h\u00e9llo \u{1f30d}',
  HOSTILE_BODY
]

const STATUS_POOL: readonly number[] = [500, 500, 500, 502, 502, 503, 503, 404, 400, 429]

const RESPONSE_BODY_POOL: readonly string[] = [
  '{"error":"internal server error"}',
  'Bad Gateway',
  '<html><body><h1>503 Service Unavailable</h1></body></html>',
  'Not Found',
  '{"error":"rate limited"}',
  '',
  HOSTILE_RESPONSE_BODY
]

const RESPONSE_HEADER_POOL: ReadonlyArray<Record<string, string[]>> = [
  { 'Content-Type': ['application/json'] },
  { 'Content-Type': ['text/html'], 'Retry-After': ['30'] },
  { 'Content-Type': ['text/plain'] },
  { Server: [HOSTILE_HEADER_VALUE] }
]

/** Credential values a destination was sent or answered with: what messages-file must not carry by default. */
export const DESTINATION_CREDENTIALS = {
  authorization: 'Bearer dest-token-7Qx9',
  forwardAuthorization: 'Basic ZGVzdDpmb3J3YXJkLXB3',
  proxyAuthorization: 'Basic cHJveHk6cHc=',
  cookie: 'session=dest-cookie-51ab',
  apiKey: 'dest-apikey-0c4e',
  setCookie: ['sid=dest-sid-93fe; HttpOnly', 'csrf=dest-csrf-22d1']
} as const

/** Headers of a message sent with credentials: 5 credential values and two plain headers. */
const CREDENTIAL_HEADER: Record<string, string[]> = {
  Authorization: [DESTINATION_CREDENTIALS.authorization],
  'Upstash-Forward-Authorization': [DESTINATION_CREDENTIALS.forwardAuthorization],
  'proxy-authorization': [DESTINATION_CREDENTIALS.proxyAuthorization],
  Cookie: [DESTINATION_CREDENTIALS.cookie],
  'X-API-KEY': [DESTINATION_CREDENTIALS.apiKey],
  'Content-Type': ['application/json'],
  'X-Request-Id': ['req-credential-1']
}

/** A destination's answer setting cookies: 2 credential values and one plain header. */
const CREDENTIAL_RESPONSE_HEADER: Record<string, string[]> = {
  'Set-Cookie': [...DESTINATION_CREDENTIALS.setCookie],
  'Content-Type': ['text/html']
}

/** Credential values each message seeded with credentials carries (header and responseHeader together). */
export const CREDENTIAL_VALUES_PER_MESSAGE = 7

const TOPICS: readonly string[] = ['orders-topic', 'billing', 'notifications']
const ENDPOINTS: readonly string[] = ['primary', 'backup', 'audit']
const QUEUES: readonly string[] = ['queue-a', 'queue-b', 'critical']
const SCHEDULES: readonly string[] = ['sched-1', 'sched-2', 'sched-3', 'sched-4', 'sched-5', 'sched-6']
const CALLER_IPS: readonly string[] = ['203.0.113.5', '198.51.100.23', '192.0.2.44', '2001:db8::1', '10.0.0.7']

/**
 * `n` strictly increasing integers in [now - 7 days, now): bucket i of the window gets one value at a
 * random offset inside it, so the values are distinct and spread over the whole window.
 */
function spreadTimes(n: number, rand: () => number, now: number, index: number): number {
  const start = now - SEED_WINDOW_MS
  if (n > SEED_WINDOW_MS) return start + index // degenerate: more items than milliseconds
  const lo = floor((index * SEED_WINDOW_MS) / n)
  const hi = floor(((index + 1) * SEED_WINDOW_MS) / n)
  return start + lo + floor(rand() * (hi - lo))
}

/**
 * `n` DLQ messages, sorted ascending by createdAt (all distinct). Messages 1, 2 and 3 (when they exist)
 * always carry the hostile url, body/responseBody and header; the pools make them recur elsewhere too.
 */
export function seedMessages(
  n: number,
  seed = 1,
  now = Date.now(),
  /** Every this many messages (from the first) carries credential headers: CREDENTIAL_HEADER and its answer's. */
  credentialsEvery = 0
): SimMessage[] {
  const rand = createPrng(seed)
  const out: SimMessage[] = []
  for (let i = 0; i < n; i++) {
    const createdAt = spreadTimes(n, rand, now, i)
    const m: SimMessage = {
      messageId: `msg_${hex8(rand)}${i.toString(36).padStart(4, '0')}`,
      // 'x' never occurs in hex, so the index suffix makes dlqIds unique.
      dlqId: `dlq_${hex8(rand)}x${i.toString(36)}`,
      url: i === 1 ? HOSTILE_URL : pick(rand, URL_POOL),
      method: pick(rand, METHODS),
      header: i === 3 ? (HEADER_POOL[3] as Record<string, string[]>) : pick(rand, HEADER_POOL),
      body: i === 2 ? HOSTILE_BODY : pick(rand, BODY_POOL),
      createdAt,
      state: 'failed',
      maxRetries: floor(rand() * 6),
      callerIP: pick(rand, CALLER_IPS),
      responseStatus: pick(rand, STATUS_POOL),
      responseHeader: pick(rand, RESPONSE_HEADER_POOL),
      responseBody: i === 2 ? HOSTILE_RESPONSE_BODY : pick(rand, RESPONSE_BODY_POOL)
    }
    const kind = rand()
    if (kind < 0.25) {
      m.topicName = pick(rand, TOPICS)
      if (rand() < 0.5) m.endpointName = pick(rand, ENDPOINTS)
    } else if (kind < 0.45) {
      m.queueName = pick(rand, QUEUES)
    } else if (kind < 0.6) {
      m.scheduleId = pick(rand, SCHEDULES)
    }
    const extra = rand()
    if (extra < 0.1) m.notBefore = createdAt + 60_000
    else if (extra < 0.2) m.callback = 'https://callbacks.example.com/ok'
    else if (extra < 0.25) m.failureCallback = 'https://callbacks.example.com/failed'
    else if (extra < 0.28 && i > 3) {
      m.body = ''
      m.bodyBase64 = 'AAEC/wD+3q2+7w=='
    } else if (extra < 0.3 && i > 3) {
      m.responseBody = ''
      m.responseBodyBase64 = '//79/A=='
    }
    // Set after every draw from the PRNG, so the rest of the data is the same with credentials or without.
    if (credentialsEvery > 0 && i % credentialsEvery === 0) {
      m.header = CREDENTIAL_HEADER
      m.responseHeader = CREDENTIAL_RESPONSE_HEADER
    }
    out.push(m)
  }
  return out
}

/** `n` failed workflow runs, sorted ascending by failedAt (all distinct). */
export function seedWorkflowEntries(n: number, seed = 1, now = Date.now()): WorkflowDlqEntry[] {
  const rand = createPrng((seed ^ 0x5bd1e995) >>> 0)
  const out: WorkflowDlqEntry[] = []
  for (let i = 0; i < n; i++) {
    const failedAt = spreadTimes(n, rand, now, i)
    out.push({
      // 'w' never occurs in hex, so these never collide with message dlqIds.
      dlqId: `dlq_w${hex8(rand)}${i.toString(36).padStart(3, '0')}`,
      workflowRunId: `wfr_${hex8(rand)}${i.toString(36).padStart(3, '0')}`,
      workflowUrl: pick(rand, WORKFLOW_URL_POOL),
      workflowCreatedAt: failedAt - 1 - floor(rand() * 3_600_000),
      failedAt
    })
  }
  return out
}

/** Schedules 'sched-1'..'sched-n': odd ones paused, even ones active. */
export function seedSchedules(n: number): Map<string, { active: boolean }> {
  const map = new Map<string, { active: boolean }>()
  for (let i = 1; i <= n; i++) map.set(`sched-${i}`, { active: i % 2 === 0 })
  return map
}
