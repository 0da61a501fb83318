/** What each operation's report adds to its summary: the notice, the warnings in order, the failure. */
import { describe, expect, it } from '@jest/globals'
import { listReport } from '../../src/report/list.js'
import { resumeReport } from '../../src/report/resume.js'
import { scheduleReport } from '../../src/report/schedule.js'
import { listResult, resumeResult, messageFailure, statusFailure } from '../support/results.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const problems = { kept: 1, leftOut: 2, examples: ['item 3: no messageId'] }

describe('notice', () => {
  it('is the headline of a listing', () => {
    expect(listReport.notice?.(listResult({ count: 3, oldestCreatedAt: NOW - 60_000 }), NOW)).toBe(
      'DLQ: 3 messages, oldest 1m'
    )
  })
})

describe('warnings', () => {
  it('name the items that could not be read, and leave what may have been resumed unseen to the failure', () => {
    const result = resumeResult({ uncertainRequests: 2, itemProblems: problems })
    const warnings = resumeReport.warnings(result)
    expect(warnings).toHaveLength(1)
    expect(resumeReport.failure(result)).toMatch(/2 resume requests got no readable answer .* up to 100 more runs/)
    expect(warnings[0]).toBe(
      'The service sent items that could not be read as they stand: 2 items were left out (no usable id); ' +
        '1 kept without a field that could not be read. item 3: no messageId.'
    )
    expect(resumeReport.warnings(resumeResult())).toEqual([])
    expect(listReport.warnings(listResult({ itemProblems: problems }))).toEqual([warnings[0]])
    expect(listReport.warnings(listResult())).toEqual([])
    expect(
      scheduleReport.warnings({ operation: 'resume-schedule', outcomes: [{ scheduleId: 's', ok: false }] })
    ).toEqual([])
  })
})

describe('failure', () => {
  it('names each schedule that could not be resumed, and none when all were', () => {
    const outcomes = [
      { scheduleId: 's1', ok: true },
      { scheduleId: 's2', ok: false, failure: statusFailure(404, 'no such schedule') },
      { scheduleId: 's3', ok: false }
    ]
    expect(scheduleReport.failure({ operation: 'resume-schedule', outcomes })).toBe(
      '2 of 3 schedules could not be resumed (1 resumed):\n' +
        '- resume-schedule (schedule "s2") failed: HTTP 404 not found from GET /v2/dlq: no such schedule\n- s3'
    )
    expect(scheduleReport.failure({ operation: 'resume-schedule', outcomes: outcomes.slice(0, 1) })).toBeUndefined()
  })

  it('fails a resume that may have resumed runs it cannot list, even when it reached the end', () => {
    expect(resumeReport.failure(resumeResult({ uncertainRequests: 1 }))).toMatch(
      /^1 resume request got no readable answer .*; nothing is left to continue: the selection was resumed to its end$/
    )
    expect(resumeReport.failure(resumeResult({ runs: [{ workflowRunId: 'r' }] }))).toBeUndefined()
  })

  it('says where a failed listing can continue from, and never offers a cursor too long to use', () => {
    expect(listReport.failure(listResult({ failure: messageFailure('HTTP 500'), nextCursor: 'c1', count: 7 }))).toBe(
      'HTTP 500; to continue, re-run with input cursor: c1 (at least 7 messages: listed before the failure)'
    )
    expect(
      listReport.failure(listResult({ failure: messageFailure('HTTP 500'), nextCursor: 'c'.repeat(5000) }))
    ).toContain("the service's cursor to continue from is 5000 characters long, too long to use")
    expect(listReport.failure(listResult())).toBeUndefined()
  })
})
