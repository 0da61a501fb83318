/** How a listing is described: its filters, the heading, the judgement line, the notice, each breach. */
import { Inputs } from '../constants.js'
import type { BreachFields, BreachKind, ListResult } from '../results.js'
import type { ListFilters } from '../requests.js'
import { beforeTheEnd, failurePhrase } from './failure-text.js'
import { code, valueList, type RowLimit } from './markdown.js'
import { formatAge, formatCount, formatMs, plural } from '../format.js'

/** Each list filter, the input that sets it and its label in "What was asked", in the order both name them. */
const FILTERS: ReadonlyArray<[keyof ListFilters, Inputs, string]> = [
  ['messageId', Inputs.MessageId, 'Message id'],
  ['url', Inputs.Url, 'Destination URL'],
  ['topicName', Inputs.TopicName, 'URL group'],
  ['scheduleId', Inputs.ScheduleId, 'Schedule id'],
  ['queueName', Inputs.QueueName, 'Queue'],
  ['api', Inputs.Api, 'API name'],
  ['fromDate', Inputs.FromDate, 'Created at or after'],
  ['toDate', Inputs.ToDate, 'Created at or before'],
  ['responseStatus', Inputs.ResponseStatus, 'Last response status'],
  ['callerIp', Inputs.CallerIp, 'Publisher IP'],
  ['source', Inputs.Source, 'Source'],
  ['workflowUrl', Inputs.WorkflowUrl, 'Workflow URL'],
  ['workflowRunId', Inputs.WorkflowRunId, 'Workflow run id or id prefix'],
  ['workflowCreatedAt', Inputs.WorkflowCreatedAt, 'Workflow created at']
]
const DATE_FILTERS: ReadonlySet<keyof ListFilters> = new Set(['fromDate', 'toDate', 'workflowCreatedAt'])
/** Characters of a filter value the verdict shows: enough to recognise it; "What was asked" shows it whole. */
const SCOPE_VALUE_LENGTH = 48
/** Filters past this are named without their values, so the verdict stays one short line. */
const SCOPE_VALUES_UP_TO = 2

/** The filters set, in the table's order, each value as text (a date as ISO 8601). */
function filtersSet(filters: ListFilters) {
  return FILTERS.flatMap(([key, input, label]) => {
    const value = filters[key]
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return []
    const list = Array.isArray(value)
    const values = list ? value.map(String) : [DATE_FILTERS.has(key) ? formatMs(value as number) : String(value)]
    return [{ key, input, label, values, list }]
  })
}

/** The filters a listing was asked for, one list item each, as the summary's "What was asked" shows them. */
export function filterLines(filters: ListFilters, limit: RowLimit): string[] {
  return filtersSet(filters).map(({ key, input, label, values, list }) => {
    const shown = list ? valueList(values, limit) : DATE_FILTERS.has(key) ? values[0] : code(values[0] as string)
    return `  - ${label} (\`${input}\`): ${shown}`
  })
}

/** What the count is of: `matching `url` `https://…``, values as code spans; undefined without filters. */
export function filterScope(filters: ListFilters, namesOnly = false): string | undefined {
  const set = filtersSet(filters).filter(f => f.key !== 'source')
  if (set.length === 0) return undefined
  const named = set.map(({ input, values }) => {
    if (namesOnly || set.length > SCOPE_VALUES_UP_TO) return code(input)
    if (values.length === 1) return `${code(input)} ${code(values[0] as string, SCOPE_VALUE_LENGTH)}`
    return `${code(input)} (any of ${formatCount(values.length)} values)`
  })
  const last = named.pop() as string
  return `matching ${named.length === 0 ? last : `${named.join(', ')} and ${last}`}`
}

/** Whether a listing provably reached the end of what was asked: only then may it say "healthy" or "empty". */
export function listingComplete(result: ListResult): boolean {
  return result.failure === undefined && result.nextCursor === undefined
}

/** How one kind of breach is told: the input that sets its threshold, and its sentence (`atLeast`: a lower bound). */
interface BreachText<K extends BreachKind> {
  input: Inputs
  says: (breach: BreachFields[K], atLeast: string) => string
}

