/**
 * How list-dlq is reported: the count and the first ids as outputs, the headline as a notice, a summary that leads
 * with the health verdict, and a failure for a listing that failed or a threshold exceeded.
 */
import { Outputs } from '../constants.js'
import type { CountRow, DestinationRow, ListResult, MessageExample, RunContext } from '../results.js'
import type { Order } from '../requests.js'
import { TALLY_CAPACITY } from '../constants.js'
import { fitSummary, shortenedNote, type RenderPass } from './budget.js'
import { chartLines } from './chart.js'
import { formatAge, formatCount, plural } from './format.js'
import { itemProblemsText } from './item-problems.js'
import { beforeTheEnd, failureText } from './failure-text.js'
import { describeBreach, filterLines, heading, judgement, listingComplete, listNotice } from './list-verdict.js'
import {
  cellOrDash,
  code,
  codeCell,
  collapsed,
  cursorText,
  issueLine,
  markdownText,
  runLine,
  shortTimeOrDash,
  summaryHead,
  tableHead,
  tableRow,
  type RowLimit
} from './markdown.js'
import type { OperationReport } from './operation-report.js'
import { githubBytes } from './boundary.js'

import { workflowRunLines } from './workflow-runs.js'
import { responseCell } from './response-sample.js'
import { budgetLeft, continueHint, cursorOutput, fitArrays, type OutputValues } from './step-outputs.js'

/** Rows of each breakdown (by URL, URL group, queue, schedule, status): the top values. */
const BREAKDOWN_ROWS = 20
/**
 * Characters of a value people copy (a URL, a message id) before it is cut: never fewer, since a cut value in a code
 * span copies as a plausible wrong one (pasted into the url filter, it lists nothing). Long enough for almost any URL;
 * a table holding a longer one scrolls sideways rather than hide the end of it.
 */
const COPYABLE_CELL_LENGTH = 200
/** A breakdown whose "(none)" row holds at least this share of the messages is collapsed. */
const MOSTLY_NONE = 0.9

export const listReport: OperationReport<ListResult> = {
  outputs,
  summary: (result, ctx, options) => fitSummary(pass => listSummary(result, ctx, pass), options),
  notice: listNotice,
  warnings: result => (result.itemProblems !== undefined ? [itemProblemsText(result.itemProblems)] : []),
  failure
}

function outputs(result: ListResult): OutputValues {
  // Nothing listed because of a failure: the count is unknown, not 0.
  const unknown = result.failure !== undefined && result.count === 0
  const scalars: OutputValues = {
    [Outputs.DlqCount]: unknown ? '' : String(result.count),
    [Outputs.Complete]: String(listingComplete(result)),
    [Outputs.MessageIdsTruncated]: 'false',
    [Outputs.DlqIdsTruncated]: 'false',
    [Outputs.OldestCreatedAt]: result.oldestCreatedAt === undefined ? '' : String(result.oldestCreatedAt),
    [Outputs.NextCursor]: cursorOutput(result.nextCursor),
    [Outputs.MessagesFile]: result.messagesFile ?? ''
  }
  const budget = budgetLeft(scalars, [Outputs.MessageIds, Outputs.DlqIds])
  // The two lists are not in step (an entry may have no dlqId): dlq-ids keep up to half the budget when both are long.
  const reserve = Math.min(Math.floor(budget / 2), githubBytes(JSON.stringify(result.dlqIds)))
  const fitted = fitArrays([[Outputs.MessageIds, result.messageIds]], budget - reserve)
  const dlq = fitArrays([[Outputs.DlqIds, result.dlqIds]], budget - githubBytes(fitted.json[0] ?? '[]'))
  return {
    ...scalars,
    [Outputs.MessageIds]: fitted.json[0],
    [Outputs.MessageIdsTruncated]: String(result.messageIdsTruncated || fitted.truncated),
    [Outputs.DlqIds]: dlq.json[0],
    [Outputs.DlqIdsTruncated]: String(result.dlqIdsTruncated || dlq.truncated)
  }
}

function failure(result: ListResult): string | undefined {
  const complete = listingComplete(result)
  const reasons = result.health.breaches.map(b => `DLQ health check failed: ${describeBreach(b, complete)}`)
  if (result.failure !== undefined) {
    const why = failureText('list-dlq', result.failure)
    const listed =
      result.count === 0
        ? 'nothing was listed, so the number of messages is unknown'
        : `at least ${plural(result.count, 'message', 'messages')}: listed ${beforeTheEnd(result.failure)}`
    reasons.unshift(`${why}${continueHint(result.nextCursor)} (${listed})`)
  }
  return reasons.length === 0 ? undefined : reasons.join('\n')
}

