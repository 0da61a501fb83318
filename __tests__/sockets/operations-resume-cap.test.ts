/** max-runs through the real client over sockets: where a cap stops, what it leaves, and the empty id list guard. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { splitDlqIds } from '../../src/operations/resume-drain.js'
import { VERBS } from '../../src/verbs.js'
import { resumeWorkflows } from '../../src/operations/resume-workflows.js'
import type { ServiceClient } from '../../src/service/client.js'
import { QUICK_RETRY, recordingClient } from '../support/client.js'
import { resumeRequest } from '../support/results.js'
import { startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'

let sim: Simulator
let client: ServiceClient

async function start(variants: Partial<ServerVariants>, workflowRuns = 900): Promise<void> {
  sim = await startSimulator({ token: 't', workflowRuns, seed: 8, variants })
  client = recordingClient(sim.url, 't', QUICK_RETRY).client
}

afterEach(async () => {
  await client.close()
  await sim.close()
})

const resumeCounts = (): (string | null)[] =>
  sim.requests.filter(r => r.route === 'resume').map(r => r.query.get('count'))

describe('max-runs', () => {
  it('stopped exactly at the end of a part names the next part, untouched, with no cursor', async () => {
    await start({})
    const ids = sim.state.workflowDlq.map(e => e.dlqId)
    const parts = splitDlqIds({ dlqIds: ids }, q => client.bulkUrlLength(VERBS['resume-workflows'], q))
    expect(parts.length).toBeGreaterThan(2)
    const first = parts[0]!.dlqIds!
    const result = await resumeWorkflows(
      client,
      resumeRequest({ selection: { dlqIds: ids }, maxRuns: first.length, dlqIdLines: ids.map((_, i) => 3 * i + 1) })
    )
    expect(result.failure).toBeUndefined()
    expect(result.stoppedByCap).toBe(true)
    expect(result.nextCursor).toBeUndefined()
    expect(result.continueFrom).toEqual({
      position: first.length + 1,
      dlqId: ids[first.length],
      remaining: ids.length - first.length,
      line: 3 * first.length + 1
    })
    expect(sim.state.resumedRuns.map(r => r.fromDlqId).sort()).toEqual([...first].sort())
    expect(result.runs).toHaveLength(first.length)
    expect(result.pastCap).toBeUndefined()
  })

  it('is not stopped by a cap the selection does not reach', async () => {
    await start({}, 60)
    const result = await resumeWorkflows(client, resumeRequest({ all: true, maxRuns: 100 }))
    expect(result.runs).toHaveLength(60)
    expect(result.stoppedByCap).toBeUndefined()
    expect(result.nextCursor).toBeUndefined()
    expect(resumeCounts()).toEqual(['50', '50'])
  })

  it('counts the runs past the cap a service that ignores count resumed, and keeps every one', async () => {
    await start({ ignoreResumeCount: true })
    const result = await resumeWorkflows(client, resumeRequest({ all: true, maxRuns: 70 }))
    expect(resumeCounts()).toEqual(['50', '20'])
    expect(result.runs).toHaveLength(100)
    expect(result.pastCap).toBe(30)
    expect(result.stoppedByCap).toBe(true)
    expect(result.nextCursor).toBeDefined()
  })
})

describe('an empty dlq-ids list', () => {
  it('is refused before any request, never sent as "no selector"', async () => {
    await start({})
    await expect(resumeWorkflows(client, resumeRequest({ selection: { dlqIds: [] } }))).rejects.toThrow(/empty/)
    expect(resumeCounts()).toEqual([])
    expect(sim.state.resumedRuns).toEqual([])
  })
})
