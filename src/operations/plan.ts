/**
 * A bulk write's plan: the entries it would take, found by the listing (its breakdowns, in bounded memory) with the
 * bound the write would send, and written to plan-file. A dry run stops there; expect-count then writes only the
 * entries listed, by their DLQ ids, when they are exactly as many as expected.
 */
import { Inputs } from '../constants.js'
import { atMostEvery, type Clock } from '../clock.js'
import { formatCount } from '../format.js'
import { planComplete, type PlanResult, type SchedulePlan } from '../plan-results.js'
import type { ListFilters, ListRequest, ResumeRequest, ScheduleRequest } from '../requests.js'
import type { ResumeResult } from '../resume-results.js'
import type { DlqMessage } from '../service/schemas.js'
import type { Progress } from '../stop.js'
import { verbOf, type BulkVerb } from '../verbs.js'
import { listDlqToFile } from './files.js'
import type { Encode, MessageSink } from './messages-file.js'
import { startBound, withBound } from './resume-bound.js'
import { listFiltersOf } from './listed-takes.js'
import type { WorkflowResumer } from './resume-drain.js'

/** Entries a page of the plan's listing asks for: the listing's most. */
const PLAN_PAGE_SIZE = 100

/** What a plan may use besides its client and request. */
export interface PlanHooks {
  /** The runner's clock, as the write's bound reads it. */
  clock: Clock
  log: (line: string) => void
  /** One line of plan-file, through the output boundary. */
  encode: Encode
  /** The step's progress: `planned` while the listing runs, for a last-resort report should the process be stopped. */
  progress?: Progress
  signal?: AbortSignal
  now?: number
  /** Of the entries selected, those the write takes: a delete's older-than, judged on their createdAt (all if unset). */
  alsoKeeps?: (message: DlqMessage) => boolean
}

/** The file a plan's listing writes, by the input naming it: plan-file, or a delete's archive-file. */
export interface PlanFile {
  path: string | undefined
  input: Inputs.PlanFile | Inputs.ArchiveFile
}

/** The client a plan needs: the listing, and the one-entry listing whose Date the write's bound reads. */
export type PlanClient = Pick<WorkflowResumer, 'listDlqPage' | 'serviceNow' | 'dateFault'>

/** What the listing of a plan is of: its filters, and the entries it keeps of what they return. */
interface PlanListing {
  filters: ListFilters
  /** Among what the filters return, the entries selected (by ids or pairs); each needs a DLQ id besides. */
  selects?: (message: DlqMessage) => boolean
  given?: { by: 'dlq-ids' | 'workflow-runs'; count: number; missing: () => number }
}

/** The verb's DLQ as a listing names it, the whole of it. */
const dlqOf = (verb: BulkVerb): ListFilters => listFiltersOf(verb, {})

/**
 * What the write would select, as a listing: by dlq-ids (the service then ignores every other selector) or by runs
 * given as pairs, the verb's whole DLQ, kept to the entries given; else the verb's selectors as list filters, bounded.
 * The sets of what is given are as large as the input, no larger.
 */
function planListing(verb: BulkVerb, request: ResumeRequest): PlanListing {
  const { dlqIds } = request.selection
  if (dlqIds !== undefined) {
    const left = new Set(dlqIds)
    const count = left.size
    // An id found leaves `left`: what remains at the end was not in the DLQ.
    const selects = (m: DlqMessage) => m.dlqId !== undefined && left.delete(m.dlqId)
    return { filters: dlqOf(verb), selects, given: { by: 'dlq-ids', count, missing: () => left.size } }
  }
  if (request.runs !== undefined) {
    // A run id is set by the caller and repeats: a run is its id and its creation time together.
    const key = (runId: unknown, createdAt: unknown) => `${String(runId)}\u0000${String(createdAt)}`
    const given = new Set(request.runs.map(run => key(run.workflowRunId, run.workflowCreatedAt)))
    const found = new Set<string>()
    const selects = (m: DlqMessage) => {
      const pair = key(m.workflowRunId, m.workflowCreatedAt)
      if (!given.has(pair)) return false
      found.add(pair)
      return true
    }
    const missing = () => given.size - found.size
    return { filters: dlqOf(verb), selects, given: { by: 'workflow-runs', count: given.size, missing } }
  }
  return { filters: listFiltersOf(verb, request.selection) }
}

