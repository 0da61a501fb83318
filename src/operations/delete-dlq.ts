/**
 * delete-dlq: lists what the delete selects into archive-file (every entry as listed, bodies included, credential
 * header values redacted, as messages-file), flushes it to disk, then deletes exactly those entries by their DLQ ids,
 * 100 a request (src/verbs.ts), never by the filter: an entry that fails after the listing stays. A listing that finds
 * more than max-entries, or not expect-count entries, or an archive that cannot be written, refuses before any delete.
 */
import { CLOCK_SKEW_MARGIN_MS, CREATED_AT_FLOOR_MS, Inputs } from '../constants.js'
import type { Clock } from '../clock.js'
import type { DeleteOutcome, DeleteResult, OlderThan } from '../delete-results.js'
import type { Failure } from '../failure.js'
import { formatCount } from '../format.js'
import { planComplete, type PlanResult } from '../plan-results.js'
import type { ResumeRequest } from '../requests.js'
import { listQuery } from '../service/query.js'
import type { DlqMessage } from '../service/schemas.js'
import { verbOf, type BulkVerb } from '../verbs.js'
import { FileWriteError, syncToDisk } from './messages-file.js'
import { listPlan, refusal, type PlanHooks } from './plan.js'
import { drainResume, type WorkflowResumer } from './resume-drain.js'
import { ResumeLedger, type DrainEnd } from './resume-ledger.js'

/** A delete as its settings ask it (inputs/delete-schema). */
export interface DeleteRequest {
  /** The selection, all, max-pages, and the cap (max-entries) as maxRuns; verb delete-dlq, source workflow or not. */
  request: ResumeRequest
  dryRun: boolean
  expectCount?: number
  olderThan?: { ms: number; text: string }
  archiveFile: string
  /** A dry run's plan-file. */
  planFile?: string
}

/** Nothing deleted yet: what a result says before the deletes, or when none follow. */
const NONE: Omit<DeleteOutcome, 'notDeleted'> = {
  requests: 0,
  deleted: 0,
  goneOneByOne: { count: 0, named: [] },
  goneWhenListed: 0,
  possiblyDeleted: 0,
  uncounted: 0,
  refused: 0
}

/** Lists, archives and deletes (or, dry, lists only) what `asked` selects; never throws for the service's answers. */
export async function deleteDlq(
  client: WorkflowResumer,
  asked: DeleteRequest,
  hooks: PlanHooks
): Promise<DeleteResult> {
  const verb = verbOf(asked.request)
  const olderThan = asked.olderThan && (await olderThanBound(client, verb, asked.olderThan, hooks.clock))
  const age = olderThan && ageJudge(olderThan.toDate)
  const { selection, maxRuns: cap } = asked.request
  // By filters, older-than is the to-date sent; by dlq-ids (the whole DLQ listed) only each entry's createdAt judges.
  const byAge = olderThan !== undefined && selection.dlqIds === undefined ? { toDate: olderThan.toDate } : {}
  // One more than the cap: a listing that finds it knows the cap is exceeded, in bounded memory.
  const request = {
    ...asked.request,
    selection: { ...selection, ...byAge },
    ...(cap !== undefined ? { maxRuns: cap + 1 } : {})
  }
  const file = asked.dryRun
    ? { path: asked.planFile, input: Inputs.PlanFile as const }
    : { path: asked.archiveFile, input: Inputs.ArchiveFile as const }
  const listHooks = age === undefined ? hooks : { ...hooks, alsoKeeps: age.keeps }
  const { plan, ids } = await listPlan(client, request, file, listHooks, !asked.dryRun)
  const result = resultOf(asked, verb, plan, olderThan, age?.leftOut)
  const refused = guard(plan, cap, asked.expectCount)
  if (refused !== undefined) return { ...result, failure: refused }
  if (asked.dryRun || ids.length === 0) return result
  try {
    await syncToDisk(asked.archiveFile, Inputs.ArchiveFile)
  } catch (err) {
    if (!(err instanceof FileWriteError)) throw err
    const { archiveFile: _unsure, ...rest } = result
    return { ...rest, failure: err.failure }
  }
  hooks.log(
    `archive-file: ${formatCount(ids.length)} entries written and flushed to disk (${asked.archiveFile}); ` +
      `deleting exactly those, by their DLQ ids`
  )
  // The write follows: a cancel from now on says what was deleted, not what was planned.
  if (hooks.progress !== undefined) delete hooks.progress.planned
  const ledger = new ResumeLedger(verb, hooks.progress)
  const byIds: ResumeRequest = {
    verb: 'delete-dlq',
    ...(verb.dlq === 'workflow' ? { source: 'workflow' as const } : {}),
    selection: { dlqIds: ids },
    all: false,
    overrides: {},
    maxPages: asked.request.maxPages,
    idsListedJustNow: true
  }
  const onPage = (page: { deleted?: number }, total: number) =>
    hooks.log(`request: ${formatCount(page.deleted ?? 0)} entries deleted (${formatCount(total)} so far)`)
  const end = await drainResume(client, byIds, ledger, onPage)
  const outcome = outcomeOf(ledger, end, ids.length)
  // Every id called not found after an answer was lost: what that request did is the question, not another service.
  const failure = end.failure?.kind === 'ids-gone' && ledger.uncertainRequests > 0 ? undefined : end.failure
  return { ...result, ...outcome, ...(failure !== undefined ? { failure } : {}) }
}

/**
 * older-than's to-date on the service's clock: its time by the Date of a one-entry listing, less the duration. With
 * no usable Date, the runner's clock less the duration and a margin, as the service's clock may be behind the
 * runner's: an entry is never taken for older than it is, only left for a later run.
 */
