import { Inputs } from '../constants.js'
import type { ListSettings } from '../inputs/settings.js'
import { drainInto } from '../service/pagination.js'
import { listQuery } from '../service/query.js'
import type { DlqPage } from '../service/schemas.js'
import type { MessageSink } from './messages-file.js'
import { listInSlices } from './parallel-list.js'
import type { ListResult } from './results.js'
import { ListAccumulator, MessageIds } from './accumulator.js'

export interface DlqLister {
  listDlqPage(query: URLSearchParams): Promise<DlqPage>
}

export interface ListHooks {
  /** After each page: how many messages it held and how many were listed so far. */
  onPage?: (messages: number, total: number) => void
  /** Receives every listed message, page by page (the messages-file). */
  sink?: MessageSink
  /** Runs each request of a parallel listing; lets a 429 narrow the concurrency. */
  limit?: <T>(task: () => Promise<T>) => Promise<T>
}

/**
 * Lists the DLQ with the user's filters, page after page until the service returns no cursor, or until
 * max-messages; with concurrency above one, as disjoint date slices drained at the same time. A failure
 * part way keeps what was listed (and, for one sequential listing, the cursor to continue from).
 */
export async function listDlq(client: DlqLister, settings: ListSettings, hooks: ListHooks = {}): Promise<ListResult> {
  const acc = new ListAccumulator()
  if (settings.concurrency > 1) {
    const outcome = await listInSlices(client, settings, acc, hooks)
    return {
      ...acc.result(settings, outcome.pages, outcome.messageIds, Date.now()),
      ...(outcome.error !== undefined ? { error: outcome.error } : {})
    }
  }

  const ids = new MessageIds()
  const maxMessages = settings.maxMessages ?? Infinity
  const outcome = await drainInto(
    cursor => {
      // Ask for no more than max-messages still allows, so the cursor left over continues exactly there.
      const count = Math.min(settings.count, maxMessages - acc.count)
      return client.listDlqPage(listQuery(settings.filters, count, settings.order, cursor))
    },
    {
      maxPages: settings.maxPages,
      maxPagesInput: Inputs.MaxPages,
      startCursor: settings.cursor,
      // Handling a page overlaps the next round trip; with max-messages each request's count depends on it.
      prefetch: settings.maxMessages === undefined
    },
    async page => {
      const messages = page.messages()
      for (const message of messages) {
        acc.add(message)
        ids.add(message.messageId)
      }
      await hooks.sink?.write(messages)
      hooks.onPage?.(messages.length, acc.count)
      return acc.count < maxMessages
    }
  )
  return {
    ...acc.result(settings, outcome.pages, ids, Date.now()),
    ...(outcome.nextCursor !== undefined ? { nextCursor: outcome.nextCursor } : {}),
    ...(outcome.error !== undefined ? { error: outcome.error } : {})
  }
}
