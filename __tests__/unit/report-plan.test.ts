/** How a plan is reported, pure: a schedule's dry run, the report that picks the plan's or the write's, the bound's clock. */
import { describe, expect, it } from '@jest/globals'
import { Outputs } from '../../src/constants.js'
import { planSchedules } from '../../src/operations/plan.js'
import type { PlanResult } from '../../src/plan-results.js'
import { planOr, planReport, withExpected } from '../../src/report/plan.js'
import { resumeReport } from '../../src/report/resume.js'
import { schedulePlanReport } from '../../src/report/schedule-plan.js'
import { scheduleReport } from '../../src/report/schedule.js'
import { listResult, resumeResult } from '../support/results.js'

const NOW = Date.UTC(2026, 10, 29, 9, 0, 0)

/** A plan of `planned` workflow runs, listed to the end by the service's clock; tests override what they look at. */
function plan(overrides: Partial<PlanResult> = {}): PlanResult {
  const { health: _health, ...listing } = listResult({ filters: { source: 'workflow', toDate: NOW - 1 }, count: 4 })
  return {
    kind: 'plan',
    operation: 'restart-workflows',
    selection: {},
    all: true,
    listing,
    planned: 4,
    bound: { toDate: NOW - 1, clock: 'service', serviceStart: NOW },
    ...overrides
  }
}

describe('a dry run of resume-schedule', () => {
  const result = planSchedules({ scheduleIds: ['sched-1', 'sched-2', 'nightly'] })
  const report = planOr(schedulePlanReport, scheduleReport)

  it('names the schedules it would resume, and says the service was not asked whether they exist', () => {
    const text = report.summary(result, {}, { now: NOW })
    expect(text.split('\n')[0]).toBe('## 🔍 Dry run: would resume 3 schedules: `sched-1`, `sched-2`, `nightly`')
    expect(text).toContain('**No request was sent**, so the service was not asked whether they exist')
    expect(report.notice!(result, NOW)).toBe('Dry run: would resume 3 schedules; no request was sent')
    expect(report.outputs(result)).toEqual({
      [Outputs.PlannedCount]: '3',
      [Outputs.ScheduleIds]: '[]',
      [Outputs.Complete]: 'true'
    })
    expect(report.failure(result)).toBeUndefined()
  })

  it('leaves a resume that was sent to its own report', () => {
    const sent = { operation: 'resume-schedule' as const, outcomes: [{ scheduleId: 'sched-1', ok: true }] }
    expect(report.outputs(sent)[Outputs.ScheduleIds]).toBe('["sched-1"]')
    expect(report.summary(sent, {}, { now: NOW }).split('\n')[0]).toBe('## ✅ Resumed 1 schedule')
  })
})

describe('the report of a bulk write', () => {
  const report = planOr(planReport, withExpected(resumeReport))

  it("is the plan's when no write followed, in the verb's words", () => {
    expect(report.summary(plan(), {}, { now: NOW }).split('\n')[0]).toBe('## 🔍 Dry run: would restart 4 workflow runs')
    expect(report.outputs(plan())[Outputs.RestartedCount]).toBe('0')
  })

  it("is the write's otherwise, with what expect-count listed among its outputs", () => {
    const done = resumeResult({ expected: { count: 2, listed: 2, planFile: '/w/plan.ndjson' } })
    expect(report.outputs(done)).toMatchObject({
      [Outputs.PlannedCount]: '2',
      [Outputs.PlanFile]: '/w/plan.ndjson',
      [Outputs.ResumedCount]: '0'
    })
    expect(report.outputs(resumeResult())[Outputs.PlannedCount]).toBeUndefined()
  })
})

describe("a plan's bound and ending", () => {
  it("says the runner's clock, and that the write may move it, where the service's Date was ahead", () => {
    const ahead = plan({ bound: { toDate: NOW - 1, clock: 'runner', serviceStart: NOW + 120_000 } })
    expect(planReport.summary(ahead, {}, { now: NOW })).toContain(
      `on the runner's clock, earlier than the service's Date (${new Date(NOW + 120_000).toISOString()}); the ` +
        "write moves its bound up to the service's time once an answer shows it"
    )
  })

  it('says "at least" and fails the step when the listing ran out of pages, with nothing written', () => {
    const failure = { kind: 'max-pages' as const, pages: 2, input: 'max-pages' }
    const stopped = plan({ listing: { ...plan().listing, failure, nextCursor: 'c2' } })
    expect(planReport.summary(stopped, {}, { now: NOW }).split('\n')[0]).toBe(
      '## ⚠️ Dry run stopped early: would restart at least 4 workflow runs'
    )
    expect(planReport.outputs(stopped)[Outputs.Complete]).toBe('false')
    expect(planReport.failure(stopped)).toContain(
      '(at least 4 workflow runs planned before the failure; no write request was sent)'
    )
    expect(planReport.summary(stopped, {}, { now: NOW })).toContain(
      'The plan is incomplete, so `expect-count` would refuse it'
    )
  })

  it('counts ids given as missing only once the whole DLQ was listed', () => {
    const given = { by: 'dlq-ids' as const, count: 6, missing: 2 }
    expect(planReport.warnings(plan({ given }))).toContain(
      '2 of the 6 DLQ ids given are not in the DLQ: taken or removed since they were listed'
    )
    const cut = plan({ given, listing: { ...plan().listing, nextCursor: 'c1' } })
    expect(planReport.warnings(cut)).toContain(
      '2 of the 6 DLQ ids given were not reached: the listing stopped before the end of the DLQ'
    )
  })
})
