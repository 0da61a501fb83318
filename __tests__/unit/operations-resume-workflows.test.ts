/** How dlq-ids are split over requests so that each URL stays under 6 KB, and how a bound joins a request. Pure. */
import { describe, expect, it } from '@jest/globals'
import { CURSOR_ROOM_BYTES, MAX_URL_BYTES, RESUME_PAGE_SIZE } from '../../src/constants.js'
import { withBound } from '../../src/operations/resume-bound.js'
import { splitDlqIds } from '../../src/operations/resume-drain.js'
import type { Progress } from '../../src/stop.js'
import { resumeRequest } from '../support/results.js'
import { requestUrl, resumeQuery } from '../../src/service/query.js'

const BASE = new URL('https://svc.example.com/prefix')
const urlLength = (q: URLSearchParams): number => requestUrl(BASE, '/v2/workflows/dlq/resume', q).href.length

describe('splitDlqIds', () => {
  it('leaves a selection without dlq-ids whole', () => {
    expect(splitDlqIds({ workflowUrl: 'u' }, urlLength)).toEqual([{ workflowUrl: 'u' }])
  })

  it('keeps the ids in order, each once, and every URL within the budget with room for a cursor', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `dlq_${i}_${'é'.repeat(i % 9)}`)
    const parts = splitDlqIds({ dlqIds: ids, workflowUrl: 'https://a.example/x' }, urlLength)
    expect(parts.length).toBeGreaterThan(3)
    expect(parts.flatMap(p => p.dlqIds)).toEqual(ids)
    for (const part of parts) {
      expect(part.workflowUrl).toBe('https://a.example/x')
      const length = urlLength(resumeQuery(part, undefined, RESUME_PAGE_SIZE))
      expect(length).toBeLessThanOrEqual(MAX_URL_BYTES - CURSOR_ROOM_BYTES)
      // Full parts: one more id would not have fitted.
      if (part !== parts[parts.length - 1]) {
        const next = ids[ids.indexOf(part.dlqIds![part.dlqIds!.length - 1]!) + 1]!
        const grown = urlLength(resumeQuery({ ...part, dlqIds: [...part.dlqIds!, next] }, undefined, RESUME_PAGE_SIZE))
        expect(grown).toBeGreaterThan(MAX_URL_BYTES - CURSOR_ROOM_BYTES)
      }
    }
  })

  it('sends an id too long for any part alone, and goes on', () => {
    const long = 'x'.repeat(MAX_URL_BYTES)
    expect(splitDlqIds({ dlqIds: ['a', long, 'b'] }, urlLength).map(p => p.dlqIds)).toEqual([['a'], [long], ['b']])
  })
})

describe('withBound', () => {
  it('sends the bound as to-date, and tells the watchdog both dates a re-run must send with a cursor', () => {
    const progress: Progress = { confirmed: 0, uncertainRequests: 0 }
    const request = resumeRequest({ selection: { workflowUrl: 'u', fromDate: 1_000 } })
    const bounded = withBound(request, { toDate: 5_000, clock: 'service' }, progress)
    expect(bounded.selection).toEqual({ workflowUrl: 'u', fromDate: 1_000, toDate: 5_000 })
    expect(progress).toMatchObject({ toDate: 5_000, fromDate: 1_000 })
  })
})
