/** The simulator's retry of DLQ messages over HTTP: selection, count and cursor, one entry, overrides, message fates. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { seedMessages, startSimulator, type MessageFate, type SimMessage, type Simulator } from '../../sim/index.js'
import { call, drainWrite } from '../support/sim-http.js'

const T0 = Date.UTC(2026, 10, 1)
const RETRY = '/v2/dlq/retry'
let sim: Simulator
let time = T0

afterEach(async () => {
  await sim.close()
})

async function start(messageFates: MessageFate[] = []): Promise<void> {
  time = T0
  const options = { messages: 300, workflowRuns: 0, seed: 3, now: T0, readOnlyToken: 'ro' }
  sim = await startSimulator({ ...options, clock: () => time, messageFates })
}

const dlqIdsOf = (messages: readonly SimMessage[]): string[] => messages.map(m => m.dlqId)
/** The most frequent URL of these messages (by default the DLQ's), and its messages. */
function busiestUrl(of: readonly SimMessage[] = sim.state.messages): { url: string; messages: SimMessage[] } {
  const byUrl = new Map<string, SimMessage[]>()
  for (const m of of) byUrl.set(m.url, [...(byUrl.get(m.url) ?? []), m])
  const [url, messages] = [...byUrl].sort((a, b) => b[1].length - a[1].length)[0] as [string, SimMessage[]]
  return { url, messages }
}
/** The DLQ messages listed from T0 on: those retries sent back. */
async function listedSinceT0(): Promise<Array<Record<string, unknown> & { messageId: string; dlqId: string }>> {
  const answers = await drainWrite(sim, 'GET', '/v2/dlq', { fromDate: T0 })
  return answers.flatMap(answer => answer.body.messages ?? [])
}

describe('retry by dlqIds', () => {
  it('takes every id named, whatever count, cursor and filters say: 201, a new message each, the entries gone', async () => {
    await start()
    const chosen = sim.state.messages.slice(5, 8)
    const answer = await call(sim, 'POST', RETRY, {
      dlqIds: dlqIdsOf(chosen),
      count: 1,
      cursor: 'not-a-cursor',
      url: 'https://no.such/url'
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      responses: [{ messageId: 'msg_retried_1' }, { messageId: 'msg_retried_2' }, { messageId: 'msg_retried_3' }]
    })
    expect(sim.state.messages).toHaveLength(297)
    expect(sim.state.messages.some(m => dlqIdsOf(chosen).includes(m.dlqId))).toBe(false)
    expect(sim.state.retriedMessages.map(r => [r.fromDlqId, r.originalMessageId, r.retriedAt])).toEqual(
      chosen.map(m => [m.dlqId, m.messageId, T0])
    )
  })

  it('answers 404 for the whole request when one id is gone, and does nothing', async () => {
    await start()
    const ids = [...dlqIdsOf(sim.state.messages.slice(0, 2)), 'dlq_gone']
    const answer = await call(sim, 'POST', RETRY, { dlqIds: ids })
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({ error: 'some messages not found' })
    expect(sim.state.messages).toHaveLength(300)
    expect(sim.state.retriedMessages).toEqual([])
  })
})

describe('retry of one entry', () => {
  it('answers 201 with the new message id, then 404 once the entry is gone', async () => {
    await start()
    const { dlqId } = sim.state.messages[42] as SimMessage
    const first = await call(sim, 'POST', `${RETRY}/${dlqId}`)
    expect(first.status).toBe(201)
    expect(first.body).toEqual({ messageId: 'msg_retried_1' })
    const again = await call(sim, 'POST', `${RETRY}/${dlqId}`)
    expect(again.status).toBe(404)
    expect(again.body).toEqual({ error: `message ${dlqId} not found` })
    expect(sim.state.messages).toHaveLength(299)
    expect(sim.requests.map(r => r.route)).toEqual(['retry', 'retry'])
  })
})

