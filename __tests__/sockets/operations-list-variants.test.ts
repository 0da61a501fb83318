/**
 * list-dlq in process, over real sockets, against each server variant the list route reads (wire-contract section 5)
 * and all of them at once: sequential and parallel, with and without filters, messages and failed workflow runs.
 * Every listing must equal, exactly, what the simulator holds under its own rules. The bundle runs against the
 * contract and all variants at once in e2e/variants-list.test.ts.
 */
import { describe, expect, it } from '@jest/globals'
import { listDlq } from '../../src/operations/list-dlq.js'
import { failureText } from '../../src/report/failure-text.js'
import { listReport } from '../../src/report/list.js'
import type { ListFindings } from '../../src/results.js'
import type { ListFilters, ListRequest } from '../../src/requests.js'
import { enteredAt, type ServerVariants, type SimMessage, type Simulator } from '../../sim/index.js'
import { simulatorPerTest } from '../support/client.js'
import { variantsFor } from '../support/variants.js'

const TOKEN = 'sim-token-list-variants'
const NOW = Date.UTC(2026, 10, 20, 9, 30, 0)
const simulator = simulatorPerTest(TOKEN)
const start = (
  variants: Partial<ServerVariants>,
  seed: { messages?: number; workflowRuns?: number } = { messages: 400 }
) => simulator({ seed: 23, now: NOW, variants, ...seed })

function request(filters: ListFilters, overrides: Partial<ListRequest> = {}): ListRequest {
  return { filters, pageSize: 100, order: 'earliestFirst', maxPages: 10_000, concurrency: 1, ...overrides }
}

/** How far the variant moves each date bound: wider by a millisecond, narrower, or as asked. */
const widening = (variants: Partial<ServerVariants>): number =>
  variants.dateBoundOffByOne ? 1 : variants.dateBoundsExclusive ? -1 : 0

/** What the simulator holds for these filters under its own rules, in creation order. */
function held(s: Simulator, variants: Partial<ServerVariants>, filters: ListFilters): string[] {
  const widen = widening(variants)
  const time = (m: SimMessage): number => (variants.datesOnEntryTime ? enteredAt(m) : m.createdAt)
  return s.state.messages
    .filter(
      m =>
        (filters.fromDate === undefined || time(m) >= filters.fromDate - widen) &&
        (filters.toDate === undefined || time(m) <= filters.toDate + widen) &&
        (filters.url === undefined || filters.url.includes(m.url))
    )
    .map(m => m.messageId)
}

const sorted = (ids: readonly string[]): string[] => [...ids].sort()

/** A listing that went to its end, with nothing the report would fail the step on or warn of. */
function expectClean(listed: ListFindings): void {
  const result = { ...listed, health: { breaches: [] } }
  expect(listed.failure).toBeUndefined()
  expect(listReport.failure(result)).toBeUndefined()
  expect(listReport.warnings(result)).toEqual([])
}

describe.each(variantsFor('list'))('list-dlq against %s', (_name, variants) => {
  it('lists every message, sequentially and in parallel, and the two agree exactly', async () => {
    const { s, c } = await start(variants)
    const expected = held(s, variants, {})
    const sequential = await listDlq(c, request({}))
    const parallel = await listDlq(c, request({}, { concurrency: 8 }))
    for (const listed of [sequential, parallel]) {
      expectClean(listed)
      expect(listed.count).toBe(expected.length)
      expect(sorted(listed.messageIds)).toEqual(sorted(expected))
    }
    expect(parallel.messageIds).toEqual(sequential.messageIds)
  })

  it('lists exactly what the date and url filters select, sequentially and in parallel', async () => {
    const { s, c } = await start(variants)
    const messages = s.state.messages
    const dates = { fromDate: messages[60]!.createdAt, toDate: messages[330]!.createdAt }
    for (const filters of [{ ...dates, url: [messages[0]!.url] }, dates]) {
      const expected = held(s, variants, filters)
      expect(expected.length).toBeGreaterThan(0)
      const sequential = await listDlq(c, request(filters))
      const parallel = await listDlq(c, request(filters, { concurrency: 6, order: 'latestFirst' }))
      for (const listed of [sequential, parallel]) {
        expectClean(listed)
        expect(listed.count).toBe(expected.length)
        expect(sorted(listed.messageIds)).toEqual(sorted(expected))
      }
    }
  })

  it('sends at most max-pages requests with several message-id values, and names the id not listed', async () => {
    const { s, c } = await start(variants)
    const wanted = [7, 250, 3].map(i => s.state.messages[i]!.messageId)
    const listed = await listDlq(c, request({ messageId: wanted }, { maxPages: 1 }))
    expect(s.requests.filter(r => r.route === 'list')).toHaveLength(1)
    expect(listed.messageIds).toEqual([wanted[0]])
    expect(listed.nextCursor).toBeUndefined()
    expect(failureText('list-dlq', listed.failure!)).toMatch(
      /stopped after 1 page \(max-pages\); raise max-pages \(listing message id 2 of 3/
    )
  })

  it('lists every failed run once with source workflow, sequentially and as parallel date slices', async () => {
    const { s, c } = await start(variants, { workflowRuns: 600 })
    const from = s.state.workflowDlq[100]!.failedAt
    const expected = s.state.workflowDlq.filter(e => e.failedAt >= from - widening(variants)).map(e => e.dlqId)
    const filters: ListFilters = { source: 'workflow', fromDate: from }
    const sequential = await listDlq(c, request(filters))
    const parallel = await listDlq(c, request(filters, { concurrency: 4 }))
    for (const listed of [sequential, parallel]) {
      expectClean(listed)
      expect(listed.count).toBe(expected.length)
      expect(sorted(listed.dlqIds)).toEqual(sorted(expected))
    }
    // With the failure time as createdAt the range splits; a server whose createdAt is another time is caught.
    if (variants.datesOnEntryTime || variants.omitCreatedAt) expect(parallel.fallback).toBeDefined()
    else if (!variants.ignoreOrder) expect(parallel.slices).toBeGreaterThan(1)
  })
})