async function olderThanBound(
  client: Pick<WorkflowResumer, 'listDlqPage' | 'serviceNow' | 'dateFault'>,
  verb: BulkVerb,
  older: { ms: number; text: string },
  clock: Clock
): Promise<OlderThan> {
  try {
    await client.listDlqPage(listQuery(verb.dlq === 'workflow' ? { source: 'workflow' } : {}, 1, 'earliestFirst'))
  } catch {
    // Any answer's Date will do, an error's too; the listing that follows reports the error itself.
  }
  const serviceNow = client.serviceNow()
  if (serviceNow !== undefined) return { ...older, toDate: Math.floor(serviceNow) - older.ms, clock: 'service' }
  const fault = client.dateFault()
  return {
    ...older,
    toDate: clock.now() - CLOCK_SKEW_MARGIN_MS - older.ms,
    clock: 'runner',
    marginMs: CLOCK_SKEW_MARGIN_MS,
    ...(fault !== undefined ? { dateFault: fault } : {})
  }
}

/**
 * Keeps the entries created at or before `toDate`, whatever the service's dates filter on (wire contract, 5: the time
 * an entry entered the DLQ, on some): a later one, or one with no creation time that can be true, is left and counted.
 */
function ageJudge(toDate: number) {
  const leftOut = { younger: 0, undated: 0 }
  const keeps = (message: DlqMessage): boolean => {
    const at = message.createdAt
    if (at === undefined || at < CREATED_AT_FLOOR_MS) leftOut.undated++
    else if (at > toDate) leftOut.younger++
    else return true
    return false
  }
  return { keeps, leftOut }
}

/** What stops a delete before any delete request: the listing's failure, the cap, expect-count. */
function guard(plan: PlanResult, cap: number | undefined, expectCount: number | undefined): Failure | undefined {
  if (plan.listing.failure !== undefined) return plan.listing.failure
  if (cap !== undefined && plan.planned > cap) {
    return { kind: 'cap-exceeded', input: Inputs.MaxEntries, cap, found: plan.planned }
  }
  return expectCount === undefined ? undefined : refusal(plan, expectCount)
}

/** The result of the listing, before any delete: nothing deleted, every entry listed not deleted (none, dry). */
function resultOf(
  asked: DeleteRequest,
  verb: BulkVerb,
  plan: PlanResult,
  olderThan: OlderThan | undefined,
  leftOut: { younger: number; undated: number } | undefined
): DeleteResult {
  const { selection, all, maxRuns } = asked.request
  // Ids given that a whole listing did not find are gone; a listing cut short (the cap) cannot say.
  const whole = planComplete(plan) && plan.capped !== true
  const file = plan.planFile
  return {
    kind: 'delete',
    operation: 'delete-dlq',
    dlq: verb.dlq,
    dryRun: asked.dryRun,
    selection,
    all,
    ...(maxRuns !== undefined ? { maxEntries: maxRuns } : {}),
    ...(asked.expectCount !== undefined ? { expectCount: asked.expectCount } : {}),
    ...(olderThan !== undefined ? { olderThan } : {}),
    listing: plan.listing,
    listed: plan.planned,
    ...(plan.bound !== undefined ? { bound: plan.bound } : {}),
    ...(leftOut !== undefined && leftOut.younger + leftOut.undated > 0 ? { leftOut } : {}),
    ...(plan.withoutDlqId !== undefined ? { withoutDlqId: plan.withoutDlqId } : {}),
    ...(plan.given !== undefined ? { given: plan.given.count } : {}),
    ...(file !== undefined ? (asked.dryRun ? { planFile: file } : { archiveFile: file }) : {}),
    ...NONE,
    goneWhenListed: whole ? (plan.given?.missing ?? 0) : 0,
    notDeleted: asked.dryRun ? 0 : plan.planned
  }
}

/**
 * What became of the ids the deletes named: an answer counts, never names, what it deleted, so each id is placed by
 * what is known of it. Told gone one by one (404 alone), after a lost answer or not; named in a request whose
 * answer was lost (maybe deleted); counted by the answers; never sent, or in a request that failed.
 */
function outcomeOf(ledger: ResumeLedger, end: DrainEnd, listed: number): Omit<DeleteOutcome, 'goneWhenListed'> {
  // Ids a service without the delete called not found were never gone: nothing was taken (resume-drain).
  if (end.failure?.kind === 'verb-missing') return { ...NONE, requests: ledger.requests, notDeleted: listed }
  let untold = 0
  let lostUntold = 0
  for (const id of ledger.named) {
    if (ledger.told.has(id)) continue
    untold++
    if (ledger.lostIds.has(id)) lostUntold++
  }
  const uncountedOrLost = Math.max(0, untold - ledger.deleted)
  const possibly = Math.min(lostUntold, uncountedOrLost)
  const rest = uncountedOrLost - possibly
  const stopped = end.failure !== undefined
  return {
    requests: ledger.requests,
    deleted: ledger.deleted,
    goneOneByOne: {
      count: ledger.gone.count - ledger.goneAfterLost,
      named: ledger.gone.named.filter(id => !ledger.lostIds.has(id))
    },
    possiblyDeleted: ledger.goneAfterLost + possibly,
    uncounted: stopped ? 0 : rest,
    notDeleted: (stopped ? rest : 0) + (listed - ledger.named.size) + ledger.refusedCount,
    refused: ledger.refusedCount,
    ...(end.parts !== undefined ? { parts: end.parts } : {})
  }
}
