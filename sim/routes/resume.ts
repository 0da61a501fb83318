/** POST /v2/workflows/dlq/resume: resumes a batch of failed workflow runs, by ids or by filters, from a cursor. */
import type http from 'node:http'
import type { SimContext } from '../context.js'
import { courseOf, fateOf } from '../fates.js'
import { comparePos, decodeCursor, encodeCursor, partition, type Position } from '../cursor.js'
import { headerValue, HttpError, intParam, json, setParam, type SimResponse } from '../respond.js'
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

/** The index range of the workflow DLQ to look at and the test an entry must pass, from the ids or the filters. */
export function selection(
  dlq: readonly WorkflowDlqEntry[],
  query: URLSearchParams,
  variants: Partial<ServerVariants>
): { lo: number; hi: number; matches: (e: WorkflowDlqEntry) => boolean } {
  const dlqIds = setParam(query, 'dlqIds')
  if (dlqIds) {
    const found = dlq.some(e => dlqIds.has(e.dlqId))
    if (!found) throw new HttpError(404, `DLQ entries not found: ${[...dlqIds].join(', ')}`)
    return { lo: 0, hi: dlq.length, matches: e => dlqIds.has(e.dlqId) }
  }
  const fromDate = intParam(query, 'fromDate')
  const toDate = intParam(query, 'toDate')
  const createdAt = intParam(query, 'workflowCreatedAt')
  const urlValues = query.getAll('workflowUrl')
  const urls =
    urlValues.length === 0
      ? undefined
      : new Set(variants.commaSeparates ? urlValues.flatMap(v => v.split(',')) : urlValues)
  const runIds = query.getAll('workflowRunId')
  return {
    lo: fromDate === undefined ? 0 : partition(dlq, e => e.failedAt < fromDate),
    hi: toDate === undefined ? dlq.length : partition(dlq, e => e.failedAt <= toDate),
    matches: e =>
      (urls === undefined || urls.has(e.workflowUrl)) &&
      (createdAt === undefined || e.workflowCreatedAt === createdAt) &&
      (runIds.length === 0 || runIds.some(r => e.workflowRunId.startsWith(r)))
  }
}

/**
 * Up to `count` entries of a selection past the cursor's position, and whether another one follows: after it, oldest
 * first, or (`newestFirst`, order latestFirst) before it, newest first.
 */
export function selectedPast(
  dlq: readonly WorkflowDlqEntry[],
  { lo, hi, matches }: ReturnType<typeof selection>,
  position: Position | undefined,
  count: number,
  newestFirst = false
): { entries: WorkflowDlqEntry[]; more: boolean } {
  let start = lo
  let end = hi
  if (position && newestFirst)
    end = Math.min(
      hi,
      partition(dlq, e => comparePos(e.failedAt, e.dlqId, position) < 0)
    )
  else if (position)
    start = Math.max(
      lo,
      partition(dlq, e => comparePos(e.failedAt, e.dlqId, position) <= 0)
    )
  const entries: WorkflowDlqEntry[] = []
  for (let k = 0; k < end - start; k++) {
    const e = dlq[newestFirst ? end - 1 - k : start + k] as WorkflowDlqEntry
    if (!matches(e)) continue
    if (entries.length === count) return { entries, more: true }
    entries.push(e)
  }
  return { entries, more: false }
}

/** Removes these entries in place (the array object stays the same for observers). */
function removeEntries(dlq: WorkflowDlqEntry[], chosen: readonly WorkflowDlqEntry[]): void {
  const removed = new Set(chosen)
  let w = 0
  for (let r = 0; r < dlq.length; r++) {
    const e = dlq[r] as WorkflowDlqEntry
    if (!removed.has(e)) dlq[w++] = e
  }
  dlq.length = w
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
  const rawCursor = query.get('cursor') ?? ''
  let position: Position | undefined
  if (rawCursor !== '') {
    position = decodeCursor('r1', rawCursor)
    if (!position && !stuck) throw new HttpError(400, 'invalid cursor')
  }
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
  const { entries: chosen, more } = selectedPast(dlq, selection(dlq, query, ctx.variants), position, batch)
  removeEntries(dlq, chosen)
  const workflowRuns = createRuns(ctx, chosen, overrides)
  const last = chosen[chosen.length - 1]
  let cursor = ''
  if (stuck) cursor = rawCursor || 'stuck'
  else if (more && last) cursor = encodeCursor('r1', { time: last.failedAt, id: last.dlqId })
  return json(200, { workflowRuns, cursor })
}
