// What ended an operation part way, kept as data up to the report, which alone writes the sentence
// (report/failure-text.ts). A root module: it imports no folder of src/.
import type { StopSignal } from './stop.js'

/** Why a request to the service failed after its retries. */
export type RequestCause =
  /** The service answered with an error status; its text is already redacted and shortened. */
  | { kind: 'status'; status: number; serverText: string }
  /** No usable answer: a transport error code (TIMEOUT for the action's own deadline). */
  | { kind: 'transport'; code: string; timeoutMs: number }
  /** A 2xx whose body could not be read: carried out, what it did unknown. */
  | { kind: 'unreadable'; status: number; reason: string }
  /** A redirect, never followed: the token is only sent to base-url. */
  | { kind: 'redirect'; status: number; location?: string }
  | { kind: 'not-json'; status: number; serverText: string }
  /** A 2xx whose JSON does not match the wire contract: the first field that does not. */
  | { kind: 'malformed'; field: string; problem: string }

export interface RequestFailure {
  method: string
  path: string
  /** Origin and path of the URL, for a transport error (no query: it may be long). */
  url: string
  attempts: number
  cause: RequestCause
}

/** Why an operation stopped before its end. */
export type Failure =
  | { kind: 'request'; request: RequestFailure }
  /** A drain guard: the page budget, a cursor sent before, a cursor too long to send back. */
  | { kind: 'max-pages'; pages: number; input: string; cursor?: string }
  | { kind: 'repeated-cursor'; pages: number; cursor: string; same: boolean }
  | { kind: 'long-cursor'; pages: number; length: number; limit: number }
  /** A request line over MAX_REQUEST_LINE_BYTES, not sent: the service's cursor made it too long for these filters. */
  | { kind: 'long-request'; method: string; path: string; bytes: number; limit: number; cursorLength?: number }
  /** A resume's request budget (max-pages) ran out between the parts of dlq-ids. */
  | { kind: 'request-budget'; requests: number; input: string }
  /** Every part of dlq-ids answered 404 at once: none of the ids is in the DLQ (or base-url is another service). */
  | { kind: 'ids-gone'; ids: number; byListing?: true }
  /** The runner cancelled the step, or the container was stopped. */
  | { kind: 'cancelled'; signal: StopSignal }
  /** The file of this input could not be written; `then` is what else ended the listing after it. */
  | { kind: 'file'; input: string; path: string; code: string; then?: Failure }
  /** The service keeps no run log (404 on both paths), so this input cannot be judged: refused before any resume. */
  | { kind: 'no-run-log'; input: string }
  /**
   * The service lacks the write: 404 or 405 to a request by filters (which never answers 404 for missing entries), or
   * every path calling "not found" entries a listing of this step returned. Nothing was taken.
   */
  | { kind: 'verb-missing'; operation: string; path: string; status: number; listedIds?: number }
  /** expect-count: the selection listed before any write held another number of entries; nothing was written. */
  | { kind: 'count-mismatch'; expected: number; found: number; complete: boolean }
  /** A cap that refuses rather than stops (delete-dlq's max-entries): the listing found more; nothing was written. */
  | { kind: 'cap-exceeded'; input: string; cap: number; found: number }
  | { kind: 'error'; message: string }

/** Where a failure happened: which id (1-based) of a listing by ids, or a parallel listing (no single cursor). */
export interface FailureContext {
  messageId?: { index: number; of: number }
  parallel?: boolean
}

/** The failure an error carries when it knows it (a ServiceError, a cancel, a file), else its message. */
export function failureOf(err: unknown): Failure {
  const own = (err as { failure?: Failure } | undefined)?.failure
  if (typeof own === 'object' && own !== null) return own
  return { kind: 'error', message: err instanceof Error ? err.message : String(err) }
}

/** The service's HTTP status of a failure, when it answered with one that is the failure (not a bad 2xx body). */
export function failureStatus(failure: Failure | undefined): number | undefined {
  if (failure?.kind !== 'request') return undefined
  const { cause } = failure.request
  return cause.kind === 'status' || cause.kind === 'unreadable' || cause.kind === 'redirect' ? cause.status : undefined
}
