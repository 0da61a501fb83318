/** Where a failure becomes words: each kind's sentence, one table of what a status means, the unreadable items. */
import { ERRNO_MEANING } from '../constants.js'
import { failureStatus, type Failure, type FailureContext, type RequestFailure } from '../failure.js'
import type { ItemProblemSummary } from '../results.js'
import { cursorLabel } from '../service/pagination.js'
import { describeTransportError } from '../service/transport-errors.js'
import { MAX_LOCATION_SHOWN } from '../service/transport.js'
import { formatCount, plural } from '../format.js'
import { VERBS, type BulkOperation } from '../verbs.js'

/** What an HTTP status means: a few words inside the error's sentence, and a phrase for a heading. */
function statusWords(status: number): { meaning: string; phrase: string } {
  if (status === 401 || status === 403) {
    const phrase = 'the service refused the token'
    return { meaning: `${phrase} (check the token input and its permissions)`, phrase }
  }
  if (status === 404) return { meaning: 'not found', phrase: 'the service answered "not found"' }
  if (status === 412) return { meaning: 'quota exceeded', phrase: 'the service refused the request' }
  if (status === 429) return { meaning: 'rate limited', phrase: 'the service kept rate-limiting the requests' }
  if (status >= 500) return { meaning: 'service error', phrase: 'the service failed' }
  return { meaning: 'bad request', phrase: 'the service refused the request' }
}

/** The path of a request's URL (origin and path, or the path alone). */
const pathOf = (url: string): string => url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/'

/** Why a request failed, after `${label} failed`: `: HTTP 404 not found from GET /v2/dlq: …`, ` after 3 attempts: …`. */
export function requestReason({ method, path, url, attempts, cause }: RequestFailure): string {
  const endpoint = `${method} ${path}`
  const tries = attempts > 1 ? ` after ${attempts} attempts` : ''
  switch (cause.kind) {
    case 'status':
      // The path called, base-url's prefix included: a 404 from `/api/v2/dlq` shows a prefix the service lacks.
      return `${tries}: HTTP ${cause.status} ${statusWords(cause.status).meaning} from ${method} ${pathOf(url)}: ${cause.serverText}`
    case 'transport':
      return `${tries}: ${describeTransportError(cause.code, cause.timeoutMs)} (${method} ${url})`
    case 'unreadable':
      return `: ${endpoint} answered ${cause.status} with ${cause.reason}`
    case 'not-json':
      return `: ${endpoint} answered ${cause.status} with a body that is not JSON: ${cause.serverText}`
    case 'malformed':
      return `: malformed response from ${endpoint}: ${cause.field}: ${cause.problem}`
    case 'redirect': {
      const { location } = cause
      const target =
        location === undefined
          ? 'without a Location header'
          : location.length > MAX_LOCATION_SHOWN
            ? `to "${location.slice(0, MAX_LOCATION_SHOWN)}…" (${location.length} characters)`
            : `to "${location}"`
      return (
        `: HTTP ${cause.status} redirect ${target} was not followed (the token is only sent to base-url); ` +
        'set base-url to the address the service answers at'
      )
    }
  }
}

/** The file failure's own words: `messages-file /path could not be written: ENOSPC (no space left on device)`. */
export function fileText(failure: { input: string; path: string; code: string }): string {
  const meaning = ERRNO_MEANING[failure.code]
  return `${failure.input} ${failure.path} could not be written: ${failure.code}${meaning ? ` (${meaning})` : ''}`
}

/** The one-line sentence of a failure, `label` naming the operation (`list-dlq`), with where it happened. */
export function failureText(label: string, failure: Failure & FailureContext): string {
  const { messageId: id, parallel } = failure
  const where = id ? ` (listing message id ${id.index} of ${id.of}; re-run to list them all)` : ''
  const cursor = parallel ? ' (a parallel listing has no single cursor to continue from: re-run the listing)' : ''
  return `${sentence(label, failure)}${where}${cursor}`
}

/** The verb a bulk write's failure says (`resume`, `resumed`): its label is the operation; a watch's is a resume's. */
function verbOf(label: string) {
  return (Object.hasOwn(VERBS, label) ? VERBS[label as BulkOperation] : VERBS['resume-workflows']).words
}

/** A stop by the page budget, said one way by every drain and the verdict: with `advice`, what to raise. */
const budgetStop = (spent: string, input: string, advice?: string): string =>
  `stopped after ${spent} (${input})` + (advice === undefined ? '' : `; raise ${input}${advice}`)

