/** What counts as a material change of the health issue for the checks of issue 30: pure, no GitHub. */
import { describe, expect, it } from '@jest/globals'
import { issueBody, readState, reasonToComment } from '../../src/github/issue-text.js'
import type { Breach } from '../../src/health-verdict.js'
import type { CauseRow, ListResult } from '../../src/results.js'
import { listResult } from '../support/results.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const HOUR = 3_600_000
const count: Breach = { kind: 'count', count: 120, limit: 100 }

const cause = (key: string, n: number): CauseRow => ({
  key,
  count: n,
  destination: 'https://hooks.example/orders',
  status: 500,
  text: `error ${key}`,
  sampleMessageId: `m_${key}`
})

/** A failing result with these breaches and causes; 120 messages each time, so the count never speaks. */
const failing = (breaches: Breach[], causes: CauseRow[] = []): ListResult =>
  listResult({ count: 120, health: { countAbove: 100, breaches }, causes })

/** The state an earlier failing run left in the body. */
const stateAfter = (result: ListResult) => readState(issueBody(result, undefined, NOW - HOUR))

describe('a material change of the health issue', () => {
  it('comments on a newly exceeded arrivals or expiry threshold, naming its input', () => {
    const before = stateAfter(failing([count]))
    const arrivals: Breach = { kind: 'arrivals', count: 30, limit: 20, withinMs: HOUR }
    expect(reasonToComment(failing([count, arrivals]), before, NOW, 4 * HOUR)).toBe(
      '`fail-if-new-above` is newly exceeded'
    )
    const expiry: Breach = { kind: 'expiry', count: 3, withinMs: 24 * HOUR, retentionMs: 168 * HOUR, inMs: HOUR }
    expect(reasonToComment(failing([count, expiry]), before, NOW, 4 * HOUR)).toBe(
      '`fail-if-expiring-within` is newly exceeded'
    )
    expect(reasonToComment(failing([count]), before, NOW, 4 * HOUR)).toBeUndefined()
  })

  it('comments on a cause new among the leading five, not on one below them or on a reordering', () => {
    const known = ['a', 'b', 'c', 'd', 'e'].map((k, i) => cause(k.repeat(16), 50 - i))
    const before = stateAfter(failing([count], known))
    expect(before?.causes).toEqual(known.map(c => c.key))
    const reordered = [...known].reverse()
    expect(reasonToComment(failing([count], reordered), before, NOW, 4 * HOUR)).toBeUndefined()
    const sixth = [...known, cause('f'.repeat(16), 1)]
    expect(reasonToComment(failing([count], sixth), before, NOW, 4 * HOUR)).toBeUndefined()
    const leading = [cause('0'.repeat(16), 99), ...known]
    expect(reasonToComment(failing([count], leading), before, NOW, 4 * HOUR)).toBe(
      'a new cause is among the leading 5: `error 0000000000000000`'
    )
  })

  it('does not take every cause for new in a body written before causes were kept', () => {
    const before = stateAfter(failing([count]))
    expect(before?.causes).toEqual([])
    expect(reasonToComment(failing([count], [cause('1'.repeat(16), 9)]), before, NOW, 4 * HOUR)).toBeUndefined()
  })
})
