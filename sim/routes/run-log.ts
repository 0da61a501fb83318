/**
 * The run log (docs/service.md, "The run log"): GET /v2/workflows/logs with `workflowRuns=id@createdAt,...`, and the
 * SDK's GET /v2/workflows/events?groupBy=workflowRunId, one run a request. Each resumed run is told as its course
 * stands on the simulator's clock: started, then failed attempts (STEP_RETRY with errors), then RUN_FAILED with the
 * dlqId it re-entered the DLQ under; or RUN_SUCCESS or RUN_CANCELED at its end. Variants make the log lag, or find
 * runs by id alone where ids repeat.
 */
import type { SimContext } from '../context.js'
import { HttpError, intParam, json, type SimResponse } from '../respond.js'
import { DEFAULT_RETRIES, type RunCourse } from '../fates.js'
import type { ResumedRun } from '../state.js'
import type { ServerVariants } from '../variants.js'

export const RUN_LOG_PATH = '/v2/workflows/logs'
export const RUN_EVENTS_PATH = '/v2/workflows/events'
/** Pairs a request may name, and the most `count` may be in this mode. */
const MAX_PAIRS = 10

/** Whether this server answers on the path: a variant may have no run log, or only the SDK's path. */
export function servesRunLog(variants: Partial<ServerVariants>, path: string): boolean {
  if (variants.noRunLog) return false
  return path === RUN_EVENTS_PATH || !variants.runLogEventsOnly
}

/** The times of a failing run's attempts that failed by `now`: spread from its first error to its end. */
export function failedAttempts(run: ResumedRun, now: number): number[] {
  const { course } = run
  if (course.ends !== 'failure') return []
  const attempts = (run.retries ?? DEFAULT_RETRIES) + 1
  const times: number[] = []
  for (let i = 0; i < attempts; i++) {
    const at =
      attempts === 1
        ? course.endsAt
        : course.firstErrorAt + Math.round(((course.endsAt - course.firstErrorAt) * i) / (attempts - 1))
    if (at <= now) times.push(at)
  }
  return times
}

/** How the log tells a run that ended, by how its course ends: the run's state and its last step's. */
const ENDED: Record<RunCourse['ends'], { run: string; step: string }> = {
  success: { run: 'RUN_SUCCESS', step: 'STEP_SUCCESS' },
  cancelled: { run: 'RUN_CANCELED', step: 'STEP_CANCELED' },
  failure: { run: 'RUN_FAILED', step: 'STEP_FAILED' }
}

/** The run as the log tells it at `now`. */
function runLogEntry(run: ResumedRun, now: number, variants: Partial<ServerVariants>): Record<string, unknown> {
  const { course } = run
  const ended = course.endsAt <= now
  const errors =
    course.ends === 'failure'
      ? failedAttempts(run, now).map(time => ({
          error: course.failure.responseBody ?? '',
          status: course.failure.responseStatus,
          time
        }))
      : []
  const stepState = ended ? ENDED[course.ends].step : errors.length > 0 ? 'STEP_RETRY' : 'STEP_PROGRESS'
  const state = ended ? ENDED[course.ends].run : 'RUN_STARTED'
  return {
    workflowRunId: run.workflowRunId,
    workflowUrl: run.workflowUrl,
    workflowState: state,
    [variants.runLogWorkflowCreatedAt ? 'workflowCreatedAt' : 'workflowRunCreatedAt']: run.workflowCreatedAt,
    ...(ended ? { workflowRunCompletedAt: course.endsAt } : {}),
    ...(ended && course.ends === 'failure' ? { dlqId: course.failure.dlqId } : {}),
    steps: [
      { type: 'sequential', steps: [{ stepName: 'init', state: 'STEP_SUCCESS', retries: 0, errors: [] }] },
      {
        type: 'sequential',
        steps: [{ stepName: 'deliver', state: stepState, retries: Math.max(0, errors.length - 1), errors }]
      }
    ]
  }
}

/** The run of this pair, when the simulator resumed it at exactly that time. */
function runOf(ctx: SimContext, id: string, createdAt: number): ResumedRun | undefined {
  const run = ctx.state.resumedById.get(id)
  return run !== undefined && run.workflowCreatedAt === createdAt ? run : undefined
}

/** How much older than the run asked its namesake is (variant runLogRepeatedIds). */
const NAMESAKE_AGE_MS = 86_400_000

