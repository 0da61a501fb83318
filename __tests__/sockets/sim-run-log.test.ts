/** The simulator's run log: each resumed run's course on its clock, its two paths, and the variants of it. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { parseArgs } from '../../sim/cli-args.js'
import { startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'
import type { RunFate } from '../../sim/fates.js'

const T0 = Date.UTC(2026, 10, 1)
let sim: Simulator
let time = T0

afterEach(async () => {
  await sim.close()
})

async function start(fates: RunFate[], variants: Partial<ServerVariants> = {}): Promise<void> {
  time = T0
  sim = await startSimulator({ token: 't', workflowRuns: 40, seed: 3, now: T0, clock: () => time, fates, variants })
}

const headers = { authorization: 'Bearer t' }
type Run = Record<string, unknown> & { steps: { type: string; steps: Record<string, unknown>[] }[] }

/** Resumes `count` runs, with these overrides; their ids and creation times. */
async function resume(
  count: number,
  retries?: number
): Promise<{ workflowRunId: string; workflowCreatedAt: number }[]> {
  const answer = await fetch(`${sim.url}/v2/workflows/dlq/resume?count=${count}`, {
    method: 'POST',
    headers: { ...headers, ...(retries !== undefined ? { 'Service-Retries': String(retries) } : {}) }
  })
  return ((await answer.json()) as { workflowRuns: { workflowRunId: string; workflowCreatedAt: number }[] })
    .workflowRuns
}

async function get(path: string): Promise<{ status: number; body: { cursor?: string; runs: Run[]; error?: string } }> {
  const answer = await fetch(`${sim.url}${path}`, { headers })
  return { status: answer.status, body: (await answer.json()) as { runs: Run[] } }
}

const pairs = (runs: { workflowRunId: string; workflowCreatedAt: number }[]) =>
  encodeURIComponent(runs.map(r => `${r.workflowRunId}@${r.workflowCreatedAt}`).join(','))
const logOf = async (runs: { workflowRunId: string; workflowCreatedAt: number }[]) =>
  (await get(`/v2/workflows/logs?workflowRuns=${pairs(runs)}&count=10`)).body.runs
const deliver = (run: Run | undefined) => run?.steps[1]?.steps[0]

describe('a run that fails again', () => {
  it('starts, fails its attempts with errors, then fails and is back in the DLQ with the dlqId the log names', async () => {
    await start([{ afterMs: 60_000, firstErrorAfterMs: 6_000, responseStatus: 503, responseBody: '{"error":"down"}' }])
    const runs = await resume(1, 2)
    const [started] = await logOf(runs)
    expect(started).toMatchObject({ workflowRunId: runs[0]?.workflowRunId, workflowState: 'RUN_STARTED' })
    expect(started?.workflowRunCreatedAt).toBe(T0)
    expect(deliver(started)).toMatchObject({ state: 'STEP_PROGRESS', errors: [] })

    time = T0 + 6_000
    const [retrying] = await logOf(runs)
    expect(retrying?.workflowState).toBe('RUN_STARTED')
    expect(deliver(retrying)).toEqual({
      stepName: 'deliver',
      state: 'STEP_RETRY',
      retries: 0,
      errors: [{ error: '{"error":"down"}', status: 503, time: T0 + 6_000 }]
    })
    time = T0 + 33_000
    expect(deliver((await logOf(runs))[0])).toMatchObject({ state: 'STEP_RETRY', retries: 1 })

    time = T0 + 60_000
    const [failed] = await logOf(runs)
    expect(failed).toMatchObject({ workflowState: 'RUN_FAILED', workflowRunCompletedAt: T0 + 60_000 })
    expect(deliver(failed)).toMatchObject({ state: 'STEP_FAILED', retries: 2 })
    const listed = await fetch(`${sim.url}/v2/dlq?source=workflow&fromDate=${T0}`, { headers })
    const back = ((await listed.json()) as { messages: { dlqId: string; workflowRunId: string }[] }).messages
    expect(back).toEqual([expect.objectContaining({ workflowRunId: runs[0]?.workflowRunId, dlqId: failed?.dlqId })])
  })

  it('fails its first attempt when it fails for good when no first-error time is set', async () => {
    await start([{ afterMs: 10_000 }])
    const runs = await resume(1)
    time = T0 + 9_999
    expect(deliver((await logOf(runs))[0])).toMatchObject({ state: 'STEP_PROGRESS' })
    time = T0 + 10_000
    expect((await logOf(runs))[0]?.workflowState).toBe('RUN_FAILED')
  })
})

