/** How list-dlq is reported: outputs, the headline as a notice, a summary led by the verdict, and the failure. */
import { MAX_CURSOR_LENGTH, TALLY_CAPACITY } from '../constants.js'
import type { DestinationRow, ListResult, MessageExample, RunContext } from '../results.js'
import { fitSummary, shortenedNote, type OperationReport, type RenderPass } from './budget.js'
import { chartLines } from './chart.js'
import { durationText, formatAge, formatCount, formatShortTime, plural } from '../format.js'
import { dateFaultText } from './date-fault.js'
import { beforeTheEnd, failureText, itemProblemsText } from './failure-text.js'
import { causesTable } from './causes.js'
import { historyLine } from './history.js'
import {
  describeBreach,
  expiryLine,
  filterLines,
  heading,
  headline,
  judgement,
  listingComplete,
  thresholdsText,
  undatedLines
} from './list-verdict.js'
import {
  capped,
  cellOrDash,
  code,
  codeCell,
  collapsed,
  issueLine,
  markdownText,
  runLine,
  summaryHead,
  table,
  tableHead,
  tableRow,
  type RowLimit
} from './markdown.js'
import { RESPONSE_CELL_LENGTH, responseCell } from './response-sample.js'
import { continueHint } from './step-outputs.js'
import { idsWritten, type IdsWritten } from './list-outputs.js'
import type { OutputValues } from './step-outputs.js'

/** Rows of each breakdown (by URL, URL group, queue, schedule, status): the top values. */
const BREAKDOWN_ROWS = 20
/** Characters of a value people copy (a URL, a message id), never fewer: a cut one copies as a plausible wrong one. */
const COPYABLE_CELL_LENGTH = 200
/** A breakdown whose "(none)" row holds at least this share of the messages is collapsed. */
const MOSTLY_NONE = 0.9

type Breakdown = keyof NonNullable<ListResult['undercount']>

export const listReport: OperationReport<ListResult> = {
  outputs,
  summary: (result, ctx, options) => {
    const written = idsWritten(result)
    return fitSummary(pass => listSummary(result, ctx, pass, written), options)
  },
  // Nothing listed: the failure's error annotation already says it (one alert per fact).
  notice: (result, now) => (result.failure !== undefined && result.count === 0 ? undefined : headline(result, now)),
  warnings: result => [
    ...(result.itemProblems !== undefined ? [itemProblemsText(result.itemProblems)] : []),
    ...(result.clock?.by === 'runner' && result.clock.fault !== undefined
      ? [`ages were judged on the runner's clock: ${dateFaultText(result.clock.fault)}`]
      : [])
  ],
  failure
}

function outputs(result: ListResult): OutputValues {
  return idsWritten(result).values
}

function failure(result: ListResult): string | undefined {
  const reasons = result.health.breaches.map(b => `DLQ health check failed: ${describeBreach(b, result)}`)
  if (result.failure !== undefined) {
    const listed =
      result.count === 0
        ? 'nothing was listed, so the number of messages is unknown'
        : `at least ${plural(result.count, 'message', 'messages')}: listed ${beforeTheEnd(result.failure)}`
    reasons.unshift(`${failureText('list-dlq', result.failure)}${continueHint(result.nextCursor)} (${listed})`)
  }
  return reasons.length === 0 ? undefined : reasons.join('\n')
}

function listSummary(result: ListResult, ctx: RunContext, pass: RenderPass, written: IdsWritten): string {
  const filters = filterLines(result.filters, pass)
  return markdownText([
    ...summaryHead(
      heading(result, filters.length > 0 || Boolean(result.startCursor)),
      judgement(result, pass.now),
      issueLine(ctx.issue),
      shortenedNote(pass),
      expiryLine(result, pass.now),
      historyLine(result),
      ...undatedLines(result),
      ...endingLeads(result)
    ),
    ...failingLines(result, pass),
    ...causeLines(result, pass),
    ...breakdownLines(result, pass),
    ...chartLines(result, pass.now),
    ...workflowRunLines(result, pass),
    ...extremesLines(result, pass),
    ...askedLines(result, ctx, filters, written)
  ])
}

