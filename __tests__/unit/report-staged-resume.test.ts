/**
 * The report of a staged resume, from built results shaped as a staged resume produces them (the operation itself is
 * tested over sockets in operations-staged-resume and operations-canary): the verdict first, the stage table, the
 * runs that failed again, the outputs and the failure line.
 */
import { describe, expect, it } from '@jest/globals'
import { OUTPUTS_BUDGET_BYTES, Outputs } from '../../src/constants.js'
import { githubBytes } from '../../src/report/boundary.js'
import type { StagePlan } from '../../src/requests.js'
import type { FailedAgain, ResumeResult } from '../../src/resume-results.js'
import { resumeReport as report } from '../../src/report/resume.js'
import { renderLikeGitHub } from '../support/markdown.js'
import {
  failedAgainRuns,
  judgedRuns,
  resumedRunIds,
  runStates,
  STAGED_START as T0,
  stagedResult,
  stageOutcome,
  stageWatch,
  statusFailure,
  watchPoll
} from '../support/results.js'

const URL_A = 'https://app.example.com/api/workflow/onboarding'
const ONBOARDING = { selection: { workflowUrl: URL_A } }
const HOSTILE = '{"error":"<img src=x onerror=alert(1)> `tick` | pipe ::warning::x"}'
/** Where the resume's selection continues (the service's cursor, opaque to the report). */
const NEXT_CURSOR = 'cjF8Y3Vyc29yX29mX3RoZV9yZXN0'

/** Stage 1's three runs all back in the DLQ with this last response at the watch's listing `afterMs` in: stopped. */
function threeFailedAgain(plan: StagePlan, afterMs: number, responseStatus: number, bodySample: string): ResumeResult {
  const runIds = resumedRunIds(3)
  const firstError = { source: 'run-log' as const, stepName: 'deliver', status: responseStatus, bodySample }
  const seen = watchPoll(T0 + afterMs, { failedAgain: 3, runLogRequests: 1, states: runStates({ failed: 3 }) })
  const watch = stageWatch({ endsAt: T0 + plan.watchMs!, endedAt: T0 + afterMs, polls: [seen] })
  return stagedResult(
    {
      plan,
      stages: [stageOutcome({ verdict: 'stopped', runIds, watch })],
      failedAgain: failedAgainRuns(runIds, { responseStatus, bodySample }),
      judged: judgedRuns(runIds, 'failed', { firstError }),
      runLog: 'read'
    },
    { ...ONBOARDING, nextCursor: NEXT_CURSOR }
  )
}

const render = (result: ResumeResult) => report.summary(result, {}, { now: T0 })

describe('a staged resume stopped by max-pages', () => {
  it('says max-pages stopped it, over every stage, never that the resume failed part way', () => {
    const result = stagedResult(
      {
        plan: { sizes: [10, Infinity], watchMs: 60_000, maxFailed: 0 },
        stages: [stageOutcome({ verdict: 'failed', resumed: 10 })]
      },
      {
        ...ONBOARDING,
        nextCursor: NEXT_CURSOR,
        failure: { kind: 'max-pages', pages: 1, input: 'max-pages', cursor: NEXT_CURSOR }
      }
    )
    const summary = render(result)
    expect(summary.split('\n')[0]).toBe(
      '## ❌ Stopped by max-pages at stage 1 of 2: 10 runs resumed, no further stage; selection: workflow-url `https://app.example.com/api/workflow/onboarding`, of any age'
    )
    expect(summary).toContain(
      '| 1 | 10 | 10 | — | — | max-pages reached: not watched, no request left for a further stage |'
    )
    expect(summary).not.toContain('failed part way')
    expect(report.failure(result)).toMatch(/^stopped after 1 page \(max-pages\); raise max-pages/)
  })
})

