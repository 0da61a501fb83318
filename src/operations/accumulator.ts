import type { CountWindows, ListRequest } from '../requests.js'
import { isDateMs } from '../format.js'
import type { DlqMessage } from '../service/schemas.js'
import { HourlyCounts } from './health.js'
import type {
  Breakdown,
  CountRow,
  DestinationRow,
  ListedWorkflowRun,
  ListFindings,
  MessageExample
} from '../results.js'
import { ItemProblems } from './item-problems.js'
import {
  BODY_SAMPLE_LENGTH,
  CREATED_AT_FLOOR_MS,
  CREATED_AT_TOLERANCE_MS,
  MESSAGE_IDS_MAX_BYTES,
  TALLY_CAPACITY
} from '../constants.js'
import { copyPrefix } from '../service/redact.js'
import { CauseFigures } from './causes.js'
import { boundedKey, Tally } from './tally.js'

/** Examples the summary shows of the oldest messages, and of the newest. */
const EXAMPLES = 5

/** Keeps the EXAMPLES items with the smallest (or largest) keys seen so far, without holding the rest. */
class Extremes<T> {
  private readonly items: { key: number; item: T }[] = []
  /** Keys are kept negated for 'largest', so that one ascending list serves both. */
  private readonly sign: 1 | -1

  constructor(keep: 'smallest' | 'largest') {
    this.sign = keep === 'smallest' ? 1 : -1
  }

  /** `make` builds the item only when it is kept: most messages are neither among the oldest nor the newest. */
  add(key: number, make: () => T): void {
    if (!Number.isFinite(key)) return
    const k = key * this.sign
    let i = this.items.length
    while (i > 0 && (this.items[i - 1] as { key: number }).key > k) i--
    if (i >= EXAMPLES) return
    this.items.splice(i, 0, { key: k, item: make() })
    if (this.items.length > EXAMPLES) this.items.pop()
  }

  /** The items kept, the most extreme first. */
  values(): T[] {
    return this.items.map(e => e.item)
  }
}

/** Causes a listing reports: the summary's and the table show 20, the causes output 10. */
const LEADING_CAUSES = 20
/** Failed workflow runs kept for the summary's table; the table shows fewer, the messages-file has them all. */
const WORKFLOW_RUN_ROWS = 100
/** Destinations the summary's "what is failing" table shows. */
export const TOP_DESTINATIONS = 10
/** Distinct statuses counted per destination; the rest only count as "other". */
const STATUSES_PER_DESTINATION = 8

type ResponseSample = Pick<DestinationRow, 'bodySample' | 'bodyCut' | 'binaryBody'>

/** Sets `into` to the sample of a message's last response body: in place, as a listing does it for every message. */
function setResponseSample(into: ResponseSample, message: DlqMessage): void {
  const body = message.responseBody
  into.bodySample = body === undefined ? undefined : copyPrefix(body, BODY_SAMPLE_LENGTH)
  into.bodyCut = body !== undefined && body.length > BODY_SAMPLE_LENGTH ? true : undefined
  into.binaryBody = body === undefined ? message.responseBodyBase64?.length : undefined
}

/** The start of a message's last response body, copied, and whether it was longer; binaryBody: base64 only, its size. */
export function responseSample(message: DlqMessage): ResponseSample {
  const sample: ResponseSample = {}
  setResponseSample(sample, message)
  return sample
}

/** What one destination's messages show, since its key entered the breakdown. */
interface DestinationStats {
  statuses: Map<number | 'none', number>
  newest: number
  /** Its row's figures: the oldest message, and the response body of the newest. */
  figures: Pick<DestinationRow, 'oldestCreatedAt' | 'bodySample' | 'bodyCut' | 'binaryBody'>
}

/** Messages by destination URL, with figures for each destination kept: dropped with it, so memory stays bounded. */
export class DestinationFigures {
  readonly tally = new Tally<DestinationStats>(TALLY_CAPACITY)

