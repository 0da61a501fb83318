/** The simulator's resume-route and HTTP switches, over raw sockets: what the end-to-end tests rely on. */
import http from 'node:http'
import zlib from 'node:zlib'
import { afterEach, describe, expect, it } from '@jest/globals'
import {
  ALL_VARIANTS,
  EVERY_ROUTE_VARIANTS,
  ROUTE_VARIANTS,
  startSimulator,
  type ServerVariants,
  type SimMessage,
  type Simulator,
  type WorkflowDlqEntry
} from '../../sim/index.js'

let sim: Simulator
afterEach(async () => {
  await sim.close()
})

const start = async (variants: Partial<ServerVariants> = {}): Promise<Simulator> =>
  (sim = await startSimulator({ workflowRuns: 120, schedules: 2, seed: 3, variants }))

interface Raw {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

function raw(method: string, path: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${sim.url}${path}`, { method, headers: { authorization: 'Bearer sim-token' } }, res => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

const runsOf = (r: Raw): unknown[] => (JSON.parse(r.body.toString('utf8')) as { workflowRuns: unknown[] }).workflowRuns

describe('bulk resume count', () => {
  it('by default honours count, min(count, 50) an answer, and 50 without it (as the production service)', async () => {
    await start()
    expect(runsOf(await raw('POST', '/v2/workflows/dlq/resume?count=7'))).toHaveLength(7)
    expect(runsOf(await raw('POST', '/v2/workflows/dlq/resume?count=80'))).toHaveLength(50)
    expect((await raw('POST', '/v2/workflows/dlq/resume?count=0')).status).toBe(400)
    expect(sim.state.resumedRuns).toHaveLength(57)
  })

  it('ignoreResumeCount: 50 an answer, with or without count (a server that does not know count)', async () => {
    await start({ ignoreResumeCount: true })
    expect(runsOf(await raw('POST', '/v2/workflows/dlq/resume'))).toHaveLength(50)
    expect(runsOf(await raw('POST', '/v2/workflows/dlq/resume?count=7'))).toHaveLength(50)
    expect(sim.state.resumedRuns).toHaveLength(100)
  })

  it('resumeAllWithoutCount: every match in one answer without count, still at most 50 with it', async () => {
    await start({ resumeAllWithoutCount: true })
    expect(runsOf(await raw('POST', '/v2/workflows/dlq/resume?count=50'))).toHaveLength(50)
    const all = await raw('POST', '/v2/workflows/dlq/resume')
    expect(runsOf(all)).toHaveLength(70)
    expect(JSON.parse(all.body.toString('utf8'))).toMatchObject({ cursor: '' })
    expect(sim.state.workflowDlq).toHaveLength(0)
  })
})

describe('commaSeparates on the resume route', () => {
  it.each([
    [false, 0],
    [true, 1]
  ])('with the switch %s, a workflowUrl holding a comma selects each part', async (on, factor) => {
    await start({ commaSeparates: on })
    const [a, b] = ['https://app.example.com/api/workflow/onboarding', 'https://workers.example.dev/wf/import']
    const expected = sim.state.workflowDlq.filter(e => e.workflowUrl === a || e.workflowUrl === b).length
    const q = new URLSearchParams({ workflowUrl: `${a},${b}`, count: '50' })
    const runs = runsOf(await raw('POST', `/v2/workflows/dlq/resume?${q.toString()}`))
    expect(expected).toBeGreaterThan(0)
    expect(runs).toHaveLength(Math.min(50, expected) * factor)
  })
})

describe('maxUrlBytes', () => {
  it('answers 414 to a request target over the limit, on any route', async () => {
    await start({ maxUrlBytes: 100 })
    const long = `/v2/dlq?url=${'x'.repeat(100)}`
    expect((await raw('GET', long)).status).toBe(414)
    expect((await raw('GET', '/v2/dlq?count=1')).status).toBe(200)
    expect((await raw('POST', `/v2/workflows/dlq/resume?dlqIds=${'y'.repeat(100)}`)).status).toBe(414)
    expect(sim.state.resumedRuns).toEqual([])
  })
})

describe('patchOnlySchedules', () => {
  it('answers POST with 405 and Allow: PATCH, and resumes on PATCH', async () => {
    await start({ patchOnlySchedules: true })
    const post = await raw('POST', '/v2/schedules/sched-1/resume')
    expect(post.status).toBe(405)
    expect(post.headers.allow).toBe('PATCH')
    expect(sim.state.schedules.get('sched-1')?.active).toBe(false)
    expect((await raw('PATCH', '/v2/schedules/sched-1/resume')).status).toBe(200)
    expect(sim.state.schedules.get('sched-1')?.active).toBe(true)
  })

  it('without the switch, PATCH is refused and POST works', async () => {
    await start()
    const patch = await raw('PATCH', '/v2/schedules/sched-1/resume')
    expect(patch.status).toBe(405)
    expect(patch.headers.allow).toBe('POST')
    expect((await raw('PATCH', '/v2/dlq')).status).toBe(405)
    expect((await raw('POST', '/v2/schedules/sched-1/resume')).status).toBe(200)
  })
})

describe('HTTP fault kinds', () => {
  const plain = async (): Promise<Buffer> => (await raw('GET', '/v2/dlq?count=3')).body

  it.each([
    ['gzip', 'gzip', zlib.gunzipSync],
    ['deflate', 'deflate', zlib.inflateSync],
    ['deflate-raw', 'deflate', zlib.inflateRawSync],
    ['br', 'br', zlib.brotliDecompressSync]
  ])('encoded %s: the same body, encoded, with its content-encoding', async (encoding, header, decode) => {
    await start()
    const expected = await plain()
    sim.inject({ route: 'list', fault: { kind: 'encoded', encoding } })
    const got = await raw('GET', '/v2/dlq?count=3')
    expect(got.headers['content-encoding']).toBe(header)
    expect(got.body.equals(expected)).toBe(false)
    expect(decode(got.body).equals(expected)).toBe(true)
  })

  it('encoded with an unknown name: the plain body under that name', async () => {
    await start()
    const expected = await plain()
    sim.inject({ route: 'list', fault: { kind: 'encoded', encoding: 'compress' } })
    const got = await raw('GET', '/v2/dlq?count=3')
    expect(got.headers['content-encoding']).toBe('compress')
    expect(got.body.equals(expected)).toBe(true)
  })

  it('bom and invalid-utf8 change only the bytes they say', async () => {
    await start()
    const expected = await plain()
    sim.inject({ route: 'list', fault: { kind: 'bom' } })
    sim.inject({ route: 'list', fault: { kind: 'invalid-utf8' } })
    const bom = await raw('GET', '/v2/dlq?count=3')
    expect(bom.body.equals(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), expected]))).toBe(true)
    const bad = await raw('GET', '/v2/dlq?count=3')
    expect(bad.body.length).toBe(expected.length + 1)
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bad.body)).toThrow()
    expect(bad.body.toString('latin1').replace('\u00ff', '')).toBe(expected.toString('latin1'))
  })

  it('an encoded resume answer still carries the resume out', async () => {
    await start()
    sim.inject({ route: 'resume', fault: { kind: 'invalid-utf8' } })
    await raw('POST', '/v2/workflows/dlq/resume?count=50')
    expect(sim.state.resumedRuns).toHaveLength(50)
  })
})

describe('the variants each route reads', () => {
  /** Every route, with each query shape the action sends it: filters, both orders, a cursor, ids, the run log's two paths. */
  async function askEveryRoute(): Promise<void> {
    const [m, w] = [sim.state.messages[3]!, sim.state.workflowDlq[5]!]
    const first = await raw('GET', '/v2/dlq?count=2')
    const { cursor } = JSON.parse(first.body.toString('utf8')) as { cursor: string }
    const filters = new URLSearchParams({ count: '5', order: 'latestFirst', fromDate: '1', toDate: String(2 ** 42) })
    for (const [name, value] of [
      ['url', `${m.url},x`],
      ['messageId', m.messageId],
      ['messageId', 'msg_x']
    ])
      filters.append(name as string, value as string)
    await raw('GET', `/v2/dlq?${filters.toString()}`)
    await raw('GET', `/v2/dlq?count=2&cursor=${encodeURIComponent(cursor)}`)
    await raw('GET', `/v2/dlq?source=workflow&count=3&fromDate=1&toDate=${2 ** 42}&workflowUrl=${w.workflowUrl}`)
    await askEveryWrite()
    await raw(
      'POST',
      `/v2/workflows/dlq/resume?count=3&fromDate=1&workflowUrl=${encodeURIComponent(`${w.workflowUrl},x`)}`
    )
    await raw('POST', `/v2/workflows/dlq/resume?count=2&dlqIds=${w.dlqId}`)
    await raw('POST', '/v2/workflows/dlq/resume')
    await raw('POST', '/v2/schedules/sched-1/resume')
    await raw('PATCH', '/v2/schedules/sched-1/resume')
    const run = sim.state.resumedRuns[0]!
    await raw('GET', `/v2/workflows/logs?workflowRuns=${run.workflowRunId}@${run.workflowCreatedAt}`)
    await raw('GET', `/v2/workflows/events?groupBy=workflowRunId&workflowRunId=${run.workflowRunId}`)
  }

  /** Each write by filters, by ids and on its one-entry path. */
  async function askEveryWrite(): Promise<void> {
    const [m1, m2, m3, m4] = sim.state.messages.slice(10, 14) as [SimMessage, SimMessage, SimMessage, SimMessage]
    const [w1, w2, w3] = sim.state.workflowDlq.slice(10, 13) as [WorkflowDlqEntry, WorkflowDlqEntry, WorkflowDlqEntry]
    const messageFilters = new URLSearchParams({
      count: '2',
      url: `${m1.url},x`,
      messageId: m1.messageId,
      fromDate: '1'
    })
    messageFilters.append('messageId', 'msg_x')
    const runFilters = new URLSearchParams({ count: '2', workflowUrl: `${w1.workflowUrl},x`, fromDate: '1' })
    await raw('POST', `/v2/dlq/retry?${messageFilters.toString()}`)
    await raw('POST', `/v2/dlq/retry?dlqIds=${m2.dlqId}`)
    await raw('POST', `/v2/dlq/retry/${m3.dlqId}`)
    await raw('POST', `/v2/workflows/dlq/restart?${runFilters.toString()}`)
    await raw('POST', `/v2/workflows/dlq/restart?dlqIds=${w2.dlqId}`)
    await raw('POST', `/v2/workflows/dlq/restart/${w3.dlqId}`)
    await raw('DELETE', `/v2/dlq?${messageFilters.toString()}`)
    await raw('DELETE', `/v2/dlq?dlqIds=${m4.dlqId}`)
    await raw('DELETE', `/v2/dlq/${m1.dlqId}`)
    await raw('DELETE', `/v2/workflows/dlq?${runFilters.toString()}`)
    await raw('DELETE', `/v2/workflows/dlq/${w1.dlqId}`)
  }

  it('are those ROUTE_VARIANTS names, no more and no fewer, so a test of one route can run against its own alone', async () => {
    const read = new Map<string, Set<string>>()
    const variantSets: Partial<ServerVariants>[] = [
      {},
      ALL_VARIANTS,
      { noRunLog: true },
      { runLogEventsOnly: true, dateBoundsExclusive: true, noDateHeader: true },
      {
        runLogRepeatedIds: true,
        runLogLagMs: 1,
        cachedDateAgeSeconds: 5,
        frontEndOffsetsMs: [1, -1],
        dateLiteral: '1'
      },
      { lacks: ['retry', 'restart', 'delete'], lacksStatus: 405 },
      { lacks: ['delete'], writeDatesOnEntryTime: true }
    ]
    for (const variants of variantSets) {
      await start(variants)
      await askEveryRoute()
      for (const [route, names] of sim.variantReads) read.set(route, new Set([...(read.get(route) ?? []), ...names]))
      await sim.close()
    }
    const sorted = (names: Iterable<string> | undefined): string[] => [...(names ?? [])].sort()
    for (const [route, names] of Object.entries(ROUTE_VARIANTS))
      expect([route, sorted(read.get(route))]).toEqual([route, sorted(names)])
    expect(sorted(read.get('every'))).toEqual(sorted(EVERY_ROUTE_VARIANTS))
    expect(read.get('outside')).toBeUndefined()
    await start()
  })
})
