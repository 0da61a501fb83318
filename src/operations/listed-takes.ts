/**
 * A write by filters that the service refuses whole for one entry: a restart answers 400 to a request whose page holds
 * one run that does not support restart, and does nothing of it. Its filters cannot say which entry, so the rest of
 * the selection is listed (the same filters and bound) and taken by DLQ ids, where the drain halves a refused request
 * until each refused entry is named; the others are taken.
 */
import { Inputs } from '../constants.js'
import { failureStatus } from '../failure.js'
import type { BulkSelection, ListFilters, ResumeRequest } from '../requests.js'
import { drainInto } from '../service/pagination.js'
import { listQuery } from '../service/query.js'
import { isRecord } from '../service/schemas.js'
import { verbOf, type BulkVerb } from '../verbs.js'
import type { BoundKeeper } from './resume-bound.js'
import { drainResume, type OnResumePage, type WorkflowResumer } from './resume-drain.js'
import type { DrainEnd, ResumeLedger } from './resume-ledger.js'

/** Entries a listing of the fallback asks for a request: the most the service sends. */
const LIST_PAGE_SIZE = 100

/**
 * The listing filters that select what a write by `selection` takes: the verb's DLQ (the failed workflow runs as
 * source workflow, or the failed messages), the same keys; dlq-ids are no filter of a listing.
 */
export function listFiltersOf(verb: BulkVerb, selection: BulkSelection): ListFilters {
  const { dlqIds: _ids, workflowUrl, messageId, ...rest } = selection
  return {
    ...(verb.dlq === 'workflow' ? { source: 'workflow' as const } : {}),
    ...rest,
    ...(workflowUrl !== undefined ? { workflowUrl: [workflowUrl] } : {}),
    ...(messageId !== undefined ? { messageId: [messageId] } : {})
  }
}

/**
 * One drain of a write, as drainResume does it; when the verb refuses entries one by one and a request by filters
 * was refused (400), the rest of the selection is taken by listed ids.
 */
export async function drainWrite(
  client: WorkflowResumer,
  request: ResumeRequest,
  ledger: ResumeLedger,
  onPage: OnResumePage,
  keeper?: BoundKeeper
): Promise<DrainEnd> {
  const carriedAtStart = ledger.carried
  const end = await drainResume(client, request, ledger, onPage, keeper)
  const verb = verbOf(request)
  if (verb.refuses === undefined || request.selection.dlqIds !== undefined) return end
  // Refused on any page, after a cursor too: what was taken has left the DLQ, so a listing from the start of the
  // selection holds what is left of it (and, continuing a run given a cursor, what that run left).
  if (failureStatus(end.failure) !== 400) return end
  // The bound every request sent stays the bound of the listing: nothing this write made is listed.
  const selection =
    keeper?.bound !== undefined ? { ...request.selection, toDate: keeper.bound.toDate } : request.selection
  client.log(
    `${verb.path} answered 400 to a request by filters (${verb.refuses}): the rest of the selection is listed and ` +
      `${verb.words.past} by DLQ id, each refused one named`
  )
  return takeListed(client, { ...request, selection }, ledger, onPage, carriedAtStart)
}

/**
 * Lists the selection from its start, skipping what the service would not take, and takes up to a request's worth by
 * id; again, until a listing finds nothing left (what was taken has left the DLQ, so each listing starts over).
 */
async function takeListed(
  client: WorkflowResumer,
  request: ResumeRequest,
  ledger: ResumeLedger,
  onPage: OnResumePage,
  carriedBefore: number
): Promise<DrainEnd> {
  const verb = verbOf(request)
  const filters = listFiltersOf(verb, request.selection)
  const capLeft = () => (request.maxRuns ?? Infinity) - (ledger.carried - carriedBefore)
  for (;;) {
    if (capLeft() <= 0) return { stoppedByCap: true, leftWithoutCursor: true }
    if (ledger.sent >= request.maxPages) {
      return { failure: { kind: 'max-pages', pages: ledger.sent, input: Inputs.MaxPages }, leftWithoutCursor: true }
    }
    const want = Math.min(verb.pageSize, capLeft())
    const ids: string[] = []
    const listing = await drainInto(
      cursor => {
        ledger.sent++
        return client.listDlqPage(listQuery(filters, LIST_PAGE_SIZE, 'earliestFirst', cursor))
      },
      { maxPages: request.maxPages - ledger.sent, maxPagesInput: Inputs.MaxPages },
      page => {
        for (const item of page.items) {
          const dlqId = isRecord(item) && typeof item.dlqId === 'string' ? item.dlqId : undefined
          if (dlqId !== undefined && dlqId !== '' && !ledger.told.has(dlqId)) ids.push(dlqId)
          if (ids.length >= want) return false
        }
        return true
      }
    )
    if (listing.failure !== undefined) return { failure: listing.failure, leftWithoutCursor: true }
    if (ids.length === 0) return {}
    const { cursor: _cursor, ...byIds } = request
    const end = await drainResume(client, { ...byIds, selection: { dlqIds: ids }, maxRuns: capLeft() }, ledger, onPage)
    // Every id of this round gone or refused is told, and skipped by the next listing; any other stop ends here.
    if (end.failure === undefined || end.failure.kind === 'ids-gone') continue
    // The ids of a round are this step's own choice: a re-run continues the selection itself, under the same bound.
    const { continueFrom: _ids, nextCursor: _cursor2, ...stopped } = end
    return { ...stopped, leftWithoutCursor: true }
  }
}
