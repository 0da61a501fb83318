/**
 * The job summary of each operation, as GitHub-flavoured markdown. Pure: returns a string, writes nothing.
 * Every third-party value goes through escapeCell (tables) or escapeInline (paragraphs and lists).
 */
import type {
  CountRow,
  Histogram,
  ListFilters,
  ListResult,
  OperationResult,
  Order,
  ResumeResult,
  RunContext,
  ScheduleResult,
  WorkflowSelection
} from '../results.js'
import type { DlqMessage, WorkflowRun } from '../service/schemas.js'
import { isDateMs } from '../operations/health.js'
import { TALLY_CAPACITY } from '../operations/tally.js'
import { escapeCell, escapeInline, formatAge, formatCount, formatMs } from './escape.js'
import { lostAnswerText, verdict } from './health-text.js'

/** GitHub drops the whole summary above 1 MiB; stay under. */
export const SUMMARY_LIMIT_BYTES = 1_000_000
/** Rows per table unless told otherwise. */
export const DEFAULT_MAX_ROWS = 50
/** Rows of each breakdown (by URL, URL group, queue, schedule, status): the top values. */
const BREAKDOWN_ROWS = 20

export interface SummaryOptions {
  /** Rows per table (and values per listed filter) before `… and N more`. Default 50. */
  maxRows?: number
  /** "Now" for the age of the oldest and newest messages, in ms. Default Date.now(). */
  now?: number
}

/** What one rendering pass works with. */
interface RenderSettings {
  maxRows: number
  now: number
  /** Set when renderSummary had to cut the tables below what was asked, to fit the size limit. */
  shortenedFrom?: number
}

const TRUNCATED_NOTE =
  '\n\n> **Note:** this summary was cut short to stay under the 1 MiB limit of GitHub job summaries; ' +
  'the action outputs and log hold the rest.\n'

const RESUME_NOTE =
  '> **What a resume does:** each resumed run is a **new** run. Steps that completed in the original run keep ' +
  'their results; only failed or pending steps run again. Workflow code may change **after** the failed step, ' +
  'but a change **before** it is unsupported and may make the resume fail.'

/**
 * Renders the summary of any operation, kept under SUMMARY_LIMIT_BYTES (UTF-8): while too big, tables are
 * re-rendered with half the rows; if even no rows would fit, the text is cut at a line and a note added.
 */
export function renderSummary(result: OperationResult, ctx: RunContext, options?: SummaryOptions): string {
  const requested = normaliseRows(options?.maxRows)
  const now = normaliseNow(options?.now)
  // More rows than the longest list never change the output: start from there, so halving has work to do.
  const useful = Math.min(requested, longestList(result))
  let rows = useful
  for (;;) {
    const out = dispatch(result, ctx, { maxRows: rows, now, shortenedFrom: rows < useful ? useful : undefined })
    if (byteLength(out) <= SUMMARY_LIMIT_BYTES) return out
    if (rows === 0) return truncateToLimit(out)
    rows = Math.floor(rows / 2)
  }
}

/** The summary of list-dlq (one pass, no size limit applied). */
export function renderListSummary(result: ListResult, ctx: RunContext, options?: SummaryOptions): string {
  return listSummary(result, ctx, settingsOf(options))
}

/** The summary of resume-schedule (one pass, no size limit applied). */
export function renderScheduleSummary(result: ScheduleResult, ctx: RunContext, options?: SummaryOptions): string {
  return scheduleSummary(result, ctx, settingsOf(options))
}

/** The summary of resume-workflows (one pass, no size limit applied). */
export function renderResumeSummary(result: ResumeResult, ctx: RunContext, options?: SummaryOptions): string {
  return resumeSummary(result, ctx, settingsOf(options))
}

function settingsOf(options: SummaryOptions | undefined): RenderSettings {
  return { maxRows: normaliseRows(options?.maxRows), now: normaliseNow(options?.now) }
}

function normaliseRows(maxRows: number | undefined): number {
  if (maxRows === undefined || Number.isNaN(maxRows) || maxRows < 0) return DEFAULT_MAX_ROWS
  return maxRows === Number.POSITIVE_INFINITY ? Number.MAX_SAFE_INTEGER : Math.floor(maxRows)
}

