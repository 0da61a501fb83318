/**
 * POST /v2/workflows/dlq/restart (the bulk resume's selectors, 50 a request, cursor) and POST
 * /v2/workflows/dlq/restart/{dlqId}: each run taken leaves the DLQ and a new run starts from the first step, which
 * the run log and the run fates treat as a resumed run. A run that does not support restart fails the whole request
 * with 400, nothing done, so a client must find it on the one-entry path, where only that id answers 400.
 */
import type http from 'node:http'
import type { SimContext } from '../context.js'
import { inShare } from '../fates.js'
import { HttpError, json, type SimResponse } from '../respond.js'
import type { WorkflowDlqEntry } from '../seed.js'
import { createRuns } from './resume.js'
import { readOverrides, runWrite, take, type WriteRequest } from './writes.js'

const CURSOR_TAG = 's1'
const RESTART_BATCH = 50

/** The failed runs that do not support restart: a stable share of them (by dlqId), and these dlqIds. */
export interface Unrestartable {
  /** 0 to 1, default 0 */
  share?: number
  dlqIds?: readonly string[]
}

/** Refuses the request, nothing done, when one of its runs does not support restart; names the first. */
function refuseUnrestartable(unrestartable: Unrestartable, entries: readonly WorkflowDlqEntry[]): void {
  const refused = entries.find(
    e => unrestartable.dlqIds?.includes(e.dlqId) === true || inShare(e.dlqId, 'restart', unrestartable.share, 0)
  )
  if (refused !== undefined) {
    throw new HttpError(400, `workflow run ${refused.workflowRunId} (${refused.dlqId}) does not support restart`)
  }
}

/** In bulk, answered as the bulk resume; one entry, as the production API does: the new run itself, not a list. */
export function restart(ctx: SimContext, request: WriteRequest, headers: http.IncomingHttpHeaders): SimResponse {
  const overrides = readOverrides(headers, true)
  const target = runWrite(ctx, CURSOR_TAG, RESTART_BATCH)
  const { entries, cursor } = take(target, request, chosen => refuseUnrestartable(ctx.unrestartable, chosen))
  const workflowRuns = createRuns(ctx, entries, overrides, true)
  return json(200, request.id !== undefined ? workflowRuns[0] : { workflowRuns, cursor: cursor ?? '' })
}
