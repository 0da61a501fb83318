/**
 * The canary of a staged resume against the simulator over sockets, time driven by an injected clock the simulator shares (skewed
 * from it where the test says): every run the resume created is judged by every later watch, bounds come from the
 * service's clock, a resume never takes its own runs, and what a watch could not see is the watch's.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { madeIdOf } from '../../src/resume-results.js'
import { Outputs } from '../../src/constants.js'
import { resumeWorkflows } from '../../src/operations/resume-workflows.js'
import { stagedResume } from '../../src/operations/staged-resume.js'
import { resumeReport as report } from '../../src/report/resume.js'
import type { ResumeRequest, StagePlan } from '../../src/requests.js'
import type { ResumeResult } from '../../src/resume-results.js'
import type { ServiceClient } from '../../src/service/client.js'
import { QUICK_RETRY, recordingClient } from '../support/client.js'
import { TestClock } from '../support/clock.js'
import { resumeRequest } from '../support/results.js'
import { startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'
import type { RunFate } from '../../sim/fates.js'

const T0 = Date.UTC(2026, 10, 26, 12, 0, 0)
const URL_A = 'https://app.example.com/api/workflow/onboarding'
let sim: Simulator
let client: ServiceClient
let clock: TestClock

/** A simulator whose clock is the test's plus `skew` (the service ahead when positive), seeded before its own now. */
async function start(
  fates: RunFate[] = [],
  { skew = 0, variants = {} }: { skew?: number; variants?: Partial<ServerVariants> } = {}
): Promise<void> {
  clock = new TestClock(T0)
  sim = await startSimulator({
    token: 't',
    workflowRuns: 400,
    seed: 25,
    now: T0 + skew,
    clock: () => clock.now() + skew,
    variants: { ignoreResumeCount: false, ...variants },
    fates
  })
  client = recordingClient(sim.url, 't', QUICK_RETRY).client
}

afterEach(async () => {
  await client.close()
  await sim.close()
})

function run(req: ResumeRequest, plan: StagePlan): Promise<ResumeResult> {
  return stagedResume(client, req, plan, { clock, stop: new AbortController().signal, log: () => {} })
}

const resumeRequests = () => sim.requests.filter(r => r.route === 'resume')
const watchListings = () => sim.requests.filter(r => r.route === 'list' && r.query.get('count') === '100')
/** Runs resumed a second time: their original is a run this resume created. */
const resumedTwice = () => {
  const created = new Set(sim.state.resumedRuns.map(r => r.workflowRunId))
  return sim.state.resumedRuns.filter(r => created.has(r.originalWorkflowRunId))
}
const entriesOf = (url: string) => sim.state.workflowDlq.filter(e => e.workflowUrl === url).map(e => e.dlqId)

describe('a failure from an earlier stage', () => {
  it('is seen by a later watch, counted, attributed to its stage, and stops the resume', async () => {
    // Stage 1's runs fail again 12 s after their resume: during the watch after stage 2 (which starts at 10 s).
    await start([{ workflowUrl: URL_A, afterMs: 12_000, responseStatus: 500, responseBody: '{"error":"late"}' }])
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [5, 5, Infinity],
      watchMs: 10_000,
      maxFailed: 0
    })
    const [first, second] = result.staged!.stages
    expect(result.staged!.stages).toHaveLength(2)
    expect(first!.verdict).toBe('clean')
    expect(second!.verdict).toBe('stopped')
    // Seen at 15 s, the first listing after stage 2: five of stage 1, none of stage 2 yet (they fail at 22 s).
    expect(result.staged!.failedAgain.map(r => [r.stage, r.seenIn])).toEqual(Array(5).fill([1, 2]))
    const outputs = report.outputs(result)
    expect(outputs[Outputs.FailedAgainCount]).toBe('5')
    expect(outputs[Outputs.Complete]).toBe('false')
    expect(report.summary(result, {}, { now: T0 }).split('\n')[0]).toBe(
      '## 🛑 Stopped after stage 2 of 3: 5 of the 10 runs resumed so far failed again (watch-max-failed: 0); 10 runs resumed in all, no further stage; selection: workflow-url `https://app.example.com/api/workflow/onboarding`, of any age'
    )
    // Each listing asks only for what is new since the one before: its fromDate moves on with what it saw.
    const from = watchListings().map(r => Number(r.query.get('fromDate')))
    expect(from[0]).toBe(T0)
    expect(from.every((at, i) => i === 0 || at >= from[i - 1]!)).toBe(true)
  })
})

