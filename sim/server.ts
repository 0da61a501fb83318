/**
 * A loopback simulator of the message delivery service (see shared spec/wire-contract.md), built on node:http
 * only: real sockets on 127.0.0.1 (port 0 by default), deterministic seed data, keyset cursors, fault injection.
 * This module listens, records, injects faults and settles fates; sim/routing.ts routes and authenticates, and each
 * route answers in sim/routes/.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SimContext } from './context.js'
import { dateHeaders } from './date-header.js'
import { activeRule, deliverFault, pickFault, type Fault, type FaultRule } from './faults.js'
import { insertFailedRun, settleFailures, type RunFate } from './fates.js'
import { settleMessageFailures, type MessageFate } from './message-fates.js'
import { errorResponse, type SimResponse } from './respond.js'
import type { Unrestartable } from './routes/restart.js'
import { answer, parseTarget, type Target } from './routing.js'
import { seedRealisticMessages, seedRealisticWorkflowEntries } from './seed-realistic.js'
import { seedMessages, seedSchedules, seedWorkflowEntries, type SimMessage, type WorkflowDlqEntry } from './seed.js'
import { insertSorted, MESSAGE_KEY } from './select.js'
import type { RecordedRequest, Route, SimulatorState } from './state.js'
import { VariantReads, type ServerVariants, type VariantName } from './variants.js'

export interface SimulatorOptions {
  /** server behaviours of wire-contract section 5 (all off by default) */
  variants?: Partial<ServerVariants>
  /** accepted bearer token, default 'sim-token' */
  token?: string
  /** token accepted by GET but answered 403 on POSTs */
  readOnlyToken?: string
  /** seeded DLQ messages, default 300 */
  messages?: number
  /** every this many seeded messages carries destination credentials in its headers (0, the default: none) */
  credentialsEvery?: number
  /** seeded failed workflow runs in the workflow DLQ, default 120 */
  workflowRuns?: number
  /** seeded schedules, default 6 (ids 'sched-1'..; odd ones paused, even ones active) */
  schedules?: number
  /** the shop's data a newcomer recognises (sim/seed-realistic.ts) instead of the tests' hostile data; seed unused */
  realistic?: boolean
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
  /** The simulator's clock (default Date.now): resumed runs' creation time, and when fated runs fail again. */
  clock?: () => number
  /** What becomes of resumed and restarted runs (default: every run leaves); changeable later through `fates`. */
  fates?: RunFate[]
  /** What becomes of the messages retries create (default: each is delivered); changeable through `messageFates`. */
  messageFates?: MessageFate[]
  /** The failed runs that do not support restart (default: none); changeable through `unrestartable`. */
  unrestartable?: Unrestartable
}

export interface Simulator {
  url: string
  requests: RecordedRequest[]
  requestCount: number
  inject(rule: FaultRule): void
  clearFaults(): void
  /** Told of each request on arrival, with its fault (e.g. to signal the action when a request hangs). */
  onRequest: ((request: RecordedRequest, fault: Fault | undefined) => void) | undefined
  state: SimulatorState
  /** What becomes of the runs bulk resumes and restarts create from now on: the first fate matching a run decides it. */
  fates: RunFate[]
  /** What becomes of the messages retries create from now on: the first fate matching a message decides it. */
  messageFates: MessageFate[]
  /** The failed runs that do not support restart, from now on. */
  unrestartable: Unrestartable
  /** Puts a failed run in the workflow DLQ, sorted, as if it had just failed (a run this simulator did not resume). */
  addFailedRun(entry: WorkflowDlqEntry): void
  /** Puts a message in the DLQ, sorted by (createdAt, messageId), as if it had just failed (e.g. during a delete). */
  addFailedMessage(message: SimMessage): void
  /** The variants read so far, by the route being answered ('every': before the route; 'outside': at no request). */
  variantReads: ReadonlyMap<Route | 'every' | 'outside', ReadonlySet<VariantName>>
  close(): Promise<void>
}

