/** Keeps destination credentials out of messages-file: a DLQ message keeps the headers sent and received. */
import type { DlqMessage } from '../service/schemas.js'

/** What a credential header's value becomes: the name stays, so the reader still sees the header was sent. */
export const REDACTED_HEADER_VALUE = '[redacted]'

/**
 * A credential header's name (any case, `_` read as `-`) is one of these words or ends in `-` and one, maybe with a
 * version: `Authorization`, `Set-Cookie`, `X-Api-Key`, `X-Hub-Signature-256`, any `…-Key`; not `X-Token-Type`.
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
    const done = value.map(redactValue)
    const count = done.reduce((sum, one) => sum + one.count, 0)
    return count === 0 ? { value, count } : { value: done.map(one => one.value), count }
  }
  if (value === null || value === undefined || value === '') return { value, count: 0 }
  return { value: REDACTED_HEADER_VALUE, count: 1 }
}

/** The message with the credential values of `header` and `responseHeader` replaced: a copy only when any was. */
export function redactCredentialHeaders(message: DlqMessage): { message: DlqMessage; redacted: number } {
  const header = redactHeaderMap(message.header)
  const response = redactHeaderMap(message.responseHeader)
  const redacted = header.redacted + response.redacted
  if (redacted === 0) return { message, redacted }
  // A map with nothing replaced is the same object; one the message lacked stays undefined, so no file line gets it.
  return { message: { ...message, header: header.headers, responseHeader: response.headers } as DlqMessage, redacted }
}
