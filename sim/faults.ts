/** Faults a test can inject: which request gets one (rules, consumed in arrival order) and how it is delivered. */
import type http from 'node:http'
import zlib from 'node:zlib'
import type { SimResponse } from './respond.js'
import type { Route } from './state.js'

export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  /** the connection is dropped before the request is carried out: nothing happened */
  | { kind: 'drop' }
  /** the request is carried out (a resume resumes), then the connection is dropped before any byte of the answer */
  | { kind: 'lose-answer' }
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

/** An injected rule and what is left of it. */
export interface ActiveRule {
  rule: FaultRule
  skipLeft: number
  timesLeft: number
}

export function activeRule(rule: FaultRule): ActiveRule {
  return { rule, skipLeft: Math.max(0, rule.skip ?? 0), timesLeft: rule.times ?? 1 }
}

/** The fault for a request on this route, consuming a skip or a use of the first rule that applies. */
export function pickFault(rules: readonly ActiveRule[], route: Route | undefined): Fault | undefined {
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

/** What delivering a fault needs from the server: the usual answer, sending, timers that stop at close. */
export interface FaultExchange {
  req: http.IncomingMessage
  res: http.ServerResponse
  /** the usual answer; `stuck` sends back the cursor received (or 'stuck') */
  answer(stuck: boolean): SimResponse
  send(response: SimResponse): void
  later(ms: number, fn: () => void): void
  closed(): boolean
}

const ENCODERS: Record<string, (data: Buffer) => Buffer> = {
  gzip: zlib.gzipSync,
  deflate: zlib.deflateSync,
  'deflate-raw': zlib.deflateRawSync,
  br: zlib.brotliCompressSync
}

function statusFault(fault: Extract<Fault, { kind: 'status' }>): SimResponse {
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
  return { status: fault.status, headers, body }
}

function slowBody(x: FaultExchange, ms: number): void {
  const response = x.answer(false)
  if (x.closed() || x.res.destroyed) return
  x.res.writeHead(response.status, {
    ...response.headers,
    'content-length': String(Buffer.byteLength(response.body))
  })
  x.res.flushHeaders()
  x.later(ms, () => {
    if (!x.res.destroyed) x.res.end(response.body)
  })
}

/** The usual answer with its bytes changed: encoded, after a byte-order mark, or with a byte that is not UTF-8. */
function alteredBytes(x: FaultExchange, fault: Extract<Fault, { kind: 'encoded' | 'bom' | 'invalid-utf8' }>): void {
  const response = x.answer(false)
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
    body = ENCODERS[fault.encoding]?.(plain) ?? plain
    headers['content-encoding'] = fault.encoding === 'deflate-raw' ? 'deflate' : fault.encoding
  }
  if (x.closed() || x.res.destroyed || x.res.headersSent) return
  x.res.writeHead(response.status, { ...headers, 'content-length': String(body.length) })
  x.res.end(body)
}

export function deliverFault(x: FaultExchange, fault: Fault): void {
  switch (fault.kind) {
    case 'status':
      x.send(statusFault(fault))
      return
    case 'drop':
      x.req.socket.destroy()
      return
    case 'lose-answer':
      x.answer(false)
      x.req.socket.destroy()
      return
    case 'hang':
      return // close() destroys the socket
    case 'slow-body':
      slowBody(x, fault.ms)
      return
    case 'delay':
      x.later(fault.ms, () => x.send(x.answer(false)))
      return
    case 'redirect':
      x.send({ status: fault.status ?? 307, headers: { location: fault.location }, body: '' })
      return
    case 'malformed':
      x.send({ status: fault.status ?? 200, headers: { 'content-type': 'application/json' }, body: fault.body })
      return
    case 'stuck-cursor':
      x.send(x.answer(true))
      return
    case 'encoded':
    case 'bom':
    case 'invalid-utf8':
      alteredBytes(x, fault)
      return
    case 'set-cursor': {
      const response = x.answer(true)
      // An answer with no JSON object (a one-entry delete, a schedule resume) has no cursor to set: sent as it is.
      let body: unknown
      try {
        body = JSON.parse(response.body)
      } catch {
        body = undefined
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) x.send(response)
      else x.send({ ...response, body: JSON.stringify({ ...(body as Record<string, unknown>), cursor: fault.cursor }) })
      return
    }
  }
}
