/**
 * The watch reads the service's run log with the DLQ at each poll: every state of a watched run, the early end, the
 * stop on a failing run before the DLQ sees it, watch-min-completed, the simulator's run-log variants and hostile
 * run-log answers. Real client over sockets against the simulator, which shares the injected test clock.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { stagedResume } from '../../src/operations/staged-resume.js'
import { Outputs } from '../../src/constants.js'
import { resumeReport } from '../../src/report/resume.js'
import type { ResumeRequest, StagePlan } from '../../src/requests.js'
import type { ResumeResult } from '../../src/resume-results.js'
import type { ServiceClient } from '../../src/service/client.js'
import { QUICK_RETRY, recordingClient } from '../support/client.js'
import { resumeRequest } from '../support/results.js'
import { TestClock } from '../support/clock.js'
import { startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'
import type { RunFate } from '../../sim/fates.js'

const T0 = Date.UTC(2026, 10, 27, 8, 0, 0)
const TOKEN = 'Watch-Run-Log-7f3a9c1e'
let sim: Simulator
let client: ServiceClient
let clock: TestClock

async function start(fates: RunFate[] = [], variants: Partial<ServerVariants> = {}): Promise<void> {
  clock = new TestClock(T0)
  sim = await startSimulator({
    token: TOKEN,
    workflowRuns: 200,
    seed: 29,
    now: T0,
    clock: () => clock.now(),
    variants,
    fates
  })
  client = recordingClient(sim.url, TOKEN, QUICK_RETRY).client
}

afterEach(async () => {
  await client.close()
  await sim.close()
})

const TEN_MINUTES = 600_000
const plan = (more: Partial<StagePlan> = {}): StagePlan => ({
  sizes: [4, Infinity],
  watchMs: TEN_MINUTES,
  maxFailed: 100,
  ...more
})
const run = (p: StagePlan, req: ResumeRequest = resumeRequest({ all: true })): Promise<ResumeResult> =>
  stagedResume(client, req, p, { clock, stop: new AbortController().signal, log: () => {} })
const runLogRequests = () => sim.requests.filter(r => r.route === 'run-log')
const resumeRequests = () => sim.requests.filter(r => r.route === 'resume')
const statesOf = (result: ResumeResult) => result.staged!.judged!.map(r => `${r.state}/${r.source}`)
const summaryOf = (result: ResumeResult) => resumeReport.summary(result, {}, { now: T0 })
const stage = (result: ResumeResult, n: number) => result.staged!.stages[n - 1]!

describe('each state of a watched run', () => {
  it('completed: RUN_SUCCESS in the run log, and the watch ends at the first poll where every run has ended', async () => {
    await start([{ share: 0, completeAfterMs: 3_000 }])
    const result = await run(plan())
    expect(statesOf(result)).toEqual(Array(4).fill('completed/run-log'))
    const first = stage(result, 1)
    expect(first.verdict).toBe('clean')
    // A 10-minute watch over runs that all completed in 3 s ends at its first poll, 5 s in.
    expect(first.watch!.allEnded).toBe(true)
    expect(first.watch!.polls).toHaveLength(1)
    expect(first.watch!.endedAt - first.watch!.startedAt).toBe(5_000)
    expect(result.staged!.stages).toHaveLength(2)
    const outputs = resumeReport.outputs(result)
    expect(outputs[Outputs.CompletedCount]).toBe('4')
    expect(JSON.parse(outputs[Outputs.RunStates]!)).toEqual({
      completed: 4,
      failed: 0,
      failing: 0,
      cancelled: 0,
      running: 0,
      unknown: 0
    })
    expect(summaryOf(result)).toContain('- Stage 1: 4 completed after 5s')
    expect(summaryOf(result)).toContain('ended early: every run so far had ended')
    expect(summaryOf(result)).not.toMatch(/succeeded/i)
  })

  it('running: a run that neither ended nor erred keeps the watch to its length', async () => {
    await start()
    const result = await run(plan({ watchMs: 20_000 }))
    expect(statesOf(result)).toEqual(Array(4).fill('running/run-log'))
    expect(stage(result, 1).watch!.polls).toHaveLength(4)
    expect(stage(result, 1).watch!.allEnded).toBeUndefined()
    expect(summaryOf(result)).toContain('- Stage 1: 4 running after 20s')
  })

  it('failed: RUN_FAILED and back in the DLQ, with the first error from the log; none completed, so no early end', async () => {
    await start([
      { afterMs: 4_000, firstErrorAfterMs: 1_000, responseStatus: 503, responseBody: '{"error":"db down"}' }
    ])
    const result = await run(plan())
    expect(statesOf(result)).toEqual(Array(4).fill('failed/run-log'))
    expect(result.staged!.judged![0]!.firstError).toMatchObject({ source: 'run-log', status: 503 })
    // Every run ended, but none completed: the watch ends early only on a completion (or on the stop rule).
    expect(stage(result, 1).watch!.allEnded).toBeUndefined()
    expect(stage(result, 1).watch!.endedAt - stage(result, 1).watch!.startedAt).toBe(TEN_MINUTES)
    expect(stage(result, 1).verdict).toBe('within')
    expect(resumeReport.outputs(result)[Outputs.FailedAgainCount]).toBe('4')
    expect(summaryOf(result)).toContain('### Runs that failed again')
    expect(summaryOf(result)).toContain('`db down`')
  })

  it('cancelled and unknown: RUN_CANCELED in the log, and a run the log does not tell of', async () => {
    await start()
    const read = client.readRunLog.bind(client)
    // The simulator cancels no run: its answer is replaced by one that cancels the first and omits the others.
    let injected = false
    client.readRunLog = async (runs, maxPages) => {
      if (!injected) {
        injected = true
        const first = runs[0]!
        const body = JSON.stringify({
          runs: [
            {
              workflowRunId: first.workflowRunId,
              workflowRunCreatedAt: first.workflowCreatedAt,
              workflowState: 'RUN_CANCELED',
              steps: []
            }
          ]
        })
        sim.inject({ route: 'run-log', fault: { kind: 'malformed', body } })
      }
      return read(runs, maxPages)
    }
    // One poll: the answer of the next would tell of the other runs again.
    const result = await run(plan({ watchMs: 5_000 }))
    expect(statesOf(result)).toEqual(['cancelled/run-log', 'unknown/run-log', 'unknown/run-log', 'unknown/run-log'])
    expect(resumeReport.outputs(result)[Outputs.RunStates]).toBe(
      JSON.stringify({ completed: 0, failed: 0, failing: 0, cancelled: 1, running: 0, unknown: 3 })
    )
  })
})

describe('a failing run stops the canary before the DLQ sees it', () => {
  it('stops at the first poll after its first failed attempt, its run not in the DLQ yet', async () => {
    await start([{ afterMs: 30 * 60_000, firstErrorAfterMs: 2_000, responseStatus: 500, responseBody: 'boom' }])
    const result = await run(plan({ maxFailed: 0 }))
    expect(stage(result, 1).verdict).toBe('stopped')
    expect(stage(result, 1).watch!.polls).toHaveLength(1)
    expect(result.staged!.stages).toHaveLength(1)
    // Each failing run is named, with the pair that finds it in the DLQ once it is back, and no dlqId yet.
    const runs = sim.state.resumedRuns
    expect(
      result.staged!.failedAgain.map(r =>
        ['workflowRunId' in r && [r.workflowRunId, r.workflowCreatedAt], r.state, r.source].flat()
      )
    ).toEqual(runs.map(r => [r.workflowRunId, r.workflowCreatedAt, 'failing', 'run-log']))
    expect(result.staged!.failedAgain.every(r => r.dlqId === undefined && r.seenIn === 1)).toBe(true)
    const outputs = resumeReport.outputs(result)
    expect(outputs[Outputs.FailedAgainCount]).toBe('4')
    expect(JSON.parse(outputs[Outputs.FailedAgainRunIds]!)).toEqual(runs.map(r => r.workflowRunId))
    expect(outputs[Outputs.FailedAgainDlqIds]).toBe('[]')
    expect(statesOf(result)).toEqual(Array(4).fill('failing/run-log'))
    const failure = resumeReport.failure(result)!
    expect(failure).toContain('4 of the 4 runs resumed by stage 1 of 2 failed or are failing (4 failing)')
    expect(failure).toContain('first error HTTP 500 "boom" (from the run log)')
    expect(resumeReport.notice!(result, T0)).toContain('4 still retrying, not yet in the DLQ; watch-max-failed: 0)')
    expect(summaryOf(result)).toContain('stopped: 4 of the runs resumed so far failed or failing after 5s')
  })
})

describe('a run the run log says failed before its entry is in the DLQ', () => {
  it('is counted, named by its run id, and its DLQ id taken from the run log', async () => {
    await start()
    const read = client.readRunLog.bind(client)
    client.readRunLog = async (runs, maxPages) => {
      const [one] = runs
      if (one !== undefined) {
        const failed = {
          workflowRunId: one.workflowRunId,
          workflowRunCreatedAt: one.workflowCreatedAt,
          workflowRunCompletedAt: one.workflowCreatedAt + 3_000,
          workflowState: 'RUN_FAILED',
          dlqId: 'dlq_given_by_the_log',
          steps: [{ type: 'sequential', steps: [{ stepName: 'charge', state: 'STEP_FAILED', errors: [] }] }]
        }
        sim.inject({ route: 'run-log', fault: { kind: 'malformed', body: JSON.stringify({ runs: [failed] }) } })
      }
      return read(runs, maxPages)
    }
    const result = await run(plan({ maxFailed: 0 }))
    expect(stage(result, 1).verdict).toBe('stopped')
    const first = sim.state.resumedRuns[0]!
    expect(result.staged!.failedAgain).toEqual([
      expect.objectContaining({
        workflowRunId: first.workflowRunId,
        workflowCreatedAt: first.workflowCreatedAt,
        state: 'failed',
        source: 'run-log',
        dlqId: 'dlq_given_by_the_log',
        stage: 1,
        seenIn: 1
      })
    ])
    const outputs = resumeReport.outputs(result)
    expect(outputs[Outputs.FailedAgainCount]).toBe('1')
    expect(JSON.parse(outputs[Outputs.FailedAgainRunIds]!)).toEqual([first.workflowRunId])
    expect(JSON.parse(outputs[Outputs.FailedAgainDlqIds]!)).toEqual(['dlq_given_by_the_log'])
    // The stage's row counts it, as the heading does.
    expect(summaryOf(result)).toMatch(/^\| 1 \| 4 \| 4 \| 5s \| 1 \| stopped: /m)
    expect(summaryOf(result).split('\n')[0]).toContain('1 of the 4 runs resumed so far failed again')
  })
})

describe('watch-min-completed', () => {
  it('met: the next stage starts', async () => {
    await start([{ share: 0, completeAfterMs: 3_000 }])
    const result = await run(plan({ minCompleted: { share: 80, text: '80%' } }))
    expect(stage(result, 1).verdict).toBe('clean')
    expect(result.staged!.stages).toHaveLength(2)
    expect(resumeReport.failure(result)).toBeUndefined()
  })

  it('not met by the end of the watch: inconclusive, no further stage, the continuation of any stop', async () => {
    await start()
    const result = await run(plan({ watchMs: 10_000, minCompleted: { runs: 2, text: '2' } }))
    expect(stage(result, 1).verdict).toBe('inconclusive')
    expect(result.staged!.stages).toHaveLength(1)
    expect(result.nextCursor).toBeDefined()
    const outputs = resumeReport.outputs(result)
    expect(outputs[Outputs.Complete]).toBe('false')
    expect(outputs[Outputs.StagesCompleted]).toBe('0')
    const failure = resumeReport.failure(result)!
    expect(failure).toContain('only 0 of the 4 runs resumed by stage 1 of 2 completed')
    expect(failure).toContain('inconclusive')
    expect(failure).toContain('cursor')
    expect(failure).not.toContain('failed again')
    expect(summaryOf(result)).toContain(
      '## ⚠️ Inconclusive after stage 1 of 2: 0 of the 4 runs resumed so far completed'
    )
  })

  it('refused without a run log: one run-log probe, no resume request, saying why', async () => {
    await start([], { noRunLog: true })
    const result = await run(plan({ minCompleted: { runs: 2, text: '2' } }))
    expect(resumeRequests()).toHaveLength(0)
    // The probe: the documented path, then the SDK's, both 404.
    expect(runLogRequests()).toHaveLength(2)
    expect(result.failure).toEqual({ kind: 'no-run-log', input: 'watch-min-completed' })
    const failure = resumeReport.failure(result)!
    expect(failure).toContain('watch-min-completed cannot be judged: this service keeps no run log')
    expect(summaryOf(result)).toContain('Nothing resumed')
  })
})

describe('cancelled runs are not a pass', () => {
  /** Every read of the run log answers that each run asked about ended RUN_CANCELED a second after its creation. */
  const cancelEveryRun = () => {
    const read = client.readRunLog.bind(client)
    client.readRunLog = async (runs, maxPages) => {
      const body = JSON.stringify({
        runs: runs.map(r => ({
          workflowRunId: r.workflowRunId,
          workflowRunCreatedAt: r.workflowCreatedAt,
          workflowRunCompletedAt: r.workflowCreatedAt + 1_000,
          workflowState: 'RUN_CANCELED',
          steps: []
        }))
      })
      sim.inject({ route: 'run-log', fault: { kind: 'malformed', body } })
      return read(runs, maxPages)
    }
  }

  it('every canary run cancelled: the watch keeps its length, the stage is inconclusive, the resume stops', async () => {
    await start()
    cancelEveryRun()
    const result = await run(plan({ sizes: [5, Infinity], watchMs: 20_000, maxFailed: 0 }))
    expect(statesOf(result)).toEqual(Array(5).fill('cancelled/run-log'))
    const first = stage(result, 1)
    // Every run had ended at the first poll, none completed: no early end.
    expect(first.watch!.polls).toHaveLength(4)
    expect(first.watch!.allEnded).toBeUndefined()
    expect(first.verdict).toBe('inconclusive')
    expect(result.staged!.stages).toHaveLength(1)
    const outputs = resumeReport.outputs(result)
    expect(outputs[Outputs.Complete]).toBe('false')
    expect(outputs[Outputs.StagesCompleted]).toBe('0')
    const heading = summaryOf(result).split('\n')[0]!
    expect(heading).toMatch(
      /^## ⚠️ Inconclusive after stage 1 of 2: none of the 5 runs resumed so far completed and 5 were cancelled \(a cancelled run is an operator's act, not evidence that the fix works\)/
    )
    expect(resumeReport.notice!(result, T0)).toContain('5 were cancelled')
    const failure = resumeReport.failure(result)!
    expect(failure).toContain('none of the 5 runs resumed by stage 1 of 2 completed by the end of its watch')
    expect(failure).toContain('to continue, re-run with')
    expect(summaryOf(result)).toContain(
      'inconclusive: none of the runs resumed so far completed after 20s, 5 cancelled'
    )
  })

  it('some cancelled beside completed runs: the stage passes, and the heading says how many were cancelled', async () => {
    await start([{ share: 0, completeAfterMs: 2_000 }])
    const read = client.readRunLog.bind(client)
    let first = true
    client.readRunLog = async (runs, maxPages) => {
      const [one] = runs
      if (first && one !== undefined) {
        first = false
        const cancelled = { workflowRunId: one.workflowRunId, workflowRunCreatedAt: one.workflowCreatedAt }
        const body = JSON.stringify({ runs: [{ ...cancelled, workflowState: 'RUN_CANCELED', steps: [] }] })
        sim.inject({ route: 'run-log', fault: { kind: 'malformed', body } })
      }
      return read(runs, maxPages)
    }
    const result = await run(plan({ sizes: [4, Infinity], watchMs: 20_000 }))
    expect(statesOf(result).sort()).toEqual(['cancelled/run-log', ...Array<string>(3).fill('completed/run-log')].sort())
    expect(stage(result, 1).verdict).toBe('clean')
    expect(summaryOf(result).split('\n')[0]).toMatch(/; 1 watched run cancelled; selection: /)
    expect(resumeReport.notice!(result, T0)).toContain('1 watched run cancelled')
  })
})

