/**
 * A loopback simulator of the message delivery service (see shared spec/wire-contract.md), built on
 * node:http only. Used by the tests, the `npm start` demo and the benchmarks.
 *
 * Real sockets on 127.0.0.1 (port 0 by default), deterministic seed data, keyset cursors, fault injection.
 */
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import zlib from 'node:zlib'
import { seedMessages, seedSchedules, seedWorkflowEntries, type SimMessage, type WorkflowDlqEntry } from './seed.js'

export type { SimMessage, WorkflowDlqEntry } from './seed.js'

/**
 * Ways real servers differ from the wire contract (its section 5). Each is off by default; `ALL_VARIANTS` turns
 * every one on at once. Tests run the action against each, and against all together.
 */
export interface ServerVariants {
  /** list: answer in earliestFirst order whatever `order` says (the production API dropped it). */
  ignoreOrder: boolean
  /** list: fromDate/toDate filter a hidden time the message entered the DLQ (some time after createdAt). */
  datesOnEntryTime: boolean
  /** list: every third message carries no createdAt (it is optional on read). */
  omitCreatedAt: boolean
  /** list: each date bound is one millisecond wider than asked (fromDate - 1, toDate + 1). */
  dateBoundOffByOne: boolean
  /** list and resume: a filter value containing a comma is read as several values. */
  commaSeparates: boolean
  /** list: only the first `messageId` value is applied. */
  oneMessageId: boolean
  /** resume: a request without `count` resumes every matching run in one answer. */
  resumeAllWithoutCount: boolean
  /** schedule resume: only PATCH is accepted; POST answers 405. */
  patchOnlySchedules: boolean
  /** any route: a request target (path and query) longer than this many bytes answers 414. */
  maxUrlBytes?: number
}

export const ALL_VARIANTS: ServerVariants = {
  ignoreOrder: true,
  datesOnEntryTime: true,
  omitCreatedAt: true,
  dateBoundOffByOne: true,
  commaSeparates: true,
  oneMessageId: true,
  resumeAllWithoutCount: true,
  patchOnlySchedules: true,
  maxUrlBytes: 8 * 1024
}

export interface SimulatorOptions {
  /** server behaviours of wire-contract section 5 (all off by default) */
  variants?: Partial<ServerVariants>
  /** accepted bearer token, default 'sim-token' */
  token?: string
  /** token accepted by GET but answered 403 on POSTs */
  readOnlyToken?: string
  /** seeded DLQ messages, default 300 */
  messages?: number
  /** seeded failed workflow runs in the workflow DLQ, default 120 */
  workflowRuns?: number
  /** seeded schedules, default 6 (ids 'sched-1'..; odd ones paused, even ones active) */
  schedules?: number
  /** PRNG seed, default 1; same seed => identical data */
  seed?: number
  /** ms; seeded createdAt values spread over the 7 days before it; default Date.now() */
  now?: number
  /** delay added before every response, default 0 */
  latencyMs?: number
  /** above this many requests in one wall-clock second, answer 429 with Burst-RateLimit-Reset */
  rateLimitPerSecond?: number
  host?: string
  port?: number
}

export type Route = 'list' | 'resume' | 'schedule'

export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'drop' }
  | { kind: 'hang' }
  | { kind: 'slow-body'; ms: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'redirect'; location: string; status?: number }
  | { kind: 'malformed'; body: string; status?: number }
  | { kind: 'stuck-cursor' }
  /** answer as usual, the body encoded: gzip, deflate, deflate-raw (sent as deflate) or br; any other name is sent as the content-encoding over the plain body */
  | { kind: 'encoded'; encoding: string }
  /** answer as usual with a UTF-8 byte-order mark before the body */
  | { kind: 'bom' }
  /** answer as usual with a byte that is not UTF-8 inside the first string value of the body */
  | { kind: 'invalid-utf8' }
  /** answer as usual (an unknown cursor is taken as the start) but with this cursor, e.g. to make a cycle */
  | { kind: 'set-cursor'; cursor: string }

export interface FaultRule {
  route?: Route
  fault: Fault
  /** let this many matching requests through first (default 0) */
  skip?: number
  /** apply this many times (default 1; Infinity allowed) */
  times?: number
}

