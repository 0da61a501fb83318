/** "Why they failed": the leading causes, as the summary and the health issue show them and the `causes` output holds. */
import type { CauseRow, ListFindings } from '../results.js'
import { formatAge, formatCount, formatMs } from '../format.js'
import { cellOrDash, codeCell, tableHead, tableRow } from './markdown.js'

/** Causes the table shows at most; the rest are counted together. */
export const CAUSE_ROWS = 20
/** Causes the `causes` output holds. */
const CAUSES_OUTPUT_ITEMS = 10
/** Characters of a destination or a message id in the output and the table: enough to copy, bounded. */
const VALUE_LENGTH = 200
/** Characters of a cause's text in the table: one line of a wide window; the output keeps it whole (300). */
const CAUSE_CELL_LENGTH = 120

/** How long ago a cause's first (or last) message was created. */
const ago = (at: number | undefined, now: number): string => (at === undefined ? '—' : formatAge(now - at))

const cut = (value: string): string => (value.length <= VALUE_LENGTH ? value : `${value.slice(0, VALUE_LENGTH - 1)}…`)

/** The leading causes, the rest in one row, and a note when only the most frequent could be kept. */
export function causesTable(result: ListFindings, now: number, maxRows: number): string[] {
  const rows = result.causes ?? []
  if (result.count === 0 || rows.length === 0) return []
  const shown = rows.slice(0, Math.min(maxRows, CAUSE_ROWS))
  const rest = result.count - shown.reduce((n, row) => n + row.count, 0)
  return [
    'Messages by destination, last status and last response body, its variable parts (numbers that count, ids, ' +
      'UUIDs, e-mail addresses, times) blanked; first and last seen: the age of the oldest and the newest of them.',
    '',
    // The cause's words first, the destination last: a long URL scrolls sideways alone.
    ...tableHead(
      ['Messages', 'Status', 'Cause', 'First seen', 'Last seen', 'Sample message id', 'Key', 'Destination'],
      [true, false, false, true, true]
    ),
    ...shown.map(row =>
      tableRow([
        formatCount(row.count),
        row.status === undefined ? '—' : String(row.status),
        codeCell(row.text, CAUSE_CELL_LENGTH),
        ago(row.firstSeen, now),
        ago(row.lastSeen, now),
        cellOrDash(row.sampleMessageId, VALUE_LENGTH),
        codeCell(row.key),
        row.destination === '(none)' ? '(none)' : codeCell(row.destination, VALUE_LENGTH)
      ])
    ),
    ...(rest > 0 ? [`| ${formatCount(rest)} | | *other causes* | | | | | |`] : []),
    '',
    ...(result.causesUndercount === undefined
      ? []
      : [
          `> **Approximate:** more causes were seen than are kept, so only the most frequent are shown; each count ` +
            `may be up to ${formatCount(result.causesUndercount)} below the true one.`,
          ''
        ])
  ]
}

/** The `causes` output: the leading causes, each field bounded, times as ISO 8601. */
export function causesOutput(causes: readonly CauseRow[] | undefined): string {
  const items = (causes ?? []).slice(0, CAUSES_OUTPUT_ITEMS).map(row => ({
    key: row.key,
    count: row.count,
    destination: cut(row.destination),
    status: row.status ?? null,
    cause: row.text,
    firstSeen: row.firstSeen === undefined ? null : formatMs(row.firstSeen),
    lastSeen: row.lastSeen === undefined ? null : formatMs(row.lastSeen),
    sampleMessageId: cut(row.sampleMessageId)
  }))
  return JSON.stringify(items)
}
