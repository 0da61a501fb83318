/**
 * The report of what each watched run did (run log and DLQ together), from hand-built results: each stage's states,
 * the first error of each failed or failing run (escaped, bounded), the sources, the run-log caveat said once, the
 * inconclusive verdict and the refusal before any resume. Rendered as GitHub renders it where markup matters.
 */
import { describe, expect, it } from '@jest/globals'
import { Outputs } from '../../src/constants.js'
import { resumeReport as report } from '../../src/report/resume.js'
import type { FailedAgainRun, ResumeResult, StagedResume, StageOutcome } from '../../src/resume-results.js'
import type { JudgedRun, RunState } from '../../src/run-states.js'
import { failedAgainRuns, resumeResult } from '../support/results.js'
import { renderLikeGitHub } from '../support/markdown.js'

const T0 = Date.UTC(2026, 10, 27, 8, 0, 0)
const HOSTILE = '{"error":"<img src=x onerror=alert(1)> `tick` | pipe ::warning::x @admin"}'

const counts = (c: Partial<Record<RunState, number>>): Record<RunState, number> => ({
  completed: 0,
  failed: 0,
  failing: 0,
  cancelled: 0,
  running: 0,
  unknown: 0,
  ...c
})

function judged(n: number, state: RunState, more: Partial<JudgedRun> = {}, from = 0): JudgedRun[] {
  return Array.from({ length: n }, (_, i) => ({
    workflowRunId: `wfr_${state}_${from + i}`,
    state,
    source: 'run-log' as const,
    ...more
  }))
}

/** A judged run that failed or is failing, as the watch names it among the runs that failed again. */
function failedAgainOf(run: JudgedRun): FailedAgainRun[] {
  if (run.state !== 'failed' && run.state !== 'failing') return []
  const error = run.firstError
  const more: Partial<FailedAgainRun> = {
    state: run.state,
    source: run.source,
    dlqId: run.dlqId,
    ...(error?.stepName !== undefined ? { stepName: error.stepName } : {}),
    ...(error?.status !== undefined ? { responseStatus: error.status } : {}),
    ...(error?.bodySample !== undefined ? { bodySample: error.bodySample } : {}),
    ...(error?.bodyCut ? { bodyCut: true } : {})
  }
  return failedAgainRuns([run.workflowRunId], more)
}

function result(runs: JudgedRun[], more: Partial<StagedResume> = {}, stage: Partial<StageOutcome> = {}): ResumeResult {
  const tally: Partial<Record<RunState, number>> = {}
  for (const run of runs) tally[run.state] = (tally[run.state] ?? 0) + 1
  const states = counts(tally)
  const first: StageOutcome = {
    stage: 1,
    verdict: 'within',
    asked: runs.length,
    resumed: runs.length,
    runIds: runs.map(r => r.workflowRunId),
    startedAt: T0,
    watch: {
      startedAt: T0,
      endsAt: T0 + 600_000,
      endedAt: T0 + 120_000,
      polls: [{ at: T0 + 120_000, requests: 1, listed: 0, failedAgain: 0, runLogRequests: 1, states }]
    },
    ...stage
  }
  const staged: StagedResume = {
    plan: { sizes: [runs.length, Infinity], watchMs: 600_000, watchText: '10m', maxFailed: 5 },
    stages: [first],
    failedAgain: runs.flatMap(failedAgainOf),
    plannedWatchMs: 600_000,
    judged: runs,
    runLog: 'read',
    ...more
  }
  return resumeResult({
    runs: runs.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: T0 })),
    nextCursor: 'c1',
    staged
  })
}

const render = (r: ResumeResult) => report.summary(r, {}, { now: T0 })