/**
 * Lists what the write would take into plan-file: with the bound it would send (startBound, as the write calls it:
 * the plan's to-date is the write's), its selectors as filters, max-entries and max-pages as its own. `keepIds`: also
 * returns every DLQ id planned, in listing order.
 */
export async function listPlan(
  client: PlanClient,
  request: ResumeRequest,
  file: PlanFile,
  hooks: PlanHooks,
  keepIds: boolean
): Promise<{ plan: PlanResult; ids: string[] }> {
  const verb = verbOf(request)
  // Runs given by pairs are taken by the DLQ ids found: the write sends no bound for them.
  const bound = request.runs === undefined ? await startBound(client, request, hooks.clock) : undefined
  const { filters, selects, given } = planListing(verb, withBound(request, bound))
  const list: ListRequest = {
    filters,
    order: 'earliestFirst',
    pageSize: PLAN_PAGE_SIZE,
    maxPages: request.maxPages,
    concurrency: 1,
    ...(request.maxRuns !== undefined ? { maxMessages: request.maxRuns } : {})
  }
  let withoutDlqId = 0
  const keep = (m: DlqMessage): boolean => {
    if (selects !== undefined && !selects(m)) return false
    if (hooks.alsoKeeps !== undefined && !hooks.alsoKeeps(m)) return false
    // No write by ids can take an entry without one: counted, and left out of the plan.
    if (m.dlqId !== undefined && m.dlqId !== '') return true
    withoutDlqId++
    return false
  }
  // Held for expect-count alone, which acts on them: as many as were listed, and a write needs them all.
  const ids: string[] = []
  let planned = 0
  const progressLine = atMostEvery(1000, hooks.log)
  const counting: MessageSink = {
    write: messages => {
      planned += messages.length
      if (keepIds) for (const m of messages) ids.push(m.dlqId as string)
      if (hooks.progress !== undefined) hooks.progress.planned = planned
      progressLine(() => `${formatCount(planned)} entries planned so far`)
      return Promise.resolve()
    },
    restart: () => {
      planned = 0
      ids.length = 0
      return Promise.resolve()
    }
  }
  if (hooks.progress !== undefined) hooks.progress.planned = 0
  // The step's progress is not the listing's: a listing's cursor continues no write.
  const listingHooks = { log: hooks.log, sink: counting, keep, signal: hooks.signal, now: hooks.now }
  const listing = await listDlqToFile(client, list, file, hooks.encode, listingHooks)
  const capped = request.maxRuns !== undefined && planned >= request.maxRuns && listing.nextCursor !== undefined
  const plan: PlanResult = {
    kind: 'plan',
    operation: verb.operation,
    selection: request.selection,
    all: request.all,
    ...(request.maxRuns !== undefined ? { maxRuns: request.maxRuns } : {}),
    listing,
    planned,
    ...(bound !== undefined ? { bound } : {}),
    ...(withoutDlqId > 0 ? { withoutDlqId } : {}),
    ...(given !== undefined ? { given: { by: given.by, count: given.count, missing: given.missing() } } : {}),
    ...(capped ? { capped } : {}),
    ...(listing.messagesFile !== undefined ? { planFile: listing.messagesFile } : {})
  }
  return { plan, ids }
}

/** expect-count's refusal of a plan: not exactly as many entries, or a listing that could not count them all. */
export function refusal(plan: PlanResult, expectCount: number): PlanResult['failure'] {
  const complete = planComplete(plan)
  // A reviewed plan's selection is its ids: those gone since are told one by one by the write, not a mismatch.
  const found = plan.given?.by === 'dlq-ids' ? plan.given.count : plan.planned
  if (complete && found === expectCount) return undefined
  return { kind: 'count-mismatch', expected: expectCount, found, complete }
}

/** A dry run: the plan of the write, no write request sent; held to expect-count when it is set too. */
export async function planWrite(
  client: PlanClient,
  request: ResumeRequest,
  planFile: string | undefined,
  hooks: PlanHooks,
  expectCount?: number
): Promise<PlanResult> {
  const { plan } = await listPlan(client, request, { path: planFile, input: Inputs.PlanFile }, hooks, false)
  if (expectCount === undefined) return plan
  const failure = refusal(plan, expectCount)
  return { ...plan, expectCount, ...(failure !== undefined ? { failure } : {}) }
}