describe('retry by filters', () => {
  it('drains every match once, count a request, a cursor until the last answer', async () => {
    await start()
    const { url, messages } = busiestUrl()
    expect(messages.length).toBeGreaterThan(14)
    const answers = await drainWrite(sim, 'POST', RETRY, { url, count: 7 })
    expect(answers.map(a => a.status)).toEqual(answers.map(() => 201))
    expect(answers.map(a => a.body.responses?.length)).toEqual(
      answers.map((_, i) => Math.min(7, messages.length - 7 * i))
    )
    expect(answers.at(-1)?.body).not.toHaveProperty('cursor')
    expect(sim.state.retriedMessages.map(r => r.fromDlqId)).toEqual(dlqIdsOf(messages))
    expect(sim.state.messages.some(m => m.url === url)).toBe(false)
    expect(sim.state.messages).toHaveLength(300 - messages.length)
  })

  it('takes 100 at most a request, and every message with no selector at all', async () => {
    await start()
    const first = await call(sim, 'POST', RETRY, { count: 500 })
    expect(first.body.responses).toHaveLength(100)
    expect(typeof first.body.cursor).toBe('string')
    const rest = await drainWrite(sim, 'POST', RETRY, { cursor: first.body.cursor as string })
    expect(rest.map(a => a.body.responses?.length)).toEqual([100, 100])
    expect(sim.state.messages).toEqual([])
  })

  it('refuses a bad count, a garbled cursor and the listing cursor with 400, doing nothing', async () => {
    await start()
    const listed = await call(sim, 'GET', '/v2/dlq', { count: 5 })
    const refused: Array<Record<string, string | number>> = [
      { count: 0 },
      { cursor: 'garbage' },
      { cursor: listed.body.cursor as string }
    ]
    for (const params of refused) {
      expect((await call(sim, 'POST', RETRY, params)).status).toBe(400)
    }
    expect(sim.state.messages).toHaveLength(300)
  })

  it('applies the listing filters, same key ORed, keys ANDed', async () => {
    await start()
    const [a, b] = sim.state.messages.slice(0, 2) as [SimMessage, SimMessage]
    const expected = sim.state.messages.filter(
      m => (m.url === a.url || m.url === b.url) && m.responseStatus === a.responseStatus
    )
    const answer = await call(sim, 'POST', RETRY, { url: [a.url, b.url], responseStatus: String(a.responseStatus) })
    expect(answer.body.responses).toHaveLength(expected.length)
    expect(sim.state.retriedMessages.map(r => r.fromDlqId)).toEqual(dlqIdsOf(expected))
  })
})

describe('retry overrides', () => {
  it('records Service-Retries, Service-Delay and flow control on the new message; refuses a malformed one', async () => {
    await start()
    const [m1, m2] = sim.state.messages as [SimMessage, SimMessage]
    const bad = await call(sim, 'POST', `${RETRY}/${m1.dlqId}`, {}, { 'Service-Delay': 'soon' })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ error: 'invalid Service-Delay: soon' })
    const headers = {
      'Service-Retries': '5',
      'Service-Delay': '1m30s',
      'Service-Flow-Control-Key': 'key-1',
      'Service-Flow-Control-Value': 'parallelism=2,period=1m'
    }
    expect((await call(sim, 'POST', RETRY, { dlqIds: [m1.dlqId, m2.dlqId] }, headers)).status).toBe(201)
    expect(sim.state.retriedMessages[1]).toEqual({
      messageId: 'msg_retried_2',
      fromDlqId: m2.dlqId,
      originalMessageId: m2.messageId,
      url: m2.url,
      retriedAt: T0,
      maxRetries: 5,
      retries: 5,
      delay: '1m30s',
      delayMs: 90_000,
      flowControlKey: 'key-1',
      flowControlValue: 'parallelism=2,period=1m'
    })
    expect(sim.requests.at(-1)?.headers['service-delay']).toBe('1m30s')
  })
})