describe('a run that completes', () => {
  it('runs until completeAfterMs, then is RUN_SUCCESS; with no fate it runs on (a watch lasts its length)', async () => {
    await start([{ share: 0, completeAfterMs: 20_000 }])
    const runs = await resume(2)
    expect((await logOf(runs)).map(r => r.workflowState)).toEqual(['RUN_STARTED', 'RUN_STARTED'])
    time = T0 + 20_000
    const done = await logOf(runs)
    expect(done.map(r => r.workflowState)).toEqual(['RUN_SUCCESS', 'RUN_SUCCESS'])
    expect(done[0]).toMatchObject({ workflowRunCompletedAt: T0 + 20_000 })
    expect(done[0]?.dlqId).toBeUndefined()
    expect(deliver(done[0])).toMatchObject({ state: 'STEP_SUCCESS', errors: [] })
    sim.fates = []
    time = T0 + 3_600_000
    expect((await logOf(await resume(1)))[0]?.workflowState).toBe('RUN_STARTED')
  })
})

describe('the documented path', () => {
  it('answers only the exact pairs it knows, count a page with a cursor for more, and refuses over 10', async () => {
    await start([])
    const runs = await resume(5)
    const wrongTime = { workflowRunId: runs[0]?.workflowRunId as string, workflowCreatedAt: T0 + 1 }
    expect(await logOf([wrongTime, { workflowRunId: 'wfr_never', workflowCreatedAt: T0 }])).toEqual([])
    const first = await get(`/v2/workflows/logs?workflowRuns=${pairs(runs)}&count=3`)
    expect(first.body.runs).toHaveLength(3)
    const rest = await get(`/v2/workflows/logs?workflowRuns=${pairs(runs)}&count=3&cursor=${first.body.cursor}`)
    expect(rest.body).toMatchObject({ cursor: '' })
    expect([...first.body.runs, ...rest.body.runs].map(r => r.workflowRunId)).toEqual(runs.map(r => r.workflowRunId))
    const eleven = Array.from({ length: 11 }, (_, i) => ({ workflowRunId: `w${i}`, workflowCreatedAt: T0 }))
    expect((await get(`/v2/workflows/logs?workflowRuns=${pairs(eleven)}`)).status).toBe(400)
    expect((await get(`/v2/workflows/logs?workflowRuns=${pairs(runs)}&count=11`)).status).toBe(400)
    expect((await get(`/v2/workflows/logs?workflowRuns=${pairs(runs)}&cursor=bad`)).status).toBe(400)
  })
})

describe('the variants', () => {
  it("serves the SDK's path, one run a request, and both paths by default", async () => {
    await start([])
    const runs = await resume(1)
    const run = runs[0] as { workflowRunId: string; workflowCreatedAt: number }
    const events = `/v2/workflows/events?groupBy=workflowRunId&workflowRunId=${run.workflowRunId}&workflowCreatedAt=${run.workflowCreatedAt}`
    expect((await get(events)).body.runs.map(r => r.workflowRunId)).toEqual([run.workflowRunId])
    expect((await get(`/v2/workflows/events?groupBy=workflowRunId&workflowRunId=other`)).body.runs).toEqual([])
    expect((await get(`/v2/workflows/events?workflowRunId=${run.workflowRunId}`)).status).toBe(400)
    expect(await logOf(runs)).toHaveLength(1)
  })

  it('runLogEventsOnly: the documented path answers 404, the SDK path answers', async () => {
    await start([], { runLogEventsOnly: true })
    const runs = await resume(1)
    expect((await get(`/v2/workflows/logs?workflowRuns=${pairs(runs)}`)).status).toBe(404)
    const run = runs[0] as { workflowRunId: string; workflowCreatedAt: number }
    const answer = await get(`/v2/workflows/events?groupBy=workflowRunId&workflowRunId=${run.workflowRunId}`)
    expect(answer.body.runs).toHaveLength(1)
  })

  it('noRunLog: both paths answer 404, as paths the server does not have', async () => {
    await start([], { noRunLog: true })
    const runs = await resume(1)
    expect((await get(`/v2/workflows/logs?workflowRuns=${pairs(runs)}`)).status).toBe(404)
    expect((await get(`/v2/workflows/events?groupBy=workflowRunId&workflowRunId=x`)).status).toBe(404)
  })

  it('runLogWorkflowCreatedAt: the creation time is named workflowCreatedAt', async () => {
    await start([], { runLogWorkflowCreatedAt: true })
    const [run] = await logOf(await resume(1))
    expect(run?.workflowCreatedAt).toBe(T0)
    expect(run?.workflowRunCreatedAt).toBeUndefined()
  })
})

