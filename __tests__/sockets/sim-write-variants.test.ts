/** Servers whose writes differ (wire contract, section 6): one without an operation, one whose write dates differ. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'
import { call } from '../support/sim-http.js'

const T0 = Date.UTC(2026, 10, 1)
let sim: Simulator

afterEach(async () => {
  await sim.close()
})

async function start(variants: Partial<ServerVariants>): Promise<void> {
  sim = await startSimulator({ messages: 50, workflowRuns: 50, seed: 3, now: T0, clock: () => T0, variants })
}

/** Each write as a client sends it by filters, by ids (of entries that exist) and on its one-entry path. */
const WRITES = {
  retry: { method: 'POST', bulk: '/v2/dlq/retry', one: '/v2/dlq/retry/', dlq: 'messages', filter: 'url' },
  restart: {
    method: 'POST',
    bulk: '/v2/workflows/dlq/restart',
    one: '/v2/workflows/dlq/restart/',
    dlq: 'runs',
    filter: 'workflowUrl'
  },
  delete: { method: 'DELETE', bulk: '/v2/dlq', one: '/v2/dlq/', dlq: 'messages', filter: 'url' }
} as const

/** The answers of one write's three shapes; the sizes of both DLQs after them. */
async function askThreeWays(write: (typeof WRITES)[keyof typeof WRITES]) {
  const entries = write.dlq === 'messages' ? sim.state.messages : sim.state.workflowDlq
  const [first, second] = entries.slice(0, 2)
  const filterValue = first && 'url' in first ? first.url : (first?.workflowUrl ?? '')
  const byFilter = await call(sim, write.method, write.bulk, { [write.filter]: filterValue, count: 10 })
  const byIds = await call(sim, write.method, write.bulk, { dlqIds: [first?.dlqId ?? '', second?.dlqId ?? ''] })
  const one = await call(sim, write.method, `${write.one}${first?.dlqId}`)
  const gone = await call(sim, write.method, write.bulk, { dlqIds: 'dlq_gone' })
  return { byFilter, byIds, one, gone, sizes: [sim.state.messages.length, sim.state.workflowDlq.length] }
}

describe('a server that lacks an operation', () => {
  it.each(Object.keys(WRITES) as Array<keyof typeof WRITES>)(
    'without %s: 404 by filters, the 404 of a gone id by ids and on the one-entry path, nothing done',
    async name => {
      await start({ lacks: [name] })
      const { byFilter, byIds, one, gone, sizes } = await askThreeWays(WRITES[name])
      expect([byFilter.status, byFilter.body]).toEqual([404, { error: 'not found' }])
      expect([byIds.status, one.status]).toEqual([gone.status, 404])
      expect([byIds.body, one.body]).toEqual([{ error: 'not found' }, { error: 'not found' }])
      expect(sizes).toEqual([50, 50])
      expect(sim.state.retriedMessages.length + sim.state.resumedRuns.length).toBe(0)
    }
  )

  it.each(Object.keys(WRITES) as Array<keyof typeof WRITES>)(
    'without %s, answering 405: 405 by filters only (Allow names what the path still serves)',
    async name => {
      await start({ lacks: [name], lacksStatus: 405 })
      const { byFilter, byIds, one, sizes } = await askThreeWays(WRITES[name])
      expect([byFilter.status, byFilter.headers.get('allow')]).toEqual([405, name === 'delete' ? 'GET' : ''])
      expect([byIds.status, one.status]).toEqual([404, 404])
      expect(sizes).toEqual([50, 50])
    }
  )

  it('still serves the operations it has, and the listing', async () => {
    await start({ lacks: ['retry', 'delete'] })
    const restarted = await call(sim, 'POST', '/v2/workflows/dlq/restart', { count: 5 })
    expect(restarted.body.workflowRuns).toHaveLength(5)
    expect((await call(sim, 'GET', '/v2/dlq', { count: 5 })).body.messages).toHaveLength(5)
    expect((await call(sim, 'DELETE', '/v2/workflows/dlq', { count: 5 })).status).toBe(404)
    expect(sim.requests.map(r => r.route)).toEqual(['restart', 'list', 'delete'])
  })
})

describe('write dates on the DLQ entry time', () => {
  /** The dlqIds the listing gives for a date range, and those a delete with the same range takes. */
  async function listedAndDeleted(variants: Partial<ServerVariants>): Promise<[string[], string[]]> {
    await start(variants)
    const [from, to] = [sim.state.messages[10]?.createdAt as number, sim.state.messages[30]?.createdAt as number]
    const listed = await call(sim, 'GET', '/v2/dlq', { fromDate: from, toDate: to })
    const before = new Set(sim.state.messages.map(m => m.dlqId))
    await call(sim, 'DELETE', '/v2/dlq', { fromDate: from, toDate: to })
    const after = new Set(sim.state.messages.map(m => m.dlqId))
    await sim.close()
    return [listed.body.messages?.map(m => m.dlqId) ?? [], [...before].filter(id => !after.has(id))]
  }

  it('select other messages on a write than on the listing when one of the two reads the entry time', async () => {
    const [listed, deleted] = await listedAndDeleted({})
    expect(deleted).toEqual(listed)
    const [, onEntryTime] = await listedAndDeleted({ writeDatesOnEntryTime: true })
    expect(onEntryTime).not.toEqual(listed)
    const [listedOnEntry, deletedOnCreated] = await listedAndDeleted({ datesOnEntryTime: true })
    expect(deletedOnCreated).toEqual(listed)
    expect(listedOnEntry).not.toEqual(deletedOnCreated)
    const [both, bothDeleted] = await listedAndDeleted({ datesOnEntryTime: true, writeDatesOnEntryTime: true })
    expect(bothDeleted).toEqual(both)
  })
})