/** The leads that say how the listing ended when it did not reach the end: the error, and where to continue. */
function endingLeads(result: ListResult): Array<string | false | undefined> {
  const { failure: ended, nextCursor: next, maxMessages: max, count } = result
  const asked = max !== undefined && count >= max ? `, as \`max-messages\` (${formatCount(max)}) asks` : ''
  const stopped = `**Stopped after ${plural(count, 'message', 'messages')}${asked}**: the DLQ may hold more.`
  return [
    ended
      ? `**Error:** ${code(failureText('list-dlq', ended))}`
      : next !== undefined && `${stopped} Everything below is a lower bound.`,
    ended && count > 0 && `Everything below is what was listed ${beforeTheEnd(ended)}: a lower bound.`,
    next && `To continue, re-run with input \`cursor\` set to ${code(next, MAX_CURSOR_LENGTH)}`
  ]
}

/** The top destinations, titled "What is failing" only under a failing verdict. */
function failingLines(result: ListResult, pass: RenderPass): string[] {
  const table = failingTable(result, pass.now, pass.maxRows)
  const failing = result.failure !== undefined || result.health.breaches.length > 0
  return table.length === 0 ? [] : [failing ? '### What is failing' : '### Top destinations', '', ...table]
}

/** The "what is failing" table (shared with the health issue): the top destinations, then every other one. */
export function failingTable(result: ListResult, now: number, maxRows: number): string[] {
  const rows = result.byDestination ?? []
  if (result.count === 0 || rows.length === 0) return []
  const shown = rows.slice(0, maxRows)
  const rest = result.count - shown.reduce((n, row) => n + row.count, 0)
  const others = result.byUrl.length - shown.length
  const undercount = result.undercount?.byUrl
  const which = `${others > 0 ? `${formatCount(others)}${undercount !== undefined ? '+' : ''} ` : ''}other destinations`
  return [
    // The URL last: a long one scrolls sideways without pushing the response out of a 1,200-pixel window.
    ...tableHead(['Messages', 'Last status', 'Oldest', 'Last response', 'Destination URL'], [true, false, true]),
    ...shown.map(row =>
      tableRow([
        formatCount(row.count),
        statusCell(row),
        row.oldestCreatedAt === undefined ? '—' : formatAge(now - row.oldestCreatedAt),
        responseCell(row),
        row.url === '(none)' ? '(none)' : codeCell(row.url, COPYABLE_CELL_LENGTH)
      ])
    ),
    ...(rest > 0 ? [`| ${formatCount(rest)} | | | | *${which}* |`] : []),
    '',
    ...(undercount === undefined ? [] : approximateNote(undercount))
  ]
}

/** "Why they failed": the leading causes, and how to select one cause's messages from messages-file. */
function causeLines(result: ListResult, pass: RenderPass): string[] {
  const table = causesTable(result, pass.now, pass.maxRows)
  if (table.length === 0) return []
  const select =
    result.messagesFile === undefined
      ? "Set `messages-file` to have every message with its cause (`causeKey`), to select one cause's messages."
      : 'Each line of `messages-file` carries its cause as `causeKey`: `jq -r \'select(.causeKey == "KEY") | .dlqId\'` ' +
        "lists one cause's DLQ ids, for a reviewed resume (`dlq-ids-file`)."
  return ['### Why they failed', '', ...table, select, '']
}

/** The dominant status, with its share of the destination's messages when others are mixed in (said, not a bare %). */
function statusCell(row: DestinationRow): string {
  const status = row.status === undefined ? 'none' : String(row.status)
  if (!row.otherStatuses) return status
  const share = Math.round((100 * (row.count - row.otherStatuses)) / Math.max(1, row.count))
  return `${status} (${Math.min(99, Math.max(1, share))}% of its messages)`
}

/** The breakdowns; those nearly all "(none)", and the full one by URL, collapsed. */
function breakdownLines(result: ListResult, pass: RenderPass): string[] {
  if (result.count === 0) return []
  const lines: string[] = []
  for (const [key, title, head] of [
    ['byStatus', 'last response status', 'Last response status'],
    ['byTopic', 'URL group', 'URL group'],
    ['byQueue', 'queue', 'Queue'],
    ['bySchedule', 'schedule', 'Schedule id'],
    ['byUrl', 'destination URL (all)', 'Destination URL']
  ] as const) {
    const rows = result[key]
    // A breakdown where every message has no value says nothing.
    if (rows.length === 0 || (key !== 'byStatus' && rows.length === 1 && rows[0]?.value === '(none)')) continue
    const body = countTable(result, key, head, { maxRows: Math.min(pass.maxRows, BREAKDOWN_ROWS), seen: pass.seen })
    const none = rows.find(r => r.value === '(none)')?.count ?? 0
    if (key === 'byUrl' || none >= MOSTLY_NONE * result.count) {
      const note = none > 0 ? ` (${formatCount(none)} of ${formatCount(result.count)} have none)` : ''
      lines.push(...collapsed(`Messages by ${title}${note}`, body))
    } else lines.push(`#### Messages by ${title}`, '', ...body)
  }
  return lines
}

