/**
 * A staged resume through the real client over sockets against the simulator, time driven by an injected clock that
 * the simulator shares: the runs it resumes fail again (or not) as the clock says, and nobody waits in real time.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { madeIdOf } from '../../src/resume-results.js'
import { stagedResume } from '../../src/operations/staged-resume.js'
import { watchStage, WatchState } from '../../src/operations/watch.js'
import { Outputs } from '../../src/constants.js'
import { resumeReport } from '../../src/report/resume.js'
import type { ResumeRequest, StagePlan } from '../../src/requests.js'
import type { ResumeResult } from '../../src/resume-results.js'
import type { ServiceClient } from '../../src/service/client.js'
import { QUICK_RETRY, recordingClient } from '../support/client.js'
import { resumeRequest } from '../support/results.js'
import { TestClock } from '../support/clock.js'
import { startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'
import type { RunFate } from '../../sim/fates.js'

const T0 = Date.UTC(2026, 10, 26, 12, 0, 0)
const URL_A = 'https://app.example.com/api/workflow/onboarding'
let sim: Simulator
let client: ServiceClient
let clock: TestClock

async function start(variants: Partial<ServerVariants>, fates: RunFate[] = [], workflowRuns = 400): Promise<void> {
  clock = new TestClock(T0)
  sim = await startSimulator({ token: 't', workflowRuns, seed: 25, now: T0, clock: () => clock.now(), variants, fates })
  client = recordingClient(sim.url, 't', QUICK_RETRY).client
}

afterEach(async () => {
  await client.close()
  await sim.close()
})

function run(req: ResumeRequest, plan: StagePlan, stop = new AbortController().signal): Promise<ResumeResult> {
  return stagedResume(client, req, plan, { clock, stop, log: () => {} })
}

const resumeRequests = () => sim.requests.filter(r => r.route === 'resume')
// The first listing of a resume by filters asks for one entry: it reads the service's Date, the bound of its to-date.
const preflights = () => sim.requests.filter(r => r.route === 'list' && r.query.get('count') === '1')
const listings = () => sim.requests.filter(r => r.route === 'list' && r.query.get('count') !== '1')
const failedAgainOf = (result: ResumeResult, stage: number) => result.staged!.failedAgain.filter(r => r.stage === stage)
const matching = (url: string) => sim.state.workflowDlq.filter(e => e.workflowUrl === url).length
const stageSizes = (result: ResumeResult) => result.staged?.stages.map(s => s.resumed)
/** A watch's state over one run id, listing from `from`. */
function watchState(from: number): WatchState {
  const state = new WatchState(from)
  state.add(1, ['wfr_x'])
  return state
}

/** A run the simulator resumed, put back in the workflow DLQ as if it had failed again now. */
function failAgain(index: number, status = 503, body = '{"error":"db pool exhausted"}'): void {
  const run = sim.state.resumedRuns[index]!
  sim.addFailedRun({
    dlqId: `dlq_back_${index}`,
    workflowRunId: run.workflowRunId,
    workflowUrl: run.workflowUrl,
    workflowCreatedAt: run.workflowCreatedAt,
    failedAt: clock.now(),
    responseStatus: status,
    responseBody: body
  })
}

