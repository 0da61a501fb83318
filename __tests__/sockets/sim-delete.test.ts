/** The simulator's deletes over HTTP: DLQ messages and failed workflow runs, by filters, by ids, one entry. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type SimMessage, type Simulator, type WorkflowDlqEntry } from '../../sim/index.js'
import { call, drainWrite } from '../support/sim-http.js'

const T0 = Date.UTC(2026, 10, 1)
let sim: Simulator

afterEach(async () => {
  await sim.close()
})

async function start(): Promise<void> {
  sim = await startSimulator({ messages: 300, workflowRuns: 120, seed: 3, now: T0, readOnlyToken: 'ro' })
}

const message = (index: number): SimMessage => sim.state.messages[index] as SimMessage
const run = (index: number): WorkflowDlqEntry => sim.state.workflowDlq[index] as WorkflowDlqEntry
const sumDeleted = (answers: ReadonlyArray<{ body: { deleted?: number } }>): number =>
  answers.reduce((sum, a) => sum + (a.body.deleted ?? 0), 0)

describe('delete DLQ messages', () => {
  it('by filters: count a request, a cursor until the last answer, every match deleted once and no other', async () => {
    await start()
    const status = message(0).responseStatus
    const matching = sim.state.messages.filter(m => m.responseStatus === status)
    const answers = await drainWrite(sim, 'DELETE', '/v2/dlq', { responseStatus: String(status), count: 9 })
    expect(answers.map(a => a.status)).toEqual(answers.map(() => 200))
    expect(answers.map(a => a.body.deleted)).toEqual(answers.map((_, i) => Math.min(9, matching.length - 9 * i)))
    expect(answers.at(-1)?.body).toEqual({ deleted: matching.length % 9 || 9 })
    expect(sim.state.messages).toHaveLength(300 - matching.length)
    expect(sim.state.messages.some(m => m.responseStatus === status)).toBe(false)
  })

  it('by ids: exactly those, so a message that arrived since the listing survives, which a filter would take', async () => {
    await start()
    const url = message(0).url
    const listed = sim.state.messages.filter(m => m.url === url)
    sim.addFailedMessage({ ...message(0), messageId: 'msg_arrived', dlqId: 'dlq_arrived', createdAt: T0 - 1 })
    const byIds = await call(sim, 'DELETE', '/v2/dlq', { dlqIds: listed.map(m => m.dlqId), count: 1 })
    expect(byIds.body).toEqual({ deleted: listed.length })
    expect(sim.state.messages.filter(m => m.url === url).map(m => m.dlqId)).toEqual(['dlq_arrived'])
    expect((await call(sim, 'DELETE', '/v2/dlq', { url })).body).toEqual({ deleted: 1 })
  })

  it('by ids: one gone id answers 404 for the whole request, nothing deleted', async () => {
    await start()
    const answer = await call(sim, 'DELETE', '/v2/dlq', { dlqIds: [message(1).dlqId, 'dlq_gone'] })
    expect([answer.status, answer.body]).toEqual([404, { error: 'some messages not found' }])
    expect(sim.state.messages).toHaveLength(300)
  })

  it('one entry: 200 with no body, then 404 once gone', async () => {
    await start()
    const { dlqId } = message(9)
    const first = await call(sim, 'DELETE', `/v2/dlq/${dlqId}`)
    expect([first.status, first.text]).toEqual([200, ''])
    const again = await call(sim, 'DELETE', `/v2/dlq/${dlqId}`)
    expect([again.status, again.body]).toEqual([404, { error: `message ${dlqId} not found` }])
    expect(sim.state.messages).toHaveLength(299)
  })

  it('with no selector at all deletes every message, 100 a request (the wire rule the client must guard)', async () => {
    await start()
    const answers = await drainWrite(sim, 'DELETE', '/v2/dlq', {})
    expect(answers.map(a => a.body.deleted)).toEqual([100, 100, 100])
    expect(sim.state.messages).toEqual([])
    expect(sim.state.workflowDlq).toHaveLength(120)
  })
})

describe('delete failed workflow runs', () => {
  it('by the workflow filters, with count and cursor', async () => {
    await start()
    const url = run(0).workflowUrl
    const matching = sim.state.workflowDlq.filter(e => e.workflowUrl === url)
    const answers = await drainWrite(sim, 'DELETE', '/v2/workflows/dlq', { workflowUrl: url, count: 10 })
    expect(sumDeleted(answers)).toBe(matching.length)
    expect(answers.length).toBe(Math.ceil(matching.length / 10))
    expect(sim.state.workflowDlq.some(e => e.workflowUrl === url)).toBe(false)
    const target = run(20)
    const byRun = { workflowRunId: target.workflowRunId, workflowCreatedAt: target.workflowCreatedAt }
    expect((await call(sim, 'DELETE', '/v2/workflows/dlq', byRun)).body).toEqual({ deleted: 1 })
    const [from, to] = [run(5).failedAt, run(7).failedAt]
    expect((await call(sim, 'DELETE', '/v2/workflows/dlq', { fromDate: from, toDate: to })).body).toEqual({
      deleted: 3
    })
    expect(sim.state.messages).toHaveLength(300)
  })

  it('by ids (404 for the whole request when one is gone), one entry (then 404), everything with no selector', async () => {
    await start()
    const ids = [run(0).dlqId, run(1).dlqId]
    expect((await call(sim, 'DELETE', '/v2/workflows/dlq', { dlqIds: [...ids, 'dlq_gone'] })).status).toBe(404)
    expect(sim.state.workflowDlq).toHaveLength(120)
    expect((await call(sim, 'DELETE', '/v2/workflows/dlq', { dlqIds: ids })).body).toEqual({ deleted: 2 })
    const { dlqId } = run(0)
    expect((await call(sim, 'DELETE', `/v2/workflows/dlq/${dlqId}`)).status).toBe(200)
    const again = await call(sim, 'DELETE', `/v2/workflows/dlq/${dlqId}`)
    expect([again.status, again.body]).toEqual([404, { error: `workflow run ${dlqId} not found` }])
    expect(sumDeleted(await drainWrite(sim, 'DELETE', '/v2/workflows/dlq', {}))).toBe(117)
    expect(sim.state.workflowDlq).toEqual([])
  })
})

describe('delete routing', () => {
  it('shares /v2/dlq with the listing by method; refuses a read-only token; a lost answer still deleted', async () => {
    await start()
    expect((await call(sim, 'GET', '/v2/dlq', { count: 1 })).body.messages).toHaveLength(1)
    const post = await call(sim, 'POST', '/v2/dlq')
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, DELETE'])
    const onResume = await call(sim, 'DELETE', '/v2/workflows/dlq/resume')
    expect([onResume.status, onResume.headers.get('allow')]).toEqual([405, 'POST'])
    expect((await call(sim, 'DELETE', '/v2/dlq', {}, { authorization: 'Bearer ro' })).status).toBe(403)
    expect((await call(sim, 'DELETE', '/v2/dlq/')).status).toBe(404)
    expect(sim.state.messages).toHaveLength(300)
    sim.inject({ route: 'delete', fault: { kind: 'lose-answer' } })
    await expect(call(sim, 'DELETE', `/v2/dlq/${message(0).dlqId}`)).rejects.toThrow()
    expect(sim.state.messages).toHaveLength(299)
    expect(sim.requests.map(r => r.route)).toEqual(['list', 'list', 'resume', 'delete', undefined, 'delete'])
  })

  it('takes a set-cursor fault on a bulk answer, and leaves an answer with no body as it is', async () => {
    await start()
    sim.inject({ route: 'delete', fault: { kind: 'set-cursor', cursor: 'again' }, times: 2 })
    expect((await call(sim, 'DELETE', '/v2/dlq', { count: 2 })).body).toEqual({ deleted: 2, cursor: 'again' })
    const one = await call(sim, 'DELETE', `/v2/dlq/${message(0).dlqId}`)
    expect([one.status, one.text]).toEqual([200, ''])
    expect(sim.state.messages).toHaveLength(297)
  })
})