function orderText(order: Order): string {
  if (order === 'earliestFirst') return 'earliest first (`earliestFirst`)'
  if (order === 'latestFirst') return 'latest first (`latestFirst`)'
  return code(String(order))
}

function listSummary(result: ListResult, ctx: RunContext, pass: RenderPass): string {
  const { now } = pass
  const filters = filterLines(result.filters, pass)
  const lines = summaryHead(
    heading(result, filters.length > 0 || Boolean(result.startCursor)),
    judgement(result, now),
    issueLine(ctx.issue),
    shortenedNote(pass)
  )
  lines.push(...endingLines(result))
  lines.push(...failingLines(result, pass))
  lines.push(...breakdownLines(result, pass))
  lines.push(...chartLines(result, now))
  lines.push(...workflowRunLines(result, pass))
  lines.push(...extremesLines(result, pass))
  lines.push(...askedLines(result, ctx, filters))
  return markdownText(lines)
}

/** One block for how the listing ended when it did not reach the end: the error, and where to continue. */
function endingLines(result: ListResult): string[] {
  const lines: string[] = []
  if (result.failure !== undefined) {
    lines.push(`**Error:** ${code(failureText('list-dlq', result.failure))}`, '')
    if (result.count > 0) {
      lines.push(`Everything below is what was listed ${beforeTheEnd(result.failure)}: a lower bound.`, '')
    }
  } else if (result.nextCursor !== undefined) {
    const why =
      result.maxMessages !== undefined && result.count >= result.maxMessages
        ? `after ${plural(result.count, 'message', 'messages')}, as \`max-messages\` (${formatCount(result.maxMessages)}) asks`
        : `after ${plural(result.count, 'message', 'messages')}`
    lines.push(`**Stopped ${why}**: the DLQ may hold more. Everything below is a lower bound.`, '')
  }
  if (result.nextCursor) {
    lines.push(`To continue, re-run with input \`cursor\` set to ${cursorText(result.nextCursor)}`, '')
  }
  return lines
}

/**
 * The top destinations: count, dominant last response status, oldest age and what the last response said. Titled
 * "What is failing" only under a failing verdict; under any other, "Top destinations".
 */
function failingLines(result: ListResult, pass: RenderPass): string[] {
  const table = failingTable(result, pass.now, pass.maxRows)
  const failing = result.failure !== undefined || result.health.breaches.length > 0
  return table.length === 0 ? [] : [failing ? '### What is failing' : '### Top destinations', '', ...table]
}

/** The "what is failing" table (shared with the health issue): the top destinations, then every other one. */
export function failingTable(result: ListResult, now: number, maxRows: number): string[] {
  const rows = result.byDestination ?? []
  if (result.count === 0 || rows.length === 0) return []
  // The URL last: a long one scrolls sideways without pushing the response out of a 1,200-pixel window.
  const lines = tableHead(
    ['Messages', 'Last status', 'Oldest', 'Last response', 'Destination URL'],
    [true, false, true, false, false]
  )
  const shown = rows.slice(0, Math.max(0, maxRows))
  let counted = 0
  for (const row of shown) {
    counted += row.count
    lines.push(
      tableRow([
        formatCount(row.count),
        statusCell(row),
        row.oldestCreatedAt === undefined ? '—' : formatAge(now - row.oldestCreatedAt),
        responseCell(row),
        row.url === '(none)' ? '(none)' : codeCell(row.url, COPYABLE_CELL_LENGTH)
      ])
    )
  }
  const rest = result.count - counted
  const others = result.byUrl.length - shown.length
  if (rest > 0) {
    const which =
      others > 0
        ? `${formatCount(others)}${result.undercount?.byUrl !== undefined ? '+' : ''} other destinations`
        : 'other destinations'
    lines.push(`| ${formatCount(rest)} | | | | *${which}* |`)
  }
  lines.push('')
  if (result.undercount?.byUrl !== undefined) lines.push(...approximateNote(result.undercount.byUrl))
  return lines
}

