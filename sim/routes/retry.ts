/**
 * POST /v2/dlq/retry (by dlqIds or the listing's filters, 100 a request, cursor) and POST /v2/dlq/retry/{dlqId}:
 * each entry taken leaves the DLQ and a NEW message with its body and headers is created, answered 201 with its id;
 * what becomes of it is its fate (message-fates.ts).
 */
import type http from 'node:http'
import type { SimContext } from '../context.js'
import { DEFAULT_RETRIES } from '../fates.js'
import { retryFate } from '../message-fates.js'
import { json, type SimResponse } from '../respond.js'
import type { SimMessage } from '../seed.js'
import type { RetriedMessage } from '../state.js'
import { messageWrite, readOverrides, recorded, take, type Overrides, type WriteRequest } from './writes.js'

const CURSOR_TAG = 'y1'

/** The answer's item of one retry. */
type Retried = { messageId: string; deduplicated?: true }

/** Records the retry of one message, the new message's fate included; what the answer says of it. */
function retryMessage(ctx: SimContext, original: SimMessage, overrides: Overrides): Retried {
  ctx.retriedCounter++
  const created: Omit<RetriedMessage, 'failure' | 'deduplicated'> = {
    messageId: `msg_retried_${ctx.retriedCounter}`,
    fromDlqId: original.dlqId,
    originalMessageId: original.messageId,
    url: original.url,
    retriedAt: ctx.clock(),
    maxRetries: overrides.retries ?? DEFAULT_RETRIES,
    ...recorded(overrides),
    delayMs: overrides.delayMs
  }
  const { deduplicated, failure } = retryFate(ctx.messageFates, original, created)
  // A deduplication id matched: no new message; the answer names the one it matched.
  const retried: RetriedMessage = deduplicated
    ? { ...created, messageId: original.messageId, deduplicated }
    : { ...created }
  if (failure !== undefined) {
    retried.failure = failure
    ctx.state.pendingMessageFailures.push(failure)
  }
  ctx.state.retriedMessages.push(retried)
  return retried.deduplicated ? { messageId: retried.messageId, deduplicated: true } : { messageId: retried.messageId }
}

/** A retry by ids or filters answers every new message; one of a one-entry path answers its new message alone. */
export function retry(ctx: SimContext, request: WriteRequest, headers: http.IncomingHttpHeaders): SimResponse {
  const overrides = readOverrides(headers, true)
  const { entries, cursor } = take(messageWrite(ctx, CURSOR_TAG), request)
  const responses = entries.map(m => retryMessage(ctx, m, overrides))
  if (request.id !== undefined) return json(201, responses[0])
  return json(201, cursor === undefined ? { responses } : { cursor, responses })
}