describe.each([
  ['5 minutes behind', -300_000],
  ['3 seconds behind', -3_000],
  ['3 minutes ahead of', 180_000]
])("the service's clock %s the runner's", (_, skew) => {
  it('counts every run that failed again, resumes none twice, and resumes every run in the DLQ at the start', async () => {
    await start([{ workflowUrl: URL_A, afterMs: 12_000 }], { skew })
    // Entries that failed a minute and a second before the start, on the service's clock.
    for (const [i, ago] of [60_000, 1_000].entries()) {
      const at = T0 + skew - ago
      sim.addFailedRun({
        dlqId: `dlq_recent_${i}`,
        workflowRunId: `wfr_recent_${i}`,
        workflowUrl: URL_A,
        workflowCreatedAt: at - 5_000,
        failedAt: at
      })
    }
    const atStart = entriesOf(URL_A)
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [3, 3, Infinity],
      watchMs: 20_000,
      maxFailed: 6
    })
    expect(result.staged!.stages.map(s => s.verdict)).toEqual(['within', 'within', 'last'])
    // The six runs of the two watched stages failed again, and each watch saw them on the service's clock.
    expect(result.staged!.failedAgain).toHaveLength(6)
    expect(resumedTwice()).toEqual([])
    expect(sim.state.resumedRuns.map(r => r.fromDlqId).sort()).toEqual([...atStart].sort())
    // The bound is the service's time at the start (its Date, which the first run it created confirmed). Ahead of the
    // runner's clock, the Date was not taken at once: the first request sent the earlier, the runner's.
    expect(result.bound).toMatchObject({ toDate: T0 + skew - 1, clock: 'service', serviceStart: T0 + skew })
    expect(result.bound!.movedFrom).toBe(skew > 0 ? T0 - 1 : undefined)
    expect(report.outputs(result)[Outputs.Complete]).toBe('true')
  })
})

describe('an entry whose createdAt precedes its entry into the DLQ', () => {
  it('is still seen: a listing never starts past a watched run that has neither come back nor ended', async () => {
    await start()
    clock.onSleep = count => {
      const run = sim.state.resumedRuns[0]!
      // An unrelated entry far ahead moves the latest entry seen on; then the watched run's entry shows up, dated
      // (createdAt) when its failing step began, long before.
      if (count === 1) {
        const at = T0 + 100_000
        sim.addFailedRun({
          dlqId: 'dlq_ahead',
          workflowRunId: 'wfr_ahead',
          workflowUrl: URL_A,
          workflowCreatedAt: at,
          failedAt: at
        })
      }
      if (count === 3) {
        sim.addFailedRun({
          dlqId: 'dlq_late',
          workflowRunId: run.workflowRunId,
          workflowUrl: URL_A,
          workflowCreatedAt: run.workflowCreatedAt,
          failedAt: T0 + 10_000
        })
      }
    }
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [2, Infinity],
      watchMs: 30_000,
      maxFailed: 0
    })
    expect(result.staged!.failedAgain.map(r => r.dlqId)).toEqual(['dlq_late'])
    expect(result.staged!.stages[0]!.verdict).toBe('stopped')
  })
})

describe('a service that sends no Date header', () => {
  it("bounds the first request by the runner's clock less the margin, then by the first run created, and says so", async () => {
    await start([], { variants: { noDateHeader: true } })
    // A run that failed a minute before the start, in the runner's margin: in the DLQ at the start, so it is resumed.
    sim.addFailedRun({
      dlqId: 'dlq_in_the_margin',
      workflowRunId: 'wfr_in_the_margin',
      workflowUrl: URL_A,
      workflowCreatedAt: T0 - 70_000,
      failedAt: T0 - 60_000
    })
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [2, Infinity],
      watchMs: 5_000,
      maxFailed: 0
    })
    expect(result.bound).toEqual({ toDate: T0 - 1, clock: 'stamps', movedFrom: T0 - 120_000 })
    const sent = resumeRequests().map(r => [r.query.get('toDate'), r.query.has('cursor')])
    expect(sent[0]).toEqual([String(T0 - 120_000), false])
    // The second request, under the moved bound, starts again without the first one's cursor.
    expect(sent[1]).toEqual([String(T0 - 1), false])
    expect(sent.slice(1).every(([toDate]) => toDate === String(T0 - 1))).toBe(true)
    expect(sim.state.resumedRuns.map(r => r.fromDlqId)).toContain('dlq_in_the_margin')
    expect(report.summary(result, {}, { now: T0 })).toContain(
      'the creation time of the first run the service created, less 1 ms, as the service sent no Date header); the requests before that run sent'
    )
  })
})

