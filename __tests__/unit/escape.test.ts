import { codeSpan, escapeCell, escapeHtml, escapeInline, neutraliseLogLine } from '../../src/report/escape.js'

const ZWSP = '\u200b'

/** True when every occurrence of ch in s is preceded by an odd number of backslashes (i.e. escaped). */
function allEscaped(s: string, ch: string): boolean {
  for (let i = s.indexOf(ch); i !== -1; i = s.indexOf(ch, i + 1)) {
    let slashes = 0
    for (let j = i - 1; j >= 0 && s[j] === '\\'; j--) slashes++
    if (slashes % 2 === 0) return false
  }
  return true
}

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;'
    )
  })

  it('leaves other text alone', () => {
    expect(escapeHtml('plain text 123 é')).toBe('plain text 123 é')
  })
})

describe.each([
  ['escapeCell', escapeCell],
  ['escapeInline', escapeInline]
] as const)('%s', (_name, escape) => {
  it('escapes pipes so they cannot split a table cell', () => {
    const out = escape('a|b||c\\|d')
    expect(out).toContain('a\\|b')
    expect(allEscaped(out, '|')).toBe(true)
  })

  it('turns < and > into entities, so no raw HTML', () => {
    const out = escape('<script>alert(1)</script><img src=x onerror=alert(1)>')
    expect(out).not.toMatch(/[<>]/)
    expect(out).toContain('&lt;script&gt;')
  })

  it('never leaves a markdown link or image', () => {
    const out = escape('[x](javascript:alert(1)) ![i](http://e/i.png)')
    expect(out).not.toContain('[x](')
    expect(out).not.toContain('](')
    for (const ch of ['[', ']', '(', ')', '!']) expect(allEscaped(out, ch)).toBe(true)
  })

  it('escapes backticks so no code span opens', () => {
    const out = escape('``code`` `x`')
    expect(allEscaped(out, '`')).toBe(true)
  })

  it('escapes emphasis, strikethrough and backslashes', () => {
    const out = escape('*b* _i_ ~~s~~ \\')
    for (const ch of ['*', '~']) expect(allEscaped(out, ch)).toBe(true)
    expect(out).toContain('\\_i\\_')
    expect(out.endsWith('\\\\')).toBe(true)
  })

  it('keeps intraword underscores and inner dashes readable', () => {
    expect(escape('wfr_abc-123')).toBe('wfr_abc-123')
  })

  it('escapes what would start a block at a line start', () => {
    expect(escape('- item')).toBe('\\- item')
    expect(escape('  + item')).toBe('  \\+ item')
    expect(escape('# heading')).toBe('\\# heading')
    expect(escape('1. first')).toBe('1\\. first')
    expect(escape('1) first')).toBe('1\\) first')
    expect(escape('===')).toBe('\\===')
    expect(escape('> quote')).toBe('&gt; quote')
  })

  it('replaces CR, LF, tab and other controls by spaces', () => {
    const out = escape('a\r\nb\tc\u0000d\u001be\u2028f\u202eg')
    expect(out).toBe('a  b c d e f g')
  })

  it('breaks bare-URL, www and e-mail autolinks with a zero-width space', () => {
    const out = escape('see http://evil.example/x and www.evil.example and me@evil.example')
    expect(out).not.toContain('://')
    expect(out).toContain(`http:${ZWSP}//evil.example/x`)
    expect(out).not.toMatch(/www\./i)
    expect(out).toContain(`www${ZWSP}.evil.example`)
    expect(out).toContain(`me@${ZWSP}evil.example`)
  })

  it('neutralises math and entities, without escaping the # of its own entities', () => {
    expect(escape('$x$')).toBe('&#36;x&#36;')
    expect(escape("it's")).toBe('it&#39;s')
    expect(escape('&amp;')).toBe('&amp;amp;')
  })

  it('never writes a raw ::', () => {
    const out = escape('::set-output name=x::1')
    expect(out).not.toContain('::')
  })

  it('truncates long values with an ellipsis, never cutting an escape or a surrogate pair', () => {
    const pipes = escape('|'.repeat(500), 200)
    expect(pipes).toBe(`${'\\|'.repeat(199)}…`)
    expect(allEscaped(pipes, '|')).toBe(true)

    const emoji = escape(`${'a'.repeat(198)}😀😀😀`, 200)
    expect(emoji).toBe(`${'a'.repeat(198)}😀…`)

    expect(escape('abcdefghijkl', 10)).toBe('abcdefghi…')
    expect(escape('abcdefghij', 10)).toBe('abcdefghij')
  })
})