  /** `at`: its createdAt when that can be true (the accumulator judges it). */
  add(message: DlqMessage, at: number | undefined): void {
    const kept = this.tally.add(message.url ?? '(none)')
    if (kept === undefined) return
    const stats: DestinationStats = (kept.figures ??= { statuses: new Map(), newest: -Infinity, figures: {} })
    const status = message.responseStatus ?? 'none'
    const seen = stats.statuses.get(status)
    if (seen !== undefined || stats.statuses.size < STATUSES_PER_DESTINATION)
      stats.statuses.set(status, (seen ?? 0) + 1)
    const { figures } = stats
    if (at !== undefined && at < (figures.oldestCreatedAt ?? Infinity)) figures.oldestCreatedAt = at
    // The newest message's body is the last response; without dates, the last one listed.
    const order = at ?? stats.newest
    if (order >= stats.newest) {
      stats.newest = order
      setResponseSample(figures, message)
    }
  }

  /** The top destinations with their figures, most messages first. */
  rows(): DestinationRow[] {
    return this.tally
      .entries()
      .slice(0, TOP_DESTINATIONS)
      .map(({ value, count, figures: stats }) => {
        const row: DestinationRow = { url: value, count }
        if (stats === undefined) return row
        // A destination's first message always counts its status, so there is a most frequent one.
        const [status, most] = [...stats.statuses].reduce((top, entry) => (entry[1] > top[1] ? entry : top))
        if (status !== 'none') row.status = status
        const others = [...stats.statuses.values()].reduce((sum, n) => sum + n, -most)
        if (others > 0) row.otherStatuses = others
        return { ...row, ...stats.figures }
      })
  }
}

/** What the accumulator asks of the counter of causes. */
export type CauseCounter = Pick<CauseFigures, 'add' | 'rows' | 'undercount'>

/** Streams the DLQ into counts and a few examples, so memory stays flat however long the DLQ is. */
export class ListAccumulator {
  count = 0
  /** Items that could not be used as sent; those left out for want of an id are still counted and judged. */
  readonly problems = new ItemProblems()
  private readonly destinations = new DestinationFigures()
  private readonly tallies: Record<Breakdown, Tally<unknown>> = {
    byUrl: this.destinations.tally,
    byStatus: new Tally(),
    byTopic: new Tally(),
    byQueue: new Tally(),
    bySchedule: new Tally()
  }
  private readonly hourly = new HourlyCounts()
  private readonly oldest = new Extremes<MessageExample>('smallest')
  private readonly newest = new Extremes<MessageExample>('largest')
  private badCreatedAt?: { count: number; messageId: string }
  private futureCreatedAt?: { count: number; messageId: string; aheadMs: number }
  /** The latest createdAt taken as true: the service's time when last read, plus the tolerance. */
  private horizon = -Infinity
  private readonly workflowRuns: ListedWorkflowRun[] = []
  private noCreatedAt = 0
  /** Messages within the windows asked: created lately, and deleted by the service soon. */
  private newCount = 0
  private expiringCount = 0

  /** The windows' bounds on the service's clock, placed when the first dated message comes. */
  private bounds?: { newSince: number; expiringBy: number }

  constructor(
    private readonly windows: CountWindows = {},
    /** The service's time (its last answer's Date), or the run's where it sent none: what createdAt is compared with. */
    private readonly serviceTime: () => number = () => Date.now(),
    /** Where causes are counted (the bench gives one that counts nothing, to measure what they cost). */
    private readonly causes: CauseCounter = new CauseFigures()
  ) {}

