/** GET /v2/dlq: a page of DLQ messages, filtered, in either order, from a keyset cursor; with the list variants. */
import type { SimContext } from '../context.js'
import { askedDates, messageSelection, workflowSelection, type DateRange } from '../filters.js'
import { HttpError, intParam, json, type SimResponse } from '../respond.js'
import type { SimMessage, WorkflowDlqEntry } from '../seed.js'
import { MESSAGE_KEY, nextCursor, readCursor, RUN_KEY, selectedPast } from '../select.js'
import { spread, withoutSomeCreatedAt, type ServerVariants } from '../variants.js'

/** The date bounds asked, a millisecond wider each under dateBoundOffByOne, narrower under dateBoundsExclusive. */
function dateRange(query: URLSearchParams, variants: Partial<ServerVariants>): DateRange {
  const widen = variants.dateBoundOffByOne ? 1 : variants.dateBoundsExclusive ? -1 : 0
  const { fromDate, toDate } = askedDates(query)
  return {
    fromDate: fromDate === undefined ? undefined : fromDate - widen,
    toDate: toDate === undefined ? undefined : toDate + widen
  }
}

/** A failed workflow run as `GET /v2/dlq?source=workflow` lists it: the workflow fields beside message fields. */
function workflowEntry(e: WorkflowDlqEntry, variants: Partial<ServerVariants>): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    messageId: `msg_${e.dlqId}`,
    dlqId: e.dlqId,
    url: e.workflowUrl,
    workflowUrl: e.workflowUrl,
    workflowRunId: e.workflowRunId,
    workflowCreatedAt: e.workflowCreatedAt,
    // The dates filter on the failure time; with datesOnEntryTime the entry's createdAt is an earlier time.
    createdAt: variants.datesOnEntryTime ? e.failedAt - spread(e.dlqId, 7_200_000) : e.failedAt,
    responseStatus: e.responseStatus ?? 500,
    responseBody: e.responseBody ?? 'step failed'
  }
  if (variants.omitCreatedAt && spread(e.dlqId, 3) === 0) delete entry.createdAt
  return entry
}

/** GET /v2/dlq?source=workflow: the failed workflow runs, filtered as the bulk resume filters them, oldest first. */
function listWorkflowDlq(ctx: SimContext, query: URLSearchParams, count: number, stuck: boolean): SimResponse {
  const { raw, position } = readCursor(query, 'w1', stuck)
  const dlq = ctx.state.workflowDlq
  const variants = ctx.variants
  const chosen = workflowSelection(dlq, query, variants, dateRange(query, variants))
  const latestFirst = !variants.ignoreOrder && query.get('order') === 'latestFirst'
  const page = selectedPast(dlq, RUN_KEY, chosen, position, count, latestFirst)
  const body: { messages: Record<string, unknown>[]; cursor?: string } = {
    messages: page.entries.map(e => workflowEntry(e, variants))
  }
  const cursor = nextCursor('w1', RUN_KEY, page, { stuck, raw })
  if (cursor !== undefined) body.cursor = cursor
  return json(200, body)
}

export function listDlq(ctx: SimContext, query: URLSearchParams, stuck: boolean): SimResponse {
  const variants = ctx.variants
  const count = intParam(query, 'count') ?? 100
  if (count < 1 || count > 100) throw new HttpError(400, `count must be between 1 and 100, got ${count}`)
  const source = query.get('source')
  if (source === 'workflow') return listWorkflowDlq(ctx, query, count, stuck)
  if (source !== null && source !== 'message') throw new HttpError(400, `invalid source: ${source}`)
  const asked = query.get('order') ?? 'earliestFirst'
  if (asked !== 'earliestFirst' && asked !== 'latestFirst') {
    throw new HttpError(400, `invalid order: ${asked}`)
  }
  const order = variants.ignoreOrder ? 'earliestFirst' : asked
  const dates = dateRange(query, variants)
  const { raw, position } = readCursor(query, 'd1', stuck)
  const msgs = ctx.state.messages
  const reading = {
    commaSeparates: variants.commaSeparates,
    oneMessageId: variants.oneMessageId,
    onEntryTime: variants.datesOnEntryTime
  }
  const chosen = messageSelection(msgs, query, reading, dates)
  const page = selectedPast(msgs, MESSAGE_KEY, chosen, position, count, order === 'latestFirst')
  const body: { messages: Partial<SimMessage>[]; cursor?: string } = {
    messages: variants.omitCreatedAt ? page.entries.map(withoutSomeCreatedAt) : page.entries
  }
  const cursor = nextCursor('d1', MESSAGE_KEY, page, { stuck, raw })
  if (cursor !== undefined) body.cursor = cursor
  return json(200, body)
}