describe('default lengths', () => {
  it('escapeCell cuts at 200 characters by default', () => {
    const out = escapeCell('x'.repeat(1000))
    expect(Array.from(out)).toHaveLength(200)
    expect(out.endsWith('…')).toBe(true)
  })

  it('escapeInline allows longer text than a cell', () => {
    expect(escapeInline('x'.repeat(500))).toBe('x'.repeat(500))
    expect(escapeInline('x'.repeat(5000)).length).toBeLessThan(5000)
  })
})

describe('neutraliseLogLine', () => {
  it('breaks a line-leading runner command', () => {
    const out = neutraliseLogLine('::set-output name=x::1')
    expect(out.startsWith('::')).toBe(false)
    expect(out).toBe(`:${ZWSP}:set-output name=x::1`)
  })

  it('breaks a runner command after leading whitespace', () => {
    const out = neutraliseLogLine(' \t ::add-mask::secret')
    expect(out).not.toMatch(/^\s*::/)
  })

  it('makes CR and LF visible so a value cannot start a new line', () => {
    const out = neutraliseLogLine('ok\n::set-output name=x::1\r\n::error::boom')
    expect(out).not.toMatch(/[\r\n]/)
    expect(out).toBe('ok\\n::set-output name=x::1\\r\\n::error::boom')
    for (const line of out.split(/\r?\n/)) expect(line).not.toMatch(/^\s*::/)
  })

  it('makes other line breaks and controls visible', () => {
    const out = neutraliseLogLine('a\u2028b\u0085c\u001b[31md')
    expect(out).toBe('a\\u2028b\\u0085c\\x1b[31md')
  })

  it('breaks the legacy ##[ command marker', () => {
    expect(neutraliseLogLine('x ##[error]boom')).not.toContain('##[')
  })

  it('leaves ordinary text (and a :: not at the start) unchanged', () => {
    expect(neutraliseLogLine('Listed 3 messages: a::b\tc')).toBe('Listed 3 messages: a::b\tc')
  })
})

describe('codeSpan', () => {
  /** What GFM shows of a code span: the text between the fences, one padding space off each side. */
  function shown(span: string): string {
    const fence = /^`+/.exec(span)?.[0] ?? ''
    let inner = span.slice(fence.length, span.lastIndexOf(fence))
    if (inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() !== '') inner = inner.slice(1, -1)
    return inner
  }

  it('copies a URL exactly: no invisible character, nothing escaped', () => {
    const url = 'https://api.example.com/hooks?a=1&b=_x_#frag'
    expect(codeSpan(url)).toBe(`\`${url}\``)
    expect(codeSpan('owner/repo#3 @someone GH-1')).toBe('`owner/repo#3 @someone GH-1`')
  })

  it('survives backticks inside with a longer fence, padded where CommonMark would strip', () => {
    for (const value of ['a`b', '``x``', '`lead', 'trail`', ' both ', '`', 'a ``` b']) {
      const span = codeSpan(value)
      const fence = /^`+/.exec(span)?.[0] ?? ''
      const longestInside = Math.max(0, ...(value.match(/`+/g) ?? []).map(r => r.length))
      expect(fence.length).toBe(longestInside + 1)
      expect(shown(span)).toBe(value)
    }
  })

  it('escapes pipes only in table cells', () => {
    expect(codeSpan('a|b', 100, true)).toBe('`a\\|b`')
    expect(codeSpan('a|b')).toBe('`a|b`')
  })

  it('shows line breaks, controls and invisible characters as escapes', () => {
    const span = codeSpan('a\nb\r\tc\u0007d\u200be\u202ef\ufeff')
    expect(span).toBe('`a\\nb\\r\\tc\\x07d\\u200be\\u202ef\\ufeff`')
    expect(span).not.toMatch(/[\p{Cc}\u200b\u202e\ufeff]/u)
  })

  it('cuts a long value, the ellipsis outside the span', () => {
    expect(codeSpan('x'.repeat(50), 10)).toBe(`\`${'x'.repeat(10)}\`…`)
    expect(codeSpan('')).toBe('—')
  })
})