  /** Counts the message; with `withKey`, returns its cause's key (hashed only then). */
  add(message: DlqMessage, withKey = false): string | undefined {
    this.count++
    const at = this.createdAt(message)
    this.destinations.add(message, at)
    this.tallies.byStatus.add(message.responseStatus === undefined ? '(none)' : String(message.responseStatus))
    this.tallies.byTopic.add(message.topicName ?? message.topicId ?? '(none)')
    this.tallies.byQueue.add(message.queueName ?? '(none)')
    this.tallies.bySchedule.add(message.scheduleId ?? '(none)')
    if (message.workflowRunId !== undefined && this.workflowRuns.length < WORKFLOW_RUN_ROWS) {
      this.workflowRuns.push(workflowRow(message, message.workflowRunId, at))
    }
    if (at !== undefined) {
      this.hourly.add(at)
      this.oldest.add(at, () => slim(message))
      this.newest.add(at, () => slim(message))
      // createdAt is the service's time: the windows are placed on its clock, once its answer has said it.
      const { newSince, expiringBy } = (this.bounds ??= this.windowBounds(this.serviceTime()))
      if (at >= newSince) this.newCount++
      if (at <= expiringBy) this.expiringCount++
    } else this.noCreatedAt++
    return this.causes.add(message, at, withKey)
  }

  /**
   * The message's createdAt when it can be true, else undefined (undated), counting why: none; before the service
   * could have stamped it (0, what an unset integer gives, among them) or no date at all; ahead of the service's clock.
   */
  private createdAt(message: DlqMessage): number | undefined {
    const at = message.createdAt
    if (at === undefined) return undefined
    if (!isDateMs(at) || at < CREATED_AT_FLOOR_MS) {
      this.badCreatedAt ??= { count: 0, messageId: boundedKey(message.messageId) }
      this.badCreatedAt.count++
      return undefined
    }
    // The clock is read again only for a time past the last reading: a listing's messages are rarely that new.
    if (at > this.horizon) this.horizon = this.serviceTime() + CREATED_AT_TOLERANCE_MS
    if (at <= this.horizon) return at
    const aheadMs = at - (this.horizon - CREATED_AT_TOLERANCE_MS)
    this.futureCreatedAt ??= { count: 0, messageId: boundedKey(message.messageId), aheadMs }
    this.futureCreatedAt.count++
    this.futureCreatedAt.aheadMs = Math.max(this.futureCreatedAt.aheadMs, aheadMs)
    return undefined
  }

  result(
    request: ListRequest,
    pages: number,
    { messageIds, dlqIds }: ListedIds,
    /** How the listing ended, when it did not reach the end. */
    { failure, nextCursor }: Pick<ListFindings, 'failure' | 'nextCursor'> = {}
  ): ListFindings {
    const { unreadable } = this.problems
    const count = this.count + unreadable
    // Items left out for want of an id are messages of unknown age.
    const noCreatedAt = this.noCreatedAt + unreadable
    const oldest = this.oldest.values()
    const oldestCreatedAt = oldest[0]?.createdAt
    const tallies = Object.entries(this.tallies) as [Breakdown, Tally<unknown>][]
    const undercount = tallies
      .filter(([, tally]) => tally.undercount > 0)
      .map(([name, t]): [Breakdown, number] => [name, t.undercount])
    return {
      operation: 'list-dlq',
      filters: request.filters,
      order: request.order,
      pageSize: request.pageSize,
      ...(request.cursor !== undefined ? { startCursor: request.cursor } : {}),
      count,
      pages,
      messageIds: messageIds.ids,
      messageIdsTruncated: messageIds.truncated,
      dlqIds: dlqIds.ids,
      dlqIdsTruncated: dlqIds.truncated,
      ...(oldestCreatedAt !== undefined ? { oldestCreatedAt } : {}),
      oldest,
      newest: this.newest.values(),
      ...(Object.fromEntries(tallies.map(([name, tally]) => [name, tally.rows()])) as Record<Breakdown, CountRow[]>),
      byDestination: this.destinations.rows(),
      ...(request.maxMessages !== undefined ? { maxMessages: request.maxMessages } : {}),
      maxPages: request.maxPages,
      histogram: this.hourly.histogram(),
      ...(undercount.length > 0 ? { undercount: Object.fromEntries(undercount) } : {}),
      ...(this.badCreatedAt !== undefined ? { badCreatedAt: { ...this.badCreatedAt } } : {}),
      ...(this.futureCreatedAt !== undefined ? { futureCreatedAt: { ...this.futureCreatedAt } } : {}),
      ...(noCreatedAt > 0 ? { noCreatedAt } : {}),
      ...this.windowFigures(oldestCreatedAt),
      causes: this.causes.rows(LEADING_CAUSES),
      ...(this.causes.undercount > 0 ? { causesUndercount: this.causes.undercount } : {}),
      concurrency: request.concurrency,
      ...(request.filters.source === 'workflow' ? { workflowRuns: [...this.workflowRuns] } : {}),
      itemProblems: this.problems.summary(),
      ...(nextCursor !== undefined ? { nextCursor } : {}),
      ...(failure !== undefined ? { failure } : {})
    }
  }

