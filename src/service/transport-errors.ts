/**
 * Transport errors, in one table: worth another attempt? may the service have carried the request out (its answer
 * lost on the way back: a resume may have happened)? what an operator reads (undefined: "request failed").
 */
const TRANSPORT_ERRORS: Record<string, { transient: boolean; mayHaveBeenCarriedOut: boolean; text?: string }> = {
  ECONNREFUSED: { transient: true, mayHaveBeenCarriedOut: false, text: 'connection refused' },
  ECONNRESET: { transient: true, mayHaveBeenCarriedOut: true, text: 'connection reset' },
  EPIPE: { transient: true, mayHaveBeenCarriedOut: true },
  ETIMEDOUT: { transient: true, mayHaveBeenCarriedOut: false },
  EAI_AGAIN: { transient: true, mayHaveBeenCarriedOut: false },
  ENETUNREACH: { transient: true, mayHaveBeenCarriedOut: false },
  EHOSTUNREACH: { transient: true, mayHaveBeenCarriedOut: false },
  ENOTFOUND: { transient: false, mayHaveBeenCarriedOut: false, text: 'host not found' },
  // Our own deadline (timeout-seconds): the request may have been sent and carried out.
  TIMEOUT: { transient: true, mayHaveBeenCarriedOut: true },
  UND_ERR_SOCKET: { transient: true, mayHaveBeenCarriedOut: true, text: 'connection closed by the server' },
  UND_ERR_CONNECT_TIMEOUT: { transient: true, mayHaveBeenCarriedOut: false },
  UND_ERR_HEADERS_TIMEOUT: { transient: true, mayHaveBeenCarriedOut: true },
  UND_ERR_BODY_TIMEOUT: { transient: true, mayHaveBeenCarriedOut: true },
  UND_ERR_CLOSED: { transient: true, mayHaveBeenCarriedOut: false }
}

/** A stable code for a transport error: Node's errno code, undici's code, or TIMEOUT for our deadline. */
export function errorCode(err: unknown): string {
  const e = err as { name?: string; code?: unknown; cause?: { code?: unknown } }
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'TIMEOUT'
  if (typeof e?.code === 'string') return e.code
  if (typeof e?.cause?.code === 'string') return e.cause.code
  return 'UNKNOWN'
}

/** Whether a transport error is worth another attempt. */
export function isTransientError(code: string): boolean {
  return TRANSPORT_ERRORS[code]?.transient ?? false
}

/** Lost after sending, or a gateway gave up waiting (500, 502, 504): maybe done; a refusal, 408, 429 or 503 say not. */
export function mayHaveBeenCarriedOut(outcome: { kind: 'status'; status: number } | { kind: 'error'; code: string }) {
  if (outcome.kind === 'status') return outcome.status === 500 || outcome.status === 502 || outcome.status === 504
  return TRANSPORT_ERRORS[outcome.code]?.mayHaveBeenCarriedOut ?? false
}

/** The transport error as one line for the log, e.g. `connection refused (ECONNREFUSED)`. */
export function describeTransportError(code: string, timeoutMs: number): string {
  if (code === 'TIMEOUT') return `no complete answer within ${timeoutMs / 1000} s (timeout-seconds)`
  return `${TRANSPORT_ERRORS[code]?.text ?? 'request failed'} (${code})`
}
