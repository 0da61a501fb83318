/**
 * Bulk resume and schedule resume end to end (the bundle over real sockets) against the server variants of wire
 * contract section 5 and against lost or unreadable answers. The oracle is what the simulator did: every run it
 * resumed is either in the outputs or covered by the "possibly resumed" bound, and nothing else is in the outputs.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { splitDlqIds } from '../../src/operations/resume-drain.js'
import { ALL_VARIANTS, startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'
import { requestUrl } from '../../src/service/query.js'
import { jsonOutput } from '../support/action.js'
import { runAction, type ActionRun } from '../../tools/harness.js'
import { infoLines } from '../support/log.js'

const TOKEN = 'sim-token-0f4b8d2a6c1e3957'
let sim: Simulator

afterEach(async () => {
  await sim.close()
})

async function start(variants: Partial<ServerVariants> = {}, workflowRuns = 120): Promise<Simulator> {
  sim = await startSimulator({ token: TOKEN, workflowRuns, schedules: 4, seed: 21, variants })
  return sim
}

const resume = (inputs: Record<string, string>): Promise<ActionRun> =>
  runAction({ token: TOKEN, 'base-url': sim.url, operation: 'resume-workflows', ...inputs })

const resumeRequests = () => sim.requests.filter(r => r.route === 'resume')
const resumedIds = () => sim.state.resumedRuns.map(r => r.workflowRunId)

/** Runs in the outputs are exactly the simulator's resumed runs, in order, and the log warns about nothing. */
function expectExact(run: ActionRun): void {
  expect(run.errors).toEqual([])
  expect(run.warnings).toEqual([])
  expect(run.code).toBe(0)
  expect(jsonOutput(run, 'workflow-run-ids')).toEqual(resumedIds())
  expect(jsonOutput(run, 'workflow-runs')).toEqual(
    sim.state.resumedRuns.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
  )
  expect(run.outputs['resumed-count']).toBe(String(sim.state.resumedRuns.length))
}

/** The "possibly resumed" bound the step failed with: requests, each up to 50 runs. */
function possiblyResumedRequests(run: ActionRun): number {
  const match = /(\d+) resume requests? got no readable answer/.exec(run.errors.join('\n'))
  return match ? Number(match[1]) : 0
}

/** Never under-reports: the outputs are a prefix-ordered subset of what was resumed, the rest within the bound. */
function expectBounded(run: ActionRun): void {
  const listed = jsonOutput(run, 'workflow-run-ids') as string[]
  const resumed = resumedIds()
  expect(resumed).toEqual(expect.arrayContaining(listed))
  expect(resumed.length - listed.length).toBeLessThanOrEqual(50 * possiblyResumedRequests(run))
}

describe('count on every bulk-resume request', () => {
  it.each([
    ['a server that follows the contract', {}],
    ['a server that resumes every match without count', { resumeAllWithoutCount: true }],
    ['every section-5 variant at once', ALL_VARIANTS]
  ])('sends count=50 and reports exactly what %s resumed', async (_name, variants) => {
    await start(variants)
    const run = await resume({ all: 'true' })
    expectExact(run)
    expect(sim.state.resumedRuns).toHaveLength(120)
    expect(sim.state.workflowDlq).toHaveLength(0)
    expect(resumeRequests().map(r => r.query.get('count'))).toEqual(['50', '50', '50'])
  })
})

