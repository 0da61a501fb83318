/** The report's building blocks: capped tables and value lists that report their length, and the byte budget. */
import { describe, expect, it } from '@jest/globals'
import { SUMMARY_LIMIT_BYTES } from '../../src/constants.js'
import { fitSummary, type RenderPass } from '../../src/report/budget.js'
import { issueCutLine, table, valueList } from '../../src/report/markdown.js'

describe('table', () => {
  const items = ['a', 'b|c', 'd']
  const toCells = (s: string): string[] => [s, String(s.length)]

  it('shows at most maxRows rows, then the count of the rest after a blank line', () => {
    expect(table(['Value', 'Length'], [false, true], items, { maxRows: 2 }, toCells)).toEqual([
      '| Value | Length |',
      '| --- | ---: |',
      '| a | 1 |',
      '| b|c | 3 |',
      '',
      '… and 1 more',
      ''
    ])
  })

  it('has no "more" line when every row fits, and nothing at all without rows', () => {
    expect(table(['Value'], [false], items, { maxRows: 3 }, s => [s])).toEqual([
      '| Value |',
      '| --- |',
      '| a |',
      '| b|c |',
      '| d |',
      ''
    ])
    expect(table(['Value'], [false], [], { maxRows: 3 }, s => [s])).toEqual([])
    expect(table(['Value'], [false], items, { maxRows: 0 }, s => [s])).toEqual(['… and 3 more', ''])
  })

  it('reports its full length, however many rows it shows', () => {
    const seen: number[] = []
    table(['Value'], [false], items, { maxRows: 1, seen: n => seen.push(n) }, s => [s])
    valueList(['x', 'y'], { maxRows: 0, seen: n => seen.push(n) })
    expect(seen).toEqual([3, 2])
  })
})

describe('valueList', () => {
  it('shows each value as a code span, at most maxRows of them', () => {
    expect(valueList(['a', '<b>'], { maxRows: 5 })).toBe('`a`, `<b>`')
    expect(valueList(['a', 'b', 'c'], { maxRows: 1 })).toBe('`a`, … and 2 more')
    expect(valueList(['a', 'b', 'c'], { maxRows: 0 })).toBe('3 values (not shown)')
  })
})

describe('fitSummary', () => {
  /** A renderer whose output is `rowBytes` bytes a row of its one list of `length` rows; it records each pass. */
  function renderer(length: number, rowBytes: number) {
    const passes: Array<Omit<RenderPass, 'seen'>> = []
    const render = (pass: RenderPass): string => {
      const { seen, ...rest } = pass
      passes.push(rest)
      seen?.(length)
      const rows = Math.min(pass.maxRows, length)
      return `${'x'.repeat(rowBytes - 1)}\n`.repeat(rows) || 'empty\n'
    }
    return { render, passes }
  }

  it('gives the first pass as it is when it fits, rendered once with the rows asked for', () => {
    const expected = renderer(10, 100).render({ maxRows: 50, now: 7 })
    const { render, passes } = renderer(10, 100)
    expect(fitSummary(render, { maxRows: 50, now: 7 })).toBe(expected)
    expect(passes).toEqual([{ maxRows: 50, now: 7 }])
  })

  it('asks again with half the rows, from the longest list reported rather than the rows asked for', () => {
    const { render, passes } = renderer(20_000, 200)
    const out = fitSummary(render, { maxRows: 100_000, now: 0 })
    expect(Buffer.byteLength(out, 'utf8')).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES)
    expect(passes.map(p => p.maxRows)).toEqual([100_000, 10_000, 5_000])
    expect(passes.slice(1).every(p => p.shortenedFrom === 20_000)).toBe(true)
  })

  it('cuts at a line, with a note, when even no rows fit', () => {
    const huge = (): string => `${'y'.repeat(600_000)}\n${'z'.repeat(600_000)}\n`
    const out = fitSummary(huge, { maxRows: 5, now: 0 })
    expect(Buffer.byteLength(out, 'utf8')).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES)
    expect(out.startsWith(`${'y'.repeat(600_000)}\n${'z'.repeat(100)}`)).toBe(true)
    expect(out).toContain('…\n\n> **Note:** this summary was cut short')
  })
})

describe('the line of a health issue update a cancel cut short', () => {
  it('says what was done and what may have been, one line whatever the change under way', () => {
    const opened = { number: 7, url: 'https://github.com/acme/shop/issues/7', action: 'opened' as const }
    expect(issueCutLine({ signal: 'SIGINT' })).toBe(
      'Health issue: the update was cut short by the cancel (SIGINT): nothing was changed; the next run brings it up to date.'
    )
    expect(issueCutLine({ signal: 'SIGTERM', underWay: 'open' })).toContain(
      'cut while opening it (an issue may have been opened; the next run keeps one)'
    )
    expect(issueCutLine({ signal: 'SIGTERM', opened, underWay: 'comment' })).toContain(
      '[#7](https://github.com/acme/shop/issues/7) was opened, then cut while commenting (the comment may have been posted)'
    )
    for (const underWay of ['update', 'close'] as const) {
      expect(issueCutLine({ signal: 'SIGTERM', underWay })).not.toMatch(/\n/)
    }
  })
})