/** Every kind of breach, told: the compiler asks for a sentence when a kind is added to BreachFields. */
export const BREACHES: { [K in BreachKind]: BreachText<K> } = {
  count: {
    input: Inputs.FailIfCountAbove,
    says: (b, atLeast) =>
      `${atLeast}${formatCount(b.count)} messages, more than fail-if-count-above (${formatCount(b.limit)})`
  },
  age: {
    input: Inputs.FailIfOldestOlderThan,
    says: b =>
      `the oldest message is ${formatAge(b.ageMs)} old, older than fail-if-oldest-older-than (${formatAge(b.limitMs)})`
  },
  'age-unknown': {
    input: Inputs.FailIfOldestOlderThan,
    says: (b, atLeast) =>
      `${atLeast}${plural(b.messages, 'message', 'messages')} had no creation time (createdAt), so their age is ` +
      `unknown and fail-if-oldest-older-than (${formatAge(b.limitMs)}) cannot be judged`
  },
  arrivals: {
    input: Inputs.FailIfNewAbove,
    says: (b, atLeast) =>
      `${atLeast}${plural(b.count, 'message', 'messages')} created within the last ${formatAge(b.withinMs)}, more ` +
      `than fail-if-new-above (${formatCount(b.limit)})`
  },
  'arrivals-unknown': {
    input: Inputs.FailIfNewAbove,
    says: (b, atLeast) =>
      `${atLeast}${plural(b.messages, 'message', 'messages')} had no creation time (createdAt), so whether more ` +
      `than fail-if-new-above (${formatCount(b.limit)}) arrived within ${formatAge(b.withinMs)} cannot be judged`
  },
  expiry: {
    input: Inputs.FailIfExpiringWithin,
    says: (b, atLeast) =>
      `${atLeast}${plural(b.count, 'message', 'messages')} will be deleted by the service within ` +
      `${formatAge(b.withinMs)} (fail-if-expiring-within; retention ${formatAge(b.retentionMs)}); the first ` +
      (b.inMs === 0 ? 'is already past the retention' : `in ${formatAge(b.inMs)}`)
  },
  'expiry-unknown': {
    input: Inputs.FailIfExpiringWithin,
    says: (b, atLeast) =>
      `${atLeast}${plural(b.messages, 'message', 'messages')} had no creation time (createdAt), so when the ` +
      `service deletes them is unknown and fail-if-expiring-within (${formatAge(b.withinMs)}) cannot be judged`
  }
}

/** The kinds of breach, in the order BREACHES tells them. */
export const BREACH_KINDS = Object.keys(BREACHES) as BreachKind[]

/** A threshold exceeded, with both numbers and the input that set it; an incomplete listing's count is "at least". */
export function describeBreach<K extends BreachKind>(breach: { kind: K } & BreachFields[K], complete: boolean): string {
  return BREACHES[breach.kind].says(breach, complete ? '' : 'at least ')
}

/** What a listing counted, and of what when filtered: its messages, or, with source workflow, the failed runs. */
function counted(result: ListResult, scope?: string): string {
  const noun = result.filters.source === 'workflow' ? 'failed workflow run' : 'message'
  const what = plural(result.count, noun, `${noun}s`)
  return scope === undefined ? what : `${what} ${scope}`
}

/** The heading of the summary: the failure named, the threshold check, or the count; "healthy" only when complete. */
export function heading(result: ListResult, filtered: boolean): string {
  if (result.failure?.kind === 'cancelled') {
    return result.count === 0
      ? '⛔ Listing cancelled before any message was listed'
      : `⛔ Listing cancelled: at least ${counted(result)}`
  }
  const scope = filterScope(result.filters, true)
  if (result.failure !== undefined) {
    const why = failurePhrase(result.failure, result.maxPages)
    return result.count === 0 ? `❌ Could not list the DLQ: ${why}` : `❌ Listing failed part way: ${why}`
  }
  if (result.health.breaches.length > 0) {
    return scope === undefined ? '❌ DLQ health check failed' : `❌ Health check failed for the messages ${scope}`
  }
  const judged = thresholdsSet(result)
  if (!listingComplete(result)) return `⚠️ Listing stopped early${judged ? ': health not judged' : ''}`
  if (judged) return scope === undefined ? '✅ DLQ healthy' : `✅ Within the limits: the messages ${scope}`
  if (result.count === 0) return filtered ? 'ℹ️ No DLQ message matches the filters' : 'ℹ️ The DLQ is empty'
  return scope === undefined ? `ℹ️ DLQ: ${counted(result, scope)}` : `ℹ️ ${counted(result, scope)}`
}

/** Whether any threshold is set: only then is the listing judged. */
function thresholdsSet({ health: h }: ListResult): boolean {
  return [h.countAbove, h.oldestOlderThanMs, h.newAbove, h.expiringWithinMs].some(limit => limit !== undefined)
}

