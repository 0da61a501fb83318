/**
 * A write's plan (dry-run, expect-count) over real sockets against the simulator, whose clock the test's clock drives:
 * what the plan lists is what the write then takes, under the same bound; expect-count writes exactly the ids listed.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Outputs } from '../../src/constants.js'
import { readDlqIdsFile } from '../../src/inputs/id-file.js'
import { expectThenWrite, planWrite, type PlanHooks } from '../../src/operations/plan.js'
import { resumeWorkflows } from '../../src/operations/resume-workflows.js'
import { isPlan, type PlanResult } from '../../src/plan-results.js'
import { planReport, withExpected } from '../../src/report/plan.js'
import { resumeReport } from '../../src/report/resume.js'
import type { ResumeRequest } from '../../src/requests.js'
import type { ResumeResult } from '../../src/resume-results.js'
import type { ServiceClient } from '../../src/service/client.js'
import { DESTINATION_CREDENTIALS, startSimulator, type Simulator } from '../../sim/index.js'
import { QUICK_RETRY, recordingClient } from '../support/client.js'
import { TestClock } from '../support/clock.js'
import { resumeRequest, statusFailure } from '../support/results.js'

const T0 = Date.UTC(2026, 10, 29, 9, 0, 0)
/** Long enough that its redaction cannot touch what the service says. */
const TOKEN = 'Plan-Token-7c41e9d2'
const URL_A = 'https://app.example.com/api/workflow/onboarding'
let sim: Simulator
let client: ServiceClient
let clock: TestClock
let dir: string

/** A simulator whose clock is the test's plus `skew` (the service ahead when positive), seeded before its own now. */
async function start(skew = 0, credentialsEvery = 0): Promise<void> {
  clock = new TestClock(T0)
  sim = await startSimulator({
    token: TOKEN,
    workflowRuns: 80,
    messages: 150,
    credentialsEvery,
    seed: 37,
    now: T0 + skew,
    clock: () => clock.now() + skew
  })
  client = recordingClient(sim.url, TOKEN, QUICK_RETRY).client
  dir = await mkdtemp(join(tmpdir(), 'plan-'))
}

