/**
 * Verdicts that say exactly what was measured (issue 17): ages that cannot be judged, filtered counts, the resume
 * notice, the response cell, one alert per fact, and the `complete` output. Structure is asserted, not prose.
 */
import { describe, expect, it } from '@jest/globals'
import { Outputs } from '../../src/constants.js'
import { ListAccumulator, ListedIds } from '../../src/operations/accumulator.js'
import { judged, judgeHealth } from '../../src/operations/health.js'
import { listReport } from '../../src/report/list.js'
import { filterScope, heading, headline, judgement } from '../../src/report/list-verdict.js'
import { errorWords, responseCell } from '../../src/report/response-sample.js'
import { resumeReport } from '../../src/report/resume.js'
import { scheduleReport } from '../../src/report/schedule.js'
import type { ListRequest } from '../../src/requests.js'
import { listResult, resumeResult, messageFailure, statusFailure } from '../support/results.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const HOUR = 3_600_000
const DAY = 24 * HOUR
const REQUEST: ListRequest = { filters: {}, order: 'earliestFirst', pageSize: 100, maxPages: 100, concurrency: 1 }

const summaryOf = (result: ReturnType<typeof listResult>): string => listReport.summary(result, {}, { now: NOW })
const boldLine = (markdown: string): string => markdown.split('\n').filter(l => l !== '')[1] ?? ''

