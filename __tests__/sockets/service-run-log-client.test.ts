/**
 * The client's reading of the run log against the loopback simulator, over real sockets, with a fake sleep: both
 * paths, the fallback and the memory of it, a service without a run log, failures, and hostile answers.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'
import type { RunFate } from '../../sim/fates.js'
import { failureOf } from '../../src/failure.js'
import type { ServiceClient } from '../../src/service/client.js'
import type { RunLogRead, RunRef } from '../../src/service/run-log.js'
import { failure, QUICK_RETRY, recordingClient } from '../support/client.js'

const TOKEN = 'Run-Log-Client-5c8e1f2a'
const T0 = Date.UTC(2026, 10, 1)
let sim: Simulator
let client: ServiceClient
let log: string[]
let waits: number[]
let time = T0

afterEach(async () => {
  await client.close()
  await sim.close()
})

async function start(variants: Partial<ServerVariants> = {}, fates: RunFate[] = [], token = TOKEN): Promise<void> {
  time = T0
  sim = await startSimulator({ token: TOKEN, workflowRuns: 60, seed: 5, now: T0, clock: () => time, fates, variants })
  ;({ client, log, waits } = recordingClient(sim.url, token))
}

/** Resumes `count` runs through the client, as the action does. */
async function resumed(count: number): Promise<RunRef[]> {
  const page = await client.resumeWorkflowsPage(new URLSearchParams({ count: String(count) }), {})
  return page.workflowRuns as RunRef[]
}

const runLogRequests = () => sim.requests.filter(r => r.route === 'run-log')
const read = (answer: RunLogRead) => {
  if (answer.kind !== 'read') throw new Error(`expected a reading, got ${answer.kind}`)
  return answer
}
const states = (answer: RunLogRead) => [...read(answer).runs.values()].map(r => r.state)

describe('the documented path', () => {
  it('asks 10 runs a request, count 10, and reads each state as it stands on the service clock', async () => {
    await start({}, [{ afterMs: 30_000, firstErrorAfterMs: 5_000, share: 0.5, completeAfterMs: 10_000 }])
    const runs = await resumed(25)
    const first = read(await client.readRunLog(runs, 100))
    expect(first).toMatchObject({ path: 'logs', requests: 3, problems: [], unasked: [] })
    expect(states(first)).toEqual(Array(25).fill('RUN_STARTED'))
    const asked = runLogRequests().map(r => r.query.get('workflowRuns')?.split(',').length)
    expect(asked).toEqual([10, 10, 5])
    expect(runLogRequests().map(r => `${r.path} ${r.query.get('count')}`)).toEqual([
      '/v2/workflows/logs 10',
      '/v2/workflows/logs 10',
      '/v2/workflows/logs 5'
    ])
    expect(runLogRequests()[0]?.query.get('workflowRuns')?.split(',')[0]).toBe(
      `${runs[0]?.workflowRunId}@${runs[0]?.workflowCreatedAt}`
    )
    time = T0 + 30_000
    const later = await client.readRunLog(runs, 100)
    const counts = states(later).reduce<Record<string, number>>(
      (n, s) => ({ ...n, [s ?? '-']: (n[s ?? '-'] ?? 0) + 1 }),
      {}
    )
    expect(Object.keys(counts).sort()).toEqual(['RUN_FAILED', 'RUN_SUCCESS'])
    const failed = [...read(later).runs.values()].find(r => r.state === 'RUN_FAILED')
    expect(failed?.dlqId).toMatch(/^dlq_again_/)
    expect(failed?.steps[0]?.firstError).toMatchObject({ status: 500, time: T0 + 5_000 })
  })

  it('sends nothing for no runs, and leaves a run the service does not know out', async () => {
    await start()
    expect(await client.readRunLog([], 10)).toEqual({
      kind: 'read',
      runs: new Map(),
      problems: [],
      unasked: [],
      requests: 0
    })
    const answer = read(await client.readRunLog([{ workflowRunId: 'wfr_nobody', workflowCreatedAt: T0 }], 10))
    expect(answer.runs.size).toBe(0)
    expect(answer.requests).toBe(1)
  })

  it('never sends a run it cannot name: an id with a comma, or one too long for a URL under 6 KB', async () => {
    await start()
    const runs = await resumed(1)
    const odd = [
      { workflowRunId: 'wfr_a,wfr_b', workflowCreatedAt: T0 },
      { workflowRunId: 'w'.repeat(7_000), workflowCreatedAt: T0 }
    ]
    const answer = read(await client.readRunLog([...odd, ...runs], 10))
    expect(answer.unasked).toEqual(odd.map(r => r.workflowRunId))
    expect([...answer.runs.keys()]).toEqual([runs[0]?.workflowRunId])
    expect(runLogRequests().map(r => r.query.get('workflowRuns'))).toEqual([`${runs[0]?.workflowRunId}@${T0}`])
  })

  it('follows a cursor within a request, bounded by max-pages and the repeated-cursor guard', async () => {
    await start()
    const runs = await resumed(3)
    sim.inject({ route: 'run-log', fault: { kind: 'set-cursor', cursor: 'l1.1' } })
    const paged = read(await client.readRunLog(runs, 10))
    expect(paged.requests).toBe(2)
    expect(runLogRequests()[1]?.query.get('cursor')).toBe('l1.1')
    expect(paged.runs.size).toBe(3)
    const stopped = async (maxPages: number) =>
      failureOf(
        await client.readRunLog(runs, maxPages).then(
          () => undefined,
          (e: unknown) => e
        )
      )
    sim.inject({ route: 'run-log', fault: { kind: 'set-cursor', cursor: 'l1.1' }, times: Infinity })
    expect(await stopped(1)).toMatchObject({ kind: 'max-pages', input: 'max-pages', pages: 1 })
    expect(await stopped(10)).toMatchObject({ kind: 'repeated-cursor', pages: 2 })
  })
})