const MAX_RECORDED = 10_000
const MAX_BODY = 1024 * 1024
function createContext(options: SimulatorOptions): SimContext {
  const seed = options.seed ?? 1
  const now = options.now ?? Date.now()
  const variantReads = new VariantReads()
  return {
    token: options.token ?? 'sim-token',
    readOnlyToken: options.readOnlyToken,
    latencyMs: Math.max(0, options.latencyMs ?? 0),
    rateLimit: options.rateLimitPerSecond,
    variants: variantReads.watch(options.variants ?? {}),
    variantReads,
    state: {
      messages: options.realistic
        ? seedRealisticMessages(options.messages ?? 300, now)
        : seedMessages(options.messages ?? 300, seed, now, options.credentialsEvery ?? 0),
      workflowDlq: options.realistic
        ? seedRealisticWorkflowEntries(options.workflowRuns ?? 120, now)
        : seedWorkflowEntries(options.workflowRuns ?? 120, seed, now),
      schedules: seedSchedules(options.schedules ?? 6),
      resumedRuns: [],
      resumedById: new Map(),
      pendingFailures: [],
      retriedMessages: [],
      pendingMessageFailures: []
    },
    clock: options.clock ?? Date.now,
    fates: options.fates ?? [],
    messageFates: options.messageFates ?? [],
    unrestartable: options.unrestartable ?? {},
    rules: [],
    resumedCounter: 0,
    retriedCounter: 0,
    closed: false,
    rateSecond: -1,
    rateCount: 0,
    requestCount: 0,
    answered: 0,
    requests: [],
    sockets: new Set(),
    timers: new Set()
  }
}

/** Runs fn after ms unless the simulator closes first. */
function later(ctx: SimContext, ms: number, fn: () => void): void {
  if (ctx.closed) return
  const timer = setTimeout(() => {
    ctx.timers.delete(timer)
    if (!ctx.closed) fn()
  }, ms)
  ctx.timers.add(timer)
}

/** The second to wait for when this request is over the rate limit; undefined when it is within it. */
function overRateLimit(ctx: SimContext): { reset: number } | undefined {
  if (ctx.rateLimit === undefined) return undefined
  const second = Math.floor(Date.now() / 1000)
  if (second !== ctx.rateSecond) {
    ctx.rateSecond = second
    ctx.rateCount = 0
  }
  ctx.rateCount++
  return ctx.rateCount > ctx.rateLimit ? { reset: second + 1 } : undefined
}

function send(ctx: SimContext, res: http.ServerResponse, response: SimResponse): void {
  if (ctx.closed || res.destroyed || res.headersSent) return
  res.writeHead(response.status, {
    ...response.headers,
    'content-length': String(Buffer.byteLength(response.body))
  })
  res.end(response.body)
}

/** Answers a request whose body has been read: a URL too long, the injected fault, the rate limit, or as usual. */
function respond(
  ctx: SimContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  target: Target,
  fault: Fault | undefined,
  limited: { reset: number } | undefined
): void {
  const method = req.method ?? 'GET'
  // The simulator's clock, skewed from the runner's in tests, is what its Date header says, a fault's answer too.
  res.sendDate = false
  const { dates, maxUrlBytes } = ctx.variantReads.during('every', () => ({
    dates: {
      noDateHeader: ctx.variants.noDateHeader,
      dateLiteral: ctx.variants.dateLiteral,
      cachedDateAgeSeconds: ctx.variants.cachedDateAgeSeconds,
      frontEndOffsetsMs: ctx.variants.frontEndOffsetsMs
    },
    maxUrlBytes: ctx.variants.maxUrlBytes
  }))
  for (const [name, value] of Object.entries(dateHeaders(dates, ctx.clock(), method, ctx.answered++)))
    res.setHeader(name, value)
  // As servers and proxies do with a URL over about 8 KB (wire contract, 5).
  if (maxUrlBytes !== undefined && Buffer.byteLength(req.url ?? '') > maxUrlBytes) {
    send(ctx, res, errorResponse(414, `request target over ${maxUrlBytes} bytes`))
    return
  }
  if (fault) {
    deliverFault(
      {
        req,
        res,
        answer: stuck => answer(ctx, method, target, req.headers, stuck),
        send: response => send(ctx, res, response),
        later: (ms, fn) => later(ctx, ms, fn),
        closed: () => ctx.closed
      },
      fault
    )
    return
  }
  if (limited) {
    const response = errorResponse(429, 'burst rate limit exceeded')
    response.headers['burst-ratelimit-reset'] = String(limited.reset)
    send(ctx, res, response)
    return
  }
  send(ctx, res, answer(ctx, method, target, req.headers, false))
}