describe('the summary of a staged resume stopped by its watch', () => {
  it('leads with the verdict, then the stages, the runs that failed again (escaped), then what was asked', () => {
    const result = threeFailedAgain({ sizes: [3, 10, Infinity], watchMs: 600_000, maxFailed: 0 }, 10_000, 503, HOSTILE)
    const summary = render(result)
    const lines = summary.split('\n')
    expect(lines[0]).toBe(
      '## 🛑 Stopped after stage 1 of 3: 3 of the 3 runs resumed so far failed again (watch-max-failed: 0); 3 runs resumed in all, no further stage; selection: workflow-url `https://app.example.com/api/workflow/onboarding`, of any age'
    )
    const order = ['## 🛑', '### Stages', '### Runs that failed again', 'What a watch cannot see', '### What was asked']
    const at = order.map(text => summary.indexOf(text))
    expect(at.every(i => i >= 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(summary).toContain(
      '| 1 | 3 | 3 | 10s | 3 | stopped: 3 of the runs resumed so far back in the DLQ after 10s, more than the 0 allowed |'
    )
    // Three runs with the same last response: one row, with their count and ids.
    expect(summary).toMatch(
      /\| 3 \| failed \| 1 \| 1 \| — \| 503 \| .* \| DLQ \| `wfr_[^`]+` `wfr_[^`]+` `wfr_[^`]+` \|/
    )
    expect(summary).toContain('- Stages (`stages`): 3, 10, all')
    expect(summary).toContain('To continue, re-run with input `cursor` set to')
    expect(summary).not.toMatch(/succeed/i)
    // The body is third-party text: a code span, never HTML or a link.
    const html = renderLikeGitHub(summary)
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(summary).toContain('| 503 |')
  })

  it('fails the step naming the stage, how many failed again, the leading response, and where to continue', () => {
    const plan = { sizes: [3, Infinity], watchMs: 60_000, maxFailed: 0 }
    const result = threeFailedAgain(plan, 5_000, 502, '{"error":"upstream timeout"}')
    const failure = report.failure(result)
    expect(failure).toMatch(
      /^3 of the 3 runs resumed by stage 1 of 2 failed again, more than watch-max-failed \(0\) allows; /
    )
    expect(failure).toContain('the first, run "wfr_resumed_1" of stage 1, last answered HTTP 502 "upstream timeout"')
    expect(failure).toContain(`re-run with cursor: ${NEXT_CURSOR}, to-date: ${T0 - 1}`)
    expect(render(result)).toContain(
      `re-run with input \`cursor\` set to \`${NEXT_CURSOR}\`, \`to-date\` set to \`${T0 - 1}\``
    )
    const outputs = report.outputs(result)
    expect(outputs[Outputs.Complete]).toBe('false')
    expect(outputs[Outputs.FailedAgainCount]).toBe('3')
    expect(JSON.parse(outputs[Outputs.FailedAgainRunIds]!)).toEqual(['wfr_resumed_1', 'wfr_resumed_2', 'wfr_resumed_3'])
    expect(JSON.parse(outputs[Outputs.FailedAgainDlqIds]!)).toEqual([
      'dlq_again_wfr_resumed_1',
      'dlq_again_wfr_resumed_2',
      'dlq_again_wfr_resumed_3'
    ])
    expect(outputs[Outputs.FailedAgainRunIdsTruncated]).toBe('false')
    expect(outputs[Outputs.NextToDate]).toBe(String(T0 - 1))
    expect(outputs[Outputs.NextFromDate]).toBe('')
    expect(outputs[Outputs.StagesCompleted]).toBe('0')
    expect(outputs[Outputs.ResumedCount]).toBe('3')
  })
})

describe('the report of clean stages', () => {
  it('says what was seen, never "succeeded", and passes the step', () => {
    const result = stagedResult(
      {
        plan: { sizes: [2, Infinity], watchMs: 10_000, maxFailed: 0 },
        stages: [
          stageOutcome({ watch: stageWatch({ endsAt: T0 + 10_000 }) }),
          stageOutcome({
            stage: 2,
            verdict: 'last',
            asked: Infinity,
            runIds: resumedRunIds(53, 3),
            startedAt: T0 + 10_000
          })
        ]
      },
      ONBOARDING
    )
    const summary = render(result)
    expect(summary.split('\n')[0]).toBe(
      '## ✅ Resumed 55 runs in 2 stages: none of the watched runs was back in the DLQ after each watch (10s); selection: workflow-url `https://app.example.com/api/workflow/onboarding`, of any age'
    )
    expect(summary).toContain('clean: none of the runs resumed so far was back in the DLQ after 10s')
    expect(summary).not.toMatch(/succeed/i)
    expect(report.failure(result)).toBeUndefined()
    const outputs = report.outputs(result)
    expect(outputs[Outputs.Complete]).toBe('true')
    expect(outputs[Outputs.StagesCompleted]).toBe('2')
    expect(outputs[Outputs.FailedAgainRunIds]).toBe('[]')
    expect(outputs[Outputs.NextToDate]).toBe('')
  })
})

describe('a passing heading with runs failed again', () => {
  /** Two stages passed within watch-max-failed: stage 1's runs `failed`, as each signal saw them. */
  function passedWith(failedAgain: FailedAgain[]) {
    return stagedResult(
      {
        plan: { sizes: [2, Infinity], watchMs: 10_000, maxFailed: 2, watchRetries: 1 },
        stages: [
          stageOutcome({
            verdict: 'within',
            watch: stageWatch({ polls: [watchPoll(T0 + 60_000, { states: runStates({ failed: 1, completed: 1 }) })] })
          }),
          stageOutcome({ stage: 2, verdict: 'last', runIds: resumedRunIds(2, 3), startedAt: T0 + 60_000 })
        ],
        failedAgain,
        runLog: 'read'
      },
      ONBOARDING
    )
  }

  it('says "back in the DLQ" only of runs seen there', () => {
    const summary = render(passedWith(failedAgainRuns(['wfr_resumed_1'])))
    expect(summary.split('\n')[0]).toMatch(
      /^## ✅ Resumed 4 runs in 2 stages: 1 of the watched runs back in the DLQ, no more/
    )
  })

  it('says how many the run log alone saw fail, not yet back in the DLQ, in the heading and the cell', () => {
    const result = passedWith(failedAgainRuns(['wfr_resumed_1'], { source: 'run-log', dlqId: undefined }))
    const summary = render(result)
    expect(summary.split('\n')[0]).toMatch(
      /^## ✅ Resumed 4 runs in 2 stages: 1 of the watched runs failed again \(0 back in the DLQ, 1 seen in the run log only\), no more than watch-max-failed \(2\);/
    )
    expect(summary).toContain('passed: 1 of the runs resumed so far failed or failing after 1m, within the 2 allowed')
    expect(summary).not.toContain('back in the DLQ after')
  })

  it('says the watched stages were sent watch-retries, never that every run kept its retries', () => {
    const summary = render(passedWith([]))
    expect(summary).toContain(
      "- Overrides: none but `watch-retries` (1), sent by the watched stages only (below); the last stage's runs " +
        'keep their original flow control and retries'
    )
    expect(summary).not.toContain('each run keeps its original')
  })
})

describe('watch-max-failed counts every stage so far', () => {
  it('stops when the runs of all stages together failed again more than it allows, though no stage alone did', () => {
    // Two of stage 1's runs and one of stage 2's failed again: 3 in all, above 2, though no stage is.
    const [first, second] = [resumedRunIds(4), resumedRunIds(4, 5)]
    const response = { responseStatus: 500, bodySample: '{"error":"the fix did not hold: step failed again"}' }
    const result = stagedResult(
      {
        plan: { sizes: [4, 4, Infinity], watchMs: 10_000, maxFailed: 2 },
        stages: [
          stageOutcome({
            verdict: 'within',
            runIds: first,
            watch: stageWatch({ endsAt: T0 + 10_000, polls: [watchPoll(T0 + 10_000, { failedAgain: 2 })] })
          }),
          stageOutcome({
            stage: 2,
            verdict: 'stopped',
            runIds: second,
            startedAt: T0 + 10_000,
            watch: stageWatch({
              startedAt: T0 + 10_000,
              endsAt: T0 + 20_000,
              endedAt: T0 + 15_000,
              polls: [watchPoll(T0 + 15_000, { failedAgain: 3 })]
            })
          })
        ],
        failedAgain: [
          ...failedAgainRuns([first[0]!, first[3]!], response),
          ...failedAgainRuns([second[0]!], { ...response, stage: 2, seenIn: 2 })
        ]
      },
      { ...ONBOARDING, nextCursor: NEXT_CURSOR }
    )
    const summary = render(result)
    // Each stage's own count, and the verdict over every run so far.
    expect(summary).toContain(
      '| 1 | 4 | 4 | 10s | 2 | passed: 2 of the runs resumed so far back in the DLQ after 10s, within the 2 allowed |'
    )
    expect(summary).toContain(
      '| 2 | 4 | 4 | 5s | 1 | stopped: 3 of the runs resumed so far back in the DLQ after 5s, more than the 2 allowed |'
    )
    expect(summary.split('\n')[0]).toMatch(/^## 🛑 Stopped after stage 2 of 3: 3 of the 8 runs resumed so far/)
    expect(report.failure(result)).toContain('more than watch-max-failed (2) allows')
  })
})

describe('the report of a cancel during a watch', () => {
  it('calls the watch cut short, never clean, counts no stage for it, and fails', () => {
    const watch = stageWatch({
      endsAt: T0 + 600_000,
      endedAt: T0 + 10_000,
      polls: [watchPoll(T0 + 5_000)],
      cut: 'SIGTERM'
    })
    const result = stagedResult(
      {
        plan: { sizes: [2, Infinity], watchMs: 600_000, maxFailed: 0 },
        stages: [stageOutcome({ verdict: 'cut', watch })]
      },
      { ...ONBOARDING, nextCursor: NEXT_CURSOR, failure: { kind: 'cancelled', signal: 'SIGTERM' } }
    )
    const summary = render(result)
    expect(summary.split('\n')[0]).toBe(
      '## ⛔ Cancelled during the watch after stage 1 of 2: 2 runs resumed; the watch was cut short (not judged clean); selection: workflow-url `https://app.example.com/api/workflow/onboarding`, of any age'
    )
    expect(summary).toContain('watch cancelled after 10s (SIGTERM): not judged')
    expect(summary).not.toContain('clean: none')
    expect(report.failure(result)).toContain('the watch after stage 1 was cut short after 10s: not judged clean')
    expect(report.outputs(result)[Outputs.StagesCompleted]).toBe('0')
    expect(report.outputs(result)[Outputs.Complete]).toBe('false')
  })
})

describe('the report of a service that ignores count', () => {
  it('warns that the stage was as big as the answer, and that every run was watched', () => {
    const result = stagedResult({
      plan: { sizes: [5, Infinity], watchMs: 5_000, maxFailed: 0 },
      stages: [
        stageOutcome({ asked: 5, resumed: 50, watch: stageWatch({ endsAt: T0 + 5_000 }) }),
        stageOutcome({
          stage: 2,
          verdict: 'last',
          asked: Infinity,
          runIds: resumedRunIds(250, 51),
          startedAt: T0 + 5_000
        })
      ]
    })
    expect(report.warnings(result)).toContain(
      'the service ignored count: stage 1 asked for 5 runs and resumed 50; the stage is as big as the answer, and every run it resumed was watched'
    )
  })
})

describe('the report of a watch that could not list the DLQ', () => {
  it('says the watch could not see, fails the step with the request that failed and where to continue', () => {
    const watch = stageWatch({ endedAt: T0 + 5_000, failure: statusFailure(503, 'listing down', 5) })
    const result = stagedResult(
      {
        plan: { sizes: [2, Infinity], watchMs: 60_000, maxFailed: 0 },
        stages: [stageOutcome({ verdict: 'blind', watch })]
      },
      { ...ONBOARDING, nextCursor: NEXT_CURSOR }
    )
    expect(render(result).split('\n')[0]).toBe(
      '## ❌ The watch after stage 1 of 2 could not see (its listing of the workflow DLQ stopped): 2 runs resumed, not judged; no further stage; selection: workflow-url `https://app.example.com/api/workflow/onboarding`, of any age'
    )
    expect(render(result)).toContain('watch could not see after 5s: its listing of the DLQ stopped, so not judged')
    const failure = report.failure(result)
    expect(failure).toMatch(/^the watch could not see: the watch's listing of the workflow DLQ failed/)
    expect(failure).toContain('GET /v2/dlq')
    expect(failure).toContain('503')
    // The resume's own cursor and bound, never the watch listing's.
    expect(failure).toContain(`re-run with cursor: ${NEXT_CURSOR}, to-date: `)
    expect(report.outputs(result)[Outputs.StagesCompleted]).toBe('0')
  })
})

describe('the outputs of a staged resume with many runs', () => {
  it('fit the 1 MB budget with the other id outputs, the runs that failed again first, each cut flagged', () => {
    const ids = Array.from({ length: 40_000 }, (_, i) => `wfr_${String(i).padStart(12, '0')}_run`)
    const result = stagedResult(
      {
        plan: { sizes: [40_000, Infinity], watchMs: 60_000, maxFailed: 0 },
        stages: [stageOutcome({ verdict: 'stopped', runIds: ids, watch: stageWatch({ endedAt: T0 + 5_000 }) })],
        failedAgain: failedAgainRuns(ids.slice(0, 25_000))
      },
      { ...ONBOARDING, nextCursor: 'c' }
    )
    const outputs = report.outputs(result)
    const bytes = Object.entries(outputs).reduce((n, [k, v]) => n + githubBytes(k) + githubBytes(v ?? ''), 0)
    expect(bytes).toBeLessThanOrEqual(OUTPUTS_BUDGET_BYTES)
    const again = JSON.parse(outputs[Outputs.FailedAgainRunIds]!) as string[]
    expect(again.length).toBeGreaterThan(0)
    expect(again).toEqual(ids.slice(0, again.length))
    expect(outputs[Outputs.FailedAgainRunIdsTruncated]).toBe(String(again.length < 25_000))
    expect(outputs[Outputs.WorkflowRunIdsTruncated]).toBe('true')
    expect(outputs[Outputs.FailedAgainCount]).toBe('25000')
  })
})
