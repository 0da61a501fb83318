import { scheduleIdProblem } from '../requests.js'
import type { BulkSelection, ListFilters, Order, ResumeOverrides } from '../requests.js'

/** Appends each set value under its wire name; arrays repeat the key (values of one key are ORed). */
function queryOf(values: object): URLSearchParams {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) query.append(key, String(one))
  }
  return query
}

/** Query of one `GET /v2/dlq` request: the filters the user set, page size, order and cursor. */
export function listQuery(filters: ListFilters, count: number, order: Order, cursor?: string): URLSearchParams {
  return queryOf({ ...filters, count, order, cursor })
}

/**
 * Query of one `POST /v2/workflows/dlq/resume` request: the selectors travel in the query, never a body. Pass
 * `count` always (RESUME_PAGE_SIZE): a server that gets none may resume every match in one answer.
 */
export function resumeQuery(selection: BulkSelection, cursor?: string, count?: number): URLSearchParams {
  return queryOf({ ...selection, count, cursor })
}

/** The URL of a request: base-url's path prefix kept, the path appended, the query replaced. */
export function requestUrl(baseUrl: URL, path: string, query: URLSearchParams): URL {
  const url = new URL(baseUrl.pathname.replace(/\/+$/, '') + path, baseUrl.origin)
  url.search = query.toString()
  return url
}

/** Override headers of a bulk resume: only those the user set. */
export function overrideHeaders(overrides: ResumeOverrides): Record<string, string> {
  const headers: Record<string, string> = {}
  if (overrides.flowControlKey !== undefined) headers['Service-Flow-Control-Key'] = overrides.flowControlKey
  if (overrides.flowControlValue !== undefined) headers['Service-Flow-Control-Value'] = overrides.flowControlValue
  if (overrides.retries !== undefined) headers['Service-Retries'] = String(overrides.retries)
  if (overrides.delay !== undefined) headers['Service-Delay'] = overrides.delay
  return headers
}

/** Path of one schedule's resume: the id is one encoded segment, never empty nor a dot segment. */
export function scheduleResumePath(scheduleId: string): string {
  const problem = scheduleIdProblem(scheduleId)
  if (problem !== undefined) throw new Error(problem)
  return `/v2/schedules/${encodeURIComponent(scheduleId)}/resume`
}
