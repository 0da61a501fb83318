/** What a cause keeps of a response body and what it blanks: a table of pairs that must merge or stay apart. */
import { describe, expect, it } from '@jest/globals'
import { blankBody, CAUSE_TEXT_LENGTH } from '../../src/operations/body-blanking.js'

/** Two bodies that differ only in a variable part: one cause. */
const MERGE: [string, string, string][] = [
  ['a count', 'order 12345 failed', 'order 67890 failed'],
  ['a count with its unit', 'took 250ms', 'took 3120ms'],
  ['retries counted', 'pool exhausted after 30 retries', 'pool exhausted after 45 retries'],
  [
    'a UUID',
    'request 3f2a9c1b-7e4d-4a60-8b1c-0123456789ab timed out',
    'request 9e8f7a6b-2222-4a60-8b1c-abcdefabcdef timed out'
  ],
  ['RFC 3339 times', 'failed at 2026-11-27T06:00:00.123Z', 'failed at 2025-01-02T10:11:12+02:00'],
  ['a date alone', 'batch of 2026-11-27 failed', 'batch of 2026-11-28 failed'],
  ['a time of day', 'cut off at 23:59:59 UTC', 'cut off at 00:00:01 UTC'],
  [
    'HTTP dates, weekday included',
    'retry after Wed, 21 Oct 2015 07:28:00 GMT',
    'retry after Thu, 22 Oct 2015 09:30:00 GMT'
  ],
  ['RFC 850 dates', 'expires Sunday, 06-Nov-94 08:49:37 GMT', 'expires Monday, 07-Nov-94 09:49:37 GMT'],
  ['asctime dates', 'at Sun Nov  6 08:49:37 1994', 'at Mon Nov  7 10:00:00 1994'],
  ['epoch seconds', '{"ts":1700000000,"error":"timeout"}', '{"ts":1800000000,"error":"timeout"}'],
  ['epoch milliseconds', 'at 1700000000000 failed', 'at 1700000123456 failed'],
  ['a code-like word followed by a long id', 'error 1700000000123 at gateway', 'error 1800000000999 at gateway'],
  ['a prefixed id', 'token ord_8f3k2j9q rejected', 'token ord_2k9d8s7a rejected'],
  ['base64', 'signature dGhpcyBpcyBhIHRlc3Q9PQ== invalid', 'signature YW5vdGhlciBvbmUgaGVyZQ== invalid'],
  ['long hex', 'trace 0xdeadbeef01 lost', 'trace 0xc0ffee1234 lost'],
  ['an upper-case random id', 'key K1L2M3N4P5 unknown', 'key Z9Y8X7W6V5 unknown'],
  ['a ULID', 'job 01HQ3K4J5M6N7P8Q9R0STVWXYZ stuck', 'job 01HQ3K4J5M6N7P8Q9R0STVWXZZ stuck'],
  ['an e-mail address', "user 'bob@example.com' not found", "user 'alice@example.org' not found"],
  ['an address and port', 'connect ECONNREFUSED 10.0.0.1:5432', 'connect ECONNREFUSED 10.0.0.2:5432'],
  [
    'an id in JSON beside a kept value',
    '{"error":"card_declined","charge":"ch_3MmlLrLkdIwHu7ix0snN0B15"}',
    '{"error":"card_declined","charge":"ch_9XyzLrLkdIwHu7ix0snN0Q77"}'
  ],
  ['a status kept, a duration counted', 'upstream returned 404 after 120ms', 'upstream returned 404 after 80ms'],
  ['whitespace', 'pool\n  exhausted', 'pool exhausted'],
  [
    'JSON after a text prefix, ids in it',
    'upstream said: {"error":"rate_limited","retry_in":30,"id":"req_8f3k2j9q11"}',
    'upstream said: {"error":"rate_limited","retry_in":45,"id":"req_2k9d8s7a22"}'
  ]
]

