/**
 * delete-dlq over real sockets against the simulator: it archives what it lists, then deletes exactly those entries by
 * their DLQ ids; the oracle is what the simulator's DLQ holds afterwards, and what each DELETE request named.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deleteDlq, type DeleteRequest } from '../../src/operations/delete-dlq.js'
import type { ServiceClient } from '../../src/service/client.js'
import { StopController } from '../../src/stop.js'
import { DESTINATION_CREDENTIALS } from '../../sim/seed.js'
import { startSimulator, type SimMessage, type Simulator } from '../../sim/index.js'
import type { SimulatorOptions } from '../../sim/server.js'
import { QUICK_RETRY, recordingClient } from '../support/client.js'
import { TestClock } from '../support/clock.js'
import { resumeRequest } from '../support/results.js'

const T0 = Date.UTC(2026, 10, 28, 9, 0, 0)
const TOKEN = 'sim-token-38d2b7f0'
const DAY = 86_400_000
let sim: Simulator
let client: ServiceClient
let dir: string
let log: string[]

async function start(options: Partial<SimulatorOptions> = {}, stop?: StopController): Promise<void> {
  sim = await startSimulator({ token: TOKEN, messages: 250, workflowRuns: 40, seed: 38, now: T0, ...options })
  client = recordingClient(sim.url, TOKEN, { ...QUICK_RETRY, ...(stop ? { stop } : {}) }).client
  dir = await mkdtemp(join(tmpdir(), 'delete-dlq-'))
  log = []
}

afterEach(async () => {
  await client.close()
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

/** A delete of `request`'s selection into an archive in the test's folder, on the simulator's clock. */
function remove(request: Partial<DeleteRequest['request']>, more: Partial<DeleteRequest> = {}) {
  const asked: DeleteRequest = {
    request: resumeRequest({ verb: 'delete-dlq', ...request }),
    dryRun: false,
    archiveFile: join(dir, 'archive.ndjson'),
    ...more
  }
  const hooks = { clock: new TestClock(T0), log: (line: string) => log.push(line), encode: JSON.stringify, now: T0 }
  return deleteDlq(client, asked, hooks)
}

const archived = async (path = join(dir, 'archive.ndjson')) =>
  (await readFile(path, 'utf8'))
    .split('\n')
    .filter(line => line !== '')
    .map(line => JSON.parse(line) as SimMessage & { causeKey?: string; workflowRunId?: string })
const deletes = () => sim.requests.filter(r => r.route === 'delete')
const messageIds = () => sim.state.messages.map(m => m.dlqId)

describe('a delete by filters', () => {
  it('archives what it lists, then deletes exactly those by their DLQ ids: an arrival during the delete survives', async () => {
    await start()
    const url = sim.state.messages[0]!.url
    const selected = sim.state.messages.filter(m => m.url === url)
    const arrival = { ...sim.state.messages[0]!, messageId: 'msg_arrived', dlqId: 'dlq_arrived', createdAt: T0 - DAY }
    // A message of the same destination fails as the first delete request arrives: after the listing.
    sim.onRequest = request => {
      if (request.route === 'delete' && !sim.state.messages.some(m => m.dlqId === 'dlq_arrived')) {
        sim.addFailedMessage(arrival)
      }
    }
    const result = await remove({ selection: { url: [url] } })
    expect(result.failure).toBeUndefined()
    expect(result.deleted).toBe(selected.length)
    expect(result.listed).toBe(selected.length)
    const lines = await archived()
    expect(lines.map(m => m.dlqId)).toEqual(selected.map(m => m.dlqId))
    // As listed: bodies included.
    expect(lines.map(m => m.body)).toEqual(selected.map(m => m.body))
    expect(sim.state.messages.filter(m => m.url === url).map(m => m.dlqId)).toEqual(['dlq_arrived'])
    // Never the filter: every request names ids, at most 100, and only ids the archive holds.
    const named = deletes().flatMap(r => r.query.getAll('dlqIds'))
    expect(deletes().every(r => r.query.getAll('dlqIds').length <= 100 && !r.query.has('url'))).toBe(true)
    expect(named.sort()).toEqual(selected.map(m => m.dlqId).sort())
    expect(result.archiveFile).toBe(join(dir, 'archive.ndjson'))
  })

  it('deletes 250 messages in three requests of at most 100 ids', async () => {
    await start()
    const result = await remove({ all: true })
    expect([result.deleted, result.requests, result.parts]).toEqual([250, 3, 3])
    expect(deletes().map(r => r.query.getAll('dlqIds').length)).toEqual([100, 100, 50])
    expect(sim.state.messages).toEqual([])
    expect(sim.state.workflowDlq).toHaveLength(40)
  })

  it('with source workflow, deletes failed workflow runs on their own path', async () => {
    await start()
    const url = sim.state.workflowDlq[0]!.workflowUrl
    const selected = sim.state.workflowDlq.filter(e => e.workflowUrl === url).map(e => e.dlqId)
    const result = await remove({ source: 'workflow', selection: { workflowUrl: url } })
    expect([result.dlq, result.deleted]).toEqual(['workflow', selected.length])
    expect(deletes().every(r => r.path === '/v2/workflows/dlq')).toBe(true)
    expect(sim.state.workflowDlq.some(e => e.workflowUrl === url)).toBe(false)
    expect(sim.state.messages).toHaveLength(250)
    expect((await archived()).every(line => typeof line.workflowRunId === 'string')).toBe(true)
  })
})

