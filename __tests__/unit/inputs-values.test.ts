import { describe, expect, it } from '@jest/globals'
import {
  parseBaseUrl,
  parseBoolean,
  parseDate,
  parseDuration,
  parseFlowControlValue,
  parseHeaderText,
  parseInteger,
  parseToken,
  parseUnixMilliseconds
} from '../../src/inputs/values.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)

describe('parseDate', () => {
  it('reads Unix milliseconds as they are', () => {
    expect(parseDate('1700000000000', NOW)).toBe(1_700_000_000_000)
  })
  it('reads ISO-8601 dates and date-times', () => {
    expect(parseDate('2026-01-31T12:00:00Z', NOW)).toBe(Date.UTC(2026, 0, 31, 12))
    expect(parseDate('2026-01-31', NOW)).toBe(Date.UTC(2026, 0, 31))
    expect(parseDate('2026-01-31T12:00:00+02:00', NOW)).toBe(Date.UTC(2026, 0, 31, 10))
  })
  it.each(['1M', '24H', '7D'])('refuses the upper-case unit of the duration ago %p', text => {
    expect(() => parseDate(text, NOW)).toThrow('must use the units s (seconds), m (minutes)')
  })
  it('reads a duration as that long before now', () => {
    expect(parseDate('30m', NOW)).toBe(NOW - 30 * 60_000)
    expect(parseDate('24h', NOW)).toBe(NOW - 24 * 3_600_000)
    expect(parseDate('7d', NOW)).toBe(NOW - 7 * 86_400_000)
    expect(parseDate('1h30m', NOW)).toBe(NOW - 90 * 60_000)
  })
  it.each(['yesterday', '12.5', '-5', '7 days', '', '2026-1-31', '+2026-01-31'])(
    'refuses %p, naming the allowed forms',
    text => {
      expect(() => parseDate(text, NOW)).toThrow(/Unix milliseconds .* ISO-8601 .* duration/)
    }
  )
  it('reads 0 as the start of Unix time and the last millisecond of year 9999 as itself', () => {
    expect(parseDate('0', NOW)).toBe(0)
    expect(parseDate('253402300799999', NOW)).toBe(Date.UTC(9999, 11, 31, 23, 59, 59, 999))
    expect(parseDate('100000000000', NOW)).toBe(1e11)
    expect(parseDate('2024-02-29', NOW)).toBe(Date.UTC(2024, 1, 29))
    expect(parseDate('9999-12-31T23:59:59Z', NOW)).toBe(Date.UTC(9999, 11, 31, 23, 59, 59))
    expect(parseDate('1970-01-01T00:00:00Z', NOW)).toBe(0)
  })
  it.each([
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-01-00',
    '2026-01-31T25:00Z',
    '2026-01-31T24:00:00Z',
    '2026-01-31T12:60Z',
    '2026-01-31T12:00:60Z',
    '2026-01-31T12:00:00+24:00',
    '2026-01-31T12:00:00+02:60'
  ])('refuses the impossible date %p', text => {
    expect(() => parseDate(text, NOW)).toThrow(
      'must be a real date and time: month 01-12, a day the month has, hours 00-23, minutes and seconds 00-59'
    )
  })
  it.each(['0000-01-01', '1969-12-31T23:59:59Z', '1970-01-01T00:00:00+01:00', '9999-12-31T23:00:00-05:00'])(
    'refuses %p, outside 1970 to 9999',
    text => {
      expect(() => parseDate(text, NOW)).toThrow('must be a date from 1970-01-01 to 9999-12-31 (UTC)')
    }
  )
  it.each(['1700000000', '1', '99999999999', '2026', '0001700000000'])('refuses %p as Unix seconds', text => {
    expect(() => parseDate(text, NOW)).toThrow(
      'looks like Unix seconds; give milliseconds (1700000000000) or ISO-8601 (2026-01-31T12:00:00Z)'
    )
  })
  it.each(['253402300800000', '9000000000000000', '99999999999999999999999'])('refuses %p, past year 9999', text => {
    expect(() => parseDate(text, NOW)).toThrow('must be Unix milliseconds up to 253402300799999 (the end of year 9999)')
  })
  it('refuses a duration that reaches before 1970 or overflows', () => {
    expect(() => parseDate('9999999999999999999d', NOW)).toThrow('must be a duration ago that stays after 1970-01-01')
    expect(() => parseDate('100000d', NOW)).toThrow('must be a duration ago that stays after 1970-01-01')
    const days = Math.floor(NOW / 86_400_000)
    expect(parseDate(`${days}d`, NOW)).toBe(NOW - days * 86_400_000)
    expect(() => parseDate(`${days + 1}d`, NOW)).toThrow('must be a duration ago that stays after 1970-01-01')
  })
})

describe('parseUnixMilliseconds', () => {
  it('suggests the other forms the input takes', () => {
    expect(() => parseUnixMilliseconds('1700000000', '')).toThrow(
      /^looks like Unix seconds; give milliseconds \(1700000000000\)$/
    )
    expect(parseUnixMilliseconds('1700000000000', '')).toBe(1_700_000_000_000)
  })
})

describe('parseDuration', () => {
  it('is undefined for text that is not a duration', () => {
    expect(parseDuration('6 hours')).toBeUndefined()
    expect(parseDuration('6h')).toBe(6 * 3_600_000)
  })
  it('refuses a duration too long for a safe number of milliseconds', () => {
    expect(parseDuration('14892855w')).toBe(14_892_855 * 604_800_000)
    expect(() => parseDuration('14892856w')).toThrow('must be a duration of at most 9007199254740991 milliseconds')
    expect(() => parseDuration('1w9007199254740991s')).toThrow('must be a duration of at most')
  })
  it.each(['1M', '30S', '2H', '1D', '1W', '1h30M', '1m30S'])(
    'refuses the upper-case unit of %p, naming the units',
    text => {
      expect(() => parseDuration(text)).toThrow(
        'must use the units s (seconds), m (minutes), h (hours), d (days) and w (weeks), in lower case ' +
          '(no unit is read in upper case: many tools read M as a month)'
      )
    }
  )
})

