/**
 * retry-messages end to end: the bundle in its own process, over real sockets, against the simulator's retry route.
 * The oracle is the simulator: which DLQ messages it retried (each leaving the DLQ, a new message created, or
 * deduplicated), and which of the new messages failed again and came back under their new ids.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { ALL_VARIANTS, startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'
import type { SimulatorOptions } from '../../sim/server.js'
import { continuation, jsonOutput } from '../support/action.js'
import { dlqIdsOf, expectEveryIdAccounted, madeBy, takenBy, writeRequests } from '../support/writes.js'
import { runAction, type ActionRun } from '../../tools/harness.js'

const TOKEN = 'sim-token-retry-e2e-9c21f4'
let sim: Simulator | undefined

afterEach(async () => {
  await sim?.close()
  sim = undefined
})

async function start(options: Partial<SimulatorOptions> = {}): Promise<Simulator> {
  sim = await startSimulator({ token: TOKEN, messages: 250, workflowRuns: 5, seed: 59, ...options })
  return sim
}

const retry = (s: Simulator, inputs: Record<string, string>): Promise<ActionRun> =>
  runAction({ token: TOKEN, 'base-url': s.url, operation: 'retry-messages', ...inputs })

const retried = (s: Simulator) => takenBy(s, 'retry-messages')
const retryRequests = (s: Simulator) => s.requests.filter(r => r.route === 'retry')
/** Every new message fails again at once, back in the DLQ under its new id: what a retry must never take. */
const FAIL_AGAIN = [{ share: 1 }]
const isOwn = (dlqId: string) => dlqId.startsWith('dlq_again_')

/** A run that retried what it was asked: exit 0, no error, the outputs naming exactly the new messages. */
function expectRetriedAll(s: Simulator, run: ActionRun, expected: readonly string[]): void {
  expect(run.errors).toEqual([])
  expect(run.code).toBe(0)
  expect([...retried(s)].sort()).toEqual([...expected].sort())
  expect(new Set(retried(s)).size).toBe(retried(s).length)
  expect(run.outputs['retried-count']).toBe(String(expected.length))
  expect(jsonOutput(run, 'message-ids')).toEqual(madeBy(s, 'retry-messages'))
  const deduplicated = s.state.retriedMessages.filter(m => m.deduplicated === true).length
  expect(run.outputs['deduplicated-count']).toBe(String(deduplicated))
  // A retry's outputs are its own: no run was made, none refused.
  expect(run.outputs['workflow-run-ids']).toBeUndefined()
  expect(run.outputs['refused-dlq-ids']).toBeUndefined()
}

describe('retry-messages against a service that has it', () => {
  it('drains every message 100 a request under one bound, the deduplicated counted, never one it created', async () => {
    const s = await start({ messageFates: [{ deduplicatedShare: 0.3, share: 1 }] })
    const before = dlqIdsOf(s, 'retry-messages')
    const run = await retry(s, { all: 'true' })
    expectRetriedAll(s, run, before)
    expect(run.warnings).toEqual([])
    expect(run.outputs['complete']).toBe('true')
    expect(run.outputs['gone-count']).toBe('0')
    const requests = retryRequests(s)
    expect(requests.map(r => r.query.get('count'))).toEqual(['100', '100', '100'])
    expect(new Set(requests.map(r => r.query.get('toDate'))).size).toBe(1)
    const deduplicated = Number(run.outputs['deduplicated-count'])
    expect(deduplicated).toBeGreaterThan(0)
    expect(deduplicated).toBeLessThan(before.length)
    expect(run.summary).toContain(`${deduplicated} of them deduplicated: the service did not deliver them again.`)
    // Those delivered again failed again at once: back under their new ids, none taken by the same retry.
    expect(retried(s).some(isOwn)).toBe(false)
    // Those of the last answer enter the DLQ at the simulator's next request: none came.
    const failing = s.state.messages.length + s.state.pendingMessageFailures.length
    expect(failing).toBe(before.length - deduplicated)
    expect(dlqIdsOf(s, 'retry-messages').every(isOwn)).toBe(true)
  })

  it('sends the overrides as headers, the delay in seconds, on every request', async () => {
    const s = await start()
    const url = s.state.messages[3]!.url
    const expected = s.state.messages.filter(m => m.url === url).map(m => m.dlqId)
    const run = await retry(s, {
      url,
      delay: '90s',
      retries: '1',
      'flow-control-key': 'retry-key',
      'flow-control-value': 'rate=10,period=1m'
    })
    expectRetriedAll(s, run, expected)
    for (const m of s.state.retriedMessages) {
      expect(m).toMatchObject({
        delay: '90s',
        maxRetries: 1,
        flowControlKey: 'retry-key',
        flowControlValue: 'rate=10,period=1m'
      })
    }
    for (const r of retryRequests(s)) expect(r.query.getAll('url')).toEqual([url])
  })

  it('stops at max-entries with next-cursor, and the continuations take the rest, each message once', async () => {
    const s = await start({ messageFates: FAIL_AGAIN })
    const before = dlqIdsOf(s, 'retry-messages')
    const first = await retry(s, { all: 'true', 'max-entries': '130' })
    expect(first.errors).toEqual([])
    expect(first.code).toBe(0)
    expect(retryRequests(s).map(r => r.query.get('count'))).toEqual(['100', '30'])
    expect(first.outputs['retried-count']).toBe('130')
    expect(first.outputs['complete']).toBe('false')
    expect(first.outputs['next-cursor']).not.toBe('')
    expect(first.summary).toContain('max-entries')
    let next = continuation(first)
    expect(next['to-date']).toBe(retryRequests(s)[0]!.query.get('toDate'))
    for (let stage = 0; next['cursor'] !== undefined; stage++) {
      expect(stage).toBeLessThan(5)
      const run = await retry(s, { all: 'true', 'max-entries': '130', ...next })
      expect(run.errors).toEqual([])
      next = continuation(run)
    }
    expect([...retried(s)].sort()).toEqual([...before].sort())
    expect(retried(s).some(isOwn)).toBe(false)
  })

  it('stops after a watched stage whose retried messages are back in the DLQ, naming their new ids', async () => {
    const s = await start({ messageFates: FAIL_AGAIN })
    const run = await retry(s, { all: 'true', stages: '5, all', watch: '1s' })
    expect(run.code).toBe(1)
    expect(retried(s)).toHaveLength(5)
    expect(run.outputs['retried-count']).toBe('5')
    expect(run.outputs['complete']).toBe('false')
    expect(run.outputs['stages-completed']).toBe('0')
    const back = s.state.messages.filter(m => isOwn(m.dlqId)).map(m => m.messageId)
    expect(back).toHaveLength(5)
    expect([...(jsonOutput(run, 'failed-again-message-ids') as string[])].sort()).toEqual([...back].sort())
    expect(jsonOutput(run, 'message-ids')).toEqual(madeBy(s, 'retry-messages'))
  })
})

