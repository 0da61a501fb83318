/** Building blocks of the markdown the action writes (job summary, health issue); values go through escape.ts. */
import type { IssueChange, IssueCut, IssueLink, RunContext } from '../results.js'
import { codeSpan, DEFAULT_CELL_MAX_LENGTH } from './escape.js'
import { formatCount } from '../format.js'

/** How many rows a table or value list may show; `seen` hears the full length of each, for the byte budget. */
export interface RowLimit {
  maxRows: number
  seen?: (length: number) => void
}

/** The first `maxRows` items; the full length is reported, since rows beyond the longest list change nothing. */
export function capped<T>(items: readonly T[], limit: RowLimit): readonly T[] {
  limit.seen?.(items.length)
  return items.slice(0, limit.maxRows)
}

/** A third-party value in a paragraph or list item: a code span that copies exactly and is never a link. */
export function code(value: string, maxLength?: number): string {
  return codeSpan(value, maxLength)
}

/** A third-party value in a table cell: a code span whose pipes cannot split the cell. */
export function codeCell(value: string, maxLength: number = DEFAULT_CELL_MAX_LENGTH): string {
  return codeSpan(value, maxLength, true)
}

/** Values of one filter, each escaped, at most maxRows of them. */
export function valueList(values: readonly string[], limit: RowLimit): string {
  const shown = capped(values, limit).map(v => code(v, 200))
  const rest = values.length - shown.length
  if (rest <= 0) return shown.join(', ')
  if (shown.length === 0) return `${formatCount(rest)} values (not shown)`
  return `${shown.join(', ')}, … and ${formatCount(rest)} more`
}

export function tableHead(headings: readonly string[], alignRight: readonly boolean[]): string[] {
  return [`| ${headings.join(' | ')} |`, `|${headings.map((_, i) => (alignRight[i] ? ' ---: ' : ' --- ')).join('|')}|`]
}

/** One row of a table; cells must already be escaped. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`
}

/** At most maxRows rows of escaped cells, then `… and N more` after a blank line (else it would be one more row). */
export function table<T>(
  headings: readonly string[],
  alignRight: readonly boolean[],
  items: readonly T[],
  limit: RowLimit,
  toCells: (item: T) => string[]
): string[] {
  const shown = capped(items, limit)
  const rest = items.length - shown.length
  const more = rest > 0 ? [`… and ${formatCount(rest)} more`, ''] : []
  if (shown.length === 0) return more
  return [...tableHead(headings, alignRight), ...shown.map(item => tableRow(toCells(item))), '', ...more]
}

/** A cell for an optional third-party value, as code; an absent or empty one shows as a dash. */
export function cellOrDash(value: string | number | undefined, maxLength?: number): string {
  return value === undefined || value === '' ? '—' : codeCell(String(value), maxLength)
}

/** A collapsed section: our own fixed HTML around markdown, the blank lines GFM needs to render the inside. */
export function collapsed(title: string, body: readonly string[]): string[] {
  if (body.length === 0) return []
  return ['<details>', `<summary>${title}</summary>`, '', ...body, '', '</details>', '']
}

/** The line that links the health issue, made from its number and the URL this run knows, never GitHub's text. */
export function issueLine(issue: IssueLink | undefined): string | undefined {
  if (issue === undefined || !Number.isSafeInteger(issue.number)) return undefined
  const what = { opened: 'opened', commented: 'commented on', updated: 'updated', closed: 'closed' }[issue.action]
  return `Health issue ${what}: ${safeLink(`#${issue.number}`, issue.url)}`
}

/** Said of a change a cancel cut under way: what may or may not have happened to the issue. */
const CUT_WHILE: Record<IssueChange, string> = {
  open: 'opening it (an issue may have been opened; the next run keeps one)',
  comment: 'commenting (the comment may have been posted)',
  update: 'updating its body (it may still show older figures)',
  close: 'closing it (it may still be open)'
}

/** The summary's line for a health issue update a cancel cut short: what was done, and what may have been. */
export function issueCutLine({ signal, opened, underWay }: IssueCut): string {
  const done = opened ? `${safeLink(`#${opened.number}`, opened.url)} was opened` : undefined
  const cutAt = underWay ? `cut while ${CUT_WHILE[underWay]}` : undefined
  const what = [done, cutAt].filter(part => part !== undefined).join(', then ') || 'nothing was changed'
  return `Health issue: the update was cut short by the cancel (${signal}): ${what}; the next run brings it up to date.`
}

/** The summary's heading (the result), then the lines that lead it, each followed by a blank line. */
export function summaryHead(title: string, ...leads: Array<string | false | undefined>): string[] {
  return [`## ${title}`, '', ...leads.flatMap(line => (line ? [line, ''] : []))]
}

/** The link back to the run, last in a summary (the reader is on that page) and in the issue. */
export function runLine(ctx: RunContext): string[] {
  return ctx.runUrl ? [`- Run: ${safeLink('workflow run', ctx.runUrl)}`] : []
}

/** A link with our own text to a URL this run built, percent-encoded beyond a plain set; not http(s): code. */
export function safeLink(text: string, url: string): string {
  if (!/^https?:\/\/[^\s/]/i.test(url)) return `${text}: ${codeSpan(url)}`
  const destination = url.replace(/[^A-Za-z0-9\-._~:/?#@!&*+,;=%]/gu, ch =>
    [...Buffer.from(ch, 'utf8')].map(b => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')
  )
  return `[${text}](${destination})`
}

/** The lines as one markdown text: runs of blank lines collapsed, ending with exactly one newline. */
export function markdownText(lines: readonly string[]): string {
  const kept = lines.filter((line, i) => line !== '' || (i > 0 && lines[i - 1] !== ''))
  if (kept[kept.length - 1] === '') kept.pop()
  return `${kept.join('\n')}\n`
}
