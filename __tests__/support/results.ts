import type { Failure } from '../../src/failure.js'
import type { ResumeRequest } from '../../src/requests.js'
import type { JudgedRun, RunState } from '../../src/run-states.js'
import type { ListResult } from '../../src/results.js'
import type {
  FailedAgainMessage,
  FailedAgainRun,
  RefusedEntry,
  ResumeResult,
  RetriedMessage,
  StagedResume,
  StageOutcome,
  StageVerdict,
  StageWatch,
  WatchPoll
} from '../../src/resume-results.js'

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

/** A successful restart-workflows result of one request that restarted nothing; tests override what they look at. */
export function restartResult(overrides: Partial<ResumeResult> = {}): ResumeResult {
  return resumeResult({ operation: 'restart-workflows', ...overrides })
}

/** A successful retry-messages result of one request that retried nothing; tests give the new messages. */
export function retryResult(overrides: Partial<ResumeResult> = {}): ResumeResult {
  return resumeResult({ operation: 'retry-messages', messages: [], deduplicated: 0, ...overrides })
}

/** `count` new messages a retry created, msg_retried_<first> on; the first `deduplicated` were not delivered again. */
export function retriedMessages(count: number, deduplicated = 0, first = 1): RetriedMessage[] {
  return Array.from({ length: count }, (_, i) =>
    i < deduplicated
      ? { messageId: `msg_retried_${first + i}`, deduplicated: true as const }
      : { messageId: `msg_retried_${first + i}` }
  )
}

/** Runs a restart was refused, each by its DLQ id, with a 400 and the service's text. */
export function refusedEntries(
  dlqIds: readonly string[],
  serverText = 'workflow does not support restart'
): RefusedEntry[] {
  return dlqIds.map(dlqId => ({ dlqId, status: 400, serverText }))
}

/** Retried messages of stage 1 its own watch found back in the DLQ, each under its new message id and a new dlqId. */
export function failedAgainMessages(
  messageIds: readonly string[],
  more: Partial<FailedAgainMessage> = {}
): FailedAgainMessage[] {
  return messageIds.map(messageId => ({
    messageId,
    stage: 1,
    seenIn: 1,
    state: 'failed',
    source: 'dlq',
    dlqId: `dlq_again_${messageId}`,
    ...more
  }))
}

/** The service's time when a built staged resume starts: its first stage and watch; its to-date bound is 1 ms before. */
export const STAGED_START = Date.UTC(2026, 10, 26, 12, 0, 0)

/** The ids of `count` runs a resume created, named as the simulator names them: wfr_resumed_<first> on. */
export function resumedRunIds(count: number, first = 1): string[] {
  return Array.from({ length: count }, (_, i) => `wfr_resumed_${first + i}`)
}

/** Watched runs counted by state: every state, 0 unless given. */
export function runStates(counts: Partial<Record<RunState, number>> = {}): Record<RunState, number> {
  return { completed: 0, failed: 0, failing: 0, cancelled: 0, running: 0, unknown: 0, ...counts }
}

/** One listing of a watch, of one request, that found none of the runs back; tests give what it found. */
export function watchPoll(at: number, found: Partial<Omit<WatchPoll, 'at'>> = {}): WatchPoll {
  const failedAgain = found.failedAgain ?? 0
  return { at, requests: 1, listed: failedAgain, failedAgain, ...found }
}

/** A 60 s watch from STAGED_START that ran to its end and found nothing at its one listing; tests override the rest. */
export function stageWatch(overrides: Partial<StageWatch> = {}): StageWatch {
  const startedAt = overrides.startedAt ?? STAGED_START
  const endsAt = overrides.endsAt ?? startedAt + 60_000
  const endedAt = overrides.endedAt ?? endsAt
  return { startedAt, endsAt, endedAt, polls: [watchPoll(endedAt)], ...overrides }
}

/** Verdicts of a stage a watch followed; the others (last, capped, failed, cancelled) have none. */
const WATCHED: ReadonlySet<StageVerdict> = new Set(['clean', 'within', 'stopped', 'inconclusive', 'cut', 'blind'])

/** Stage 1, clean: 2 runs asked and resumed at STAGED_START, and stageWatch's watch when its verdict had one. */
export function stageOutcome(overrides: Partial<StageOutcome> = {}): StageOutcome {
  const verdict = overrides.verdict ?? 'clean'
  const runIds = overrides.runIds ?? resumedRunIds(overrides.resumed ?? 2)
  const startedAt = overrides.startedAt ?? STAGED_START
  return {
    stage: 1,
    verdict,
    asked: runIds.length,
    resumed: runIds.length,
    runIds,
    startedAt,
    ...(WATCHED.has(verdict) ? { watch: stageWatch({ startedAt }) } : {}),
    ...overrides
  }
}

/** Runs of stage 1 its own watch found back in the DLQ, each under a new dlqId; tests give their last response. */
export function failedAgainRuns(runIds: readonly string[], more: Partial<FailedAgainRun> = {}): FailedAgainRun[] {
  return runIds.map(workflowRunId => ({
    workflowRunId,
    stage: 1,
    seenIn: 1,
    state: 'failed',
    source: 'dlq',
    dlqId: `dlq_again_${workflowRunId}`,
    ...more
  }))
}

/** Watched runs in one state, as the run log told it; tests give their first error. */
export function judgedRuns(runIds: readonly string[], state: RunState, more: Partial<JudgedRun> = {}): JudgedRun[] {
  return runIds.map(workflowRunId => ({ workflowRunId, state, source: 'run-log', ...more }))
}

/**
 * A staged resume-workflows result: every run its stages resumed (created as its stage started), one request per 50
 * runs of a stage, bound by the service's time at the start, nothing found failed again. Tests give the plan, the
 * stages and what else they look at; `overrides` sets the result's own fields (selection, nextCursor, failure...).
 */
export function stagedResult(
  staged: Pick<StagedResume, 'plan' | 'stages'> & Partial<StagedResume>,
  overrides: Partial<ResumeResult> = {}
): ResumeResult {
  const { plan, stages } = staged
  return resumeResult({
    runs: stages.flatMap(stage =>
      stage.runIds.map(workflowRunId => ({ workflowRunId, workflowCreatedAt: stage.startedAt }))
    ),
    requests: stages.reduce((n, stage) => n + Math.max(1, Math.ceil(stage.resumed / 50)), 0),
    bound: { toDate: STAGED_START - 1, clock: 'service' },
    staged: { failedAgain: [], plannedWatchMs: (plan.watchMs ?? 0) * (plan.sizes.length - 1), ...staged },
    ...overrides
  })
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