describe('messages without a creation time', () => {
  it('are counted by the accumulator, absent and unusable alike, and make an age threshold fail', () => {
    const acc = new ListAccumulator()
    acc.add({ messageId: 'a', createdAt: NOW - 2 * DAY })
    acc.add({ messageId: 'b' })
    acc.add({ messageId: 'c', createdAt: 9_000_000_000_000_000 })
    const judgedResult = judged(acc.result(REQUEST, 1, new ListedIds()), { oldestOlderThanMs: 3 * DAY }, NOW)
    expect(judgedResult.noCreatedAt).toBe(2)
    expect(judgedResult.health.breaches).toEqual([{ kind: 'age-unknown', messages: 2, limitMs: 3 * DAY }])
    const unjudged = judged(acc.result(REQUEST, 1, new ListedIds()), {}, NOW)
    expect(unjudged.health.breaches).toEqual([])
  })

  it('do not add a second age breach when a known age already exceeds the limit', () => {
    const health = judgeHealth(
      { oldestOlderThanMs: HOUR },
      { count: 5, oldestCreatedAt: NOW - DAY, noCreatedAt: 3 },
      NOW
    )
    expect(health.breaches.map(b => b.kind)).toEqual(['age'])
    expect(judgeHealth({ oldestOlderThanMs: HOUR }, { count: 5, noCreatedAt: 0 }, NOW).breaches).toEqual([])
  })

  it('fail the step naming how many messages had no creation time; the verdict is never "within"', () => {
    const result = listResult({
      count: 500,
      noCreatedAt: 500,
      health: { oldestOlderThanMs: HOUR, breaches: [{ kind: 'age-unknown', messages: 500, limitMs: HOUR }] }
    })
    const summary = summaryOf(result)
    expect(summary.split('\n')[0]).toMatch(/^## ❌/)
    expect(summary).not.toMatch(/healthy|within/i)
    expect(boldLine(summary)).toMatch(/unknown for 500 messages/)
    const failure = listReport.failure(result) ?? ''
    expect(failure).toMatch(/500 messages/)
    expect(failure).toMatch(/createdAt/)
    expect(failure).toMatch(/fail-if-oldest-older-than/)
  })

  it('say "unknown for N messages" without an age threshold, beside the known oldest age', () => {
    const none = listResult({ count: 400, noCreatedAt: 400 })
    expect(judgement(none, NOW)).toMatch(/\*\*oldest: unknown for 400 messages\*\*/)
    expect(headline(none, NOW)).toMatch(/unknown for 400 messages/)
    const some = listResult({ count: 400, noCreatedAt: 133, oldestCreatedAt: NOW - 2 * HOUR })
    expect(judgement(some, NOW)).toMatch(/oldest 2h \(unknown for 133 messages\)/)
    expect(listReport.failure(some)).toBeUndefined()
  })
})

describe('the oldest and newest messages', () => {
  it('shows two DLQ entries of one message (a fan-out, same id and time) as two rows, and one entry once', () => {
    const acc = new ListAccumulator()
    acc.add({ dlqId: 'd1', messageId: 'm', url: 'https://a.example/', createdAt: NOW - DAY })
    acc.add({ dlqId: 'd2', messageId: 'm', url: 'https://b.example/', createdAt: NOW - DAY })
    const rows = summaryOf(judged(acc.result(REQUEST, 1, new ListedIds()), {}, NOW))
      .split('\n')
      .filter(line => line.includes('a.example') || line.includes('b.example'))
      .filter(line => line.startsWith('| **') || line.startsWith('|  |'))
    expect(rows).toHaveLength(2)
    expect(rows.join('\n')).toContain('https://a.example/')
    expect(rows.join('\n')).toContain('https://b.example/')
  })
})

describe('filters in the verdict', () => {
  const filtered = listResult({
    filters: { url: ['https://a.example/hook'] },
    count: 300,
    oldestCreatedAt: NOW - 7 * DAY,
    health: { countAbove: 1000, breaches: [] }
  })

  it('name the filter and its value as code spans in the heading, the bold line and the notice', () => {
    const summary = summaryOf(filtered)
    const scope = 'matching `url` `https://a.example/hook`'
    // The heading names the filter; the bold line and the notice give its value too.
    expect(summary.split('\n')[0]).toMatch(/matching `url`$/)
    expect(summary.split('\n')[0]).not.toMatch(/DLQ healthy/)
    expect(boldLine(summary)).toContain(`300 messages ${scope}`)
    expect(boldLine(summary)).toMatch(/judged on the matching messages only/)
    expect(listReport.notice?.(filtered, NOW)).toContain(`300 messages ${scope}`)
  })

  it('say nothing of filters when none is set', () => {
    const whole = listResult({ count: 300, health: { countAbove: 1000, breaches: [] } })
    expect(filterScope(whole.filters)).toBeUndefined()
    expect(heading(whole, false)).toBe('✅ DLQ healthy')
    expect(judgement(whole, NOW)).not.toMatch(/matching/)
  })

  it('stay short with many values or filters, and keep hostile values inside code', () => {
    const many = filterScope({ url: Array.from({ length: 40 }, (_, i) => `https://h${i}.example/`) }) ?? ''
    expect(many).toMatch(/`url` \(any of 40 values\)/)
    expect(many).not.toContain('h1.example')
    const three = filterScope({ url: ['u'], queueName: ['q'], api: ['a'] }) ?? ''
    expect(three).toBe('matching `url`, `queue-name` and `api`')
    const long = filterScope({ url: [`https://x.example/${'a'.repeat(500)}`] }) ?? ''
    expect(long.length).toBeLessThan(120)
    expect(filterScope({ queueName: ['`@team #1'] })).toMatch(/`queue-name` ``\s?`@team #1\s?``/)
  })

  it('judge thresholds on the matching messages and say so in a failing verdict', () => {
    const failing = listResult({
      filters: { responseStatus: 503 },
      count: 300,
      health: { countAbove: 10, breaches: [{ kind: 'count', count: 300, limit: 10 }] }
    })
    expect(heading(failing, true)).toMatch(/^❌ .*matching `response-status`$/)
    expect(judgement(failing, NOW)).toMatch(/judged on the matching messages only/)
  })
})

describe('the "Last response" cell', () => {
  it('shows the text of a JSON body error or message field first, nested one level too', () => {
    expect(errorWords('{"error":"db pool exhausted","code":17}', false)).toBe('db pool exhausted')
    expect(errorWords('{"status":503,"message":"upstream timed out"}', false)).toBe('upstream timed out')
    expect(errorWords('{"error":{"code":"E1","message":"quota exceeded for project"}}', false)).toBe(
      'quota exceeded for project'
    )
    expect(errorWords('{"errors":[{"message":"field x is required"}]}', false)).toBe('field x is required')
    expect(errorWords('{"ok":false}', false)).toBeUndefined()
    expect(errorWords('<html>502 Bad Gateway</html>', false)).toBeUndefined()
  })

  it('finds the field in a body cut short, and never returns a string cut inside it', () => {
    const cut = `{"requestId":"r1","error":"db pool exhausted","trace":"${'x'.repeat(50)}`
    expect(errorWords(cut, true)).toBe('db pool exhausted')
    expect(errorWords('{"requestId":"r1","error":"db pool exha', true)).toBeUndefined()
  })

  it('keeps about 80 characters of the body or of the error text', () => {
    const words = 'connection pool exhausted: 50 of 50 connections busy for 30 s; request abandoned by the server'
    const cell = responseCell({ url: 'u', count: 1, bodySample: JSON.stringify({ error: words }) })
    expect(cell.startsWith('`connection pool exhausted: 50 of 50 connections busy for 30 s;')).toBe(true)
    expect(cell.endsWith('…')).toBe(true)
    const text = responseCell({ url: 'u', count: 1, bodySample: 'Service Unavailable '.repeat(10), bodyCut: true })
    expect(text.length).toBeGreaterThan(80)
    expect(text.length).toBeLessThan(90)
  })

  it('is titled "Top destinations" under a verdict that is not failing, "What is failing" under one that is', () => {
    const rows = { byUrl: [{ value: 'https://a.example/', count: 3 }] }
    const byDestination = [{ url: 'https://a.example/', count: 3, status: 503 }]
    const healthy = summaryOf(
      listResult({ count: 3, ...rows, byDestination, health: { countAbove: 10, breaches: [] } })
    )
    expect(healthy).toContain('### Top destinations')
    expect(healthy).not.toContain('What is failing')
    const failing = summaryOf(
      listResult({
        count: 3,
        ...rows,
        byDestination,
        health: { countAbove: 1, breaches: [{ kind: 'count', count: 3, limit: 1 }] }
      })
    )
    expect(failing).toContain('### What is failing')
    expect(failing).not.toContain('Top destinations')
  })
})

describe('one alert per fact', () => {
  it('gives a listing that listed nothing no notice: the failure alone says it, and the count is empty', () => {
    const refused = listResult({ failure: statusFailure(401) })
    expect(listReport.notice?.(refused, NOW)).toBeUndefined()
    expect(listReport.failure(refused)).toMatch(/unknown/)
    const outputs = listReport.outputs(refused)
    expect(outputs[Outputs.DlqCount]).toBe('')
    expect(outputs[Outputs.Complete]).toBe('false')
  })

  it('says "at least N" in the failure line of a listing that failed part way, as the notice does', () => {
    const partial = listResult({ count: 200, failure: statusFailure(500) })
    expect(listReport.notice?.(partial, NOW)).toMatch(/at least 200 messages/)
    expect(listReport.failure(partial)).toMatch(/at least 200 messages/)
    expect(listReport.outputs(partial)[Outputs.DlqCount]).toBe('200')
    expect(listReport.outputs(partial)[Outputs.Complete]).toBe('false')
  })

  it('does not warn about possibly resumed runs that the failure already names', () => {
    const lost = resumeResult({ uncertainRequests: 1, runs: [{ workflowRunId: 'r1' }] })
    expect(resumeReport.warnings(lost)).toEqual([])
    expect(resumeReport.failure(lost)).toMatch(/possibly resumed/)
  })
})

describe('outputs a later step can trust: complete', () => {
  it('is true only for a listing that reached the end', () => {
    expect(listReport.outputs(listResult({ count: 5 }))[Outputs.Complete]).toBe('true')
    expect(listReport.outputs(listResult({ count: 5, nextCursor: 'c' }))[Outputs.Complete]).toBe('false')
    expect(listReport.outputs(listResult({ count: 0 }))[Outputs.DlqCount]).toBe('0')
  })

  it('is true only for a resume that drained everything selected with every run in the outputs', () => {
    const runs = [{ workflowRunId: 'r1' }, { workflowRunId: 'r2' }]
    expect(resumeReport.outputs(resumeResult({ runs }))[Outputs.Complete]).toBe('true')
    for (const stopped of [
      resumeResult({ runs, nextCursor: 'c' }),
      resumeResult({ runs, failure: messageFailure('HTTP 500') }),
      resumeResult({ runs, uncertainRequests: 1 }),
      resumeResult({ runs, continueFrom: { position: 3, dlqId: 'd3', remaining: 2 } }),
      resumeResult({ runs, itemProblems: { kept: 0, leftOut: 1, examples: [] } })
    ]) {
      const outputs = resumeReport.outputs(stopped)
      expect(outputs[Outputs.Complete]).toBe('false')
      expect(outputs[Outputs.ResumedCount]).toBe('2')
    }
  })

  it('is true for resume-schedule when every schedule was resumed', () => {
    const all = { operation: 'resume-schedule' as const, outcomes: [{ scheduleId: 'a', ok: true }] }
    const some = { ...all, outcomes: [...all.outcomes, { scheduleId: 'b', ok: false, failure: statusFailure(404) }] }
    expect(scheduleReport.outputs(all)[Outputs.Complete]).toBe('true')
    expect(scheduleReport.outputs(some)[Outputs.Complete]).toBe('false')
  })
})

describe('the run page says what a resume did', () => {
  const runs = Array.from({ length: 120 }, (_, i) => ({ workflowRunId: `r${i}` }))

  it('gives one notice with the count', () => {
    expect(resumeReport.notice?.(resumeResult({ runs }), NOW)).toMatch(/^Resumed 120 workflow runs; selection: /)
  })

  it('states the scope of every resume on its first line and in its notice: the selection, and "of any age" without a from-date', () => {
    const url = 'https://app.example.com/api/workflow/refund'
    const wide = resumeResult({ runs, selection: { workflowUrl: url } })
    expect(resumeReport.notice?.(wide, NOW)).toBe(
      `Resumed 120 workflow runs; selection: workflow-url "${url}", of any age`
    )
    expect(resumeReport.summary(wide, {}, { now: NOW }).split('\n')[0]).toBe(
      `## ✅ Resumed 120 workflow runs; selection: workflow-url \`${url}\`, of any age`
    )
    const bounded = resumeResult({ runs, selection: { workflowUrl: url, fromDate: NOW - 86_400_000 } })
    expect(resumeReport.notice?.(bounded, NOW)).toContain(`failed from ${new Date(NOW - 86_400_000).toISOString()}`)
    expect(resumeReport.notice?.(bounded, NOW)).not.toContain('of any age')
    const ids = resumeResult({ runs, selection: { dlqIds: ['dlq_1', 'dlq_2'] } })
    expect(resumeReport.notice?.(ids, NOW)).toBe('Resumed 120 workflow runs; selection: the 2 DLQ ids given')
  })

  it('says "at least" and how many more were possibly resumed', () => {
    const notice = resumeReport.notice?.(resumeResult({ runs, uncertainRequests: 1 }), NOW) ?? ''
    expect(notice).toMatch(/at least 120 workflow runs/)
    expect(notice).toMatch(/up to 50 more possibly resumed/)
  })

  it('says a stopped or failed resume resumed that many, and stays silent when a failure resumed nothing', () => {
    expect(resumeReport.notice?.(resumeResult({ runs, nextCursor: 'c' }), NOW)).toMatch(/120 .*stopped early/)
    expect(resumeReport.notice?.(resumeResult({ runs, failure: messageFailure('HTTP 500') }), NOW)).toMatch(
      /120 .*failed/
    )
    expect(resumeReport.notice?.(resumeResult({ failure: statusFailure(401) }), NOW)).toBeUndefined()
  })

  it('says how many schedules were resumed, of how many', () => {
    const outcomes = [
      { scheduleId: 'a', ok: true },
      { scheduleId: 'b', ok: true }
    ]
    expect(scheduleReport.notice?.({ operation: 'resume-schedule', outcomes }, NOW)).toBe('Resumed 2 schedules')
    const mixed = [...outcomes, { scheduleId: 'c', ok: false }]
    expect(scheduleReport.notice?.({ operation: 'resume-schedule', outcomes: mixed }, NOW)).toMatch(/2 of 3/)
  })
})
