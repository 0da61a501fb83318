/** Reading a page item by item: null is absent, a bad field is dropped and named, an item without an id is left out. */
import { describe, expect, it } from '@jest/globals'
import { MAX_DATE_MS } from '../../src/format.js'
import { dlqMessageSchema, readDlqMessages, readWorkflowRuns } from '../../src/service/schemas.js'

describe('readDlqMessages', () => {
  it('keeps valid messages as they are, unknown fields included, and digit strings as numbers', () => {
    const items = [
      { messageId: 'm1', createdAt: 5, extra: { deep: [1] } },
      { messageId: 'm2', createdAt: '17', notBefore: MAX_DATE_MS }
    ]
    expect(readDlqMessages(items)).toEqual({
      messages: [
        { messageId: 'm1', createdAt: 5, extra: { deep: [1] } },
        { messageId: 'm2', createdAt: 17, notBefore: MAX_DATE_MS }
      ],
      problems: []
    })
  })

  it('keeps a valid item as the very object it was, and reads a page of mixed items in their order', () => {
    const valid = { messageId: 'm1', createdAt: 5, header: { a: ['b'] }, responseStatus: 500, extra: 1 }
    const items = [valid, { messageId: 'm2', createdAt: '6' }, { messageId: 'm3', url: 7 }, { messageId: 'm4' }]
    const { messages, problems } = readDlqMessages(items)
    expect(messages[0]).toBe(valid)
    expect(messages.map(m => [m.messageId, m.createdAt])).toEqual([
      ['m1', 5],
      ['m2', 6],
      ['m3', undefined],
      ['m4', undefined]
    ])
    expect(problems).toEqual([expect.objectContaining({ index: 2, id: 'm3', kept: true })])
    // A value the schema refuses is never taken as it stands: an unsafe integer status, a non-string header value.
    const refused = readDlqMessages([
      { messageId: 'a', responseStatus: 2 ** 60 },
      { messageId: 'b', responseHeader: { x: [1] } }
    ])
    expect(refused.messages).toEqual([{ messageId: 'a' }, { messageId: 'b' }])
    expect(refused.problems.map(p => p.detail.split(' ')[0])).toEqual(['responseStatus', 'responseHeader'])
  })

  it.each(Object.keys(dlqMessageSchema.shape).filter(key => key !== 'messageId'))(
    'checks field %s of every message, even of one otherwise taken as it stands',
    key => {
      const { messages, problems } = readDlqMessages([{ messageId: 'm', [key]: { bad: true } }])
      expect(messages).toEqual([{ messageId: 'm' }])
      expect(problems.map(p => p.detail.split(' ')[0])).toEqual([key])
    }
  )

  it('shows a long bad value by its length only, so no piece of a secret in it reaches a warning', () => {
    const long = `token=${'s3cr3t'.repeat(10)}`
    const { problems } = readDlqMessages([
      { messageId: 'm', responseStatus: long },
      { messageId: 'n', responseStatus: 'x' }
    ])
    expect(problems[0]?.detail).toContain(`a string of ${long.length} characters`)
    expect(problems[0]?.detail).not.toContain('s3cr3t')
    expect(problems[1]?.detail).toContain('"x"')
  })

  it('reads null in an optional field as absent, without a problem', () => {
    const { messages, problems } = readDlqMessages([{ messageId: 'm1', url: null, createdAt: null, header: null }])
    expect(messages).toEqual([{ messageId: 'm1' }])
    expect(messages[0]).not.toHaveProperty('url')
    expect(problems).toEqual([])
  })

  it('drops a field with an unusable value and names the message and the field', () => {
    const items = [
      { messageId: 'm1', createdAt: 9_000_000_000_000_000, url: 'u' },
      { messageId: 'm2', createdAt: -1 },
      { messageId: 'm3', notBefore: 1.5, responseStatus: 'x', header: { a: 'not-an-array' } },
      { messageId: 'm4', createdAt: '99999999999999999' }
    ]
    const { messages, problems } = readDlqMessages(items)
    expect(messages).toEqual([
      { messageId: 'm1', url: 'u' },
      { messageId: 'm2' },
      { messageId: 'm3' },
      { messageId: 'm4' }
    ])
    expect(problems.map(p => [p.index, p.id, p.kept, p.detail.split(' ')[0]])).toEqual([
      [0, 'm1', true, 'createdAt'],
      [1, 'm2', true, 'createdAt'],
      [2, 'm3', true, 'notBefore'],
      [2, 'm3', true, 'responseStatus'],
      [2, 'm3', true, 'header'],
      [3, 'm4', true, 'createdAt']
    ])
    expect(problems[0]?.detail).toBe(
      'createdAt 9000000000000000 left out: expected milliseconds from 0 to 8640000000000000 (a time a JavaScript Date can hold)'
    )
  })

  it('leaves out an item without a usable messageId, naming it by index, and keeps the rest of the page', () => {
    const items = [
      { messageId: 'm1' },
      { url: 'u' },
      { messageId: 7 },
      null,
      'text',
      { messageId: '' },
      { messageId: 'm2' }
    ]
    const { messages, problems } = readDlqMessages(items)
    expect(messages.map(m => m.messageId)).toEqual(['m1', 'm2'])
    expect(problems).toEqual([
      { index: 1, detail: 'no usable messageId (undefined)', kept: false },
      { index: 2, detail: 'no usable messageId (7)', kept: false },
      { index: 3, detail: 'not an object (null)', kept: false },
      { index: 4, detail: 'not an object ("text")', kept: false },
      { index: 5, detail: 'no usable messageId ("")', kept: false }
    ])
  })

  it('never shows a whole bad value: long strings are cut, objects named by kind', () => {
    const { problems } = readDlqMessages([
      { messageId: 'm', url: { a: 1 }, body: 5, method: 'x'.repeat(500) as unknown }
    ])
    expect(problems.map(p => p.detail)).toEqual([
      'url an object left out: Invalid input: expected string, received object',
      'body 5 left out: Invalid input: expected string, received number'
    ])
    const long = readDlqMessages([{ messageId: 'm', createdAt: 'y'.repeat(500) }]).problems[0]?.detail ?? ''
    expect(long.length).toBeLessThan(200)
  })

  it('keeps a "__proto__" field as plain data when the item is rebuilt', () => {
    const item = JSON.parse('{"messageId":"m","createdAt":-5,"__proto__":{"polluted":true}}') as unknown
    const { messages } = readDlqMessages([item])
    expect(messages).toHaveLength(1)
    expect(Object.getPrototypeOf(messages[0])).toBe(Object.prototype)
    expect((messages[0] as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('readWorkflowRuns', () => {
  it('keeps runs without a usable creation time, and leaves out runs without an id, by index', () => {
    const items = [
      { workflowRunId: 'a', workflowCreatedAt: 1 },
      { workflowRunId: 'b', workflowCreatedAt: '2' },
      { workflowRunId: 'c' },
      { workflowRunId: 'd', workflowCreatedAt: null },
      { workflowRunId: 'e', workflowCreatedAt: 'soon' },
      { workflowCreatedAt: 3 },
      { workflowRunId: null }
    ]
    const { runs, problems } = readWorkflowRuns(items)
    expect(runs).toEqual([
      { workflowRunId: 'a', workflowCreatedAt: 1 },
      { workflowRunId: 'b', workflowCreatedAt: 2 },
      { workflowRunId: 'c' },
      { workflowRunId: 'd' },
      { workflowRunId: 'e' }
    ])
    expect(problems.map(p => [p.index, p.id, p.kept])).toEqual([
      [4, 'e', true],
      [5, undefined, false],
      [6, undefined, false]
    ])
  })
})
