/**
 * restart-workflows end to end: the bundle in its own process, over real sockets, against the simulator's restart
 * route. The oracle is the simulator: which failed runs it restarted (each a new run from the first step), which it
 * refused (400: a run that does not support restart) and which it never saw.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { ALL_VARIANTS, startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'
import type { SimulatorOptions } from '../../sim/server.js'
import { continuation, jsonOutput } from '../support/action.js'
import { dlqIdsOf, expectEveryIdAccounted, madeBy, takenBy, writeRequests } from '../support/writes.js'
import { runAction, type ActionRun } from '../../tools/harness.js'

const TOKEN = 'sim-token-restart-e2e-5b0d37'
let sim: Simulator | undefined

afterEach(async () => {
  await sim?.close()
  sim = undefined
})

async function start(options: Partial<SimulatorOptions> = {}): Promise<Simulator> {
  sim = await startSimulator({ token: TOKEN, workflowRuns: 120, seed: 73, ...options })
  return sim
}

const restart = (s: Simulator, inputs: Record<string, string>): Promise<ActionRun> =>
  runAction({ token: TOKEN, 'base-url': s.url, operation: 'restart-workflows', ...inputs })

const restarted = (s: Simulator) => takenBy(s, 'restart-workflows')
const restartRequests = (s: Simulator) => s.requests.filter(r => r.route === 'restart')
/** Every restarted run fails again at once, back in the DLQ under a new DLQ id: what a restart must never take. */
const FAIL_AGAIN = [{ restarted: true, afterMs: 0 }]
const isOwn = (dlqId: string) => dlqId.startsWith('dlq_again_')

/** A run that restarted what it was asked and said so: exit 0, no error, the outputs naming exactly the new runs. */
function expectRestartedAll(s: Simulator, run: ActionRun, expected: readonly string[]): void {
  expect(run.errors).toEqual([])
  expect(run.code).toBe(0)
  expect([...restarted(s)].sort()).toEqual([...expected].sort())
  expect(new Set(restarted(s)).size).toBe(restarted(s).length)
  expect(run.outputs['restarted-count']).toBe(String(expected.length))
  expect(jsonOutput(run, 'workflow-run-ids')).toEqual(madeBy(s, 'restart-workflows'))
  const pairs = s.state.resumedRuns.map(r => ({
    workflowRunId: r.workflowRunId,
    workflowCreatedAt: r.workflowCreatedAt
  }))
  expect(jsonOutput(run, 'workflow-runs')).toEqual(pairs)
  // A restart is no resume: the resume path was never asked.
  expect(s.requests.filter(r => r.route === 'resume')).toEqual([])
}