describe('many dlq-ids', () => {
  it.each([
    ['a server that follows the contract', {}],
    ['a server refusing request targets over 6 KB', { maxUrlBytes: 6 * 1024 }],
    ['every section-5 variant at once', ALL_VARIANTS]
  ])('splits them so that each URL stays under 6 KB, against %s', async (_name, variants) => {
    await start(variants, 700)
    const chosen = sim.state.workflowDlq.filter((_, i) => i % 7 !== 3).map(e => e.dlqId)
    expect(chosen.length).toBe(600)
    const run = await resume({ 'dlq-ids': chosen.join('\n') })
    expectExact(run)
    expect(sim.state.resumedRuns.map(r => r.fromDlqId).sort()).toEqual([...chosen].sort())

    const requests = resumeRequests()
    const parts = new Set(requests.map(r => r.query.getAll('dlqIds').join(',')))
    expect(parts.size).toBeGreaterThan(1)
    // Each part is a run of consecutive ids, and together they are every id once.
    expect([...parts].flatMap(p => p.split(','))).toEqual(chosen)
    for (const request of requests) {
      const url = `${sim.url}${request.path}?${request.query.toString()}`
      expect(url.length).toBeLessThan(6000)
      expect(request.query.get('count')).toBe('50')
    }
    expect(infoLines(run.stdout)).toContain(
      `dlq-ids: 600 ids sent in ${parts.size} parts, each request URL under 6144 bytes`
    )
  })

  it('names the dlq-ids to continue with when a later part fails', async () => {
    await start({}, 700)
    const chosen = sim.state.workflowDlq.slice(0, 600).map(e => e.dlqId)
    const parts = splitDlqIds(
      { dlqIds: chosen },
      q => requestUrl(new URL(sim.url), '/v2/workflows/dlq/resume', q).href.length
    )
    const partSize = parts[0]!.dlqIds!.length
    // Let the first part through, then fail the first request of the second part (quota exceeded: no retry, and not
    // an id refused, which the resume would tell one by one).
    sim.inject({ route: 'resume', fault: { kind: 'status', status: 412 }, skip: Math.ceil(partSize / 50) })
    const run = await resume({ 'dlq-ids': chosen.join('\n') })
    expect(run.code).toBe(1)
    expect(jsonOutput(run, 'workflow-run-ids')).toEqual(resumedIds())
    expect(sim.state.resumedRuns).toHaveLength(partSize)
    expect(run.outputs['next-cursor']).toBe('')
    expect(run.errors[0]).toContain(
      `to continue, re-run with dlq-ids from "${chosen[partSize]}" on (id ${partSize + 1} of 600: ${600 - partSize} ids`
    )
  })
})

describe('max-pages with dlq-ids in parts', () => {
  it('counts a part answered 404 as a request: one request with max-pages 1, and names the ids not told', async () => {
    await start({}, 700)
    // Ids no longer in the DLQ (each part answered 404), long enough that they go in several parts.
    const gone = Array.from({ length: 30 }, (_, i) => `gone-${i}-${'x'.repeat(1000)}`)
    const run = await resume({ 'dlq-ids': gone.join('\n'), 'max-pages': '1' })
    expect(resumeRequests()).toHaveLength(1)
    expect(run.code).toBe(1)
    expect(run.outputs.complete).toBe('false')
    expect(run.errors[0]).toMatch(/stopped after 1 request \(max-pages\)/)
    const firstPart = splitDlqIds(
      { dlqIds: gone },
      q => requestUrl(new URL(sim.url), '/v2/workflows/dlq/resume', q).href.length
    )[0]!
    // The part answered 404 is halved to tell which ids are gone; the budget stops that before any is told, so a
    // re-run starts again at its first id.
    expect(firstPart.dlqIds!.length).toBeGreaterThan(1)
    expect(run.errors[0]).toContain(`re-run with dlq-ids from "${gone[0]}" on (id 1 of 30: 30 ids`)
  })
})