describe('a staged resume whose runs stay out of the DLQ', () => {
  it('resumes each stage, watches all but the last every 5 s and once at the end, and calls each clean', async () => {
    await start({ ignoreResumeCount: false })
    const total = matching(URL_A)
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [3, 5, Infinity],
      watchMs: 60_000,
      maxFailed: 0
    })
    expect(result.failure).toBeUndefined()
    expect(stageSizes(result)).toEqual([3, 5, total - 8])
    expect(result.runs.map(r => r.workflowRunId)).toEqual(sim.state.resumedRuns.map(r => r.workflowRunId))
    const [first, second, last] = result.staged!.stages
    expect(first!.watch!.polls).toHaveLength(12)
    expect(second!.watch!.polls.map(p => p.at - second!.watch!.startedAt)).toEqual(
      Array.from({ length: 12 }, (_, i) => (i + 1) * 5_000)
    )
    expect(last!.watch).toBeUndefined()
    expect(clock.sleeps).toEqual(Array(24).fill(5_000))
    // Each poll: one listing of the workflow DLQ since the start on the service's clock, whatever the URL.
    expect(listings()).toHaveLength(24)
    expect(preflights()).toHaveLength(1)
    const query = listings()[0]!.query
    expect(query.get('source')).toBe('workflow')
    expect(query.getAll('workflowUrl')).toEqual([])
    expect(Number(query.get('fromDate'))).toBe(T0)
    // Each stage asked for exactly what it still needed, all under the start of the staged resume.
    const lastCounts = Array<string | null>(Math.ceil((total - 8) / 50)).fill(null)
    expect(resumeRequests().map(r => r.query.get('count'))).toEqual(['3', '5', ...lastCounts.map(() => '50')])
    expect(resumeRequests().every(r => r.query.get('toDate') === String(T0 - 1))).toBe(true)
    // Every item was read as sent: no warning of unreadable items (one with nothing in it was printed before).
    expect(result.itemProblems).toBeUndefined()
    expect(resumeReport.warnings(result)).toEqual([])
  })

  it('counts max-runs over every stage', async () => {
    await start({ ignoreResumeCount: false })
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A }, maxRuns: 6 }), {
      sizes: [4, 4, Infinity],
      watchMs: 10_000,
      maxFailed: 0
    })
    expect(stageSizes(result)).toEqual([4, 2])
    expect(result.staged!.stages[1]!.verdict).toBe('capped')
    expect(result.stoppedByCap).toBe(true)
    expect(result.nextCursor).toBeDefined()
  })
})

describe('max-pages over the stages', () => {
  it('bounds the resume requests of every stage together, and each listing of a watch on its own', async () => {
    await start({ ignoreResumeCount: false })
    // 3 runs, then 50 a request: the budget of 4 ends in stage 2, after 3 of its requests, with its cursor.
    const result = await run(resumeRequest({ all: true, maxPages: 4 }), {
      sizes: [3, Infinity],
      watchMs: 30_000,
      maxFailed: 0
    })
    expect(resumeRequests()).toHaveLength(4)
    expect(stageSizes(result)).toEqual([3, 150])
    expect(result.failure).toMatchObject({ kind: 'max-pages', pages: 4 })
    expect(result.nextCursor).toBeDefined()
    // The watch's 6 listings are not counted against it: each is one request, under the budget of 4.
    expect(listings()).toHaveLength(6)
  })

  it('spent by a stage that ends at its size: no watch, no further stage, the cursor of the rest', async () => {
    await start({ ignoreResumeCount: false })
    const result = await run(resumeRequest({ all: true, maxPages: 2 }), {
      sizes: [60, Infinity],
      watchMs: 30_000,
      maxFailed: 0
    })
    expect(resumeRequests().map(r => r.query.get('count'))).toEqual(['50', '10'])
    expect(stageSizes(result)).toEqual([60])
    // Its resume stopped part way (on the budget): not watched, whatever its runs do.
    expect(result.staged!.stages[0]!.verdict).toBe('failed')
    expect(result.staged!.stages[0]!.watch).toBeUndefined()
    expect(listings()).toHaveLength(0)
    expect(result.failure).toMatchObject({ kind: 'max-pages', pages: 2 })
    expect(result.nextCursor).toBeDefined()
  })
})

