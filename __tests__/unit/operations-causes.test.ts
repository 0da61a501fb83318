import { describe, expect, it } from '@jest/globals'
import { CauseFigures, causeKey, causeOf } from '../../src/operations/causes.js'
import { CAUSES_CAPACITY } from '../../src/constants.js'

describe('causeOf', () => {
  const base = { messageId: 'm1', url: 'https://hooks.example/a', responseStatus: 500, responseBody: 'failed 1' }

  it('shares a key across variable parts, and not across status or destination', () => {
    const key = causeKey(causeOf(base))
    // Pinned: the health issue remembers keys from run to run, so a key must not change with the code.
    expect(key).toBe('fd4895575f5ecec4')
    expect(causeKey(causeOf({ ...base, messageId: 'm2', responseBody: 'failed 2' }))).toBe(key)
    expect(causeKey(causeOf({ ...base, responseStatus: 502 }))).not.toBe(key)
    expect(causeKey(causeOf({ ...base, url: 'https://hooks.example/b' }))).not.toBe(key)
  })

  it('names a workflow URL, a binary body and no body', () => {
    expect(causeOf({ messageId: 'r', workflowUrl: 'https://app.example/wf' })).toMatchObject({
      destination: 'https://app.example/wf',
      text: '(no response body)'
    })
    expect(causeOf({ messageId: 'b', responseBodyBase64: 'AAEC' }).text).toBe('(binary body)')
  })
})

describe('CauseFigures', () => {
  it('counts each cause with its first and last seen and a sample id, most messages first', () => {
    const causes = new CauseFigures()
    causes.add({ messageId: 'a', url: 'u', responseStatus: 500, responseBody: 'x 1' }, 3000)
    causes.add({ messageId: 'b', url: 'u', responseStatus: 500, responseBody: 'x 2' }, 1000)
    causes.add({ messageId: 'c', url: 'u', responseStatus: 404, responseBody: 'x 3' }, 2000)
    const [first, second] = causes.rows(20)
    expect(first).toMatchObject({ count: 2, status: 500, firstSeen: 1000, lastSeen: 3000, sampleMessageId: 'a' })
    expect(second).toMatchObject({ count: 1, status: 404, text: 'x #' })
    expect(causes.undercount).toBe(0)
  })

  it('keeps memory flat: all-distinct causes past the capacity are dropped, and the counts said to be approximate', () => {
    const causes = new CauseFigures()
    for (let i = 0; i < 3 * CAUSES_CAPACITY; i++) {
      causes.add({ messageId: `m${i}`, url: `https://hooks.example/${i}`, responseBody: 'same' }, undefined)
    }
    for (let i = 0; i < 10; i++)
      causes.add({ messageId: `hot${i}`, url: 'https://hot.example', responseBody: 'same' }, undefined)
    expect(causes.rows(Infinity).length).toBeLessThanOrEqual(CAUSES_CAPACITY)
    expect(causes.undercount).toBeGreaterThan(0)
    expect(causes.rows(1)[0]?.destination).toBe('https://hot.example')
  })
})

describe('CauseFigures keys', () => {
  it('gives each line the key its row reports, and keeps apart causes alike in all but the end of a long destination', () => {
    const causes = new CauseFigures()
    const long = `https://hooks.example/${'p'.repeat(480)}`
    const text = 'x'.repeat(400)
    const a = { messageId: 'a', url: `${long}-a`, responseStatus: 500, responseBody: text }
    const b = { messageId: 'b', url: `${long}-b`, responseStatus: 500, responseBody: text }
    const keys = [
      causes.add(a, undefined, true),
      causes.add(b, undefined, true),
      causes.add({ ...a, messageId: 'c' }, undefined, true)
    ]
    expect(causes.add(a, undefined)).toBeUndefined()
    const rows = causes.rows(10)
    expect(rows.map(row => row.count)).toEqual([3, 1])
    expect(rows.map(row => row.key)).toEqual([keys[0], keys[1]])
    expect(keys[2]).toBe(keys[0])
    expect(rows.map(row => row.key)).toEqual([causeKey(causeOf(a)), causeKey(causeOf(b))])
  })

  it('keeps apart causes whose status is long and whose longest destinations differ only in their last character', () => {
    const causes = new CauseFigures()
    const url = `https://hooks.example/${'q'.repeat(489)}`
    const body = 'y'.repeat(400)
    const status = -9007199254740991
    const a = { messageId: 'a', url: `${url}a`, responseStatus: status, responseBody: body }
    const b = { messageId: 'b', url: `${url}b`, responseStatus: status, responseBody: body }
    expect([a.url.length, b.url.length]).toEqual([512, 512])
    const keys = [causes.add(a, undefined, true), causes.add(b, undefined, true)]
    expect(causes.rows(10).map(row => row.count)).toEqual([1, 1])
    expect(keys).toEqual([causeKey(causeOf(a)), causeKey(causeOf(b))])
    expect(keys[0]).not.toBe(keys[1])
  })
})
