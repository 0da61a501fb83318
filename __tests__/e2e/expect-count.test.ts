/**
 * expect-count end to end, for every write: the bundle lists the selection first, refuses before any write unless it
 * holds exactly that many entries (naming both numbers), and then takes the entries listed by their DLQ ids, never by
 * the filter again. The oracle is the simulator: the requests it saw, and what each write took.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { enteredAt, startSimulator, type Simulator } from '../../sim/index.js'
import type { SimulatorOptions } from '../../sim/server.js'
import { jsonOutput } from '../support/action.js'
import {
  COUNT_OUTPUT,
  dlqIdsOf,
  expectEveryIdAccounted,
  IDS_OUTPUT,
  takenBy,
  writeRequests,
  oneDestination,
  type Verb
} from '../support/writes.js'
import { runAction, type ActionRun } from '../../tools/harness.js'

const TOKEN = 'sim-token-expect-count-e2e-6d2e90'
let sim: Simulator | undefined

afterEach(async () => {
  await sim?.close()
  sim = undefined
})

async function start(options: Partial<SimulatorOptions> = {}): Promise<Simulator> {
  sim = await startSimulator({ token: TOKEN, workflowRuns: 120, messages: 200, seed: 97, ...options })
  return sim
}

const write = (s: Simulator, verb: Verb, inputs: Record<string, string>): Promise<ActionRun> =>
  runAction({ token: TOKEN, 'base-url': s.url, operation: verb, ...inputs })

const VERBS: Verb[] = ['resume-workflows', 'restart-workflows', 'retry-messages']

/**
 * An entry of the same destination that enters the DLQ as the first write request arrives, with a time inside the
 * selection and before its bound (as a server whose dates are not the DLQ entry time shows it): a write by the filter
 * would take it. Returns its DLQ id.
 */
function lateEntryOnFirstWrite(s: Simulator, verb: Verb): string {
  const dlqId = verb === 'retry-messages' ? 'dlq_late_message' : 'dlq_late_run'
  let added = false
  s.onRequest = request => {
    if (request.method !== 'POST' || added) return
    added = true
    if (verb === 'retry-messages') {
      const like = s.state.messages[0]!
      s.addFailedMessage({ ...like, messageId: 'msg_late', dlqId, createdAt: like.createdAt + 1 })
    } else {
      const like = s.state.workflowDlq[0]!
      s.addFailedRun({ ...like, dlqId, workflowRunId: 'wfr_late', failedAt: like.failedAt + 1 })
    }
  }
  return dlqId
}

describe.each(VERBS)('%s with expect-count', verb => {
  it('refuses before any write when the selection holds another number, naming both numbers', async () => {
    const s = await start()
    const { inputs, ids } = oneDestination(s, verb)
    const before = dlqIdsOf(s, verb)
    const run = await write(s, verb, { ...inputs, 'expect-count': String(ids.length + 1) })
    expect(run.code).toBe(1)
    expect(run.errors).toEqual([
      `expect-count is ${ids.length + 1} but the selection holds ${ids.length} entries; nothing was written. ` +
        'Review the selection (dry-run: true shows it), then set expect-count to the number you mean to act on'
    ])
    expect(run.summary.split('\n')[0]).toBe(
      `## ❌ Refused by \`expect-count\`: the selection holds ${ids.length} entries, not ${ids.length + 1}; ` +
        'nothing was written'
    )
    expect(run.outputs).toMatchObject({
      'planned-count': String(ids.length),
      complete: 'false',
      [COUNT_OUTPUT[verb]]: '0'
    })
    expect(writeRequests(s)).toEqual([])
    expect(dlqIdsOf(s, verb)).toEqual(before)
  })

  it('equal to the selection: takes the entries listed by their ids, never one that entered after the listing', async () => {
    const s = await start()
    const { inputs, ids } = oneDestination(s, verb)
    const late = lateEntryOnFirstWrite(s, verb)
    const run = await write(s, verb, { ...inputs, 'expect-count': String(ids.length) })
    expect(run.errors).toEqual([])
    expect(run.warnings).toEqual([])
    expect(run.code).toBe(0)
    expect(dlqIdsOf(s, verb)).toContain(late)
    expect([...takenBy(s, verb)].sort()).toEqual([...ids].sort())
    expect(run.outputs).toMatchObject({
      'planned-count': String(ids.length),
      complete: 'true',
      [COUNT_OUTPUT[verb]]: String(ids.length)
    })
    expect(jsonOutput(run, IDS_OUTPUT[verb])).toHaveLength(ids.length)
    expectEveryIdAccounted(run, verb, ids.length)
    expect(run.summary).toContain(`- \`expect-count\`: ${ids.length} listed and expected, taken by their DLQ ids`)
    // Every write named its entries; none sent the filter or a bound again.
    const writes = writeRequests(s)
    expect(writes.length).toBeGreaterThan(0)
    for (const r of writes) {
      expect(r.query.getAll('dlqIds').length).toBeGreaterThan(0)
      expect([...r.query.keys()].filter(key => key !== 'dlqIds' && key !== 'count')).toEqual([])
    }

    // The control: the same filter, sent again, takes the entry that came late.
    s.onRequest = undefined
    const again = await write(s, verb, inputs)
    expect(again.code).toBe(0)
    expect(takenBy(s, verb)).toContain(late)
  })
})