describe('restart-workflows against a service that has it', () => {
  it('restarts exactly what the filters select, 50 a request, with the overrides, and says every step runs again', async () => {
    const s = await start()
    const url = s.state.workflowDlq[0]!.workflowUrl
    const from = s.state.workflowDlq[10]!.failedAt
    const expected = s.state.workflowDlq.filter(e => e.workflowUrl === url && e.failedAt >= from).map(e => e.dlqId)
    expect(expected.length).toBeGreaterThan(5)
    const run = await restart(s, {
      'workflow-url': url,
      'from-date': String(from),
      delay: '2m',
      retries: '2',
      'flow-control-key': 'restart-key',
      'flow-control-value': 'parallelism=2,period=1m'
    })
    expectRestartedAll(s, run, expected)
    expect(run.warnings).toEqual([])
    expect(run.outputs['complete']).toBe('true')
    expect(run.outputs['gone-count']).toBe('0')
    expect(jsonOutput(run, 'refused-dlq-ids')).toEqual([])
    for (const r of restartRequests(s)) {
      expect(r.query.get('count')).toBe('50')
      expect(r.query.getAll('workflowUrl')).toEqual([url])
      expect(r.query.get('fromDate')).toBe(String(from))
    }
    // The delay travels in seconds; every override is on each new run.
    for (const created of s.state.resumedRuns) {
      expect(created).toMatchObject({
        restarted: true,
        delay: '120s',
        retries: 2,
        flowControlKey: 'restart-key',
        flowControlValue: 'parallelism=2,period=1m'
      })
    }
    const side = 'every step of each restarted run ran again, from the first, side effects included'
    expect(run.stdout).toContain(side)
    expect(run.summary).toContain('Every step of each restarted run runs again, from the first, side effects included')
  })

  it('names each run refused by id (400) in refused-dlq-ids and the summary, restarts the rest, and exits 0', async () => {
    const s = await start()
    const ids = dlqIdsOf(s, 'restart-workflows').slice(0, 40)
    const refused = [ids[0]!, ids[17]!, ids[39]!]
    s.unrestartable = { dlqIds: refused }
    const run = await restart(s, { 'dlq-ids': ids.join('\n') })
    expectRestartedAll(
      s,
      run,
      ids.filter(id => !refused.includes(id))
    )
    expect([...(jsonOutput(run, 'refused-dlq-ids') as string[])].sort()).toEqual([...refused].sort())
    expect(run.warnings).toHaveLength(1)
    expect(run.warnings[0]).toMatch(/^the service refused to restart 3 runs \(each stays in the DLQ; /)
    expect(run.warnings[0]).toContain('HTTP 400')
    // Not everything asked was done: the refused runs are still there, named for a later step.
    expect(run.outputs['complete']).toBe('false')
    for (const id of refused) {
      expect(dlqIdsOf(s, 'restart-workflows')).toContain(id)
      expect(run.summary).toContain(`\`${id}\``)
    }
    expectEveryIdAccounted(run, 'restart-workflows', ids.length)
    // The ids fit one request URL: only the halving that found the refused runs split them.
    expect(run.summary).not.toContain('so that each request URL stays under 6 KB')
  })

  it('by filters refused (400): lists the rest and restarts it by id, never a run it created, each refused one named', async () => {
    const s = await start({ fates: FAIL_AGAIN, unrestartable: { share: 0.1 } })
    const before = dlqIdsOf(s, 'restart-workflows')
    const run = await restart(s, { all: 'true' })
    const refused = jsonOutput(run, 'refused-dlq-ids') as string[]
    expect(refused.length).toBeGreaterThan(0)
    expectRestartedAll(
      s,
      run,
      before.filter(id => !refused.includes(id))
    )
    expect(refused.every(id => before.includes(id))).toBe(true)
    // What the restarts created failed again at once: back in the DLQ, never taken by the same restart.
    expect(restarted(s).some(isOwn)).toBe(false)
    expect(dlqIdsOf(s, 'restart-workflows').filter(isOwn)).toHaveLength(before.length - refused.length)
    expect(run.outputs['complete']).toBe('false')
    // The request by filters was the first; every later one named its runs.
    const [first, ...rest] = restartRequests(s)
    expect(first!.query.getAll('dlqIds')).toEqual([])
    for (const r of rest) expect(r.query.getAll('dlqIds').length).toBeGreaterThan(0)
  })

  it('stops at max-entries with next-cursor, and the continuations take the rest, each run once', async () => {
    const s = await start({ fates: FAIL_AGAIN })
    const before = dlqIdsOf(s, 'restart-workflows')
    const first = await restart(s, { all: 'true', 'max-entries': '70' })
    expect(first.code).toBe(0)
    expect(first.errors).toEqual([])
    expect(restartRequests(s).map(r => r.query.get('count'))).toEqual(['50', '20'])
    expect(first.outputs['restarted-count']).toBe('70')
    expect(first.outputs['complete']).toBe('false')
    expect(first.outputs['next-cursor']).not.toBe('')
    expect(first.outputs['next-to-date']).not.toBe('')
    expect(first.summary).toContain('max-entries')
    let next = continuation(first)
    for (let stage = 0; next['cursor'] !== undefined; stage++) {
      expect(stage).toBeLessThan(5)
      const run = await restart(s, { all: 'true', 'max-entries': '70', ...next })
      expect(run.errors).toEqual([])
      next = continuation(run)
    }
    expect([...restarted(s)].sort()).toEqual([...before].sort())
    expect(new Set(restarted(s)).size).toBe(before.length)
    // Every restarted run failed again and is back, each under its new id; none was taken by a continuation.
    expect(dlqIdsOf(s, 'restart-workflows').every(isOwn)).toBe(true)
  })
})

describe('a service without restart', () => {
  it.each([404, 405] as const)(
    'answering %i to a request by filters: names the operation, nothing done',
    async status => {
      const s = await start({ variants: { lacks: ['restart'], lacksStatus: status } })
      const before = dlqIdsOf(s, 'restart-workflows')
      const run = await restart(s, { 'workflow-url': s.state.workflowDlq[0]!.workflowUrl })
      expect(run.code).toBe(1)
      expect(run.errors).toHaveLength(1)
      expect(run.errors[0]).toContain('this service does not offer restart-workflows')
      expect(run.errors[0]).toContain(`HTTP ${status}`)
      expect(run.summary.split('\n')[0]).toMatch(
        /^## ❌ Nothing restarted: the service does not offer restart-workflows/
      )
      expect(run.outputs).toMatchObject({ 'restarted-count': '0', complete: 'false', 'gone-count': '0' })
      // Nothing to continue from: no cursor, and no bound offered to a continuation.
      expect(run.outputs).toMatchObject({ 'next-cursor': '', 'next-to-date': '', 'next-from-date': '' })
      expect(jsonOutput(run, 'workflow-run-ids')).toEqual([])
      expect(jsonOutput(run, 'refused-dlq-ids')).toEqual([])
      expect(writeRequests(s)).toHaveLength(1)
      expect(dlqIdsOf(s, 'restart-workflows')).toEqual(before)
    }
  )
})

describe.each<[string, Partial<ServerVariants>]>([
  ['every variant at once', ALL_VARIANTS],
  ['no Date header', { noDateHeader: true }],
  ['a front end whose Date is 2 minutes ahead', { frontEndOffsetsMs: [120_000] }]
])('restart-workflows against a server with %s', (_name, variants) => {
  it('restarts exactly the runs of a workflow URL, never one it created', async () => {
    const s = await start({ variants, fates: FAIL_AGAIN, workflowRuns: 150 })
    const url = s.state.workflowDlq[0]!.workflowUrl
    const expected = s.state.workflowDlq.filter(e => e.workflowUrl === url).map(e => e.dlqId)
    const run = await restart(s, { 'workflow-url': url })
    expectRestartedAll(s, run, expected)
    expect(restarted(s).some(isOwn)).toBe(false)
  })

  it('restarts every dlq-id given, sent in parts each under 6 KB, and accounts for each', async () => {
    const s = await start({ variants, workflowRuns: 300 })
    const ids = dlqIdsOf(s, 'restart-workflows')
    const run = await restart(s, { 'dlq-ids': JSON.stringify(ids) })
    expectRestartedAll(s, run, ids)
    expect(run.outputs['complete']).toBe('true')
    expectEveryIdAccounted(run, 'restart-workflows', ids.length)
    expect(restartRequests(s).every(r => Buffer.byteLength(r.path) + r.query.toString().length < 6 * 1024)).toBe(true)
    expect(run.summary).toContain('so that each request URL stays under 6 KB')
  })
})
