/**
 * The report of a staged resume, from results a staged resume really produced against the simulator (injected
 * clock): the verdict first, the stage table, the runs that failed again, the outputs and the failure line.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { OUTPUTS_BUDGET_BYTES, Outputs } from '../../src/constants.js'
import { githubBytes } from '../../src/report/boundary.js'
import { stagedResume } from '../../src/operations/staged-resume.js'
import type { ResumeRequest, StagePlan } from '../../src/requests.js'
import type { ResumeResult } from '../../src/results.js'
import type { ServiceClient } from '../../src/service/client.js'
import { stagedOrResumeReport as report } from '../../src/report/staged-resume.js'
import { recordingClient } from '../support/client.js'
import { TestClock } from '../support/clock.js'
import { renderLikeGitHub } from '../support/markdown.js'
import { startSimulator, type Simulator } from '../../sim/index.js'
import type { RunFate } from '../../sim/fates.js'
import type { FaultRule } from '../../sim/faults.js'

const T0 = Date.UTC(2026, 10, 26, 12, 0, 0)
const URL_A = 'https://app.example.com/api/workflow/onboarding'
const HOSTILE = '{"error":"<img src=x onerror=alert(1)> `tick` | pipe ::warning::x"}'
let sim: Simulator | undefined
let client: ServiceClient | undefined

afterEach(async () => {
  await client?.close()
  await sim?.close()
  client = sim = undefined
})

async function staged(
  plan: StagePlan,
  fates: RunFate[],
  options: {
    variants?: object
    stopAt?: number
    selection?: ResumeRequest['selection']
    inject?: FaultRule
    maxPages?: number
  } = {}
): Promise<ResumeResult> {
  const clock = new TestClock(T0)
  sim = await startSimulator({
    token: 'sim-token-report',
    workflowRuns: 300,
    seed: 5,
    now: T0,
    clock: () => clock.now(),
    fates,
    variants: { ignoreResumeCount: false, ...options.variants }
  })
  client = recordingClient(sim.url, 'sim-token-report').client
  if (options.inject) sim.inject(options.inject)
  const stop = new AbortController()
  clock.onSleep = count => {
    if (count === options.stopAt) stop.abort('SIGTERM')
  }
  const request: ResumeRequest = {
    selection: options.selection ?? { workflowUrl: URL_A },
    all: false,
    overrides: {},
    maxPages: options.maxPages ?? 100
  }
  return stagedResume(client, request, plan, { clock, stop: stop.signal, log: () => {} })
}

const render = (result: ResumeResult) => report.summary(result, {}, { now: T0 })

describe('a staged resume stopped by max-pages', () => {
  it('says max-pages stopped it, over every stage, never that the resume failed part way', async () => {
    const result = await staged({ sizes: [10, Infinity], watchMs: 60_000, maxFailed: 0 }, [], { maxPages: 1 })
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
  it('leads with the verdict, then the stages, the runs that failed again (escaped), then what was asked', async () => {
    const result = await staged({ sizes: [3, 10, Infinity], watchMs: 600_000, maxFailed: 0 }, [
      { workflowUrl: URL_A, afterMs: 7_000, responseStatus: 503, responseBody: HOSTILE }
    ])
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
    expect(summary).toMatch(/\| 3 \| 1 \| 1 \| 503 \| .* \| `wfr_[^`]+` `wfr_[^`]+` `wfr_[^`]+` \|/)
    expect(summary).toContain('- Stages (`stages`): 3, 10, all')
    expect(summary).toContain('To continue, re-run with input `cursor` set to')
    expect(summary).not.toMatch(/succeed/i)
    // The body is third-party text: a code span, never HTML or a link.
    const html = renderLikeGitHub(summary)
    expect(html).not.toContain('<img')
    expect(summary).toContain('| 503 |')
    expect(result.staged!.failedAgain[0]!.bodySample).toBe(HOSTILE)
  })

  it('fails the step naming the stage, how many failed again, the leading response, and where to continue', async () => {
    const result = await staged({ sizes: [3, Infinity], watchMs: 60_000, maxFailed: 0 }, [
      { workflowUrl: URL_A, afterMs: 1_000, responseStatus: 502, responseBody: '{"error":"upstream timeout"}' }
    ])
    const failure = report.failure(result)
    expect(failure).toMatch(
      /^3 of the 3 runs resumed by stage 1 of 2 failed again, more than watch-max-failed \(0\) allows; /
    )
    expect(failure).toContain(
      `the first, run "${result.staged!.stages[0]!.runIds[0]}" of stage 1, last answered HTTP 502 "upstream timeout"`
    )
    expect(failure).toContain(`re-run with cursor: ${result.nextCursor}, to-date: ${T0 - 1}`)
    expect(render(result)).toContain(
      `re-run with input \`cursor\` set to \`${result.nextCursor}\`, \`to-date\` set to \`${T0 - 1}\``
    )
    const outputs = report.outputs(result)
    expect(outputs[Outputs.Complete]).toBe('false')
    expect(outputs[Outputs.FailedAgainCount]).toBe('3')
    expect(JSON.parse(outputs[Outputs.FailedAgainRunIds]!)).toEqual(result.staged!.stages[0]!.runIds)
    expect(JSON.parse(outputs[Outputs.FailedAgainDlqIds]!)).toEqual(result.staged!.failedAgain.map(r => r.dlqId))
    expect(outputs[Outputs.FailedAgainRunIdsTruncated]).toBe('false')
    expect(outputs[Outputs.NextToDate]).toBe(String(T0 - 1))
    expect(outputs[Outputs.NextFromDate]).toBe('')
    expect(outputs[Outputs.StagesCompleted]).toBe('0')
    expect(outputs[Outputs.ResumedCount]).toBe('3')
  })
})

describe('the report of clean stages', () => {
  it('says what was seen, never "succeeded", and passes the step', async () => {
    const result = await staged({ sizes: [2, Infinity], watchMs: 10_000, maxFailed: 0 }, [])
    const summary = render(result)
    expect(summary.split('\n')[0]).toMatch(
      /^## ✅ Resumed \d+ runs in 2 stages: none of the watched runs was back in the DLQ after each watch \(10s\); selection: workflow-url `https:\/\/app\.example\.com\/api\/workflow\/onboarding`, of any age$/
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

describe('watch-max-failed counts every stage so far', () => {
  it('stops when the runs of all stages together failed again more than it allows, though no stage alone did', async () => {
    const result = await staged({ sizes: [4, 4, Infinity], watchMs: 10_000, maxFailed: 2 }, [
      { workflowUrl: URL_A, share: 0.5 }
    ])
    const perStage = [1, 2].map(n => result.staged!.failedAgain.filter(run => run.stage === n).length)
    // The fate's stable share makes 2 and 1 fail again: 3 in all, above 2, though no stage is.
    expect(perStage).toEqual([2, 1])
    expect(result.staged!.stages.map(stage => stage.verdict)).toEqual(['within', 'stopped'])
    expect(render(result).split('\n')[0]).toMatch(/^## 🛑 Stopped after stage 2 of 3: 3 of the 8 runs resumed so far/)
    expect(report.failure(result)).toContain('more than watch-max-failed (2) allows')
  })
})

describe('the report of a cancel during a watch', () => {
  it('calls the watch cut short, never clean, counts no stage for it, and fails', async () => {
    const result = await staged({ sizes: [2, Infinity], watchMs: 600_000, maxFailed: 0 }, [], { stopAt: 2 })
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
  it('warns that the stage was as big as the answer, and that every run was watched', async () => {
    const result = await staged({ sizes: [5, Infinity], watchMs: 5_000, maxFailed: 0 }, [], {
      variants: { ignoreResumeCount: true },
      selection: {}
    })
    expect(report.warnings(result)).toContain(
      'the service ignored count: stage 1 asked for 5 runs and resumed 50; the stage is as big as the answer, and every run it resumed was watched'
    )
  })
})

describe('the report of a watch that could not list the DLQ', () => {
  it('says the watch could not see, fails the step with the request that failed and where to continue', async () => {
    const result = await staged({ sizes: [2, Infinity], watchMs: 60_000, maxFailed: 0 }, [], {
      inject: { route: 'list', fault: { kind: 'status', status: 503, body: 'listing down' }, times: Infinity }
    })
    expect(render(result).split('\n')[0]).toBe(
      '## ❌ The watch after stage 1 of 2 could not see (its listing of the workflow DLQ stopped): 2 runs resumed, not judged; no further stage; selection: workflow-url `https://app.example.com/api/workflow/onboarding`, of any age'
    )
    expect(render(result)).toContain('watch could not see after 5s: its listing of the DLQ stopped, so not judged')
    const failure = report.failure(result)
    expect(failure).toMatch(/^the watch could not see: the watch's listing of the workflow DLQ failed/)
    expect(failure).toContain('GET /v2/dlq')
    expect(failure).toContain('503')
    // The resume's own cursor and bound, never the watch listing's.
    expect(failure).toContain(`re-run with cursor: ${result.nextCursor}, to-date: `)
    expect(report.outputs(result)[Outputs.StagesCompleted]).toBe('0')
  })
})

describe('the outputs of a staged resume with many runs', () => {
  it('fit the 1 MB budget with the other id outputs, the runs that failed again first, each cut flagged', () => {
    const ids = Array.from({ length: 40_000 }, (_, i) => `wfr_${String(i).padStart(12, '0')}_run`)
    const failedAgain = ids
      .slice(0, 25_000)
      .map(workflowRunId => ({ workflowRunId, stage: 1, seenIn: 1, dlqId: `dlq_${workflowRunId}` }))
    const result: ResumeResult = {
      operation: 'resume-workflows',
      selection: { workflowUrl: URL_A },
      all: false,
      overrides: {},
      runs: ids.map(workflowRunId => ({ workflowRunId, workflowCreatedAt: T0 })),
      requests: 800,
      uncertainRequests: 0,
      nextCursor: 'c',
      staged: {
        plan: { sizes: [40_000, Infinity], watchMs: 60_000, maxFailed: 0 },
        stages: [
          {
            stage: 1,
            verdict: 'stopped',
            asked: 40_000,
            resumed: 40_000,
            runIds: ids,
            startedAt: T0,
            watch: { startedAt: T0, endsAt: T0 + 60_000, endedAt: T0 + 5_000, polls: [] }
          }
        ],
        failedAgain,
        plannedWatchMs: 60_000
      }
    }
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
