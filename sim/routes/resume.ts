/** POST /v2/workflows/dlq/resume: resumes a batch of failed workflow runs, by ids or by filters, from a cursor. */
import type http from 'node:http'
import type { SimContext } from '../context.js'
import { courseOf, fateOf } from '../fates.js'
import { workflowSelection } from '../filters.js'
import { HttpError, intParam, json, setParam, type SimResponse } from '../respond.js'
import { nextCursor, readCursor, removeEntries, RUN_KEY, selectedPast, type Selection } from '../select.js'
import type { WorkflowDlqEntry } from '../seed.js'
import type { ResumedRun } from '../state.js'
import type { ServerVariants } from '../variants.js'
import { readOverrides, recorded, type Overrides } from './writes.js'

const RESUME_BATCH = 50

/** The runs a resume looks at: those of the ids found (404 when none is), else the workflow filters' selection. */
function resumeSelection(
  dlq: readonly WorkflowDlqEntry[],
  query: URLSearchParams,
  variants: Partial<ServerVariants>
): Selection<WorkflowDlqEntry> {
  const dlqIds = setParam(query, 'dlqIds')
  if (!dlqIds) return workflowSelection(dlq, query, variants)
  if (!dlq.some(e => dlqIds.has(e.dlqId))) throw new HttpError(404, `DLQ entries not found: ${[...dlqIds].join(', ')}`)
  return { lo: 0, hi: dlq.length, matches: e => dlqIds.has(e.dlqId) }
}

/**
 * Records a new run for each resumed (or restarted) entry, with the overrides it got, its fate and course; the
 * answer's runs.
 */
export function createRuns(
  ctx: SimContext,
  chosen: readonly WorkflowDlqEntry[],
  overrides: Overrides,
  restarted = false
): Array<{ workflowRunId: string; workflowCreatedAt: number }> {
  const createdNow = ctx.clock()
  return chosen.map(e => {
    ctx.resumedCounter++
    const run: ResumedRun = {
      workflowRunId: `wfr_${restarted ? 'restarted' : 'resumed'}_${ctx.resumedCounter}`,
      workflowCreatedAt: createdNow,
      fromDlqId: e.dlqId,
      originalWorkflowRunId: e.workflowRunId,
      workflowUrl: e.workflowUrl,
      ...recorded(overrides),
      course: { ends: 'success', endsAt: createdNow }
    }
    if (restarted) run.restarted = true
    const failure = fateOf(ctx.fates, run)
    run.course = courseOf(ctx.fates, run, failure)
    ctx.state.resumedRuns.push(run)
    ctx.state.resumedById.set(run.workflowRunId, run)
    if (failure !== undefined) ctx.state.pendingFailures.push(failure)
    return { workflowRunId: run.workflowRunId, workflowCreatedAt: run.workflowCreatedAt }
  })
}

export function bulkResume(
  ctx: SimContext,
  query: URLSearchParams,
  headers: http.IncomingHttpHeaders,
  stuck: boolean
): SimResponse {
  const overrides = readOverrides(headers, false)
  const { raw, position } = readCursor(query, 'r1', stuck)
  const count = intParam(query, 'count')
  if (count !== undefined && count < 1) throw new HttpError(400, `count must be at least 1, got ${count}`)
  // Some servers resume every match in one answer when no count is sent, and some ignore a smaller count (docs/service.md).
  const batch =
    count === undefined
      ? ctx.variants.resumeAllWithoutCount
        ? Infinity
        : RESUME_BATCH
      : ctx.variants.ignoreResumeCount
        ? RESUME_BATCH
        : Math.min(count, RESUME_BATCH)
  const dlq = ctx.state.workflowDlq
  const page = selectedPast(dlq, RUN_KEY, resumeSelection(dlq, query, ctx.variants), position, batch)
  removeEntries(dlq, page.entries)
  const workflowRuns = createRuns(ctx, page.entries, overrides)
  return json(200, { workflowRuns, cursor: nextCursor('r1', RUN_KEY, page, { stuck, raw }) ?? '' })
}
