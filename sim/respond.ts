/** Answers of the simulator and the query parsing its routes share. */
import type http from 'node:http'

export interface SimResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** A request the route refuses: answered with this status and `{ error: message }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string
  ) {
    super(message)
  }
}

export function json(status: number, value: unknown): SimResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(value)
  }
}

export function errorResponse(status: number, message: string): SimResponse {
  return json(status, { error: message })
}

export function intParam(query: URLSearchParams, key: string): number | undefined {
  const values = query.getAll(key)
  if (values.length === 0) return undefined
  if (values.length > 1) throw new HttpError(400, `${key} given more than once`)
  const raw = values[0] as string
  if (!/^-?\d{1,16}$/.test(raw)) throw new HttpError(400, `invalid ${key}: ${raw}`)
  return Number(raw)
}

export function setParam(query: URLSearchParams, key: string): Set<string> | undefined {
  const values = query.getAll(key)
  return values.length > 0 ? new Set(values) : undefined
}

/** A header's value, repeated ones joined by commas as HTTP reads them. */
export function headerValue(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name]
  return Array.isArray(v) ? v.join(',') : v
}
