/**
 * The readers every input goes through: one value, a list, a duration. Each holds all the rules of its shape, so an
 * input that picks a reader cannot forget one. They return the value or throw what is allowed ("Input 'x' ...").
 */
import { DURATION_UNITS, parseDuration } from './values.js'

/** Where a line ends: CR, LF, NEL, and the Unicode line and paragraph separators. */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/
const LINES = /\r\n|[\r\n\u0085\u2028\u2029]/
const LINES_AND_COMMAS = /\r\n|[\r\n\u0085\u2028\u2029,]/

const COMMA_REASON = 'servers read a comma as a separator between values, so the filter would match other values too'

/** One value, trimmed; a line break in it is refused, since it would be sent as part of the value. */
export function readOne(text: string): string {
  const value = text.trim()
  if (LINE_BREAK.test(value)) {
    throw new Error('takes one value, on one line: remove the line break (it would be sent as part of the value)')
  }
  return value
}

/** One filter value: one line, no comma (a server may read it as a separator), no JSON array sent as text. */
export function readOneFilter(text: string): string {
  // A JSON string is read as the value it holds, as a list reads it.
  const value = readOne(text.trim().startsWith('"') ? unquoted(text.trim()) : text)
  if (value.includes(',')) throw new Error(`must not contain a comma: ${COMMA_REASON}`)
  if (value.startsWith('[')) throw new Error('takes one value, not a JSON array: give it without brackets or quotes')
  return value
}

/** How one list input is written; every list also reads a JSON array of strings (another step's output). */
export interface ListShape {
  /** A comma also separates values (ids that never hold one). */
  commas?: boolean
  /** A repeated value is meant (stage sizes `10, 10, all`), not a repeat to drop. */
  keepRepeats?: boolean
  /** What is wrong with one value ("is not a DLQ id ..."), or undefined when it is good. */
  problem?: (value: string) => string | undefined
}

/** A value quoted in a refusal: short, and JSON-escaped so that it stays on one line. */
const quote = (value: string): string => JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)

/** The strings of a JSON array, or a refusal: text starting with `[` is read as JSON where the input allows it. */
function jsonStrings(text: string): string[] {
  const refusal = 'starts with "[" but is not a JSON array of strings (such as ["a","b"], an output of list-dlq)'
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error(refusal)
  }
  if (!Array.isArray(parsed)) throw new Error(refusal)
  return parsed.map((item: unknown, i) => {
    if (typeof item !== 'string' || item.trim() === '') {
      throw new Error(`value ${i + 1} of the JSON array must be a non-empty string (got ${JSON.stringify(item)})`)
    }
    return item
  })
}

/** What a value in double quotes would be: sent with its quotes, where it matches nothing. */
const QUOTE = 'starts with a double quote: it would be sent with its quotes; give the value without them'

/**
 * The text a JSON string holds (`"a"`: what toJSON() of a string gives), to be read as the input; a text that starts
 * with a double quote but is not one JSON string is refused, never sent with its quotes.
 */
function unquoted(text: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  if (typeof parsed !== 'string') {
    throw new Error(
      'starts with a double quote but is not one JSON string (such as "a", what toJSON() of a string gives): give ' +
        'the values without quotes, one a line, or a JSON array'
    )
  }
  return parsed
}

/** A value of a list written as lines that starts with `[`: a JSON array half read would be sent with its brackets. */
const BRACKET = 'starts with "[": a JSON array is read only as the whole input; give each value without brackets'

/**
 * Several values: a JSON array of strings when the input starts with `[`, else one a line (and a comma where the
 * shape allows); a JSON string is read as the text it holds; trimmed, blanks dropped, repeats dropped (first kept)
 * unless the shape keeps them. Each value is checked, a value in double quotes refused, a bad one by its position;
 * none at all is refused.
 */
export function readList(text: string, shape: ListShape = {}): string[] {
  // A JSON string (toJSON() of another step's output) is read as the text it holds.
  const trimmed = text.trim().startsWith('"') ? unquoted(text.trim()).trim() : text.trim()
  const json = trimmed.startsWith('[')
  const given = json ? jsonStrings(trimmed) : trimmed.split(shape.commas === true ? LINES_AND_COMMAS : LINES)
  const values = given.map(s => s.trim()).filter(s => s !== '')
  for (const [i, value] of values.entries()) {
    const problem = LINE_BREAK.test(value)
      ? 'holds a line break'
      : !json && value.startsWith('[')
        ? BRACKET
        : value.startsWith('"')
          ? QUOTE
          : shape.problem?.(value)
    if (problem !== undefined) throw new Error(`value ${i + 1} (${quote(value)}) ${problem}`)
  }
  if (values.length === 0) {
    throw new Error('is empty: it holds only separators or an empty JSON array; give at least one value')
  }
  return shape.keepRepeats === true ? values : [...new Set(values)]
}

/** Several filter values (repeated keys on the wire), lines or a JSON array: a value holding a comma is refused. */
export function readFilterList(text: string): string[] {
  const values = readList(text)
  if (values.some(v => v.includes(','))) {
    throw new Error(`must not contain a comma: ${COMMA_REASON}; give several values one per line`)
  }
  return values
}

/** A duration above zero in milliseconds (30m, 6h, 2d, 1w, 1h30m): lower-case units only, on one line. */
export function readDuration(text: string): number {
  const ms = parseDuration(readOne(text))
  if (ms === undefined || ms === 0) {
    throw new Error(`must be a duration of 1 second or more, such as 30m, 6h, 2d or 1w (units ${DURATION_UNITS})`)
  }
  return ms
}
