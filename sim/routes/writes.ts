/**
 * What the bulk writes share (wire contract, section 6): the override headers, and what one request takes: by
 * `dlqIds` every entry named (a gone one makes the whole request 404, nothing done; count and cursor are ignored),
 * else up to `count` of the filters' selection past the cursor (no selector at all: every entry).
 */
import type http from 'node:http'
import type { SimContext } from '../context.js'
import { askedDates, messageSelection, workflowSelection } from '../filters.js'
import { headerValue, HttpError, intParam, setParam } from '../respond.js'
import type { SimMessage, WorkflowDlqEntry } from '../seed.js'
import {
  MESSAGE_KEY,
  nextCursor,
  readCursor,
  removeEntries,
  RUN_KEY,
  selectedPast,
  type Selection,
  type SortKey
} from '../select.js'
import type { RecordedOverrides } from '../state.js'

/** `name=number` pairs joined by commas; `period` may carry a unit (`period=1m`), as the real service documents. */
const FLOW_CONTROL_VALUE =
  /^(?:period=\d+[smhd]|[A-Za-z_][A-Za-z0-9_.-]*=\d+)(?:,(?:period=\d+[smhd]|[A-Za-z_][A-Za-z0-9_.-]*=\d+))*$/
/** A Service-Delay: numbers with a unit, one or more (`10s`, `2m`, `1h30m`). */
const DELAY = /^(?:\d{1,9}[smhd])+$/
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** The overrides a write carries in its headers, checked; the delay also in ms (0: none). */
export interface Overrides extends RecordedOverrides {
  delayMs: number
}

/** The override headers, each checked (400 if malformed); Service-Delay only where the write takes one. */
export function readOverrides(headers: http.IncomingHttpHeaders, takesDelay: boolean): Overrides {
  const flowKey = headerValue(headers, 'service-flow-control-key')
  const flowValue = headerValue(headers, 'service-flow-control-value')
  const retries = headerValue(headers, 'service-retries')
  const delay = takesDelay ? headerValue(headers, 'service-delay') : undefined
  if (flowValue !== undefined && !FLOW_CONTROL_VALUE.test(flowValue)) {
    throw new HttpError(400, `invalid Service-Flow-Control-Value: ${flowValue}`)
  }
  if (retries !== undefined && !/^\d{1,9}$/.test(retries))
    throw new HttpError(400, `invalid Service-Retries: ${retries}`)
  if (delay !== undefined && !DELAY.test(delay)) throw new HttpError(400, `invalid Service-Delay: ${delay}`)
  const overrides: Overrides = { delayMs: 0 }
  if (flowKey !== undefined) overrides.flowControlKey = flowKey
  if (flowValue !== undefined) overrides.flowControlValue = flowValue
  if (retries !== undefined) overrides.retries = Number(retries)
  if (delay !== undefined) {
    overrides.delay = delay
    for (const [, n, unit] of delay.matchAll(/(\d+)([smhd])/g))
      overrides.delayMs += Number(n) * UNIT_MS[unit as string]!
  }
  return overrides
}

/** The overrides as recorded on what a write created (the delay as sent). */
export function recorded(overrides: Overrides): RecordedOverrides {
  const { delayMs: _ms, ...sent } = overrides
  return sent
}

/** A DLQ as a bulk write sees it: its entries, their order, the route's cursor tag and limit, and its filters. */
export interface WriteTarget<T extends { dlqId: string }> {
  items: T[]
  key: SortKey<T>
  /** tag of this route's cursors: a cursor of another route is refused */
  tag: string
  /** the most entries one request takes (a larger count is cut to it) */
  most: number
  select: (query: URLSearchParams) => Selection<T>
  /** what an entry is called in a 404 */
  noun: string
}

/** The DLQ messages to a write of retry or delete: the listing's filters, dates as variant writeDatesOnEntryTime says. */
export function messageWrite(ctx: SimContext, tag: string): WriteTarget<SimMessage> {
  const { commaSeparates, oneMessageId, writeDatesOnEntryTime } = ctx.variants
  const reading = { commaSeparates, oneMessageId, onEntryTime: writeDatesOnEntryTime }
  const items = ctx.state.messages
  return {
    items,
    key: MESSAGE_KEY,
    tag,
    most: 100,
    select: query => messageSelection(items, query, reading, askedDates(query)),
    noun: 'message'
  }
}

/** The failed workflow runs to a write of restart or delete: the bulk resume's filters. */
export function runWrite(ctx: SimContext, tag: string, most: number): WriteTarget<WorkflowDlqEntry> {
  const items = ctx.state.workflowDlq
  const variants = ctx.variants
  return {
    items,
    key: RUN_KEY,
    tag,
    most,
    select: query => workflowSelection(items, query, variants),
    noun: 'workflow run'
  }
}

/** What one bulk write takes, and the cursor to continue (none: nothing left, or a request by ids). */
function taken<T extends { dlqId: string }>(
  target: WriteTarget<T>,
  query: URLSearchParams,
  stuck: boolean
): { entries: T[]; cursor?: string } {
  const dlqIds = setParam(query, 'dlqIds')
  if (dlqIds) {
    const entries = target.items.filter(e => dlqIds.has(e.dlqId))
    // Like the real service: one gone id fails the whole request, without saying which.
    if (new Set(entries.map(e => e.dlqId)).size < dlqIds.size)
      throw new HttpError(404, `some ${target.noun}s not found`)
    return { entries }
  }
  const { raw, position } = readCursor(query, target.tag, stuck)
  const count = intParam(query, 'count') ?? target.most
  if (count < 1) throw new HttpError(400, `count must be at least 1, got ${count}`)
  const page = selectedPast(target.items, target.key, target.select(query), position, Math.min(count, target.most))
  const cursor = nextCursor(target.tag, target.key, page, { stuck, raw })
  return cursor === undefined ? { entries: page.entries } : { entries: page.entries, cursor }
}

/** A write's request: the id of a one-entry path, or the selection of its query. */
export interface WriteRequest {
  id?: string | undefined
  query: URLSearchParams
  /** the stuck-cursor fault: answer the cursor received */
  stuck: boolean
}

/**
 * Takes what a write's request selects out of its DLQ (a one-entry path: that entry, or 404), once `refuse` (the
 * route's own refusal, which throws) has let it; the cursor to continue.
 */
export function take<T extends { dlqId: string }>(
  target: WriteTarget<T>,
  request: WriteRequest,
  refuse?: (entries: readonly T[]) => void
): { entries: T[]; cursor?: string } {
  const { id } = request
  const one = id === undefined ? undefined : target.items.find(e => e.dlqId === id)
  if (id !== undefined && one === undefined) throw new HttpError(404, `${target.noun} ${id} not found`)
  const chosen = one === undefined ? taken(target, request.query, request.stuck) : { entries: [one] }
  refuse?.(chosen.entries)
  removeEntries(target.items, chosen.entries)
  return chosen
}