describe("each stage's states and the first errors", () => {
  const error = { source: 'run-log' as const, stepName: 'charge | card', status: 503, bodySample: HOSTILE }
  const runs = [...judged(8, 'completed'), ...judged(1, 'failing', { firstError: error }), ...judged(1, 'running')]

  it('says the states after the watch, never "succeeded", and the source of each', () => {
    const summary = render(result(runs))
    expect(summary).toContain('- Stage 1: 8 completed, 1 failing, 1 running after 2m')
    expect(summary).toContain('**States read from** the run log: 8 completed, 1 failing, 1 running.')
    expect(summary).not.toMatch(/succeeded/i)
    expect(summary).not.toContain('judged the DLQ alone')
  })

  it('shows the first error as a code span, its pipes escaped, never markup, a link or a mention', () => {
    const summary = render(result(runs))
    expect(summary).toMatch(
      /^\| 1 \| failing \(still retrying\) \| 1 \| 1 \| `charge \\\| card` \| 503 \| .* \| run log \| `wfr_failing_0` \|$/m
    )
    const html = renderLikeGitHub(summary)
    expect(html).not.toContain('<img')
    expect(html).not.toMatch(/<a [^>]*href/)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it('names where each state came from when the DLQ saw a run first, and its error from the DLQ', () => {
    const dlqError = { source: 'dlq' as const, status: 500, bodySample: '{"error":"gone"}' }
    const summary = render(
      result([...judged(2, 'completed'), ...judged(1, 'failed', { source: 'dlq', firstError: dlqError })])
    )
    expect(summary).toContain('the run log: 2 completed; the DLQ: 1 failed')
    expect(summary).toContain('| 1 | failed | 1 | 1 | — | 500 | `gone` | DLQ | `wfr_failed_0` |')
  })

  it('shows runs that failed the same way as one row: how many, how, and their ids (the outputs hold them all)', () => {
    const many = judged(30, 'failing', {
      firstError: { source: 'run-log', bodySample: 'x'.repeat(5_000), bodyCut: true }
    })
    const summary = render(result(many))
    const rows = summary.split('\n').filter(line => /^\| 30 \| failing/.test(line))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toContain('… and 25 more (output `failed-again-run-ids`)')
    expect(rows[0]!.length).toBeLessThan(600)
    expect(summary).not.toMatch(/^\| `wfr_failing_/m)
  })

  it('bounds the table to 10 rows of ways of failing, saying how many more', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      judged(1, 'failing', { firstError: { source: 'run-log', status: 500, bodySample: `error ${i}` } }, i)
    ).flat()
    const summary = render(result(many))
    const rows = summary.split('\n').filter(line => /^\| 1 \| failing/.test(line))
    expect(rows).toHaveLength(10)
    expect(summary).toContain('… and 20 more')
  })

  it('gives run-states over every watched run, and completed-count', () => {
    const outputs = report.outputs(result(runs))
    expect(outputs[Outputs.CompletedCount]).toBe('8')
    expect(JSON.parse(outputs[Outputs.RunStates]!)).toEqual(counts({ completed: 8, failing: 1, running: 1 }))
    // The failing run counts against the canary: named as failing again, though not in the DLQ yet.
    expect(outputs[Outputs.FailedAgainCount]).toBe('1')
  })

  it('counts and names every run that failed again, whichever signal saw it, and each DLQ id known', () => {
    // Two failed by the run log, one of them already back in the DLQ, the other with the dlqId the log gave; one failing.
    const logged = [...judged(2, 'failed'), ...judged(1, 'failing'), ...judged(3, 'completed')]
    const back = [
      ...failedAgainRuns(['wfr_failed_0'], { dlqId: 'dlq_back_0' }),
      ...failedAgainRuns(['wfr_failed_1'], { source: 'run-log', dlqId: 'dlq_log_1' }),
      ...failedAgainRuns(['wfr_failing_0'], { source: 'run-log', state: 'failing', dlqId: undefined })
    ]
    const outputs = report.outputs(result(logged, { failedAgain: back }))
    expect(outputs[Outputs.FailedAgainCount]).toBe('3')
    expect(JSON.parse(outputs[Outputs.FailedAgainRunIds]!)).toEqual(['wfr_failed_0', 'wfr_failed_1', 'wfr_failing_0'])
    expect(JSON.parse(outputs[Outputs.FailedAgainDlqIds]!)).toEqual(['dlq_back_0', 'dlq_log_1'])
  })

  it('leaves both empty when no watch judged a run', () => {
    const outputs = report.outputs(result([], { judged: undefined }, { watch: undefined, verdict: 'last' }))
    expect(outputs[Outputs.CompletedCount]).toBe('')
    expect(outputs[Outputs.RunStates]).toBe('')
  })
})

describe('a service without a run log', () => {
  it('says once that the watch judged the DLQ alone, and calls no run completed', () => {
    const summary = render(result(judged(4, 'unknown', { source: 'dlq' }), { runLog: 'absent' }))
    expect(summary.match(/judged the DLQ alone/g)).toHaveLength(1)
    expect(summary).not.toContain('**States read from**')
    expect(summary).toContain('- Stage 1: 4 unknown after 2m')
    expect(summary).toContain('What a watch cannot see:** a run still retrying is not in the DLQ yet')
  })
})

describe('inconclusive', () => {
  const inconclusive = () =>
    result(
      judged(1, 'completed').concat(judged(3, 'running')),
      {
        plan: {
          sizes: [4, Infinity],
          watchMs: 600_000,
          watchText: '10m',
          maxFailed: 0,
          minCompleted: { share: 80, text: '80%' }
        }
      },
      {
        verdict: 'inconclusive',
        watch: {
          startedAt: T0,
          endsAt: T0 + 600_000,
          endedAt: T0 + 600_000,
          polls: [
            { at: T0 + 600_000, requests: 1, listed: 0, failedAgain: 0, states: counts({ completed: 1, running: 3 }) }
          ]
        }
      }
    )

  it('is its own verdict: not "failed again", the step fails with the continuation of any stop', () => {
    const r = inconclusive()
    const summary = render(r)
    expect(summary.split('\n')[0]).toBe(
      '## ⚠️ Inconclusive after stage 1 of 2: 1 of the 4 runs resumed so far completed, fewer than watch-min-completed (80%); 4 runs resumed in all, no further stage; selection: every failed run in the DLQ (all), of any age'
    )
    expect(summary).toContain(
      '| inconclusive: 1 of the runs resumed so far completed after 10m, fewer than watch-min-completed (80%) asks |'
    )
    expect(summary).toContain('- Completed runs needed to go on (`watch-min-completed`): 80%')
    const failure = report.failure(r)!
    expect(failure).toMatch(/^only 1 of the 4 runs resumed by stage 1 of 2 completed by the end of its watch/)
    expect(failure).toContain('re-run with cursor: c1')
    expect(failure).not.toContain('failed again')
    const outputs = report.outputs(r)
    expect(outputs[Outputs.Complete]).toBe('false')
    expect(outputs[Outputs.StagesCompleted]).toBe('0')
  })
})

describe('refused before any resume', () => {
  it('says nothing was resumed and why, naming the input', () => {
    const r = resumeResult({
      failure: { kind: 'no-run-log', input: 'watch-min-completed' },
      staged: {
        plan: { sizes: [4, Infinity], watchMs: 60_000, maxFailed: 0 },
        stages: [],
        failedAgain: [],
        plannedWatchMs: 0,
        runLog: 'absent'
      }
    })
    expect(render(r).split('\n')[0]).toBe(
      '## ❌ Nothing resumed: the step stopped before its first resume request; selection: every failed run in the DLQ (all), of any age'
    )
    expect(report.failure(r)).toContain('watch-min-completed cannot be judged: this service keeps no run log')
  })
})