/** The dominant status, with its share of the destination's messages when others are mixed in. */
function statusCell(row: DestinationRow): string {
  const status = row.status === undefined ? 'none' : String(row.status)
  if (!row.otherStatuses) return status
  const share = Math.round((100 * (row.count - row.otherStatuses)) / Math.max(1, row.count))
  return `${status} (${Math.min(99, Math.max(1, share))}%)`
}

/** The breakdowns; those nearly all "(none)", and the full one by URL, collapsed. */
function breakdownLines(result: ListResult, pass: RenderPass): string[] {
  if (result.count === 0) return []
  const lines: string[] = []
  const limit: RowLimit = { maxRows: Math.min(pass.maxRows, BREAKDOWN_ROWS), seen: pass.seen }
  for (const [key, title, head] of [
    ['byStatus', 'last response status', 'Last response status'],
    ['byTopic', 'URL group', 'URL group'],
    ['byQueue', 'queue', 'Queue'],
    ['bySchedule', 'schedule', 'Schedule id'],
    ['byUrl', 'destination URL (all)', 'Destination URL']
  ] as const) {
    const rows = result[key]
    if (rows.length === 0) continue
    // A breakdown where every message has no value says nothing.
    if (key !== 'byStatus' && rows.length === 1 && rows[0]?.value === '(none)') continue
    const body = countTable(head, rows, limit, result.count, result.undercount?.[key])
    const none = rows.find(r => r.value === '(none)')?.count ?? 0
    const quiet = key === 'byUrl' || none >= MOSTLY_NONE * result.count
    if (quiet) {
      const note = none > 0 ? ` (${formatCount(none)} of ${formatCount(result.count)} have none)` : ''
      lines.push(...collapsed(`Messages by ${title}${note}`, body))
    } else lines.push(`#### Messages by ${title}`, '', ...body)
  }
  if (result.badCreatedAt !== undefined) {
    lines.push(
      `- ${plural(result.badCreatedAt.count, 'message has', 'messages have')} a \`createdAt\` no date can hold ` +
        `(first: ${code(result.badCreatedAt.messageId, 200)}): left out of dates, ages and the chart.`,
      ''
    )
  }
  return lines
}

/** The oldest and newest messages: age first, short times, each group named once. */
function extremesLines(result: ListResult, pass: RenderPass): string[] {
  const rows = oldestAndNewest(result.oldest, result.newest)
  if (rows.length === 0) return []
  const lines = [`#### Oldest and newest messages${listingComplete(result) ? '' : ' listed'}`, '']
  lines.push(
    ...tableHead(
      // The URL last: a long one scrolls sideways without hiding the columns that answer "how old".
      ['', 'Age', 'Created (UTC)', 'Status', 'Message id', 'Destination URL'],
      [false, true, false, false, false, false]
    )
  )
  let last = ''
  for (const [which, m] of rows.slice(0, Math.max(0, pass.maxRows))) {
    lines.push(
      tableRow([
        which === last ? '' : `**${which}**`,
        m.createdAt === undefined ? '—' : formatAge(pass.now - m.createdAt),
        shortTimeOrDash(m.createdAt, pass.now),
        m.responseStatus === undefined ? '—' : String(m.responseStatus),
        cellOrDash(m.messageId, COPYABLE_CELL_LENGTH),
        cellOrDash(m.url, COPYABLE_CELL_LENGTH)
      ])
    )
    last = which
  }
  lines.push('')
  return lines
}

/** The health thresholds as set, each named by its input (the summary's "What was asked", the closing comment). */
export function thresholdsText(result: ListResult): string {
  const { countAbove, oldestOlderThanMs } = result.health
  const parts = [
    countAbove === undefined ? undefined : `\`fail-if-count-above\`: ${formatCount(countAbove)}`,
    oldestOlderThanMs === undefined ? undefined : `\`fail-if-oldest-older-than\`: ${formatAge(oldestOlderThanMs)}`
  ].filter(p => p !== undefined)
  return parts.length === 0 ? 'none' : parts.join(', ')
}