describe('a resume without stages', () => {
  it('never takes a run it created itself, however fast that run fails again', async () => {
    // Every resumed run is back in the DLQ at once (retries 0), while the drain pages on by cursor.
    await start([{ afterMs: 0 }])
    const result = await resumeWorkflows(client, resumeRequest({ all: true }), { clock })
    expect(result.runs.length).toBe(400)
    expect(resumedTwice()).toEqual([])
    expect(result.bound).toEqual({ toDate: T0 - 1, clock: 'service', serviceStart: T0 })
  })
})

describe('the continuation of a resume without stages', () => {
  it('gives the absolute dates a re-run sends with the cursor: the from-date asked and the bound every request sent', async () => {
    await start()
    // A relative from-date (30d) reaches the operation as the date it meant.
    const fromDate = T0 - 30 * 86_400_000
    const result = await resumeWorkflows(
      client,
      resumeRequest({ selection: { workflowUrl: URL_A, fromDate }, maxRuns: 2 }),
      { clock }
    )
    const outputs = report.outputs(result)
    expect(outputs[Outputs.NextCursor]).not.toBe('')
    expect(outputs[Outputs.NextFromDate]).toBe(String(fromDate))
    expect(outputs[Outputs.NextToDate]).toBe(String(T0 - 1))
    expect(report.summary(result, {}, { now: T0 })).toContain(
      `re-run with input \`cursor\` set to \`${result.nextCursor}\`, \`from-date\` set to \`${fromDate}\`, \`to-date\` set to \`${T0 - 1}\``
    )
  })
})

describe('watch-retries', () => {
  it('sends its retries for the watched stages only; the last stage sends retries as given', async () => {
    await start()
    await run(resumeRequest({ selection: { workflowUrl: URL_A }, overrides: { retries: 4 } }), {
      sizes: [2, 3, Infinity],
      watchMs: 5_000,
      maxFailed: 0,
      watchRetries: 0
    })
    const sent = resumeRequests().map(r => [r.query.get('count'), r.headers['service-retries']])
    expect(sent[0]).toEqual(['2', '0'])
    expect(sent[1]).toEqual(['3', '0'])
    expect(sent.slice(2).every(([, retries]) => retries === '4')).toBe(true)
  })
})

describe('an entry of a watched run the service sends without the usual fields', () => {
  it('is counted as failed again and warned about, never dropped', async () => {
    await start()
    clock.onSleep = count => {
      if (count !== 1) return
      const id = sim.state.resumedRuns[0]!.workflowRunId
      // No messageId, no dlqId, and the workflow URL in another form: only the run id and a time identify it.
      const entry = { workflowRunId: id, workflowUrl: `${URL_A}/?attempt=2`, createdAt: T0 + 1_000 }
      const body = JSON.stringify({ messages: [entry] })
      sim.inject({ route: 'list', fault: { kind: 'status', status: 200, body } })
    }
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [2, Infinity],
      watchMs: 30_000,
      maxFailed: 0
    })
    expect(result.staged!.failedAgain.map(madeIdOf)).toEqual([sim.state.resumedRuns[0]!.workflowRunId])
    expect(result.staged!.unreadable).toBe(1)
    const outputs = report.outputs(result)
    expect(outputs[Outputs.FailedAgainCount]).toBe('1')
    expect(outputs[Outputs.FailedAgainDlqIds]).toBe('[]')
    expect(report.warnings(result).join('\n')).toContain('carried the id of a run this resume created but no dlqId')
  })
})