/** Two bodies that fail for different reasons: two causes. */
const APART: [string, string, string][] = [
  ['JSON after a text prefix', 'upstream said: {"error":"card_declined"}', 'upstream said: {"error":"rate_limited"}'],
  ['JSON values', '{"error":"card_declined"}', '{"error":"insufficient_funds"}'],
  ['error codes', 'E1001 invalid account', 'E2002 invalid account'],
  ['prefixed error codes', 'failed: ERR_AUTH_401X', 'failed: ERR_DB_5001Y'],
  ['database codes', 'ORA-00942: failed', 'ORA-01017: failed'],
  ['MongoDB codes', 'E11000 duplicate key error', 'E11001 duplicate key error'],
  ['a status named in the text', 'upstream returned 404', 'upstream returned 503'],
  ['a status in JSON', '{"status":404}', '{"status":503}'],
  ['a status code field', 'statusCode: 401', 'statusCode: 403'],
  ['a status line', 'HTTP/1.1 502 Bad Gateway', 'HTTP/1.1 504 Bad Gateway'],
  ['a status and its reason', 'proxy: 429 Too Many Requests', 'proxy: 503 Too Many Requests'],
  ['got a status', 'got status 429', 'got status 500'],
  ['an error code number', 'error code 42', 'error code 43'],
  ['errno', 'connect failed, errno 111', 'connect failed, errno 113'],
  ['SQLSTATE', 'sqlstate 23505', 'sqlstate 40001'],
  ['exception keys', "KeyError: 'user_id'", "KeyError: 'order_id'"],
  ['quoted names', 'column "reason_code" does not exist', 'column "refund_id" does not exist'],
  ['constraints', 'violates unique constraint "orders_pkey"', 'violates unique constraint "refunds_pkey"'],
  [
    'escaped names in JSON',
    '{"error":"duplicate key \\"orders_pkey\\""}',
    '{"error":"duplicate key \\"refunds_pkey\\""}'
  ],
  ['enum-like values', 'declined: card_declined', 'declined: expired_card'],
  ['words', 'pool exhausted', 'connection reset']
]

describe('blankBody', () => {
  it('has a table of at least 30 pairs', () => {
    expect(MERGE.length + APART.length).toBeGreaterThanOrEqual(30)
  })

  it.each(MERGE)('merges bodies that differ only in %s', (_, a, b) => {
    expect(blankBody(a)).toBe(blankBody(b))
  })

  it.each(APART)('keeps apart bodies that differ in %s', (_, a, b) => {
    expect(blankBody(a)).not.toBe(blankBody(b))
  })

  it('writes each variable part as its placeholder, and keeps the rest as it was', () => {
    expect(blankBody('order 12345 failed at 2026-11-27T06:00:00.123Z')).toBe('order # failed at <time>')
    expect(blankBody('request 3f2a9c1b-7e4d-4a60-8b1c-0123456789ab')).toBe('request <uuid>')
    expect(blankBody('trace 0xdeadbeef01 and a1b2c3d4e5f6')).toBe('trace <hex> and <hex>')
    expect(blankBody('token ord_8f3k2j9q dGhpcyBpcyBhIHRlc3Q9PQ==')).toBe('token <id> <id>')
    expect(blankBody('retry after Wed, 21 Oct 2015 07:28:00 GMT')).toBe('retry after <time>')
    expect(blankBody("user 'bob@example.com': E1001, ERR_AUTH_401X")).toBe("user '<email>': E1001, ERR_AUTH_401X")
    expect(blankBody('upstream said: {"error":"card_declined","status":503,"n":7}')).toBe(
      'upstream said: {"error":"card_declined","status":503,"n":#}'
    )
    expect(blankBody(`column "reason_code" of user 'bob' doesn't exist`)).toBe(
      `column "reason_code" of user 'bob' doesn't exist`
    )
  })

  it('bounds the text however long or multi-line the body', () => {
    const text = blankBody(`${'word '.repeat(10_000)}\n\r\u2028end`)
    expect(text.length).toBeLessThanOrEqual(CAUSE_TEXT_LENGTH)
    expect(text).not.toMatch(/[\r\n]/)
    expect(text.endsWith('…')).toBe(true)
  })

  it("reads a body's own NUL and SOH as whitespace, never as a mark of a kept code", () => {
    expect(blankBody('E1001 \u0000a\u0001 and \u0000b\u0001')).toBe('E1001 a and b')
  })

  it('keeps more codes than its marks can collide on', () => {
    const many = Array.from({ length: 40 }, (_, i) => `E${1000 + i}`).join(' ')
    expect(blankBody(many)).toBe(many)
  })
})
