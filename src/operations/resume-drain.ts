/**
 * One drain of a bulk resume: 50 runs a request, one drain per part of dlq-ids (each request URL under 6 KB), into a
 * ledger that every drain of the resume feeds. Never under-reports: every run answered is in the ledger (past the cap
 * too), and every lost or unreadable answer is counted as possibly resumed.
 */
import { CURSOR_ROOM_BYTES, Inputs, MAX_URL_BYTES, RESUME_PAGE_SIZE } from '../constants.js'
import type { ServiceClient } from '../service/client.js'
import { verbOf } from '../verbs.js'
import { ServiceError } from '../service/errors.js'
import { drainInto, type DrainOutcome } from '../service/pagination.js'
import { overrideHeaders, resumeQuery } from '../service/query.js'
import type { ResumePage } from '../service/schemas.js'
import type { ResumeRequest, WorkflowSelection } from '../requests.js'
import { failureStatus, type Failure } from '../failure.js'
import type { ResumeBound, ResumeResult } from '../resume-results.js'
import type { ResumeLedger, DrainEnd } from './resume-ledger.js'
import type { BoundKeeper } from './resume-bound.js'

/** How many ids listed moments before must all be "not found", none taken, to tell a service without the write. */
const LISTED_GONE_PROOF = 32

export type WorkflowResumer = Pick<
  ServiceClient,
  'bulkPage' | 'bulkUrlLength' | 'log' | 'listDlqPage' | 'serviceNow' | 'dateFault'
>

/** Splits dlq-ids into runs whose request URL, with room for a cursor, stays under MAX_URL_BYTES. */
export function splitDlqIds(
  selection: WorkflowSelection,
  urlLength: (query: URLSearchParams) => number,
  pageSize = RESUME_PAGE_SIZE,
  /** Most ids a part holds, where fewer than the URL allows (src/verbs.ts). */
  idsPerPart = Infinity
): WorkflowSelection[] {
  const ids = selection.dlqIds
  if (ids === undefined || ids.length === 0) return [selection]
  const base = urlLength(resumeQuery({ ...selection, dlqIds: [] }, undefined, pageSize))
  let current: string[] = []
  const parts = [current]
  let used = base
  for (const id of ids) {
    // "dlqIds=" plus the encoded id plus one "&" (or the "?" the first pair takes).
    const bytes = new URLSearchParams({ dlqIds: id }).toString().length + 1
    if (current.length >= idsPerPart || (current.length > 0 && used + bytes > MAX_URL_BYTES - CURSOR_ROOM_BYTES)) {
      current = []
      parts.push(current)
      used = base
    }
    current.push(id)
    used += bytes
  }
  return parts.map(dlqIds => ({ ...selection, dlqIds }))
}

/** Called with each answered request and the runs resumed so far in all. */
export type OnResumePage = (page: ResumePage, total: number) => void

/**
 * One drain of a resume into `ledger`: request.maxRuns caps this drain, request.maxPages every request the ledger
 * has sent. Returns where it stopped; the ledger holds what it did.
 */