function normaliseNow(now: number | undefined): number {
  return now !== undefined && Number.isFinite(now) ? now : Date.now()
}

function dispatch(result: OperationResult, ctx: RunContext, settings: RenderSettings): string {
  switch (result.operation) {
    case 'list-dlq':
      return listSummary(result, ctx, settings)
    case 'resume-schedule':
      return scheduleSummary(result, ctx, settings)
    case 'resume-workflows':
      return resumeSummary(result, ctx, settings)
    default: {
      const unknown: { operation?: unknown } = result
      return `## DLQ action\n\nNo summary for operation ${escapeInline(String(unknown.operation))}.\n`
    }
  }
}

/** Length of the longest list the summary shows: rows beyond it change nothing. */
function longestList(result: OperationResult): number {
  const lengths: number[] = [0]
  switch (result.operation) {
    case 'list-dlq':
      lengths.push(
        result.byUrl.length,
        result.byStatus.length,
        result.byTopic.length,
        result.byQueue.length,
        result.bySchedule.length,
        result.oldest.length + result.newest.length
      )
      for (const value of Object.values(result.filters) as unknown[]) {
        if (Array.isArray(value)) lengths.push(value.length)
      }
      break
    case 'resume-schedule':
      lengths.push(result.outcomes.length)
      break
    case 'resume-workflows':
      lengths.push(result.runs.length, result.selection.dlqIds?.length ?? 0)
      break
  }
  return Math.max(...lengths)
}

function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8')
}

// ---------------------------------------------------------------------------------------------------------------
// Building blocks

/** Heading, link to the run, and the shortening note. */
function header(title: string, ctx: RunContext, settings: RenderSettings): string[] {
  const lines = [`## ${title}`, '']
  const link = runLink(ctx.runUrl)
  if (link) lines.push(link, '')
  if (settings.shortenedFrom !== undefined) {
    lines.push(
      `> **Note:** tables show at most ${formatCount(settings.maxRows)} rows (instead of ` +
        `${formatCount(settings.shortenedFrom)}) to keep this summary under the 1 MiB limit of GitHub job summaries.`,
      ''
    )
  }
  return lines
}

/**
 * `[workflow run](url)`. The run URL comes from GitHub's own environment, but it is still made a safe link
 * destination: only http(s), and every character outside a plain URL set (spaces, parentheses, brackets, quotes,
 * `<>`, backslash, `$`, controls, non-ASCII) percent-encoded. Anything else is shown as escaped text.
 */
