/**
 * The `Date` (and `Age`) an answer carries, as real servers and what stands before them send it (wire contract,
 * section 5): the simulator's clock by default; or a front end's clock off it, a cache's stored answer, a text that is
 * no HTTP date, or none. The times the service stamps (createdAt, workflowCreatedAt) stay on the simulator's clock.
 */
import type { ServerVariants } from './variants.js'

/** The Date faults, read for every answer (so that the variant table sees each read, set or not). */
export type DateVariants = Pick<
  ServerVariants,
  'noDateHeader' | 'dateLiteral' | 'cachedDateAgeSeconds' | 'frontEndOffsetsMs'
>

/**
 * The headers of the `turn`-th answer (counted from 0) to a request of `method`, at `now` on the simulator's clock.
 * A cache answers GETs only: a POST always reaches the service.
 */
export function dateHeaders(variants: DateVariants, now: number, method: string, turn: number): Record<string, string> {
  const { noDateHeader, dateLiteral, cachedDateAgeSeconds, frontEndOffsetsMs } = variants
  if (noDateHeader) return {}
  if (dateLiteral !== undefined) return { date: dateLiteral }
  const offsets = frontEndOffsetsMs ?? []
  const offset = offsets.length === 0 ? 0 : (offsets[turn % offsets.length] as number)
  const age = method === 'GET' ? Math.max(0, Math.floor(cachedDateAgeSeconds ?? 0)) : 0
  const date = new Date(now + offset - age * 1000).toUTCString()
  return age > 0 ? { date, age: String(age) } : { date }
}
