/**
 * The fate of the messages a retry creates: by default each is delivered and leaves for good. A fate makes the
 * retries of a destination URL, or a stable share of them, fail again: the new message makes its attempts (the
 * first after Service-Delay, then one every retryIntervalMs, Service-Retries of them, DEFAULT_RETRIES unless sent)
 * and, after the last, enters the DLQ under its NEW messageId, with a new dlqId, createdAt the retry's time and its
 * last response. A fate can also answer a share `deduplicated: true`: no new message, nothing delivered again. Time
 * is the simulator's clock, so tests are exact.
 */
import { inShare, settleDue } from './fates.js'
import type { SimMessage } from './seed.js'
import { insertSorted, MESSAGE_KEY } from './select.js'
import type { RetriedMessage } from './state.js'

export interface MessageFate {
  /** The retried messages to this destination URL (unset: every URL). The first fate that matches decides. */
  url?: string
  /**
   * Share of the retries answered `deduplicated: true` (0 to 1, default 0), stably by the entry's dlqId: a
   * deduplication id matched, so no new message is created and nothing is delivered again.
   */
  deduplicatedShare?: number
  /** Share of the other retries whose new message fails again (0 to 1, default 1), stably by its new id. */
  share?: number
  /** Milliseconds between two attempts of the new message (default 0: it fails at the next request after its delay). */
  retryIntervalMs?: number
  /** The last response its DLQ entry carries (default 500 and a JSON error). */
  responseStatus?: number
  responseBody?: string
}

/** A retried message that will fail again: its DLQ entry, held back until the clock reaches `at`. */
export interface PendingMessageFailure {
  at: number
  message: SimMessage
}

/** What a retry's fate makes of it: deduplicated, or the failure of its new message, or (neither) delivered. */
export function retryFate(
  fates: readonly MessageFate[],
  original: SimMessage,
  retried: Omit<RetriedMessage, 'failure' | 'deduplicated'>
): { deduplicated?: true; failure?: PendingMessageFailure } {
  const fate = fates.find(f => f.url === undefined || f.url === original.url)
  if (fate === undefined) return {}
  if (inShare(original.dlqId, 'deduplicated', fate.deduplicatedShare, 0)) return { deduplicated: true }
  if (!inShare(retried.messageId, '', fate.share, 1)) return {}
  const at = retried.retriedAt + retried.delayMs + retried.maxRetries * Math.max(0, fate.retryIntervalMs ?? 0)
  const message: SimMessage = {
    ...original,
    messageId: retried.messageId,
    dlqId: `dlq_again_${retried.messageId}`,
    createdAt: retried.retriedAt,
    maxRetries: retried.maxRetries,
    responseStatus: fate.responseStatus ?? 500,
    responseHeader: { 'Content-Type': ['application/json'] },
    responseBody: fate.responseBody ?? '{"error":"the retry failed again"}'
  }
  delete message.responseBodyBase64
  delete message.notBefore
  if (retried.delayMs > 0) message.notBefore = retried.retriedAt + retried.delayMs
  return { failure: { at, message } }
}

/** Moves every retried message whose last attempt has failed by now into the DLQ messages, sorted. */
export function settleMessageFailures(pending: PendingMessageFailure[], messages: SimMessage[], now: number): void {
  settleDue(
    pending,
    failure => failure.at,
    now,
    failure => insertSorted(messages, MESSAGE_KEY, failure.message)
  )
}
