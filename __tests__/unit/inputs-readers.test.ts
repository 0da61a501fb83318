/** The three input readers, rule by rule: one value, a list, a duration. */
import { describe, expect, it } from '@jest/globals'
import { readDuration, readFilterList, readList, readOne, readOneFilter } from '../../src/inputs/readers.js'
import { dlqIdProblem } from '../../src/inputs/values.js'

const ONE_LINE = 'takes one value, on one line: remove the line break (it would be sent as part of the value)'
const COMMA = 'must not contain a comma: servers read a comma as a separator between values'

describe('readOne', () => {
  it.each([
    [' wfr_1 ', 'wfr_1'],
    ['\twfr_1\n', 'wfr_1'],
    ['a b', 'a b'],
    ['', '']
  ])('keeps %j as %j', (text, value) => {
    expect(readOne(text)).toBe(value)
  })
  it.each(['a\nb', 'a\r\nb', 'a\rb', 'a\u0085b', 'a\u2028b', 'a\u2029b', 'a\n\nb'])(
    'refuses the line break in %j, saying it takes one value',
    text => {
      expect(() => readOne(text)).toThrow(new Error(ONE_LINE))
    }
  )
})

describe('readOneFilter', () => {
  it.each([
    ['https://app.example/wf', 'https://app.example/wf'],
    ['wfr_1\nwfr_2', ONE_LINE],
    ['wfr_1,wfr_2', COMMA],
    ['["wfr_1"]', 'takes one value, not a JSON array: give it without brackets or quotes']
  ])('%j reads as %j', (text, expected) => {
    const result = ((): string => {
      try {
        return readOneFilter(text)
      } catch (err) {
        return (err as Error).message
      }
    })()
    expect(result.startsWith(expected)).toBe(true)
  })
})

/** What a reader gives: its value, or the refusal it throws. */
function outcome<T>(read: () => T): T | { refused: string } {
  try {
    return read()
  } catch (err) {
    return { refused: (err as Error).message }
  }
}

describe('readList', () => {
  const ids = { commas: true, problem: dlqIdProblem }
  it.each([
    ['lines, trimmed, blanks dropped', ' a \n\n b \r\n c\u2028d ', {}, ['a', 'b', 'c', 'd']],
    ['commas where the shape allows', 'a, b,\nc', { commas: true }, ['a', 'b', 'c']],
    ['a comma kept where it does not', 'a, b', {}, ['a, b']],
    ['repeats dropped, first order kept', 'b\na\nb\na\nc', {}, ['b', 'a', 'c']],
    ['repeats kept where the shape keeps them', '10, 10\n10', { commas: true, keepRepeats: true }, ['10', '10', '10']],
    ['a JSON array of strings', ' ["dlq_1", " dlq_2 ", "dlq_1"] ', ids, ['dlq_1', 'dlq_2']],
    ['a JSON array of one, without its brackets', '["https://a.example.com/hook"]', {}, ['https://a.example.com/hook']],
    ['a JSON array whatever the shape', '["10", "all"]', { commas: true, keepRepeats: true }, ['10', 'all']]
  ])('reads %s', (_name, text, shape, values) => {
    expect(outcome(() => readList(text, shape))).toEqual(values)
  })

  const empty = 'is empty: it holds only separators or an empty JSON array; give at least one value'
  const bracket = 'starts with "[": a JSON array is read only as the whole input; give each value without brackets'
  const emptyJson = 'is empty: it holds only separators or an empty JSON array; give at least one value'
  const notJson = 'starts with "[" but is not a JSON array of strings (such as ["a","b"], an output of list-dlq)'
  const notId = 'is not a DLQ id (one word: no spaces, commas, quotes, braces or brackets)'
  it.each([
    ['only a comma', ',', { commas: true }, empty],
    ['only commas and blank lines', ' ,\n , \n\n', { commas: true }, empty],
    ['an empty JSON array', '[]', ids, emptyJson],
    ['a JSON array of blanks', '[" "]', ids, 'value 1 of the JSON array must be a non-empty string (got " ")'],
    ['broken JSON', '["a", "b"', ids, notJson],
    ['a JSON object', '[1]', ids, 'value 1 of the JSON array must be a non-empty string (got 1)'],
    ['a JSON array of arrays', '[["a"]]', ids, 'value 1 of the JSON array must be a non-empty string (got ["a"])'],
    ['a line break inside a JSON value', '["a\\nb"]', ids, 'value 1 ("a\\nb") holds a line break'],
    ['a bad id, by its position', 'dlq_1\ndlq_2\ntwo words', ids, `value 3 ("two words") ${notId}`],
    ['a bad id in a JSON array, by its position', '["dlq_1","a[b"]', ids, `value 2 ("a[b") ${notId}`],
    ['brackets in lines, which are no JSON array', '[a]\n[b]', {}, notJson],
    ['a later line that starts with a bracket', 'a\n["b"]', {}, `value 2 ("[\\"b\\"]") ${bracket}`],
    ['a value after a comma that starts with a bracket', 'a, [b]', { commas: true }, `value 2 ("[b]") ${bracket}`],
    ['an id too long', 'x'.repeat(1025), ids, `value 1 ("${'x'.repeat(37)}...") is longer than 1024 characters`]
  ])('refuses %s', (_name, text, shape, refusal) => {
    expect(outcome(() => readList(text, shape))).toEqual({ refused: refusal })
  })
})

describe('readFilterList', () => {
  it.each([
    ['one a line, repeats dropped', 'msg_1\nmsg_2\nmsg_1', ['msg_1', 'msg_2']],
    ['a JSON array of several', '["msg_1","msg_2"]', ['msg_1', 'msg_2']],
    ['a JSON array of one, without its brackets', '["msg_1"]', ['msg_1']]
  ])('reads %s', (_name, text, values) => {
    expect(outcome(() => readFilterList(text))).toEqual(values)
  })
  it.each([
    ['a comma in a line', 'a\nb,c'],
    ['a comma inside a JSON value', '["a,b"]']
  ])('refuses %s', (_name, text) => {
    expect(() => readFilterList(text)).toThrow(
      new Error(`${COMMA}, so the filter would match other values too; give several values one per line`)
    )
  })
})

describe('readDuration', () => {
  it.each([
    ['30s', 30_000],
    ['30m', 1_800_000],
    [' 6h ', 21_600_000],
    ['2d', 172_800_000],
    ['1w', 604_800_000],
    ['1h30m', 5_400_000]
  ])('reads %j as %d ms', (text, ms) => {
    expect(readDuration(text)).toBe(ms)
  })
  const units = 's (seconds), m (minutes), h (hours), d (days) and w (weeks), in lower case'
  it.each([
    ['1M', `must use the units ${units} (no unit is read in upper case: many tools read M as a month)`],
    ['30S', `must use the units ${units}`],
    ['2H', `must use the units ${units}`],
    ['0m', `must be a duration of 1 second or more, such as 30m, 6h, 2d or 1w (units ${units})`],
    ['6 hours', 'must be a duration of 1 second or more, such as 30m'],
    ['1mo', 'must be a duration of 1 second or more, such as 30m'],
    ['6h\n1d', ONE_LINE]
  ])('refuses %j', (text, refusal) => {
    expect(() => readDuration(text)).toThrow(refusal)
  })
})