describe('the archive', () => {
  it('redacts credential header values as messages-file does, and keeps the rest of each entry', async () => {
    await start({ credentialsEvery: 5 })
    await remove({ all: true })
    const text = await readFile(join(dir, 'archive.ndjson'), 'utf8')
    for (const secret of Object.values(DESTINATION_CREDENTIALS).flat()) expect(text).not.toContain(secret)
    const withCredentials = (await archived()).filter(m => m.header?.Authorization !== undefined)
    expect(withCredentials.length).toBe(50)
    expect(withCredentials[0]!.header).toMatchObject({
      Authorization: ['[redacted]'],
      'Content-Type': ['application/json']
    })
  })

  it('that cannot be written: nothing is deleted', async () => {
    if (!existsSync('/dev/full')) return
    await start()
    // Every write to /dev/full fails with ENOSPC, as a full disk does.
    const result = await remove({ all: true }, { archiveFile: '/dev/full' })
    expect(result.failure).toMatchObject({ kind: 'file', input: 'archive-file', code: 'ENOSPC' })
    expect([result.deleted, result.archiveFile]).toEqual([0, undefined])
    expect(deletes()).toEqual([])
    expect(sim.state.messages).toHaveLength(250)
  })
})

describe('the guards', () => {
  it('a cap the listing exceeds refuses before any delete', async () => {
    await start()
    const result = await remove({ all: true, maxRuns: 120 })
    expect(result.failure).toEqual({ kind: 'cap-exceeded', input: 'max-entries', cap: 120, found: 121 })
    expect(deletes()).toEqual([])
    expect(sim.state.messages).toHaveLength(250)
  })

  it('a cap the listing does not exceed lets the delete go', async () => {
    await start()
    const url = sim.state.messages[0]!.url
    const selected = sim.state.messages.filter(m => m.url === url).length
    const result = await remove({ selection: { url: [url] }, maxRuns: selected })
    expect([result.failure, result.deleted]).toEqual([undefined, selected])
  })

  it('expect-count refuses a selection of another size, naming both', async () => {
    await start()
    const result = await remove({ all: true }, { expectCount: 249 })
    expect(result.failure).toEqual({ kind: 'count-mismatch', expected: 249, found: 250, complete: true })
    expect(deletes()).toEqual([])
  })

  it('a dry run lists and deletes nothing', async () => {
    await start()
    const result = await remove({ all: true }, { dryRun: true, planFile: join(dir, 'plan.ndjson') })
    expect([result.dryRun, result.listed, result.deleted, result.notDeleted]).toEqual([true, 250, 0, 0])
    expect(result.planFile).toBe(join(dir, 'plan.ndjson'))
    expect(await archived(join(dir, 'plan.ndjson'))).toHaveLength(250)
    expect(deletes()).toEqual([])
  })
})

