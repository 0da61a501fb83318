import type { HealthThresholds, ListRequest } from '../requests.js'
import type { DlqMessage } from '../service/schemas.js'
import { isDateMs } from '../service/schemas.js'
import { HourlyCounts, judgeHealth } from './health.js'
import type { ListResult, MessageExample } from '../results.js'
import { Extremes, Tally, boundedKey } from './tally.js'

/** GitHub caps a job's outputs at 1 MB; `message-ids` stays a valid JSON array below this. */
export const MESSAGE_IDS_MAX_BYTES = 900_000
const EXAMPLES = 5

/** Streams the DLQ into counts and a few examples, so memory stays flat however long the DLQ is. */
export class ListAccumulator {
  count = 0
  private readonly byUrl = new Tally()
  private readonly byStatus = new Tally()
  private readonly byTopic = new Tally()
  private readonly byQueue = new Tally()
  private readonly bySchedule = new Tally()
  private readonly hourly = new HourlyCounts()
  private readonly oldest = new Extremes<MessageExample>(EXAMPLES, 'smallest')
  private readonly newest = new Extremes<MessageExample>(EXAMPLES, 'largest')
  private badCreatedAt?: { count: number; messageId: string }

  add(message: DlqMessage): void {
    this.count++
    this.byUrl.add(message.url ?? '(none)')
    this.byStatus.add(message.responseStatus === undefined ? '(none)' : String(message.responseStatus))
    this.byTopic.add(message.topicName ?? message.topicId ?? '(none)')
    this.byQueue.add(message.queueName ?? '(none)')
    this.bySchedule.add(message.scheduleId ?? '(none)')
    if (message.createdAt !== undefined && !isDateMs(message.createdAt)) {
      // The schema should have dropped it; never let it reach a Date.
      if (this.badCreatedAt) this.badCreatedAt.count++
      else this.badCreatedAt = { count: 1, messageId: boundedKey(message.messageId) }
    } else if (message.createdAt !== undefined) {
      this.hourly.add(message.createdAt)
      this.oldest.add(message.createdAt, slim(message))
      this.newest.add(message.createdAt, slim(message))
    }
  }

  result(
    request: ListRequest,
    thresholds: HealthThresholds,
    pages: number,
    messageIds: MessageIds,
    now: number
  ): ListResult {
    const oldest = this.oldest.values()
    const newest = this.newest.values()
    const oldestCreatedAt = oldest[0]?.createdAt
    return {
      operation: 'list-dlq',
      filters: request.filters,
      order: request.order,
      pageSize: request.pageSize,
      ...(request.cursor !== undefined ? { startCursor: request.cursor } : {}),
      count: this.count,
      pages,
      messageIds: messageIds.ids,
      messageIdsTruncated: messageIds.truncated,
      ...(oldestCreatedAt !== undefined ? { oldestCreatedAt } : {}),
      ...(newest[0]?.createdAt !== undefined ? { newestCreatedAt: newest[0].createdAt } : {}),
      oldest,
      newest,
      byUrl: this.byUrl.rows(),
      byStatus: this.byStatus.rows(),
      byTopic: this.byTopic.rows(),
      byQueue: this.byQueue.rows(),
      bySchedule: this.bySchedule.rows(),
      histogram: this.hourly.histogram(),
      ...this.undercount(),
      ...(this.badCreatedAt !== undefined ? { badCreatedAt: { ...this.badCreatedAt } } : {}),
      health: judgeHealth(thresholds, this.count, oldestCreatedAt, now),
      concurrency: request.concurrency
    }
  }

  /** The breakdowns that saw more distinct values than they keep, and how far their counts may be low. */
  private undercount(): Pick<ListResult, 'undercount'> {
    const undercount: NonNullable<ListResult['undercount']> = {}
    const tallies = [
      ['byUrl', this.byUrl],
      ['byStatus', this.byStatus],
      ['byTopic', this.byTopic],
      ['byQueue', this.byQueue],
      ['bySchedule', this.bySchedule]
    ] as const
    for (const [name, tally] of tallies) if (tally.undercount > 0) undercount[name] = tally.undercount
    return Object.keys(undercount).length > 0 ? { undercount } : {}
  }
}

/** Message ids in listing order, as many as fit the output cap. */
export class MessageIds {
  readonly ids: string[] = []
  truncated = false
  private bytes = 2 // the brackets of the JSON array

  add(id: string): void {
    if (this.truncated) return
    const bytes = Buffer.byteLength(JSON.stringify(id)) + 1
    if (this.bytes + bytes > MESSAGE_IDS_MAX_BYTES) {
      this.truncated = true
      return
    }
    this.ids.push(id)
    this.bytes += bytes
  }

  /** Appends another list after this one (the next slice of a parallel listing). */
  append(other: MessageIds): void {
    for (const id of other.ids) this.add(id)
    if (other.truncated) this.truncated = true
  }
}

/** The fields the summary shows of an example message, each bounded; bodies and headers are not kept. */
function slim(message: DlqMessage): MessageExample {
  const { messageId, url, responseStatus, createdAt } = message
  return {
    messageId: boundedKey(messageId),
    url: url === undefined ? undefined : boundedKey(url),
    responseStatus,
    createdAt
  }
}