/** What was asked, complete: filters, order, bounds, thresholds, concurrency, cursor; then the run. */
function askedLines(result: ListResult, ctx: RunContext, filters: string[]): string[] {
  const lines = ['### What was asked', '']
  if (filters.length === 0) lines.push('- Filters: none (every message in the DLQ)')
  else lines.push('- Filters (several values of one filter: any of them; different filters: all of them):', ...filters)
  lines.push(`- Order: ${orderText(result.order)}`)
  lines.push(`- Health thresholds: ${thresholdsText(result)}`)
  lines.push(
    `- \`max-messages\`: ${result.maxMessages === undefined ? 'none (every message)' : formatCount(result.maxMessages)}`
  )
  const slices =
    result.fallback !== undefined
      ? ' (listed sequentially: the date slices could not be trusted)'
      : result.slices === 1
        ? ' (one date slice: the oldest and newest message the service named were too close to split, as when it ignores `order`)'
        : result.slices !== undefined
          ? ` (${formatCount(result.slices)} date slices)`
          : ''
  lines.push(`- \`concurrency\`: ${formatCount(result.concurrency)}${slices}`)
  lines.push(
    `- Page size: ${formatCount(result.pageSize)}` +
      (result.maxPages === undefined ? '' : `, \`max-pages\`: ${formatCount(result.maxPages)}`) +
      ` (${plural(result.pages, 'page', 'pages')} fetched)`
  )
  lines.push(
    result.startCursor ? `- Start cursor: ${cursorText(result.startCursor)}` : '- Start cursor: none (from the start)'
  )
  if (result.fallback !== undefined) lines.push(`- Why sequentially: ${code(result.fallback)}`)
  if (result.messagesFile !== undefined) {
    lines.push(
      `- Every listed message, one JSON object a line: ${code(result.messagesFile)} (output \`messages-file\`)`
    )
    const redacted = result.redactedHeaderValues ?? 0
    const note = 'redacted from messages-file; set `keep-credential-headers: true` to keep them.'
    if (redacted > 0)
      lines.push(`- ${plural(redacted, 'credential header value was', 'credential header values were')} ${note}`)
  }
  if (result.messageIdsTruncated) {
    lines.push(
      `- The \`message-ids\` output holds only the first ${plural(result.messageIds.length, 'id', 'ids')} of ` +
        `${formatCount(result.count)}.`
    )
  }
  lines.push(...runLine(ctx), '')
  return lines
}

function approximateNote(undercount: number): string[] {
  return [
    `> **Approximate:** more than ${formatCount(TALLY_CAPACITY)} distinct values were seen, so only the most ` +
      `frequent were kept; each count above may be up to ${formatCount(undercount)} below the true one.`,
    ''
  ]
}

/**
 * The top rows of a breakdown, then one row for the messages of every other value (the total less the rows shown),
 * and a note when the breakdown kept only its most frequent values (`undercount`: how far a count may be low).
 */
function countTable(
  heading: string,
  rows: readonly CountRow[],
  limit: RowLimit,
  total: number,
  undercount: number | undefined
): string[] {
  limit.seen?.(rows.length)
  const shown = rows.slice(0, limit.maxRows)
  const lines: string[] = []
  if (shown.length > 0) {
    lines.push(...tableHead([heading, 'Messages'], [false, true]))
    let counted = 0
    for (const row of shown) {
      counted += row.count
      const value = row.value === '' || row.value === '(none)' ? '(none)' : codeCell(row.value, COPYABLE_CELL_LENGTH)
      lines.push(tableRow([value, formatCount(row.count)]))
    }
    const more = rows.length - shown.length
    const rest = total - counted
    if (undercount !== undefined && rest > 0) lines.push(`| *… and every other value* | ${formatCount(rest)} |`)
    else if (more > 0 && rest > 0) lines.push(`| *… and ${formatCount(more)} more values* | ${formatCount(rest)} |`)
    lines.push('')
  }
  if (undercount !== undefined) lines.push(...approximateNote(undercount))
  return lines
}

/** The oldest then the newest messages, a message in both lists shown once. */
function oldestAndNewest(
  oldest: readonly MessageExample[],
  newest: readonly MessageExample[]
): Array<[string, MessageExample]> {
  const key = (m: MessageExample): string => JSON.stringify([m.dlqId ?? '', m.messageId, m.createdAt ?? null])
  const seen = new Set<string>()
  const rows: Array<[string, MessageExample]> = []
  for (const [which, list] of [
    ['Oldest', oldest],
    ['Newest', newest]
  ] as const) {
    for (const m of list) {
      const k = key(m)
      if (seen.has(k)) continue
      seen.add(k)
      rows.push([which, m])
    }
  }
  return rows
}
