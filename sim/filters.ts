/**
 * The filters of the query as selections of a DLQ: the listing's message filters (which retry and delete take too),
 * and the workflow filters of the bulk resume (which the workflow listing, restart and delete take too).
 */
import { partition } from './cursor.js'
import { HttpError, intParam } from './respond.js'
import type { SimMessage, WorkflowDlqEntry } from './seed.js'
import type { Selection } from './select.js'
import { enteredAt, type ServerVariants } from './variants.js'

/** Filters on message fields: each query key with the field it matches. */
const SET_FILTERS: ReadonlyArray<[string, (m: SimMessage) => string | undefined]> = [
  ['messageId', m => m.messageId],
  ['url', m => m.url],
  ['topicName', m => m.topicName],
  ['scheduleId', m => m.scheduleId],
  ['queueName', m => m.queueName],
  ['callerIp', m => m.callerIP]
]

/** The date bounds a route applies, in ms, inclusive. */
export interface DateRange {
  fromDate: number | undefined
  toDate: number | undefined
}

/** The query's date bounds as sent. */
export const askedDates = (query: URLSearchParams): DateRange => ({
  fromDate: intParam(query, 'fromDate'),
  toDate: intParam(query, 'toDate')
})

/** What a server reads from a message filter: commas as separators, one messageId, dates on the entry time. */
export interface MessageFilterReading {
  commaSeparates: boolean | undefined
  oneMessageId: boolean | undefined
  /** fromDate/toDate bound the hidden time the message entered the DLQ, not its createdAt */
  onEntryTime: boolean | undefined
}

/** The selection of the sorted messages the query's filters make (no filter: every message). */
export function messageSelection(
  msgs: readonly SimMessage[],
  query: URLSearchParams,
  reading: MessageFilterReading,
  { fromDate, toDate }: DateRange
): Selection<SimMessage> {
  const statuses = query.getAll('responseStatus').map(raw => {
    if (!/^\d{1,4}$/.test(raw)) throw new HttpError(400, `invalid responseStatus: ${raw}`)
    return Number(raw)
  })
  const checks: Array<(m: SimMessage) => boolean> = []
  for (const [key, get] of SET_FILTERS) {
    let values = query.getAll(key)
    if (reading.commaSeparates) values = values.flatMap(v => v.split(','))
    if (reading.oneMessageId && key === 'messageId') values = values.slice(0, 1)
    if (values.length === 0) continue
    const set = new Set(values)
    checks.push(m => set.has(get(m) as string))
  }
  if (statuses.length > 0) {
    const set = new Set(statuses)
    checks.push(m => set.has(m.responseStatus))
  }
  // Dates on the hidden DLQ entry time cannot narrow the index range by createdAt: each message is checked.
  if (reading.onEntryTime && (fromDate !== undefined || toDate !== undefined)) {
    checks.push(m => {
      const at = enteredAt(m)
      return (fromDate === undefined || at >= fromDate) && (toDate === undefined || at <= toDate)
    })
  }
  const byCreatedAt = !reading.onEntryTime
  return {
    lo: fromDate === undefined || !byCreatedAt ? 0 : partition(msgs, m => m.createdAt < fromDate),
    hi: toDate === undefined || !byCreatedAt ? msgs.length : partition(msgs, m => m.createdAt <= toDate),
    matches: m => checks.every(check => check(m))
  }
}

/** The selection of the sorted workflow DLQ the workflow filters make (no filter: every run). */
export function workflowSelection(
  dlq: readonly WorkflowDlqEntry[],
  query: URLSearchParams,
  variants: Partial<ServerVariants>,
  { fromDate, toDate }: DateRange = askedDates(query)
): Selection<WorkflowDlqEntry> {
  const createdAt = intParam(query, 'workflowCreatedAt')
  const urlValues = query.getAll('workflowUrl')
  const urls =
    urlValues.length === 0
      ? undefined
      : new Set(variants.commaSeparates ? urlValues.flatMap(v => v.split(',')) : urlValues)
  const runIds = query.getAll('workflowRunId')
  return {
    lo: fromDate === undefined ? 0 : partition(dlq, e => e.failedAt < fromDate),
    hi: toDate === undefined ? dlq.length : partition(dlq, e => e.failedAt <= toDate),
    matches: e =>
      (urls === undefined || urls.has(e.workflowUrl)) &&
      (createdAt === undefined || e.workflowCreatedAt === createdAt) &&
      (runIds.length === 0 || runIds.some(r => e.workflowRunId.startsWith(r)))
  }
}