/** Another run with the same id, created a day earlier, that failed: what a log that finds runs by id alone holds. */
function olderNamesake(run: ResumedRun, variants: Partial<ServerVariants>): Record<string, unknown> {
  const createdAt = run.workflowCreatedAt - NAMESAKE_AGE_MS
  const error = { error: '{"error":"an older run with this id failed"}', status: 500, time: createdAt + 1_000 }
  return {
    workflowRunId: run.workflowRunId,
    workflowUrl: run.workflowUrl,
    workflowState: 'RUN_FAILED',
    [variants.runLogWorkflowCreatedAt ? 'workflowCreatedAt' : 'workflowRunCreatedAt']: createdAt,
    workflowRunCompletedAt: createdAt + 2_000,
    dlqId: `dlq_namesake_${run.workflowRunId}`,
    steps: [
      {
        type: 'sequential',
        steps: [{ stepName: 'deliver', state: 'STEP_FAILED', retries: 0, errors: [error] }]
      }
    ]
  }
}

/**
 * What the log tells of these runs at `now`, as the variants shape it: none younger than its lag, each after an
 * older namesake where ids repeat.
 */
function told(ctx: SimContext, runs: readonly ResumedRun[], now: number): Record<string, unknown>[] {
  const { runLogLagMs, runLogRepeatedIds } = ctx.variants
  const asOf = now - Math.max(0, runLogLagMs ?? 0)
  return runs
    .filter(run => run.workflowCreatedAt <= asOf)
    .flatMap(run => [
      ...(runLogRepeatedIds ? [olderNamesake(run, ctx.variants)] : []),
      runLogEntry(run, asOf, ctx.variants)
    ])
}

/** A cursor of this route: the position of the next pair to tell. */
const cursorOf = (position: number): string => `l1.${position.toString(36)}`
function positionOf(cursor: string): number {
  const match = /^l1\.([0-9a-z]{1,8})$/.exec(cursor)
  if (match === null) throw new HttpError(400, 'invalid cursor')
  return parseInt(match[1] as string, 36)
}

/** GET /v2/workflows/logs?workflowRuns=id@createdAt,...: the runs found, `count` a page. */
export function runLog(ctx: SimContext, query: URLSearchParams): SimResponse {
  const pairs = (query.get('workflowRuns') ?? '').split(',').filter(pair => pair !== '')
  if (pairs.length === 0) throw new HttpError(400, 'workflowRuns is required here')
  if (pairs.length > MAX_PAIRS) throw new HttpError(400, `at most ${MAX_PAIRS} workflowRuns a request`)
  const count = intParam(query, 'count') ?? MAX_PAIRS
  if (count < 1 || count > MAX_PAIRS) throw new HttpError(400, `count must be 1 to ${MAX_PAIRS} with workflowRuns`)
  const now = ctx.clock()
  const found = pairs.flatMap(pair => {
    const at = pair.lastIndexOf('@')
    const createdAt = Number(pair.slice(at + 1))
    if (at <= 0 || !/^\d{1,16}$/.test(pair.slice(at + 1)))
      throw new HttpError(400, `invalid workflowRuns pair: ${pair}`)
    const run = runOf(ctx, pair.slice(0, at), createdAt)
    return run === undefined ? [] : [run]
  })
  const entries = told(ctx, found, now)
  const cursor = query.get('cursor')
  const start = cursor ? positionOf(cursor) : 0
  const more = start + count < entries.length
  return json(200, { cursor: more ? cursorOf(start + count) : '', runs: entries.slice(start, start + count) })
}

/** GET /v2/workflows/events?groupBy=workflowRunId&workflowRunId=..&workflowCreatedAt=..: the SDK's way, one run. */
export function runEvents(ctx: SimContext, query: URLSearchParams): SimResponse {
  if (query.get('groupBy') !== 'workflowRunId') throw new HttpError(400, 'groupBy=workflowRunId is required')
  const id = query.get('workflowRunId') ?? ''
  const createdAt = intParam(query, 'workflowCreatedAt')
  const run = createdAt === undefined ? ctx.state.resumedById.get(id) : runOf(ctx, id, createdAt)
  return json(200, { cursor: '', runs: told(ctx, run === undefined ? [] : [run], ctx.clock()) })
}
