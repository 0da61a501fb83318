/**
 * What a listing found, as tables a reader scans: the top destinations, the causes, each breakdown, the failed workflow
 * runs, the oldest and newest. list-dlq's summary and a write's plan (report/plan.ts) show the same ones.
 */
import { TALLY_CAPACITY } from '../constants.js'
import type { Breakdown, DestinationRow, ListFindings, MessageExample } from '../results.js'
import type { RenderPass } from './budget.js'
import { causesTable } from './causes.js'
import { formatAge, formatCount, formatShortTime } from '../format.js'
import { capped, cellOrDash, codeCell, collapsed, table, tableHead, tableRow, type RowLimit } from './markdown.js'
import { RESPONSE_CELL_LENGTH, responseCell } from './response-sample.js'

/** Rows of each breakdown (by URL, URL group, queue, schedule, status): the top values. */
const BREAKDOWN_ROWS = 20
/** Characters of a value people copy (a URL, a message id), never fewer: a cut one copies as a plausible wrong one. */
const COPYABLE_CELL_LENGTH = 200
/** A breakdown whose "(none)" row holds at least this share of the messages is collapsed. */
const MOSTLY_NONE = 0.9

/** The "what is failing" table (shared with the health issue): the top destinations, then every other one. */
export function failingTable(result: ListFindings, now: number, maxRows: number): string[] {
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

/** "Why they failed": the leading causes, and `select`: how to pick one cause's entries out of the file that has them. */
export function causeLines(result: ListFindings, pass: RenderPass, select: string): string[] {
  const table = causesTable(result, pass.now, pass.maxRows)
  if (table.length === 0) return []
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
export function breakdownLines(result: ListFindings, pass: RenderPass): string[] {
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

/**
 * The failed workflow runs listed (source workflow): what a resume by their DLQ ids would resume. `where`: where every
 * one is, after "and N more".
 */
export function workflowRunLines(result: ListFindings, pass: RenderPass, where: string): string[] {
  const kept = result.workflowRuns
  if (kept === undefined || kept.length === 0) return []
  // The rows this pass shows; "and N more" counts every run listed, not only those kept for the table.
  const runs = capped(kept, pass)
  const more = result.count - runs.length
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

/**
 * The oldest then the newest messages (one in both lists shown once): age first, each group named once; `complete`:
 * the listing reached its end (else they are only of what was listed).
 */
export function extremesLines(result: ListFindings, pass: RenderPass, complete: boolean): string[] {
  const key = (m: MessageExample): string => JSON.stringify([m.dlqId ?? '', m.messageId, m.createdAt ?? null])
  const all = [...result.oldest.map(m => ['Oldest', m] as const), ...result.newest.map(m => ['Newest', m] as const)]
  // A few of each (the accumulator keeps five), so a quadratic search for the first of each key costs nothing.
  const rows = all.filter(([, m], i) => all.findIndex(([, other]) => key(other) === key(m)) === i)
  if (rows.length === 0) return []
  const shown = rows.slice(0, pass.maxRows)
  return [
    `#### Oldest and newest messages${complete ? '' : ' listed'}`,
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

function approximateNote(undercount: number): string[] {
  return [
    `> **Approximate:** more than ${formatCount(TALLY_CAPACITY)} distinct values were seen, so only the most ` +
      `frequent were kept; each count above may be up to ${formatCount(undercount)} below the true one.`,
    ''
  ]
}

/** The top rows of a breakdown, one row for every other value, and a note when only the most frequent were kept. */
function countTable(result: ListFindings, key: Breakdown, heading: string, limit: RowLimit): string[] {
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