describe("the SDK's path", () => {
  it('is asked, a run a request, where the documented path answers 404, and remembered', async () => {
    await start({ runLogEventsOnly: true, runLogWorkflowCreatedAt: true })
    const runs = await resumed(3)
    const first = read(await client.readRunLog(runs, 10))
    expect(first).toMatchObject({ path: 'events', requests: 4 })
    expect([...first.runs.values()].map(r => r.workflowCreatedAt)).toEqual(runs.map(r => r.workflowCreatedAt))
    expect(runLogRequests().map(r => r.path)).toEqual([
      '/v2/workflows/logs',
      '/v2/workflows/events',
      '/v2/workflows/events',
      '/v2/workflows/events'
    ])
    expect(runLogRequests()[1]?.query.toString()).toBe(
      `groupBy=workflowRunId&workflowRunId=${runs[0]?.workflowRunId}&workflowCreatedAt=${runs[0]?.workflowCreatedAt}`
    )
    expect(log).toEqual(['GET /v2/workflows/logs: HTTP 404; asking GET /v2/workflows/events instead, as the SDK does'])
    const again = read(await client.readRunLog(runs, 10))
    expect(again.requests).toBe(3)
    expect(
      runLogRequests()
        .slice(4)
        .every(r => r.path === '/v2/workflows/events')
    ).toBe(true)
  })
})

describe('a service without a run log', () => {
  it('answers 404 on both paths: no run log, not an error, said once and remembered', async () => {
    await start({ noRunLog: true })
    const runs = await resumed(12)
    expect(await client.readRunLog(runs, 10)).toEqual({ kind: 'absent', requests: 2 })
    expect(log).toEqual([
      'GET /v2/workflows/logs: HTTP 404; asking GET /v2/workflows/events instead, as the SDK does',
      'GET /v2/workflows/events: HTTP 404 as well: this service keeps no run log'
    ])
    expect(await client.readRunLog(runs, 10)).toEqual({ kind: 'absent', requests: 0 })
    expect(runLogRequests()).toHaveLength(2)
  })

  it('is not concluded from a 404 after the path answered, in an earlier reading or on an earlier page', async () => {
    await start()
    const runs = await resumed(2)
    sim.inject({ route: 'run-log', fault: { kind: 'set-cursor', cursor: 'l1.1' } })
    sim.inject({ route: 'run-log', fault: { kind: 'status', status: 404 } })
    expect((await failure(client.readRunLog(runs, 10))).status).toBe(404)
    expect(runLogRequests().map(r => r.path)).toEqual(['/v2/workflows/logs', '/v2/workflows/logs'])
    await client.readRunLog(runs, 10)
    sim.inject({ route: 'run-log', fault: { kind: 'status', status: 404 } })
    expect((await failure(client.readRunLog(runs, 10))).status).toBe(404)
    expect(runLogRequests().every(r => r.path === '/v2/workflows/logs')).toBe(true)
  })
})

