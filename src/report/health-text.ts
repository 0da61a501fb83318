import type { Breach, ListResult } from '../operations/results.js'
import { formatAge, formatCount } from './escape.js'

/** A threshold exceeded, with both numbers and the input that set it. */
export function breachReason(breach: Breach): string {
  if (breach.kind === 'count') {
    return `${formatCount(breach.count)} messages, more than fail-if-count-above (${formatCount(breach.limit)})`
  }
  return `the oldest message is ${formatAge(breach.ageMs)} old, older than fail-if-oldest-older-than (${formatAge(breach.limitMs)})`
}

/** The headline of a listing, e.g. `DLQ: 1,234 messages, oldest 3h 5m`: a notice on the run page. */
export function headline(result: ListResult, now: number): string {
  const count = `${formatCount(result.count)} ${result.count === 1 ? 'message' : 'messages'}`
  const oldest = result.oldestCreatedAt === undefined ? '' : `, oldest ${formatAge(now - result.oldestCreatedAt)}`
  const partial = result.error !== undefined || result.nextCursor !== undefined ? ' (listing incomplete)' : ''
  return `DLQ: ${count}${oldest}${partial}`
}

/** The verdict the summary leads with. */
export function verdict(result: ListResult, now: number): string {
  const summary = headline(result, now)
  if (result.health.breaches.length > 0) {
    return `❌ **Threshold exceeded**: ${result.health.breaches.map(breachReason).join('; ')}. ${summary}.`
  }
  if (result.error !== undefined) return `⚠️ **Unknown**: the listing failed part way. ${summary}.`
  const set = result.health.countAbove !== undefined || result.health.oldestOlderThanMs !== undefined
  return set ? `✅ **Healthy**: no threshold exceeded. ${summary}.` : `ℹ️ ${summary} (no health threshold set).`
}

/** Said when resume requests were retried after an attempt the service may have carried out. */
export function lostAnswerText(requests: number): string {
  return (
    `${formatCount(requests)} resume ${requests === 1 ? 'request was' : 'requests were'} retried after an answer was lost: ` +
    `the service may have resumed up to ${formatCount(requests * 50)} more runs than listed here ` +
    '(they left the DLQ, so none was resumed twice).'
  )
}