/** The failed workflow runs listed (source workflow): what a resume by their DLQ ids would resume. */
function workflowRunLines(result: ListResult, pass: RenderPass): string[] {
  const kept = result.workflowRuns
  if (kept === undefined || kept.length === 0) return []
  // The rows this pass shows; "and N more" counts every run listed, not only those kept for the table.
  const runs = capped(kept, pass)
  const more = result.count - runs.length
  const where =
    result.messagesFile === undefined
      ? 'set `messages-file` to keep every one (and `dlq-ids` holds their DLQ ids)'
      : '`messages-file` holds every one'
  return [
    '### Failed workflow runs',
    '',
    // The URL last: a long one scrolls sideways without hiding why the run failed.
    ...table(
      ['Run id', 'DLQ id', 'Failed (UTC)', 'Last response', 'Workflow URL'],
      [],
      runs,
      { maxRows: runs.length },
      run => [
        codeCell(run.workflowRunId),
        cellOrDash(run.dlqId),
        run.failedAt === undefined ? '—' : formatShortTime(run.failedAt, pass.now),
        (run.responseStatus === undefined ? '—' : String(run.responseStatus)) +
          (run.responseBody ? ` ${codeCell(run.responseBody, RESPONSE_CELL_LENGTH)}` : ''),
        cellOrDash(run.workflowUrl)
      ]
    ),
    ...(more > 0 ? [`… and ${formatCount(more)} more runs listed: ${where}.`, ''] : [])
  ]
}

/** The oldest then the newest messages (one in both lists shown once): age first, each group named once. */
function extremesLines(result: ListResult, pass: RenderPass): string[] {
  const key = (m: MessageExample): string => JSON.stringify([m.dlqId ?? '', m.messageId, m.createdAt ?? null])
  const all = [...result.oldest.map(m => ['Oldest', m] as const), ...result.newest.map(m => ['Newest', m] as const)]
  // A few of each (the accumulator keeps five), so a quadratic search for the first of each key costs nothing.
  const rows = all.filter(([, m], i) => all.findIndex(([, other]) => key(other) === key(m)) === i)
  if (rows.length === 0) return []
  const shown = rows.slice(0, pass.maxRows)
  return [
    `#### Oldest and newest messages${listingComplete(result) ? '' : ' listed'}`,
    '',
    // The URL last: a long one scrolls sideways without hiding the columns that answer "how old".
    ...tableHead(['', 'Age', 'Created (UTC)', 'Status', 'Message id', 'Destination URL'], [false, true]),
    ...shown.map(([which, m], i) =>
      tableRow([
        which === shown[i - 1]?.[0] ? '' : `**${which}**`,
        m.createdAt === undefined ? '—' : formatAge(pass.now - m.createdAt),
        m.createdAt === undefined ? '—' : formatShortTime(m.createdAt, pass.now),
        m.responseStatus === undefined ? '—' : String(m.responseStatus),
        cellOrDash(m.messageId, COPYABLE_CELL_LENGTH),
        cellOrDash(m.url, COPYABLE_CELL_LENGTH)
      ])
    ),
    ''
  ]
}

/** Which clock ages, windows and expiry were judged on, and why the runner's. */
function clockLine(clock: ListResult['clock']): string[] {
  if (clock === undefined) return []
  if (clock.by === 'service') {
    const skew = clock.runnerSkewMs
    const apart =
      skew === undefined ? '' : `, ${durationText(Math.abs(skew))} ${skew > 0 ? 'ahead of' : 'behind'} the runner's`
    return [`- Ages judged on: the service's clock (its Date header)${apart}`]
  }
  return [`- Ages judged on: the runner's clock, as ${dateFaultText(clock.fault)}`]
}