describe('the run-log variants of the simulator', () => {
  it('no run log: the watch judges the DLQ alone, says so once, and never ends early', async () => {
    await start([{ share: 0, completeAfterMs: 1_000 }], { noRunLog: true })
    const result = await run(plan({ watchMs: 15_000 }))
    expect(result.staged!.runLog).toBe('absent')
    expect(statesOf(result)).toEqual(Array(4).fill('unknown/dlq'))
    expect(stage(result, 1).watch!.polls).toHaveLength(3)
    // Both paths are asked once, at the first poll; later polls ask nothing more.
    expect(runLogRequests()).toHaveLength(2)
    expect(summaryOf(result).match(/judged the DLQ alone/g)).toHaveLength(1)
    expect(resumeReport.outputs(result)[Outputs.CompletedCount]).toBe('0')
  })

  it("the SDK's path only: read one run a request, and the early end holds", async () => {
    await start([{ share: 0, completeAfterMs: 1_000 }], { runLogEventsOnly: true })
    const result = await run(plan())
    expect(statesOf(result)).toEqual(Array(4).fill('completed/run-log'))
    expect(stage(result, 1).watch!.allEnded).toBe(true)
    const paths = runLogRequests().map(r => r.path)
    expect(paths).toEqual(['/v2/workflows/logs', ...Array<string>(4).fill('/v2/workflows/events')])
  })

  it('the creation time named workflowCreatedAt: read all the same', async () => {
    await start([{ share: 0, completeAfterMs: 1_000 }], { runLogWorkflowCreatedAt: true })
    const result = await run(plan())
    expect(statesOf(result)).toEqual(Array(4).fill('completed/run-log'))
    expect(runLogRequests()).toHaveLength(1)
  })
})