  /** New: created at or after newSince; deleted within the expiry window: created at or before expiringBy. */
  private windowBounds(now: number): { newSince: number; expiringBy: number } {
    const { arrivals, expiry } = this.windows
    return {
      newSince: arrivals === undefined ? Infinity : now - arrivals.withinMs,
      expiringBy: expiry === undefined ? -Infinity : now + expiry.withinMs - expiry.retentionMs
    }
  }

  /** What the windows asked for counted: new messages, and those the service deletes within the expiry window. */
  private windowFigures(oldestCreatedAt: number | undefined): Pick<ListFindings, 'arrivals' | 'expiry'> {
    const { arrivals, expiry } = this.windows
    return {
      ...(arrivals !== undefined ? { arrivals: { withinMs: arrivals.withinMs, count: this.newCount } } : {}),
      ...(expiry !== undefined
        ? {
            expiry: {
              retentionMs: expiry.retentionMs,
              withinMs: expiry.withinMs,
              count: this.expiringCount,
              ...(oldestCreatedAt !== undefined ? { nextAt: oldestCreatedAt + expiry.retentionMs } : {})
            }
          }
        : {})
    }
  }
}

/** Bytes an id adds to the JSON array of ids; printable ASCII without escapes is counted directly. */
export const idBytes = (id: string): number =>
  PLAIN_ASCII.test(id) ? id.length + 3 : Buffer.byteLength(JSON.stringify(id)) + 1
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/

/** Message ids in listing order, as many as fit the output cap. */
export class MessageIds {
  readonly ids: string[] = []
  truncated = false
  private bytes = 2 // the brackets of the JSON array

  add(id: string): void {
    if (this.truncated) return
    const bytes = idBytes(id)
    this.truncated = this.bytes + bytes > MESSAGE_IDS_MAX_BYTES
    if (this.truncated) return
    this.ids.push(id)
    this.bytes += bytes
  }
}

/** The message ids and the DLQ ids (what a resume by dlq-ids takes) of a listing, in listing order, each capped. */
export class ListedIds {
  constructor(
    readonly messageIds = new MessageIds(),
    readonly dlqIds = new MessageIds()
  ) {}

  add(message: DlqMessage): void {
    this.messageIds.add(message.messageId)
    // An entry without a dlqId cannot be resumed by id: the list stays a list of what can.
    if (message.dlqId !== undefined) this.dlqIds.add(message.dlqId)
  }
}

/** The fields the summary's table shows of a failed workflow run, each bounded; copies, not slices of the page. */
function workflowRow(message: DlqMessage, workflowRunId: string, failedAt: number | undefined): ListedWorkflowRun {
  const { workflowUrl, dlqId, responseBody } = message
  return {
    workflowRunId: boundedKey(workflowRunId),
    workflowUrl: workflowUrl && boundedKey(workflowUrl),
    dlqId: dlqId && boundedKey(dlqId),
    failedAt,
    responseStatus: message.responseStatus,
    responseBody: responseBody && copyPrefix(responseBody, BODY_SAMPLE_LENGTH)
  }
}

/** The fields the summary shows of an example message, each bounded; bodies and headers are not kept. */
function slim({ dlqId, messageId, url, responseStatus, createdAt }: DlqMessage): MessageExample {
  // The dlqId tells apart the DLQ entries of one message (a fan-out), which share its id and time.
  const id = dlqId && boundedKey(dlqId)
  return { dlqId: id, messageId: boundedKey(messageId), url: url && boundedKey(url), responseStatus, createdAt }
}
