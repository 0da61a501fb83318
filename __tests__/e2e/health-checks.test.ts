/**
 * Arrivals, expiry, causes and the metrics file of a health check (issue 30), end to end: dist/index.js over real
 * sockets against the simulator, holding messages made for each case (createdAt relative to the runner's clock).
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator, type SimMessage, type Simulator } from '../../sim/index.js'
import { jsonOutput } from '../support/action.js'
import { readMetrics, sampleOf } from '../support/openmetrics.js'
import { runAction, type ActionRun } from '../../tools/harness.js'

const TOKEN = 'sim-token-health-30'
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
let sim: Simulator | undefined
let dir: string | undefined

afterEach(async () => {
  await sim?.close()
  sim = undefined
  if (dir !== undefined) await rm(dir, { recursive: true, force: true })
  dir = undefined
})

/** A message like the simulator's own, `ago` before now, with what the case sets. */
type Made = Partial<SimMessage> & { ago: number }

/**
 * A simulator holding exactly `made` (kept sorted by createdAt, as the simulator needs), its clock `skew` ahead of
 * the runner's (behind when negative): `ago` is on its clock.
 */
async function holding(made: Made[], skew = 0): Promise<Simulator> {
  sim = await startSimulator({ token: TOKEN, messages: 1, workflowRuns: 0, clock: () => Date.now() + skew })
  const template = sim.state.messages[0] as SimMessage
  const now = Date.now() + skew
  const messages = made.map(({ ago, ...fields }, i): SimMessage => ({
    ...template,
    messageId: `msg_${String(i).padStart(4, '0')}`,
    dlqId: `dlq_${String(i).padStart(4, '0')}`,
    url: 'https://hooks.example/orders',
    responseStatus: 500,
    responseBody: '{"error":"pool exhausted"}',
    ...fields,
    createdAt: now - ago
  }))
  messages.sort((a, b) => a.createdAt - b.createdAt || (a.messageId < b.messageId ? -1 : 1))
  sim.state.messages.splice(0, sim.state.messages.length, ...messages)
  return sim
}

const list = (s: Simulator, inputs: Record<string, string> = {}): Promise<ActionRun> =>
  runAction({ operation: 'list-dlq', token: TOKEN, 'base-url': s.url, ...inputs })
const boldLineOf = (run: ActionRun): string => run.summary.split('\n').find(line => line.startsWith('**')) ?? ''

/** Five messages within the last hour, ten from two days ago. */
const ARRIVALS: Made[] = [
  ...Array.from({ length: 5 }, (_, i) => ({ ago: (i + 1) * 5 * MINUTE })),
  ...Array.from({ length: 10 }, (_, i) => ({ ago: 2 * DAY + i * MINUTE }))
]

describe("the service's clock, not the runner's", () => {
  it('judges arrivals with the service 2 hours behind: its new messages are new', async () => {
    const run = await list(await holding(ARRIVALS, -2 * HOUR), { 'fail-if-new-above': '5' })
    expect(run.outputs['new-count']).toBe('5')
    expect(run.code).toBe(0)
  })

  it('judges ages with the service 2 hours ahead: a message 2 days and 9 minutes old is older than 2d', async () => {
    const run = await list(await holding(ARRIVALS, 2 * HOUR), { 'fail-if-oldest-older-than': '2d' })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toContain('older than fail-if-oldest-older-than (2d)')
  })
})

describe('arrivals: fail-if-new-above within new-within', () => {
  it('passes at the limit and fails above it, counting only the messages created within the window', async () => {
    const s = await holding(ARRIVALS)
    const met = await list(s, { 'fail-if-new-above': '5' })
    expect(met.code).toBe(0)
    expect(met.outputs['new-count']).toBe('5')
    expect(boldLineOf(met)).toContain('5 new within 1h** (limit 5: within)')

    const breached = await list(s, { 'fail-if-new-above': '4' })
    expect(breached.code).toBe(1)
    expect(breached.outputs['new-count']).toBe('5')
    expect(boldLineOf(breached)).toContain('(limit 4: **exceeded**)')
    expect(breached.errors).toHaveLength(1)
    expect(breached.errors[0]).toContain('5 messages created within the last 1h, more than fail-if-new-above (4)')

    // A window wide enough to take the older ten in.
    const wide = await list(s, { 'fail-if-new-above': '4', 'new-within': '3d' })
    expect(wide.outputs['new-count']).toBe('15')
    expect(wide.code).toBe(1)
  })

  it('is refused before any request when malformed, naming the input', async () => {
    const s = await holding(ARRIVALS)
    for (const [input, value] of [
      ['fail-if-new-above', 'ten'],
      ['new-within', '1H']
    ] as const) {
      const before = s.requestCount
      const run = await list(s, { 'fail-if-new-above': '4', [input]: value })
      expect(run.code).toBe(1)
      expect(run.errors[0]).toContain(`Input '${input}'`)
      expect(s.requestCount).toBe(before)
    }
  })
})

