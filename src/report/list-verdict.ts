/**
 * How the health of a listing is said: the heading, the judgement line, the notice, each breach. Shared by the
 * summary and the issue.
 */
import { Inputs } from '../constants.js'
import type { Breach, ListResult } from '../results.js'
import type { ListFilters } from '../requests.js'
import { beforeTheEnd, failurePhrase } from './failure-text.js'
import { code } from './markdown.js'
import { formatAge, formatCount, formatMs } from './format.js'

/** Each list filter and the input that sets it, in the order the verdict names them. */
const FILTER_INPUTS: ReadonlyArray<[Exclude<keyof ListFilters, 'source'>, Inputs]> = [
  ['messageId', Inputs.MessageId],
  ['url', Inputs.Url],
  ['topicName', Inputs.TopicName],
  ['scheduleId', Inputs.ScheduleId],
  ['queueName', Inputs.QueueName],
  ['api', Inputs.Api],
  ['fromDate', Inputs.FromDate],
  ['toDate', Inputs.ToDate],
  ['responseStatus', Inputs.ResponseStatus],
  ['callerIp', Inputs.CallerIp],
  ['workflowUrl', Inputs.WorkflowUrl],
  ['workflowRunId', Inputs.WorkflowRunId],
  ['workflowCreatedAt', Inputs.WorkflowCreatedAt]
]
/** Characters of a filter value the verdict shows: enough to recognise it; "What was asked" shows it whole. */
const SCOPE_VALUE_LENGTH = 48
/** Filters past this are named without their values, so the verdict stays one short line. */
const SCOPE_VALUES_UP_TO = 2

/**
 * What the count is of, when any filter is set: `matching `url` `https://…``, names and values as code spans (values
 * are third-party text), one value each for at most two filters, else only the names (always, with `namesOnly`:
 * the heading stays short). Undefined without filters.
 */
