/**
 * Where a request goes: each path the simulator serves, the method of each route on it, the id a one-entry path
 * carries; then the answer of the route: a server that lacks it, the method, auth, and the route's handler.
 */
import type http from 'node:http'
import type { SimContext } from './context.js'
import { errorResponse, headerValue, HttpError, type SimResponse } from './respond.js'
import { deleteEntries, type DlqKind } from './routes/delete.js'
import { listDlq } from './routes/list.js'
import { restart } from './routes/restart.js'
import { bulkResume } from './routes/resume.js'
import { retry } from './routes/retry.js'
import { RUN_EVENTS_PATH, RUN_LOG_PATH, runEvents, runLog, servesRunLog } from './routes/run-log.js'
import { resumeSchedule } from './routes/schedule.js'
import type { Route, WriteRoute } from './state.js'

/** A route on a path, answering one method; `dlq` says which DLQ a delete there acts on. */
interface Endpoint {
  method: string
  route: Route
  dlq?: DlqKind
}

/** The paths served, `{id}` a segment holding one id; the first that matches a request's path is its path. */
const PATHS: ReadonlyArray<[string, [Endpoint, ...Endpoint[]]]> = [
  [
    '/v2/dlq',
    [
      { method: 'GET', route: 'list' },
      { method: 'DELETE', route: 'delete', dlq: 'messages' }
    ]
  ],
  ['/v2/dlq/retry', [{ method: 'POST', route: 'retry' }]],
  ['/v2/dlq/retry/{id}', [{ method: 'POST', route: 'retry' }]],
  ['/v2/dlq/{id}', [{ method: 'DELETE', route: 'delete', dlq: 'messages' }]],
  ['/v2/workflows/dlq', [{ method: 'DELETE', route: 'delete', dlq: 'runs' }]],
  ['/v2/workflows/dlq/resume', [{ method: 'POST', route: 'resume' }]],
  ['/v2/workflows/dlq/restart', [{ method: 'POST', route: 'restart' }]],
  ['/v2/workflows/dlq/restart/{id}', [{ method: 'POST', route: 'restart' }]],
  ['/v2/workflows/dlq/{id}', [{ method: 'DELETE', route: 'delete', dlq: 'runs' }]],
  ['/v2/schedules/{id}/resume', [{ method: 'POST', route: 'schedule' }]],
  [RUN_LOG_PATH, [{ method: 'GET', route: 'run-log' }]],
  [RUN_EVENTS_PATH, [{ method: 'GET', route: 'run-log' }]]
]

export interface Target {
  path: string
  query: URLSearchParams
  /** the route of the request's method on its path, else the path's first (which answers 405) */
  route?: Route
  endpoint?: Endpoint
  /** every route of the path: a 405's Allow */
  endpoints?: readonly Endpoint[]
  /** the decoded `{id}` segment of a one-entry path */
  id?: string
  badId?: boolean
}

/** The `{id}` segment of a path that matches this pattern ('' when it has none), or undefined when it does not. */
function match(pattern: string, segments: readonly string[]): string | undefined {
  const parts = pattern.split('/')
  if (parts.length !== segments.length) return undefined
  let id = ''
  for (let i = 0; i < parts.length; i++) {
    const segment = segments[i] as string
    if (parts[i] === '{id}' && segment !== '') id = segment
    else if (parts[i] !== segment) return undefined
  }
  return id
}

/** Splits a raw request target into path and query, and recognises the route its method names there. */
export function parseTarget(method: string, rawUrl: string): Target {
  const q = rawUrl.indexOf('?')
  const path = q >= 0 ? rawUrl.slice(0, q) : rawUrl
  const query = new URLSearchParams(q >= 0 ? rawUrl.slice(q + 1) : '')
  const segments = path.split('/')
  for (const [pattern, endpoints] of PATHS) {
    const id = match(pattern, segments)
    if (id === undefined) continue
    const endpoint = endpoints.find(e => e.method === method) ?? endpoints[0]
    const target: Target = { path, query, route: endpoint.route, endpoint, endpoints }
    if (id === '') return target
    try {
      return { ...target, id: decodeURIComponent(id) }
    } catch {
      return { ...target, badId: true }
    }
  }
  return { path, query }
}