describe('expiry: retention with fail-if-expiring-within', () => {
  /** One message deleted in about 4h under a 7d retention, one in about 6 days. */
  const EXPIRY: Made[] = [{ ago: 7 * DAY - 4 * HOUR }, { ago: DAY }]

  it('fails when a listed message will be deleted within the window, saying when the first goes', async () => {
    const s = await holding(EXPIRY)
    const run = await list(s, { retention: '7d', 'fail-if-expiring-within': '24h' })
    expect(run.code).toBe(1)
    expect(run.outputs['expiring-count']).toBe('1')
    const first = (s.state.messages[0] as SimMessage).createdAt + 7 * DAY
    expect(run.outputs['next-expiry-at']).toBe(new Date(first).toISOString())
    // Created 4 hours less than 7 days before the listing: deleted in just under 4h (on the service's clock, its Date
    // in whole seconds, so "4h" when the listing took less than the second the Date rounds away).
    expect(run.summary).toMatch(
      /1 message will be deleted by the service within 1d \(retention 7d\); the first in (3h 5\dm|4h)/
    )
    expect(run.errors[0]).toMatch(/will be deleted by the service within 1d \(fail-if-expiring-within; retention 7d\)/)
  })

  it('passes when none will be deleted within the window, and still says when the first goes', async () => {
    const s = await holding(EXPIRY)
    const run = await list(s, { retention: '7d', 'fail-if-expiring-within': '1h' })
    expect(run.code).toBe(0)
    expect(run.outputs['expiring-count']).toBe('0')
    expect(run.outputs['next-expiry-at']).not.toBe('')
    expect(boldLineOf(run)).toContain('0 deleted by the service within 1h** (none allowed: within)')
  })

  it('computes nothing without retention, and refuses fail-if-expiring-within without it before any request', async () => {
    const s = await holding(EXPIRY)
    const plain = await list(s)
    expect(plain.outputs['expiring-count']).toBe('')
    expect(plain.outputs['next-expiry-at']).toBe('')
    expect(plain.summary).not.toContain('deleted by the service')

    const before = s.requestCount
    const half = await list(s, { 'fail-if-expiring-within': '24h' })
    expect(half.code).toBe(1)
    expect(half.errors[0]).toMatch(/Input 'fail-if-expiring-within' needs retention/)
    const longer = await list(s, { retention: '3d', 'fail-if-expiring-within': '7d' })
    expect(longer.errors[0]).toMatch(/Input 'fail-if-expiring-within' must be shorter than retention/)
    expect(s.requestCount).toBe(before)
  })
})

describe('dates that cannot be true', () => {
  it('takes a createdAt of 0 and one 48h ahead as undated: never oldest, new or expiring; named, and judged unknown', async () => {
    const s = await holding([{ ago: 3 * DAY }, { ago: 2 * DAY }, { ago: DAY }])
    const [zero, future, real] = s.state.messages as [SimMessage, SimMessage, SimMessage]
    zero.createdAt = 0
    zero.messageId = 'msg_unset'
    future.createdAt = Date.now() + 2 * DAY
    future.messageId = 'msg_ahead'
    s.state.messages.sort((a, b) => a.createdAt - b.createdAt)
    const run = await list(s, { retention: '7d', 'fail-if-expiring-within': '24h', 'fail-if-new-above': '5' })
    expect(run.outputs['oldest-created-at']).toBe(String(real.createdAt))
    expect(run.outputs['next-expiry-at']?.startsWith('1970')).toBe(false)
    expect(run.outputs['new-count']).toBe('0')
    expect(run.outputs['expiring-count']).toBe('0')
    expect(boldLineOf(run)).toContain('(unknown for 2 messages)')
    expect(run.summary).toContain('1 message has a `createdAt` the service cannot have stamped')
    expect(run.summary).toMatch(
      /1 message has a `createdAt` more than 5m ahead of the service's clock \(up to (1d 23h|2d) ahead; first: `msg_ahead`\)/
    )
    expect(run.summary).not.toContain('in the future')
    // Two messages of unknown age could be expiring: the expiry check cannot be judged, so the step fails saying so.
    expect(run.code).toBe(1)
    expect(run.errors.join('\n')).toContain('2 messages had no usable creation time (createdAt), so when the service')
  })
})