describe('failures', () => {
  it('a refused token is an error, not a missing run log', async () => {
    await start({}, [], 'wrong-token')
    const err = await failure(client.readRunLog([{ workflowRunId: 'w', workflowCreatedAt: T0 }], 10))
    expect(err.status).toBe(401)
    expect(err.message).toContain('GET /v2/workflows/logs')
  })

  it('a 5xx is retried as every request is, and an error after the last attempt', async () => {
    await start()
    const runs = await resumed(2)
    sim.inject({ route: 'run-log', fault: { kind: 'status', status: 503 } })
    expect(states(await client.readRunLog(runs, 10))).toEqual(['RUN_STARTED', 'RUN_STARTED'])
    expect(waits).toEqual([250])
    expect(log).toEqual(['GET /v2/workflows/logs: HTTP 503 (attempt 1 of 5); retrying in 0.3 s'])
    sim.inject({ route: 'run-log', fault: { kind: 'status', status: 502 }, times: Infinity })
    const err = await failure(client.readRunLog(runs, 10))
    expect(err.message).toContain('failed after 5 attempts: HTTP 502')
  })

  it('a 503 on the fallback path is an error too, not a missing run log', async () => {
    await start({ runLogEventsOnly: true })
    const runs = await resumed(1)
    await client.close()
    ;({ client, log, waits } = recordingClient(sim.url, TOKEN, QUICK_RETRY))
    sim.inject({ route: 'run-log', fault: { kind: 'status', status: 503 }, skip: 1, times: Infinity })
    expect((await failure(client.readRunLog(runs, 10))).status).toBe(503)
  })

  it('a 429 waits as the service asks and retries', async () => {
    await start()
    const runs = await resumed(1)
    sim.inject({ route: 'run-log', fault: { kind: 'status', status: 429, headers: { 'Retry-After': '7' } } })
    expect(states(await client.readRunLog(runs, 10))).toEqual(['RUN_STARTED'])
    expect(waits).toEqual([7_000])
  })
})

describe('hostile answers', () => {
  const hostile = async (body: string) => {
    await start()
    const runs = await resumed(1)
    sim.inject({ route: 'run-log', fault: { kind: 'malformed', body } })
    return { runs, answer: client.readRunLog(runs, 10) }
  }

  it('a body that is not JSON fails naming the path, the token taken out', async () => {
    const { answer } = await hostile(`<html>${TOKEN}</html>`)
    const err = await failure(answer)
    expect(err.message).toContain('GET /v2/workflows/logs answered 200 with a body that is not JSON: <html>***</html>')
  })

  it('an envelope of the wrong type fails naming the field', async () => {
    const { answer } = await hostile('{"runs":"all of them","cursor":""}')
    expect((await failure(answer)).error.failure).toMatchObject({
      request: { cause: { kind: 'malformed', field: 'runs' } }
    })
  })

  it('runs of the wrong types are named and left out or kept without the field, the rest read', async () => {
    await start()
    const runs = await resumed(1)
    const id = runs[0]?.workflowRunId as string
    const body = JSON.stringify({
      runs: [42, { workflowRunId: ['x'] }, { workflowRunId: id, workflowState: { a: 1 } }]
    })
    sim.inject({ route: 'run-log', fault: { kind: 'malformed', body } })
    const answer = read(await client.readRunLog(runs, 10))
    expect([...answer.runs.keys()]).toEqual([id])
    expect(answer.problems.map(p => [p.index, p.kept])).toEqual([
      [0, false],
      [1, false],
      [2, true]
    ])
  })

  it('a secret in an error text is taken out, and a huge text cut as a response sample', async () => {
    await start()
    const runs = await resumed(1)
    const id = runs[0]?.workflowRunId as string
    const errors = [{ error: `token ${TOKEN} ${'z'.repeat(1_000_000)}`, status: 500, time: T0 + 1 }]
    const body = JSON.stringify({
      runs: [{ workflowRunId: id, workflowState: 'RUN_STARTED', steps: [{ steps: [{ state: 'STEP_RETRY', errors }] }] }]
    })
    sim.inject({ route: 'run-log', fault: { kind: 'malformed', body } })
    const error = read(await client.readRunLog(runs, 10)).runs.get(id)?.steps[0]?.firstError
    expect(error?.bodySample.startsWith('token *** zzz')).toBe(true)
    expect(error?.bodySample).toHaveLength(500)
    expect(error?.bodyCut).toBe(true)
  })

  it('a body over the size cap fails as unreadable, without filling memory', async () => {
    const { answer } = await hostile(`{"runs":[],"pad":"${'p'.repeat(65 * 1024 * 1024)}"}`)
    expect((await failure(answer)).error.failure).toMatchObject({
      request: { cause: { kind: 'unreadable', reason: 'a body larger than 64 MiB' } }
    })
  })
})