export interface RecordedRequest {
  method: string
  /** raw path, without the query string, as sent (not decoded) */
  path: string
  query: URLSearchParams
  headers: Record<string, string | string[] | undefined>
  route?: Route
  at: number
  /** the request body as text (filled in once it has been read; '' when none) */
  body: string
}

/** A run created by a bulk resume, with what it was resumed from and the overrides it got. */
export interface ResumedRun {
  workflowRunId: string
  workflowCreatedAt: number
  fromDlqId: string
  originalWorkflowRunId: string
  workflowUrl: string
  flowControlKey?: string
  flowControlValue?: string
  retries?: number
}

export interface SimulatorState {
  /** DLQ messages, kept sorted ascending by (createdAt, messageId): keep it sorted if you add any */
  messages: SimMessage[]
  /** workflow DLQ, kept sorted ascending by (failedAt, dlqId): keep it sorted if you add any */
  workflowDlq: WorkflowDlqEntry[]
  schedules: Map<string, { active: boolean }>
  /** runs created by bulk resumes, in order */
  resumedRuns: ResumedRun[]
}

export interface Simulator {
  url: string
  requests: RecordedRequest[]
  requestCount: number
  inject(rule: FaultRule): void
  clearFaults(): void
  state: SimulatorState
  close(): Promise<void>
}

const MAX_RECORDED = 10_000
const MAX_BODY = 1024 * 1024
const RESUME_BATCH = 50
/** `name=number` pairs joined by commas; `period` may carry a unit (`period=1m`), as the real service documents. */
const FLOW_CONTROL_VALUE =
  /^(?:period=\d+[smhd]|[A-Za-z_][A-Za-z0-9_.-]*=\d+)(?:,(?:period=\d+[smhd]|[A-Za-z_][A-Za-z0-9_.-]*=\d+))*$/

interface SimResponse {
  status: number
  headers: Record<string, string>
  body: string
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string
  ) {
    super(message)
  }
}

function json(status: number, value: unknown): SimResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(value)
  }
}

function errorResponse(status: number, message: string): SimResponse {
  return json(status, { error: message })
}

// ---------------------------------------------------------------------------------------------
// Cursors: keyset positions, base64url of "<tag>|<time>|<id>|<checksum>" so garbling is detected.

function fnv1a(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(36)
}

interface Position {
  time: number
  id: string
}

function encodeCursor(tag: string, pos: Position): string {
  const payload = `${tag}|${pos.time}|${pos.id}`
  return Buffer.from(`${payload}|${fnv1a(payload)}`, 'utf8').toString('base64url')
}

function decodeCursor(tag: string, cursor: string): Position | undefined {
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(cursor)) return undefined
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  if (Buffer.from(text, 'utf8').toString('base64url') !== cursor) return undefined
  const parts = text.split('|')
  if (parts.length !== 4 || parts[0] !== tag) return undefined
  const [, time, id, sum] = parts as [string, string, string, string]
  if (!/^\d{1,16}$/.test(time) || id === '') return undefined
  if (fnv1a(`${tag}|${time}|${id}`) !== sum) return undefined
  return { time: Number(time), id }
}

/** -1/0/1 comparing (time, id) tuples. */
function comparePos(aTime: number, aId: string, b: Position): number {
  if (aTime !== b.time) return aTime < b.time ? -1 : 1
  return aId < b.id ? -1 : aId > b.id ? 1 : 0
}

/** First index in [0, length) whose key satisfies !before(key); `before` must be monotone. */
function partition<T>(items: readonly T[], before: (item: T) => boolean): number {
  let lo = 0
  let hi = items.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (before(items[mid] as T)) lo = mid + 1
    else hi = mid
  }
  return lo
}

// ---------------------------------------------------------------------------------------------
// Query parsing helpers.

function intParam(query: URLSearchParams, key: string): number | undefined {
  const values = query.getAll(key)
  if (values.length === 0) return undefined
  if (values.length > 1) throw new HttpError(400, `${key} given more than once`)
  const raw = values[0] as string
  if (!/^-?\d{1,16}$/.test(raw)) throw new HttpError(400, `invalid ${key}: ${raw}`)
  return Number(raw)
}