export async function drainResume(
  client: WorkflowResumer,
  request: ResumeRequest,
  ledger: ResumeLedger,
  onPage: OnResumePage = () => {},
  /** The bound of a resume by filters, checked against the first run created (resume-bound.ts). */
  keeper?: BoundKeeper
): Promise<DrainEnd> {
  const { progress } = ledger
  const verb = verbOf(request)
  const total = request.selection.dlqIds?.length ?? 0
  // An empty id list sent as no dlqIds at all would select the whole DLQ.
  if (request.selection.dlqIds !== undefined && total === 0) throw new Error('dlq-ids is empty: nothing to resume')
  const parts = splitDlqIds(request.selection, q => client.bulkUrlLength(verb, q), verb.pageSize, verb.idsPerRequest)
  // The parts the URL limit made: halving a part the service would not take whole adds requests, not parts of it.
  const urlParts = parts.length
  if (parts.length > 1) {
    const most = verb.idsPerRequest === undefined ? '' : ` and naming at most ${verb.idsPerRequest} ids`
    client.log(
      `dlq-ids: ${total} ids sent in ${parts.length} parts, each request URL under ${MAX_URL_BYTES} bytes${most}`
    )
  }
  const headers = overrideHeaders(request.overrides)
  // Runs the answers of this drain carried, named or not: what its cap counts.
  let carriedRuns = 0
  const maxRuns = request.maxRuns ?? Infinity
  const capReached = (): boolean => carriedRuns >= maxRuns
  let stoppedByCap = false
  let failure: Failure | undefined
  let nextCursor: string | undefined
  let continueFrom: ResumeResult['continueFrom']
  let leftWithoutCursor = false
  const goneBefore = ledger.gone.count
  // A worklist: a part of dlq-ids the service would not take whole is replaced by its two halves (see below).
  for (let part = 0; part < parts.length; part++) {
    let given = parts[part] as WorkflowSelection
    const room = Math.min(verb.pageSize, maxRuns - carriedRuns)
    if (verb.idsWhole === true && given.dlqIds !== undefined && given.dlqIds.length > room && room > 0) {
      // The service takes every id sent: a request holds no more than a request's worth, or than the cap (or the
      // stage) has left; the rest is the next part, or where a re-run continues.
      const ids = given.dlqIds
      parts.splice(part, 1, { ...given, dlqIds: ids.slice(0, room) }, { ...given, dlqIds: ids.slice(room) })
      given = parts[part] as WorkflowSelection
    }
    if (capReached() || ledger.sent >= request.maxPages) {
      // The part before ended with the cap, or the budget is spent: the ids of this part on are untouched.
      if (capReached()) stoppedByCap = true
      else failure = { kind: 'request-budget', requests: ledger.sent, input: Inputs.MaxPages }
      continueFrom = continuation(request, parts, part)
      break
    }
    let selection = given
    // The count the request under way asked for: what each of its lost attempts may have resumed.
    let count = verb.pageSize
    const fetch = async (cursor: string | undefined) => {
      try {
        // By ids, a verb that takes them whole is sent neither count nor cursor: it takes the ids of the part.
        const whole = verb.idsWhole === true && selection.dlqIds !== undefined
        count = whole ? (selection.dlqIds?.length ?? 0) : Math.min(verb.pageSize, maxRuns - carriedRuns)
        ledger.sent++
        ledger.naming(selection.dlqIds)
        const query = whole ? resumeQuery(selection) : resumeQuery(selection, cursor, count)
        return await client.bulkPage(verb, query, headers)
      } catch (err) {
        if (err instanceof ServiceError) ledger.lost(err.lostAnswers, count, selection.dlqIds)
        throw err
      }
    }
    let startCursor = part === 0 ? request.cursor : undefined
    let outcome: DrainOutcome
    // Stopped by the cap on the page that moved the bound: more may be left, but no cursor to name it.
    let cappedAtMove = false
    for (;;) {
      let moved = false
      if (parts.length === 1) progress.nextCursor = startCursor
      const budget = { maxPages: request.maxPages - ledger.sent, maxPagesInput: Inputs.MaxPages, startCursor }
      outcome = await drainInto(fetch, budget, page => {
        ledger.lost(page.lostAnswers, count, selection.dlqIds)
        const made = page.messages ?? []
        const deleted = page.deleted ?? 0
        carriedRuns += page.workflowRuns.length + made.length + deleted + page.problems.filter(p => !p.kept).length
        ledger.answered(page.workflowRuns, page.problems, made, deleted)
        if (parts.length === 1) progress.nextCursor = page.cursor
        onPage(page, ledger.taken())
        moved = keeper?.stamped(page.workflowRuns, client.serviceNow(), page.cursor !== undefined) === true
        // Stop with the cursor left over: a drain that returns false keeps it as nextCursor.
        return !moved && !capReached()
      })
      if (!moved || keeper?.bound === undefined) break
      // The cursor belongs to the bound it came with: the rest is selected again under the new one, from its start
      // (what was resumed has left the DLQ, so nothing is taken twice).
      const { nextCursor: _old, ...rest } = outcome
      outcome = rest
      progress.nextCursor = undefined
      if (keeper.bound.movedFrom !== undefined) {
        client.log(`${movedText(keeper.bound)}; the resume goes on without its cursor`)
      }
      selection = { ...selection, toDate: keeper.bound.toDate }
      startCursor = undefined
      cappedAtMove = capReached()
      if (cappedAtMove) break
      if (ledger.sent >= request.maxPages) {
        outcome = { ...outcome, failure: { kind: 'max-pages', pages: ledger.sent, input: Inputs.MaxPages } }
        break
      }
    }
    const status = failureStatus(outcome.failure)
    const untouched = outcome.pages === 0 && startCursor === undefined
    const ids = selection.dlqIds
    if (ids !== undefined && untouched && (status === 404 || status === 400)) {
      // One id the service will not take fails the whole request (404: gone since it was listed; 400: refused, as a
      // restart refuses a run that does not support it), and nothing of it is done: halve the ids until each is told,
      // so that every other id is still taken and each gone or refused one is named.
      if (ids.length > 1) {
        const half = Math.ceil(ids.length / 2)
        parts.splice(part, 1, { ...given, dlqIds: ids.slice(0, half) }, { ...given, dlqIds: ids.slice(half) })
        part--
        continue
      }
      const id = ids[0] ?? ''
      if (status === 404) ledger.goneOne(id)
      else ledger.refusedOne(id, refusalOf(outcome.failure))
      const notFound = ledger.gone.count - goneBefore
      if (
        request.idsListedJustNow === true &&
        ledger.requests === 0 &&
        ledger.uncertainRequests === 0 &&
        notFound >= Math.min(total, LISTED_GONE_PROOF)
      ) {
        // Entries listed a moment ago, the first of them every one "not found" and none taken: not a chance of
        // timing, but a service without the write (it answers 404 to any id then). Said as such; nothing was taken.
        // Unless an answer was lost: the request that lost it may have taken them.
        failure = { kind: 'verb-missing', operation: verb.operation, path: verb.path, status, listedIds: notFound }
        break
      }
      continue
    }
    if (untouched && (status === 405 || (status === 404 && ids === undefined && ledger.requests === 0))) {
      // A request by filters never answers 404 for missing entries, and 405 is never "not found": the service lacks
      // the write. Said as such, before any other write; nothing was taken.
      failure = { kind: 'verb-missing', operation: verb.operation, path: verb.path, status }
      break
    }
    if (outcome.failure === undefined && outcome.nextCursor === undefined && !cappedAtMove) continue
    leftWithoutCursor = cappedAtMove
    // max-pages bounds every request of the resume: its count is the ledger's, over every drain.
    if (outcome.failure !== undefined) failure = wholeBudget(outcome.failure, ledger.sent)
    else stoppedByCap = true
    // A cursor belongs to the one selection it came from: with several parts, name the ids left instead.
    if (parts.length === 1) nextCursor = outcome.nextCursor
    else continueFrom = continuation(request, parts, part)
    break
  }

  if (failure === undefined && total > 0 && ledger.requests === 0 && ledger.gone.count - goneBefore === total) {
    // Not one id was found, by this drain or a stage before it: the ids may be gone, base-url may point at a service
    // that never held them, or the service may lack the write (it answers 404 by ids then too): never reported as all
    // gone. (A later stage whose ids are all gone, after earlier stages took some, tells them one by one.)
    failure = { kind: 'ids-gone', ids: ledger.gone.count }
  }
  return {
    ...(failure !== undefined ? { failure } : {}),
    ...(nextCursor !== undefined ? { nextCursor } : {}),
    ...(continueFrom !== undefined ? { continueFrom } : {}),
    ...(stoppedByCap ? { stoppedByCap } : {}),
    ...(leftWithoutCursor ? { leftWithoutCursor } : {}),
    ...(urlParts > 1 ? { parts: urlParts } : {})
  }
}