/** One bold line comparing each figure with its limit; a lower bound can only exceed. */
export function judgement(result: ListResult, now: number): string {
  const complete = listingComplete(result)
  const { countAbove, oldestOlderThanMs, newAbove, expiringWithinMs, breaches } = result.health
  if (result.failure !== undefined && result.count === 0) {
    return '**Messages: unknown** (nothing was listed, so the health of the DLQ is unknown)'
  }
  const scope = filterScope(result.filters)
  const atLeast = complete ? '' : 'at least '
  const kinds = new Set(breaches.map(b => b.kind))
  // Over its limit, or else unknown messages that could take it over: "cannot be judged", never "within".
  const verdict = (over: boolean, unknown = false): string =>
    over ? '**exceeded**' : unknown ? '**cannot be judged**' : complete ? 'within' : 'not judged'
  const { arrivals, expiry } = result
  const parts = [
    `**${atLeast}${counted(result, scope)}**` +
      (countAbove === undefined ? '' : ` (limit ${formatCount(countAbove)}: ${verdict(kinds.has('count'))})`),
    `**${oldestText(result, now)}**` +
      (oldestOlderThanMs === undefined
        ? ''
        : ` (limit ${formatAge(oldestOlderThanMs)}: ${verdict(kinds.has('age'), kinds.has('age-unknown'))})`),
    newAbove !== undefined &&
      arrivals !== undefined &&
      `**${atLeast}${formatCount(arrivals.count)} new within ${formatAge(arrivals.withinMs)}**` +
        ` (limit ${formatCount(newAbove)}: ${verdict(kinds.has('arrivals'), kinds.has('arrivals-unknown'))})`,
    expiry !== undefined &&
      `**${atLeast}${formatCount(expiry.count)} deleted by the service within ${formatAge(expiry.withinMs)}**` +
        (expiringWithinMs === undefined
          ? ''
          : ` (limit 0: ${verdict(kinds.has('expiry'), kinds.has('expiry-unknown'))})`)
  ].filter(part => part !== false)
  const tail = !thresholdsSet(result)
    ? ' (not judged: no threshold set)'
    : scope !== undefined
      ? ' (thresholds judged on the matching messages only, not the whole DLQ)'
      : ''
  const partial = complete
    ? ''
    : result.failure !== undefined
      ? `, listed ${beforeTheEnd(result.failure)}`
      : ', listing stopped early'
  return `${parts.join(' · ')}${tail}${partial}`
}

/** With retention: what the service will delete within the window, and when the first goes; else undefined. */
export function expiryLine(result: ListResult, now: number): string | undefined {
  const { expiry } = result
  if (expiry === undefined || (result.failure !== undefined && result.count === 0)) return undefined
  const window = `within ${formatAge(expiry.withinMs)} (retention ${formatAge(expiry.retentionMs)})`
  const first =
    expiry.nextAt === undefined
      ? ''
      : expiry.nextAt <= now
        ? '; the first is already past the retention'
        : `; the first in ${formatAge(expiry.nextAt - now)}`
  const unknown = result.noCreatedAt
    ? ` ${plural(result.noCreatedAt, 'message has', 'messages have')} no creation time: when it is deleted is unknown.`
    : ''
  const atLeast = listingComplete(result) ? '' : 'At least '
  const what =
    expiry.count === 0
      ? `No listed message will be deleted by the service ${window}${first}.`
      : `${atLeast}${plural(expiry.count, 'message', 'messages')} will be deleted by the service ${window}${first}.`
  return `${what}${unknown}`
}

/** `oldest 3h`, `oldest 3h (unknown for 12 messages)`, `oldest: unknown for 400 messages`; or "oldest seen". */
function oldestText(result: ListResult, now: number): string {
  const word = listingComplete(result) ? 'oldest' : 'oldest seen'
  const unknown = result.noCreatedAt ? `unknown for ${plural(result.noCreatedAt, 'message', 'messages')}` : undefined
  if (result.oldestCreatedAt === undefined) return `${word}: ${unknown ?? 'unknown'}`
  const age = `${word} ${formatAge(now - result.oldestCreatedAt)}`
  return unknown === undefined ? age : `${age} (${unknown})`
}

/** The headline, `DLQ: 1,234 messages, oldest 3h 5m`: "at least" unless complete; a failure is named, never "0". */
export function headline(result: ListResult, now: number): string {
  if (result.failure !== undefined && result.count === 0) {
    return `DLQ: unknown, could not list it: ${failurePhrase(result.failure, result.maxPages)}`
  }
  const oldest = result.count === 0 ? '' : `, ${oldestText(result, now)}`
  const listed = `${counted(result, filterScope(result.filters))}${oldest}`
  if (listingComplete(result)) return `DLQ: ${listed}`
  const why =
    result.failure?.kind === 'cancelled'
      ? failurePhrase(result.failure)
      : result.failure !== undefined
        ? `the listing failed part way: ${failurePhrase(result.failure, result.maxPages)}`
        : 'the listing stopped early'
  return `DLQ: at least ${listed} (${why})`
}

/** The health thresholds as set, each named by its input (the summary's "What was asked", the closing comment). */
export function thresholdsText(result: ListResult): string {
  const { countAbove, oldestOlderThanMs, newAbove, newWithinMs, retentionMs, expiringWithinMs } = result.health
  const parts = [
    countAbove === undefined ? undefined : `\`fail-if-count-above\`: ${formatCount(countAbove)}`,
    oldestOlderThanMs === undefined ? undefined : `\`fail-if-oldest-older-than\`: ${formatAge(oldestOlderThanMs)}`,
    newAbove === undefined
      ? undefined
      : `\`fail-if-new-above\`: ${formatCount(newAbove)} within ${formatAge(newWithinMs ?? 0)} (\`new-within\`)`,
    expiringWithinMs === undefined
      ? undefined
      : `\`fail-if-expiring-within\`: ${formatAge(expiringWithinMs)} (\`retention\`: ${formatAge(retentionMs ?? 0)})`
  ].filter(p => p !== undefined)
  return parts.length === 0 ? 'none' : parts.join(', ')
}
