import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import {
  HOSTILE_BODY,
  HOSTILE_HEADER_VALUE,
  HOSTILE_RESPONSE_BODY,
  HOSTILE_URL,
  SEED_WINDOW_MS,
  seedMessages,
  seedWorkflowEntries,
  startSimulator,
  type Simulator,
  type WorkflowDlqEntry
} from '../../sim/index.js'
import type { DlqMessage } from '../../src/service/schemas.js'

const NOW = 1_750_000_000_000
const AUTH = { authorization: 'Bearer sim-token' }

interface ListBody {
  messages: DlqMessage[]
  cursor?: string
}
interface ResumeBody {
  workflowRuns: Array<{ workflowRunId: string; workflowCreatedAt: number }>
  cursor: string
}

async function get(sim: Simulator, path: string, headers: Record<string, string> = AUTH): Promise<Response> {
  return fetch(sim.url + path, { headers })
}

async function post(sim: Simulator, path: string, headers: Record<string, string> = AUTH): Promise<Response> {
  return fetch(sim.url + path, { method: 'POST', headers })
}

/** Pages through /v2/dlq with the given query, returning every message id in order. */
async function drain(sim: Simulator, params: Record<string, string | string[]>): Promise<DlqMessage[]> {
  const out: DlqMessage[] = []
  let cursor: string | undefined
  for (let guard = 0; guard < 10_000; guard++) {
    const q = new URLSearchParams()
    for (const [k, v] of Object.entries(params)) for (const x of [v].flat()) q.append(k, x)
    if (cursor) q.set('cursor', cursor)
    const res = await get(sim, `/v2/dlq?${q.toString()}`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as ListBody
    out.push(...body.messages)
    if (!('cursor' in body)) return out
    expect(body.cursor).toBeTruthy()
    cursor = body.cursor
  }
  throw new Error('did not terminate')
}

describe('seed', () => {
  it('is deterministic and well-formed', () => {
    const a = seedMessages(300, 7, NOW)
    const b = seedMessages(300, 7, NOW)
    expect(a).toEqual(b)
    expect(seedMessages(300, 8, NOW)).not.toEqual(a)
    const times = a.map(m => m.createdAt)
    expect(new Set(times).size).toBe(300)
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1] as number)
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW - SEED_WINDOW_MS)
    expect(Math.max(...times)).toBeLessThan(NOW)
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(SEED_WINDOW_MS * 0.9)
    expect(new Set(a.map(m => m.messageId)).size).toBe(300)
    for (const m of a) {
      expect(m.messageId).toMatch(/^msg_/)
      expect(m.dlqId).toMatch(/^dlq_/)
      expect(m.dlqId).not.toBe(m.messageId)
      expect(m.state).toBe('failed')
      expect(Number.isInteger(m.createdAt)).toBe(true)
    }
    expect(new Set(a.map(m => m.url)).size).toBeGreaterThanOrEqual(10)
    expect(a.some(m => m.topicName)).toBe(true)
    expect(a.some(m => m.queueName)).toBe(true)
    expect(a.some(m => m.scheduleId)).toBe(true)
    expect(new Set(a.map(m => m.responseStatus))).toEqual(new Set([500, 502, 503, 404, 400, 429]))
    // hostile values for the client's escaping tests
    expect(HOSTILE_URL).toMatch(/\|/)
    expect(HOSTILE_URL).toContain('<script>')
    expect(HOSTILE_URL).toContain('[x](javascript:alert(1))')
    expect(a.some(m => m.url === HOSTILE_URL)).toBe(true)
    expect(a.some(m => m.body === HOSTILE_BODY && m.body.split('\n').some(l => l.startsWith('::add-mask::')))).toBe(
      true
    )
    expect(
      a.some(m => m.responseBody === HOSTILE_RESPONSE_BODY && m.responseBody.startsWith('::set-output name=x::'))
    ).toBe(true)
    expect(a.some(m => Object.values(m.header).flat().includes(HOSTILE_HEADER_VALUE))).toBe(true)
  })

  it('generates 100,000 distinct messages', () => {
    const many = seedMessages(100_000, 1, NOW)
    expect(many).toHaveLength(100_000)
    expect(new Set(many.map(m => m.createdAt)).size).toBe(100_000)
  })

  it('seeds workflow entries with distinct failedAt', () => {
    const w = seedWorkflowEntries(120, 1, NOW)
    expect(w).toEqual(seedWorkflowEntries(120, 1, NOW))
    expect(new Set(w.map(e => e.failedAt)).size).toBe(120)
    expect(new Set(w.map(e => e.dlqId)).size).toBe(120)
    expect(new Set(w.map(e => e.workflowUrl)).size).toBeGreaterThanOrEqual(4)
    for (const e of w) {
      expect(e.workflowRunId).toMatch(/^wfr_/)
      expect(e.workflowCreatedAt).toBeLessThan(e.failedAt)
    }
  })
})

