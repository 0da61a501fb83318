/**
 * Escaping of third-party text for the job summary (GitHub-flavoured markdown) and the Actions log (where a line
 * starting with `::` is a runner command). Pure functions only.
 */

/** Zero-width space: not whitespace for the runner (.NET), so it breaks a command marker in a log line. Never in markdown. */
const ZWSP = '\u200b'

/** Default cut of a table cell value, in characters (code points) before escaping. */
export const DEFAULT_CELL_MAX_LENGTH = 200

// String.replace restarts a global regex at 0, so sharing one is safe.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const LOG_LINE_CONTROLS = /[\x00-\x08\x0a-\x1f\x7f\u0085\u2028\u2029]/g

/**
 * Shown as escapes inside a code span: controls and line breaks (which would end or reflow the span), and the
 * invisible ones (zero-width, joiners, bidi marks and overrides, BOM, soft hyphen), which would copy as something
 * other than they show.
 */
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
 * Text safe to print as (part of) one line of the Actions log:
 * - CR and LF become the visible text `\r` and `\n`, other line breaks (NEL, U+2028, U+2029) and control
 *   characters except tab become `\xNN` / `\uNNNN`, so a value can never start a new log line;
 * - a `::` at the start (also after leading whitespace, which the runner trims) becomes `:\u200b:`, so the line
 *   is not a workflow command (`::set-output`, `::add-mask`, `::stop-commands`…);
 * - the legacy command marker `##[` becomes `##\u200b[` wherever it appears.
 */
export function neutraliseLogLine(s: string): string {
  return String(s)
    .replace(LOG_LINE_CONTROLS, visible)
    .replace(/^(\s*):(?=:)/, `$1:${ZWSP}`)
    .replace(/##\[/g, `##${ZWSP}[`)
}

/**
 * Text safe as the message of an annotation (`::error::…`): each of its own lines made safe as a log line. LF is
 * kept: @actions/core writes it as `%0A`, so the annotation stays one line of the log and shows its lines.
 */
export function neutraliseAnnotation(s: string): string {
  return String(s).split('\n').map(neutraliseLogLine).join('\n')
}

/**
 * A third-party value as a GFM code span: it copies exactly, is never a link, a mention, an issue reference, HTML
 * or math, and needs no other escaping. The fence is one backtick longer than the longest run inside, padded
 * with a space where CommonMark would otherwise strip or merge one. Controls and invisible characters are shown
 * as `\n`, `\u200b` and so on; a lone surrogate as U+FFFD. Longer than maxLength code points: cut, `…` after the
 * span. In a table cell (`cell`), each `|` is written `\|`, which GFM resolves before reading the span.
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