function runLink(runUrl: string | undefined): string | undefined {
  if (!runUrl) return undefined
  if (!/^https?:\/\/[^\s/]/i.test(runUrl)) return `Workflow run: ${escapeInline(runUrl)}`
  const destination = runUrl.replace(/[^A-Za-z0-9\-._~:/?#@!&*+,;=%]/gu, ch =>
    [...Buffer.from(ch, 'utf8')].map(b => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')
  )
  return `[workflow run](${destination})`
}

/** A value in a paragraph, set off as code; the content is escaped like any other. */
function code(value: string, maxLength?: number): string {
  return `<code>${escapeInline(value, maxLength)}</code>`
}

/**
 * A cursor to copy. A plain one (the usual base64-like token) is shown as a code span, unchanged; anything else
 * is escaped inside `<code>` so that it cannot break out.
 */
function cursorText(cursor: string): string {
  return /^[A-Za-z0-9+/=_.~-]{1,4096}$/.test(cursor) ? `\`${cursor}\`` : code(cursor, 4096)
}

/** Values of one filter, each escaped, at most maxRows of them. */
function valueList(values: readonly string[], maxRows: number): string {
  const shown = values.slice(0, maxRows).map(v => code(v, 200))
  const rest = values.length - shown.length
  if (rest <= 0) return shown.join(', ')
  if (shown.length === 0) return `${formatCount(rest)} values (not shown)`
  return `${shown.join(', ')}, … and ${formatCount(rest)} more`
}

/**
 * A table of at most maxRows rows, then `… and N more` after a blank line (a line right under a table would be
 * read as one more row). Cells must already be escaped.
 */
function table<T>(
  headings: readonly string[],
  alignRight: readonly boolean[],
  items: readonly T[],
  maxRows: number,
  toCells: (item: T) => string[]
): string[] {
  const lines: string[] = []
  const shown = items.slice(0, maxRows)
  if (shown.length > 0) {
    lines.push(`| ${headings.join(' | ')} |`)
    lines.push(`|${headings.map((_, i) => (alignRight[i] ? ' ---: ' : ' --- ')).join('|')}|`)
    for (const item of shown) lines.push(`| ${toCells(item).join(' | ')} |`)
    lines.push('')
  }
  const rest = items.length - shown.length
  if (rest > 0) lines.push(`… and ${formatCount(rest)} more`, '')
  return lines
}

/** A cell for an optional third-party value; an absent or empty one shows as a dash. */
function cellOrDash(value: string | number | undefined): string {
  return value === undefined || value === '' ? '—' : escapeCell(String(value))
}

function timeOrDash(ms: number | undefined): string {
  return ms === undefined ? '—' : formatMs(ms)
}

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`
}

function finish(lines: string[]): string {
  // Collapse runs of blank lines and end with exactly one newline.
  const out: string[] = []
  for (const line of lines) {
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue
    out.push(line)
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop()
  return `${out.join('\n')}\n`
}

// ---------------------------------------------------------------------------------------------------------------
// list-dlq

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

function listFilterLines(filters: ListFilters, maxRows: number): string[] {
  const lines: string[] = []
  for (const [key, label] of LIST_FILTER_LABELS) {
    const value = filters[key]
    if (value === undefined) continue
    if (Array.isArray(value)) {
      if (value.length === 0) continue
      lines.push(`  - ${label}: ${valueList(value.map(String), maxRows)}`)
    } else if (typeof value === 'number' && (key === 'fromDate' || key === 'toDate')) {
      lines.push(`  - ${label}: ${formatMs(value)}`)
    } else {
      lines.push(`  - ${label}: ${code(String(value))}`)
    }
  }
  return lines
}

function listSummary(result: ListResult, ctx: RunContext, settings: RenderSettings): string {
  const { maxRows, now } = settings
  const lines = header('DLQ listing', ctx, settings)
  lines.push(verdict(result, now), '')

  lines.push('### What was asked', '')
  const filterLines = listFilterLines(result.filters, maxRows)
  if (filterLines.length === 0) {
    lines.push('- Filters: none (every message in the DLQ)')
  } else {
    lines.push('- Filters (several values of one filter: any of them; different filters: all of them):', ...filterLines)
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
    if (filterLines.length === 0 && !result.startCursor) lines.push('**The DLQ is empty.**', '')
    else if (filterLines.length === 0) lines.push('**No DLQ message after the start cursor.**', '')
    else lines.push('**No DLQ message matches the filters.**', '')
  }

  const slices =
    result.concurrency > 1 && result.fallback === undefined
      ? `, date slices drained ${result.concurrency} at a time`
      : ''
  lines.push(
    `- Messages listed: **${formatCount(result.count)}** (${plural(result.pages, 'page', 'pages')} fetched${slices})`
  )
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

  if (result.nextCursor) {
    lines.push(
      `**⚠️ Listing stopped early; continue with cursor:** ${cursorText(result.nextCursor)} ` +
        '(re-run with input `cursor` set to it).',
      ''
    )
  }

  const breakdownRows = Math.min(maxRows, BREAKDOWN_ROWS)
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
        maxRows,
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
  return finish(lines)
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
  maxRows: number,
  total: number,
  undercount: number | undefined
): string[] {
  const shown = rows.slice(0, maxRows)
  const lines: string[] = []
  if (shown.length > 0) {
    lines.push(`| ${heading} | Messages |`, '| --- | ---: |')
    let counted = 0
    for (const row of shown) {
      counted += row.count
      lines.push(`| ${row.value === '' ? '(none)' : escapeCell(row.value)} | ${formatCount(row.count)} |`)
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
function oldestAndNewest(oldest: readonly DlqMessage[], newest: readonly DlqMessage[]): Array<[string, DlqMessage]> {
  const key = (m: DlqMessage): string => JSON.stringify([m.dlqId ?? '', m.messageId, m.createdAt ?? null])
  const seen = new Set<string>()
  const rows: Array<[string, DlqMessage]> = []
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

// ---------------------------------------------------------------------------------------------------------------
// resume-schedule

function scheduleSummary(result: ScheduleResult, ctx: RunContext, settings: RenderSettings): string {
  const lines = header('Schedule resume', ctx, settings)
  const total = result.outcomes.length
  const resumed = result.outcomes.filter(o => o.ok).length
  const failed = total - resumed

  lines.push('### What was asked', '')
  lines.push(
    total === 0
      ? '- Schedules to resume: none'
      : `- Schedules to resume: ${formatCount(total)} (listed in the table below)`,
    ''
  )

  lines.push('### Result', '')
  if (total === 0) {
    lines.push('No schedule was resumed.', '')
    return finish(lines)
  }
  lines.push(
    `**${formatCount(resumed)} resumed, ${formatCount(failed)} failed** (of ${plural(total, 'schedule', 'schedules')}).`,
    ''
  )
  if (failed > 0) lines.push(`**❌ ${plural(failed, 'schedule', 'schedules')} could not be resumed.**`, '')
  lines.push(
    ...table(['Schedule id', 'Result'], [false, false], result.outcomes, settings.maxRows, o => [
      cellOrDash(o.scheduleId),
      o.ok ? '✅ resumed' : `❌ failed: ${o.error ? escapeCell(o.error) : 'unknown error'}`
    ])
  )
  return finish(lines)
}

// ---------------------------------------------------------------------------------------------------------------
// resume-workflows

function selectionLines(selection: WorkflowSelection, maxRows: number): string[] {
  const lines: string[] = []
  if (selection.dlqIds && selection.dlqIds.length > 0) {
    lines.push(
      `  - DLQ ids (\`dlq-ids\`; when given, the service ignores the other selectors): ${valueList(selection.dlqIds, maxRows)}`
    )
  }
  if (selection.fromDate !== undefined)
    lines.push(`  - Failed at or after (\`from-date\`): ${formatMs(selection.fromDate)}`)
  if (selection.toDate !== undefined) lines.push(`  - Failed at or before (\`to-date\`): ${formatMs(selection.toDate)}`)
  if (selection.workflowUrl !== undefined) {
    lines.push(`  - Workflow URL (\`workflow-url\`): ${code(selection.workflowUrl)}`)
  }
  if (selection.workflowRunId !== undefined) {
    lines.push(`  - Workflow run id or id prefix (\`workflow-run-id\`): ${code(selection.workflowRunId)}`)
  }
  if (selection.workflowCreatedAt !== undefined) {
    lines.push(`  - Workflow created at (\`workflow-created-at\`): ${formatMs(selection.workflowCreatedAt)}`)
  }
  return lines
}

