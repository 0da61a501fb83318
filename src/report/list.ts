/**
 * How list-dlq is reported: the count and the first ids as outputs, the headline as a notice, a summary that leads
 * with the health verdict, and a failure for a listing that failed or a threshold exceeded.
 */
import { Outputs } from '../constants.js'
import { isDateMs } from '../service/schemas.js'
import type { CountRow, Histogram, ListFilters, ListResult, MessageExample, Order, RunContext } from '../results.js'
import { TALLY_CAPACITY } from '../constants.js'
import { fitSummary, shortenedNote, type RenderPass } from './budget.js'
import { escapeCell, escapeInline } from './escape.js'
import { formatAge, formatCount, formatMs, plural } from './format.js'
import { itemProblemsText } from './item-problems.js'
import { describeBreach, headline, listingComplete, verdict } from './list-verdict.js'
import {
  cellOrDash,
  code,
  cursorText,
  markdownText,
  summaryHead,
  table,
  tableHead,
  tableRow,
  timeOrDash,
  valueList,
  type RowLimit
} from './markdown.js'
import type { OperationReport } from './operation-report.js'
import { budgetLeft, continueHint, cursorOutput, fitArrays, type OutputValues } from './step-outputs.js'

/** Rows of each breakdown (by URL, URL group, queue, schedule, status): the top values. */
const BREAKDOWN_ROWS = 20

export const listReport: OperationReport<ListResult> = {
  outputs,
  summary: (result, ctx, options) => fitSummary(pass => listSummary(result, ctx, pass), options),
  notice: headline,
  warnings: result => (result.itemProblems !== undefined ? [itemProblemsText(result.itemProblems)] : []),
  failure
}

function outputs(result: ListResult): OutputValues {
  const scalars: OutputValues = {
    [Outputs.DlqCount]: String(result.count),
    [Outputs.MessageIdsTruncated]: 'false',
    [Outputs.OldestCreatedAt]: result.oldestCreatedAt === undefined ? '' : String(result.oldestCreatedAt),
    [Outputs.NextCursor]: cursorOutput(result.nextCursor),
    [Outputs.MessagesFile]: result.messagesFile ?? ''
  }
  const fitted = fitArrays([[Outputs.MessageIds, result.messageIds]], budgetLeft(scalars, [Outputs.MessageIds]))
  return {
    ...scalars,
    [Outputs.MessageIds]: fitted.json[0],
    [Outputs.MessageIdsTruncated]: String(result.messageIdsTruncated || fitted.truncated)
  }
}

function failure(result: ListResult): string | undefined {
  const complete = listingComplete(result)
  const reasons = result.health.breaches.map(b => `DLQ health check failed: ${describeBreach(b, complete)}`)
  if (result.error !== undefined) {
    reasons.unshift(
      `${result.error}${continueHint(result.nextCursor)} (${result.count} messages were listed before the failure)`
    )
  }
  return reasons.length === 0 ? undefined : reasons.join('\n')
}

const LIST_FILTER_LABELS: ReadonlyArray<[keyof ListFilters, string]> = [
  ['messageId', 'Message id (`message-id`)'],
  ['url', 'Destination URL (`url`)'],
  ['topicName', 'URL group (`topic-name`)'],
  ['scheduleId', 'Schedule id (`schedule-id`)'],
  ['queueName', 'Queue (`queue-name`)'],
  ['api', 'API name (`api`)'],
  ['fromDate', 'Created at or after (`from-date`)'],
  ['toDate', 'Created at or before (`to-date`)'],
  ['responseStatus', 'Last response status (`response-status`)'],
  ['callerIp', 'Publisher IP (`caller-ip`)']
]

function orderText(order: Order): string {
  if (order === 'earliestFirst') return 'earliest first (`earliestFirst`)'
  if (order === 'latestFirst') return 'latest first (`latestFirst`)'
  return code(String(order))
}

