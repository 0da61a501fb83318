/**
 * list-dlq end to end (dist/index.js in its own process, real sockets) against a server that follows the contract and
 * one with every variant of wire-contract section 5 at once, and against the variants whose effect is on what the
 * action reports (fallbacks, verdicts, cursors). Each variant alone, with filters, is the route's test, in process:
 * unit/operations-list-variants.test.ts.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ALL_VARIANTS, enteredAt, startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'
import { jsonOutput } from '../support/action.js'
import { runAction, type ActionRun } from '../../tools/harness.js'
import { BUNDLE_VARIANTS } from '../support/variants.js'

const TOKEN = 'sim-token-variants-5e1f'
const NOW = Date.UTC(2026, 10, 20, 9, 30, 0)
let sim: Simulator | undefined

afterEach(async () => {
  await sim?.close()
  sim = undefined
})

async function start(variants: Partial<ServerVariants>): Promise<Simulator> {
  sim = await startSimulator({ token: TOKEN, messages: 400, seed: 23, now: NOW, variants })
  return sim
}

function list(s: Simulator, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({ operation: 'list-dlq', token: TOKEN, 'base-url': s.url, ...inputs })
}

const ids = (run: ActionRun): string[] => jsonOutput(run, 'message-ids') as string[]
const notices = (run: ActionRun): string[] => run.stdout.split('\n').filter(line => line.startsWith('::notice'))

describe.each(BUNDLE_VARIANTS)('list-dlq against %s', (_name, variants) => {
  it('lists every message, sequentially and in parallel, and the two agree exactly', async () => {
    const s = await start(variants)
    const expected = s.state.messages.map(m => m.messageId)
    const sequential = await list(s)
    const parallel = await list(s, { concurrency: '8' })
    for (const run of [sequential, parallel]) {
      expect(run.errors).toEqual([])
      expect(run.code).toBe(0)
      expect(run.outputs['dlq-count']).toBe(String(expected.length))
      expect([...ids(run)].sort()).toEqual([...expected].sort())
    }
    expect(ids(parallel)).toEqual(ids(sequential))
  })

  it('lists exactly what the date and url filters select, as parallel slices in latestFirst order', async () => {
    const s = await start(variants)
    const [from, to, url] = [
      s.state.messages[60]!.createdAt,
      s.state.messages[330]!.createdAt,
      s.state.messages[0]!.url
    ]
    const widen = variants.dateBoundOffByOne ? 1 : 0
    const time = (m: (typeof s.state.messages)[number]) => (variants.datesOnEntryTime ? enteredAt(m) : m.createdAt)
    const expected = s.state.messages
      .filter(m => m.url === url && time(m) >= from - widen && time(m) <= to + widen)
      .map(m => m.messageId)
    expect(expected.length).toBeGreaterThan(0)
    const filters = { 'from-date': String(from), 'to-date': String(to), url }
    const run = await list(s, { ...filters, concurrency: '6', order: 'latestFirst' })
    expect(run.errors).toEqual([])
    expect(run.outputs['dlq-count']).toBe(String(expected.length))
    expect([...ids(run)].sort()).toEqual([...expected].sort())
  })
})

describe('parallel listing against a server that ignores order', () => {
  it('says in the summary that the range could not be split, rather than implying slices ran in parallel', async () => {
    const s = await start({ ignoreOrder: true })
    const run = await list(s, { concurrency: '8' })
    expect(run.code).toBe(0)
    expect(run.outputs['dlq-count']).toBe(String(s.state.messages.length))
    expect(run.summary).toMatch(/`concurrency`: 8 \(one date slice: .*ignores `order`\)/)
  })

  it('names how many date slices a splittable range was cut into', async () => {
    const s = await start({})
    const run = await list(s, { concurrency: '4' })
    expect(run.summary).toMatch(/`concurrency`: 4 \(16 date slices\)/)
  })
})

describe('parallel listing that cannot trust its slices', () => {
  it.each([
    ['createdAt missing', { omitCreatedAt: true }, /no createdAt/],
    ['dates on the entry time', { datesOnEntryTime: true }, /does not filter dates on createdAt/]
  ] as const)(
    'falls back to one sequential listing (%s) and says so in the log and the summary',
    async (_n, v, why) => {
      const s = await start(v)
      const run = await list(s, { concurrency: '8' })
      expect(run.code).toBe(0)
      expect(run.outputs['dlq-count']).toBe(String(s.state.messages.length))
      const log = run.stdout.split('\n').find(line => line.includes('Listing again as one sequential listing'))
      expect(log).toMatch(why)
      expect(run.summary).toMatch(/sequential/i)
    }
  )

  it('never calls a DLQ without createdAt healthy or empty, and fails its count threshold', async () => {
    const s = await start({ omitCreatedAt: true })
    const run = await list(s, { concurrency: '8', 'fail-if-count-above': '100' })
    expect(run.code).toBe(1)
    expect(run.outputs['dlq-count']).toBe(String(s.state.messages.length))
    expect(run.summary).not.toMatch(/healthy|DLQ is empty/i)
    expect(run.errors.join('\n')).toContain(`${s.state.messages.length} messages, more than fail-if-count-above (100)`)
  })

  it('keeps the messages file to what the sequential listing wrote, each message once', async () => {
    const s = await start({ datesOnEntryTime: true })
    const dir = await mkdtemp(join(tmpdir(), 'dlq-variants-'))
    try {
      const path = join(dir, 'dlq.ndjson')
      const run = await list(s, { concurrency: '4', 'messages-file': path })
      expect(run.code).toBe(0)
      const written = (await readFile(path, 'utf8'))
        .trim()
        .split('\n')
        .map(line => (JSON.parse(line) as { messageId: string }).messageId)
      expect(written).toEqual(s.state.messages.map(m => m.messageId))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('several message-id values', () => {
  it('lists each id, even from a server that applies only one, and merges them in the order given', async () => {
    const s = await start({ oneMessageId: true })
    const wanted = [s.state.messages[7]!, s.state.messages[250]!, s.state.messages[3]!].map(m => m.messageId)
    const run = await runAction({
      operation: 'list-dlq',
      token: TOKEN,
      'base-url': s.url,
      'message-id': [...wanted, 'msg_not_in_the_dlq'].join('\n')
    })
    expect(run.code).toBe(0)
    expect(ids(run)).toEqual(wanted)
    expect(run.outputs['dlq-count']).toBe('3')
    const asked = s.requests.filter(r => r.route === 'list').map(r => r.query.getAll('messageId'))
    expect(asked).toEqual([...wanted, 'msg_not_in_the_dlq'].map(id => [id]))
  })
})

describe('max-pages with several message-id values', () => {
  it.each(BUNDLE_VARIANTS)(
    'sends at most max-pages requests, and names the id not listed, against %s',
    async (_n, variants) => {
      const s = await start(variants)
      const wanted = [s.state.messages[7]!, s.state.messages[250]!, s.state.messages[3]!].map(m => m.messageId)
      const run = await list(s, { 'message-id': wanted.join('\n'), 'max-pages': '1', 'fail-if-count-above': '5' })
      expect(s.requests.filter(r => r.route === 'list')).toHaveLength(1)
      expect(run.code).toBe(1)
      expect(run.outputs.complete).toBe('false')
      expect(run.outputs['next-cursor']).toBe('')
      expect(ids(run)).toEqual([wanted[0]])
      expect(run.errors[0]).toMatch(/stopped after 1 page \(max-pages\); raise max-pages \(listing message id 2 of 3/)
      expect(run.summary).not.toMatch(/healthy/i)
    }
  )
})

describe('a cursor from the service too long to send back with the filters', () => {
  it.each([
    ['a server that follows the contract', {}],
    ['URLs over 8 KB refused', { maxUrlBytes: 8 * 1024 }],
    ['every variant at once', ALL_VARIANTS]
  ])('sends no request line over 8 KB, and stops saying why, against %s', async (_name, variants) => {
    const s = await start(variants)
    // url values (one of a listed message) that fit the 6 KB budget with its 1 KB room for a cursor; then a cursor of 4,000 characters.
    const long = Array.from({ length: 3 }, (_, i) => `https://hook${i}.example/${'x'.repeat(1400)}`)
    const urls = [s.state.messages[0]!.url, ...long]
    s.inject({ route: 'list', fault: { kind: 'set-cursor', cursor: 'c'.repeat(4000) } })
    const run = await list(s, { url: urls.join('\n'), 'fail-if-count-above': '0' })
    const sent = s.requests.filter(r => r.route === 'list')
    expect(sent).toHaveLength(1)
    for (const r of s.requests)
      expect(`GET ${s.url}${r.path}?${r.query.toString()} HTTP/1.1`.length).toBeLessThanOrEqual(8192)
    expect(run.code).toBe(1)
    expect(run.outputs.complete).toBe('false')
    expect(run.outputs['next-cursor']).toBe('')
    expect(run.errors[0]).toMatch(
      /the service returned a cursor of 4,000 characters: sent back with these filters, the next request \(GET \/v2\/dlq\) would be [\d,]+ bytes, over the 8,192/
    )
    expect(run.summary).toMatch(
      /^## ❌ Listing failed part way: the service sent a cursor too long to send back with these filters/m
    )
    expect(run.summary).not.toMatch(/re-run with input `cursor`/)
  })
})

describe('cursor cycles', () => {
  it('stops a cycle A → B → A at once, not after max-pages requests', async () => {
    const s = await start({})
    for (const cursor of ['A', 'B', 'A']) s.inject({ route: 'list', fault: { kind: 'set-cursor', cursor } })
    const run = await list(s)
    expect(run.code).toBe(1)
    expect(s.requests.filter(r => r.route === 'list').length).toBe(3)
    expect(run.errors.join('\n')).toMatch(/a cursor it had already been sent \("A"\)/)
  })
})

describe('honest verdicts', () => {
  it('calls a complete listing within its limits healthy (the words the checks below must never find)', async () => {
    const s = await start({})
    const run = await list(s, { 'fail-if-count-above': '100000' })
    expect(run.code).toBe(0)
    expect(run.summary).toMatch(/healthy/i)
  })

  it('never publishes "DLQ: 0 messages" when the token is refused', async () => {
    const s = await start({})
    const run = await runAction({ operation: 'list-dlq', token: 'not-the-token', 'base-url': s.url })
    expect(run.code).toBe(1)
    // Nothing listed: the count is unknown (empty), not 0, and the error is the one alert.
    expect(run.outputs['dlq-count']).toBe('')
    expect(run.outputs.complete).toBe('false')
    expect(notices(run)).toEqual([])
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(/HTTP 401/)
    expect(run.errors[0]).toMatch(/unknown/)
    expect(run.stdout).not.toMatch(/DLQ: 0 messages/)
    expect(run.summary).not.toMatch(/healthy|DLQ is empty|DLQ: 0 messages/i)
  })

  it('says "at least" for a count from a listing that failed part way', async () => {
    const s = await start({})
    const run = await list(s, { 'max-pages': '2', 'fail-if-count-above': '100' })
    expect(run.code).toBe(1)
    expect(run.outputs['dlq-count']).toBe('200')
    expect(run.errors.join('\n')).toContain('at least 200 messages, more than fail-if-count-above (100)')
    expect(run.errors[0]).not.toMatch(/(?<!at least )200 messages were listed/)
    expect(run.errors[0]).toMatch(/at least 200 messages/)
    expect(notices(run)[0]).toMatch(/DLQ: at least 200 messages/)
    expect(run.outputs.complete).toBe('false')
  })

  it('does not call a listing stopped by max-messages healthy', async () => {
    const s = await start({})
    const run = await list(s, { 'max-messages': '50', 'fail-if-count-above': '100' })
    expect(run.code).toBe(0)
    expect(run.outputs['next-cursor']).not.toBe('')
    expect(run.summary).not.toMatch(/healthy/i)
    expect(run.summary).toMatch(/not judged/i)
    expect(notices(run)[0]).toMatch(/DLQ: at least 50 messages/)
  })
})

describe('page items the service sends broken', () => {
  it('never calls a DLQ empty or healthy when its messages have no usable id: they count, and a threshold fails', async () => {
    const s = await start({})
    const items = Array.from({ length: 5 }, (_, i) => ({ createdAt: NOW - i, url: 'https://hooks.example.com/x' }))
    s.inject({ route: 'list', fault: { kind: 'malformed', body: JSON.stringify({ messages: items }) } })
    const run = await list(s, { 'fail-if-count-above': '2' })
    expect(run.code).toBe(1)
    expect(run.outputs['dlq-count']).toBe('5')
    expect(ids(run)).toEqual([])
    expect(run.summary).not.toMatch(/DLQ is empty|healthy|DLQ: 0 messages/i)
    expect(notices(run)[0]).toMatch(/DLQ: 5 messages/)
    expect(run.warnings.join('\n')).toMatch(/5 items were left out/)
    expect(run.errors.join('\n')).toContain('5 messages, more than fail-if-count-above (2)')
  })

  it('reads null in an optional field as absent: the message is listed, nothing is warned', async () => {
    const s = await start({})
    const message = { messageId: 'm_null', url: null, createdAt: null, responseStatus: null, queueName: null }
    s.inject({ route: 'list', fault: { kind: 'malformed', body: JSON.stringify({ messages: [message] }) } })
    const run = await list(s)
    expect(run.code).toBe(0)
    expect(ids(run)).toEqual(['m_null'])
    expect(run.warnings).toEqual([])
    expect(run.outputs['oldest-created-at']).toBe('')
  })

  it('refuses a cursor of several kilobytes from the service: says so, keeps what was listed, writes no cursor', async () => {
    const s = await start({})
    const long = 'c'.repeat(5000)
    s.inject({ route: 'list', fault: { kind: 'set-cursor', cursor: long } })
    const run = await list(s)
    expect(run.code).toBe(1)
    expect(run.outputs['dlq-count']).toBe('100')
    expect(run.outputs['next-cursor']).toBe('')
    expect(run.errors.join('\n')).toContain('a cursor of 5000 characters')
    expect(run.stdout).not.toContain(long)
    expect(run.summary).not.toContain(long)
    expect(notices(run)[0]).toMatch(/at least 100 messages/)
  })
})

describe.each(BUNDLE_VARIANTS)('list-dlq source: workflow against %s', (_name, variants) => {
  it('lists every failed run once, sequentially and as parallel date slices, and the two agree', async () => {
    sim = await startSimulator({ token: TOKEN, workflowRuns: 600, seed: 29, now: NOW, variants })
    const s = sim
    const from = s.state.workflowDlq[100]!.failedAt
    const widen = variants.dateBoundOffByOne ? 1 : variants.dateBoundsExclusive ? -1 : 0
    const expected = s.state.workflowDlq.filter(e => e.failedAt >= from - widen).map(e => e.dlqId)
    const inputs = { source: 'workflow', 'from-date': String(from) }
    const sequential = await list(s, inputs)
    const parallel = await list(s, { ...inputs, concurrency: '4' })
    for (const run of [sequential, parallel]) {
      expect(run.errors).toEqual([])
      expect(run.code).toBe(0)
      expect(run.outputs['dlq-count']).toBe(String(expected.length))
      expect([...(jsonOutput(run, 'dlq-ids') as string[])].sort()).toEqual([...expected].sort())
    }
    // With the failure time as createdAt the range splits; a server whose createdAt is another time is caught.
    const split = /(\d+) date slices/.exec(parallel.summary)
    if (variants.datesOnEntryTime || variants.omitCreatedAt) expect(parallel.summary).toMatch(/sequential/i)
    else if (!variants.ignoreOrder) expect(Number(split?.[1])).toBeGreaterThan(1)
  })
})