function setParam(query: URLSearchParams, key: string): Set<string> | undefined {
  const values = query.getAll(key)
  return values.length > 0 ? new Set(values) : undefined
}

/** Splits a raw request target into path and query, and recognises the route. */
function parseTarget(rawUrl: string): {
  path: string
  query: URLSearchParams
  route?: Route
  scheduleId?: string
  badId?: boolean
} {
  const q = rawUrl.indexOf('?')
  const path = q >= 0 ? rawUrl.slice(0, q) : rawUrl
  const query = new URLSearchParams(q >= 0 ? rawUrl.slice(q + 1) : '')
  if (path === '/v2/dlq') return { path, query, route: 'list' }
  if (path === '/v2/workflows/dlq/resume') return { path, query, route: 'resume' }
  const segments = path.split('/')
  if (
    segments.length === 5 &&
    segments[0] === '' &&
    segments[1] === 'v2' &&
    segments[2] === 'schedules' &&
    segments[4] === 'resume' &&
    segments[3] !== ''
  ) {
    try {
      return { path, query, route: 'schedule', scheduleId: decodeURIComponent(segments[3] as string) }
    } catch {
      return { path, query, route: 'schedule', badId: true }
    }
  }
  return { path, query }
}

const ROUTE_METHOD: Record<Route, string> = { list: 'GET', resume: 'POST', schedule: 'POST' }

interface ActiveRule {
  rule: FaultRule
  skipLeft: number
  timesLeft: number
}

/** When a message entered the DLQ (variant datesOnEntryTime): a stable 0 to 2 hours after it was created. */
export function enteredAt(m: SimMessage): number {
  return m.createdAt + (parseInt(fnv1a(m.messageId), 36) % 7_200_000)
}

/** Whether the variant omitCreatedAt drops this message's createdAt: every third message, stably by id. */
export function omitsCreatedAt(m: SimMessage): boolean {
  return parseInt(fnv1a(m.messageId), 36) % 3 === 0
}

function withoutSomeCreatedAt(m: SimMessage): Partial<SimMessage> {
  if (!omitsCreatedAt(m)) return m
  const { createdAt: _omitted, ...rest } = m
  return rest
}

