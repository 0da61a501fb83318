/** The simulator's restart of failed workflow runs over HTTP: selection, runs that refuse it, the run log and fates. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type Simulator, type Unrestartable, type WorkflowDlqEntry } from '../../sim/index.js'
import type { RunFate } from '../../sim/fates.js'
import { call, drainWrite } from '../support/sim-http.js'

const T0 = Date.UTC(2026, 10, 1)
const RESTART = '/v2/workflows/dlq/restart'
let sim: Simulator
let time = T0

afterEach(async () => {
  await sim.close()
})

async function start(options: { fates?: RunFate[]; unrestartable?: Unrestartable } = {}): Promise<void> {
  time = T0
  sim = await startSimulator({ messages: 0, workflowRuns: 120, seed: 3, now: T0, clock: () => time, ...options })
}

const dlqIdsOf = (entries: readonly WorkflowDlqEntry[]): string[] => entries.map(e => e.dlqId)
const entry = (index: number): WorkflowDlqEntry => sim.state.workflowDlq[index] as WorkflowDlqEntry

describe('restart by filters', () => {
  it('restarts 50 at most a request, "" as the last cursor, each a new run from the entry it took', async () => {
    await start()
    const first = await call(sim, 'POST', RESTART, { count: 80 })
    expect(first.status).toBe(200)
    expect(first.body.workflowRuns).toHaveLength(50)
    expect(first.body.workflowRuns?.[0]).toEqual({ workflowRunId: 'wfr_restarted_1', workflowCreatedAt: T0 })
    const rest = await drainWrite(sim, 'POST', RESTART, { count: 30, cursor: first.body.cursor as string })
    expect(rest.map(a => a.body.workflowRuns?.length)).toEqual([30, 30, 10])
    expect(rest.at(-1)?.body.cursor).toBe('')
    expect(sim.state.workflowDlq).toEqual([])
    expect(sim.state.resumedRuns).toHaveLength(120)
    expect(sim.state.resumedRuns.every(run => run.restarted === true)).toBe(true)
  })

  it('takes the bulk resume filters: creation time, run id prefix, failure time', async () => {
    await start()
    const target = entry(10)
    const byCreatedAt = await call(sim, 'POST', RESTART, { workflowCreatedAt: target.workflowCreatedAt })
    expect(byCreatedAt.body.workflowRuns).toHaveLength(1)
    expect(sim.state.resumedRuns[0]?.fromDlqId).toBe(target.dlqId)
    const [from, to] = [entry(30).failedAt, entry(32).failedAt]
    const expected = dlqIdsOf(sim.state.workflowDlq.slice(30, 33))
    await call(sim, 'POST', RESTART, { fromDate: from, toDate: to, workflowRunId: 'wfr_' })
    expect(sim.state.resumedRuns.slice(1).map(run => run.fromDlqId)).toEqual(expected)
  })
})

describe('restart by dlqIds and of one entry', () => {
  it('restarts every id named; one gone id answers 404 for the whole request, nothing done', async () => {
    await start()
    const ids = dlqIdsOf([entry(1), entry(2)])
    const gone = await call(sim, 'POST', RESTART, { dlqIds: [...ids, 'dlq_gone'] })
    expect([gone.status, gone.body]).toEqual([404, { error: 'some workflow runs not found' }])
    expect(sim.state.workflowDlq).toHaveLength(120)
    const done = await call(sim, 'POST', RESTART, { dlqIds: ids, count: 1 })
    expect(done.body.workflowRuns).toHaveLength(2)
    expect(done.body.cursor).toBe('')
  })

  it('answers one entry with its new run, then 404 once the entry is gone', async () => {
    await start()
    const { dlqId, workflowRunId } = entry(7)
    const first = await call(sim, 'POST', `${RESTART}/${dlqId}`)
    expect([first.status, first.body]).toEqual([200, { workflowRunId: 'wfr_restarted_1', workflowCreatedAt: T0 }])
    expect(sim.state.resumedRuns[0]).toMatchObject({ fromDlqId: dlqId, originalWorkflowRunId: workflowRunId })
    const again = await call(sim, 'POST', `${RESTART}/${dlqId}`)
    expect([again.status, again.body]).toEqual([404, { error: `workflow run ${dlqId} not found` }])
  })
})

describe('a run that does not support restart', () => {
  it('fails a request by ids or filters that includes it with 400, nothing done; one by one only it answers 400', async () => {
    await start()
    const [a, b, c] = [entry(4), entry(5), entry(6)]
    sim.unrestartable = { dlqIds: [b.dlqId] }
    const byIds = await call(sim, 'POST', RESTART, { dlqIds: dlqIdsOf([a, b, c]) })
    expect(byIds.status).toBe(400)
    expect(byIds.body.error).toBe(`workflow run ${b.workflowRunId} (${b.dlqId}) does not support restart`)
    expect((await call(sim, 'POST', RESTART, { count: 10 })).status).toBe(400)
    expect(sim.state.workflowDlq).toHaveLength(120)
    expect(sim.state.resumedRuns).toEqual([])
    const one = await Promise.all([a, b, c].map(e => call(sim, 'POST', `${RESTART}/${e.dlqId}`)))
    expect(one.map(answer => answer.status)).toEqual([200, 400, 200])
    expect(sim.state.workflowDlq.some(e => e.dlqId === b.dlqId)).toBe(true)
    // A page that does not hold it goes through: the selection is per request.
    expect((await call(sim, 'POST', RESTART, { count: 4 })).body.workflowRuns).toHaveLength(4)
  })

  it('refuses a stable share of the runs, the same ones on every server with the option', async () => {
    const refusedIds = async (): Promise<string[]> => {
      await start({ unrestartable: { share: 0.2 } })
      const ids = dlqIdsOf(sim.state.workflowDlq)
      const answers = await Promise.all(ids.map(id => call(sim, 'POST', `${RESTART}/${id}`)))
      return ids.filter((_, i) => answers[i]?.status === 400)
    }
    const refused = await refusedIds()
    expect(refused.length).toBeGreaterThan(10)
    expect(refused.length).toBeLessThan(40)
    expect(sim.state.workflowDlq.map(e => e.dlqId)).toEqual(refused)
    await sim.close()
    expect(await refusedIds()).toEqual(refused)
  })
})

describe('restarted runs', () => {
  it('meet the run fates as resumed runs do, a fate may take restarts alone; the run log tells them', async () => {
    await start({ fates: [{ restarted: true, afterMs: 5_000, responseStatus: 502 }] })
    const resumed = await call(sim, 'POST', '/v2/workflows/dlq/resume', { dlqIds: entry(0).dlqId })
    const restarted = await call(sim, 'POST', `${RESTART}/${entry(0).dlqId}`, {}, { 'Service-Retries': '1' })
    const run = restarted.body as { workflowRunId: string; workflowCreatedAt: number }
    time = T0 + 5_000
    const back = await call(sim, 'GET', '/v2/dlq', { source: 'workflow', fromDate: T0 })
    expect(back.body.messages?.map(m => m.workflowRunId)).toEqual([run.workflowRunId])
    expect(back.body.messages?.[0]).toMatchObject({ responseStatus: 502 })
    expect(resumed.body.workflowRuns?.[0]?.workflowRunId).toBe('wfr_resumed_1')
    const log = await call(sim, 'GET', '/v2/workflows/logs', {
      workflowRuns: `${run.workflowRunId}@${run.workflowCreatedAt}`
    })
    const told = (log.body as { runs: Array<{ workflowState: string; dlqId: string }> }).runs
    expect(told).toEqual([
      expect.objectContaining({ workflowState: 'RUN_FAILED', dlqId: back.body.messages?.[0]?.dlqId })
    ])
  })

  it('record the override headers, Service-Delay among them; a malformed one is refused, nothing done', async () => {
    await start()
    const { dlqId } = entry(3)
    expect((await call(sim, 'POST', RESTART, { dlqIds: dlqId }, { 'Service-Delay': '10' })).status).toBe(400)
    const headers = { 'Service-Delay': '10s', 'Service-Retries': '2', 'Service-Flow-Control-Key': 'k' }
    expect((await call(sim, 'POST', RESTART, { dlqIds: dlqId }, headers)).status).toBe(200)
    expect(sim.state.resumedRuns[0]).toMatchObject({ delay: '10s', retries: 2, flowControlKey: 'k', restarted: true })
    expect(sim.requests.map(r => r.route)).toEqual(['restart', 'restart'])
  })
})