describe('older-than', () => {
  // The service's clock is 30 minutes behind the runner's (the test clock): its Date is what counts.
  const serviceNow = T0 - 30 * 60_000
  const toDate = Math.floor(serviceNow / 1000) * 1000 - 3 * DAY

  it("deletes what was created longer ago than that on the service's clock, and nothing younger", async () => {
    await start({ clock: () => serviceNow })
    const old = sim.state.messages.filter(m => m.createdAt <= toDate).map(m => m.dlqId)
    expect(old.length).toBeGreaterThan(0)
    const result = await remove({}, { olderThan: { ms: 3 * DAY, text: '3d' } })
    expect(result.olderThan).toMatchObject({ clock: 'service', toDate, text: '3d' })
    expect(result.deleted).toBe(old.length)
    expect(sim.state.messages).toHaveLength(250 - old.length)
    expect(sim.state.messages.every(m => m.createdAt > toDate)).toBe(true)
  })

  it('judges each entry by its createdAt: of dlq-ids given, the younger ones are left and counted', async () => {
    await start({ clock: () => serviceNow })
    const ids = messageIds()
    const old = sim.state.messages.filter(m => m.createdAt <= toDate).length
    const result = await remove({ selection: { dlqIds: ids } }, { olderThan: { ms: 3 * DAY, text: '3d' } })
    expect(result.deleted).toBe(old)
    expect(result.leftOut).toEqual({ younger: 250 - old, undated: 0 })
    expect(sim.state.messages.every(m => m.createdAt > toDate)).toBe(true)
  })

  it('where the dates filter on the time an entry entered the DLQ, still takes nothing younger', async () => {
    await start({ clock: () => serviceNow, variants: { datesOnEntryTime: true } })
    const younger = sim.state.messages.filter(m => m.createdAt > toDate).length
    const result = await remove({}, { olderThan: { ms: 3 * DAY, text: '3d' } })
    expect(result.deleted).toBeGreaterThan(0)
    expect(sim.state.messages.filter(m => m.createdAt > toDate)).toHaveLength(younger)
    expect((await archived()).filter(m => m.createdAt > toDate)).toEqual([])
  })
})

describe('re-run safe', () => {
  it('counts ids given that are gone, one by one, as already gone, not as a failure', async () => {
    await start()
    const ids = messageIds().slice(0, 150)
    // Ten were deleted before the listing; five more leave between the listing and the first delete request.
    sim.state.messages = sim.state.messages.filter(m => !ids.slice(0, 10).includes(m.dlqId))
    const leaving = ids.slice(60, 65)
    sim.onRequest = request => {
      if (request.route === 'delete') sim.state.messages = sim.state.messages.filter(m => !leaving.includes(m.dlqId))
    }
    const result = await remove({ selection: { dlqIds: ids } })
    expect(result.failure).toBeUndefined()
    expect(result.goneWhenListed).toBe(10)
    expect(result.goneOneByOne).toEqual({ count: 5, named: expect.arrayContaining(leaving) })
    expect(result.deleted).toBe(135)
    expect([result.possiblyDeleted, result.notDeleted, result.uncounted]).toEqual([0, 0, 0])
    expect(sim.state.messages.some(m => ids.includes(m.dlqId))).toBe(false)
  })

  it('a lost answer: the ids it named are possibly deleted, never a service without the delete', async () => {
    await start()
    // The first delete request is carried out, then its connection drops before any byte of the answer.
    sim.inject({ route: 'delete', fault: { kind: 'lose-answer' } })
    const result = await remove({ all: true })
    expect(result.failure).toBeUndefined()
    expect(result.deleted).toBe(150)
    expect(result.possiblyDeleted).toBe(100)
    expect(result.goneOneByOne.count).toBe(0)
    expect(sim.state.messages).toEqual([])
    // The truth lies within what was said: at least `deleted`, at most `deleted + possiblyDeleted`.
    expect(250).toBeLessThanOrEqual(result.deleted + result.possiblyDeleted)
  })

  it('a cancel stops before the next request and says what was deleted and what was not', async () => {
    const stop = new StopController({ set: () => 0, clear: () => {} })
    await start({}, stop)
    sim.onRequest = request => {
      if (request.route === 'delete' && deletes().length === 2) stop.receive('SIGINT')
    }
    const result = await remove({ all: true })
    expect(result.failure).toEqual({ kind: 'cancelled', signal: 'SIGINT' })
    // The request under way when the signal came finishes: SIGINT stops what is new.
    expect(result.deleted).toBe(200)
    expect(result.notDeleted).toBe(50)
    expect(sim.state.messages).toHaveLength(50)
    expect(deletes()).toHaveLength(2)
  })
})

describe('a service without the delete', () => {
  it('is told from the ids it listed a moment ago, every one "not found": nothing deleted, none called gone', async () => {
    await start({ variants: { lacks: ['delete'] } })
    const result = await remove({ all: true })
    expect(result.failure).toMatchObject({ kind: 'verb-missing', operation: 'delete-dlq', path: '/v2/dlq' })
    expect([result.deleted, result.goneOneByOne.count, result.possiblyDeleted]).toEqual([0, 0, 0])
    expect(sim.state.messages).toHaveLength(250)
  })

  it('an answer counting more than the ids named stops the delete at once', async () => {
    await start()
    sim.inject({ route: 'delete', fault: { kind: 'malformed', status: 200, body: '{"deleted": 5000}' } })
    const result = await remove({ all: true })
    expect(result.failure).toMatchObject({
      kind: 'request',
      request: { cause: { kind: 'malformed', field: 'deleted' } }
    })
    expect(deletes()).toHaveLength(1)
  })
})
