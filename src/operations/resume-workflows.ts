import { CURSOR_ROOM_BYTES, Inputs, MAX_URL_BYTES, RESUME_PAGE_SIZE } from '../constants.js'
import type { ServiceClient } from '../service/client.js'
import { ServiceError } from '../service/errors.js'
import { drainInto } from '../service/pagination.js'
import { overrideHeaders, resumeQuery } from '../service/query.js'
import type { ResumePage, WorkflowRun } from '../service/schemas.js'
import type { ResumeRequest, WorkflowSelection } from '../requests.js'
import { failureStatus, type Failure } from '../failure.js'
import type { ResumeResult } from '../results.js'
import type { Progress } from '../stop.js'
import { ItemProblems } from './item-problems.js'

export type WorkflowResumer = Pick<ServiceClient, 'resumeWorkflowsPage' | 'resumeUrlLength' | 'log'>

/** Splits dlq-ids into runs whose request URL, with room for a cursor, stays under MAX_URL_BYTES. */
export function splitDlqIds(
  selection: WorkflowSelection,
  urlLength: (query: URLSearchParams) => number
): WorkflowSelection[] {
  const ids = selection.dlqIds
  if (ids === undefined || ids.length === 0) return [selection]
  const base = urlLength(resumeQuery({ ...selection, dlqIds: [] }, undefined, RESUME_PAGE_SIZE))
  let current: string[] = []
  const parts = [current]
  let used = base
  for (const id of ids) {
    // "dlqIds=" plus the encoded id plus one "&" (or the "?" the first pair takes).
    const bytes = new URLSearchParams({ dlqIds: id }).toString().length + 1
    if (current.length > 0 && used + bytes > MAX_URL_BYTES - CURSOR_ROOM_BYTES) {
      current = []
      parts.push(current)
      used = base
    }
    current.push(id)
    used += bytes
  }
  return parts.map(dlqIds => ({ ...selection, dlqIds }))
}

/**
 * Resumes the selected failed runs, 50 per request, one drain per part of dlq-ids. Never under-reports: every run
 * answered is in the result (past the cap too), and every lost or unreadable answer is in `uncertainRequests`.
 */