/** What the log says when the first run created moved the bound. */
function movedText(bound: ResumeBound): string {
  const from = bound.movedFrom ?? bound.toDate
  const why =
    from >= bound.toDate + 1
      ? 'it could have taken the runs this resume creates'
      : 'runs that failed before the resume began would have been left out'
  return (
    `to-date moved from ${from} to ${bound.toDate}, just before the first run the service created (${why}; ` +
    `its Date ${bound.dateFault !== undefined ? 'could not be used' : 'was off the clock that stamps its runs'})`
  )
}

/** A budget stop counts every request of the resume, not only this drain's. */
function wholeBudget(failure: Failure, sent: number): Failure {
  return failure.kind === 'max-pages' ? { ...failure, pages: sent } : failure
}

/** The dlq-ids a re-run continues with: those of the part that stopped and every part after it. */
function continuation(request: ResumeRequest, parts: WorkflowSelection[], part: number): ResumeResult['continueFrom'] {
  return idsLeftFrom(
    request,
    parts.slice(0, part).reduce((n, { dlqIds }) => n + (dlqIds?.length ?? 0), 0)
  )
}

/** Where a resume by dlq-ids continues: from the id after the first `sent`, with its line in dlq-ids-file. */
export function idsLeftFrom(request: ResumeRequest, sent: number): ResumeResult['continueFrom'] {
  const ids = request.selection.dlqIds ?? []
  const line = request.dlqIdLines?.[sent]
  return { position: sent + 1, dlqId: ids[sent] ?? '', remaining: ids.length - sent, ...(line ? { line } : {}) }
}

/** What the service said refusing one entry: its status and text (already redacted and shortened). */
function refusalOf(failure: Failure | undefined): { status: number; serverText: string } {
  const cause = failure?.kind === 'request' ? failure.request.cause : undefined
  if (cause?.kind === 'status') return { status: cause.status, serverText: cause.serverText }
  return { status: failureStatus(failure) ?? 0, serverText: '' }
}