/** Records a request, decides its fault and rate limit on arrival, and answers once its body is read. */
function handle(ctx: SimContext, req: http.IncomingMessage, res: http.ServerResponse): void {
  const target = parseTarget(req.method ?? 'GET', req.url ?? '/')
  const recorded: RecordedRequest = {
    method: req.method ?? 'GET',
    path: target.path,
    query: target.query,
    headers: { ...req.headers },
    at: Date.now(),
    body: ''
  }
  if (target.route !== undefined) recorded.route = target.route
  ctx.requests.push(recorded)
  if (ctx.requests.length > MAX_RECORDED) ctx.requests.shift()
  ctx.requestCount++
  // Runs and messages fated to fail by now are in the DLQ before the request is looked at: the clock decides.
  settleFailures(ctx.state.pendingFailures, ctx.state.workflowDlq, ctx.clock())
  settleMessageFailures(ctx.state.pendingMessageFailures, ctx.state.messages, ctx.clock())

  // Decided on arrival, so concurrent requests consume rules in the order they came in.
  const fault = pickFault(ctx.rules, target.route)
  const limited = overRateLimit(ctx)
  ctx.onRequest?.(recorded, fault)

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
    if (ctx.latencyMs > 0) later(ctx, ctx.latencyMs, () => respond(ctx, req, res, target, fault, limited))
    else respond(ctx, req, res, target, fault, limited)
  })
}

function createServer(ctx: SimContext): http.Server {
  const server = http.createServer((req, res) => handle(ctx, req, res))
  server.on('connection', socket => {
    ctx.sockets.add(socket)
    socket.on('close', () => ctx.sockets.delete(socket))
  })
  server.on('clientError', (_err, socket) => {
    if (!socket.destroyed) socket.destroy()
  })
  return server
}

/** Stops timers, then the server and every open socket (a hung request included). */
function closeServer(ctx: SimContext, server: http.Server): Promise<void> {
  ctx.closed = true
  for (const timer of ctx.timers) clearTimeout(timer)
  ctx.timers.clear()
  return new Promise<void>(resolve => {
    server.close(() => resolve())
    for (const socket of ctx.sockets) socket.destroy()
    ctx.sockets.clear()
    server.closeAllConnections()
  })
}

/** Starts a simulator listening on 127.0.0.1 (port 0 unless given). */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const ctx = createContext(options)
  const server = createServer(ctx)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const hostPart = address.address.includes(':') ? `[${address.address}]` : address.address
  let closing: Promise<void> | undefined
  return {
    url: `http://${hostPart}:${address.port}`,
    requests: ctx.requests,
    get requestCount() {
      return ctx.requestCount
    },
    state: ctx.state,
    inject(rule: FaultRule): void {
      ctx.rules.push(activeRule(rule))
    },
    clearFaults(): void {
      ctx.rules = []
    },
    get fates() {
      return ctx.fates
    },
    set fates(fates) {
      ctx.fates = fates
    },
    get messageFates() {
      return ctx.messageFates
    },
    set messageFates(fates) {
      ctx.messageFates = fates
    },
    get unrestartable() {
      return ctx.unrestartable
    },
    set unrestartable(unrestartable) {
      ctx.unrestartable = unrestartable
    },
    addFailedRun(entry: WorkflowDlqEntry): void {
      insertFailedRun(ctx.state.workflowDlq, entry)
    },
    addFailedMessage(message: SimMessage): void {
      insertSorted(ctx.state.messages, MESSAGE_KEY, message)
    },
    variantReads: ctx.variantReads.seen,
    get onRequest() {
      return ctx.onRequest
    },
    set onRequest(listener) {
      if (listener === undefined) delete ctx.onRequest
      else ctx.onRequest = listener
    },
    close(): Promise<void> {
      closing ??= closeServer(ctx, server)
      return closing
    }
  }
}
