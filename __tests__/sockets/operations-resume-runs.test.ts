/**
 * Runs given by their pairs (input workflow-runs): each found in the workflow DLQ by run id and creation time
 * together, resumed by its DLQ id, and the others told from the run log. Real client over sockets against the
 * simulator, which shares the injected test clock.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { Outputs } from '../../src/constants.js'
import { resumeWorkflows } from '../../src/operations/resume-workflows.js'
import { resumeReport as report } from '../../src/report/resume.js'
import type { RunPair } from '../../src/requests.js'
import type { ResumeResult } from '../../src/resume-results.js'
import type { ServiceClient } from '../../src/service/client.js'
import { QUICK_RETRY, recordingClient } from '../support/client.js'
import { TestClock } from '../support/clock.js'
import { resumeRequest } from '../support/results.js'
import { startSimulator, type Simulator } from '../../sim/index.js'
import type { RunFate } from '../../sim/fates.js'

const T0 = Date.UTC(2026, 10, 28, 9, 0, 0)
/** Long enough that its redaction cannot touch what the service says (a one-letter token would). */
const TOKEN = 'Resume-Runs-5b1c9e'
const URL_A = 'https://app.example.com/api/workflow/onboarding'
let sim: Simulator
let client: ServiceClient
let clock: TestClock

async function start(fates: RunFate[] = [], variants = {}): Promise<void> {
  clock = new TestClock(T0)
  sim = await startSimulator({
    token: TOKEN,
    workflowRuns: 60,
    seed: 35,
    now: T0,
    clock: () => clock.now(),
    fates,
    variants
  })
  client = recordingClient(sim.url, TOKEN, QUICK_RETRY).client
}

afterEach(async () => {
  await client.close()
  await sim.close()
})

const canary = () =>
  resumeWorkflows(client, resumeRequest({ selection: { workflowUrl: URL_A }, stages: plan }), { clock })
const plan = { sizes: [5, Infinity], watchMs: 30_000, maxFailed: 0 }
const followUp = (runs: RunPair[]) => resumeWorkflows(client, resumeRequest({ runs }), { clock })
const pairsOf = (result: ResumeResult): RunPair[] =>
  JSON.parse(report.outputs(result)[Outputs.FailedAgainRuns]!) as RunPair[]
/** Entries of the runs a resume created that are still in the DLQ. */
const againInDlq = () => sim.state.workflowDlq.filter(e => e.dlqId.startsWith('dlq_again_'))

describe('the follow-up of a canary stopped by runs still retrying', () => {
  it('resumes each once it is back in the DLQ, by its pair, and gives again those not there yet', async () => {
    // Every canary run (5) fails its first attempt 2 s in, and fails for good 10 minutes in: the watch sees them failing.
    await start([{ workflowUrl: URL_A, firstErrorAfterMs: 2_000, afterMs: 600_000 }])
    const stopped = await canary()
    expect(stopped.staged!.stages[0]!.verdict).toBe('stopped')
    const pairs = pairsOf(stopped)
    expect(pairs).toHaveLength(5)
    expect(JSON.parse(report.outputs(stopped)[Outputs.FailedAgainDlqIds]!)).toEqual([])

    // At once, none is back yet: nothing resumed, every run given again, complete false.
    const early = await followUp(pairs)
    expect(early.runs).toEqual([])
    expect(early.byRuns).toMatchObject({ given: 5, found: 0 })
    expect(early.byRuns!.notInDlq.map(r => r.state)).toEqual(Array(5).fill('failing'))
    const outputs = report.outputs(early)
    expect(outputs[Outputs.Complete]).toBe('false')
    expect(JSON.parse(outputs[Outputs.NextWorkflowRuns]!)).toEqual(pairs)
    expect(report.failure(early)).toBeUndefined()
    expect(report.notice!(early, T0)).toContain('5 runs given not resumed yet (not in the DLQ yet)')

    // Eleven minutes later every one failed for good: each is resumed once, by its DLQ id, and nothing is left.
    clock.time += 11 * 60_000
    const resumedBefore = sim.state.resumedRuns.length
    const later = await followUp(pairs)
    expect(later.runs).toHaveLength(5)
    expect(later.byRuns).toMatchObject({ given: 5, found: 5, left: [] })
    const taken = sim.state.resumedRuns.slice(resumedBefore).map(r => r.originalWorkflowRunId)
    expect(taken.sort()).toEqual(pairs.map(p => p.workflowRunId).sort())
    expect(againInDlq()).toEqual([])
    expect(report.outputs(later)[Outputs.Complete]).toBe('true')
    expect(report.outputs(later)[Outputs.NextWorkflowRuns]).toBe('[]')
    // Every request after the listings was a resume by ids: the filters were never sent to the resume.
    const resumes = sim.requests.filter(r => r.route === 'resume').slice(-1)
    expect(resumes[0]!.query.getAll('dlqIds')).toHaveLength(5)
    expect(resumes[0]!.query.has('workflowRunId')).toBe(false)
  })
})