describe('runs a 200 answer carries', () => {
  it('keeps the valid runs of a page with a malformed one, counts the bad one and names it by index', async () => {
    await start()
    const body = JSON.stringify({
      workflowRuns: [
        { workflowRunId: 'wfr_a', workflowCreatedAt: 1_700_000_000_000 },
        { workflowRunId: 42, workflowCreatedAt: 1_700_000_000_000 },
        { workflowRunId: 'wfr_b', workflowCreatedAt: 9_000_000_000_000_000 },
        { workflowRunId: 'wfr_c', workflowCreatedAt: null },
        { workflowRunId: 'wfr_d', workflowCreatedAt: '1700000000001' }
      ]
    })
    sim.inject({ route: 'resume', fault: { kind: 'malformed', body } })
    const run = await resume({ all: 'true' })
    expect(run.code).toBe(0)
    expect(jsonOutput(run, 'workflow-run-ids')).toEqual(['wfr_a', 'wfr_b', 'wfr_c', 'wfr_d'])
    expect(jsonOutput(run, 'workflow-runs')).toEqual([
      { workflowRunId: 'wfr_a', workflowCreatedAt: 1_700_000_000_000 },
      { workflowRunId: 'wfr_b' },
      { workflowRunId: 'wfr_c' },
      { workflowRunId: 'wfr_d', workflowCreatedAt: 1_700_000_000_001 }
    ])
    // Named in one warning (an annotation on the run page), not only in the log.
    expect(run.warnings).toHaveLength(1)
    expect(run.warnings[0]).toContain('item 1 of request 1, resumed but not named: no usable workflowRunId (42)')
    expect(run.warnings[0]).toContain('run "wfr_b" (request 1, item 2): workflowCreatedAt 9000000000000000 left out')
    expect(run.summary).toContain('**5 new runs** created by 1 request')
    expect(run.summary).toContain('1 run was resumed without a readable id')
  })
})