describe('a service without retry', () => {
  it.each([404, 405] as const)(
    'answering %i to a request by filters: names the operation, nothing done',
    async status => {
      const s = await start({ variants: { lacks: ['retry'], lacksStatus: status } })
      const before = dlqIdsOf(s, 'retry-messages')
      const run = await retry(s, { all: 'true' })
      expect(run.code).toBe(1)
      expect(run.errors).toHaveLength(1)
      expect(run.errors[0]).toContain('this service does not offer retry-messages')
      expect(run.errors[0]).toContain(`/v2/dlq/retry answered HTTP ${status}`)
      expect(run.summary.split('\n')[0]).toMatch(/^## ❌ Nothing retried: the service does not offer retry-messages/)
      expect(run.outputs).toMatchObject({ 'retried-count': '0', 'deduplicated-count': '0', complete: 'false' })
      // Nothing to continue from: no cursor, and no bound offered to a continuation.
      expect(run.outputs).toMatchObject({ 'next-cursor': '', 'next-to-date': '', 'next-from-date': '' })
      expect(jsonOutput(run, 'message-ids')).toEqual([])
      expect(writeRequests(s)).toHaveLength(1)
      expect(dlqIdsOf(s, 'retry-messages')).toEqual(before)
    }
  )

  it('answering 404 to every id: fails, nothing reported as retried', async () => {
    const s = await start({ variants: { lacks: ['retry'] } })
    const ids = dlqIdsOf(s, 'retry-messages').slice(0, 12)
    const run = await retry(s, { 'dlq-ids': ids.join(',') })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('none of the 12 dlq-ids is in the DLQ')
    expect(run.outputs).toMatchObject({ 'retried-count': '0', complete: 'false' })
    expect(jsonOutput(run, 'message-ids')).toEqual([])
    expect(s.state.messages).toHaveLength(250)
  })
})

describe.each<[string, Partial<ServerVariants>, boolean]>([
  ['every variant at once', ALL_VARIANTS, true],
  // The runner's clock less a margin bounds it, and no answer of a retry tells the service's time: said, not complete.
  ['no Date header', { noDateHeader: true }, false]
])('retry-messages against a server with %s', (_name, variants, bounded) => {
  it('retries exactly the messages to a URL, never one it created', async () => {
    const s = await start({ variants, messageFates: FAIL_AGAIN })
    const url = s.state.messages[0]!.url
    const expected = s.state.messages.filter(m => m.url === url).map(m => m.dlqId)
    const run = await retry(s, { url })
    expectRetriedAll(s, run, expected)
    expect(run.outputs['complete']).toBe(String(bounded))
    if (!bounded) expect(run.summary).toContain('messages that failed in the 2m before it began may be left')
    expect(retried(s).some(isOwn)).toBe(false)
  })

  it('retries every dlq-id given, sent in parts each under 6 KB, and accounts for each', async () => {
    const s = await start({ variants, messages: 500 })
    const ids = dlqIdsOf(s, 'retry-messages')
    const run = await retry(s, { 'dlq-ids': JSON.stringify(ids) })
    expectRetriedAll(s, run, ids)
    expect(run.outputs['complete']).toBe('true')
    expectEveryIdAccounted(run, 'retry-messages', ids.length)
    expect(retryRequests(s).length).toBeGreaterThan(1)
    for (const r of retryRequests(s)) expect(r.path.length + r.query.toString().length).toBeLessThan(6 * 1024)
  })
})
