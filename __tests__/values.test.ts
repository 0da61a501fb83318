import { describe, expect, it } from '@jest/globals'
import {
  parseBaseUrl,
  parseBoolean,
  parseDate,
  parseDuration,
  parseFlowControlValue,
  parseHeaderText,
  parseInteger,
  parseList
} from '../src/inputs/values.js'

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
  it('reads a duration as that long before now', () => {
    expect(parseDate('30m', NOW)).toBe(NOW - 30 * 60_000)
    expect(parseDate('24h', NOW)).toBe(NOW - 24 * 3_600_000)
    expect(parseDate('7d', NOW)).toBe(NOW - 7 * 86_400_000)
    expect(parseDate('1h30m', NOW)).toBe(NOW - 90 * 60_000)
  })
  it.each(['yesterday', '2026-13-45', '12.5', '-5', '7 days', ''])('refuses %p, naming the allowed forms', text => {
    expect(() => parseDate(text, NOW)).toThrow(/Unix milliseconds .* ISO-8601 .* duration/)
  })
})

describe('parseDuration', () => {
  it('is undefined for text that is not a duration', () => {
    expect(parseDuration('6 hours')).toBeUndefined()
    expect(parseDuration('6h')).toBe(6 * 3_600_000)
  })
})

describe('parseList', () => {
  it('splits on newlines and, when asked, commas; trims and drops empties', () => {
    expect(parseList(' a \n\nb,c \n', false)).toEqual(['a', 'b,c'])
    expect(parseList(' a \n\nb,c ,\n', true)).toEqual(['a', 'b', 'c'])
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
})

describe('parseFlowControlValue', () => {
  it('accepts name=number pairs joined by commas, spaces dropped', () => {
    expect(parseFlowControlValue('parallelism=5, rate=10')).toBe('parallelism=5,rate=10')
  })
  it.each(['parallelism', 'parallelism=x', '=5', 'a=1,,b=2', 'a=1;b=2', 'a = 1'])('refuses %p', text => {
    expect(() => parseFlowControlValue(text)).toThrow('name=number pairs joined by commas')
  })
})

describe('parseHeaderText', () => {
  it('refuses line breaks and control characters that would split a header', () => {
    expect(parseHeaderText(' key-1 ')).toBe('key-1')
    expect(() => parseHeaderText('a\r\nX-Injected: 1')).toThrow('visible ASCII text on one line')
    expect(() => parseHeaderText('caf\u00e9')).toThrow('visible ASCII')
  })
})