/** Starts a simulator listening on 127.0.0.1 (port 0 unless given). */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const token = options.token ?? 'sim-token'
  const readOnlyToken = options.readOnlyToken
  const seed = options.seed ?? 1
  const now = options.now ?? Date.now()
  const latencyMs = Math.max(0, options.latencyMs ?? 0)
  const rateLimit = options.rateLimitPerSecond
  const host = options.host ?? '127.0.0.1'
  const variants: Partial<ServerVariants> = options.variants ?? {}

  const state: SimulatorState = {
    messages: seedMessages(options.messages ?? 300, seed, now),
    workflowDlq: seedWorkflowEntries(options.workflowRuns ?? 120, seed, now),
    schedules: seedSchedules(options.schedules ?? 6),
    resumedRuns: []
  }

  let rules: ActiveRule[] = []
  let resumedCounter = 0
  let closed = false
  let rateSecond = -1
  let rateCount = 0
  const sockets = new Set<Socket>()
  const timers = new Set<NodeJS.Timeout>()
  const requests: RecordedRequest[] = []

  const later = (ms: number, fn: () => void): void => {
    if (closed) return
    const timer = setTimeout(() => {
      timers.delete(timer)
      if (!closed) fn()
    }, ms)
    timers.add(timer)
  }

  const pickFault = (route: Route | undefined): Fault | undefined => {
    for (const active of rules) {
      if (active.rule.route !== undefined && active.rule.route !== route) continue
      if (active.timesLeft <= 0) continue
      if (active.skipLeft > 0) {
        active.skipLeft--
        continue
      }
      active.timesLeft--
      return active.rule.fault
    }
    return undefined
  }

  const overRateLimit = (): { reset: number } | undefined => {
    if (rateLimit === undefined) return undefined
    const second = Math.floor(Date.now() / 1000)
    if (second !== rateSecond) {
      rateSecond = second
      rateCount = 0
    }
    rateCount++
    return rateCount > rateLimit ? { reset: second + 1 } : undefined
  }

  // -------------------------------------------------------------------------------------------
  // Handlers

  const listDlq = (query: URLSearchParams, stuck: boolean): SimResponse => {
    const count = intParam(query, 'count') ?? 100
    if (count < 1 || count > 100) throw new HttpError(400, `count must be between 1 and 100, got ${count}`)
    const asked = query.get('order') ?? 'earliestFirst'
    if (asked !== 'earliestFirst' && asked !== 'latestFirst') {
      throw new HttpError(400, `invalid order: ${asked}`)
    }
    const order = variants.ignoreOrder ? 'earliestFirst' : asked
    const widen = variants.dateBoundOffByOne ? 1 : 0
    const askedFrom = intParam(query, 'fromDate')
    const askedTo = intParam(query, 'toDate')
    const fromDate = askedFrom === undefined ? undefined : askedFrom - widen
    const toDate = askedTo === undefined ? undefined : askedTo + widen
    const rawCursor = query.get('cursor') ?? ''
    let position: Position | undefined
    if (rawCursor !== '') {
      position = decodeCursor('d1', rawCursor)
      if (!position && !stuck) throw new HttpError(400, 'invalid cursor')
    }
    const statuses = query.getAll('responseStatus').map(raw => {
      if (!/^\d{1,4}$/.test(raw)) throw new HttpError(400, `invalid responseStatus: ${raw}`)
      return Number(raw)
    })
    const checks: Array<(m: SimMessage) => boolean> = []
    const addSet = (key: string, get: (m: SimMessage) => string | undefined): void => {
      let values = query.getAll(key)
      if (variants.commaSeparates) values = values.flatMap(v => v.split(','))
      if (variants.oneMessageId && key === 'messageId') values = values.slice(0, 1)
      if (values.length === 0) return
      const set = new Set(values)
      checks.push(m => set.has(get(m) as string))
    }
    addSet('messageId', m => m.messageId)
    addSet('url', m => m.url)
    addSet('topicName', m => m.topicName)
    addSet('scheduleId', m => m.scheduleId)
    addSet('queueName', m => m.queueName)
    addSet('callerIp', m => m.callerIP)
    if (statuses.length > 0) {
      const set = new Set(statuses)
      checks.push(m => set.has(m.responseStatus))
    }
    // A server that filters dates on the hidden DLQ entry time cannot narrow by createdAt: check each message.
    if (variants.datesOnEntryTime && (fromDate !== undefined || toDate !== undefined)) {
      checks.push(m => {
        const at = enteredAt(m)
        return (fromDate === undefined || at >= fromDate) && (toDate === undefined || at <= toDate)
      })
    }
    const matches = (m: SimMessage): boolean => checks.every(check => check(m))

    const msgs = state.messages
    const byCreatedAt = !variants.datesOnEntryTime
    let lo = fromDate === undefined || !byCreatedAt ? 0 : partition(msgs, m => m.createdAt < fromDate)
    let hi = toDate === undefined || !byCreatedAt ? msgs.length : partition(msgs, m => m.createdAt <= toDate)
    const ascending = order === 'earliestFirst'
    if (position) {
      const p = position
      if (ascending)
        lo = Math.max(
          lo,
          partition(msgs, m => comparePos(m.createdAt, m.messageId, p) <= 0)
        )
      else
        hi = Math.min(
          hi,
          partition(msgs, m => comparePos(m.createdAt, m.messageId, p) < 0)
        )
    }
    const page: SimMessage[] = []
    let more = false
    const step = ascending ? 1 : -1
    for (let i = ascending ? lo : hi - 1; ascending ? i < hi : i >= lo; i += step) {
      const m = msgs[i] as SimMessage
      if (!matches(m)) continue
      if (page.length === count) {
        more = true
        break
      }
      page.push(m)
    }
    const body: { messages: Partial<SimMessage>[]; cursor?: string } = {
      messages: variants.omitCreatedAt ? page.map(withoutSomeCreatedAt) : page
    }
    const last = page[page.length - 1]
    if (stuck) body.cursor = rawCursor || 'stuck'
    else if (more && last) body.cursor = encodeCursor('d1', { time: last.createdAt, id: last.messageId })
    return json(200, body)
  }

  const resumeSchedule = (id: string): SimResponse => {
    const schedule = state.schedules.get(id)
    if (!schedule) throw new HttpError(404, `schedule ${id} not found`)
    schedule.active = true
    return { status: 200, headers: {}, body: '' }
  }

  const headerValue = (headers: http.IncomingHttpHeaders, name: string): string | undefined => {
    const v = headers[name]
    return Array.isArray(v) ? v.join(',') : v
  }

  const bulkResume = (query: URLSearchParams, headers: http.IncomingHttpHeaders, stuck: boolean): SimResponse => {
    const flowKey = headerValue(headers, 'service-flow-control-key')
    const flowValue = headerValue(headers, 'service-flow-control-value')
    const retriesRaw = headerValue(headers, 'service-retries')
    if (flowValue !== undefined && !FLOW_CONTROL_VALUE.test(flowValue)) {
      throw new HttpError(400, `invalid Service-Flow-Control-Value: ${flowValue}`)
    }
    if (retriesRaw !== undefined && !/^\d{1,9}$/.test(retriesRaw)) {
      throw new HttpError(400, `invalid Service-Retries: ${retriesRaw}`)
    }
    const rawCursor = query.get('cursor') ?? ''
    let position: Position | undefined
    if (rawCursor !== '') {
      position = decodeCursor('r1', rawCursor)
      if (!position && !stuck) throw new HttpError(400, 'invalid cursor')
    }
    const count = intParam(query, 'count')
    if (count !== undefined && count < 1) throw new HttpError(400, `count must be at least 1, got ${count}`)
    // Some servers resume every match in one answer when no count is sent (wire contract, 5).
    const batch =
      count === undefined ? (variants.resumeAllWithoutCount ? Infinity : RESUME_BATCH) : Math.min(count, RESUME_BATCH)
    const dlq = state.workflowDlq
    const dlqIds = setParam(query, 'dlqIds')
    let lo = 0
    let hi = dlq.length
    let matches: (e: WorkflowDlqEntry) => boolean
    if (dlqIds) {
      const found = dlq.some(e => dlqIds.has(e.dlqId))
      if (!found) throw new HttpError(404, `DLQ entries not found: ${[...dlqIds].join(', ')}`)
      matches = e => dlqIds.has(e.dlqId)
    } else {
      const fromDate = intParam(query, 'fromDate')
      const toDate = intParam(query, 'toDate')
      const createdAt = intParam(query, 'workflowCreatedAt')
      const urlValues = query.getAll('workflowUrl')
      const urls =
        urlValues.length === 0
          ? undefined
          : new Set(variants.commaSeparates ? urlValues.flatMap(v => v.split(',')) : urlValues)
      const runIds = query.getAll('workflowRunId')
      if (fromDate !== undefined) lo = partition(dlq, e => e.failedAt < fromDate)
      if (toDate !== undefined) hi = partition(dlq, e => e.failedAt <= toDate)
      matches = e =>
        (urls === undefined || urls.has(e.workflowUrl)) &&
        (createdAt === undefined || e.workflowCreatedAt === createdAt) &&
        (runIds.length === 0 || runIds.some(r => e.workflowRunId.startsWith(r)))
    }
    if (position) {
      const p = position
      lo = Math.max(
        lo,
        partition(dlq, e => comparePos(e.failedAt, e.dlqId, p) <= 0)
      )
    }
    const chosen: WorkflowDlqEntry[] = []
    let more = false
    for (let i = lo; i < hi; i++) {
      const e = dlq[i] as WorkflowDlqEntry
      if (!matches(e)) continue
      if (chosen.length === batch) {
        more = true
        break
      }
      chosen.push(e)
    }
    // Remove the chosen entries in place (the array object stays the same for observers).
    const removed = new Set(chosen)
    let w = 0
    for (let r = 0; r < dlq.length; r++) {
      const e = dlq[r] as WorkflowDlqEntry
      if (!removed.has(e)) dlq[w++] = e
    }
    dlq.length = w

    const createdNow = Date.now()
    const workflowRuns = chosen.map(e => {
      resumedCounter++
      const run: ResumedRun = {
        workflowRunId: `wfr_resumed_${resumedCounter}`,
        workflowCreatedAt: createdNow,
        fromDlqId: e.dlqId,
        originalWorkflowRunId: e.workflowRunId,
        workflowUrl: e.workflowUrl
      }
      if (flowKey !== undefined) run.flowControlKey = flowKey
      if (flowValue !== undefined) run.flowControlValue = flowValue
      if (retriesRaw !== undefined) run.retries = Number(retriesRaw)
      state.resumedRuns.push(run)
      return { workflowRunId: run.workflowRunId, workflowCreatedAt: run.workflowCreatedAt }
    })
    const last = chosen[chosen.length - 1]
    let cursor = ''
    if (stuck) cursor = rawCursor || 'stuck'
    else if (more && last) cursor = encodeCursor('r1', { time: last.failedAt, id: last.dlqId })
    return json(200, { workflowRuns, cursor })
  }

  /** The normal answer to a request (auth, routing, handler). */
  const answer = (
    method: string,
    target: ReturnType<typeof parseTarget>,
    headers: http.IncomingHttpHeaders,
    stuck: boolean
  ): SimResponse => {
    const route = target.route
    if (route === undefined) return errorResponse(404, 'not found')
    const allowed = route === 'schedule' && variants.patchOnlySchedules ? 'PATCH' : ROUTE_METHOD[route]
    if (method !== allowed) {
      const res = errorResponse(405, 'method not allowed')
      res.headers['allow'] = allowed
      return res
    }
    const auth = headerValue(headers, 'authorization') ?? ''
    const match = /^Bearer (.+)$/.exec(auth)
    const given = match?.[1]
    const readOnly = readOnlyToken !== undefined && given === readOnlyToken
    if (given !== token && !readOnly) return errorResponse(401, 'unauthorized')
    if (readOnly && method !== 'GET') return errorResponse(403, 'read-only token')
    try {
      switch (route) {
        case 'list':
          return listDlq(target.query, stuck)
        case 'schedule':
          if (target.badId || target.scheduleId === undefined) {
            throw new HttpError(400, 'invalid schedule id')
          }
          return resumeSchedule(target.scheduleId)
        case 'resume':
          return bulkResume(target.query, headers, stuck)
      }
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.message)
      return errorResponse(500, `simulator error: ${String(error)}`)
    }
  }

  const send = (res: http.ServerResponse, response: SimResponse): void => {
    if (closed || res.destroyed || res.headersSent) return
    res.writeHead(response.status, {
      ...response.headers,
      'content-length': String(Buffer.byteLength(response.body))
    })
    res.end(response.body)
  }

  const act = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    target: ReturnType<typeof parseTarget>,
    fault: Fault | undefined,
    limited: { reset: number } | undefined
  ): void => {
    const method = req.method ?? 'GET'
    // As servers and proxies do with a URL over about 8 KB (wire contract, 5).
    if (variants.maxUrlBytes !== undefined && Buffer.byteLength(req.url ?? '') > variants.maxUrlBytes) {
      send(res, errorResponse(414, `request target over ${variants.maxUrlBytes} bytes`))
      return
    }
    if (!fault) {
      if (limited) {
        const response = errorResponse(429, 'burst rate limit exceeded')
        response.headers['burst-ratelimit-reset'] = String(limited.reset)
        send(res, response)
        return
      }
      send(res, answer(method, target, req.headers, false))
      return
    }
    switch (fault.kind) {
      case 'status': {
        const body = fault.body ?? JSON.stringify({ error: `injected ${fault.status}` })
        let contentType = 'text/plain; charset=utf-8'
        try {
          JSON.parse(body)
          contentType = 'application/json; charset=utf-8'
        } catch {
          // not JSON: keep text/plain
        }
        const headers: Record<string, string> = { 'content-type': contentType }
        for (const [name, value] of Object.entries(fault.headers ?? {})) headers[name.toLowerCase()] = value
        send(res, { status: fault.status, headers, body })
        return
      }
      case 'drop':
        req.socket.destroy()
        return
      case 'hang':
        return // close() destroys the socket
      case 'slow-body': {
        const response = answer(method, target, req.headers, false)
        if (closed || res.destroyed) return
        res.writeHead(response.status, {
          ...response.headers,
          'content-length': String(Buffer.byteLength(response.body))
        })
        res.flushHeaders()
        later(fault.ms, () => {
          if (!res.destroyed) res.end(response.body)
        })
        return
      }
      case 'delay':
        later(fault.ms, () => send(res, answer(method, target, req.headers, false)))
        return
      case 'redirect':
        send(res, {
          status: fault.status ?? 307,
          headers: { location: fault.location },
          body: ''
        })
        return
      case 'malformed':
        send(res, {
          status: fault.status ?? 200,
          headers: { 'content-type': 'application/json' },
          body: fault.body
        })
        return
      case 'stuck-cursor':
        send(res, answer(method, target, req.headers, true))
        return
      case 'encoded':
      case 'bom':
      case 'invalid-utf8': {
        const response = answer(method, target, req.headers, false)
        const plain = Buffer.from(response.body, 'utf8')
        let body: Buffer = plain
        const headers: Record<string, string> = { ...response.headers }
        if (fault.kind === 'bom') body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain])
        if (fault.kind === 'invalid-utf8') {
          const found = plain.indexOf('":"')
          const at = found < 0 ? 0 : found + 3
          body = Buffer.concat([plain.subarray(0, at), Buffer.from([0xff]), plain.subarray(at)])
        }
        if (fault.kind === 'encoded') {
          const encoders: Record<string, (data: Buffer) => Buffer> = {
            gzip: zlib.gzipSync,
            deflate: zlib.deflateSync,
            'deflate-raw': zlib.deflateRawSync,
            br: zlib.brotliCompressSync
          }
          body = encoders[fault.encoding]?.(plain) ?? plain
          headers['content-encoding'] = fault.encoding === 'deflate-raw' ? 'deflate' : fault.encoding
        }
        if (closed || res.destroyed || res.headersSent) return
        res.writeHead(response.status, { ...headers, 'content-length': String(body.length) })
        res.end(body)
        return
      }
      case 'set-cursor': {
        const response = answer(method, target, req.headers, true)
        const body = JSON.parse(response.body) as Record<string, unknown>
        send(res, { ...response, body: JSON.stringify({ ...body, cursor: fault.cursor }) })
        return
      }
    }
  }

  const server = http.createServer((req, res) => {
    const target = parseTarget(req.url ?? '/')
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: target.path,
      query: target.query,
      headers: { ...req.headers },
      at: Date.now(),
      body: ''
    }
    if (target.route !== undefined) recorded.route = target.route
    requests.push(recorded)
    if (requests.length > MAX_RECORDED) requests.shift()
    simulator.requestCount++

    // Decided on arrival, so concurrent requests consume rules in the order they came in.
    const fault = pickFault(target.route)
    const limited = overRateLimit()

    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      if (size < MAX_BODY) chunks.push(chunk)
      size += chunk.length
    })
    req.on('error', () => {
      // the client went away; nothing to answer
    })
    req.on('end', () => {
      recorded.body = Buffer.concat(chunks).toString('utf8')
      if (latencyMs > 0) later(latencyMs, () => act(req, res, target, fault, limited))
      else act(req, res, target, fault, limited)
    })
  })
  server.on('connection', socket => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  server.on('clientError', (_err, socket) => {
    if (!socket.destroyed) socket.destroy()
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const hostPart = address.address.includes(':') ? `[${address.address}]` : address.address

  let closing: Promise<void> | undefined
  const simulator: Simulator = {
    url: `http://${hostPart}:${address.port}`,
    requests,
    requestCount: 0,
    state,
    inject(rule: FaultRule): void {
      rules.push({ rule, skipLeft: Math.max(0, rule.skip ?? 0), timesLeft: rule.times ?? 1 })
    },
    clearFaults(): void {
      rules = []
    },
    close(): Promise<void> {
      if (closing) return closing
      closed = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      closing = new Promise<void>(resolve => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
        sockets.clear()
        server.closeAllConnections()
      })
      return closing
    }
  }
  return simulator
}
