/** Escaping of third-party text for the job summary (GFM) and the Actions log (where `::` starts a command). */

/** Zero-width space: not whitespace to the runner (.NET), so it breaks a command marker in a log line. */
const ZWSP = '\u200b'

/** Default cut of a table cell value, in characters (code points) before escaping. */
export const DEFAULT_CELL_MAX_LENGTH = 200

// String.replace restarts a global regex at 0, so sharing one is safe.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const LOG_LINE_CONTROLS = /[\x00-\x08\x0a-\x1f\x7f\u0085\u2028\u2029]/g

/** Shown as escapes in a code span: controls (which end or reflow it) and invisible characters (copied unseen). */
const HIDDEN_IN_CODE = /[\p{Cc}\u00ad\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu

/** A character as a visible escape: `\n`, `\r`, `\t`, `\xNN` or `\uNNNN`. */
function visible(ch: string): string {
  if (ch === '\n') return '\\n'
  if (ch === '\r') return '\\r'
  if (ch === '\t') return '\\t'
  const cp = ch.codePointAt(0) ?? 0
  return cp < 0x80 ? `\\x${cp.toString(16).padStart(2, '0')}` : `\\u${cp.toString(16).padStart(4, '0')}`
}

/**
 * Text safe as (part of) one line of the Actions log: line breaks and controls but tab shown as escapes, a leading
 * `::` (after whitespace too, which the runner trims) and any `##[` broken by a ZWSP, so it is never a command.
 */
export function neutraliseLogLine(s: string): string {
  return String(s)
    .replace(LOG_LINE_CONTROLS, visible)
    .replace(/^(\s*):(?=:)/, `$1:${ZWSP}`)
    .replace(/##\[/g, `##${ZWSP}[`)
}

/** An annotation's message, each line safe as a log line; LF is kept, as @actions/core writes it `%0A`. */
export function neutraliseAnnotation(s: string): string {
  return String(s).split('\n').map(neutraliseLogLine).join('\n')
}

/**
 * A third-party value as a GFM code span: it copies exactly and is never a link, a mention, HTML or math. The fence
 * outruns any backticks inside, padded where CommonMark would strip a space; cut at maxLength code points, `…`
 * after; in a table cell, each `|` is written `\|`, which GFM resolves before reading the span.
 */
export function codeSpan(value: string, maxLength = 1000, cell = false): string {
  const chars = [...String(value)]
  const max = Math.max(1, Math.floor(maxLength))
  const text = chars
    .slice(0, max)
    .join('')
    .replace(/\p{Cs}/gu, '\ufffd')
    .replace(HIDDEN_IN_CODE, visible)
  if (text === '') return '—'
  const fence = '`'.repeat(Math.max(0, ...(text.match(/`+/g) ?? []).map(run => run.length)) + 1)
  const allSpaces = /^ +$/.test(text)
  const pad = text.startsWith('`') || text.endsWith('`') || (!allSpaces && text.startsWith(' ') && text.endsWith(' '))
  const inner = pad ? ` ${text} ` : text
  return `${fence}${cell ? inner.replace(/\|/g, '\\|') : inner}${fence}${chars.length > max ? '…' : ''}`
}
