import type { StopSignal } from '../stop.js'
import { errorBodySchema } from './schemas.js'

/** A request the service answered with an error, or that could not be completed. Expected: one line, no stack. */
export class ServiceError extends Error {
  override name = 'ServiceError'
  constructor(
    message: string,
    /** HTTP status, when the service answered. */
    readonly status?: number,
    /**
     * Attempts of this request the service may have carried out without the action learning what they did
     * (answer lost after sending, or a 2xx it could not read): for a bulk resume, up to 50 runs each.
     */
    readonly lostAnswers = 0
  ) {
    super(message)
  }
}

/** The step was stopped (SIGINT or SIGTERM): no request is sent after it, and one under way may have been cut. */
export class CancelledError extends ServiceError {
  override name = 'CancelledError'
  /** The typed failure the drains report (pagination's failureKind reads it). */
  readonly failure: { cancelled: StopSignal }
  constructor(
    readonly signal: StopSignal,
    lostAnswers = 0
  ) {
    super(`the step was cancelled (${signal})`, undefined, lostAnswers)
    this.failure = { cancelled: signal }
  }
}

const MAX_ERROR_TEXT = 300

/**
 * The service's error text: `error` of a JSON body, else the body as one shortened line. `redact` runs on the
 * whole text before it is shortened, so a secret cut in half by the shortening cannot survive.
 */
export function errorText(body: string, redact: (text: string) => string = text => text): string {
  let text = body
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(body))
    if (parsed.success) text = parsed.data.error
  } catch {
    // not JSON: show it as text
  }
  const line = redact(text).replace(/\s+/g, ' ').trim()
  if (line === '') return '(empty body)'
  return line.length > MAX_ERROR_TEXT ? `${line.slice(0, MAX_ERROR_TEXT)}… (${line.length} characters)` : line
}

/** What a status means to the operator, beyond the service's own words. */
export function statusMeaning(status: number): string {
  if (status === 401 || status === 403)
    return 'the service refused the token (check the token input and its permissions)'
  if (status === 404) return 'not found'
  if (status === 412) return 'quota exceeded'
  if (status === 429) return 'rate limited'
  if (status >= 500) return 'service error'
  return 'bad request'
}