export function filterScope(filters: ListFilters, namesOnly = false): string | undefined {
  const set: Array<[Inputs, string[]]> = []
  for (const [key, input] of FILTER_INPUTS) {
    const value = filters[key]
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue
    const values = Array.isArray(value)
      ? value.map(String)
      : [typeof value === 'number' && key !== 'responseStatus' ? formatMs(value) : String(value)]
    set.push([input, values])
  }
  if (set.length === 0) return undefined
  const named = set.map(([input, values]) => {
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

/** A threshold exceeded, with both numbers and the input that set it; the count of an incomplete listing is "at least". */
export function describeBreach(breach: Breach, complete: boolean): string {
  if (breach.kind === 'count') {
    const count = `${complete ? '' : 'at least '}${formatCount(breach.count)}`
    return `${count} messages, more than fail-if-count-above (${formatCount(breach.limit)})`
  }
  if (breach.kind === 'age-unknown') {
    const n = `${complete ? '' : 'at least '}${messages(breach.messages)}`
    return (
      `${n} had no creation time (createdAt), so their age is unknown and fail-if-oldest-older-than ` +
      `(${formatAge(breach.limitMs)}) cannot be judged`
    )
  }
  return `the oldest message is ${formatAge(breach.ageMs)} old, older than fail-if-oldest-older-than (${formatAge(breach.limitMs)})`
}

function messages(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'message' : 'messages'}`
}

/** What a listing counted: its messages, or, with source workflow, the failed workflow runs. */
function listed(result: ListResult): string {
  if (result.filters.source !== 'workflow') return messages(result.count)
  return `${formatCount(result.count)} ${result.count === 1 ? 'failed workflow run' : 'failed workflow runs'}`
}

/**
 * The heading of the summary, the result in a few words: the failure named, the threshold check, or the count.
 * Never "healthy" or "empty" unless the listing reached the end.
 */
export function heading(result: ListResult, filtered: boolean): string {
  const complete = listingComplete(result)
  if (result.failure?.kind === 'cancelled') {
    return result.count === 0
      ? '⛔ Listing cancelled before any message was listed'
      : `⛔ Listing cancelled: at least ${listed(result)}`
  }
  const scope = filterScope(result.filters, true)
  if (result.failure !== undefined) {
    const why = failurePhrase(result.failure, result.maxPages)
    return result.count === 0 ? `❌ Could not list the DLQ: ${why}` : `❌ Listing failed part way: ${why}`
  }
  if (result.health.breaches.length > 0) {
    return scope === undefined ? '❌ DLQ health check failed' : `❌ Health check failed for the messages ${scope}`
  }
  const judged = result.health.countAbove !== undefined || result.health.oldestOlderThanMs !== undefined
  if (!complete) return `⚠️ Listing stopped early${judged ? ': health not judged' : ''}`
  if (judged) return scope === undefined ? '✅ DLQ healthy' : `✅ Within the limits: the messages ${scope}`
  if (result.count === 0) return filtered ? 'ℹ️ No DLQ message matches the filters' : 'ℹ️ The DLQ is empty'
  return scope === undefined ? `ℹ️ DLQ: ${listed(result)}` : `ℹ️ ${listed(result)} ${scope}`
}

/**
 * One bold line comparing the count and the oldest age with their limits: `exceeded`, `within`, or `not judged`
 * when the listing did not reach the end (a lower bound can only exceed). Without thresholds, says so.
 */
export function judgement(result: ListResult, now: number): string {
  const complete = listingComplete(result)
  const { countAbove, oldestOlderThanMs } = result.health
  if (result.failure !== undefined && result.count === 0) {
    return '**Messages: unknown** (nothing was listed, so the health of the DLQ is unknown)'
  }
  const scope = filterScope(result.filters)
  const count = `${complete ? '' : 'at least '}${listed(result)}${scope === undefined ? '' : ` ${scope}`}`
  const limit = (over: boolean, text: string): string =>
    over ? `limit ${text}: **exceeded**` : complete ? `limit ${text}: within` : `limit ${text}: not judged`
  const parts = [
    countAbove === undefined
      ? `**${count}**`
      : `**${count}** (${limit(result.count > countAbove, formatCount(countAbove))})`
  ]
  const ageText = oldestText(result, now)
  if (oldestOlderThanMs === undefined) parts.push(`**${ageText}**`)
  else {
    const over = result.health.breaches.some(b => b.kind === 'age')
    const unknown = !over && result.health.breaches.some(b => b.kind === 'age-unknown')
    const judged = unknown
      ? `limit ${formatAge(oldestOlderThanMs)}: **cannot be judged**`
      : limit(over, formatAge(oldestOlderThanMs))
    parts.push(`**${ageText}** (${judged})`)
  }
  const set = countAbove !== undefined || oldestOlderThanMs !== undefined
  const tail = !set
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

/**
 * The oldest age as measured: `oldest 3h`, `oldest 3h (unknown for 12 messages)` when some came without a creation
 * time, `oldest: unknown for 400 messages` when none had one; "oldest seen" for a listing that did not reach the end.
 */
function oldestText(result: ListResult, now: number): string {
  const word = listingComplete(result) ? 'oldest' : 'oldest seen'
  const unknown = result.noCreatedAt ?? 0
  if (result.oldestCreatedAt === undefined) {
    return unknown > 0 ? `${word}: unknown for ${messages(unknown)}` : `${word}: unknown`
  }
  const age = `${word} ${formatAge(now - result.oldestCreatedAt)}`
  return unknown > 0 ? `${age} (unknown for ${messages(unknown)})` : age
}

/**
 * The headline of a listing, a notice on the run page: `DLQ: 1,234 messages, oldest 3h 5m`. A listing that did
 * not reach the end says "at least", and one that failed never reads like an empty DLQ: it names the failure.
 */
export function headline(result: ListResult, now: number): string {
  if (result.failure !== undefined && result.count === 0) {
    return `DLQ: unknown, could not list it: ${failurePhrase(result.failure, result.maxPages)}`
  }
  const scope = filterScope(result.filters)
  const counted = `${listed(result)}${scope === undefined ? '' : ` ${scope}`}`
  const oldest = result.count === 0 ? '' : `, ${oldestText(result, now)}`
  if (listingComplete(result)) return `DLQ: ${counted}${oldest}`
  const why =
    result.failure?.kind === 'cancelled'
      ? failurePhrase(result.failure)
      : result.failure !== undefined
        ? `the listing failed part way: ${failurePhrase(result.failure, result.maxPages)}`
        : 'the listing stopped early'
  return `DLQ: at least ${counted}${oldest} (${why})`
}

/**
 * The notice on the run page: the headline, except when nothing could be listed, where the failure (an error
 * annotation) already says it: one alert per fact.
 */
export function listNotice(result: ListResult, now: number): string | undefined {
  return result.failure !== undefined && result.count === 0 ? undefined : headline(result, now)
}