describe('a run is found by its pair, never by its id alone', () => {
  it('takes neither an older run of the same id nor a run whose id the given one prefixes', async () => {
    await start()
    const created = T0 - 3_600_000
    const entry = (dlqId: string, workflowRunId: string, workflowCreatedAt: number) => ({
      dlqId,
      workflowRunId,
      workflowUrl: URL_A,
      workflowCreatedAt,
      failedAt: workflowCreatedAt + 1_000
    })
    sim.addFailedRun(entry('dlq_asked', 'order-1', created))
    sim.addFailedRun(entry('dlq_older_same_id', 'order-1', created - 86_400_000))
    sim.addFailedRun(entry('dlq_prefixed', 'order-12', created))
    const result = await followUp([{ workflowRunId: 'order-1', workflowCreatedAt: created }])
    expect(sim.state.resumedRuns.map(r => r.fromDlqId)).toEqual(['dlq_asked'])
    expect(result.byRuns).toMatchObject({ given: 1, found: 1, left: [] })
    const left = sim.state.workflowDlq.map(e => e.dlqId)
    expect(left).toEqual(expect.arrayContaining(['dlq_older_same_id', 'dlq_prefixed']))
  })
})

describe('a run not in the DLQ', () => {
  it('that completed is not given again; one the run log does not know is', async () => {
    await start([{ share: 0, completeAfterMs: 1_000 }])
    const stopped = await resumeWorkflows(client, resumeRequest({ selection: { workflowUrl: URL_A }, maxRuns: 1 }), {
      clock
    })
    clock.time += 5_000
    const done = stopped.runs[0]!
    const stranger = { workflowRunId: 'wfr_never_seen', workflowCreatedAt: T0 - 10_000 }
    const result = await followUp([
      { workflowRunId: done.workflowRunId, workflowCreatedAt: done.workflowCreatedAt! },
      stranger
    ])
    expect(result.byRuns!.notInDlq.map(r => [r.workflowRunId, r.state])).toEqual([
      [done.workflowRunId, 'completed'],
      ['wfr_never_seen', 'unknown']
    ])
    expect(result.byRuns!.left).toEqual([stranger])
    const summary = report.summary(result, {}, { now: T0 })
    expect(summary).toContain('not in the DLQ: 2 (1 completed (nothing to resume), 1 not told by a run log')
    expect(summary).toContain('re-run with input `workflow-runs` set to output `next-workflow-runs`')
  })

  it('is unknown where the service keeps no run log, and given again', async () => {
    await start([], { noRunLog: true })
    const pair = { workflowRunId: 'wfr_gone', workflowCreatedAt: T0 - 10_000 }
    const result = await followUp([pair])
    expect(result.byRuns).toMatchObject({ found: 0, notInDlq: [{ ...pair, state: 'unknown' }], left: [pair] })
  })
})

describe('a listing that fails', () => {
  it('stops the step before any resume request, every run given again', async () => {
    await start()
    sim.inject({ route: 'list', fault: { kind: 'status', status: 503 }, times: Infinity })
    const pairs = [
      { workflowRunId: 'wfr_a', workflowCreatedAt: T0 - 1 },
      { workflowRunId: 'wfr_b', workflowCreatedAt: T0 - 2 }
    ]
    const result = await followUp(pairs)
    expect(sim.requests.filter(r => r.route === 'resume')).toEqual([])
    expect(result.failure).toMatchObject({ kind: 'request' })
    expect(result.byRuns!.left).toEqual(pairs)
    expect(report.outputs(result)[Outputs.Complete]).toBe('false')
    expect(report.failure(result)).toContain('re-run with input workflow-runs set to output next-workflow-runs (2 runs')
  })
})
