/**
 * The rule that keeps destination credentials out of messages-file: a DLQ message keeps the headers sent to its
 * destination and the destination's response headers, and some of those carry the destination's credentials.
 */
import type { DlqMessage } from '../service/schemas.js'

/** What a credential header's value becomes: the name stays, so the reader still sees the header was sent. */
export const REDACTED_HEADER_VALUE = '[redacted]'

/**
 * A header name is a credential when, in any letter case and with `_` read as `-`, it is one of these words or ends
 * in `-` and one of them (optionally followed by a version such as `-256`): `Authorization`, `Proxy-Authorization`,
 * `Upstash-Forward-Authorization`, `Cookie`, `Set-Cookie`, `X-Api-Key`, `X-Auth-Token`, `X-Amz-Security-Token`,
 * `X-Csrf-Token`, `Stripe-Signature`, `X-Hub-Signature-256`, `X-Webhook-Secret`, and any `…-Key`
 * (`Ocp-Apim-Subscription-Key`, `X-Functions-Key`) … but not `X-Token-Type`, nor the few keys that are no secret.
 */
const CREDENTIAL_NAME =
  /(?:^|-)(?:authorization|cookie2?|api-?key|access-?key|key|auth|token|secret|password|passwd|signature|credentials?)(?:-\d+)?$/

/** Headers named `…-Key` that carry no secret: a request's own id, or a value the protocol makes public. */
const PUBLIC_KEYS = new Set(['idempotency-key', 'sec-websocket-key', 'x-idempotency-key', 'cache-key'])

export function isCredentialHeader(name: string): boolean {
  const normal = name.toLowerCase().replaceAll('_', '-')
  return CREDENTIAL_NAME.test(normal) && !PUBLIC_KEYS.has(normal)
}

/** A header map with each credential value replaced, and how many values were; the same object when none was. */
export function redactHeaderMap(headers: unknown): { headers: unknown; redacted: number } {
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) return { headers, redacted: 0 }
  const source = headers as Record<string, unknown>
  let copy: Record<string, unknown> | undefined
  let redacted = 0
  for (const name of Object.keys(source)) {
    if (!isCredentialHeader(name)) continue
    const { value, count } = redactValue(source[name])
    if (count === 0) continue
    copy ??= { ...source }
    copy[name] = value
    redacted += count
  }
  return { headers: copy ?? headers, redacted }
}

/** An empty or missing value hides nothing and stays; anything else (a string, a number, an object) is replaced. */
function redactValue(value: unknown): { value: unknown; count: number } {
  if (Array.isArray(value)) {
    let count = 0
    const values = value.map(one => {
      const done = redactValue(one)
      count += done.count
      return done.value
    })
    return count === 0 ? { value, count } : { value: values, count }
  }
  if (value === null || value === undefined || value === '') return { value, count: 0 }
  return { value: REDACTED_HEADER_VALUE, count: 1 }
}

/**
 * A message with the credential values of its `header` and `responseHeader` replaced, every other field and header
 * as sent: a shallow copy when something was replaced, the message itself otherwise.
 */
export function redactCredentialHeaders(message: DlqMessage): { message: DlqMessage; redacted: number } {
  const header = redactHeaderMap(message.header)
  const response = redactHeaderMap(message.responseHeader)
  const redacted = header.redacted + response.redacted
  if (redacted === 0) return { message, redacted }
  return {
    message: {
      ...message,
      ...(header.redacted > 0 ? { header: header.headers as DlqMessage['header'] } : {}),
      ...(response.redacted > 0 ? { responseHeader: response.headers as DlqMessage['responseHeader'] } : {})
    },
    redacted
  }
}