describe('the variants of a run log: lag, repeated run ids, a stale or foreign Date', () => {
  it('runLogRepeatedIds: before each run asked, an older run with its id that failed, paged as any run', async () => {
    await start([], { runLogRepeatedIds: true })
    const runs = await resume(2)
    const told = await logOf(runs)
    expect(told.map(r => [r.workflowRunId, r.workflowRunCreatedAt, r.workflowState])).toEqual(
      runs.flatMap(r => [
        [r.workflowRunId, T0 - 86_400_000, 'RUN_FAILED'],
        [r.workflowRunId, T0, 'RUN_STARTED']
      ])
    )
    expect(told[0]?.dlqId).toBe(`dlq_namesake_${runs[0]?.workflowRunId}`)
    expect(deliver({ ...told[0]!, steps: [{ type: 'sequential', steps: [] }, ...told[0]!.steps] })).toMatchObject({
      state: 'STEP_FAILED',
      errors: [expect.objectContaining({ status: 500 })]
    })
    const first = await get(`/v2/workflows/logs?workflowRuns=${pairs(runs)}&count=2`)
    expect(first.body.runs).toHaveLength(2)
    expect(first.body.cursor).not.toBe('')
    const run = runs[0]!
    const events = `/v2/workflows/events?groupBy=workflowRunId&workflowRunId=${run.workflowRunId}&workflowCreatedAt=${run.workflowCreatedAt}`
    expect((await get(events)).body.runs.map(r => r.workflowRunCreatedAt)).toEqual([T0 - 86_400_000, T0])
  })

  it("runLogLagMs: the log tells a run's course as it stood that long ago, and a younger run not at all", async () => {
    await start([{ afterMs: 10_000, firstErrorAfterMs: 2_000 }], { runLogLagMs: 5_000 })
    // One retry: attempts fail at 2 s and 10 s.
    const runs = await resume(1, 1)
    time = T0 + 4_999
    expect(await logOf(runs)).toEqual([])
    time = T0 + 10_000
    const [retrying] = await logOf(runs)
    expect(retrying?.workflowState).toBe('RUN_STARTED')
    expect(deliver(retrying)).toMatchObject({
      state: 'STEP_RETRY',
      errors: [expect.objectContaining({ time: T0 + 2_000 })],
      retries: 0
    })
    time = T0 + 15_000
    expect((await logOf(runs))[0]?.workflowState).toBe('RUN_FAILED')
  })
})

describe('a DLQ that lags the run log', () => {
  it('dlqDelayMs: the log says RUN_FAILED with the dlqId that long before the entry shows in the DLQ', async () => {
    await start([{ afterMs: 10_000, dlqDelayMs: 30_000 }])
    const runs = await resume(1)
    time = T0 + 10_000
    const [failed] = await logOf(runs)
    expect(failed).toMatchObject({ workflowState: 'RUN_FAILED', workflowRunCompletedAt: T0 + 10_000 })
    const listed = async () => {
      const answer = await fetch(`${sim.url}/v2/dlq?source=workflow&fromDate=${T0}`, { headers })
      return ((await answer.json()) as { messages: { dlqId: string }[] }).messages.map(e => e.dlqId)
    }
    expect(await listed()).toEqual([])
    time = T0 + 40_000
    expect(await listed()).toEqual([failed?.dlqId])
  })
})

describe('a run that is cancelled', () => {
  it('ends RUN_CANCELED at its time, its step STEP_CANCELED, and never enters the DLQ', async () => {
    await start([{ share: 0, cancelShare: 1, cancelAfterMs: 3_000 }])
    const runs = await resume(2)
    expect((await logOf(runs)).map(r => r.workflowState)).toEqual(['RUN_STARTED', 'RUN_STARTED'])
    time = T0 + 3_000
    const ended = await logOf(runs)
    expect(ended.map(r => r.workflowState)).toEqual(['RUN_CANCELED', 'RUN_CANCELED'])
    expect(ended[0]).toMatchObject({ workflowRunCompletedAt: T0 + 3_000 })
    expect(ended[0]?.dlqId).toBeUndefined()
    expect(deliver(ended[0])).toMatchObject({ state: 'STEP_CANCELED', errors: [] })
    time = T0 + 3_600_000
    const listed = await fetch(`${sim.url}/v2/dlq?source=workflow&fromDate=${T0}`, { headers })
    expect(((await listed.json()) as { messages: unknown[] }).messages).toEqual([])
  })
})

describe('the command line', () => {
  it('sets the first-error and completion times of the fate, and --complete-after-ms alone completes every run', () => {
    expect(
      parseArgs(['--fail-again', '*', '--fail-again-after-ms', '60000', '--fail-again-first-error-after-ms=5000']).fates
    ).toEqual([{ afterMs: 60_000, firstErrorAfterMs: 5_000 }])
    expect(parseArgs(['--fail-again', '*', '--fail-again-share', '0.5', '--complete-after-ms', '20000']).fates).toEqual(
      [{ share: 0.5, completeAfterMs: 20_000 }]
    )
    expect(parseArgs(['--complete-after-ms', '20000']).fates).toEqual([{ share: 0, completeAfterMs: 20_000 }])
    expect(() => parseArgs(['--fail-again-first-error-after-ms', '5'])).toThrow('need --fail-again')
    expect(() => parseArgs(['--complete-after-ms', '-1'])).toThrow('--complete-after-ms expects a non-negative integer')
  })

  it('turns the run-log variants on by switch', () => {
    expect(parseArgs(['--no-run-log', '--run-log-events-only', '--run-log-workflow-created-at'])).toEqual({
      realistic: true,
      variants: { noRunLog: true, runLogEventsOnly: true, runLogWorkflowCreatedAt: true }
    })
    expect(() => parseArgs(['--no-run-log=yes'])).toThrow('unknown option --no-run-log')
  })
})
