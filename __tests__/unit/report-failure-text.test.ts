/** The sentences of failures, written once from their structure: each kind, its context, one status table. */
import { describe, expect, it } from '@jest/globals'
import type { Failure, RequestCause } from '../../src/failure.js'
import { failurePhrase, failureText } from '../../src/report/failure-text.js'
import { scheduleReport } from '../../src/report/schedule.js'
import { statusFailure } from '../support/results.js'

const transport: Failure = {
  kind: 'request',
  request: {
    method: 'POST',
    path: '/v2/workflows/dlq/resume',
    url: 'http://127.0.0.1:1/v2/workflows/dlq/resume',
    attempts: 3,
    cause: { kind: 'transport', code: 'ECONNREFUSED', timeoutMs: 30_000 }
  }
}

describe('failureText', () => {
  it('names the operation, the attempts, the status in words and the server text', () => {
    expect(failureText('list-dlq', statusFailure(503, 'down', 3))).toBe(
      'list-dlq failed after 3 attempts: HTTP 503 service error from GET /v2/dlq: down'
    )
    expect(failureText('resume-workflows', transport)).toBe(
      'resume-workflows failed after 3 attempts: connection refused (ECONNREFUSED) ' +
        '(POST http://127.0.0.1:1/v2/workflows/dlq/resume)'
    )
  })

  it('names the method and the path called, base-url prefix included, as a connection error names its URL', () => {
    const calledUnder = (url: string): Failure => ({
      kind: 'request',
      request: {
        method: 'GET',
        path: '/v2/dlq',
        url,
        attempts: 1,
        cause: { kind: 'status', status: 404, serverText: 'not found' }
      }
    })
    expect(failureText('list-dlq', calledUnder('https://service.example.com/v2/dlq'))).toBe(
      'list-dlq failed: HTTP 404 not found from GET /v2/dlq: not found'
    )
    expect(failureText('list-dlq', calledUnder('https://service.example.com/api/v2/dlq'))).toBe(
      'list-dlq failed: HTTP 404 not found from GET /api/v2/dlq: not found'
    )
  })

  it('adds where a listing failed, and what ended it after a file broke', () => {
    const located = { ...statusFailure(500), messageId: { index: 2, of: 3 } }
    expect(failureText('list-dlq', located)).toMatch(/: boom \(listing message id 2 of 3; re-run to list them all\)$/)
    const file: Failure = {
      kind: 'file',
      input: 'messages-file',
      path: '/x',
      code: 'ENOSPC',
      then: { kind: 'cancelled', signal: 'SIGINT' }
    }
    expect(failureText('list-dlq', { ...file, parallel: true })).toBe(
      'messages-file /x could not be written: ENOSPC (no space left on device); listing stopped there ' +
        '(then: the step was cancelled (SIGINT)) (a parallel listing has no single cursor to continue from: re-run the listing)'
    )
  })
})

describe('failurePhrase', () => {
  it('reads the status from the one table, and tells a failed request from a bad answer', () => {
    expect(failurePhrase(statusFailure(403))).toBe('the service refused the token (HTTP 403)')
    expect(failurePhrase(statusFailure(412))).toBe('the service refused the request (HTTP 412)')
    expect(failurePhrase(transport)).toBe('the request got no usable answer')
    expect(failurePhrase({ kind: 'request-budget', requests: 4, input: 'max-pages' })).toBe(
      'the request got no usable answer'
    )
  })
})

describe('a schedule that failed', () => {
  it('is named once in its row, with the attempts it took, and in full in the failure', () => {
    const result = {
      operation: 'resume-schedule' as const,
      outcomes: [{ scheduleId: 'nightly', ok: false, failure: statusFailure(500, 'oops', 2) }]
    }
    const row = scheduleReport
      .summary(result, {}, { now: Date.now() })
      .split('\n')
      .find(line => line.startsWith('| `nightly`'))
    expect(row).toBe('| `nightly` | ❌ failed | `HTTP 500 service error from GET /v2/dlq: oops (2 attempts)` |')
    expect(scheduleReport.failure(result)).toContain(
      '- resume-schedule (schedule "nightly") failed after 2 attempts: HTTP 500 service error from GET /v2/dlq: oops'
    )
  })
})

describe('the few words of a failure for a heading', () => {
  const request = (cause: RequestCause): Failure => ({
    kind: 'request',
    request: { method: 'POST', path: '/v2/workflows/dlq/resume', url: 'https://x/v2', attempts: 1, cause }
  })

  it('never calls a 2xx it could not read, or a redirect, a refusal', () => {
    const unreadable = failurePhrase(
      request({ kind: 'unreadable', status: 200, reason: 'a body that is not valid UTF-8' })
    )
    expect(unreadable).toBe('an answer that could not be read (HTTP 200)')
    expect(failurePhrase(request({ kind: 'redirect', status: 307, location: '/v3' }))).toBe(
      'a redirect that was not followed (HTTP 307)'
    )
    expect(failurePhrase(request({ kind: 'status', status: 401, serverText: 'no' }))).toMatch(/refused the token/)
  })
})