function filterLines(filters: ListFilters, limit: RowLimit): string[] {
  const lines: string[] = []
  for (const [key, label] of LIST_FILTER_LABELS) {
    const value = filters[key]
    if (value === undefined) continue
    if (Array.isArray(value)) {
      if (value.length === 0) continue
      lines.push(`  - ${label}: ${valueList(value.map(String), limit)}`)
    } else if (typeof value === 'number' && (key === 'fromDate' || key === 'toDate')) {
      lines.push(`  - ${label}: ${formatMs(value)}`)
    } else {
      lines.push(`  - ${label}: ${code(String(value))}`)
    }
  }
  return lines
}

function listSummary(result: ListResult, ctx: RunContext, pass: RenderPass): string {
  const { now } = pass
  const lines = summaryHead('DLQ listing', ctx, shortenedNote(pass))
  lines.push(verdict(result, now), '')

  lines.push('### What was asked', '')
  const filters = filterLines(result.filters, pass)
  if (filters.length === 0) {
    lines.push('- Filters: none (every message in the DLQ)')
  } else {
    lines.push('- Filters (several values of one filter: any of them; different filters: all of them):', ...filters)
  }
  lines.push(`- Order: ${orderText(result.order)}`)
  lines.push(`- Page size: ${formatCount(result.pageSize)}`)
  lines.push(
    result.startCursor ? `- Start cursor: ${cursorText(result.startCursor)}` : '- Start cursor: none (from the start)'
  )
  lines.push('')

  lines.push('### Result', '')
  if (result.error !== undefined) {
    lines.push(
      `**❌ Listing failed part way:** ${escapeInline(result.error)}`,
      '',
      result.count > 0
        ? 'What was listed before the failure is shown below.'
        : 'No message was listed before the failure.',
      ''
    )
  }
  if (result.count === 0 && result.error === undefined) {
    if (filters.length === 0 && !result.startCursor) lines.push('**The DLQ is empty.**', '')
    else if (filters.length === 0) lines.push('**No DLQ message after the start cursor.**', '')
    else lines.push('**No DLQ message matches the filters.**', '')
  }
  lines.push(...countLines(result, now))

  if (result.nextCursor) {
    lines.push(
      `**⚠️ Listing stopped early; continue with cursor:** ${cursorText(result.nextCursor)} ` +
        '(re-run with input `cursor` set to it).',
      ''
    )
  }

  const breakdownRows: RowLimit = { maxRows: Math.min(pass.maxRows, BREAKDOWN_ROWS), seen: pass.seen }
  for (const [key, title, heading, always] of [
    ['byUrl', 'destination URL', 'Destination URL', true],
    ['byStatus', 'last response status', 'Last response status', true],
    ['byTopic', 'URL group', 'URL group', false],
    ['byQueue', 'queue', 'Queue', false],
    ['bySchedule', 'schedule', 'Schedule id', false]
  ] as const) {
    const rows = result[key]
    // A breakdown where every message has no value says nothing.
    if (rows.length === 0 || (!always && rows.length === 1 && rows[0]?.value === '(none)')) continue
    lines.push(`#### Messages by ${title}`, '')
    lines.push(...countTable(heading, rows, breakdownRows, result.count, result.undercount?.[key]))
  }
  if (result.badCreatedAt !== undefined) {
    lines.push(
      `- ${plural(result.badCreatedAt.count, 'message has', 'messages have')} a \`createdAt\` no date can hold ` +
        `(first: ${code(result.badCreatedAt.messageId, 200)}): left out of dates, ages and the chart.`,
      ''
    )
  }
  lines.push(...chart(result.histogram))

  const extremes = oldestAndNewest(result.oldest, result.newest)
  if (extremes.length > 0) {
    lines.push('#### Oldest and newest messages', '')
    lines.push(
      ...table(
        ['', 'Message id', 'Destination URL', 'Last response status', 'Created at'],
        [false, false, false, true, false],
        extremes,
        pass,
        ([which, m]) => [
          which,
          cellOrDash(m.messageId),
          cellOrDash(m.url),
          cellOrDash(m.responseStatus),
          timeOrDash(m.createdAt)
        ]
      )
    )
  }
  return markdownText(lines)
}

