import { failureStatus, type Failure } from '../failure.js'
import { isRecord } from './schemas.js'

/** A failed request kept as data, as got's HTTPError: report/failure-text.ts writes its one line, no stack. */
export class ServiceError extends Error {
  override name = 'ServiceError'
  constructor(
    readonly failure: Failure,
    /** Attempts maybe carried out unseen (answer lost, or a 2xx unreadable): for a bulk resume, 50 runs each. */
    readonly lostAnswers = 0
  ) {
    super(failure.kind === 'request' ? `${failure.request.method} ${failure.request.path} failed` : failure.kind)
  }

  /** HTTP status, when the service answered. */
  get status(): number | undefined {
    return failureStatus(this.failure)
  }
}

const MAX_ERROR_TEXT = 300

/** `error` of a JSON body, else the body, as one shortened line: redacted before, so no half of a secret survives. */
export function errorText(body: string, redact: (text: string) => string = text => text): string {
  let text = body
  try {
    const parsed: unknown = JSON.parse(body)
    if (isRecord(parsed) && typeof parsed.error === 'string') text = parsed.error
  } catch {
    // not JSON: show it as text
  }
  const line = redact(text).replace(/\s+/g, ' ').trim()
  if (line === '') return '(empty body)'
  return line.length > MAX_ERROR_TEXT ? `${line.slice(0, MAX_ERROR_TEXT)}… (${line.length} characters)` : line
}