/** The sentence of each kind; a file that could not be written ends a listing there, the failure after it named. */
function sentence(label: string, failure: Failure): string {
  switch (failure.kind) {
    case 'request':
      return `${label} failed${requestReason(failure.request)}`
    case 'max-pages': {
      const next = failure.cursor === undefined ? '' : ` or continue with cursor ${cursorLabel(failure.cursor)}`
      return budgetStop(plural(failure.pages, 'page', 'pages'), failure.input, next)
    }
    case 'repeated-cursor':
      return (
        `the service returned ${failure.same ? 'the cursor it was sent' : 'a cursor it had already been sent'} ` +
        `(${cursorLabel(failure.cursor)}) and would never finish; stopped after ${plural(failure.pages, 'page', 'pages')}`
      )
    case 'long-cursor':
      return (
        `the service returned a cursor of ${failure.length} characters, longer than the ${failure.limit} this ` +
        `action sends back; stopped after ${plural(failure.pages, 'page', 'pages')}`
      )
    case 'long-request': {
      const { method, path, bytes, limit, cursorLength } = failure
      const why =
        cursorLength === undefined
          ? `the next request (${method} ${path}) would be`
          : `the service returned a cursor of ${formatCount(cursorLength)} characters: sent back with these ` +
            `filters, the next request (${method} ${path}) would be`
      return (
        `${why} ${formatCount(bytes)} bytes, over the ${formatCount(limit)} servers and proxies accept, so it was ` +
        'not sent and no cursor is given to continue; narrow the filters (fewer or shorter values, or a date ' +
        'window with from-date and to-date) so that the cursor fits'
      )
    }
    case 'request-budget':
      return budgetStop(
        plural(failure.requests, 'request', 'requests'),
        failure.input,
        ` to ${verbOf(label).base} more`
      )
    case 'cancelled':
      return `the step was cancelled (${failure.signal})`
    case 'ids-gone':
      if (failure.byListing === true) {
        return (
          `none of the ${formatCount(failure.ids)} dlq-ids is in the DLQ any more (listed to its end before any ` +
          `write): ${verbOf(label).past} or removed since the plan was made; nothing was written`
        )
      }
      return (
        `none of the ${formatCount(failure.ids)} dlq-ids is in the DLQ (HTTP 404 for every request): they were ` +
        `${verbOf(label).past} or removed since they were listed, base-url points at another service, or this ` +
        `service does not offer ${label} (a dry run with the same ids lists those still in the DLQ)`
      )
    case 'file':
      return `${fileText(failure)}; listing stopped there${failure.then ? ` (then: ${sentence(label, failure.then)})` : ''}`
    case 'no-run-log':
      return (
        `${failure.input} cannot be judged: this service keeps no run log (GET /v2/workflows/logs and ` +
        `GET /v2/workflows/events answered 404), so no run can be known completed; nothing was ${verbOf(label).past}. Remove ` +
        `${failure.input} to watch by the DLQ alone (docs/staged-resume.md)`
      )
    case 'verb-missing':
      return (
        `this service does not offer ${failure.operation}: ${failure.path} answered HTTP ${failure.status} to ` +
        (failure.listedIds === undefined
          ? 'a request by filters, which a service that has it answers with what it did (even nothing)'
          : `each of the first ${formatCount(failure.listedIds)} entries listed from its DLQ moments before, by ` +
            'their DLQ ids, which a service that has it takes') +
        '; nothing was taken. Check base-url, or use an operation this service offers'
      )
    case 'count-mismatch':
      return (
        `expect-count is ${formatCount(failure.expected)} but the selection holds ` +
        `${failure.complete ? '' : 'at least '}${formatCount(failure.found)} ${failure.found === 1 ? 'entry' : 'entries'}; ` +
        'nothing was written. Review the selection (dry-run: true shows it), then set expect-count to the number ' +
        'you mean to act on'
      )
    case 'cap-exceeded':
      return (
        `the selection holds more than ${formatCount(failure.cap)} entries (${failure.input}): at least ` +
        `${formatCount(failure.found)} were listed; nothing was written. Narrow the selection (dry-run: true shows ` +
        `it), or raise ${failure.input} once the entries are reviewed`
      )
    case 'error':
      return failure.message
  }
}

/** What came before the end of an operation that stopped part way: a cancel is not a failure of the service. */
export function beforeTheEnd(failure: Failure | undefined): string {
  return failure?.kind === 'cancelled' ? 'before the cancel' : 'before the failure'
}

/** What ended an operation, in a few words for a heading. */
export function failurePhrase(failure: Failure | undefined, maxPages?: number): string {
  switch (failure?.kind) {
    case 'cancelled':
      return `the step was cancelled (${failure.signal})`
    case 'file':
      return `${failure.input} could not be written`
    case 'ids-gone':
      return 'none of the dlq-ids is in the DLQ'
    case 'max-pages':
      return budgetStop(maxPages === undefined ? 'max-pages pages' : plural(maxPages, 'page', 'pages'), 'max-pages')
    case 'repeated-cursor':
      return 'the service sent a cursor it had sent before'
    case 'long-cursor':
      return 'the service sent a cursor too long to use'
    case 'long-request':
      return 'the service sent a cursor too long to send back with these filters'
    case 'no-run-log':
      return `the service keeps no run log to judge ${failure.input} by`
    case 'verb-missing':
      return `the service does not offer ${failure.operation}`
    case 'count-mismatch':
      return `the selection is not the ${formatCount(failure.expected)} entries expected`
    case 'cap-exceeded':
      return `the selection holds more than ${failure.input} (${formatCount(failure.cap)}) allows`
  }
  if (failure?.kind === 'request') {
    // A 2xx that could not be read was carried out, and a redirect was an answer: neither is a refusal.
    const { cause } = failure.request
    if (cause.kind === 'unreadable') return `an answer that could not be read (HTTP ${cause.status})`
    if (cause.kind === 'redirect') return `a redirect that was not followed (HTTP ${cause.status})`
  }
  const status = failureStatus(failure)
  if (status === undefined) return 'the request got no usable answer'
  return `${statusWords(status).phrase} (HTTP ${status})`
}

/** One warning for the page items that could not be used as the service sent them, naming the first few. */
export function itemProblemsText({ kept, leftOut, examples }: ItemProblemSummary): string {
  const parts = [
    leftOut > 0 ? `${plural(leftOut, 'item was', 'items were')} left out (no usable id)` : undefined,
    kept > 0 ? `${formatCount(kept)} kept without a field that could not be read` : undefined
  ].filter(part => part !== undefined)
  return `The service sent items that could not be read as they stand: ${parts.join('; ')}. ${examples.join('; ')}.`
}
