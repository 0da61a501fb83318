/** The "what is failing" figures per destination: right for the destinations kept, gone with those dropped. */
import { describe, expect, it } from '@jest/globals'
import { TALLY_CAPACITY } from '../../src/constants.js'
import { BODY_SAMPLE_LENGTH } from '../../src/constants.js'
import { DestinationFigures, TOP_DESTINATIONS } from '../../src/operations/accumulator.js'
import type { DlqMessage } from '../../src/service/schemas.js'

const T = Date.UTC(2026, 10, 20)
const message = (url: string, at: number, status?: number, body?: string): DlqMessage => ({
  messageId: `m_${url}_${at}`,
  url,
  createdAt: at,
  ...(status !== undefined ? { responseStatus: status } : {}),
  ...(body !== undefined ? { responseBody: body } : {})
})

describe('DestinationFigures', () => {
  it('gives each destination its count, dominant status, oldest message and the newest body', () => {
    const figures = new DestinationFigures()
    figures.add(message('https://a.example/hook', T + 3, 500, 'third'))
    figures.add(message('https://a.example/hook', T + 1, 500, 'first'))
    figures.add(message('https://a.example/hook', T + 2, 503, 'second'))
    figures.add(message('https://b.example/hook', T + 9, 404))
    expect(figures.rows()).toEqual([
      {
        url: 'https://a.example/hook',
        count: 3,
        status: 500,
        otherStatuses: 1,
        oldestCreatedAt: T + 1,
        bodySample: 'third'
      },
      { url: 'https://b.example/hook', count: 1, status: 404, oldestCreatedAt: T + 9 }
    ])
  })

  it('keeps a short copy of a long body, said to be cut, and shows at most the top destinations', () => {
    const figures = new DestinationFigures()
    figures.add(message('https://a.example/hook', T, 500, 'x'.repeat(10_000)))
    for (let i = 0; i < TOP_DESTINATIONS + 5; i++) figures.add(message(`https://d${i}.example/`, T, 502))
    const rows = figures.rows()
    expect(rows).toHaveLength(TOP_DESTINATIONS)
    const a = rows.find(r => r.url === 'https://a.example/hook')
    expect(a?.bodySample).toHaveLength(BODY_SAMPLE_LENGTH)
    expect(a?.bodyCut).toBe(true)
  })

  it('drops the figures of a destination the breakdown drops, so memory stays within its capacity', () => {
    const figures = new DestinationFigures()
    for (let i = 0; i < 50; i++) figures.add(message('https://hot.example/', T + i, 500, 'hot'))
    // Far more distinct cold destinations than the sketch keeps: each pushes others out.
    for (let i = 0; i < TALLY_CAPACITY * 3; i++) figures.add(message(`https://cold${i}.example/`, T, 502, 'cold'))
    expect(figures.tally.entries().length).toBeLessThanOrEqual(TALLY_CAPACITY)
    const hot = figures.rows()[0]
    expect(hot?.url).toBe('https://hot.example/')
    expect(hot?.status).toBe(500)
    expect(hot?.bodySample).toBe('hot')
  })

  it('starts a dropped destination that comes back with figures of its own, not those it had before', () => {
    const figures = new DestinationFigures()
    figures.add(message('https://back.example/', T, 500, 'before'))
    for (let i = 0; i < TALLY_CAPACITY * 3; i++) figures.add(message(`https://cold${i}.example/`, T, 502, 'cold'))
    for (let i = 1; i <= 5; i++) figures.add(message('https://back.example/', T + i, 503, 'after'))
    const back = figures.rows().find(row => row.url === 'https://back.example/')
    // Kept through the drop, its oldest message would be T and its statuses would count the 500.
    expect(back).toMatchObject({ count: 5, status: 503, oldestCreatedAt: T + 1, bodySample: 'after' })
    expect(back?.otherStatuses).toBeUndefined()
  })
})