describe('a watch listing stopped by max-pages', () => {
  it("is the watch's stop: not judged, and the continuation is the resume's, never the listing's cursor", async () => {
    await start()
    clock.onSleep = count => {
      if (count !== 1) return
      // Unrelated failures since the start: more than the 2 pages max-pages lets one listing send.
      for (let i = 0; i < 250; i++) {
        sim.addFailedRun({
          dlqId: `dlq_other_${i}`,
          workflowRunId: `wfr_other_${i}`,
          workflowUrl: URL_A,
          workflowCreatedAt: T0,
          failedAt: T0 + 1
        })
      }
    }
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A }, maxPages: 2 }), {
      sizes: [2, Infinity],
      watchMs: 30_000,
      maxFailed: 0
    })
    expect(result.staged!.stages[0]!.verdict).toBe('blind')
    expect(result.failure).toBeUndefined()
    const failure = report.failure(result)!
    expect(failure).toMatch(/^the watch could not see: stopped after 2 pages \(max-pages\)/)
    expect(failure).not.toContain('continue with cursor')
    expect(failure).toContain(`re-run with cursor: ${result.nextCursor}, to-date: ${T0 - 1}`)
    expect(report.outputs(result)[Outputs.NextCursor]).toBe(result.nextCursor)
  })
})

describe('honest words', () => {
  it('calls a stage cancelled during its resume cancelled, not failed part way', async () => {
    await start()
    const stop = new AbortController()
    // Stage 2 needs two requests (50, then 10): the cancel comes as its first arrives, so the second is never sent.
    sim.onRequest = request => {
      if (request.route === 'resume' && request.query.get('count') === '50') stop.abort('SIGINT')
    }
    // The client honours the run's stop, as the action's does: nothing is sent after it.
    await client.close()
    const hard = new AbortController().signal
    client = recordingClient(sim.url, 't', { ...QUICK_RETRY, stop: { signal: stop.signal, hard } }).client
    const result = await stagedResume(
      client,
      resumeRequest({ all: true }),
      { sizes: [2, 60], watchMs: 5_000, maxFailed: 0 },
      {
        clock,
        stop: stop.signal,
        log: () => {}
      }
    )
    expect(result.staged!.stages.map(s => s.verdict)).toEqual(['clean', 'cancelled'])
    const summary = report.summary(result, {}, { now: T0 })
    expect(summary).toContain('cancelled during its resume: not watched')
    expect(summary).not.toContain('failed part way')
    expect(summary.split('\n')[0]).toBe(
      '## ⛔ Cancelled during stage 2 of 2: 52 runs resumed before the cancel; selection: every failed run in the DLQ (all), of any age'
    )
  })

  it('says "possibly up to" what the lost requests asked for, not 50 each', async () => {
    await start()
    // Stage 2 asks for 10: its one request loses its answer.
    sim.inject({ route: 'resume', skip: 1, fault: { kind: 'drop' }, times: Infinity })
    const result = await run(resumeRequest({ selection: { workflowUrl: URL_A } }), {
      sizes: [5, 10, Infinity],
      watchMs: 5_000,
      maxFailed: 0
    })
    expect(result.uncertainRuns).toBe(10 * result.uncertainRequests)
    const heading = report.summary(result, {}, { now: T0 }).split('\n')[0]!
    expect(heading).toContain(`possibly up to ${10 * result.uncertainRequests} more`)
    expect(report.notice!(result, T0)).toContain('possibly up to')
  })

  it('says a stage was cut by max-runs, and that nothing matched when nothing did', async () => {
    await start()
    const capped = await run(resumeRequest({ selection: { workflowUrl: URL_A }, maxRuns: 4 }), {
      sizes: [2, 5, Infinity],
      watchMs: 5_000,
      maxFailed: 0
    })
    expect(capped.staged!.stages.map(s => s.verdict)).toEqual(['clean', 'capped'])
    expect(report.summary(capped, {}, { now: T0 })).toContain('max-runs reached with this stage')
    expect(report.notice!(capped, T0)).toMatch(/^Stopped by max-runs \(4\) at stage 2 of 3/)
    const none = await run(resumeRequest({ selection: { workflowUrl: 'https://nothing.example.com/wf' } }), {
      sizes: [2, Infinity],
      watchMs: 5_000,
      maxFailed: 0
    })
    expect(report.notice!(none, T0)).toBe(
      'No failed workflow run matched; selection: workflow-url "https://nothing.example.com/wf", of any age'
    )
  })
})
