import type { ListSettings } from '../inputs/settings.js'
import { Inputs } from '../constants.js'
import { drainInto } from '../service/pagination.js'
import { listQuery } from '../service/query.js'
import type { DlqMessage, DlqPage } from '../service/schemas.js'
import type { ListResult } from './results.js'
import { Smallest, Tally } from './tally.js'

export interface DlqLister {
  listDlqPage(query: URLSearchParams): Promise<DlqPage>
}

/** GitHub caps a job's outputs at 1 MB; `message-ids` stays a valid JSON array below this. */
export const MESSAGE_IDS_MAX_BYTES = 900_000
const EXAMPLES = 5

/** Streams the DLQ into counts and a few examples, so memory stays flat however long the DLQ is. */
export class ListAccumulator {
  count = 0
  readonly messageIds: string[] = []
  messageIdsTruncated = false
  private idBytes = 2 // the brackets of the JSON array
  private readonly byUrl = new Tally()
  private readonly byStatus = new Tally()
  private readonly oldest = new Smallest<DlqMessage>(EXAMPLES, 1)
  private readonly newest = new Smallest<DlqMessage>(EXAMPLES, -1)

  add(message: DlqMessage): void {
    this.count++
    const idBytes = Buffer.byteLength(JSON.stringify(message.messageId)) + 1
    if (!this.messageIdsTruncated && this.idBytes + idBytes <= MESSAGE_IDS_MAX_BYTES) {
      this.messageIds.push(message.messageId)
      this.idBytes += idBytes
    } else {
      this.messageIdsTruncated = true
    }
    this.byUrl.add(message.url ?? '(none)')
    this.byStatus.add(message.responseStatus === undefined ? '(none)' : String(message.responseStatus))
    if (message.createdAt !== undefined) {
      this.oldest.add(message.createdAt, slim(message))
      this.newest.add(message.createdAt, slim(message))
    }
  }

  result(settings: ListSettings, pages: number): ListResult {
    const oldest = this.oldest.values()
    const newest = this.newest.values()
    return {
      operation: 'list-dlq',
      filters: settings.filters,
      order: settings.order,
      pageSize: settings.count,
      ...(settings.cursor !== undefined ? { startCursor: settings.cursor } : {}),
      count: this.count,
      pages,
      messageIds: this.messageIds,
      messageIdsTruncated: this.messageIdsTruncated,
      ...(oldest[0]?.createdAt !== undefined ? { oldestCreatedAt: oldest[0].createdAt } : {}),
      ...(newest[0]?.createdAt !== undefined ? { newestCreatedAt: newest[0].createdAt } : {}),
      oldest,
      newest,
      byUrl: this.byUrl.rows(),
      byStatus: this.byStatus.rows()
    }
  }
}

/** The fields the summary shows of an example message; bodies and headers are not kept. */
function slim(message: DlqMessage): DlqMessage {
  const { messageId, url, responseStatus, createdAt } = message
  return { messageId, url, responseStatus, createdAt }
}

/**
 * Lists the DLQ with the user's filters, page after page until the service returns no cursor, or until
 * max-messages. A failure part way keeps what was listed and the cursor to continue from.
 */
export async function listDlq(
  client: DlqLister,
  settings: ListSettings,
  onPage: (page: DlqPage, total: number) => void = () => {}
): Promise<ListResult> {
  const acc = new ListAccumulator()
  const limit = settings.maxMessages ?? Infinity
  const outcome = await drainInto(
    cursor => {
      // Ask for no more than max-messages still allows, so the cursor left over continues exactly there.
      const count = Math.min(settings.count, limit - acc.count)
      return client.listDlqPage(listQuery(settings.filters, count, settings.order, cursor))
    },
    { maxPages: settings.maxPages, maxPagesInput: Inputs.MaxPages, startCursor: settings.cursor },
    page => {
      for (const message of page.messages) acc.add(message)
      onPage(page, acc.count)
      return acc.count < limit
    }
  )
  return {
    ...acc.result(settings, outcome.pages),
    ...(outcome.nextCursor !== undefined ? { nextCursor: outcome.nextCursor } : {}),
    ...(outcome.error !== undefined ? { error: outcome.error } : {})
  }
}
