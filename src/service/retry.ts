/** The retry policy shared by every request: what is retried, and how long to wait. Pure. */
import { wakeableSleep } from '../clock.js'
import { INPUT_DEFAULTS, Inputs } from '../constants.js'
import { isTransientError } from './transport-errors.js'

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number
  /** Backoff ceiling of the first retry; doubles with each attempt (full jitter below it). */
  baseDelayMs: number
  /** Ceiling of a backoff wait. */
  maxBackoffMs: number
  /** Ceiling of any wait, including one the service asks for. */
  maxWaitMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: Number(INPUT_DEFAULTS[Inputs.MaxAttempts]),
  baseDelayMs: 500,
  maxBackoffMs: 5_000,
  maxWaitMs: 60_000
}

/** An HTTP status (headers lower-case; resetHeader: Burst-RateLimit-Reset unless said) or a transport error. */
export type AttemptOutcome =
  | { kind: 'status'; status: number; headers: Record<string, string | undefined>; resetHeader?: string }
  | { kind: 'error'; code: string }

/** A retry decided: after what wait, where it came from (for the log), and whether maxWaitMs cut it down. */
export type RetryDecision =
  | { retry: false }
  | { retry: true; delayMs: number; basis: 'Retry-After' | 'Burst-RateLimit-Reset' | 'backoff'; capped: boolean }

const RETRIED_STATUSES = new Set([408, 429, 500, 502, 503, 504])

/** Full-jitter exponential backoff: uniform in [0, min(maxBackoff, base * 2^(attempt-1))]. */
export function backoffDelayMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxBackoffMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(random() * ceiling)
}

/** The wait a `Retry-After` value asks for: delay-seconds or an HTTP date. Undefined when unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  const text = value?.trim()
  if (!text) return undefined
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** The wait a `Burst-RateLimit-Reset` value (Unix time, seconds or milliseconds) asks for. */
export function parseRateLimitReset(value: string | undefined, now: number): number | undefined {
  const text = value?.trim()
  if (text === undefined || !/^\d+(\.\d+)?$/.test(text)) return undefined
  const n = Number(text)
  const atMs = n > 1e12 ? n : n * 1000
  return Math.max(0, Math.round(atMs - now))
}

/**
 * Decides whether the attempt numbered `attempt` (1 = the first) is followed by another, and after what wait.
 * Retried: transient transport errors and 408, 429, 500, 502, 503, 504. A wait the service asks for
 * (`Retry-After`, else `Burst-RateLimit-Reset` on a 429) wins over the backoff, capped at maxWaitMs.
 */
export function retryDecision(
  attempt: number,
  outcome: AttemptOutcome,
  policy: RetryPolicy,
  now: number,
  random: () => number
): RetryDecision {
  const retried = outcome.kind === 'error' ? isTransientError(outcome.code) : RETRIED_STATUSES.has(outcome.status)
  if (attempt >= policy.maxAttempts || !retried) return { retry: false }
  const status = outcome.kind === 'status' ? outcome : undefined
  const retryAfter = parseRetryAfter(status?.headers['retry-after'], now)
  const resetHeader = status?.resetHeader ?? 'burst-ratelimit-reset'
  const reset = status?.status === 429 ? parseRateLimitReset(status.headers[resetHeader], now) : undefined
  const asked = retryAfter ?? reset
  if (asked === undefined) {
    return { retry: true, delayMs: backoffDelayMs(attempt, policy, random), basis: 'backoff', capped: false }
  }
  const basis = retryAfter !== undefined ? 'Retry-After' : 'Burst-RateLimit-Reset'
  return { retry: true, delayMs: Math.min(asked, policy.maxWaitMs), basis, capped: asked > policy.maxWaitMs }
}

/** How one caller retries: its own reading of a failed attempt, its log line, its final error. */
export interface RetryingOptions {
  policy: RetryPolicy
  /** What a failed attempt ended with, in the policy's terms; throws what must end the calls at once. */
  classify: (error: unknown) => AttemptOutcome
  /** What a failed attempt was, for the log line of its retry: `GET /v2/dlq: HTTP 503`. */
  describe: (error: unknown, outcome: AttemptOutcome) => string
  log: (line: string) => void
  /** Done before each wait, beside the log line (a narrower concurrency). */
  onRetry?: (outcome: AttemptOutcome) => void
  /** The error thrown when the policy retries no more. */
  giveUp: (error: unknown, attempts: number, outcome: AttemptOutcome) => unknown
  /** The run's stop: wakes a wait, and no attempt starts after it. */
  signal?: AbortSignal
  /** The error thrown when the stop ends the calls. */
  stopped: () => unknown
  sleep?: (ms: number, wake?: AbortSignal) => Promise<void>
  now?: () => number
  random?: () => number
}

/** The one retry loop of the service's and GitHub's calls: each attempt is `send(n)`, n = 1 for the first. */
export async function retrying<T>(send: (attempt: number) => Promise<T>, options: RetryingOptions): Promise<T> {
  const { policy, signal, sleep = wakeableSleep, now = Date.now, random = Math.random } = options
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw options.stopped()
    try {
      return await send(attempt)
    } catch (error) {
      const outcome = options.classify(error)
      const decision = retryDecision(attempt, outcome, policy, now(), random)
      if (!decision.retry) throw options.giveUp(error, attempt, outcome)
      const basis = decision.basis === 'backoff' ? '' : ` as ${decision.basis} says`
      const cap = decision.capped
        ? `; the service asked for longer, waits are capped at ${policy.maxWaitMs / 1000} s`
        : ''
      options.log(
        `${options.describe(error, outcome)} (attempt ${attempt} of ${policy.maxAttempts}); ` +
          `retrying in ${(decision.delayMs / 1000).toFixed(1)} s${basis}${cap}`
      )
      options.onRetry?.(outcome)
      await sleep(decision.delayMs, signal)
    }
  }
}