describe('requests stay bounded', () => {
  it('at most 10 runs a run-log request, one round a poll, ended runs not asked again', async () => {
    await start([{ share: 0.5, afterMs: 30 * 60_000, completeAfterMs: 3_000 }])
    const result = await run(plan({ sizes: [25, Infinity], watchMs: 15_000 }))
    const polls = stage(result, 1).watch!.polls
    expect(polls).toHaveLength(3)
    const sizes = runLogRequests().map(r => r.query.get('workflowRuns')!.split(',').length)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(10)
    expect(polls[0]!.runLogRequests).toBe(3)
    const running = result.staged!.judged!.filter(r => r.state === 'running').length
    // After the first poll only the runs not ended are asked.
    expect(polls[1]!.runLogRequests).toBe(Math.ceil(running / 10))
    expect(runLogRequests()).toHaveLength(3 + 2 * Math.ceil(running / 10))
  })
})

describe('a hostile run-log answer through the watch', () => {
  const hostile = async (body: string) => {
    await start()
    sim.inject({ route: 'run-log', fault: { kind: 'malformed', body }, times: Infinity })
    return run(plan({ watchMs: 10_000 }))
  }

  it('not JSON: the watch is blind, names the run log, no further stage', async () => {
    const result = await hostile(`<html>${TOKEN}</html>`)
    expect(stage(result, 1).verdict).toBe('blind')
    expect(stage(result, 1).watch!.runLogFailed).toBe(true)
    expect(result.staged!.stages).toHaveLength(1)
    const failure = resumeReport.failure(result)!
    expect(failure).toContain("the watch's read of the run log")
    expect(failure).not.toContain(TOKEN)
    expect(summaryOf(result)).not.toContain(TOKEN)
  })

  it('huge: over the size cap, blind, without filling memory', async () => {
    const result = await hostile(JSON.stringify({ runs: [], pad: 'x'.repeat(65 * 1024 * 1024) }))
    expect(stage(result, 1).verdict).toBe('blind')
    expect(resumeReport.failure(result)).toContain("the watch's read of the run log")
  })

  it('wrong types: runs that cannot be read are left out (unknown), the watch goes on', async () => {
    const result = await hostile(JSON.stringify({ runs: [{ workflowRunId: 7 }, 'x', { workflowRunId: 'wfr_other' }] }))
    expect(stage(result, 1).verdict).toBe('clean')
    expect(statesOf(result)).toEqual(Array(4).fill('unknown/run-log'))
  })

  it('a secret in an error text: redacted in the first-error cell and the failure, the text bounded', async () => {
    await start()
    const read = client.readRunLog.bind(client)
    client.readRunLog = async (runs, maxPages) => {
      const body = JSON.stringify({
        runs: runs.map(r => ({
          workflowRunId: r.workflowRunId,
          workflowRunCreatedAt: r.workflowCreatedAt,
          workflowState: 'RUN_STARTED',
          steps: [
            {
              type: 'sequential',
              steps: [
                {
                  stepName: 'charge',
                  state: 'STEP_RETRY',
                  retries: 1,
                  errors: [
                    {
                      error: `{"error":"auth ${TOKEN} refused | <b>x</b>"}${' '.repeat(100_000)}`,
                      status: 401,
                      time: T0 + 1_000
                    }
                  ]
                }
              ]
            }
          ]
        }))
      })
      sim.inject({ route: 'run-log', fault: { kind: 'malformed', body } })
      return read(runs, maxPages)
    }
    const result = await run(plan({ maxFailed: 0 }))
    expect(stage(result, 1).verdict).toBe('stopped')
    const summary = summaryOf(result)
    const failure = resumeReport.failure(result)!
    for (const text of [summary, failure, JSON.stringify(result)]) expect(text).not.toContain(TOKEN)
    expect(summary).toContain('`charge`')
    // Third-party text is a code span (literal, never HTML), its pipe escaped so that it cannot split the cell.
    expect(summary).toContain('| `auth *** refused \\| <b>x</b>` |')
    expect(failure).toContain('HTTP 401')
    expect(JSON.stringify(result).length).toBeLessThan(50_000)
  })
})
