/**
 * The "Last response" cell of the destinations table: the words that say what broke. For a JSON body, the text of
 * its error or message field first; otherwise the start of the body. Pure functions only.
 */
import type { DestinationRow } from '../results.js'
import { formatCount } from './format.js'
import { codeCell } from './markdown.js'

/** Characters of a response shown in the cell: a sentence such as "db pool exhausted after 30 s" fits whole. */
const RESPONSE_CELL_LENGTH = 80

/** Fields that carry the error's words, in the order tried, at the top level of a JSON object. */
const TEXT_FIELDS = ['error', 'message', 'detail', 'title', 'error_description', 'reason'] as const
/** Fields of a nested error object (`{"error":{"message":…}}`, `{"errors":[{"message":…}]}`), one level down. */
const NESTED_FIELDS = ['message', 'detail', 'title', 'reason', 'description'] as const

type Json = unknown

function textOf(value: Json, fields: readonly string[]): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  const record = value as Record<string, Json>
  for (const field of fields) {
    const text = record[field]
    if (typeof text === 'string' && text.trim() !== '') return text.trim()
  }
  return undefined
}

/** The error's words of a parsed JSON body: a top-level text field, else one of a nested error object. */
function fromJson(body: Json): string | undefined {
  const top = textOf(body, TEXT_FIELDS)
  if (top !== undefined) return top
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined
  const record = body as Record<string, Json>
  for (const key of ['error', 'errors'] as const) {
    const nested = Array.isArray(record[key]) ? (record[key] as Json[])[0] : record[key]
    const text = textOf(nested, NESTED_FIELDS)
    if (text !== undefined) return text
  }
  return undefined
}

/** A JSON string literal's content at the start of `rest` (after the opening quote), decoded; undefined if cut. */
function stringAt(rest: string): string | undefined {
  const match = /^((?:[^"\\]|\\.)*)"/.exec(rest)
  if (match === null) return undefined
  try {
    return JSON.parse(`"${match[1] ?? ''}"`) as string
  } catch {
    return undefined
  }
}

/**
 * The error's words of a body cut short (the sample is the start of it, so it may not parse): the first
 * `"error"`, `"message"` … string field found, at any depth, whose value the sample holds whole.
 */
function fromCutJson(sample: string): string | undefined {
  for (const field of [...TEXT_FIELDS, ...NESTED_FIELDS]) {
    const at = new RegExp(`"${field}"\\s*:\\s*"`).exec(sample)
    if (at === null) continue
    const text = stringAt(sample.slice(at.index + at[0].length))?.trim()
    if (text) return text
  }
  return undefined
}

/** What the sample says went wrong: the JSON body's error or message text, or undefined when it has none. */
export function errorWords(sample: string, cut: boolean): string | undefined {
  const trimmed = sample.trimStart()
  if (!trimmed.startsWith('{')) return undefined
  if (!cut) {
    try {
      return fromJson(JSON.parse(trimmed) as Json)
    } catch {
      // Not JSON after all: fall through to the tolerant scan.
    }
  }
  return fromCutJson(trimmed)
}

/** The cell: the error's words when the body is JSON that has them, else the start of the body, ~80 characters. */
export function responseCell(row: DestinationRow): string {
  if (row.bodySample !== undefined) {
    if (row.bodySample === '') return '(empty)'
    const words = errorWords(row.bodySample, row.bodyCut === true)
    if (words !== undefined) return codeCell(words, RESPONSE_CELL_LENGTH)
    const cell = codeCell(row.bodySample, RESPONSE_CELL_LENGTH)
    return row.bodyCut && !cell.endsWith('…') ? `${cell}…` : cell
  }
  if (row.binaryBody !== undefined) return `(binary, ${formatCount(row.binaryBody)} base64 characters)`
  return '—'
}
