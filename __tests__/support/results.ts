import type { Failure } from '../../src/failure.js'
import type { ResumeRequest } from '../../src/requests.js'
import type { ListResult, ResumeResult } from '../../src/results.js'

/** A resume of nothing selected yet, with action.yml's max-pages; tests set the selection and what they look at. */
export function resumeRequest(overrides: Partial<ResumeRequest> = {}): ResumeRequest {
  return { selection: {}, all: false, overrides: {}, maxPages: 10_000, ...overrides }
}

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
    dlqIds: [],
    dlqIdsTruncated: false,
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

/** A successful resume-workflows result of one request that resumed nothing; tests override what they look at. */
export function resumeResult(overrides: Partial<ResumeResult> = {}): ResumeResult {
  return {
    operation: 'resume-workflows',
    selection: {},
    all: false,
    overrides: {},
    runs: [],
    requests: 1,
    uncertainRequests: 0,
    ...overrides
  }
}

/** A request the service answered with `status` and `serverText`, after `attempts` attempts. */
export function statusFailure(status: number, serverText = 'boom', attempts = 1): Failure {
  return {
    kind: 'request',
    request: { method: 'GET', path: '/v2/dlq', url: '/v2/dlq', attempts, cause: { kind: 'status', status, serverText } }
  }
}

/** A failure known only by its message. */
export function messageFailure(message: string): Failure {
  return { kind: 'error', message }
}
