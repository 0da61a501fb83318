/** GET /v2/dlq: a page of DLQ messages, filtered, in either order, from a keyset cursor; with the list variants. */
import type { SimContext } from '../context.js'
import { comparePos, decodeCursor, encodeCursor, partition, type Position } from '../cursor.js'
import { HttpError, intParam, json, type SimResponse } from '../respond.js'
import type { SimMessage, WorkflowDlqEntry } from '../seed.js'
import { selectedPast, selection } from './resume.js'
import { enteredAt, spread, withoutSomeCreatedAt, type ServerVariants } from '../variants.js'

/** Filters on message fields: each query key with the field it matches. */
const SET_FILTERS: ReadonlyArray<[string, (m: SimMessage) => string | undefined]> = [
  ['messageId', m => m.messageId],
  ['url', m => m.url],
  ['topicName', m => m.topicName],
  ['scheduleId', m => m.scheduleId],
  ['queueName', m => m.queueName],
  ['callerIp', m => m.callerIP]
]

interface DateRange {
  fromDate: number | undefined
  toDate: number | undefined
}

/** The date bounds asked, a millisecond wider each under dateBoundOffByOne, narrower under dateBoundsExclusive. */
function dateRange(query: URLSearchParams, variants: Partial<ServerVariants>): DateRange {
  const widen = variants.dateBoundOffByOne ? 1 : variants.dateBoundsExclusive ? -1 : 0
  const askedFrom = intParam(query, 'fromDate')
  const askedTo = intParam(query, 'toDate')
  return {
    fromDate: askedFrom === undefined ? undefined : askedFrom - widen,
    toDate: askedTo === undefined ? undefined : askedTo + widen
  }
}

/** The test a message must pass, from the filters of the query (dates on entry time included). */
function messageFilter(
  query: URLSearchParams,
  variants: Partial<ServerVariants>,
  { fromDate, toDate }: DateRange
): (m: SimMessage) => boolean {
  const statuses = query.getAll('responseStatus').map(raw => {
    if (!/^\d{1,4}$/.test(raw)) throw new HttpError(400, `invalid responseStatus: ${raw}`)
    return Number(raw)
  })
  const checks: Array<(m: SimMessage) => boolean> = []
  for (const [key, get] of SET_FILTERS) {
    let values = query.getAll(key)
    if (variants.commaSeparates) values = values.flatMap(v => v.split(','))
    if (variants.oneMessageId && key === 'messageId') values = values.slice(0, 1)
    if (values.length === 0) continue
    const set = new Set(values)
    checks.push(m => set.has(get(m) as string))
  }
  if (statuses.length > 0) {
    const set = new Set(statuses)
    checks.push(m => set.has(m.responseStatus))
  }
  // A server that filters dates on the hidden DLQ entry time cannot narrow by createdAt: check each message.
  if (variants.datesOnEntryTime && (fromDate !== undefined || toDate !== undefined)) {
    checks.push(m => {
      const at = enteredAt(m)
      return (fromDate === undefined || at >= fromDate) && (toDate === undefined || at <= toDate)
    })
  }
  return m => checks.every(check => check(m))
}

/** The index range [lo, hi) of the sorted messages the dates and the cursor leave. */
function indexRange(
  msgs: readonly SimMessage[],
  byCreatedAt: boolean,
  { fromDate, toDate }: DateRange,
  position: Position | undefined,
  ascending: boolean
): { lo: number; hi: number } {
  let lo = fromDate === undefined || !byCreatedAt ? 0 : partition(msgs, m => m.createdAt < fromDate)
  let hi = toDate === undefined || !byCreatedAt ? msgs.length : partition(msgs, m => m.createdAt <= toDate)
  if (position) {
    const p = position
    if (ascending)
      lo = Math.max(
        lo,
        partition(msgs, m => comparePos(m.createdAt, m.messageId, p) <= 0)
      )
    else
      hi = Math.min(
        hi,
        partition(msgs, m => comparePos(m.createdAt, m.messageId, p) < 0)
      )
  }
  return { lo, hi }
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
  const rawCursor = query.get('cursor') ?? ''
  let position: Position | undefined
  if (rawCursor !== '') {
    position = decodeCursor('w1', rawCursor)
    if (!position && !stuck) throw new HttpError(400, 'invalid cursor')
  }
  const dlq = ctx.state.workflowDlq
  const variants = ctx.variants
  // The date bounds as the variants read them (one millisecond wider or narrower).
  const bounded = new URLSearchParams(query)
  const { fromDate, toDate } = dateRange(query, variants)
  if (fromDate !== undefined) bounded.set('fromDate', String(fromDate))
  if (toDate !== undefined) bounded.set('toDate', String(toDate))
  const chosen = selection(dlq, bounded, variants)
  const latestFirst = !variants.ignoreOrder && query.get('order') === 'latestFirst'
  const { entries: page, more } = selectedPast(dlq, chosen, position, count, latestFirst)
  const body: { messages: Record<string, unknown>[]; cursor?: string } = {
    messages: page.map(e => workflowEntry(e, variants))
  }
  const last = page[page.length - 1]
  if (stuck) body.cursor = rawCursor || 'stuck'
  else if (more && last) body.cursor = encodeCursor('w1', { time: last.failedAt, id: last.dlqId })
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
  const rawCursor = query.get('cursor') ?? ''
  let position: Position | undefined
  if (rawCursor !== '') {
    position = decodeCursor('d1', rawCursor)
    if (!position && !stuck) throw new HttpError(400, 'invalid cursor')
  }
  const matches = messageFilter(query, variants, dates)

  const msgs = ctx.state.messages
  const ascending = order === 'earliestFirst'
  const { lo, hi } = indexRange(msgs, !variants.datesOnEntryTime, dates, position, ascending)
  const page: SimMessage[] = []
  let more = false
  const step = ascending ? 1 : -1
  for (let i = ascending ? lo : hi - 1; ascending ? i < hi : i >= lo; i += step) {
    const m = msgs[i] as SimMessage
    if (!matches(m)) continue
    if (page.length === count) {
      more = true
      break
    }
    page.push(m)
  }
  const body: { messages: Partial<SimMessage>[]; cursor?: string } = {
    messages: variants.omitCreatedAt ? page.map(withoutSomeCreatedAt) : page
  }
  const last = page[page.length - 1]
  if (stuck) body.cursor = rawCursor || 'stuck'
  else if (more && last) body.cursor = encodeCursor('d1', { time: last.createdAt, id: last.messageId })
  return json(200, body)
}