describe('simulator', () => {
  let sim: Simulator
  beforeAll(async () => {
    sim = await startSimulator({ now: NOW, readOnlyToken: 'ro-token' })
  })
  afterAll(async () => {
    await sim.close()
  })
  afterEach(() => {
    sim.clearFaults()
  })

  describe('list', () => {
    it('pages through every message exactly once, in both orders', async () => {
      const all = sim.state.messages.map(m => m.messageId)
      expect(all).toHaveLength(300)
      const asc = await drain(sim, {})
      expect(asc.map(m => m.messageId)).toEqual(all)
      const ascSmall = await drain(sim, { count: '7' })
      expect(ascSmall.map(m => m.messageId)).toEqual(all)
      const desc = await drain(sim, { order: 'latestFirst', count: '13' })
      expect(desc.map(m => m.messageId)).toEqual([...all].reverse())
      const first = asc[0] as DlqMessage
      expect(first.state).toBe('failed')
      expect(first.callerIP).toBeDefined()
      expect(first.header).toBeDefined()
    })

    it('has no cursor on the last page and a cursor on others', async () => {
      const page1 = (await (await get(sim, '/v2/dlq?count=100')).json()) as ListBody
      expect(page1.messages).toHaveLength(100)
      expect(typeof page1.cursor).toBe('string')
      const page3 = (await (
        await get(
          sim,
          `/v2/dlq?count=100&cursor=${String(((await (await get(sim, `/v2/dlq?count=100&cursor=${String(page1.cursor)}`)).json()) as ListBody).cursor)}`
        )
      ).json()) as ListBody
      expect(page3.messages).toHaveLength(100)
      expect(page3).not.toHaveProperty('cursor')
      const exact = (await (
        await get(sim, '/v2/dlq?count=100&order=latestFirst&fromDate=' + String(sim.state.messages[200]?.createdAt))
      ).json()) as ListBody
      expect(exact.messages).toHaveLength(100)
      expect(exact).not.toHaveProperty('cursor')
    })

    it('date-range slices union to the full listing', async () => {
      const msgs = sim.state.messages
      const start = NOW - SEED_WINDOW_MS
      // boundaries land exactly on messages, to exercise the inclusive bounds
      const bounds = [
        start,
        msgs[37]?.createdAt,
        msgs[150]?.createdAt,
        msgs[151]?.createdAt,
        msgs[299]?.createdAt,
        NOW
      ] as number[]
      const union: string[] = []
      for (let i = 0; i + 1 < bounds.length; i++) {
        const from = bounds[i] as number
        const to = (bounds[i + 1] as number) - 1
        const slice = await drain(sim, { fromDate: String(from), toDate: String(to), count: '9' })
        for (const m of slice) {
          expect(m.createdAt).toBeGreaterThanOrEqual(from)
          expect(m.createdAt).toBeLessThanOrEqual(to)
        }
        union.push(...slice.map(m => m.messageId))
      }
      expect(union).toEqual(msgs.map(m => m.messageId))
      const one = msgs[42]
      const exact = await drain(sim, { fromDate: String(one?.createdAt), toDate: String(one?.createdAt) })
      expect(exact.map(m => m.messageId)).toEqual([one?.messageId])
    })

    it('applies filters: same key ORed, different keys ANDed', async () => {
      const msgs = sim.state.messages
      const [u1, u2] = [msgs[0]?.url, msgs[5]?.url] as [string, string]
      const byUrl = await drain(sim, { url: [u1, u2], count: '11' })
      expect(byUrl.map(m => m.messageId)).toEqual(msgs.filter(m => m.url === u1 || m.url === u2).map(m => m.messageId))

      const both = await drain(sim, { url: [u1, u2], responseStatus: ['500', '503'], order: 'latestFirst' })
      expect(both.map(m => m.messageId)).toEqual(
        msgs
          .filter(m => (m.url === u1 || m.url === u2) && (m.responseStatus === 500 || m.responseStatus === 503))
          .map(m => m.messageId)
          .reverse()
      )

      const ip = msgs[3]?.callerIP as string
      expect((await drain(sim, { callerIp: ip })).length).toBe(msgs.filter(m => m.callerIP === ip).length)
      expect((await drain(sim, { topicName: 'billing' })).map(m => m.topicName)).toEqual(
        msgs.filter(m => m.topicName === 'billing').map(() => 'billing')
      )
      expect((await drain(sim, { queueName: 'critical' })).length).toBe(
        msgs.filter(m => m.queueName === 'critical').length
      )
      expect((await drain(sim, { scheduleId: 'sched-2' })).length).toBe(
        msgs.filter(m => m.scheduleId === 'sched-2').length
      )
      const id = msgs[77]?.messageId as string
      expect((await drain(sim, { messageId: id })).map(m => m.messageId)).toEqual([id])
      // api is ignored
      expect((await drain(sim, { api: 'whatever', messageId: id })).map(m => m.messageId)).toEqual([id])
      // no match at all: empty page, no cursor
      const none = (await (await get(sim, '/v2/dlq?messageId=nope')).json()) as ListBody
      expect(none).toEqual({ messages: [] })
    })

    it('rejects bad count, order, cursor and dates with 400', async () => {
      for (const q of [
        'count=0',
        'count=101',
        'count=abc',
        'order=newest',
        'cursor=garbage!',
        'fromDate=yesterday',
        'responseStatus=5xx'
      ]) {
        const res = await get(sim, `/v2/dlq?${q}`)
        expect(res.status).toBe(400)
        const body = (await res.json()) as { error: string }
        expect(typeof body.error).toBe('string')
      }
      const page = (await (await get(sim, '/v2/dlq?count=5')).json()) as ListBody
      const cursor = page.cursor as string
      const garbled = cursor.slice(0, 5) + (cursor[5] === 'A' ? 'B' : 'A') + cursor.slice(6)
      const res = await get(sim, `/v2/dlq?cursor=${garbled}`)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: 'invalid cursor' })
      expect((await get(sim, `/v2/dlq?count=1&count=100`)).status).toBe(400)
      expect((await get(sim, '/v2/dlq?count=1')).status).toBe(200)
      expect((await get(sim, '/v2/dlq?count=100')).status).toBe(200)
    })
  })

  describe('auth and routing', () => {
    it('answers 401 without or with a wrong token', async () => {
      const none = await get(sim, '/v2/dlq', {})
      expect(none.status).toBe(401)
      expect(await none.json()).toEqual({ error: 'unauthorized' })
      expect((await get(sim, '/v2/dlq', { authorization: 'Bearer nope' })).status).toBe(401)
      expect((await get(sim, '/v2/dlq', { authorization: 'sim-token' })).status).toBe(401)
      expect((await post(sim, '/v2/schedules/sched-1/resume', {})).status).toBe(401)
    })

    it('lets a read-only token list but not resume', async () => {
      const ro = { authorization: 'Bearer ro-token' }
      expect((await get(sim, '/v2/dlq?count=1', ro)).status).toBe(200)
      const res = await post(sim, '/v2/schedules/sched-1/resume', ro)
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ error: 'read-only token' })
      expect(sim.state.schedules.get('sched-1')?.active).toBe(false)
    })

    it('answers 404 for unknown paths and 405 for wrong methods', async () => {
      const res = await get(sim, '/v2/nothing')
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'not found' })
      expect((await post(sim, '/v2/schedules//resume')).status).toBe(404)
      expect((await post(sim, '/v2/dlq')).status).toBe(405)
      expect((await get(sim, '/v2/workflows/dlq/resume')).status).toBe(405)
      expect((await get(sim, '/v2/schedules/sched-2/resume')).status).toBe(405)
    })

    it('records requests', async () => {
      const before = sim.requestCount
      await fetch(`${sim.url}/v2/dlq?url=a&url=b`, { headers: { ...AUTH, 'x-test': '1' } })
      expect(sim.requestCount).toBe(before + 1)
      const last = sim.requests[sim.requests.length - 1]
      expect(last?.method).toBe('GET')
      expect(last?.path).toBe('/v2/dlq')
      expect(last?.route).toBe('list')
      expect(last?.query.getAll('url')).toEqual(['a', 'b'])
      expect(last?.headers['x-test']).toBe('1')
      expect(typeof last?.at).toBe('number')
    })
  })

  describe('schedule resume', () => {
    it('resumes a paused schedule with 200 and an empty body, idempotently', async () => {
      expect(sim.state.schedules.get('sched-3')?.active).toBe(false)
      const res = await post(sim, '/v2/schedules/sched-3/resume')
      expect(res.status).toBe(200)
      expect(await res.text()).toBe('')
      expect(sim.state.schedules.get('sched-3')?.active).toBe(true)
      const again = await post(sim, '/v2/schedules/sched-3/resume')
      expect(again.status).toBe(200)
      expect(await again.text()).toBe('')
      expect(sim.state.schedules.get('sched-3')?.active).toBe(true)
      expect(sim.state.schedules.get('sched-4')?.active).toBe(true)
    })

    it('decodes the id segment and answers 404 for unknown ids', async () => {
      sim.state.schedules.set('a/b c', { active: false })
      expect((await post(sim, `/v2/schedules/${encodeURIComponent('a/b c')}/resume`)).status).toBe(200)
      expect(sim.state.schedules.get('a/b c')?.active).toBe(true)
      const res = await post(sim, '/v2/schedules/nope/resume')
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'schedule nope not found' })
    })
  })

  describe('bulk workflow resume', () => {
    it('resumes by dlqIds, ignoring other selectors, and 404s when none exist', async () => {
      const e1 = sim.state.workflowDlq[0] as WorkflowDlqEntry
      const e2 = sim.state.workflowDlq[1] as WorkflowDlqEntry
      const q = new URLSearchParams([
        ['dlqIds', e1.dlqId],
        ['dlqIds', e2.dlqId],
        ['dlqIds', 'dlq_missing'],
        ['workflowUrl', 'https://no.such/url']
      ])
      const res = await post(sim, `/v2/workflows/dlq/resume?${q.toString()}`)
      expect(res.status).toBe(200)
      const body = (await res.json()) as ResumeBody
      expect(body.workflowRuns).toHaveLength(2)
      expect(body.cursor).toBe('')
      expect(sim.state.workflowDlq.some(e => e.dlqId === e1.dlqId || e.dlqId === e2.dlqId)).toBe(false)
      const again = await post(sim, `/v2/workflows/dlq/resume?${q.toString()}`)
      expect(again.status).toBe(404)
      expect(((await again.json()) as { error: string }).error).toMatch(/^DLQ entries not found: /)
    })

    it('filters by url, run id prefix, creation time and failure time', async () => {
      const dlq = sim.state.workflowDlq
      const target = dlq[10] as { workflowRunId: string; workflowCreatedAt: number; failedAt: number }
      const byCreated = (await (
        await post(sim, `/v2/workflows/dlq/resume?workflowCreatedAt=${target.workflowCreatedAt}`)
      ).json()) as ResumeBody
      expect(byCreated.workflowRuns).toHaveLength(1)
      expect(dlq.some(e => e.workflowRunId === target.workflowRunId)).toBe(false)

      const prefixed = dlq[20]?.workflowRunId as string
      const byPrefix = (await (
        await post(sim, `/v2/workflows/dlq/resume?workflowRunId=${prefixed.slice(0, -1)}`)
      ).json()) as ResumeBody
      expect(byPrefix.workflowRuns.length).toBeGreaterThanOrEqual(1)
      expect(dlq.some(e => e.workflowRunId === prefixed)).toBe(false)

      const from = dlq[30]?.failedAt as number
      const to = dlq[32]?.failedAt as number
      const byDate = (await (
        await post(sim, `/v2/workflows/dlq/resume?fromDate=${from}&toDate=${to}`)
      ).json()) as ResumeBody
      expect(byDate.workflowRuns).toHaveLength(3)
      expect(dlq.some(e => e.failedAt >= from && e.failedAt <= to)).toBe(false)

      const url = dlq[0]?.workflowUrl as string
      const expected = dlq.filter(e => e.workflowUrl === url).length
      const byUrl = (await (
        await post(sim, `/v2/workflows/dlq/resume?workflowUrl=${encodeURIComponent(url)}`)
      ).json()) as ResumeBody
      expect(byUrl.workflowRuns).toHaveLength(Math.min(50, expected))
    })

    it('validates override headers and records them', async () => {
      const bad1 = await post(sim, '/v2/workflows/dlq/resume?dlqIds=x', {
        ...AUTH,
        'Service-Flow-Control-Value': 'parallelism'
      })
      expect(bad1.status).toBe(400)
      const bad2 = await post(sim, '/v2/workflows/dlq/resume?dlqIds=x', { ...AUTH, 'Service-Retries': '-1' })
      expect(bad2.status).toBe(400)
      const id = sim.state.workflowDlq[0]?.dlqId as string
      const ok = await post(sim, `/v2/workflows/dlq/resume?dlqIds=${id}`, {
        ...AUTH,
        'Service-Flow-Control-Key': 'key-1',
        'Service-Flow-Control-Value': 'parallelism=5,rate=10',
        'Service-Retries': '3'
      })
      expect(ok.status).toBe(200)
      const last = sim.requests[sim.requests.length - 1]
      expect(last?.headers['service-flow-control-value']).toBe('parallelism=5,rate=10')
      expect(last?.headers['service-retries']).toBe('3')
      expect(last?.body).toBe('')
      const run = sim.state.resumedRuns[sim.state.resumedRuns.length - 1]
      expect(run).toMatchObject({
        fromDlqId: id,
        flowControlKey: 'key-1',
        flowControlValue: 'parallelism=5,rate=10',
        retries: 3
      })
    })

    it('resumes everything in batches of at most 50 with a cursor chain ending in ""', async () => {
      const remaining = sim.state.workflowDlq.length
      expect(remaining).toBeGreaterThan(50)
      const before = sim.state.resumedRuns.length
      const seen = new Set<string>()
      let cursor: string | undefined
      let calls = 0
      do {
        const res = await post(sim, `/v2/workflows/dlq/resume${cursor ? `?cursor=${cursor}` : ''}`)
        expect(res.status).toBe(200)
        const body = (await res.json()) as ResumeBody
        calls++
        expect(body.workflowRuns.length).toBeLessThanOrEqual(50)
        for (const r of body.workflowRuns) {
          expect(r.workflowRunId).toMatch(/^wfr_resumed_\d+$/)
          expect(typeof r.workflowCreatedAt).toBe('number')
          seen.add(r.workflowRunId)
        }
        expect(typeof body.cursor).toBe('string')
        cursor = body.cursor
      } while (cursor !== '')
      expect(calls).toBe(Math.ceil(remaining / 50))
      expect(seen.size).toBe(remaining)
      expect(sim.state.workflowDlq).toHaveLength(0)
      expect(sim.state.resumedRuns.length - before).toBe(remaining)
      expect((await post(sim, '/v2/workflows/dlq/resume?cursor=bogus')).status).toBe(400)
    })
  })
})

