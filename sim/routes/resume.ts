/** POST /v2/workflows/dlq/resume: resumes a batch of failed workflow runs, by ids or by filters, from a cursor. */
import type http from 'node:http'
import type { SimContext } from '../context.js'
import { courseOf, fateOf } from '../fates.js'
import { workflowSelection } from '../filters.js'
import { headerValue, HttpError, intParam, json, setParam, type SimResponse } from '../respond.js'
import { nextCursor, readCursor, removeEntries, RUN_KEY, selectedPast, type Selection } from '../select.js'
import type { WorkflowDlqEntry } from '../seed.js'
import type { ResumedRun } from '../state.js'
import type { ServerVariants } from '../variants.js'

const RESUME_BATCH = 50
/** `name=number` pairs joined by commas; `period` may carry a unit (`period=1m`), as the real service documents. */
const FLOW_CONTROL_VALUE =
  /^(?:period=\d+[smhd]|[A-Za-z_][A-Za-z0-9_.-]*=\d+)(?:,(?:period=\d+[smhd]|[A-Za-z_][A-Za-z0-9_.-]*=\d+))*$/

/** The overrides a resume request carries in its headers, checked. */
interface Overrides {
  flowKey: string | undefined
  flowValue: string | undefined
  retriesRaw: string | undefined
}

function readOverrides(headers: http.IncomingHttpHeaders): Overrides {
  const flowKey = headerValue(headers, 'service-flow-control-key')
  const flowValue = headerValue(headers, 'service-flow-control-value')
  const retriesRaw = headerValue(headers, 'service-retries')
  if (flowValue !== undefined && !FLOW_CONTROL_VALUE.test(flowValue)) {
    throw new HttpError(400, `invalid Service-Flow-Control-Value: ${flowValue}`)
  }
  if (retriesRaw !== undefined && !/^\d{1,9}$/.test(retriesRaw)) {
    throw new HttpError(400, `invalid Service-Retries: ${retriesRaw}`)
  }
  return { flowKey, flowValue, retriesRaw }
}

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

/** Records a new run for each resumed entry, with the overrides it got; the answer's runs. */
function createRuns(
  ctx: SimContext,
  chosen: readonly WorkflowDlqEntry[],
  { flowKey, flowValue, retriesRaw }: Overrides
): Array<{ workflowRunId: string; workflowCreatedAt: number }> {
  const createdNow = ctx.clock()
  return chosen.map(e => {
    ctx.resumedCounter++
    const run: ResumedRun = {
      workflowRunId: `wfr_resumed_${ctx.resumedCounter}`,
      workflowCreatedAt: createdNow,
      fromDlqId: e.dlqId,
      originalWorkflowRunId: e.workflowRunId,
      workflowUrl: e.workflowUrl,
      course: { ends: 'success', endsAt: createdNow }
    }
    if (flowKey !== undefined) run.flowControlKey = flowKey
    if (flowValue !== undefined) run.flowControlValue = flowValue
    if (retriesRaw !== undefined) run.retries = Number(retriesRaw)
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
  const overrides = readOverrides(headers)
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
