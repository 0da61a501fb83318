/** How a cancelled step and a file that could not be written are reported: headings, failures, never healthy. */
import { describe, expect, it } from '@jest/globals'
import { listReport } from '../../src/report/list.js'
import { failurePhrase } from '../../src/report/failure-text.js'
import { heading, headline } from '../../src/report/list-verdict.js'
import { resumeReport } from '../../src/report/resume.js'
import { listResult, resumeResult } from '../support/results.js'

const runs = (n: number) => Array.from({ length: n }, (_, i) => ({ workflowRunId: `wfr_${i}` }))

describe('a cancelled listing', () => {
  const cancelled = listResult({
    count: 1200,
    failure: { kind: 'cancelled', signal: 'SIGINT' },
    nextCursor: 'cur-13',
    health: { countAbove: 5000, breaches: [] }
  })

  it('is headed as cancelled with an "at least" count, never healthy', () => {
    expect(heading(cancelled, false)).toBe('⛔ Listing cancelled: at least 1,200 messages')
    expect(headline(cancelled, 0)).toMatch(/^DLQ: at least 1,200 messages\b.*the step was cancelled \(SIGINT\)/)
    const summary = listReport.summary(cancelled, {}, { now: Date.now() })
    expect(summary).not.toMatch(/healthy/i)
    expect(summary).toMatch(/^## ⛔ Listing cancelled: at least 1,200 messages$/m)
    // A cancel is not a failure of the service: everything says what came before it.
    expect(headline(cancelled, 0)).not.toContain('failed')
    expect(summary).toContain('what was listed before the cancel')
    expect(summary).not.toContain('before the failure')
    expect(listReport.failure(cancelled)).toContain('listed before the cancel')
  })

  it('fails the step and says where to continue', () => {
    expect(listReport.failure(cancelled)).toMatch(/cancelled \(SIGINT\).*re-run with input cursor: cur-13/)
    expect(listReport.outputs(cancelled)['next-cursor']).toBe('cur-13')
  })

  it('says so when nothing was listed before the cancel', () => {
    expect(heading({ ...cancelled, count: 0 }, false)).toBe('⛔ Listing cancelled before any message was listed')
  })
})

describe('a cancelled resume', () => {
  it('is headed with the runs resumed before the cancel, and "possibly more" when a request was cut', () => {
    const result = resumeResult({
      runs: runs(600),
      requests: 12,
      uncertainRequests: 1,
      failure: { kind: 'cancelled', signal: 'SIGTERM' },
      nextCursor: 'c12'
    })
    const summary = resumeReport.summary(result, {}, { now: Date.now() })
    expect(summary).toMatch(
      /^## ⛔ Cancelled: 600 runs resumed before the cancel, and possibly more; selection: every failed run in the DLQ \(all\), of any age$/m
    )
    expect(summary).toMatch(/re-run with input `cursor`/)
    expect(resumeReport.failure(result)).toMatch(/up to 50 more runs/)
    expect(resumeReport.outputs(result)['resumed-count']).toBe('600')
  })
})

describe('a file that could not be written', () => {
  it('names the input in the failure phrase of a listing', () => {
    const failure = { kind: 'file', input: 'messages-file', path: '/x/m.ndjson', code: 'ENOSPC' } as const
    expect(failurePhrase(failure)).toBe('messages-file could not be written')
  })

  it('heads a resume that finished as failed, never ✅, and keeps every run in the outputs', () => {
    const fileError = 'runs-file /x/r.ndjson could not be written: ENOSPC (no space left on device)'
    const result = resumeResult({
      runs: runs(3),
      fileError: { kind: 'file', input: 'runs-file', path: '/x/r.ndjson', code: 'ENOSPC' }
    })
    const summary = resumeReport.summary(result, {}, { now: Date.now() })
    expect(summary).toMatch(
      /^## ❌ Resumed 3 workflow runs, but runs-file could not be written; selection: every failed run in the DLQ \(all\), of any age$/m
    )
    expect(summary).not.toContain('✅')
    expect(resumeReport.failure(result)).toContain(fileError)
    expect(JSON.parse(resumeReport.outputs(result)['workflow-run-ids'] ?? '[]')).toHaveLength(3)
  })
})
