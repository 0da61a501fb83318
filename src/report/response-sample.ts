/** The "Last response" cell of the destinations table: a JSON body's error words, else the start of the body. */
import type { DestinationRow } from '../results.js'
import { formatCount } from '../format.js'
import { codeCell } from './markdown.js'

/** Characters of a response shown in the cell: a sentence such as "db pool exhausted after 30 s" fits whole. */
export const RESPONSE_CELL_LENGTH = 80

/** Fields that carry the error's words, in the order tried, at the top level of a JSON object. */
const TEXT_FIELDS = ['error', 'message', 'detail', 'title', 'error_description', 'reason'] as const
/** Fields of a nested error object (`{"error":{"message":…}}`, `{"errors":[{"message":…}]}`), one level down. */
const NESTED_FIELDS = ['message', 'detail', 'title', 'reason', 'description'] as const

function textOf(value: unknown, fields: readonly string[]): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  for (const field of fields) {
    const text = (value as Record<string, unknown>)[field]
    if (typeof text === 'string' && text.trim() !== '') return text.trim()
  }
  return undefined
}

/** The error's words of a parsed JSON body: a top-level text field, else one of a nested error object. */
function fromJson(body: Record<string, unknown>): string | undefined {
  const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value)
  return (
    textOf(body, TEXT_FIELDS) ?? textOf(first(body.error), NESTED_FIELDS) ?? textOf(first(body.errors), NESTED_FIELDS)
  )
}

/** The error's words of a body cut short (it may not parse): the first text field, at any depth, held whole. */
function fromCutJson(sample: string): string | undefined {
  for (const field of [...TEXT_FIELDS, ...NESTED_FIELDS]) {
    const match = new RegExp(`"${field}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(sample)
    if (match === null) continue
    try {
      const text = (JSON.parse(`"${match[1]}"`) as string).trim()
      if (text) return text
    } catch {
      // An escape JSON does not know: try the next field.
    }
  }
  return undefined
}

/** What the sample says went wrong: the JSON body's error or message text, or undefined when it has none. */
export function errorWords(sample: string, cut: boolean): string | undefined {
  const trimmed = sample.trimStart()
  if (!trimmed.startsWith('{')) return undefined
  if (!cut) {
    try {
      // Text that starts with `{` parses to an object or not at all.
      return fromJson(JSON.parse(trimmed) as Record<string, unknown>)
    } catch {
      // Not JSON after all: fall through to the tolerant scan.
    }
  }
  return fromCutJson(trimmed)
}

/** The cell: the error's words when the body is JSON that has them, else the start of the body, ~80 characters. */
export function responseCell(row: Partial<DestinationRow>): string {
  if (row.bodySample === undefined) {
    return row.binaryBody === undefined ? '—' : `(binary, ${formatCount(row.binaryBody)} base64 characters)`
  }
  if (row.bodySample === '') return '(empty)'
  const words = errorWords(row.bodySample, row.bodyCut === true)
  if (words !== undefined) return codeCell(words, RESPONSE_CELL_LENGTH)
  const cell = codeCell(row.bodySample, RESPONSE_CELL_LENGTH)
  return row.bodyCut && !cell.endsWith('…') ? `${cell}…` : cell
}
