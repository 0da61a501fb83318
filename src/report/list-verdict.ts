/** How a listing is described: its filters, the heading, the judgement line, the notice, each breach. */
import { CREATED_AT_FLOOR_MS, CREATED_AT_TOLERANCE_MS, Inputs } from '../constants.js'
import {
  anyThreshold,
  breachText,
  cannotBeJudged,
  CHECK_NAMES,
  checkOf,
  checkOfBreach,
  oldestText,
  type CheckName,
  type Words
} from '../health-checks.js'
import type { BreachFields, BreachKind } from '../health-verdict.js'
import type { ListResult } from '../results.js'
import type { HealthLimits, ListFilters } from '../requests.js'
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
export function listingComplete(result: Pick<ListResult, 'failure' | 'nextCursor'>): boolean {
  return result.failure === undefined && result.nextCursor === undefined
}

/** What the sentences of a listing's checks take from it: "at least" unless complete, what it counted, its scope. */
function wordsOf(result: ListResult, scope?: string): Words {
  const complete = listingComplete(result)
  const noun =
    result.filters.source === 'workflow'
      ? { one: 'failed workflow run', many: 'failed workflow runs' }
      : { one: 'message', many: 'messages' }
  return { atLeast: complete ? '' : 'at least ', complete, noun, ...(scope !== undefined ? { scope } : {}) }
}

/** A threshold exceeded, with both numbers and the input that set it; an incomplete listing's count is "at least". */
export function describeBreach<K extends BreachKind>(
  breach: { kind: K } & BreachFields[K],
  result: ListResult
): string {
  return breachText(breach, wordsOf(result))
}

/** What a listing counted, and of what when filtered: its messages, or, with source workflow, the failed runs. */
function counted(result: ListResult, scope?: string): string {
  const { noun } = wordsOf(result)
  const what = plural(result.count, noun.one, noun.many)
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
  const { noun } = wordsOf(result)
  if (result.failure !== undefined) {
    const why = failurePhrase(result.failure, result.maxPages)
    return result.count === 0 ? `❌ Could not list the DLQ: ${why}` : `❌ Listing failed part way: ${why}`
  }
  if (result.health.breaches.length > 0) {
    return scope === undefined ? '❌ DLQ health check failed' : `❌ Health check failed for the ${noun.many} ${scope}`
  }
  const judged = anyThreshold(result.health)
  if (!listingComplete(result)) return `⚠️ Listing stopped early${judged ? ': health not judged' : ''}`
  if (judged) return scope === undefined ? '✅ DLQ healthy' : `✅ Within the limits: the ${noun.many} ${scope}`
  if (result.count === 0) return filtered ? 'ℹ️ No DLQ message matches the filters' : 'ℹ️ The DLQ is empty'
  return scope === undefined ? `ℹ️ DLQ: ${counted(result, scope)}` : `ℹ️ ${counted(result, scope)}`
}

/** One check's part of the verdict line: its figure, bold, and its limit with the verdict when set. */
function checkPart<C extends CheckName>(name: C, result: ListResult, now: number, words: Words): string | undefined {
  const check = checkOf(name)
  const limit = result.health[name] as HealthLimits[C] | undefined
  const figure = check.figure(result, now, words, limit)
  if (figure === undefined) return undefined
  if (limit === undefined) return `**${figure}**`
  const kinds = result.health.breaches.filter(b => checkOfBreach(b.kind) === name).map(b => b.kind)
  // Over its limit, or else unknown messages that could take it over: "cannot be judged", never "within".
  const verdict = kinds.some(kind => !cannotBeJudged(kind))
    ? '**exceeded**'
    : kinds.length > 0
      ? '**cannot be judged**'
      : words.complete && check.judgeable?.(result) !== false
        ? 'within'
        : 'not judged'
  return `**${figure}** (${check.limit(limit)}: ${verdict})`
}

/** One bold line comparing each figure with its limit, a part per check; a lower bound can only exceed. */
export function judgement(result: ListResult, now: number): string {
  if (result.failure !== undefined && result.count === 0) {
    return '**Messages: unknown** (nothing was listed, so the health of the DLQ is unknown)'
  }
  const scope = filterScope(result.filters)
  const words = wordsOf(result, scope)
  const parts = CHECK_NAMES.map(name => checkPart(name, result, now, words)).filter(part => part !== undefined)
  const tail = !anyThreshold(result.health)
    ? ' (not judged: no threshold set)'
    : scope !== undefined
      ? ` (thresholds judged on the matching ${words.noun.many} only, not the whole DLQ)`
      : ''
  const partial = words.complete
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
    ? ` ${plural(result.noCreatedAt, 'message has', 'messages have')} no usable creation time: when it is deleted is unknown.`
    : ''
  const atLeast = listingComplete(result) ? '' : 'At least '
  const what =
    expiry.count === 0
      ? `No listed message will be deleted by the service ${window}${first}.`
      : `${atLeast}${plural(expiry.count, 'message', 'messages')} will be deleted by the service ${window}${first}.`
  return `${what}${unknown}`
}

/** Characters of a message id quoted in a sentence: enough to find it in messages-file. */
const QUOTED_ID_LENGTH = 200

/** Why some messages count as undated although they carry a createdAt: one that cannot be true, or one ahead. */
export function undatedLines(result: ListResult): string[] {
  const { badCreatedAt: bad, futureCreatedAt: ahead } = result
  const floor = formatMs(CREATED_AT_FLOOR_MS).slice(0, 10)
  return [
    ...(bad === undefined
      ? []
      : [
          `${plural(bad.count, 'message has', 'messages have')} a \`createdAt\` the service cannot have stamped ` +
            `(before ${floor}, such as 0, what an unset number reads as; first: ${code(bad.messageId, QUOTED_ID_LENGTH)}): ` +
            'counted as undated, their age unknown.'
        ]),
    ...(ahead === undefined
      ? []
      : [
          `${plural(ahead.count, 'message has', 'messages have')} a \`createdAt\` more than ` +
            `${formatAge(CREATED_AT_TOLERANCE_MS)} ahead of the service's clock (up to ${formatAge(ahead.aheadMs)} ` +
            `ahead; first: ${code(ahead.messageId, QUOTED_ID_LENGTH)}): counted as undated, never as new, oldest or expiring.`
        ])
  ]
}

/** The headline, `DLQ: 1,234 messages, oldest 3h 5m`: "at least" unless complete; a failure is named, never "0". */
export function headline(result: ListResult, now: number): string {
  if (result.failure !== undefined && result.count === 0) {
    return `DLQ: unknown, could not list it: ${failurePhrase(result.failure, result.maxPages)}`
  }
  const oldest = result.count === 0 ? '' : `, ${oldestText(result, now, wordsOf(result))}`
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

/** The health thresholds as set, as one sentence naming each input (the summary's "What was asked", the closing comment). */
export function thresholdsText(result: ListResult): string {
  const words = wordsOf(result)
  const parts = CHECK_NAMES.map(name => askedOf(name, result.health, words)).filter(part => part !== undefined)
  return parts.length === 0 ? 'none: the listing is not judged' : `fail the step when ${parts.join(', or when ')}`
}

function askedOf<C extends CheckName>(name: C, health: ListResult['health'], words: Words): string | undefined {
  const limit = health[name] as HealthLimits[C] | undefined
  return limit === undefined ? undefined : checkOf(name).asked(limit, health, words)
}