/** How many messages were listed, how, where they were written, and the ages of the oldest and newest. */
function countLines(result: ListResult, now: number): string[] {
  const slices =
    result.concurrency > 1 && result.fallback === undefined
      ? `, date slices drained ${result.concurrency} at a time`
      : ''
  const lines = [
    `- Messages listed: **${formatCount(result.count)}** (${plural(result.pages, 'page', 'pages')} fetched${slices})`
  ]
  if (result.fallback !== undefined) {
    lines.push(
      `- Listed as one sequential listing: the parallel date slices could not be trusted (${escapeInline(result.fallback)}).`
    )
  }
  if (result.messagesFile !== undefined) {
    lines.push(
      `- Every listed message, all fields, one JSON object a line: ${code(result.messagesFile)} (output \`messages-file\`)`
    )
  }
  if (result.oldestCreatedAt !== undefined) {
    lines.push(
      `- Oldest message created at: ${formatMs(result.oldestCreatedAt)} (age ${formatAge(now - result.oldestCreatedAt)})`
    )
  }
  if (result.newestCreatedAt !== undefined) {
    lines.push(
      `- Newest message created at: ${formatMs(result.newestCreatedAt)} (age ${formatAge(now - result.newestCreatedAt)})`
    )
  }
  if (result.messageIdsTruncated) {
    lines.push(
      `- The \`message-ids\` output holds only the first ${plural(result.messageIds.length, 'id', 'ids')} of ` +
        `${formatCount(result.count)}.`
    )
  }
  lines.push('')
  return lines
}

/**
 * A Mermaid `xychart-beta` of messages per bucket. Every label and number is made here from timestamps and
 * counts, never from third-party text, so nothing in it needs escaping.
 */
function chart(histogram: Histogram): string[] {
  const points = histogram.points.filter(p => isDateMs(p.start) && Number.isFinite(p.count))
  const per = histogram.bucket === 'hour' ? 'hour' : histogram.bucket === 'day' ? 'day' : 'week'
  const omitted = histogram.omitted
    ? [
        `${plural(histogram.omitted, 'message is', 'messages are')} left out of the chart: their creation times ` +
          'spread over more weeks than it holds.',
        ''
      ]
    : []
  if (points.length < 2) return omitted
  const label = (start: number): string => {
    const iso = new Date(start).toISOString()
    return histogram.bucket === 'hour' ? `${iso.slice(5, 10)} ${iso.slice(11, 13)}h` : iso.slice(0, 10)
  }
  let max = 1
  for (const p of points) if (p.count > max) max = p.count
  return [
    `#### Messages per ${per} (UTC)`,
    '',
    '```mermaid',
    'xychart-beta',
    `  title "DLQ messages per ${per}"`,
    `  x-axis [${points.map(p => `"${label(p.start)}"`).join(', ')}]`,
    `  y-axis "Messages" 0 --> ${max}`,
    `  bar [${points.map(p => p.count).join(', ')}]`,
    '```',
    '',
    ...omitted
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
      lines.push(tableRow([row.value === '' ? '(none)' : escapeCell(row.value), formatCount(row.count)]))
    }
    const more = rows.length - shown.length
    const rest = total - counted
    if (undercount !== undefined && rest > 0) lines.push(`| *… and every other value* | ${formatCount(rest)} |`)
    else if (more > 0 && rest > 0) lines.push(`| *… and ${formatCount(more)} more values* | ${formatCount(rest)} |`)
    lines.push('')
  }
  if (undercount !== undefined) {
    lines.push(
      `> **Approximate:** more than ${formatCount(TALLY_CAPACITY)} distinct values were seen, so only the most ` +
        `frequent were kept; each count above may be up to ${formatCount(undercount)} below the true one.`,
      ''
    )
  }
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