describe('history-file and fail-if-growth-above', () => {
  it('starts a history, fails on growth against it, and reads a damaged file as no history, never an alert', async () => {
    const s = await holding(ARRIVALS)
    dir = await mkdtemp(join(tmpdir(), 'history-'))
    const file = join(dir, 'dlq-history.json')
    const inputs = { 'history-file': file, 'fail-if-growth-above': '+5/1h' }

    const first = await list(s, inputs)
    expect(first.code).toBe(0)
    expect(first.outputs.growth).toBe('')
    expect(first.summary).toContain('No earlier figures (`history-file`: the file does not exist yet)')
    expect(first.stdout).toContain('history-file: no history yet: the file does not exist yet.')
    expect(boldLineOf(first)).toContain('(limit +5/1h: not judged)')
    const kept = JSON.parse(await readFile(file, 'utf8')) as { samples: Record<string, unknown>[] }
    expect(kept.samples).toHaveLength(1)
    expect(kept.samples[0]).toMatchObject({ count: 15, complete: 1, new: 5 })
    // Numbers only: no DLQ text is kept.
    expect(Object.values(kept.samples[0] ?? {}).every(v => typeof v === 'number')).toBe(true)

    const template = s.state.messages[0] as SimMessage
    const more = Array.from({ length: 6 }, (_, i) => ({ ...template, messageId: `new_${i}`, dlqId: `dlq_new_${i}` }))
    s.state.messages.push(...more.map(m => ({ ...m, createdAt: Date.now() - 1000 })))
    const second = await list(s, inputs)
    expect(second.code).toBe(1)
    expect(second.outputs.growth).toBe('6')
    expect(second.errors[0]).toContain(
      'the DLQ grew by +6 messages (15 to 21) within 1h, more than fail-if-growth-above'
    )
    expect(second.summary).toMatch(
      /\*\*DLQ size over the last 2 runs \(under a minute\):\*\* `▁█` min 15 · max 21 · now 21\./
    )

    await writeFile(file, '{"format":"dlq-action-history","version":1,')
    const third = await list(s, inputs)
    expect(third.code).toBe(0)
    expect(third.summary).toContain('it is not JSON (damaged)')
    expect(third.outputs.growth).toBe('')
    expect((JSON.parse(await readFile(file, 'utf8')) as { samples: unknown[] }).samples).toHaveLength(1)
  })
})

/** A body of one cause with its variable parts (a number, a UUID, a timestamp, a long hex id) made from `i`. */
const varying = (i: number): string =>
  JSON.stringify({
    error: `order ${1000 + i} failed: column "reason_code_${i}" does not exist`,
    requestId: `${String(i).padStart(8, '0')}-1a2b-4c3d-8e9f-${String(i).padStart(12, 'a')}`,
    at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
    trace: `deadbeef${i}00c0ffee`
  })

