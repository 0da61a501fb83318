/**
 * Properties of delete-dlq over the simulator: random DLQs and selections, answers lost after the work, errors the
 * retries may or may not get past, entries leaving between the listing and the delete, an entry arriving during it,
 * a cap, a cancel at any request. Whatever happens, what the step says holds against what the simulator did. A fixed
 * seed, so CI runs the same cases; a failure prints its seed and shrunk scenario: keep it as a plain test.
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deleteDlq } from '../../src/operations/delete-dlq.js'
import { StopController } from '../../src/stop.js'
import type { Fault } from '../../sim/faults.js'
import { startSimulator } from '../../sim/index.js'
import { QUICK_RETRY, recordingClient } from '../support/client.js'
import { TestClock } from '../support/clock.js'
import { resumeRequest } from '../support/results.js'

const SEED = Number(process.env.DELETE_SEED ?? 38_038)
const RUNS = Number(process.env.DELETE_RUNS ?? 40)
const T0 = Date.UTC(2026, 10, 28, 9, 0, 0)
const TOKEN = 'sim-token-prop-38'

const faultArb: fc.Arbitrary<Fault> = fc.oneof(
  fc.constant<Fault>({ kind: 'lose-answer' }),
  fc.constant<Fault>({ kind: 'drop' }),
  fc.constantFrom(500, 502, 503, 504).map((status): Fault => ({ kind: 'status', status }))
)

const scenarioArb = fc.record({
  messages: fc.integer({ min: 0, max: 330 }),
  seed: fc.integer({ min: 1, max: 1000 }),
  /** by: everything (all), one destination's messages, or ids given (some of them gone before the listing) */
  by: fc.constantFrom('all', 'url', 'ids'),
  goneBeforeListing: fc.nat({ max: 15 }),
  /** entries that leave between the listing and the first delete request */
  goneBeforeDelete: fc.nat({ max: 15 }),
  arrival: fc.boolean(),
  faults: fc.array(fc.record({ fault: faultArb, skip: fc.nat({ max: 6 }) }), { maxLength: 4 }),
  cap: fc.option(fc.integer({ min: 1, max: 340 }), { nil: undefined }),
  cancelAt: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined })
})

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer S> ? S : never

/** Runs one scenario and checks what must hold; throws with what did not. */
async function holds(scenario: Scenario): Promise<void> {
  const sim = await startSimulator({
    token: TOKEN,
    messages: scenario.messages,
    workflowRuns: 0,
    seed: scenario.seed,
    now: T0
  })
  const stop = new StopController({ set: () => 0, clear: () => {} })
  const { client } = recordingClient(sim.url, TOKEN, { ...QUICK_RETRY, stop })
  const dir = await mkdtemp(join(tmpdir(), 'delete-prop-'))
  try {
    const all = sim.state.messages.map(m => m.dlqId)
    const url = sim.state.messages[0]?.url ?? 'https://none.example.com'
    const ids = scenario.by === 'ids' ? all.filter((_, i) => i % 3 !== 1) : undefined
    // Gone before the listing, and between the listing and the delete: never this step's doing.
    const removed = new Set(all.filter((_, i) => i % 17 === 5).slice(0, scenario.goneBeforeListing))
    sim.state.messages = sim.state.messages.filter(m => !removed.has(m.dlqId))
    const leaving = all.filter((_, i) => i % 13 === 2).slice(0, scenario.goneBeforeDelete)
    let deletes = 0
    let arrived = false
    sim.onRequest = request => {
      if (request.route !== 'delete') return
      deletes++
      if (deletes === 1) {
        for (const id of leaving) removed.add(id)
        sim.state.messages = sim.state.messages.filter(m => !removed.has(m.dlqId))
        const first = sim.state.messages[0]
        if (scenario.arrival && first !== undefined) {
          sim.addFailedMessage({ ...first, url, messageId: 'msg_arrived', dlqId: 'dlq_arrived', createdAt: T0 - 1 })
          arrived = true
        }
      }
      if (deletes === scenario.cancelAt) stop.receive('SIGINT')
    }
    for (const { fault, skip } of scenario.faults) sim.inject({ route: 'delete', fault, skip })
    const before = new Set(sim.state.messages.map(m => m.dlqId))
    const archive = join(dir, 'archive.ndjson')
    const request = resumeRequest({
      verb: 'delete-dlq',
      all: scenario.by === 'all',
      selection: scenario.by === 'url' ? { url: [url] } : scenario.by === 'ids' ? { dlqIds: ids } : {},
      ...(scenario.cap !== undefined ? { maxRuns: scenario.cap } : {})
    })
    const hooks = { clock: new TestClock(T0), log: () => {}, encode: JSON.stringify, now: T0 }
    const result = await deleteDlq(client, { request, dryRun: false, archiveFile: archive }, hooks)

    const after = new Set(sim.state.messages.map(m => m.dlqId))
    const byStep = [...before].filter(id => !after.has(id) && !removed.has(id))
    const text = await readFile(archive, 'utf8').catch(() => '')
    const archived = new Set(
      text
        .split('\n')
        .filter(Boolean)
        .map(line => (JSON.parse(line) as { dlqId: string }).dlqId)
    )
    // Only what the archive holds was deleted: an arrival survives, the filter is never sent.
    expect(byStep.filter(id => !archived.has(id))).toEqual([])
    expect(after.has('dlq_arrived')).toBe(arrived)
    // The truth lies within what was said: at least `deleted`, at most `deleted + possiblyDeleted`.
    expect(byStep.length).toBeGreaterThanOrEqual(result.deleted)
    expect(byStep.length).toBeLessThanOrEqual(result.deleted + result.possiblyDeleted)
    // Already gone is what left by other hands, never what this step deleted.
    expect(result.goneOneByOne.named.filter(id => !removed.has(id))).toEqual([])
    if (result.failure?.kind === 'cap-exceeded' || (result.failure?.kind === 'request' && deletes === 0)) {
      expect(byStep).toEqual([])
    }
    if (result.requests > 0 || result.possiblyDeleted > 0) {
      // Every id listed is placed once.
      const placed =
        result.deleted + result.goneOneByOne.count + result.possiblyDeleted + result.uncounted + result.notDeleted
      expect(placed).toBe(result.listed)
    }
    if (
      result.failure === undefined &&
      result.possiblyDeleted === 0 &&
      result.notDeleted === 0 &&
      result.uncounted === 0
    ) {
      // Complete: nothing listed is left.
      expect([...archived].filter(id => after.has(id))).toEqual([])
    }
    if (scenario.cap !== undefined && result.listed > scenario.cap) expect(result.failure?.kind).toBe('cap-exceeded')
  } finally {
    sim.onRequest = undefined
    await client.close()
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  }
}

describe('delete-dlq over the simulator', () => {
  it('says what it deleted within the truth, and deletes nothing it did not archive', async () => {
    await fc.assert(fc.asyncProperty(scenarioArb, holds), { seed: SEED, numRuns: RUNS })
  }, 300_000)
})