/**
 * expect-count: lists the selection first, refuses before any write unless exactly `expectCount` entries were listed
 * (a listing that could not finish cannot say), then `write`s the entries listed by their DLQ ids: never the filter
 * again, which could select differently by now (entries failed since, or dates read another way by the write).
 */
export async function expectThenWrite(
  client: PlanClient,
  request: ResumeRequest,
  expectCount: number,
  planFile: string | undefined,
  hooks: PlanHooks,
  write: (byIds: ResumeRequest) => Promise<ResumeResult>
): Promise<PlanResult | ResumeResult> {
  const { plan, ids } = await listPlan(client, request, { path: planFile, input: Inputs.PlanFile }, hooks, true)
  const failure = refusal(plan, expectCount)
  if (failure !== undefined) return { ...plan, expectCount, failure }
  // None to take: an empty id list would select the whole DLQ, so nothing is sent. Every id of a plan gone since is
  // no "as expected": it fails, as a write by those ids would.
  if (ids.length === 0 && plan.given?.by === 'dlq-ids' && plan.given.count > 0) {
    return { ...plan, expectCount, failure: { kind: 'ids-gone', ids: plan.given.count, byListing: true } }
  }
  if (ids.length === 0) return { ...plan, expectCount }
  if (hooks.progress !== undefined) delete hooks.progress.planned
  hooks.log(`expect-count: ${formatCount(ids.length)} entries listed, as expected; taking them by their DLQ ids`)
  // The ids listed are the whole selection now: no cursor, runs or lines of dlq-ids-file belong to them.
  const { cursor: _cursor, runs: _runs, dlqIdLines: _lines, ...rest } = request
  const result = await write({ ...rest, all: false, selection: { dlqIds: ids }, idsListedJustNow: true })
  const listed = { count: expectCount, listed: plan.planned, ...(plan.planFile ? { planFile: plan.planFile } : {}) }
  const given = request.selection.dlqIds
  if (given === undefined) return listedByFilters(result, request, plan, listed)
  // Ids the listing did not reach are not known to be gone (inputs refuse a cap with expect-count by ids).
  if (plan.given?.by !== 'dlq-ids' || plan.capped === true) return { ...result, expected: listed }
  // A reviewed plan: the ids given that the listing (to its end) did not find are gone, each told as such, and the
  // selection reported is the ids given, so that taken, gone and refused add up to them.
  return { ...result, selection: request.selection, expected: listed, ...goneBeforeWrite(result, given, ids) }
}

/**
 * A write by the ids the step listed from the selectors: those ids are no input the user holds, so a write stopped
 * part way continues by the selectors again, under the listing's bound (what was taken has left the DLQ).
 */
function listedByFilters(
  result: ResumeResult,
  request: ResumeRequest,
  plan: PlanResult,
  listed: NonNullable<ResumeResult['expected']>
): ResumeResult {
  const expected = { ...listed, byListing: true as const }
  if (result.continueFrom === undefined) return { ...result, expected }
  const { continueFrom: _ids, ...stopped } = result
  const bound = plan.bound !== undefined ? { bound: plan.bound } : {}
  return { ...stopped, ...bound, selection: request.selection, leftWithoutCursor: true, expected }
}

/** The most ids named of those found gone before the write: the rest are counted. */
const GONE_NAMED_AT_MOST = 1000

/** The write's ids told gone, with the ids given that the listing did not find before it. */
function goneBeforeWrite(result: ResumeResult, given: string[], listed: string[]): Pick<ResumeResult, 'goneOneByOne'> {
  const found = new Set(listed)
  const missing = [...new Set(given)].filter(id => !found.has(id))
  if (missing.length === 0) return {}
  const told = result.goneOneByOne ?? { count: 0, named: [] }
  const named = [...told.named, ...missing.slice(0, Math.max(0, GONE_NAMED_AT_MOST - told.named.length))]
  return { goneOneByOne: { count: told.count + missing.length, named } }
}

/** A dry run of resume-schedule: the schedules it would resume; no request, so none is known to exist. */
export const planSchedules = (request: ScheduleRequest): SchedulePlan => ({
  kind: 'plan',
  operation: 'resume-schedule',
  scheduleIds: request.scheduleIds
})