/** A 405 naming the methods the path answers. */
function notAllowed(endpoints: readonly Pick<Endpoint, 'method'>[]): SimResponse {
  const res = errorResponse(405, 'method not allowed')
  res.headers['allow'] = endpoints.map(e => e.method).join(', ')
  return res
}

/** The answer of a server without this write (variant lacks); undefined when it has it. */
function lacking(ctx: SimContext, route: WriteRoute, target: Target): SimResponse | undefined {
  const { lacks, lacksStatus } = ctx.variants
  if (!lacks?.includes(route)) return undefined
  // By ids or on a one-entry path, the same 404 as for entries gone, its body saying no more.
  if (target.id !== undefined || target.badId || target.query.has('dlqIds') || lacksStatus !== 405) {
    return errorResponse(404, 'not found')
  }
  return notAllowed((target.endpoints ?? []).filter(e => !(lacks as readonly Route[]).includes(e.route)))
}

/** The normal answer to a request (a lacking server, method, auth, route handler). */
export function answer(
  ctx: SimContext,
  method: string,
  target: Target,
  headers: http.IncomingHttpHeaders,
  stuck: boolean
): SimResponse {
  const route = target.route
  if (route === undefined) return errorResponse(404, 'not found')
  return ctx.variantReads.during(route, () => answerRoute(ctx, route, method, target, headers, stuck))
}

/** The answer of a known route, the variants it reads noted under it. */
function answerRoute(
  ctx: SimContext,
  route: Route,
  method: string,
  target: Target,
  headers: http.IncomingHttpHeaders,
  stuck: boolean
): SimResponse {
  // A server without a run log (or with the SDK's path only) does not know the path at all.
  if (route === 'run-log' && !servesRunLog(ctx.variants, target.path)) return errorResponse(404, 'not found')
  if (route === 'retry' || route === 'restart' || route === 'delete') {
    const lacked = lacking(ctx, route, target)
    if (lacked !== undefined) return lacked
  }
  const patchOnly = route === 'schedule' && ctx.variants.patchOnlySchedules
  if (patchOnly && method !== 'PATCH') return notAllowed([{ method: 'PATCH' }])
  if (!patchOnly && method !== target.endpoint?.method) return notAllowed(target.endpoints ?? [])
  const auth = headerValue(headers, 'authorization') ?? ''
  const given = /^Bearer (.+)$/.exec(auth)?.[1]
  const readOnly = ctx.readOnlyToken !== undefined && given === ctx.readOnlyToken
  if (given !== ctx.token && !readOnly) return errorResponse(401, 'unauthorized')
  if (readOnly && method !== 'GET') return errorResponse(403, 'read-only token')
  try {
    return handle(ctx, route, target, headers, stuck)
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error.status, error.message)
    return errorResponse(500, `simulator error: ${String(error)}`)
  }
}

/** The route's handler, on the whole DLQ or the one entry the path names. */
function handle(
  ctx: SimContext,
  route: Route,
  target: Target,
  headers: http.IncomingHttpHeaders,
  stuck: boolean
): SimResponse {
  const { query, id } = target
  if (target.badId) throw new HttpError(400, route === 'schedule' ? 'invalid schedule id' : 'invalid id')
  switch (route) {
    case 'list':
      return listDlq(ctx, query, stuck)
    case 'schedule':
      return resumeSchedule(ctx, id ?? '')
    case 'resume':
      return bulkResume(ctx, query, headers, stuck)
    case 'run-log':
      return target.path === RUN_LOG_PATH ? runLog(ctx, query) : runEvents(ctx, query)
    case 'retry':
      return retry(ctx, { id, query, stuck }, headers)
    case 'restart':
      return restart(ctx, { id, query, stuck }, headers)
    case 'delete':
      return deleteEntries(ctx, target.endpoint?.dlq ?? 'messages', { id, query, stuck })
  }
}