describe('a cursor from the service too long to send back with dlq-ids', () => {
  it.each([
    ['a server that follows the contract', {}],
    ['every section-5 variant at once', ALL_VARIANTS]
  ])('sends no request line over 8 KB, and stops saying why, against %s', async (_name, variants) => {
    await start(variants, 700)
    // Ids that fill one part (5 KB): the service's cursor of 4,000 characters cannot go with them.
    const chosen = sim.state.workflowDlq.slice(0, 600).map(e => e.dlqId)
    const parts = splitDlqIds(
      { dlqIds: chosen },
      q => requestUrl(new URL(sim.url), '/v2/workflows/dlq/resume', q).href.length
    )
    const onePart = parts[0]!.dlqIds!
    sim.inject({ route: 'resume', fault: { kind: 'set-cursor', cursor: 'c'.repeat(4000) } })
    const run = await resume({ 'dlq-ids': onePart.join('\n') })
    expect(resumeRequests()).toHaveLength(1)
    for (const r of sim.requests)
      expect(`POST ${sim.url}${r.path}?${r.query.toString()} HTTP/1.1`.length).toBeLessThanOrEqual(8192)
    expect(run.code).toBe(1)
    expect(run.outputs.complete).toBe('false')
    expect(run.outputs['next-cursor']).toBe('')
    expect(jsonOutput(run, 'workflow-run-ids')).toEqual(resumedIds())
    expect(run.errors[0]).toMatch(
      /a cursor of 4,000 characters: sent back with these filters, the next request \(POST \/v2\/workflows\/dlq\/resume\) would be [\d,]+ bytes, over the 8,192/
    )
    expect(run.summary).toMatch(/^## ❌ Resume failed part way: the service sent a cursor too long to send back/m)
  })
})

describe('one verdict for a resume', () => {
  it('drained with a run that has no readable id: heading, notice and complete all say the outputs miss it', async () => {
    await start()
    const body = JSON.stringify({
      workflowRuns: [{ workflowRunId: 'wfr_a', workflowCreatedAt: 1_700_000_000_000 }, { workflowRunId: 42 }]
    })
    sim.inject({ route: 'resume', fault: { kind: 'malformed', body } })
    const run = await resume({ all: 'true' })
    const notices = run.stdout.split('\n').filter(line => line.startsWith('::notice'))
    expect(run.code).toBe(0)
    expect(run.outputs.complete).toBe('false')
    expect(run.outputs['next-cursor']).toBe('')
    expect(run.summary).toMatch(
      /^## ⚠️ Resumed 2 workflow runs; 1 of them has no readable id, so the outputs do not name it \(nothing is left to resume\); selection: every failed run in the DLQ \(all\), of any age$/m
    )
    expect(run.summary).not.toMatch(/✅/)
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatch(
      /Resumed 2 workflow runs; 1 of them has no readable id, so the outputs do not name it \(nothing is left to resume\); selection: every failed run in the DLQ \(all\), of any age$/
    )
    expect(notices[0]).not.toMatch(/stopped early|more may remain/)
  })
})

describe('answers lost or unreadable', () => {
  it('says a lost answer may hide more than 50 runs once the service is seen to ignore count', async () => {
    await start()
    const runs = Array.from({ length: 60 }, (_, i) => ({
      workflowRunId: `wfr_big_${i}`,
      workflowCreatedAt: 1_700_000_000_000
    }))
    sim.inject({
      route: 'resume',
      fault: { kind: 'malformed', body: JSON.stringify({ workflowRuns: runs, cursor: 'x' }) }
    })
    sim.inject({ route: 'resume', fault: { kind: 'drop' }, times: Infinity })
    const run = await resume({ all: 'true', 'max-attempts': '2' })
    expect(run.code).toBe(1)
    expect(jsonOutput(run, 'workflow-run-ids')).toHaveLength(60)
    const said = run.errors.join('\n')
    expect(said).toMatch(/2 resume requests got no readable answer/)
    expect(said).toContain('one answer carried 60 runs')
    expect(said).toContain('possibly every run the selection matched')
    expect(said).not.toContain('up to 100 more runs')
  })

  it('counts a resume whose answer was lost until max-attempts ran out, and fails saying where to continue', async () => {
    await start()
    // The answers' heads arrive, their bodies never do: each attempt resumed 50 runs the action cannot see.
    sim.inject({ route: 'resume', fault: { kind: 'slow-body', ms: 5_000 }, skip: 1, times: 2 })
    const run = await resume({ all: 'true', 'timeout-seconds': '1', 'max-attempts': '2' })
    expect(run.code).toBe(1)
    expect(jsonOutput(run, 'workflow-run-ids')).toEqual(resumedIds().slice(0, 50))
    expect(sim.state.resumedRuns).toHaveLength(120)
    expect(possiblyResumedRequests(run)).toBe(2)
    expectBounded(run)
    const cursor = run.outputs['next-cursor']
    expect(cursor).not.toBe('')
    expect(run.errors[0]).toContain(
      '2 resume requests got no readable answer (lost after sending, or unreadable): the service may have resumed ' +
        'up to 100 more runs than listed here (possibly resumed'
    )
    expect(run.errors[0]).toMatch(new RegExp(`to continue, re-run with cursor: ${cursor}, to-date: \\d+$`))
    expect(run.summary).toMatch(/Possibly resumed:\*\* 2 resume requests got no readable answer/)
  })

  it('counts a lost answer that a retry got past, and fails although the resume reached its end', async () => {
    await start()
    sim.inject({ route: 'resume', fault: { kind: 'status', status: 502 } })
    const run = await resume({ all: 'true' })
    expect(run.code).toBe(1)
    expect(jsonOutput(run, 'workflow-run-ids')).toEqual(resumedIds())
    expect(possiblyResumedRequests(run)).toBe(1)
    expect(run.errors[0]).toContain('nothing is left to continue: the selection was resumed to its end')
    expect(run.errors[0]).toContain('1 resume request got no readable answer')
    expect(run.warnings.join('\n')).not.toContain('no readable answer')
    expect(run.outputs.complete).toBe('false')
  })

  it.each([
    ['a body that is not valid UTF-8', { kind: 'invalid-utf8' as const }],
    ['an encoding it cannot decode', { kind: 'encoded' as const, encoding: 'zstd' }],
    ['a body that is not JSON', { kind: 'malformed' as const, body: '<html>' }]
  ])('counts a carried-out request answered with %s as possibly resumed', async (_name, fault) => {
    await start()
    sim.inject({ route: 'resume', fault, skip: 1 })
    const run = await resume({ all: 'true' })
    expect(run.code).toBe(1)
    expect(possiblyResumedRequests(run)).toBe(1)
    expect(jsonOutput(run, 'workflow-run-ids')).toEqual(resumedIds().slice(0, 50))
    expectBounded(run)
    expect(run.errors[0]).toContain('resume-workflows failed: POST /v2/workflows/dlq/resume answered 200 with')
  })

  it('reads gzip, deflate and br answers and a byte-order mark without losing a run', async () => {
    await start()
    sim.inject({ route: 'resume', fault: { kind: 'encoded', encoding: 'gzip' } })
    sim.inject({ route: 'resume', fault: { kind: 'encoded', encoding: 'deflate' } })
    sim.inject({ route: 'resume', fault: { kind: 'encoded', encoding: 'br' } })
    sim.inject({ route: 'resume', fault: { kind: 'bom' } })
    expectExact(await resume({ all: 'true' }))
  })

  it('does not count a 503 or a refused request, which the service did not carry out', async () => {
    await start()
    sim.inject({ route: 'resume', fault: { kind: 'status', status: 503 } })
    sim.inject({ route: 'resume', fault: { kind: 'status', status: 429, headers: { 'Retry-After': '0' } } })
    expectExact(await resume({ all: 'true' }))
  })
})

describe('workflow-url with a comma', () => {
  it('is refused before any request on a server that reads commas as separators', async () => {
    await start({ commaSeparates: true })
    const run = await resume({ 'workflow-url': 'https://app.example.com/api/workflow/onboarding,https://x.example' })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toContain('workflow-url')
    expect(sim.requestCount).toBe(0)
    expect(sim.state.resumedRuns).toEqual([])
  })
})

describe('resume-schedule', () => {
  const resumeSchedule = (ids: string): Promise<ActionRun> =>
    runAction({ token: TOKEN, 'base-url': sim.url, operation: 'resume-schedule', 'schedule-id': ids })

  it.each([
    ['only PATCH', { patchOnlySchedules: true }],
    ['every section-5 variant at once', ALL_VARIANTS]
  ])('sends POST, then PATCH once on 405, to a server that accepts %s, and says so', async (_name, variants) => {
    await start(variants)
    const run = await resumeSchedule('sched-1\nsched-3')
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    expect(jsonOutput(run, 'schedule-ids')).toEqual(['sched-1', 'sched-3'])
    expect(sim.state.schedules.get('sched-1')?.active).toBe(true)
    expect(sim.state.schedules.get('sched-3')?.active).toBe(true)
    expect(sim.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'POST /v2/schedules/sched-1/resume',
      'PATCH /v2/schedules/sched-1/resume',
      'POST /v2/schedules/sched-3/resume',
      'PATCH /v2/schedules/sched-3/resume'
    ])
    expect(infoLines(run.stdout)).toContain(
      'POST /v2/schedules/sched-1/resume: HTTP 405 (method not allowed); trying once more with PATCH'
    )
  })

  it('sends only POST to a server that accepts it', async () => {
    await start()
    const run = await resumeSchedule('sched-1')
    expect(run.code).toBe(0)
    expect(sim.requests.map(r => r.method)).toEqual(['POST'])
    expect(run.stdout).not.toContain('PATCH')
  })

  it('fails naming the schedule when the PATCH is refused too', async () => {
    await start()
    sim.inject({ route: 'schedule', fault: { kind: 'status', status: 405 }, times: 2 })
    const run = await resumeSchedule('sched-1')
    expect(run.code).toBe(1)
    expect(sim.requests.map(r => r.method)).toEqual(['POST', 'PATCH'])
    expect(run.errors[0]).toContain('resume-schedule (schedule "sched-1") failed: HTTP 405')
  })
})
