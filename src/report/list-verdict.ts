/** How the health of a listing is said: the headline, the verdict, each breach. Shared by the summary and the issue. */
import type { Breach, ListResult } from '../results.js'
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
 * The headline of a listing, a notice on the run page: `DLQ: 1,234 messages, oldest 3h 5m`. A listing that did
 * not reach the end says "at least", and one that failed before listing anything never reads like an empty DLQ.
 */
export function headline(result: ListResult, now: number): string {
  const oldest = result.oldestCreatedAt === undefined ? '' : `, oldest ${formatAge(now - result.oldestCreatedAt)}`
  if (result.error !== undefined && result.count === 0)
    return 'DLQ: unknown, the listing failed before any message was listed'
  const noun = result.count === 1 ? 'message' : 'messages'
  if (listingComplete(result)) return `DLQ: ${formatCount(result.count)} ${noun}${oldest}`
  const why = result.error !== undefined ? 'the listing failed part way' : 'the listing stopped early'
  return `DLQ: at least ${formatCount(result.count)} ${noun}${oldest.replace('oldest', 'oldest seen')} (${why})`
}

/** The verdict the summary leads with: "healthy" only when the listing reached the end and no threshold was passed. */
export function verdict(result: ListResult, now: number): string {
  const summary = headline(result, now)
  const complete = listingComplete(result)
  if (result.health.breaches.length > 0) {
    const reasons = result.health.breaches.map(b => describeBreach(b, complete)).join('; ')
    return `❌ **Threshold exceeded**: ${reasons}. ${summary}.`
  }
  const set = result.health.countAbove !== undefined || result.health.oldestOlderThanMs !== undefined
  if (result.error !== undefined) return `⚠️ **Unknown**: the listing failed part way. ${summary}.`
  if (!complete) {
    return set
      ? `⚠️ **Not judged**: the listing stopped before the end, so no threshold can be said to hold. ${summary}.`
      : `ℹ️ ${summary} (no health threshold set).`
  }
  return set ? `✅ **Healthy**: no threshold exceeded. ${summary}.` : `ℹ️ ${summary} (no health threshold set).`
}
