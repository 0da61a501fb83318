/** The service's Date headers, checked before they are trusted: the three HTTP date forms only, no stale or backwards one. */
import { describe, expect, it } from '@jest/globals'
import { parseHttpDate, ServiceClock } from '../../src/service/service-clock.js'

const NOV_6_1994 = Date.UTC(1994, 10, 6, 8, 49, 37)

describe('parseHttpDate', () => {
  it.each([
    ['IMF-fixdate', 'Sun, 06 Nov 1994 08:49:37 GMT'],
    ['RFC 850', 'Sunday, 06-Nov-94 08:49:37 GMT'],
    ['asctime', 'Sun Nov  6 08:49:37 1994']
  ])('reads the %s form', (_, text) => {
    expect(parseHttpDate(text, 2026)).toBe(NOV_6_1994)
  })

  it.each([
    ['a number (Date.parse reads 1 as the year 2001)', '1'],
    ['an ISO date', '2026-11-28T10:00:00Z'],
    ['another zone than GMT', 'Sun, 06 Nov 1994 08:49:37 CET'],
    ['a day that does not exist', 'Thu, 31 Apr 2026 10:00:00 GMT'],
    ['an hour out of range', 'Sat, 28 Nov 2026 25:00:00 GMT'],
    ['a month in lower case', 'Sat, 28 nov 2026 10:00:00 GMT'],
    ['an empty text', ''],
    ['a date with text after it', 'Sat, 28 Nov 2026 10:00:00 GMT; x']
  ])('refuses %s', (_, text) => {
    expect(parseHttpDate(text, 2026)).toBeUndefined()
  })

  it('reads a two-digit year more than 50 years ahead as the century before', () => {
    expect(parseHttpDate('Tuesday, 01-Jan-80 00:00:00 GMT', 2026)).toBe(Date.UTC(1980, 0, 1))
    expect(parseHttpDate('Friday, 01-Jan-60 00:00:00 GMT', 2026)).toBe(Date.UTC(2060, 0, 1))
  })
})

describe('ServiceClock', () => {
  const date = (ms: number) => new Date(ms).toUTCString()
  const T = Date.UTC(2026, 10, 28, 10, 0, 0)

  it('takes the latest good Date, and how far it is from the runner', () => {
    const clock = new ServiceClock()
    clock.observe(date(T), undefined, T - 300_000)
    clock.observe(date(T + 2_000), undefined, T - 298_000)
    expect(clock.now()).toBe(T + 2_000)
    expect(clock.skew()).toBe(300_000)
    expect(clock.fault).toBeUndefined()
  })

  it('does not take a Date that is no HTTP date, and says so', () => {
    const clock = new ServiceClock()
    clock.observe('1', undefined, T)
    expect(clock.now()).toBeUndefined()
    expect(clock.fault).toEqual({ kind: 'not-http-date', text: '1' })
  })

  it('does not take the Date of an answer a cache served (Age), and keeps an earlier good one', () => {
    const clock = new ServiceClock()
    clock.observe(date(T), undefined, T)
    clock.observe(date(T - 7_200_000), '7200', T + 1_000)
    expect(clock.now()).toBe(T)
    expect(clock.fault).toEqual({ kind: 'stale', ageSeconds: 7_200 })
    // Age 0 is a fresh answer.
    clock.observe(date(T + 5_000), '0', T + 5_000)
    expect(clock.now()).toBe(T + 5_000)
  })

  it('trusts no Date once they go backwards by more than the rounding of a second', () => {
    const clock = new ServiceClock()
    clock.observe(date(T), undefined, T)
    clock.observe(date(T - 1_000), undefined, T)
    expect(clock.now()).toBe(T)
    clock.observe(date(T - 300_000), undefined, T)
    expect(clock.now()).toBeUndefined()
    expect(clock.fault).toEqual({ kind: 'backwards', byMs: 300_000 })
    clock.observe(date(T + 10_000), undefined, T + 10_000)
    expect(clock.now()).toBeUndefined()
  })
})
