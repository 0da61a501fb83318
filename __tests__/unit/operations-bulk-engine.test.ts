/**
 * The one engine of every bulk write, over real sockets against the simulator: ids the service will not take are
 * told one by one, and a service without the write is told from a failure, before anything is taken.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { resumeWorkflows } from '../../src/operations/resume-workflows.js'
import type { ServiceClient } from '../../src/service/client.js'
import { QUICK_RETRY, recordingClient } from '../support/client.js'
import { resumeRequest } from '../support/results.js'
import { startSimulator, type Simulator } from '../../sim/index.js'

let sim: Simulator
let client: ServiceClient

async function start(workflowRuns: number): Promise<void> {
  sim = await startSimulator({ token: 't', workflowRuns, seed: 37 })
  client = recordingClient(sim.url, 't', QUICK_RETRY).client
}

afterEach(async () => {
  await client.close()
  await sim.close()
})

const resumeRequests = () => sim.requests.filter(r => r.route === 'resume')

describe('ids the service no longer has', () => {
  it('takes every id still there and names each gone one, without failing the step', async () => {
    await start(120)
    const ids = sim.state.workflowDlq.map(e => e.dlqId)
    // Between the review and the write, three entries left the DLQ: one early, one in the middle, one last.
    const gone = [ids[3]!, ids[60]!, ids[119]!]
    sim.state.workflowDlq = sim.state.workflowDlq.filter(e => !gone.includes(e.dlqId))
    const result = await resumeWorkflows(client, resumeRequest({ selection: { dlqIds: ids } }))
    expect(result.failure).toBeUndefined()
    expect(sim.state.resumedRuns.map(r => r.fromDlqId).sort()).toEqual(ids.filter(id => !gone.includes(id)).sort())
    expect(result.runs).toHaveLength(117)
    expect(result.goneOneByOne).toEqual({ count: 3, named: expect.arrayContaining(gone) })
    expect(result.goneOneByOne?.named).toHaveLength(3)
    expect(sim.state.workflowDlq).toHaveLength(0)
    // Halving costs a few requests per gone id, not one per id.
    expect(resumeRequests().length).toBeLessThan(3 * Math.ceil(Math.log2(120)) + 3)
  })

  it('fails when not one id is there: that cannot be told from another service or a missing write', async () => {
    await start(10)
    const ids = sim.state.workflowDlq.map(e => e.dlqId)
    sim.state.workflowDlq = []
    const result = await resumeWorkflows(client, resumeRequest({ selection: { dlqIds: ids } }))
    expect(result.failure).toEqual({ kind: 'ids-gone', ids: 10 })
    expect(result.runs).toEqual([])
    expect(result.goneOneByOne).toBeUndefined()
  })
})

describe('a service without the write', () => {
  it('is told by a 404 to the first request by filters, and nothing is taken', async () => {
    await start(30)
    sim.inject({ route: 'resume', fault: { kind: 'status', status: 404, body: '{"error":"Not Found"}' } })
    const result = await resumeWorkflows(client, resumeRequest({ all: true }))
    expect(result.failure).toEqual({
      kind: 'verb-missing',
      operation: 'resume-workflows',
      path: '/v2/workflows/dlq/resume',
      status: 404
    })
    expect(result.runs).toEqual([])
    expect(sim.state.workflowDlq).toHaveLength(30)
  })

  it('is told by a 405 by ids too, where a 404 would be ids gone', async () => {
    await start(5)
    sim.inject({ route: 'resume', fault: { kind: 'status', status: 405 } })
    const ids = sim.state.workflowDlq.map(e => e.dlqId)
    const result = await resumeWorkflows(client, resumeRequest({ selection: { dlqIds: ids } }))
    expect(result.failure).toMatchObject({ kind: 'verb-missing', status: 405 })
    expect(resumeRequests()).toHaveLength(1)
  })
})