afterEach(async () => {
  await client.close()
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

const hooks = (): PlanHooks => ({ clock, log: () => {}, encode: record => JSON.stringify(record) })
/** Every request the simulator saw that was not a GET: a write. */
const writes = () => sim.requests.filter(r => r.method !== 'GET')
const resumedDlqIds = () => sim.state.resumedRuns.map(r => r.fromDlqId)
const write = (request: ResumeRequest): Promise<ResumeResult> => resumeWorkflows(client, request, { clock })
const entriesOf = (url: string) => sim.state.workflowDlq.filter(e => e.workflowUrl === url).map(e => e.dlqId)
/** The plan's own listing (its first page asks for 100; the bound's one-entry listing asks for 1). */
const planListings = () => sim.requests.filter(r => r.route === 'list' && r.query.get('count') === '100')

describe('a dry run by filters', () => {
  it('sends no write, and lists exactly what the write with the same inputs then takes', async () => {
    await start()
    const request = resumeRequest({ selection: { workflowUrl: URL_A, fromDate: T0 - 5 * 86_400_000 } })
    const planFile = join(dir, 'plan.ndjson')
    const plan = await planWrite(client, request, planFile, hooks())
    expect(writes()).toEqual([])
    const planned = (await readDlqIdsFile(planFile)).ids
    expect(planned.length).toBeGreaterThan(3)
    expect(plan).toMatchObject({ kind: 'plan', planned: planned.length, planFile })
    expect(planReport.outputs(plan)).toEqual({
      [Outputs.PlannedCount]: String(planned.length),
      [Outputs.PlanFile]: planFile,
      [Outputs.Complete]: 'true',
      [Outputs.ResumedCount]: '0'
    })

    await write(request)
    expect([...resumedDlqIds()].sort()).toEqual([...planned].sort())
  })

  it('stops at max-entries as the write does, and the write takes those same entries', async () => {
    await start()
    const request = resumeRequest({ selection: { workflowUrl: URL_A }, maxRuns: 3 })
    const plan = await planWrite(client, request, join(dir, 'plan.ndjson'), hooks())
    expect(plan).toMatchObject({ planned: 3, capped: true })
    expect(planReport.outputs(plan)[Outputs.Complete]).toBe('true')
    const planned = (await readDlqIdsFile(join(dir, 'plan.ndjson'))).ids
    await write(request)
    expect(resumedDlqIds()).toEqual(planned)
  })

  it('says what it would do and how to apply it exactly: the plan as dlq-ids-file, held to its count', async () => {
    await start()
    const planFile = join(dir, 'plan.ndjson')
    const plan = await planWrite(client, resumeRequest({ selection: { workflowUrl: URL_A } }), planFile, hooks())
    const n = entriesOf(URL_A).length
    const lines = planReport.summary(plan, {}, { now: T0 }).split('\n')
    expect(lines[0]).toBe(`## 🔍 Dry run: would resume ${n} workflow runs`)
    const text = lines.join('\n')
    expect(text).toContain('**No write request was sent.**')
    expect(text).toContain(
      `Entries that failed at or before ${new Date(T0 - 1).toISOString()} (\`${T0 - 1}\`) on the service's clock ` +
        '(its Date header): the bound the write would send as its to-date'
    )
    expect(text).toContain('### Top destinations')
    expect(text).toContain('### Failed workflow runs')
    expect(text).toContain(`\`dlq-ids-file: ${planFile}\` in place of the selectors and \`expect-count: ${n}\``)
    expect(planReport.notice!(plan, T0)).toBe(`Dry run: would resume ${n} workflow runs; no write request was sent`)
    expect(planReport.failure(plan)).toBeUndefined()
  })
})

describe.each([
  ["the service's clock 90 s behind the runner's", -90_000],
  ['the two clocks agreeing', 0],
  ["the service's clock 2 minutes ahead of the runner's", 120_000]
])('with %s', (_, skew) => {
  it("lists with the to-date the write's first request sends: the bound it reads the same way", async () => {
    await start(skew)
    const request = resumeRequest({ selection: { workflowUrl: URL_A } })
    const plan = await planWrite(client, request, undefined, hooks())
    const planned = Number(planListings()[0]!.query.get('toDate'))
    expect(planned).toBe(plan.bound!.toDate)
    expect(plan.listing.filters.toDate).toBe(planned)
    // The earlier of the service's Date and the runner's clock, as the write reads it.
    expect(planned).toBe(Math.min(T0, T0 + skew) - 1)

    await write(request)
    const firstWrite = writes()[0]!
    expect(firstWrite.path).toBe('/v2/workflows/dlq/resume')
    expect(Number(firstWrite.query.get('toDate'))).toBe(planned)
  })
})

describe('a dry run by dlq-ids', () => {
  it('lists the DLQ for the ids given, and says how many of them are not there', async () => {
    await start()
    const present = sim.state.workflowDlq.slice(10, 15).map(e => e.dlqId)
    const request = resumeRequest({
      selection: { dlqIds: [present[0]!, 'dlq_gone_1', ...present.slice(1), 'dlq_gone_2'] }
    })
    const planFile = join(dir, 'plan.ndjson')
    const plan = await planWrite(client, request, planFile, hooks())
    expect(writes()).toEqual([])
    expect(plan).toMatchObject({ planned: 5, given: { by: 'dlq-ids', count: 7, missing: 2 } })
    expect(plan.bound).toBeUndefined()
    // No dlqIds filter exists: the whole workflow DLQ was listed, with no bound (a write by ids sends none).
    expect(plan.listing.filters).toEqual({ source: 'workflow' })
    expect(plan.listing.count).toBe(5)
    expect((await readDlqIdsFile(planFile)).ids).toEqual(present)
    expect(planReport.warnings(plan)).toContain(
      '2 of the 7 DLQ ids given are not in the DLQ: taken or removed since they were listed'
    )
    expect(planReport.summary(plan, {}, { now: T0 })).toContain(
      'By the 7 DLQ ids given (`dlq-ids`): 5 found in the DLQ, 2 not.'
    )
  })
})

describe('a dry run of retry-messages', () => {
  it('lists the message DLQ into plan-file, credentials redacted, which dlq-ids-file reads back as the same ids', async () => {
    await start(0, 4)
    // Message 8 carries credentials in its headers (every fourth does).
    const url = sim.state.messages[8]!.url
    const request = resumeRequest({ verb: 'retry-messages', selection: { url: [url] } })
    const planFile = join(dir, 'retry-plan.ndjson')
    const plan = await planWrite(client, request, planFile, hooks())
    expect(writes()).toEqual([])
    const expected = sim.state.messages.filter(m => m.url === url).map(m => m.dlqId)
    expect(plan.planned).toBe(expected.length)
    expect((await readDlqIdsFile(planFile, 'message')).ids).toEqual(expected)
    // The listing of messages (no source), by the url given and the bound.
    expect(planListings()[0]!.query.get('source')).toBeNull()
    expect(planListings()[0]!.query.getAll('url')).toEqual([url])
    const text = await readFile(planFile, 'utf8')
    expect(plan.listing.redactedHeaderValues).toBeGreaterThan(0)
    for (const secret of Object.values(DESTINATION_CREDENTIALS).flat()) expect(text).not.toContain(secret)
    expect(planReport.summary(plan, {}, { now: T0 }).split('\n')[0]).toBe(
      `## 🔍 Dry run: would retry ${expected.length === 1 ? '1 message' : `${expected.length} messages`}`
    )

    // The plan given back by its file: the same entries, found by their ids.
    const again = await planWrite(
      client,
      resumeRequest({ verb: 'retry-messages', selection: { dlqIds: expected } }),
      undefined,
      hooks()
    )
    expect(again).toMatchObject({ planned: expected.length, given: { count: expected.length, missing: 0 } })
  })
})

describe('expect-count', () => {
  it('equal to what is listed: writes exactly the ids listed, never an entry that failed after the listing', async () => {
    await start()
    const request = resumeRequest({ selection: { workflowUrl: URL_A } })
    const listed = entriesOf(URL_A)
    // A run that fails as the write begins, inside the selection and before the bound: a write by filters takes it.
    const late = { dlqId: 'dlq_late', workflowRunId: 'wfr_late', workflowUrl: URL_A, failedAt: T0 - 10_000 }
    sim.onRequest = r => {
      if (r.method === 'POST' && !sim.state.workflowDlq.some(e => e.dlqId === late.dlqId) && writes().length === 1) {
        sim.addFailedRun({ ...late, workflowCreatedAt: T0 - 20_000 })
      }
    }
    const planFile = join(dir, 'plan.ndjson')
    const result = await expectThenWrite(client, request, listed.length, planFile, hooks(), write)
    expect(isPlan(result)).toBe(false)
    const done = result as ResumeResult
    expect(done.expected).toEqual({ count: listed.length, listed: listed.length, planFile, byListing: true })
    expect([...resumedDlqIds()].sort()).toEqual([...listed].sort())
    expect(sim.state.workflowDlq.map(e => e.dlqId)).toContain(late.dlqId)
    // Every write named its entries by id, never by the filter again.
    for (const r of writes()) {
      expect(r.query.getAll('dlqIds').length).toBeGreaterThan(0)
      expect(r.query.get('workflowUrl')).toBeNull()
      expect(r.query.get('toDate')).toBeNull()
    }
    const outputs = withExpected(resumeReport).outputs(done)
    expect(outputs[Outputs.PlannedCount]).toBe(String(listed.length))
    expect(outputs[Outputs.PlanFile]).toBe(planFile)
    expect(outputs[Outputs.ResumedCount]).toBe(String(listed.length))

    // The control: the same selection by filters now takes the late run, which the write by ids left.
    await write(request)
    expect(resumedDlqIds()).toContain(late.dlqId)
  })

  it('stopped part way: continues by the selectors under the listing bound, never by ids the user does not hold', async () => {
    await start()
    const request = resumeRequest({ selection: { workflowUrl: URL_A } })
    const listed = entriesOf(URL_A)
    expect(listed.length).toBeGreaterThan(2)
    // The write takes the first two ids, then fails for good: it would continue from the third listed id.
    const stopsAfterTwo = async (r: ResumeRequest): Promise<ResumeResult> => {
      const ids = r.selection.dlqIds!
      const first = await write({ ...r, selection: { dlqIds: ids.slice(0, 2) } })
      const continueFrom = { position: 3, dlqId: ids[2]!, remaining: ids.length - 2 }
      return { ...first, selection: r.selection, failure: statusFailure(500), continueFrom }
    }
    const done = (await expectThenWrite(
      client,
      request,
      listed.length,
      undefined,
      hooks(),
      stopsAfterTwo
    )) as ResumeResult
    expect(resumedDlqIds()).toHaveLength(2)
    expect(done.continueFrom).toBeUndefined()
    expect(done.selection).toEqual({ workflowUrl: URL_A })
    const summary = resumeReport.summary(done, {}, { now: T0 })
    expect(summary).not.toContain('`dlq-ids`')
    expect(summary).toContain('re-run with the same selection and `to-date` set to')
    expect(resumeReport.outputs(done)[Outputs.NextToDate]).not.toBe('')
  })

  it('different from what is listed: refuses before any write, naming both numbers', async () => {
    await start()
    const n = entriesOf(URL_A).length
    let wrote = false
    const result = await expectThenWrite(
      client,
      resumeRequest({ selection: { workflowUrl: URL_A } }),
      n + 2,
      join(dir, 'plan.ndjson'),
      hooks(),
      () => {
        wrote = true
        return Promise.reject(new Error('no write was to be sent'))
      }
    )
    expect(wrote).toBe(false)
    expect(writes()).toEqual([])
    expect(sim.state.resumedRuns).toEqual([])
    expect(isPlan(result)).toBe(true)
    const plan = result as PlanResult
    expect(plan.failure).toEqual({ kind: 'count-mismatch', expected: n + 2, found: n, complete: true })
    expect(planReport.failure(plan)).toContain(
      `expect-count is ${n + 2} but the selection holds ${n} entries; nothing was written`
    )
    expect(planReport.outputs(plan)).toMatchObject({
      [Outputs.PlannedCount]: String(n),
      [Outputs.Complete]: 'false'
    })
    // The plan of what is there instead is on record.
    expect((await readDlqIdsFile(join(dir, 'plan.ndjson'))).ids).toHaveLength(n)
    expect(planReport.summary(plan, {}, { now: T0 }).split('\n')[0]).toBe(
      `## ❌ Refused by \`expect-count\`: the selection holds ${n} entries, not ${n + 2}; nothing was written`
    )
  })

  it('refuses when the listing could not finish: the count is unknown', async () => {
    await start()
    const n = entriesOf(URL_A).length
    // The bound's one-entry listing passes; every page of the plan's listing fails.
    sim.inject({ route: 'list', skip: 1, times: Infinity, fault: { kind: 'status', status: 503 } })
    const result = (await expectThenWrite(
      client,
      resumeRequest({ selection: { workflowUrl: URL_A } }),
      n,
      undefined,
      hooks(),
      write
    )) as PlanResult
    expect(writes()).toEqual([])
    expect(result.failure).toEqual({ kind: 'count-mismatch', expected: n, found: 0, complete: false })
    expect(result.listing.failure?.kind).toBe('request')
    const failure = planReport.failure(result)!
    expect(failure).toContain(`expect-count is ${n} but the selection holds at least 0 entries; nothing was written`)
    expect(failure).toContain('HTTP 503')
  })

  it('with a dry run: says whether the count holds, and still writes nothing', async () => {
    await start()
    const n = entriesOf(URL_A).length
    const request = resumeRequest({ selection: { workflowUrl: URL_A } })
    expect((await planWrite(client, request, undefined, hooks(), n)).failure).toBeUndefined()
    expect((await planWrite(client, request, undefined, hooks(), n - 1)).failure).toMatchObject({
      kind: 'count-mismatch',
      expected: n - 1,
      found: n
    })
    expect(writes()).toEqual([])
  })
})

describe('expect-count against a service without the write', () => {
  it.each([
    ['a few ids', URL_A],
    ['more ids than it takes to tell', undefined]
  ])('%s, every one listed a moment ago called not found: told as the write missing, none as gone', async (_, url) => {
    await start()
    const selection = url === undefined ? {} : { workflowUrl: URL_A }
    const listed = url === undefined ? sim.state.workflowDlq.map(e => e.dlqId) : entriesOf(URL_A)
    // The restart path is absent: the service answers 404 to any request on it.
    sim.inject({
      route: 'restart',
      times: Infinity,
      fault: { kind: 'status', status: 404, body: '{"error":"Not Found"}' }
    })
    const request = resumeRequest({ verb: 'restart-workflows', selection, all: url === undefined })
    const restart = (r: ResumeRequest) => resumeWorkflows(client, r, { clock })
    const result = (await expectThenWrite(client, request, listed.length, undefined, hooks(), restart)) as ResumeResult
    const told = Math.min(listed.length, 32)
    expect(result.failure).toEqual({
      kind: 'verb-missing',
      operation: 'restart-workflows',
      path: '/v2/workflows/dlq/restart',
      status: 404,
      listedIds: told
    })
    expect(resumeReport.failure(result)).toContain(
      `this service does not offer restart-workflows: /v2/workflows/dlq/restart answered HTTP 404 to each of the ` +
        `first ${told} entries listed from its DLQ moments before`
    )
    expect(resumeReport.outputs(result)[Outputs.GoneCount]).toBe('0')
    expect(resumeReport.warnings(result).join('\n')).not.toContain('no longer in the DLQ')
    // Telling costs a bounded number of requests, not two per id of the selection.
    expect(writes().length).toBeLessThanOrEqual(2 * told + Math.ceil(Math.log2(listed.length)) + 1)
    expect(sim.state.workflowDlq).toHaveLength(80)
  })
})

describe('expect-count with a reviewed plan (dlq-ids) some of whose entries left the DLQ since', () => {
  it('holds the count to the ids given, takes those still there, and tells each gone one as gone', async () => {
    await start()
    const reviewed = entriesOf(URL_A)
    const left = reviewed.slice(0, 3)
    sim.state.workflowDlq = sim.state.workflowDlq.filter(e => !left.includes(e.dlqId))
    const request = resumeRequest({ selection: { dlqIds: reviewed } })
    const result = (await expectThenWrite(client, request, reviewed.length, undefined, hooks(), write)) as ResumeResult
    expect(result.failure).toBeUndefined()
    expect([...resumedDlqIds()].sort()).toEqual(reviewed.slice(3).sort())
    expect(result.goneOneByOne).toEqual({ count: 3, named: left })
    expect(result.selection.dlqIds).toEqual(reviewed)
    const outputs = withExpected(resumeReport).outputs(result)
    expect(outputs[Outputs.GoneCount]).toBe('3')
    expect(outputs[Outputs.ResumedCount]).toBe(String(reviewed.length - 3))
    expect(outputs[Outputs.Complete]).toBe('true')
    const summary = resumeReport.summary(result, {}, { now: T0 })
    expect(summary).toContain(
      `- \`expect-count\`: ${reviewed.length} dlq-ids given and expected, ${reviewed.length - 3} of them still in the DLQ`
    )
    // Taken, gone and refused add up to the ids given: nothing is said of ids unaccounted for.
    expect(resumeReport.warnings(result).join('\n')).not.toContain('neither')
    // Every write named only ids the listing found: none of the gone ones was sent.
    const sent = writes().flatMap(r => r.query.getAll('dlqIds'))
    for (const id of left) expect(sent).not.toContain(id)
  })

  it('fails when every id of the plan is gone, writing nothing, and never calls that expect-count 0', async () => {
    await start()
    const reviewed = entriesOf(URL_A)
    sim.state.workflowDlq = sim.state.workflowDlq.filter(e => !reviewed.includes(e.dlqId))
    const request = resumeRequest({ selection: { dlqIds: reviewed } })
    const result = (await expectThenWrite(client, request, reviewed.length, undefined, hooks(), write)) as PlanResult
    expect(result.failure).toEqual({ kind: 'ids-gone', ids: reviewed.length, byListing: true })
    expect(writes()).toEqual([])
    const report = planReport
    expect(report.failure(result)).toContain(
      `none of the ${reviewed.length} dlq-ids is in the DLQ any more (listed to its end before any write)`
    )
    const summary = report.summary(result, {}, { now: T0 })
    expect(summary.split('\n')[0]).toBe(
      `## ❌ Nothing resumed: none of the ${reviewed.length} DLQ ids is in the DLQ any more`
    )
    expect(summary).not.toContain('expect-count: 0')
    expect(report.outputs(result)[Outputs.Complete]).toBe('false')
  })

  it('refuses when the plan holds another number of ids than expected, whatever is still there', async () => {
    await start()
    const reviewed = entriesOf(URL_A)
    const request = resumeRequest({ selection: { dlqIds: reviewed } })
    const result = (await expectThenWrite(
      client,
      request,
      reviewed.length + 1,
      undefined,
      hooks(),
      write
    )) as PlanResult
    expect(result.failure).toEqual({
      kind: 'count-mismatch',
      expected: reviewed.length + 1,
      found: reviewed.length,
      complete: true
    })
    expect(writes()).toEqual([])
  })
})
