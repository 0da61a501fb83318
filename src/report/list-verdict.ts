/**
 * How the health of a listing is said: the heading, the judgement line, the notice, each breach. Shared by the
 * summary and the issue.
 */
import type { Breach, FailureInfo, ListResult } from '../results.js'
import { formatAge, formatCount } from './format.js'

/** Whether a listing provably reached the end of what was asked: only then may it say "healthy" or "empty". */
export function listingComplete(result: ListResult): boolean {
  return result.error === undefined && result.nextCursor === undefined
}

/** A threshold exceeded, with both numbers and the input that set it; the count of an incomplete listing is "at least". */
export function describeBreach(breach: Breach, complete: boolean): string {
  if (breach.kind === 'count') {
    const count = `${complete ? '' : 'at least '}${formatCount(breach.count)}`
    return `${count} messages, more than fail-if-count-above (${formatCount(breach.limit)})`
  }
  return `the oldest message is ${formatAge(breach.ageMs)} old, older than fail-if-oldest-older-than (${formatAge(breach.limitMs)})`
}

/**
 * What ended an operation that failed, in a few words from its typed failure: the refused token (401, 403) named
 * as such, a status otherwise, the drain guard that stopped it, or a request that got no usable answer.
 */
export function failurePhrase(failure: FailureInfo | undefined, maxPages?: number): string {
  if (failure?.cancelled !== undefined) return `the step was cancelled (${failure.cancelled})`
  if (failure?.file !== undefined) return `${failure.file} could not be written`
  if (failure?.stoppedBy === 'max-pages') {
    return `stopped after ${maxPages === undefined ? 'max-pages' : formatCount(maxPages)} pages (max-pages)`
  }
  if (failure?.stoppedBy === 'repeated-cursor') return 'the service sent a cursor it had sent before'
  if (failure?.stoppedBy === 'long-cursor') return 'the service sent a cursor too long to use'
  const status = failure?.status
  if (status === undefined) return 'the request got no usable answer'
  if (status === 401 || status === 403) return `the service refused the token (HTTP ${status})`
  if (status === 404) return 'the service answered "not found" (HTTP 404)'
  if (status === 429) return 'the service kept rate-limiting the requests (HTTP 429)'
  if (status >= 500) return `the service failed (HTTP ${status})`
  return `the service refused the request (HTTP ${status})`
}

function messages(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'message' : 'messages'}`
}

/**
 * The heading of the summary, the result in a few words: the failure named, the threshold check, or the count.
 * Never "healthy" or "empty" unless the listing reached the end.
 */
export function heading(result: ListResult, filtered: boolean): string {
  const complete = listingComplete(result)
  if (result.failure?.cancelled !== undefined) {
    return result.count === 0
      ? '⛔ Listing cancelled before any message was listed'
      : `⛔ Listing cancelled: at least ${messages(result.count)}`
  }
  if (result.error !== undefined) {
    const why = failurePhrase(result.failure, result.maxPages)
    return result.count === 0 ? `❌ Could not list the DLQ: ${why}` : `❌ Listing failed part way: ${why}`
  }
  if (result.health.breaches.length > 0) return '❌ DLQ health check failed'
  const judged = result.health.countAbove !== undefined || result.health.oldestOlderThanMs !== undefined
  if (!complete) return `⚠️ Listing stopped early${judged ? ': health not judged' : ''}`
  if (judged) return '✅ DLQ healthy'
  if (result.count === 0) return filtered ? 'ℹ️ No DLQ message matches the filters' : 'ℹ️ The DLQ is empty'
  return `ℹ️ DLQ: ${messages(result.count)}`
}

/**
 * One bold line comparing the count and the oldest age with their limits: `exceeded`, `within`, or `not judged`
 * when the listing did not reach the end (a lower bound can only exceed). Without thresholds, says so.
 */
export function judgement(result: ListResult, now: number): string {
  const complete = listingComplete(result)
  const { countAbove, oldestOlderThanMs } = result.health
  if (result.error !== undefined && result.count === 0) {
    return '**Messages: unknown** (nothing was listed, so the health of the DLQ is unknown)'
  }
  const count = `${complete ? '' : 'at least '}${messages(result.count)}`
  const limit = (over: boolean, text: string): string =>
    over ? `limit ${text}: **exceeded**` : complete ? `limit ${text}: within` : `limit ${text}: not judged`
  const parts = [
    countAbove === undefined
      ? `**${count}**`
      : `**${count}** (${limit(result.count > countAbove, formatCount(countAbove))})`
  ]
  const age = result.oldestCreatedAt === undefined ? undefined : now - result.oldestCreatedAt
  const oldestWord = complete ? 'oldest' : 'oldest seen'
  const ageText = age === undefined ? `${oldestWord}: unknown` : `${oldestWord} ${formatAge(age)}`
  if (oldestOlderThanMs === undefined) parts.push(`**${ageText}**`)
  else {
    const over = result.health.breaches.some(b => b.kind === 'age')
    parts.push(`**${ageText}** (${limit(over, formatAge(oldestOlderThanMs))})`)
  }
  const set = countAbove !== undefined || oldestOlderThanMs !== undefined
  const tail = set ? '' : ' (not judged: no threshold set)'
  const partial = complete ? '' : result.error !== undefined ? ', listed before the failure' : ', listing stopped early'
  return `${parts.join(' · ')}${tail}${partial}`
}

/**
 * The headline of a listing, a notice on the run page: `DLQ: 1,234 messages, oldest 3h 5m`. A listing that did
 * not reach the end says "at least", and one that failed never reads like an empty DLQ: it names the failure.
 */
export function headline(result: ListResult, now: number): string {
  const oldest = result.oldestCreatedAt === undefined ? '' : `, oldest ${formatAge(now - result.oldestCreatedAt)}`
  if (result.error !== undefined && result.count === 0) {
    return `DLQ: unknown, could not list it: ${failurePhrase(result.failure, result.maxPages)}`
  }
  if (listingComplete(result)) return `DLQ: ${messages(result.count)}${oldest}`
  const why =
    result.error !== undefined
      ? `the listing failed part way: ${failurePhrase(result.failure, result.maxPages)}`
      : 'the listing stopped early'
  return `DLQ: at least ${messages(result.count)}${oldest.replace('oldest', 'oldest seen')} (${why})`
}

/** The verdict in one line, for the health issue's comments: the heading's words and the headline. */
export function verdict(result: ListResult, now: number): string {
  return `${heading(result, false)}: ${headline(result, now)}`
}
