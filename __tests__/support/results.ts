import type { ListResult } from '../../src/results.js'

/** An empty, successful list-dlq result; tests override what they look at. */
export function listResult(overrides: Partial<ListResult> = {}): ListResult {
  return {
    operation: 'list-dlq',
    filters: {},
    order: 'earliestFirst',
    pageSize: 100,
    count: 0,
    pages: 1,
    messageIds: [],
    messageIdsTruncated: false,
    oldest: [],
    newest: [],
    byUrl: [],
    byStatus: [],
    byTopic: [],
    byQueue: [],
    bySchedule: [],
    histogram: { bucket: 'hour', points: [] },
    health: { breaches: [] },
    concurrency: 1,
    ...overrides
  }
}