/** What was asked, complete: filters, order, bounds, thresholds, concurrency, cursor; then the run. */
function askedLines(result: ListResult, ctx: RunContext, filters: string[], written: IdsWritten): string[] {
  const { fallback, maxMessages, maxPages, messagesFile, startCursor } = result
  const redacted = result.redactedHeaderValues ?? 0
  const slices =
    fallback !== undefined
      ? ' (listed sequentially: the date slices could not be trusted)'
      : result.slices === 1
        ? ' (one date slice: the oldest and newest message the service named were too close to split, as when it ignores `order`)'
        : result.slices !== undefined
          ? ` (${formatCount(result.slices)} date slices)`
          : ''
  const pages = maxPages === undefined ? '' : `, \`max-pages\`: ${formatCount(maxPages)}`
  return [
    '### What was asked',
    '',
    ...(filters.length === 0
      ? ['- Filters: none (every message in the DLQ)']
      : ['- Filters (several values of one filter: any of them; different filters: all of them):', ...filters]),
    `- Order: ${result.order === 'earliestFirst' ? 'earliest first' : 'latest first'} (\`${result.order}\`)`,
    `- Health thresholds: ${thresholdsText(result)}`,
    ...clockLine(result.clock),
    `- \`max-messages\`: ${maxMessages === undefined ? 'none (every message)' : formatCount(maxMessages)}`,
    `- \`concurrency\`: ${formatCount(result.concurrency)}${slices}`,
    `- Page size: ${formatCount(result.pageSize)}${pages} (${plural(result.pages, 'page', 'pages')} fetched)`,
    `- Start cursor: ${startCursor ? code(startCursor, MAX_CURSOR_LENGTH) : 'none (from the start)'}`,
    fallback !== undefined && `- Why sequentially: ${code(fallback)}`,
    messagesFile !== undefined &&
      `- Every listed message, one JSON object a line: ${code(messagesFile)} (output \`messages-file\`)`,
    messagesFile !== undefined &&
      redacted > 0 &&
      `- ${plural(redacted, 'credential header value was', 'credential header values were')} redacted from ` +
        'messages-file; set `keep-credential-headers: true` to keep them.',
    ...idsWrittenLines(result, written),
    ...runLine(ctx),
    ''
  ].filter(line => line !== false)
}

/** What a cut ids output holds, as written: its first ids, of how many listed, and where every one is. */
function idsWrittenLines(result: ListResult, { messageIds, dlqIds }: IdsWritten): string[] {
  const every =
    result.messagesFile !== undefined ? '`messages-file` holds every one' : 'set `messages-file` for every one'
  const lines: string[] = []
  if (messageIds.truncated) {
    lines.push(
      `- The \`message-ids\` output holds only the first ${plural(messageIds.kept, 'id', 'ids')} of ` +
        `${formatCount(result.count)} messages listed (GitHub's 1 MB for a job's outputs, shared with \`dlq-ids\`); ${every}.`
    )
  }
  if (dlqIds.truncated) {
    lines.push(
      `- The \`dlq-ids\` output holds only the first ${plural(dlqIds.kept, 'DLQ id', 'DLQ ids')} listed ` +
        `(the same 1 MB); ${every}.`
    )
  }
  return lines
}

function approximateNote(undercount: number): string[] {
  return [
    `> **Approximate:** more than ${formatCount(TALLY_CAPACITY)} distinct values were seen, so only the most ` +
      `frequent were kept; each count above may be up to ${formatCount(undercount)} below the true one.`,
    ''
  ]
}

/** The top rows of a breakdown, one row for every other value, and a note when only the most frequent were kept. */
function countTable(result: ListResult, key: Breakdown, heading: string, limit: RowLimit): string[] {
  const rows = result[key]
  const undercount = result.undercount?.[key]
  const shown = capped(rows, limit)
  const lines: string[] = []
  if (shown.length > 0) {
    lines.push(...tableHead([heading, 'Messages'], [false, true]))
    for (const row of shown) {
      const value = row.value === '' || row.value === '(none)' ? '(none)' : codeCell(row.value, COPYABLE_CELL_LENGTH)
      lines.push(tableRow([value, formatCount(row.count)]))
    }
    const more = rows.length - shown.length
    const rest = result.count - shown.reduce((n, row) => n + row.count, 0)
    if (undercount !== undefined && rest > 0) lines.push(`| *… and every other value* | ${formatCount(rest)} |`)
    else if (more > 0 && rest > 0) lines.push(`| *… and ${formatCount(more)} more values* | ${formatCount(rest)} |`)
    lines.push('')
  }
  if (undercount !== undefined) lines.push(...approximateNote(undercount))
  return lines
}