describe('a stage whose runs fail again', () => {
  it('stops on the first stage as soon as one is back, before the watch ends, with the cursor of the rest', async () => {
    await start({ ignoreResumeCount: false }, [{ workflowUrl: URL_A, afterMs: 12_000, responseStatus: 502 }])
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [4, Infinity],
      watchMs: 600_000,
      maxFailed: 0
    })
    const [stage] = result.staged!.stages
    expect(result.staged!.stages).toHaveLength(1)
    // Failed at 12 s: seen by the listing at 15 s, the third; the watch stopped there.
    expect(stage!.watch!.polls.map(p => p.failedAgain)).toEqual([0, 0, 4])
    expect(failedAgainOf(result, 1).map(madeIdOf)).toEqual(stage!.runIds)
    expect(failedAgainOf(result, 1)[0]).toMatchObject({
      responseStatus: 502,
      stage: 1,
      dlqId: `dlq_again_${stage!.runIds[0]}`
    })
    expect(resumeRequests()).toHaveLength(1)
    expect(result.nextCursor).toBeDefined()
  })

  it('keeps what it read of a run back in the DLQ bounded as a listing does: no half a character, a long id cut', async () => {
    await start({ ignoreResumeCount: false })
    clock.onSleep = count => {
      if (count !== 1) return
      const run = sim.state.resumedRuns[0]!
      sim.addFailedRun({
        dlqId: `dlq_${'d'.repeat(2_000)}`,
        workflowRunId: run.workflowRunId,
        workflowUrl: run.workflowUrl,
        workflowCreatedAt: run.workflowCreatedAt,
        failedAt: clock.now(),
        responseStatus: 500,
        // The 500th character is the first half of an emoji: a sample of 500 would end in half a character.
        responseBody: `${'x'.repeat(499)}😀 and more`
      })
    }
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [2, Infinity],
      watchMs: 60_000,
      maxFailed: 0
    })
    const [back] = failedAgainOf(result, 1)
    expect(back!.bodySample).toBe('x'.repeat(499))
    expect(back!.bodyCut).toBe(true)
    expect(back!.dlqId).toHaveLength(512)
    expect(back!.dlqId!.endsWith('…')).toBe(true)
  })

  it('lets one run fail again with watch-max-failed 1, and stops at the second', async () => {
    await start({ ignoreResumeCount: false })
    clock.onSleep = count => {
      if (count === 2) failAgain(0)
      if (count === 14) failAgain(5)
      if (count === 16) failAgain(6)
    }
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [5, 5, Infinity],
      watchMs: 60_000,
      maxFailed: 1
    })
    const [first, second] = result.staged!.stages
    expect(result.staged!.stages).toHaveLength(2)
    expect(failedAgainOf(result, 1).map(madeIdOf)).toEqual([sim.state.resumedRuns[0]!.workflowRunId])
    expect(first!.watch!.polls).toHaveLength(12)
    expect(first!.verdict).toBe('within')
    // The watch after stage 2 counts every run so far: stage 1's one, then stage 2's first at its 2nd listing, over 1.
    expect(second!.watch!.polls.map(p => p.failedAgain)).toEqual([1, 2])
    expect(second!.verdict).toBe('stopped')
    // One run of each stage: no stage alone is over 1, the two together are.
    expect([1, 2].map(n => failedAgainOf(result, n).length)).toEqual([1, 1])
    expect(failedAgainOf(result, 2)[0]).toMatchObject({
      responseStatus: 503,
      bodySample: '{"error":"db pool exhausted"}',
      seenIn: 2
    })
    expect(resumeRequests()).toHaveLength(2)
  })

  it('does not count other runs of the same workflow that fail during the watch', async () => {
    await start({ ignoreResumeCount: false })
    clock.onSleep = count => {
      if (count !== 3) return
      sim.addFailedRun({
        dlqId: 'dlq_other',
        workflowRunId: 'wfr_not_resumed_here',
        workflowUrl: URL_A,
        workflowCreatedAt: clock.now() - 1000,
        failedAt: clock.now()
      })
    }
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [3, 3],
      watchMs: 30_000,
      maxFailed: 0
    })
    const watch = result.staged!.stages[0]!.watch!
    expect(watch.polls.map(p => [p.listed, p.failedAgain])).toEqual([
      [0, 0],
      [0, 0],
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 0]
    ])
    expect(stageSizes(result)).toEqual([3, 3])
    // Nor is it taken by the second stage: it failed after the staged resume began.
    expect(sim.state.resumedRuns.map(r => r.fromDlqId)).not.toContain('dlq_other')
  })

  it('never lets a later stage take a run that failed again in an earlier one (filters: bound by to-date)', async () => {
    await start({ ignoreResumeCount: false }, [{ workflowUrl: URL_A, afterMs: 1_000 }])
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [4, 4, Infinity],
      watchMs: 20_000,
      maxFailed: 1_000
    })
    const resumedIds = new Set(sim.state.resumedRuns.map(r => r.workflowRunId))
    expect([1, 2, 3].map(n => failedAgainOf(result, n).length)).toEqual([4, 4, 0])
    expect(sim.state.resumedRuns.filter(r => resumedIds.has(r.originalWorkflowRunId))).toEqual([])
    expect(result.bound).toEqual({ toDate: T0 - 1, clock: 'service', serviceStart: T0 })
  })
})

