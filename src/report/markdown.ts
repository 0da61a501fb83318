/**
 * Building blocks of the markdown the action writes (job summary, health issue): code spans, capped value lists
 * and tables, the link back to the run. Cells and values go through escape.ts; pure functions only.
 */
import type { RunContext } from '../results.js'
import { escapeCell, escapeInline } from './escape.js'
import { formatCount, formatMs } from './format.js'

/** How many rows a table or value list may show; `seen` hears the full length of each, for the byte budget. */
export interface RowLimit {
  maxRows: number
  seen?: (length: number) => void
}

/** The first `maxRows` items; the full length is reported, since rows beyond the longest list change nothing. */
function capped<T>(items: readonly T[], limit: RowLimit): readonly T[] {
  limit.seen?.(items.length)
  return items.slice(0, limit.maxRows)
}

/** A value in a paragraph, set off as code; the content is escaped like any other. */
export function code(value: string, maxLength?: number): string {
  return `<code>${escapeInline(value, maxLength)}</code>`
}

/**
 * A cursor to copy. A plain one (the usual base64-like token) is shown as a code span, unchanged; anything else
 * is escaped inside `<code>` so that it cannot break out.
 */
export function cursorText(cursor: string): string {
  return /^[A-Za-z0-9+/=_.~-]{1,4096}$/.test(cursor) ? `\`${cursor}\`` : code(cursor, 4096)
}

/** Values of one filter, each escaped, at most maxRows of them. */
export function valueList(values: readonly string[], limit: RowLimit): string {
  const shown = capped(values, limit).map(v => code(v, 200))
  const rest = values.length - shown.length
  if (rest <= 0) return shown.join(', ')
  if (shown.length === 0) return `${formatCount(rest)} values (not shown)`
  return `${shown.join(', ')}, … and ${formatCount(rest)} more`
}

/** The heading row and the alignment row of a table. */
export function tableHead(headings: readonly string[], alignRight: readonly boolean[]): string[] {
  return [`| ${headings.join(' | ')} |`, `|${headings.map((_, i) => (alignRight[i] ? ' ---: ' : ' --- ')).join('|')}|`]
}

/** One row of a table; cells must already be escaped. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`
}

/**
 * A table of at most maxRows rows, then `… and N more` after a blank line (a line right under a table would be
 * read as one more row). Cells must already be escaped.
 */
export function table<T>(
  headings: readonly string[],
  alignRight: readonly boolean[],
  items: readonly T[],
  limit: RowLimit,
  toCells: (item: T) => string[]
): string[] {
  const lines: string[] = []
  const shown = capped(items, limit)
  if (shown.length > 0) {
    lines.push(...tableHead(headings, alignRight))
    for (const item of shown) lines.push(tableRow(toCells(item)))
    lines.push('')
  }
  const rest = items.length - shown.length
  if (rest > 0) lines.push(`… and ${formatCount(rest)} more`, '')
  return lines
}

/** A cell for an optional third-party value; an absent or empty one shows as a dash. */
export function cellOrDash(value: string | number | undefined): string {
  return value === undefined || value === '' ? '—' : escapeCell(String(value))
}

/** A cell for an optional time. */
export function timeOrDash(ms: number | undefined): string {
  return ms === undefined ? '—' : formatMs(ms)
}

/** The summary's heading, then the link to the run and any other lines that lead it, each followed by a blank line. */
export function summaryHead(title: string, ctx: RunContext, ...leads: Array<string | undefined>): string[] {
  const lines = [`## ${title}`, '']
  for (const line of [runLink(ctx.runUrl), ...leads]) if (line) lines.push(line, '')
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

/** The lines as one markdown text: runs of blank lines collapsed, ending with exactly one newline. */
export function markdownText(lines: readonly string[]): string {
  const out: string[] = []
  for (const line of lines) {
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue
    out.push(line)
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop()
  return `${out.join('\n')}\n`
}