describe.each(VERBS)('%s with expect-count, an entry listed leaving before the write', verb => {
  it('takes the others and accounts for it: named where the service says 404, else counted', async () => {
    const s = await start()
    const { inputs, ids } = oneDestination(s, verb)
    const leaving = ids[1]!
    const dlq: Array<{ dlqId: string }> = verb === 'retry-messages' ? s.state.messages : s.state.workflowDlq
    s.onRequest = request => {
      const at = dlq.findIndex(e => e.dlqId === leaving)
      if (request.method === 'POST' && at >= 0) dlq.splice(at, 1)
    }
    const run = await write(s, verb, { ...inputs, 'expect-count': String(ids.length) })
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    expect([...takenBy(s, verb)].sort()).toEqual(ids.filter(id => id !== leaving).sort())
    expectEveryIdAccounted(run, verb, ids.length)
    expect(run.warnings).toHaveLength(1)
    // A resume takes what it finds of a request and says nothing of the rest; restart and retry answer 404.
    expect(run.warnings[0]).toContain(
      verb === 'resume-workflows' ? 'neither resumed nor named' : JSON.stringify(leaving)
    )
  })
})

describe('expect-count against a server whose write reads dates otherwise than its listing', () => {
  it('retries exactly the messages listed, where the filter would select others on the write', async () => {
    const s = await start({ variants: { writeDatesOnEntryTime: true } })
    const from = s.state.messages[100]!.createdAt
    const listed = s.state.messages.filter(m => m.createdAt >= from).map(m => m.dlqId)
    const byEntryTime = s.state.messages.filter(m => enteredAt(m) >= from).map(m => m.dlqId)
    // The precondition: a retry by the filter would take another set than the listing shows.
    expect([...byEntryTime].sort()).not.toEqual([...listed].sort())
    const run = await write(s, 'retry-messages', { 'from-date': String(from), 'expect-count': String(listed.length) })
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    expect([...takenBy(s, 'retry-messages')].sort()).toEqual([...listed].sort())
    expectEveryIdAccounted(run, 'retry-messages', listed.length)
  })
})

describe('expect-count with a reviewed plan', () => {
  it.each(VERBS)(
    '%s: applies the ids given exactly, those that left the DLQ since counted gone, each named',
    async verb => {
      const s = await start()
      const { ids } = oneDestination(s, verb)
      const gone = [ids[1]!, ids[ids.length - 1]!]
      const dlq: Array<{ dlqId: string }> = verb === 'retry-messages' ? s.state.messages : s.state.workflowDlq
      for (const id of gone)
        dlq.splice(
          dlq.findIndex(e => e.dlqId === id),
          1
        )
      const run = await write(s, verb, { 'dlq-ids': ids.join('\n'), 'expect-count': String(ids.length) })
      expect(run.errors).toEqual([])
      expect(run.code).toBe(0)
      expect([...takenBy(s, verb)].sort()).toEqual(ids.filter(id => !gone.includes(id)).sort())
      expect(run.outputs).toMatchObject({
        'gone-count': '2',
        complete: 'true',
        'planned-count': String(ids.length - 2)
      })
      expect(run.warnings).toHaveLength(1)
      for (const id of gone) expect(run.warnings[0]).toContain(JSON.stringify(id))
      expectEveryIdAccounted(run, verb, ids.length)
    }
  )

  it('expect-count 0 with nothing selected: no write, and the step passes', async () => {
    const s = await start()
    const run = await write(s, 'restart-workflows', {
      'workflow-url': 'https://nowhere.example.com/none',
      'expect-count': '0'
    })
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ 'planned-count': '0', 'restarted-count': '0' })
    expect(writeRequests(s)).toEqual([])
    expect(run.summary.split('\n')[0]).toBe('## ✅ No entry selected, as `expect-count: 0` expects')
  })
})

describe('expect-count against a service without the write', () => {
  it.each<[Verb, 'restart' | 'retry']>([
    ['restart-workflows', 'restart'],
    ['retry-messages', 'retry']
  ])(
    '%s: entries listed a moment ago all "not found" are a missing operation, not entries gone',
    async (verb, route) => {
      const s = await start({ variants: { lacks: [route] } })
      const { inputs, ids } = oneDestination(s, verb)
      const before = dlqIdsOf(s, verb)
      const run = await write(s, verb, { ...inputs, 'expect-count': String(ids.length) })
      expect(run.code).toBe(1)
      expect(run.errors).toHaveLength(1)
      expect(run.errors[0]).toContain(`this service does not offer ${verb}`)
      expect(run.outputs).toMatchObject({ [COUNT_OUTPUT[verb]]: '0', 'gone-count': '0', complete: 'false' })
      expect(jsonOutput(run, IDS_OUTPUT[verb])).toEqual([])
      expect(dlqIdsOf(s, verb)).toEqual(before)
    }
  )
})