describe('a cancel during a watch', () => {
  it('ends the watch at once, never clean, and no stage follows', async () => {
    await start({ ignoreResumeCount: false })
    const stop = new AbortController()
    clock.onSleep = count => {
      if (count === 3) stop.abort('SIGINT')
    }
    const result = await run(
      resumeRequest({ selection: { workflowUrl: URL_A } }),
      { sizes: [2, 2], watchMs: 600_000, maxFailed: 0 },
      stop.signal
    )
    const watch = result.staged!.stages[0]!.watch!
    expect(watch.cut).toBe('SIGINT')
    expect(result.staged!.stages[0]!.verdict).toBe('cut')
    expect(watch.polls).toHaveLength(2)
    expect(clock.sleeps).toHaveLength(3)
    expect(watch.endedAt - watch.startedAt).toBe(15_000)
    expect(result.failure).toEqual({ kind: 'cancelled', signal: 'SIGINT' })
    expect(resumeRequests()).toHaveLength(1)
    expect(result.nextCursor).toBeDefined()
  })
})

describe('a service that ignores count', () => {
  it('makes a stage as big as the answer, and watches every run it resumed', async () => {
    await start({ ignoreResumeCount: true })
    clock.onSleep = count => {
      if (count === 1) failAgain(30)
    }
    const result = await run(resumeRequest({ all: true }), { sizes: [10, Infinity], watchMs: 60_000, maxFailed: 0 })
    const [stage] = result.staged!.stages
    expect(stage!.asked).toBe(10)
    expect(stage!.resumed).toBe(50)
    expect(failedAgainOf(result, 1).map(madeIdOf)).toEqual([sim.state.resumedRuns[30]!.workflowRunId])
    expect(result.staged!.stages).toHaveLength(1)
  })
})

describe('stages over dlq-ids', () => {
  it('resumes exactly the ids, each once, stage after stage; a run back under a new dlqId is never among them', async () => {
    await start({ ignoreResumeCount: false }, [{ afterMs: 2_000 }])
    const ids = sim.state.workflowDlq.slice(10, 40).map(e => e.dlqId)
    const result = await run(resumeRequest({ selection: { dlqIds: ids } }), {
      sizes: [5, 10, Infinity],
      watchMs: 10_000,
      maxFailed: 100
    })
    expect(result.failure).toBeUndefined()
    expect(stageSizes(result)).toEqual([5, 10, 15])
    expect(sim.state.resumedRuns.map(r => r.fromDlqId).sort()).toEqual([...ids].sort())
    expect(result.bound).toBeUndefined()
    expect(preflights()).toHaveLength(0)
    expect(resumeRequests().every(r => r.query.get('toDate') === null)).toBe(true)
  })

  it('continues over dlq-ids sent in several parts from the ids left, each once', async () => {
    await start({ ignoreResumeCount: false }, [], 900)
    const ids = sim.state.workflowDlq.map(e => e.dlqId)
    const result = await run(resumeRequest({ selection: { dlqIds: ids } }), {
      sizes: [100, 300, Infinity],
      watchMs: 5_000,
      maxFailed: 0
    })
    expect(result.failure).toBeUndefined()
    expect(stageSizes(result)).toEqual([100, 300, 500])
    expect(new Set(sim.state.resumedRuns.map(r => r.fromDlqId)).size).toBe(900)
  })

  it('offers the ids left, never a cursor, when a later stage sent only the last part and the resume stopped after it', async () => {
    await start({ ignoreResumeCount: false }, [], 900)
    const ids = sim.state.workflowDlq.map(e => e.dlqId)
    let failed = false
    clock.onSleep = () => {
      // In stage 2's watch: one of its runs back in the DLQ stops the resume.
      if (!failed && sim.state.resumedRuns.length === 890) failAgain(885)
      failed ||= sim.state.resumedRuns.length === 890
    }
    const result = await run(resumeRequest({ selection: { dlqIds: ids } }), {
      sizes: [880, 10, Infinity],
      watchMs: 5_000,
      maxFailed: 0
    })
    expect(stageSizes(result)).toEqual([880, 10])
    expect(result.staged!.stages[1]!.verdict).toBe('stopped')
    // The cursor of stage 2 belongs to the ids it sent (the last part alone), not to the dlq-ids the user gave.
    expect(result.nextCursor).toBeUndefined()
    const from = result.continueFrom!
    expect(from.position).toBeGreaterThan(1)
    expect(from).toMatchObject({ dlqId: ids[from.position - 1], remaining: ids.length - from.position + 1 })
    const resumed = new Set(sim.state.resumedRuns.map(r => r.fromDlqId))
    expect(ids.slice(0, from.position - 1).every(id => resumed.has(id))).toBe(true)
  })
})

