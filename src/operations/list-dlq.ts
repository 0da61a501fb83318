import { Inputs } from '../constants.js'
import { drainInto } from '../service/pagination.js'
import { listQuery } from '../service/query.js'
import { readDlqMessages } from '../service/schemas.js'
import { ListAccumulator, ListedIds } from './accumulator.js'
import type { DlqLister, ListHooks } from './list-hooks.js'
import { listInSlices } from './parallel-list.js'
import type { HealthThresholds, ListFilters, ListRequest } from '../requests.js'
import type { ListResult } from '../results.js'

/** Lists the DLQ to its end or max-messages, in date slices when concurrent; a failure keeps what was listed. */
export async function listDlq(
  client: DlqLister,
  request: ListRequest,
  thresholds: HealthThresholds,
  now: number,
  hooks: ListHooks = {}
): Promise<ListResult> {
  // Several message ids are listed one id at a time (some servers apply only one), never in slices.
  const severalIds = (request.filters.messageId?.length ?? 0) > 1
  if (request.concurrency <= 1 || severalIds) return listSequentially(client, request, thresholds, now, hooks)

  const outcome = await listInSlices(client, request, hooks)
  if (outcome.untrusted === undefined) {
    hooks.log?.(
      `parallel listing: ${outcome.slices} date ${outcome.slices === 1 ? 'slice' : 'slices'}, ${request.concurrency} at a time`
    )
    return {
      ...outcome.acc.result(request, thresholds, outcome.pages, outcome.ids, now, outcome),
      slices: outcome.slices
    }
  }
  // Nothing the slices counted can be trusted: start again, the file too, as one ordered listing.
  hooks.log?.(`parallel listing stopped: ${outcome.untrusted}. Listing again as one sequential listing.`)
  await hooks.sink?.restart()
  const sequential = await listSequentially(client, request, thresholds, now, hooks)
  return { ...sequential, pages: sequential.pages + outcome.pages, fallback: outcome.untrusted }
}

/** One ordered listing from the start (or the user's cursor); several message ids: one per id, merged, no cursor. */
async function listSequentially(
  client: DlqLister,
  request: ListRequest,
  thresholds: HealthThresholds,
  now: number,
  hooks: ListHooks
): Promise<ListResult> {
  const acc = new ListAccumulator()
  const ids = new ListedIds()
  const maxMessages = request.maxMessages ?? Infinity
  // Drains one listing of `filters`; never throws.
  const drain = (filters: ListFilters, startCursor: string | undefined, maxPages: number) =>
    drainInto(
      cursor => {
        // Ask for no more than max-messages still allows, so the cursor left over continues exactly there.
        const count = Math.min(request.pageSize, maxMessages - acc.count)
        return client.listDlqPage(listQuery(filters, count, request.order, cursor))
      },
      {
        maxPages,
        maxPagesInput: Inputs.MaxPages,
        startCursor,
        // Handling a page overlaps the next round trip; with max-messages each request's count depends on it.
        prefetch: request.maxMessages === undefined
      },
      async page => {
        const read = readDlqMessages(page.items)
        acc.problems.add(read.problems)
        for (const message of read.messages) {
          acc.add(message)
          ids.add(message)
        }
        await hooks.sink?.write(read.messages)
        hooks.onPage?.(read.messages.length, acc.count)
        if (hooks.progress) {
          hooks.progress.confirmed = acc.count + acc.problems.unreadable
          // Only one listing of the user's own filters has a cursor that continues the whole listing.
          if (filters === request.filters) hooks.progress.nextCursor = page.cursor
        }
        return acc.count < maxMessages
      }
    )
  const messageIds = request.filters.messageId ?? []
  if (messageIds.length <= 1) {
    if (hooks.progress) hooks.progress.nextCursor = request.cursor
    const outcome = await drain(request.filters, request.cursor, request.maxPages)
    return acc.result(request, thresholds, outcome.pages, ids, now, outcome)
  }
  let pages = 0
  for (const [i, messageId] of messageIds.entries()) {
    const outcome = await drain({ ...request.filters, messageId: [messageId] }, undefined, request.maxPages - pages)
    pages += outcome.pages
    if (outcome.failure !== undefined) {
      const failure = { ...outcome.failure, messageId: { index: i + 1, of: messageIds.length } }
      return acc.result(request, thresholds, pages, ids, now, { failure })
    }
  }
  return acc.result(request, thresholds, pages, ids, now)
}