describe('parseToken', () => {
  it('keeps a printable token, trimmed', () => {
    expect(parseToken(' sk_live_abc.DEF-123= ')).toBe('sk_live_abc.DEF-123=')
  })
  it.each([
    'ab\ncd',
    'ab\rcd',
    'ab\u0000cd',
    'ab\u001bcd',
    'ab\u007fcd',
    'ab\u0085cd',
    'ab\u009bcd',
    'ab\u2028cd',
    'ab\u2029cd',
    'ab\tcd'
  ])('refuses control characters in %j without quoting the token', token => {
    let message = ''
    try {
      parseToken(token)
    } catch (err) {
      message = (err as Error).message
    }
    expect(message).toContain('must not contain control characters or line breaks')
    expect(message).not.toContain('ab')
  })
  it('refuses characters an HTTP header cannot carry', () => {
    expect(() => parseToken('caf\u00e9')).toThrow('must be printable ASCII')
  })
})

describe('parseBoolean', () => {
  it('accepts the YAML booleans and nothing else', () => {
    expect(parseBoolean('true')).toBe(true)
    expect(parseBoolean('FALSE')).toBe(false)
    expect(() => parseBoolean('yes')).toThrow('must be true or false')
  })
})

describe('parseInteger', () => {
  it('accepts whole numbers within the range only', () => {
    expect(parseInteger(' 42 ', 1, 100)).toBe(42)
    for (const bad of ['0', '101', '1.5', 'abc', '1e2', '']) {
      expect(() => parseInteger(bad, 1, 100)).toThrow('must be a whole number from 1 to 100')
    }
  })
  it.each([0, 1])('says "%d or more" when there is no upper bound', min => {
    expect(() => parseInteger('-1', min, Number.MAX_SAFE_INTEGER)).toThrow(
      new Error(`must be a whole number, ${min} or more`)
    )
  })
})

describe('parseBaseUrl', () => {
  it('accepts https anywhere and http only to loopback', () => {
    expect(parseBaseUrl('https://service.example.com/').href).toBe('https://service.example.com/')
    for (const ok of ['http://127.0.0.1:8080', 'http://localhost:1', 'http://[::1]:3000', 'http://127.5.6.7']) {
      expect(parseBaseUrl(ok).protocol).toBe('http:')
    }
  })
  it.each([
    ['not a url', /absolute URL/],
    ['http://service.example.com', /must use https:\/\//],
    ['http://10.0.0.1', /must use https:\/\//],
    ['http://127.0.0.1.evil.example', /must use https:\/\//],
    ['ftp://service.example.com', /https:\/\//],
    ['https://user:pw@service.example.com', /credentials/],
    ['https://service.example.com/?a=1', /query/]
  ])('refuses %p', (text, message) => {
    expect(() => parseBaseUrl(text)).toThrow(message)
  })
  it.each([
    ['https://service.example.com/v2', 'https://service.example.com'],
    ['https://service.example.com/v2/', 'https://service.example.com'],
    ['https://service.example.com/v2/dlq', 'https://service.example.com'],
    ['https://service.example.com/V2/workflows/dlq/resume', 'https://service.example.com'],
    ['https://gw.example.com/dlq-proxy/v2/dlq', 'https://gw.example.com/dlq-proxy']
  ])('refuses the API path in %p, naming the root to give', (text, root) => {
    expect(() => parseBaseUrl(text)).toThrow(
      new Error(
        `must be the service root, without /v2 or an endpoint's path (the action adds /v2/... itself): give ${root}`
      )
    )
  })
  it.each(['https://gw.example.com/dlq-proxy', 'https://gw.example.com/v2proxy/', 'https://gw.example.com/api/v20'])(
    "keeps a path prefix such as a proxy's: %p",
    text => {
      expect(parseBaseUrl(text).href).toBe(new URL(text).href)
    }
  )
})

describe('parseFlowControlValue', () => {
  it('accepts name=number pairs joined by commas, spaces dropped', () => {
    expect(parseFlowControlValue('parallelism=5, rate=10')).toBe('parallelism=5,rate=10')
  })
  it.each(['parallelism=5,period=1m', 'rate=10,period=60s', 'period=2h', 'rate=1, period=1d', 'period=30'])(
    'accepts a period with a unit, sent as given: %p',
    text => {
      expect(parseFlowControlValue(text)).toBe(text.replace(/ /g, ''))
    }
  )
  it.each([
    'parallelism',
    'parallelism=x',
    '=5',
    'a=1,,b=2',
    'a=1;b=2',
    'a = 1',
    'rate=10s',
    'period=1w',
    'period=1M',
    'period=m',
    'period=1m30s'
  ])('refuses %p', text => {
    expect(() => parseFlowControlValue(text)).toThrow(
      'must be name=number pairs joined by commas, where period may also take a unit (s, m, h or d)'
    )
  })
  it('refuses a setting given twice', () => {
    expect(() => parseFlowControlValue('rate=1,period=1m,rate=2')).toThrow('must name each setting once (rate')
  })
})

describe('parseHeaderText', () => {
  it('refuses line breaks and control characters that would split a header', () => {
    expect(parseHeaderText(' key-1 ')).toBe('key-1')
    expect(() => parseHeaderText('a\r\nX-Injected: 1')).toThrow('visible ASCII text on one line')
    expect(() => parseHeaderText('caf\u00e9')).toThrow('visible ASCII')
  })
})