function resumeSummary(result: ResumeResult, ctx: RunContext, settings: RenderSettings): string {
  const { maxRows } = settings
  const lines = header('Workflow resume', ctx, settings)
  const runs = result.runs

  lines.push('### What was asked', '')
  const selectors = selectionLines(result.selection, maxRows)
  if (result.all) {
    lines.push('- Selection: **the whole DLQ was selected** (input `all`): every failed workflow run in it.')
    if (selectors.length > 0) lines.push('- Selectors also given:', ...selectors)
  } else if (selectors.length > 0) {
    lines.push('- Selection:', ...selectors)
  } else {
    lines.push('- Selection: none')
  }
  const overrides: string[] = []
  if (result.overrides.flowControlKey !== undefined) {
    overrides.push(`  - Flow control key (\`flow-control-key\`): ${code(result.overrides.flowControlKey)}`)
  }
  if (result.overrides.flowControlValue !== undefined) {
    overrides.push(`  - Flow control value (\`flow-control-value\`): ${code(result.overrides.flowControlValue)}`)
  }
  if (result.overrides.retries !== undefined) {
    overrides.push(`  - Retries (\`retries\`): ${code(String(result.overrides.retries))}`)
  }
  if (overrides.length > 0) lines.push('- Overrides:', ...overrides)
  else lines.push('- Overrides: none (each run keeps its original flow control and retries)')
  lines.push(
    result.startCursor ? `- Start cursor: ${cursorText(result.startCursor)}` : '- Start cursor: none (from the start)'
  )
  lines.push('')

  lines.push('### Result', '')
  const from = result.continueFrom
  const continueLine = from
    ? `To continue, re-run with input \`dlq-ids\` from ${code(from.dlqId)} on (id ${formatCount(from.position)} of ` +
      `${formatCount(result.selection.dlqIds?.length ?? from.position)}: ${plural(from.remaining, 'id', 'ids')}, ` +
      'some perhaps resumed already; resumed entries have left the DLQ, so none is resumed twice).'
    : result.nextCursor
      ? `To continue, re-run with input \`cursor\` set to: ${cursorText(result.nextCursor)}`
      : undefined
  if (result.error !== undefined) {
    lines.push(
      `**❌ The resume failed part way.** ${plural(runs.length, 'run was', 'runs were')} resumed before the failure` +
        (runs.length > 0 ? ' (they are listed in the table below).' : '.'),
      '',
      `**Error:** ${escapeInline(result.error)}`,
      ''
    )
    lines.push(
      continueLine ??
        'No cursor to continue from was returned: check the DLQ before re-running (resumed entries have left it).',
      ''
    )
  } else if (continueLine) {
    lines.push('**⚠️ The resume stopped before the end.**', '', continueLine, '')
  }

  const unnamed = result.itemProblems?.leftOut ?? 0
  lines.push(
    `**${plural(runs.length + unnamed, 'new run', 'new runs')}** created by ${plural(result.requests, 'request', 'requests')}` +
      (result.parts !== undefined
        ? ` (\`dlq-ids\` sent in ${formatCount(result.parts)} parts, so that each request URL stays under 6 KB).`
        : '.'),
    ''
  )
  if (runs.length + unnamed === 0 && result.error === undefined && result.uncertainRequests === 0) {
    lines.push('No failed workflow run matched the selection.', '')
  }
  if (result.uncertainRequests > 0) {
    lines.push(`**⚠️ Possibly resumed: ${lostAnswerText(result.uncertainRequests)}.**`, '')
  }
  if (result.itemProblems !== undefined) {
    const { kept, leftOut, examples } = result.itemProblems
    if (leftOut > 0) {
      lines.push(
        `**⚠️ ${plural(leftOut, 'run was', 'runs were')} resumed without a readable id**: counted above, but not in ` +
          'the table or the outputs.',
        ''
      )
    }
    if (kept > 0) {
      lines.push(
        `⚠️ ${plural(kept, 'run is', 'runs are')} listed without a creation time: the one sent could not be read.`,
        ''
      )
    }
    if (examples.length > 0) {
      lines.push(...examples.map(line => `- ${escapeInline(line)}`), '')
    }
  }
  lines.push(
    ...table<WorkflowRun>(['New run id', 'Created at'], [false, false], runs, maxRows, run => [
      cellOrDash(run.workflowRunId),
      timeOrDash(run.workflowCreatedAt)
    ])
  )
  lines.push(RESUME_NOTE, '')
  return finish(lines)
}