describe('faults', () => {
  let sim: Simulator
  beforeAll(async () => {
    sim = await startSimulator({ now: NOW, messages: 50 })
  })
  afterAll(async () => {
    await sim.close()
  })
  afterEach(() => {
    sim.clearFaults()
  })

  it('status: answers with the injected status, honouring route, skip and times', async () => {
    sim.inject({
      route: 'list',
      fault: { kind: 'status', status: 503, headers: { 'Retry-After': '1' } },
      skip: 1,
      times: 2
    })
    expect((await post(sim, '/v2/schedules/sched-2/resume')).status).toBe(200) // other route: not matched
    expect((await get(sim, '/v2/dlq?count=1')).status).toBe(200) // skipped
    const hit = await get(sim, '/v2/dlq?count=1')
    expect(hit.status).toBe(503)
    expect(hit.headers.get('retry-after')).toBe('1')
    expect(await hit.json()).toEqual({ error: 'injected 503' })
    expect((await get(sim, '/v2/dlq?count=1')).status).toBe(503)
    expect((await get(sim, '/v2/dlq?count=1')).status).toBe(200) // exhausted

    sim.inject({ fault: { kind: 'status', status: 500, body: 'plain failure' } })
    const raw = await get(sim, '/v2/dlq', {}) // faults fire before auth
    expect(raw.status).toBe(500)
    expect(await raw.text()).toBe('plain failure')
  })

  it('first applicable rule wins, in injection order; Infinity repeats', async () => {
    sim.inject({ fault: { kind: 'status', status: 502 }, times: Infinity })
    sim.inject({ fault: { kind: 'status', status: 504 }, times: Infinity })
    for (let i = 0; i < 3; i++) expect((await get(sim, '/v2/dlq')).status).toBe(502)
    sim.clearFaults()
    expect((await get(sim, '/v2/dlq')).status).toBe(200)
  })

  it('drop: destroys the socket without a response', async () => {
    sim.inject({ fault: { kind: 'drop' } })
    await expect(get(sim, '/v2/dlq')).rejects.toThrow()
    expect((await get(sim, '/v2/dlq')).status).toBe(200)
  })

  it('delay: answers normally after at least ms', async () => {
    sim.inject({ fault: { kind: 'delay', ms: 150 } })
    const t0 = Date.now()
    const res = await get(sim, '/v2/dlq?count=1')
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140)
    expect(res.status).toBe(200)
  })

  it('slow-body: headers at once, body after ms', async () => {
    sim.inject({ fault: { kind: 'slow-body', ms: 150 } })
    const t0 = Date.now()
    const res = await get(sim, '/v2/dlq?count=2')
    expect(res.status).toBe(200)
    const body = (await res.json()) as ListBody
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140)
    expect(body.messages).toHaveLength(2)
  })

  it('redirect: 307 with Location by default', async () => {
    sim.inject({ fault: { kind: 'redirect', location: 'http://elsewhere.invalid/v2/dlq' } })
    const res = await fetch(`${sim.url}/v2/dlq`, { headers: AUTH, redirect: 'manual' })
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe('http://elsewhere.invalid/v2/dlq')
    sim.inject({ fault: { kind: 'redirect', location: '/v2/dlq', status: 301 } })
    expect((await fetch(`${sim.url}/v2/dlq`, { headers: AUTH, redirect: 'manual' })).status).toBe(301)
  })

  it('malformed: raw body as application/json', async () => {
    sim.inject({ fault: { kind: 'malformed', body: '{"messages": [' } })
    const res = await get(sim, '/v2/dlq')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.text()).toBe('{"messages": [')
    sim.inject({ fault: { kind: 'malformed', body: '<html>', status: 502 } })
    expect((await get(sim, '/v2/dlq')).status).toBe(502)
  })

  it('stuck-cursor: returns the same cursor again and again', async () => {
    sim.inject({ route: 'list', fault: { kind: 'stuck-cursor' }, times: Infinity })
    const first = (await (await get(sim, '/v2/dlq?count=5')).json()) as ListBody
    expect(first.cursor).toBe('stuck')
    const second = (await (await get(sim, `/v2/dlq?count=5&cursor=${first.cursor}`)).json()) as ListBody
    expect(second.cursor).toBe('stuck')
    expect(second.messages.map(m => m.messageId)).toEqual(first.messages.map(m => m.messageId))
    sim.clearFaults()
    const real = (await (await get(sim, '/v2/dlq?count=5')).json()) as ListBody
    sim.inject({ route: 'list', fault: { kind: 'stuck-cursor' }, times: 2 })
    for (let i = 0; i < 2; i++) {
      const page = (await (await get(sim, `/v2/dlq?count=5&cursor=${real.cursor}`)).json()) as ListBody
      expect(page.cursor).toBe(real.cursor)
    }
  })

  it('latencyMs and the burst rate limit', async () => {
    const slow = await startSimulator({ messages: 5, latencyMs: 100, rateLimitPerSecond: 2 })
    try {
      const t0 = Date.now()
      const results = await Promise.all(Array.from({ length: 10 }, async () => get(slow, '/v2/dlq')))
      expect(Date.now() - t0).toBeGreaterThanOrEqual(90)
      const limited = results.filter(r => r.status === 429)
      expect(limited.length).toBeGreaterThanOrEqual(1)
      const one = limited[0] as Response
      expect(Number(one.headers.get('burst-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 5)
      expect(await one.json()).toEqual({ error: 'burst rate limit exceeded' })
      expect(results.some(r => r.status === 200)).toBe(true)
    } finally {
      await slow.close()
    }
  })

  it('hang: never answers, and close() ends it', async () => {
    const other = await startSimulator({ messages: 5 })
    other.inject({ fault: { kind: 'hang' } })
    let settled = false
    const pending = get(other, '/v2/dlq').finally(() => {
      settled = true
    })
    pending.catch(() => undefined)
    while (other.requestCount === 0) await new Promise(r => setTimeout(r, 10))
    await new Promise(r => setTimeout(r, 50))
    expect(settled).toBe(false)
    await other.close()
    await expect(pending).rejects.toThrow()
  })
})

describe('large data', () => {
  it('pages a date slice of 100,000 messages with keyset cursors', async () => {
    const big = await startSimulator({ messages: 100_000, workflowRuns: 0, now: NOW })
    try {
      const msgs = big.state.messages
      const from = msgs[50_000]?.createdAt as number
      const to = msgs[50_449]?.createdAt as number
      const got = await drain(big, { fromDate: String(from), toDate: String(to) })
      expect(got.map(m => m.messageId)).toEqual(msgs.slice(50_000, 50_450).map(m => m.messageId))
      const back = await drain(big, { fromDate: String(from), toDate: String(to), order: 'latestFirst', count: '64' })
      expect(back.map(m => m.messageId)).toEqual(
        msgs
          .slice(50_000, 50_450)
          .map(m => m.messageId)
          .reverse()
      )
    } finally {
      await big.close()
    }
  })
})
