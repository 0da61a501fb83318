/** How counts, times and ages are written (format.ts). */
import { describe, expect, it } from '@jest/globals'
import { formatAge, formatCount, formatMs, plural } from '../../src/format.js'

describe('formatMs', () => {
  it('formats milliseconds as an ISO 8601 UTC string', () => {
    expect(formatMs(Date.UTC(2026, 10, 22, 2, 45, 25))).toBe('2026-11-22T02:45:25.000Z')
    expect(formatMs(0)).toBe('1970-01-01T00:00:00.000Z')
  })

  it('does not throw on an impossible time', () => {
    expect(() => formatMs(Number.NaN)).not.toThrow()
    expect(formatMs(1e20)).toContain('invalid')
  })
})

describe('formatCount', () => {
  it('groups digits the en-US way', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1234)).toBe('1,234')
    expect(formatCount(1234567)).toBe('1,234,567')
  })
})

describe('formatAge', () => {
  it('gives days and hours, hours and minutes, or minutes', () => {
    expect(formatAge(3 * 86_400_000 + 5 * 3_600_000 + 59_000)).toBe('3d 5h')
    expect(formatAge(2 * 3_600_000 + 7 * 60_000)).toBe('2h 7m')
    expect(formatAge(7 * 60_000 + 59_999)).toBe('7m')
    expect(formatAge(59_999)).toBe('under a minute')
    expect(formatAge(1234 * 86_400_000)).toBe('1,234d')
    // A threshold of 6h reads as 6h, not 6h 0m.
    expect(formatAge(6 * 3_600_000)).toBe('6h')
  })

  it('says what a negative or impossible duration is', () => {
    expect(formatAge(-1)).toBe('in the future')
    expect(formatAge(Number.NaN)).toBe('unknown')
  })
})

describe('plural', () => {
  it('chooses the noun by the count, and groups the digits', () => {
    expect(plural(1, 'page', 'pages')).toBe('1 page')
    expect(plural(0, 'page', 'pages')).toBe('0 pages')
    expect(plural(1234, 'page', 'pages')).toBe('1,234 pages')
  })
})
