/**
 * DELETE /v2/dlq and DELETE /v2/workflows/dlq (by dlqIds or the filters, 100 a request, cursor; no selector at all
 * deletes everything, as the wire does), and DELETE /v2/dlq/{dlqId}, /v2/workflows/dlq/{dlqId}: the entries are
 * gone for good, answered `{"deleted": N, "cursor"?}`, or 200 with no body for one entry.
 */
import type { SimContext } from '../context.js'
import { json, type SimResponse } from '../respond.js'
import { messageWrite, runWrite, take, type WriteRequest, type WriteTarget } from './writes.js'

/** Which DLQ a delete path names. */
export type DlqKind = 'messages' | 'runs'

const DELETE_BATCH = 100

export function deleteEntries(ctx: SimContext, kind: DlqKind, request: WriteRequest): SimResponse {
  const target: WriteTarget<{ dlqId: string }> =
    kind === 'messages' ? messageWrite(ctx, 'dm1') : runWrite(ctx, 'dw1', DELETE_BATCH)
  const { entries, cursor } = take(target, request)
  if (request.id !== undefined) return { status: 200, headers: {}, body: '' }
  return json(200, cursor === undefined ? { deleted: entries.length } : { deleted: entries.length, cursor })
}
