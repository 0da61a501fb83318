/**
 * Escaping of third-party text for the two places the action writes it: the job summary (GitHub-flavoured
 * markdown) and the Actions log (where a line starting with `::` is a runner command). Pure functions only.
 */

/** Zero-width space: invisible, not whitespace for the runner (.NET) or for GFM, breaks the patterns below. */
const ZWSP = '\u200b'

/** Default cut of a table cell value, in characters (code points) before escaping. */
export const DEFAULT_CELL_MAX_LENGTH = 200
/** Default cut of a value written in a paragraph (error texts and the like). */
export const DEFAULT_INLINE_MAX_LENGTH = 1000

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;'
}

/** Escapes the five HTML-special characters. */
export function escapeHtml(s: string): string {
  return String(s).replace(/[&<>"']/g, ch => HTML_ENTITIES[ch] ?? ch)
}

/**
 * Markdown punctuation that is always backslash-escaped (CommonMark lets any ASCII punctuation be escaped, and the
 * escaped character always renders as itself). `<` and `>` are not here: they become entities, which also stops
 * `>` from opening a block quote. `|` is escaped as `\|`, which is how GFM keeps a pipe inside a table cell.
 * Escaped only where they could mean something, so that ids and URLs stay readable in the markdown source:
 * `_` unless it sits between two letters or digits (intraword `_` never starts or ends emphasis), and `-`, `+`,
 * `=` only as the first non-space character (they only mean a list, a rule or a heading underline at a line start).
 */
const MARKDOWN_SPECIAL = new Set(['\\', '`', '*', '[', ']', '(', ')', '#', '!', '|', '~', '{', '}'])

const WORD_CHAR = /^[\p{L}\p{N}]$/u

/**
 * Replacement of the character at index i for markdown output. `$` opens GitHub's math rendering; a backslash
 * before it is not reliably honoured there, so it becomes the entity `&#36;` instead.
 */
function markdownChar(chars: readonly string[], i: number, atStart: boolean): string {
  const ch = chars[i] ?? ''
  const entity = HTML_ENTITIES[ch]
  if (entity !== undefined) return entity
  if (ch === '$') return '&#36;'
  if (MARKDOWN_SPECIAL.has(ch)) return `\\${ch}`
  if (ch === '_') {
    const intraword = WORD_CHAR.test(chars[i - 1] ?? '') && WORD_CHAR.test(chars[i + 1] ?? '')
    return intraword ? ch : `\\${ch}`
  }
  if ((ch === '-' || ch === '+' || ch === '=') && atStart) return `\\${ch}`
  // `::` means nothing in markdown, but a summary may be printed to a log one day: never write a raw `::`.
  if (ch === ':' && chars[i - 1] === ':') return '\\:'
  return ch
}

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

/** The value as code points, control characters as spaces, lone surrogates as U+FFFD. */
function cleanChars(s: string): string[] {
  const out: string[] = []
  for (const ch of String(s)) {
    const cp = ch.codePointAt(0) ?? 0
    if (cp >= 0xd800 && cp <= 0xdfff) out.push('\ufffd')
    else if (isControl(cp)) out.push(' ')
    else out.push(ch)
  }
  return out
}

/** Cuts to at most `maxLength` code points, the last being `…` when something was cut. */
function truncateChars(chars: string[], maxLength: number): string[] {
  const max = Number.isFinite(maxLength) ? Math.max(1, Math.floor(maxLength)) : Number.POSITIVE_INFINITY
  if (chars.length <= max) return chars
  return [...chars.slice(0, max - 1), '…']
}

/**
 * Stops GFM's extended autolinks (bare `http://…`, `www.…`, `user@host`, and `@mention` links) by putting a
 * zero-width space inside the trigger: `:\u200b//`, `www\u200b.`, `@\u200b`. Backslash escapes can't do this:
 * GitHub's autolinker looks at the text after escapes are resolved. The text reads the same; a copied value
 * carries the invisible character.
 */
function breakAutolinks(s: string): string {
  return s
    .replace(/:\/\//g, `:${ZWSP}//`)
    .replace(/(www)\./gi, `$1${ZWSP}.`)
    .replace(/@/g, `@${ZWSP}`)
}

/**
 * Shared core. Order: clean controls, truncate (so an escape is never cut in half), then one pass that does the
 * HTML escaping and the markdown escaping together (equivalent to HTML-escaping first and then escaping markdown
 * punctuation, but without escaping the `#` of an `&#39;` that the first step produced), then autolink breaking.
 */
function escapeMarkdownText(s: string, maxLength: number): string {
  const chars = truncateChars(cleanChars(s), maxLength)
  let out = ''
  let atStart = true
  for (let i = 0; i < chars.length; i++) {
    out += markdownChar(chars, i, atStart)
    if (chars[i] !== ' ') atStart = false
  }
  // A value that would start a line as `1.` or `1)` (an ordered list): escape the `.` (`)` always is).
  return breakAutolinks(out.replace(/^( *\d{1,9})\./, '$1\\.'))
}

/**
 * Text safe inside a GFM table cell of a job summary: no `|` that splits the cell, no link, image, code span,
 * emphasis, raw HTML, math or autolink, and no line break. Longer than `maxLength` characters: cut with `…`.
 */
export function escapeCell(s: string, maxLength: number = DEFAULT_CELL_MAX_LENGTH): string {
  return escapeMarkdownText(s, maxLength)
}

/**
 * Text safe inside a markdown paragraph or list item: the same escaping as escapeCell (which already guards a
 * value that would start a line as a list, heading, rule or quote), with a longer default cut.
 */
export function escapeInline(s: string, maxLength: number = DEFAULT_INLINE_MAX_LENGTH): string {
  return escapeMarkdownText(s, maxLength)
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
