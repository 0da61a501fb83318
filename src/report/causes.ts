/** "Why they failed": the leading causes, as the summary and the health issue show them and the `causes` output holds. */
import type { CauseRow, ListResult } from '../results.js'
import { formatCount, formatMs, formatShortTime } from './format.js'
import { cellOrDash, codeCell, tableHead, tableRow } from './markdown.js'

/** Causes the table shows at most; the rest are counted together. */
export const CAUSE_ROWS = 20
/** Causes the `causes` output holds. */
const CAUSES_OUTPUT_ITEMS = 10
/** Characters of a destination or a message id in the output and the table: enough to copy, bounded. */
const VALUE_LENGTH = 200
/** Characters of a cause's text in the table: one line of a wide window; the output keeps it whole (300). */
const CAUSE_CELL_LENGTH = 120

const when = (at: number | undefined, now: number): string => (at === undefined ? '—' : formatShortTime(at, now))
const cut = (value: string): string => (value.length <= VALUE_LENGTH ? value : `${value.slice(0, VALUE_LENGTH - 1)}…`)

/** The leading causes, the rest in one row, and a note when only the most frequent could be kept. */
export function causesTable(result: ListResult, now: number, maxRows: number): string[] {
  const rows = result.causes ?? []
  if (result.count === 0 || rows.length === 0) return []
  const shown = rows.slice(0, Math.min(maxRows, CAUSE_ROWS))
  const rest = result.count - shown.reduce((n, row) => n + row.count, 0)
  return [
    // The cause's text before the destination: a long URL scrolls sideways without hiding why.
    ...tableHead(
      [
        'Messages',
        'First seen (UTC)',
        'Last seen (UTC)',
        'Status',
        'Cause (variable parts blanked)',
        'Sample message id',
        'Destination',
        'Key'
      ],
      [true]
    ),
    ...shown.map(row =>
      tableRow([
        formatCount(row.count),
        when(row.firstSeen, now),
        when(row.lastSeen, now),
        row.status === undefined ? '—' : String(row.status),
        codeCell(row.text, CAUSE_CELL_LENGTH),
        cellOrDash(row.sampleMessageId, VALUE_LENGTH),
        row.destination === '(none)' ? '(none)' : codeCell(row.destination, VALUE_LENGTH),
        codeCell(row.key)
      ])
    ),
    ...(rest > 0 ? [`| ${formatCount(rest)} | | | | *other causes* | | | |`] : []),
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