describe('message fates', () => {
  it('brings a failed retry back after its retries, under its new messageId, on the simulator clock', async () => {
    await start([{ retryIntervalMs: 10_000, responseStatus: 503, responseBody: 'down' }])
    const { url, messages } = busiestUrl()
    const answer = await call(sim, 'POST', RETRY, { url })
    const newIds = answer.body.responses?.map(r => r.messageId) ?? []
    expect(newIds).toHaveLength(messages.length)
    time = T0 + 29_999 // three retries after the first attempt, 10 s apart
    expect(await listedSinceT0()).toEqual([])
    time = T0 + 30_000
    const back = await listedSinceT0()
    expect(back.map(m => m.messageId).sort()).toEqual([...newIds].sort())
    const original = messages[0] as SimMessage
    const returned = back.find(m => m.messageId === 'msg_retried_1')
    expect(returned).toMatchObject({
      url,
      body: original.body,
      header: original.header,
      method: original.method,
      createdAt: T0,
      maxRetries: 3,
      responseStatus: 503,
      responseBody: 'down'
    })
    expect(new Set(back.map(m => m.dlqId)).size).toBe(newIds.length)
    expect(back.some(m => dlqIdsOf(messages).includes(m.dlqId))).toBe(false)
    const keys = sim.state.messages.map(m => [m.createdAt, m.messageId] as const)
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1)))
  })

  it('times the failure from Service-Delay and Service-Retries; the returned entry can be retried in its turn', async () => {
    await start([{ retryIntervalMs: 10_000 }])
    const { dlqId } = sim.state.messages[0] as SimMessage
    await call(sim, 'POST', `${RETRY}/${dlqId}`, {}, { 'Service-Delay': '5s', 'Service-Retries': '1' })
    time = T0 + 14_999
    expect(await listedSinceT0()).toEqual([])
    time = T0 + 15_000
    const [back] = await listedSinceT0()
    expect(back).toMatchObject({ messageId: 'msg_retried_1', maxRetries: 1, notBefore: T0 + 5_000 })
    const again = await call(sim, 'POST', `${RETRY}/${back?.dlqId}`)
    expect(again.body).toEqual({ messageId: 'msg_retried_2' })
    expect(sim.state.retriedMessages[1]).toMatchObject({ originalMessageId: 'msg_retried_1', retriedAt: T0 + 15_000 })
  })

  it('fails a stable share again, and only the messages of the fate URL', async () => {
    const { url, messages } = busiestUrl(seedMessages(300, 3, T0))
    /** Retries every message (up to T0 - 1: not those the retries send back), then counts those back. */
    const backAfterRetryingAll = async (): Promise<number> => {
      await start([{ url, share: 0.5 }])
      await drainWrite(sim, 'POST', RETRY, { toDate: T0 - 1 })
      expect(sim.state.retriedMessages).toHaveLength(300)
      time = T0 + 1
      const back = await listedSinceT0()
      expect(back.every(m => m.url === url)).toBe(true)
      return back.length
    }
    const first = await backAfterRetryingAll()
    expect(first).toBeGreaterThan(0)
    expect(first).toBeLessThan(messages.length)
    await sim.close()
    expect(await backAfterRetryingAll()).toBe(first)
  })

  it('answers a deduplicated share deduplicated: true, with the id it matched, and never sends it back', async () => {
    await start([{ deduplicatedShare: 0.3 }])
    const originals = new Map(sim.state.messages.slice(0, 100).map(m => [m.messageId, m]))
    const answer = await call(sim, 'POST', RETRY, { count: 100 })
    const deduplicated = answer.body.responses?.filter(r => r.deduplicated === true) ?? []
    expect(deduplicated.length).toBeGreaterThan(10)
    expect(deduplicated.length).toBeLessThan(50)
    expect(deduplicated.every(r => originals.has(r.messageId))).toBe(true)
    expect(sim.state.messages).toHaveLength(200)
    time = T0 + 1
    const back = await listedSinceT0()
    expect(back).toHaveLength(100 - deduplicated.length)
    expect(back.some(m => originals.has(m.messageId))).toBe(false)
  })

  it('lets a drain by filter with no upper date bound take the messages its own retries sent back', async () => {
    await start([{}])
    const { url, messages } = busiestUrl()
    const first = await call(sim, 'POST', RETRY, { url, count: messages.length - 1 })
    const second = await call(sim, 'POST', RETRY, { url, cursor: first.body.cursor as string })
    // The last seeded match, and the failed retries of the first answer, which entered the DLQ after it.
    expect(second.body.responses).toHaveLength(messages.length)
    expect(sim.state.retriedMessages.at(-1)?.originalMessageId).toMatch(/^msg_retried_/)
  })
})

describe('retry routing', () => {
  it('refuses a read-only token and GET; a lost answer still retried; an injected status did nothing', async () => {
    await start()
    const [m1, m2, m3] = sim.state.messages as [SimMessage, SimMessage, SimMessage]
    expect((await call(sim, 'POST', `${RETRY}/${m1.dlqId}`, {}, { authorization: 'Bearer ro' })).status).toBe(403)
    const get = await call(sim, 'GET', RETRY)
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST'])
    sim.inject({ route: 'retry', fault: { kind: 'status', status: 503 } })
    expect((await call(sim, 'POST', RETRY, { dlqIds: m2.dlqId })).status).toBe(503)
    expect(sim.state.messages).toHaveLength(300)
    sim.inject({ route: 'retry', fault: { kind: 'lose-answer' } })
    await expect(call(sim, 'POST', RETRY, { dlqIds: m3.dlqId })).rejects.toThrow()
    expect(sim.state.retriedMessages.map(r => r.fromDlqId)).toEqual([m3.dlqId])
    expect(sim.requests.map(r => r.route)).toEqual(['retry', 'retry', 'retry', 'retry'])
  })
})
