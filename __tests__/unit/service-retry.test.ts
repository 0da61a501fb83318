import { describe, expect, it } from '@jest/globals'
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY as policy,
  parseRateLimitReset,
  parseRetryAfter,
  retryDecision,
  retrying,
  type AttemptOutcome,
  type RetryingOptions
} from '../../src/service/retry.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const status = (s: number, headers: Record<string, string> = {}): AttemptOutcome => ({
  kind: 'status',
  status: s,
  headers
})
const error = (code: string): AttemptOutcome => ({ kind: 'error', code })
const top = () => 0.999_999
const half = () => 0.5

describe('retryDecision', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries HTTP %i', s => {
    expect(retryDecision(1, status(s), policy, NOW, half)).toMatchObject({ retry: true, basis: 'backoff' })
  })

  it.each([400, 401, 403, 404, 409, 412, 422, 501])('does not retry HTTP %i', s => {
    expect(retryDecision(1, status(s), policy, NOW, half)).toEqual({ retry: false })
  })

  it.each(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT'])(
    'retries the transport error %s',
    code => {
      expect(retryDecision(1, error(code), policy, NOW, half)).toMatchObject({ retry: true })
    }
  )

  it.each(['ENOTFOUND', 'BODY_TOO_LARGE', 'UNKNOWN'])('does not retry %s', code => {
    expect(retryDecision(1, error(code), policy, NOW, half)).toEqual({ retry: false })
  })

  it('stops at max-attempts', () => {
    expect(retryDecision(4, status(503), policy, NOW, half).retry).toBe(true)
    expect(retryDecision(5, status(503), policy, NOW, half)).toEqual({ retry: false })
    expect(retryDecision(1, status(503), { ...policy, maxAttempts: 1 }, NOW, half)).toEqual({ retry: false })
  })

  it('waits as Retry-After says, in seconds or as an HTTP date', () => {
    expect(retryDecision(1, status(429, { 'retry-after': '3' }), policy, NOW, half)).toEqual({
      retry: true,
      delayMs: 3000,
      basis: 'Retry-After',
      capped: false
    })
    const date = new Date(NOW + 7000).toUTCString()
    expect(retryDecision(1, status(503, { 'retry-after': date }), policy, NOW, half)).toMatchObject({
      delayMs: 7000,
      basis: 'Retry-After'
    })
  })

  it('falls back to Burst-RateLimit-Reset on a 429, then to the backoff', () => {
    const reset = String(Math.floor(NOW / 1000) + 4)
    expect(retryDecision(1, status(429, { 'burst-ratelimit-reset': reset }), policy, NOW, half)).toMatchObject({
      delayMs: 4000,
      basis: 'Burst-RateLimit-Reset'
    })
    expect(retryDecision(1, status(429, { 'retry-after': 'soon' }), policy, NOW, half)).toMatchObject({
      basis: 'backoff'
    })
  })

  it('caps a wait the service asks for and says so', () => {
    expect(retryDecision(1, status(429, { 'retry-after': '3600' }), policy, NOW, half)).toEqual({
      retry: true,
      delayMs: 60_000,
      basis: 'Retry-After',
      capped: true
    })
  })
})

describe('backoffDelayMs', () => {
  it('grows exponentially from half a second with full jitter, capped at a few seconds', () => {
    expect(backoffDelayMs(1, policy, top)).toBe(500)
    expect(backoffDelayMs(2, policy, top)).toBe(1000)
    expect(backoffDelayMs(3, policy, top)).toBe(2000)
    expect(backoffDelayMs(4, policy, top)).toBe(4000)
    expect(backoffDelayMs(5, policy, top)).toBe(5000)
    expect(backoffDelayMs(9, policy, top)).toBe(5000)
    expect(backoffDelayMs(3, policy, () => 0)).toBe(0)
    expect(backoffDelayMs(3, policy, half)).toBe(1000)
  })
})

describe('header parsing', () => {
  it('reads Retry-After seconds, dates, and ignores junk', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0)
    expect(parseRetryAfter('1.5', NOW)).toBe(1500)
    expect(parseRetryAfter(new Date(NOW - 5000).toUTCString(), NOW)).toBe(0)
    expect(parseRetryAfter('later', NOW)).toBeUndefined()
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined()
  })
  it('reads Burst-RateLimit-Reset in seconds or milliseconds', () => {
    expect(parseRateLimitReset(String(NOW / 1000 + 2), NOW)).toBe(2000)
    expect(parseRateLimitReset(String(NOW + 2500), NOW)).toBe(2500)
    expect(parseRateLimitReset('x', NOW)).toBeUndefined()
  })
})

describe('retrying', () => {
  const failing = (outcome: AttemptOutcome) => {
    const waits: number[] = []
    const notes: string[] = []
    const options: RetryingOptions = {
      policy: { ...policy, maxAttempts: 3 },
      classify: () => outcome,
      describe: () => 'GET /x: HTTP 503',
      log: line => notes.push(line),
      giveUp: (err, attempts) => new Error(`gave up after ${attempts}: ${String(err)}`),
      stopped: () => new Error('stopped'),
      sleep: async ms => {
        waits.push(ms)
      },
      now: () => NOW,
      random: half
    }
    return { waits, notes, options }
  }

  it('retries what the caller classifies as transient, then throws its giveUp error', async () => {
    const { waits, notes, options } = failing(status(503))
    let calls = 0
    await expect(
      retrying(async () => {
        calls++
        throw new Error('boom')
      }, options)
    ).rejects.toThrow('gave up after 3: Error: boom')
    expect(calls).toBe(3)
    expect(notes).toEqual([
      'GET /x: HTTP 503 (attempt 1 of 3); retrying in 0.3 s',
      'GET /x: HTTP 503 (attempt 2 of 3); retrying in 0.5 s'
    ])
    expect(waits).toHaveLength(2)
  })

  it('returns the first success and stops at once on what is not retried', async () => {
    const { options } = failing(status(404))
    let calls = 0
    await expect(
      retrying(async n => {
        calls++
        if (n === 1) throw new Error('not found')
        return 'ok'
      }, options)
    ).rejects.toThrow('gave up after 1')
    expect(calls).toBe(1)
    const transient = failing(error('ECONNRESET')).options
    await expect(
      retrying(async n => {
        if (n < 3) throw new Error('reset')
        return n
      }, transient)
    ).resolves.toBe(3)
  })

  it('lets a classification throw end the calls, and sends nothing after the stop', async () => {
    const { options } = failing(status(503))
    const fatal = new Error('fatal')
    await expect(
      retrying(
        async () => {
          throw new Error('x')
        },
        {
          ...options,
          classify: () => {
            throw fatal
          }
        }
      )
    ).rejects.toBe(fatal)
    const stop = new AbortController()
    let calls = 0
    const stopping: RetryingOptions = { ...options, signal: stop.signal, sleep: async () => stop.abort() }
    await expect(
      retrying(async () => {
        calls++
        throw new Error('x')
      }, stopping)
    ).rejects.toThrow('stopped')
    expect(calls).toBe(1)
  })
})