/** A watch measured to its length: no counts end it early. */
const neverEarly = () => undefined

describe('a long watch', () => {
  it('lists about 120 times at most: a 1-hour watch every 30 s, the last at its end', async () => {
    await start({})
    const request = { stage: 1, watchMs: 3_600_000, maxPages: 10 }
    const watch = await watchStage(client, request, watchState(T0), clock, new AbortController().signal, neverEarly)
    expect(clock.sleeps).toEqual(Array(120).fill(30_000))
    expect(watch.polls).toHaveLength(120)
    expect(watch.endedAt).toBe(T0 + 3_600_000)
  })
})

describe('a watch that cannot list the DLQ', () => {
  it('ends the resume failing: the stage is not judged clean, and no further stage is resumed', async () => {
    await start({ ignoreResumeCount: false })
    sim.inject({ route: 'list', fault: { kind: 'status', status: 503, body: 'listing down' }, times: Infinity })
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [2, Infinity],
      watchMs: 60_000,
      maxFailed: 0
    })
    const watch = result.staged!.stages[0]!.watch!
    expect(watch.failure).toMatchObject({ kind: 'request', request: { method: 'GET', path: '/v2/dlq' } })
    expect(watch.polls).toHaveLength(1)
    // The watch was blind: its failure is the watch's, not the resume's, which continues from its own cursor.
    expect(result.staged!.stages[0]!.verdict).toBe('blind')
    expect(result.failure).toBeUndefined()
    expect(resumeRequests()).toHaveLength(1)
    expect(result.nextCursor).toBeDefined()
  })

  it('counts the requests a listing sent: one stopped by its max-pages sent no further request', async () => {
    await start({})
    // Since 1970: the whole workflow DLQ (400 entries, 100 a page), more than one page allows.
    const request = { stage: 1, watchMs: 5_000, maxPages: 1 }
    const watch = await watchStage(client, request, watchState(0), clock, new AbortController().signal, neverEarly)
    // Stopped by its own budget: the watch listing's cursor is no place to continue the resume from.
    expect(watch.failure).toMatchObject({ kind: 'max-pages', pages: 1, cursor: undefined })
    expect(listings()).toHaveLength(1)
    expect(watch.polls.map(p => p.requests)).toEqual([1])
  })
})

describe('a stage whose answer is lost', () => {
  it('is not watched and no stage follows: what it resumed is not all known', async () => {
    await start({ ignoreResumeCount: false })
    sim.inject({ route: 'resume', fault: { kind: 'drop' } })
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [2, Infinity],
      watchMs: 60_000,
      maxFailed: 0
    })
    expect(result.uncertainRequests).toBeGreaterThan(0)
    expect(result.staged!.stages).toHaveLength(1)
    expect(result.staged!.stages[0]!.watch).toBeUndefined()
    expect(resumeReport.outputs(result)[Outputs.StagesCompleted]).toBe('0')
    expect(resumeReport.failure(result)).toContain('got no readable answer')
  })
})
