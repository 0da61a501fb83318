import { describe, expect, it } from '@jest/globals'
import { codeSpan, neutraliseLogLine } from '../../src/report/escape.js'

const ZWSP = '\u200b'

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

  it('cuts by code points, never between the two halves of a surrogate pair', () => {
    const out = codeSpan('😀'.repeat(10), 5)
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/)
    expect(out).not.toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/)
    expect(out).not.toContain('\ufffd')
    expect(Array.from(out.replace(/[`…\s]/g, ''))).toHaveLength(5)
  })

  it('cuts a long value, the ellipsis outside the span', () => {
    expect(codeSpan('x'.repeat(50), 10)).toBe(`\`${'x'.repeat(10)}\`…`)
    expect(codeSpan('')).toBe('—')
  })
})