describe('causes', () => {
  it('groups bodies that differ only in ids, numbers, UUIDs and timestamps; a status or destination apart is apart', async () => {
    const s = await holding([
      ...Array.from({ length: 6 }, (_, i) => ({ ago: (i + 1) * HOUR, responseBody: varying(i) })),
      { ago: 30 * MINUTE, responseBody: varying(7), responseStatus: 502 },
      { ago: 40 * MINUTE, responseBody: varying(8), url: 'https://hooks.example/refunds' }
    ])
    dir = await mkdtemp(join(tmpdir(), 'causes-'))
    const file = join(dir, 'dlq.ndjson')
    const run = await list(s, { 'messages-file': file })
    expect(run.code).toBe(0)
    const causes = jsonOutput(run, 'causes') as { key: string; count: number; status: number; destination: string }[]
    expect(causes[0]).toMatchObject({ count: 6, status: 500, destination: 'https://hooks.example/orders' })
    expect(causes).toHaveLength(3)
    expect(new Set(causes.map(c => c.key)).size).toBe(3)
    expect(
      causes
        .slice(1)
        .map(c => `${c.count} ${c.status} ${c.destination}`)
        .sort()
    ).toEqual(['1 500 https://hooks.example/refunds', '1 502 https://hooks.example/orders'])
    // Every line of the file carries its cause's key: the six of one cause share the leading key.
    const lines = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map(l => JSON.parse(l) as { causeKey: string })
    expect(lines.filter(l => l.causeKey === causes[0]?.key)).toHaveLength(6)
    expect(run.summary).toContain('### Why they failed')
  })

  it('keeps hostile bodies bounded and escaped in the summary and the output', async () => {
    const hostile = `<script>alert(1)</script> @octocat #1 \`code\` | pipe ::error::x ${'A'.repeat(100_000)}`
    const s = await holding([
      { ago: HOUR, responseBody: hostile },
      { ago: 2 * HOUR, responseBody: `</details><img src=x onerror=alert(1)> ${'é'.repeat(50_000)}` }
    ])
    const run = await list(s)
    expect(run.code).toBe(0)
    const causes = jsonOutput(run, 'causes') as { cause: string }[]
    expect(causes).toHaveLength(2)
    for (const c of causes) expect(c.cause.length).toBeLessThanOrEqual(300)
    expect(run.outputs.causes?.length).toBeLessThan(5_000)
    const from = run.summary.indexOf('### Why they failed')
    const why = run.summary.slice(from, run.summary.indexOf('\n#', from + 4))
    expect(why).toContain('<script>')
    // Outside code spans (which render as text) no tag, mention or reference is left.
    const outside = why.replace(/(`+)[^`][\s\S]*?\1/g, '')
    expect(outside).not.toMatch(/<script>|<img|<\/details>|@octocat|#1/)
    expect(run.stdout).not.toMatch(/^::error::x/m)
  })
})

describe('metrics-file', () => {
  it('writes the figures in the OpenMetrics text format, read back by a parser', async () => {
    const s = await holding([
      ...ARRIVALS,
      { ago: 7 * DAY - HOUR, responseStatus: 404, url: 'https://hooks.example/"quoted"\\path' }
    ])
    dir = await mkdtemp(join(tmpdir(), 'metrics-'))
    const file = join(dir, 'out', 'dlq.prom')
    const run = await list(s, { 'metrics-file': file, retention: '7d', 'fail-if-count-above': '100' })
    expect(run.code).toBe(0)
    const families = readMetrics(await readFile(file, 'utf8'))
    expect(sampleOf(families, 'dlq_messages')).toBe(16)
    expect(sampleOf(families, 'dlq_new_messages')).toBe(5)
    expect(sampleOf(families, 'dlq_expiring_messages')).toBe(1)
    expect(sampleOf(families, 'dlq_check_complete')).toBe(1)
    expect(sampleOf(families, 'dlq_check_breaches')).toBe(0)
    expect(sampleOf(families, 'dlq_messages_by_status', { status: '500' })).toBe(15)
    expect(sampleOf(families, 'dlq_messages_by_status', { status: '404' })).toBe(1)
    expect(
      sampleOf(families, 'dlq_messages_by_destination', { destination: 'https://hooks.example/"quoted"\\path' })
    ).toBe(1)
    const age = sampleOf(families, 'dlq_oldest_message_age_seconds')
    expect(age).toBeGreaterThan((7 * DAY - HOUR) / 1000 - 60)
    expect(age).toBeLessThan((7 * DAY - HOUR) / 1000 + 600)
    expect(Math.abs(sampleOf(families, 'dlq_check_timestamp_seconds') - Date.now() / 1000)).toBeLessThan(600)
  })

  it('gives no figure it does not have when nothing could be listed, and says the check is incomplete', async () => {
    const s = await holding(ARRIVALS)
    dir = await mkdtemp(join(tmpdir(), 'metrics-'))
    const file = join(dir, 'dlq.prom')
    const run = await list(s, { 'metrics-file': file, token: 'wrong-token', 'max-attempts': '1' })
    expect(run.code).toBe(1)
    const families = readMetrics(await readFile(file, 'utf8'))
    expect(sampleOf(families, 'dlq_check_complete')).toBe(0)
    expect(families.has('dlq_messages')).toBe(false)
  })
})
