/**
 * The one engine of every bulk write, over real sockets against the simulator: ids the service will not take are
 * told one by one, and a service without the write is told from a failure, before anything is taken.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { resumeWorkflows } from '../../src/operations/resume-workflows.js'
import { resumeReport } from '../../src/report/resume.js'
import type { ServiceClient } from '../../src/service/client.js'
import { QUICK_RETRY, recordingClient } from '../support/client.js'
import { resumeRequest } from '../support/results.js'
import { startSimulator, type Simulator } from '../../sim/index.js'
import type { SimulatorOptions } from '../../sim/server.js'
import { stagedResume } from '../../src/operations/staged-resume.js'
import { TestClock } from '../support/clock.js'

let sim: Simulator
let client: ServiceClient

const T0 = Date.UTC(2026, 10, 28, 9, 0, 0)
let clock: TestClock
const TOKEN = 'sim-token-37a9c4e1'

async function start(workflowRuns: number, options: Partial<SimulatorOptions> = {}): Promise<void> {
  clock = new TestClock(T0)
  sim = await startSimulator({ token: TOKEN, workflowRuns, seed: 37, now: T0, clock: () => clock.now(), ...options })
  client = recordingClient(sim.url, TOKEN, QUICK_RETRY).client
}

afterEach(async () => {
  await client.close()
  await sim.close()
})

const resumeRequests = () => sim.requests.filter(r => r.route === 'resume')

const restartRequests = () => sim.requests.filter(r => r.route === 'restart')

describe('ids the service no longer has', () => {
  it('takes every id still there and names each gone one, without failing the step', async () => {
    await start(120)
    const ids = sim.state.workflowDlq.map(e => e.dlqId)
    // Between the review and the write, three entries left the DLQ: one early, one in the middle, one last.
    const gone = [ids[3]!, ids[60]!, ids[119]!]
    sim.state.workflowDlq = sim.state.workflowDlq.filter(e => !gone.includes(e.dlqId))
    // A restart answers 404 to a request of several ids when one is gone, and does none of them.
    const result = await resumeWorkflows(
      client,
      resumeRequest({ verb: 'restart-workflows', selection: { dlqIds: ids } })
    )
    expect(result.failure).toBeUndefined()
    expect(result.operation).toBe('restart-workflows')
    expect(sim.state.resumedRuns.map(r => r.fromDlqId).sort()).toEqual(ids.filter(id => !gone.includes(id)).sort())
    expect(result.runs).toHaveLength(117)
    expect(result.goneOneByOne).toEqual({ count: 3, named: expect.arrayContaining(gone) })
    expect(result.goneOneByOne?.named).toHaveLength(3)
    expect(sim.state.workflowDlq).toHaveLength(0)
    // Halving costs a few requests per gone id, not one per id.
    expect(restartRequests().length).toBeLessThanOrEqual(1 + 3 * 2 * Math.ceil(Math.log2(120)))
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

describe('a write whose service takes every id sent (retry, restart: wire contract section 6)', () => {
  it('sends neither count nor cursor by ids, and no more ids than the cap has left', async () => {
    await start(0, { messages: 150 })
    const ids = sim.state.messages.map(m => m.dlqId)
    const result = await resumeWorkflows(
      client,
      resumeRequest({ verb: 'retry-messages', selection: { dlqIds: ids }, maxRuns: 10 })
    )
    expect(result.messages).toHaveLength(10)
    expect(sim.state.messages).toHaveLength(140)
    expect(result.stoppedByCap).toBe(true)
    expect(result.continueFrom).toMatchObject({ position: 11, dlqId: ids[10], remaining: 140 })
    expect(result.pastCap).toBeUndefined()
    const sent = sim.requests.filter(r => r.route === 'retry')
    expect(sent.map(r => r.query.getAll('dlqIds').length)).toEqual([10])
    expect(sent.every(r => r.query.get('count') === null && r.query.get('cursor') === null)).toBe(true)
  })

  it('takes exactly each stage by ids, watched before the next', async () => {
    await start(30)
    const ids = sim.state.workflowDlq.map(e => e.dlqId)
    const result = await stagedResume(
      client,
      resumeRequest({ verb: 'restart-workflows', selection: { dlqIds: ids } }),
      { sizes: [5, Infinity], watchMs: 60_000, maxFailed: 0 },
      { clock, stop: new AbortController().signal, log: () => {} }
    )
    expect(result.failure).toBeUndefined()
    expect(result.staged!.stages.map(s => s.resumed)).toEqual([5, 25])
    expect(result.runs).toHaveLength(30)
    const sizes = restartRequests().map(r => r.query.getAll('dlqIds').length)
    expect(sizes).toEqual([5, 25])
  })
})

describe('a staged write by ids', () => {
  it('tells one by one the ids of a later stage that are all gone, once an earlier stage took some', async () => {
    await start(20)
    const ids = sim.state.workflowDlq.map(e => e.dlqId)
    const gone = ids.slice(5)
    sim.state.workflowDlq = sim.state.workflowDlq.filter(e => !gone.includes(e.dlqId))
    const result = await stagedResume(
      client,
      resumeRequest({ verb: 'restart-workflows', selection: { dlqIds: ids } }),
      { sizes: [5, Infinity], watchMs: 60_000, maxFailed: 0 },
      { clock, stop: new AbortController().signal, log: () => {} }
    )
    expect(result.failure).toBeUndefined()
    expect(result.runs).toHaveLength(5)
    expect(result.goneOneByOne?.count).toBe(15)
    expect([...(result.goneOneByOne?.named ?? [])].sort()).toEqual([...gone].sort())
    expect(resumeReport.outputs(result)['gone-count']).toBe('15')
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
    // Nothing to continue: no cursor, no dates handed out for a re-run of a write the service lacks.
    expect(resumeReport.outputs(result)).toMatchObject({ 'next-cursor': '', 'next-to-date': '', complete: 'false' })
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

describe('restart-workflows with runs that do not support it', () => {
  it('by filters: the rest of the selection is listed and restarted by id, each refused run named', async () => {
    await start(200)
    const url = sim.state.workflowDlq[0]!.workflowUrl
    const selected = sim.state.workflowDlq.filter(e => e.workflowUrl === url).map(e => e.dlqId)
    const refused = [selected[1]!, selected[selected.length - 1]!]
    sim.unrestartable = { dlqIds: refused }
    const result = await resumeWorkflows(
      client,
      resumeRequest({ verb: 'restart-workflows', selection: { workflowUrl: url } })
    )
    expect(result.failure).toBeUndefined()
    expect(result.refused?.map(r => r.dlqId).sort()).toEqual([...refused].sort())
    expect(result.refused?.[0]).toMatchObject({
      status: 400,
      serverText: expect.stringContaining('does not support restart')
    })
    expect(result.refusedCount).toBe(2)
    const restarted = sim.state.resumedRuns.map(r => r.fromDlqId)
    expect(restarted.sort()).toEqual(selected.filter(id => !refused.includes(id)).sort())
    expect(result.runs).toHaveLength(selected.length - 2)
    // The refused runs stay in the DLQ; no run outside the selection was taken.
    expect(
      sim.state.workflowDlq
        .filter(e => e.workflowUrl === url)
        .map(e => e.dlqId)
        .sort()
    ).toEqual([...refused].sort())
  })

  it('by filters, refused on a later page: what is left is listed and restarted by id, none twice', async () => {
    await start(200)
    const ids = sim.state.workflowDlq.map(e => e.dlqId)
    // On the third page of 50: two requests by filters restarted 100 runs, and each had a cursor after it.
    sim.unrestartable = { dlqIds: [ids[120]!] }
    const result = await resumeWorkflows(client, resumeRequest({ verb: 'restart-workflows', all: true }))
    expect(result.failure).toBeUndefined()
    expect(result.refused?.map(r => r.dlqId)).toEqual([ids[120]])
    const restarted = sim.state.resumedRuns.map(r => r.fromDlqId)
    expect(new Set(restarted).size).toBe(restarted.length)
    expect(restarted.sort()).toEqual(ids.filter((_, i) => i !== 120).sort())
    expect(result.runs).toHaveLength(199)
    expect(result.nextCursor).toBeUndefined()
    expect(sim.state.workflowDlq.map(e => e.dlqId)).toEqual([ids[120]])
  })

  it('by filters, refused on a later page and capped: stops at the cap, to be continued without a cursor', async () => {
    await start(200)
    const ids = sim.state.workflowDlq.map(e => e.dlqId)
    sim.unrestartable = { dlqIds: [ids[120]!] }
    const result = await resumeWorkflows(client, resumeRequest({ verb: 'restart-workflows', all: true, maxRuns: 150 }))
    expect(result.failure).toBeUndefined()
    expect(result.runs).toHaveLength(150)
    expect(result.stoppedByCap).toBe(true)
    expect(result.leftWithoutCursor).toBe(true)
    expect(result.nextCursor).toBeUndefined()
    expect(resumeReport.summary(result, {}, { now: T0 })).toContain(
      'Stopped by `max-entries` (150) before the selection was drained. To continue, re-run with the same selection ' +
        'and `to-date` set to'
    )
  })

  it('by ids: a refused run is named, the others restarted', async () => {
    await start(60)
    const ids = sim.state.workflowDlq.map(e => e.dlqId)
    sim.unrestartable = { dlqIds: [ids[10]!] }
    const result = await resumeWorkflows(
      client,
      resumeRequest({ verb: 'restart-workflows', selection: { dlqIds: ids } })
    )
    expect(result.failure).toBeUndefined()
    expect(result.refused?.map(r => r.dlqId)).toEqual([ids[10]])
    expect(result.runs).toHaveLength(59)
  })
})

describe('retry-messages', () => {
  it('drains the selection 100 a request and names the new messages, the deduplicated counted', async () => {
    await start(0, { messages: 450, messageFates: [{ deduplicatedShare: 0.2, share: 0 }] })
    const url = sim.state.messages[0]!.url
    const selected = sim.state.messages.filter(m => m.url === url).length
    const result = await resumeWorkflows(client, resumeRequest({ verb: 'retry-messages', selection: { url: [url] } }))
    expect(result.failure).toBeUndefined()
    expect(result.runs).toEqual([])
    expect(result.messages).toHaveLength(selected)
    expect(result.deduplicated).toBe(result.messages!.filter(m => m.deduplicated).length)
    expect(result.deduplicated).toBeGreaterThan(0)
    expect(new Set(result.messages!.map(m => m.messageId)).size).toBe(selected)
    const counts = sim.requests.filter(r => r.route === 'retry').map(r => r.query.get('count'))
    expect(counts.every(c => c === '100')).toBe(true)
    expect(sim.state.messages.filter(m => m.url === url)).toHaveLength(0)
  })

  it('watches each stage: a retried message back in the DLQ under its new id stops the next stage', async () => {
    await start(0, { messages: 300, messageFates: [{ share: 1, retryIntervalMs: 1_000 }] })
    const url = sim.state.messages[0]!.url
    const selected = sim.state.messages.filter(m => m.url === url).length
    const result = await stagedResume(
      client,
      resumeRequest({ verb: 'retry-messages', selection: { url: [url] } }),
      { sizes: [2, Infinity], watchMs: 60_000, maxFailed: 0, watchRetries: 1 },
      { clock, stop: new AbortController().signal, log: () => {} }
    )
    const [first] = result.staged!.stages
    expect(first!.verdict).toBe('stopped')
    expect(result.messages).toHaveLength(2)
    expect(result.staged!.failedAgain.map(f => ('messageId' in f ? f.messageId : '')).sort()).toEqual(
      result.messages!.map(m => m.messageId).sort()
    )
    expect(result.staged!.failedAgain[0]).toMatchObject({ state: 'failed', source: 'dlq', stage: 1 })
    // The rest was never retried: the canary stopped it.
    expect(sim.state.messages.filter(m => m.url === url).length).toBe(selected - 2 + 2)
    // Its retries were the watch's: back within the watch.
    expect(sim.state.retriedMessages.every(m => m.retries === 1)).toBe(true)
  })
})

describe('a service without retry', () => {
  it('by filters: 404 names the operation, nothing retried', async () => {
    await start(0, { messages: 20, variants: { lacks: ['retry'] } })
    const result = await resumeWorkflows(client, resumeRequest({ verb: 'retry-messages', all: true }))
    expect(result.failure).toEqual({
      kind: 'verb-missing',
      operation: 'retry-messages',
      path: '/v2/dlq/retry',
      status: 404
    })
    expect(sim.state.messages).toHaveLength(20)
  })

  it('by ids: every id "not found" is never reported as gone', async () => {
    await start(0, { messages: 20, variants: { lacks: ['retry'] } })
    const ids = sim.state.messages.map(m => m.dlqId)
    const result = await resumeWorkflows(client, resumeRequest({ verb: 'retry-messages', selection: { dlqIds: ids } }))
    expect(result.failure).toEqual({ kind: 'ids-gone', ids: 20 })
    expect(result.goneOneByOne).toBeUndefined()
  })
})