export async function resumeWorkflows(
  client: WorkflowResumer,
  request: ResumeRequest,
  onPage: (page: ResumePage, total: number) => void = () => {},
  /** Kept up to date as answers arrive, for a last-resort report should the process be stopped. */
  progress: Progress = { confirmed: 0, uncertainRequests: 0 }
): Promise<ResumeResult> {
  const total = request.selection.dlqIds?.length ?? 0
  // An empty id list sent as no dlqIds at all would select the whole DLQ.
  if (request.selection.dlqIds !== undefined && total === 0) throw new Error('dlq-ids is empty: nothing to resume')
  const parts = splitDlqIds(request.selection, q => client.resumeUrlLength(q))
  if (parts.length > 1) {
    client.log(`dlq-ids: ${total} ids sent in ${parts.length} parts, each request URL under ${MAX_URL_BYTES} bytes`)
  }
  const headers = overrideHeaders(request.overrides)
  const problems = new ItemProblems()
  const runs: WorkflowRun[] = []
  // Runs the answers carried, named or not: what the cap counts.
  let carriedRuns = 0
  const maxRuns = request.maxRuns ?? Infinity
  const capReached = (): boolean => carriedRuns >= maxRuns
  let uncertainRequests = 0
  // Set when an answer carried more than count=50 runs: the service ignores count, so a lost answer may hide more.
  let largestAnswer: number | undefined
  let requests = 0
  // Requests sent, answered or not (a part answered 404 too): what max-pages bounds.
  let sent = 0
  let stoppedByCap = false
  let failure: Failure | undefined
  let nextCursor: string | undefined
  let continueFrom: ResumeResult['continueFrom']
  // Parts of dlq-ids whose first request answered 404: none of their ids is in the DLQ any more.
  const gone = { parts: 0, ids: 0 }
  for (const [part, selection] of parts.entries()) {
    if (capReached() || sent >= request.maxPages) {
      // The part before ended with the cap, or the budget is spent: the ids of this part on are untouched.
      if (capReached()) stoppedByCap = true
      else failure = { kind: 'request-budget', requests: sent, input: Inputs.MaxPages }
      continueFrom = continuation(request, parts, part)
      break
    }
    const fetch = async (cursor: string | undefined) => {
      try {
        const count = Math.min(RESUME_PAGE_SIZE, maxRuns - carriedRuns)
        sent++
        return await client.resumeWorkflowsPage(resumeQuery(selection, cursor, count), headers)
      } catch (err) {
        if (err instanceof ServiceError) uncertainRequests += err.lostAnswers
        progress.uncertainRequests = uncertainRequests
        throw err
      }
    }
    const startCursor = part === 0 ? request.cursor : undefined
    if (parts.length === 1) progress.nextCursor = startCursor
    const budget = { maxPages: request.maxPages - sent, maxPagesInput: Inputs.MaxPages, startCursor }
    const outcome = await drainInto(fetch, budget, page => {
      uncertainRequests += page.lostAnswers
      const carried = page.workflowRuns.length + page.problems.filter(p => !p.kept).length
      if (carried > RESUME_PAGE_SIZE) largestAnswer = Math.max(largestAnswer ?? 0, carried)
      carriedRuns += carried
      // A loop, not a spread: a server that ignores count may answer with more runs than fit in arguments.
      for (const run of page.workflowRuns) runs.push(run)
      requests++
      problems.add(page.problems, problem =>
        problem.kept
          ? `run "${problem.id ?? ''}" (request ${requests}, item ${problem.index}): ${problem.detail}`
          : `item ${problem.index} of request ${requests}, resumed but not named: ${problem.detail}`
      )
      progress.confirmed = runs.length
      progress.uncertainRequests = uncertainRequests
      if (parts.length === 1) progress.nextCursor = page.cursor
      onPage(page, runs.length)
      // Stop with the cursor left over: a drain that returns false keeps it as nextCursor.
      return !capReached()
    })
    const notFound = outcome.pages === 0 && failureStatus(outcome.failure) === 404 && startCursor === undefined
    if (selection.dlqIds !== undefined && notFound) {
      // Resumed or removed since they were listed (a reviewed resume): the other parts go on.
      gone.parts++
      gone.ids += selection.dlqIds.length
      continue
    }
    if (outcome.failure === undefined && outcome.nextCursor === undefined) continue
    if (outcome.failure !== undefined) failure = outcome.failure
    else stoppedByCap = true
    // A cursor belongs to the one selection it came from: with several parts, name the ids left instead.
    if (parts.length === 1) nextCursor = outcome.nextCursor
    else continueFrom = continuation(request, parts, part)
    break
  }

  if (gone.parts > 0 && gone.parts === parts.length) {
    // Not one id was found: the ids may be gone, or base-url may point at a service that never held them.
    failure = { kind: 'ids-gone', ids: total }
  }
  return {
    operation: 'resume-workflows',
    selection: request.selection,
    all: request.all,
    overrides: request.overrides,
    ...(request.cursor !== undefined ? { startCursor: request.cursor } : {}),
    runs,
    requests,
    uncertainRequests,
    ...(largestAnswer !== undefined ? { largestAnswer } : {}),
    ...(request.maxRuns !== undefined ? { maxRuns: request.maxRuns } : {}),
    ...(stoppedByCap ? { stoppedByCap } : {}),
    ...(carriedRuns > maxRuns ? { pastCap: carriedRuns - maxRuns } : {}),
    ...(parts.length > 1 ? { parts: parts.length } : {}),
    ...(gone.parts > 0 && failure === undefined ? { goneIds: gone } : {}),
    itemProblems: problems.summary(),
    ...(nextCursor !== undefined ? { nextCursor } : {}),
    ...(continueFrom !== undefined ? { continueFrom } : {}),
    ...(failure !== undefined ? { failure } : {})
  }
}

/** The dlq-ids a re-run continues with: those of the part that stopped and every part after it. */
function continuation(request: ResumeRequest, parts: WorkflowSelection[], part: number): ResumeResult['continueFrom'] {
  const sent = parts.slice(0, part).reduce((n, { dlqIds }) => n + (dlqIds?.length ?? 0), 0)
  const ids = request.selection.dlqIds ?? []
  const line = request.dlqIdLines?.[sent]
  return { position: sent + 1, dlqId: ids[sent] ?? '', remaining: ids.length - sent, ...(line ? { line } : {}) }
}