// ---------------------------------------------------------------------------------------------------------------
// Last resort: cut at a line

/** The longest prefix of s (whole code points) of at most maxBytes UTF-8 bytes. */
function cutUtf8(s: string, maxBytes: number): string {
  let used = 0
  let out = ''
  for (const ch of s) {
    const b = byteLength(ch)
    if (used + b > maxBytes) break
    used += b
    out += ch
  }
  return out
}

/**
 * Keeps whole lines while they fit, cuts the first line that does not (dropping a half escape or entity at the
 * cut), and ends with a note after a blank line (which also ends any table).
 */
function truncateToLimit(out: string): string {
  const budget = SUMMARY_LIMIT_BYTES - byteLength(TRUNCATED_NOTE) - byteLength('…')
  const kept: string[] = []
  let used = 0
  for (const line of out.split('\n')) {
    const size = byteLength(line) + 1
    if (used + size <= budget) {
      kept.push(line)
      used += size
      continue
    }
    let part = cutUtf8(line, Math.max(0, budget - used - 1))
    part = part.replace(/&[#A-Za-z0-9]*$/, '').replace(/<[^>]*$/, '')
    const trailing = /\\+$/.exec(part)
    if (trailing && trailing[0].length % 2 === 1) part = part.slice(0, -1)
    if (part !== '') kept.push(`${part}…`)
    break
  }
  return `${kept.join('\n').trimEnd()}${TRUNCATED_NOTE}`
}
