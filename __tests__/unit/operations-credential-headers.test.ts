/** The credential-header rule of messages-file: which names, which values, and nothing else touched. */
import { describe, expect, it } from '@jest/globals'
import {
  isCredentialHeader,
  redactCredentialHeaders,
  redactHeaderMap,
  REDACTED_HEADER_VALUE
} from '../../src/operations/credential-headers.js'
import type { DlqMessage } from '../../src/service/schemas.js'

describe('isCredentialHeader', () => {
  it.each([
    'Authorization',
    'authorization',
    'PROXY-AUTHORIZATION',
    'Upstash-Forward-Authorization',
    'Cookie',
    'Set-Cookie',
    'X-Api-Key',
    'Api-Key',
    'apikey',
    'X-Goog-Api-Key',
    'X-Auth-Token',
    'X-Amz-Security-Token',
    'X-Csrf-Token',
    'X-XSRF-TOKEN',
    'X_Access_Token',
    'X-Webhook-Secret',
    'Stripe-Signature',
    'X-Hub-Signature-256',
    'Upstash-Forward-X-Api-Key',
    'Ocp-Apim-Subscription-Key',
    'X-Functions-Key',
    'X-Secret-Key',
    'Private_Key'
  ])('%s is a credential', name => {
    expect(isCredentialHeader(name)).toBe(true)
  })

  it.each([
    'Content-Type',
    'X-Request-Id',
    'X-Trace-Id',
    'X-Token-Type',
    'Retry-After',
    'Server',
    'Upstash-Retries',
    'Idempotency-Key',
    'Sec-WebSocket-Key',
    'X-Key-Id'
  ])('%s is not', name => {
    expect(isCredentialHeader(name)).toBe(false)
  })
})

describe('redactHeaderMap', () => {
  it('replaces every value of a credential header, keeps its name and every other header as sent', () => {
    const headers = {
      authorization: ['Bearer abc', 'Basic xyz'],
      'Content-Type': ['application/json'],
      'X-Request-Id': ['r-1']
    }
    const done = redactHeaderMap(headers)
    expect(done).toEqual({
      headers: {
        authorization: [REDACTED_HEADER_VALUE, REDACTED_HEADER_VALUE],
        'Content-Type': ['application/json'],
        'X-Request-Id': ['r-1']
      },
      redacted: 2
    })
    // The message's own object is never changed: it may be shared.
    expect(headers.authorization).toEqual(['Bearer abc', 'Basic xyz'])
  })

  it('is lenient about the shape: a string, a number or an object is replaced; null and empty values stay', () => {
    expect(redactHeaderMap({ Cookie: 'a=1', 'X-Api-Key': 42, 'X-Auth-Token': { v: 1 } })).toEqual({
      headers: {
        Cookie: REDACTED_HEADER_VALUE,
        'X-Api-Key': REDACTED_HEADER_VALUE,
        'X-Auth-Token': REDACTED_HEADER_VALUE
      },
      redacted: 3
    })
    expect(redactHeaderMap({ Authorization: null, Cookie: [], 'Set-Cookie': ['', null, 'id=1'] })).toEqual({
      headers: { Authorization: null, Cookie: [], 'Set-Cookie': ['', null, REDACTED_HEADER_VALUE] },
      redacted: 1
    })
  })

  it('returns the very map when nothing is a credential, and leaves what is not a map alone', () => {
    const plain = { 'Content-Type': ['text/plain'] }
    expect(redactHeaderMap(plain).headers).toBe(plain)
    for (const value of [null, undefined, 'Authorization: x', ['Authorization', 'x']]) {
      expect(redactHeaderMap(value)).toEqual({ headers: value, redacted: 0 })
    }
  })
})

describe('redactCredentialHeaders', () => {
  const message: DlqMessage = {
    messageId: 'm1',
    url: 'https://x.example/hook',
    header: { Authorization: ['Bearer dest-secret'], 'Content-Type': ['application/json'] },
    responseHeader: { 'Set-Cookie': ['sid=1', 'csrf=2'], 'X-Request-Id': ['r'] },
    body: '{"a":1}'
  }

  it('redacts header and responseHeader, counting each value, every other field as sent', () => {
    const done = redactCredentialHeaders(message)
    expect(done.redacted).toBe(3)
    expect(done.message).toEqual({
      ...message,
      header: { Authorization: [REDACTED_HEADER_VALUE], 'Content-Type': ['application/json'] },
      responseHeader: { 'Set-Cookie': [REDACTED_HEADER_VALUE, REDACTED_HEADER_VALUE], 'X-Request-Id': ['r'] }
    })
    expect(JSON.stringify(done.message)).not.toMatch(/dest-secret|sid=1|csrf=2/)
  })

  it('returns the message itself when it carries no credential', () => {
    const plain: DlqMessage = { messageId: 'm2', header: { 'Content-Type': ['a'] } }
    expect(redactCredentialHeaders(plain)).toEqual({ message: plain, redacted: 0 })
    expect(redactCredentialHeaders(plain).message).toBe(plain)
  })
})
