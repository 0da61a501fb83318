/**
 * Escaping of third-party text for the two places the action writes it: the job summary (GitHub-flavoured
 * markdown) and the Actions log (where a line starting with `::` is a runner command). Pure functions only.
 */

/** Zero-width space: not whitespace for the runner (.NET), so it breaks a command marker in a log line. Never in markdown. */
const ZWSP = '\u200b'

/** Default cut of a table cell value, in characters (code points) before escaping. */
export const DEFAULT_CELL_MAX_LENGTH = 200
/** Default cut of a value written in a paragraph (error texts and the like). */
const DEFAULT_INLINE_MAX_LENGTH = 1000

/**
 * True for characters that must not reach the output as such: C0 and C1 controls (CR, LF, tab, ESC…), DEL, the
 * Unicode line and paragraph separators, and the bidirectional embedding/override/isolate and mark characters,
 * which can make a value display as something else.
 */
function isControl(cp: number): boolean {
  return (
    cp <= 0x1f ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x200e ||
    cp === 0x200f ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069)
  )
}

function visibleControl(ch: string): string {
  if (ch === '\r') return '\\r'
  if (ch === '\n') return '\\n'
  const code = ch.charCodeAt(0)
  return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
}

// String.replace restarts a global regex at 0, so sharing one is safe.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const LOG_LINE_CONTROLS = /[\x00-\x08\x0a-\x1f\x7f\u0085\u2028\u2029]/g

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
    .replace(LOG_LINE_CONTROLS, visibleControl)
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
 * Characters shown as escapes inside a code span: controls and line breaks (which would end or reflow the span),
 * and the invisible ones (zero-width, joiners, word joiner, BOM, bidi marks and overrides, soft hyphen), which
 * would make a value copy as something other than it shows.
 */
function isHiddenInCode(cp: number): boolean {
  return (
    isControl(cp) ||
    cp === 0xad ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x2060 && cp <= 0x2064) ||
    cp === 0xfeff ||
    cp === 0x061c
  )
}

function visibleCodePoint(ch: string): string {
  if (ch === '\n') return '\\n'
  if (ch === '\r') return '\\r'
  if (ch === '\t') return '\\t'
  const cp = ch.codePointAt(0) ?? 0
  return cp < 0x80 ? `\\x${cp.toString(16).padStart(2, '0')}` : `\\u${cp.toString(16).padStart(4, '0')}`
}

/**
 * A third-party value as a GFM code span: it copies exactly, is never a link, a mention, an issue reference, HTML
 * or math, and needs no other escaping. The fence is one backtick longer than the longest run inside, padded
 * with a space where CommonMark would otherwise strip or merge one. Controls and invisible characters are shown
 * as `\n`, `\u200b` and so on; a lone surrogate as U+FFFD. Longer than maxLength code points: cut, `…` after the
 * span. In a table cell (`cell`), each `|` is written `\|`, which GFM resolves before reading the span.
 */
export function codeSpan(value: string, maxLength = DEFAULT_INLINE_MAX_LENGTH, cell = false): string {
  const chars = [...String(value)]
  const max = Math.max(1, Math.floor(maxLength))
  const cut = chars.length > max
  let text = ''
  for (const ch of cut ? chars.slice(0, max) : chars) {
    const cp = ch.codePointAt(0) ?? 0
    if (cp >= 0xd800 && cp <= 0xdfff) text += '\ufffd'
    else if (isHiddenInCode(cp)) text += visibleCodePoint(ch)
    else text += ch
  }
  if (text === '') return '—'
  let longest = 0
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  const fence = '`'.repeat(longest + 1)
  const allSpaces = /^ +$/.test(text)
  const pad = text.startsWith('`') || text.endsWith('`') || (!allSpaces && text.startsWith(' ') && text.endsWith(' '))
  const inner = pad ? ` ${text} ` : text
  return `${fence}${cell ? inner.replace(/\|/g, '\\|') : inner}${fence}${cut ? '…' : ''}`
}
