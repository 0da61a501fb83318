/** Ways real servers differ (docs/service.md, "How servers differ"), and the per-message choices some of them make. */
import { fnv1a } from './cursor.js'
import type { SimMessage } from './seed.js'
import type { Route, WriteRoute } from './state.js'

/**
 * Each is off by default; `ALL_VARIANTS` turns most on at once. Tests run the action against each, and against all
 * together; the Date faults and the run log's repeated ids and lag are left to the properties over the simulator.
 */
export interface ServerVariants {
  /** list: answer in earliestFirst order whatever `order` says (the production API dropped it). */
  ignoreOrder: boolean
  /** list: fromDate/toDate filter a hidden time the message entered the DLQ (some time after createdAt). */
  datesOnEntryTime: boolean
  /** list: every third message carries no createdAt (it is optional on read). */
  omitCreatedAt: boolean
  /** list: each date bound is one millisecond wider than asked (fromDate - 1, toDate + 1). */
  dateBoundOffByOne: boolean
  /** list: each date bound is one millisecond narrower than asked, as if exclusive (fromDate + 1, toDate - 1). */
  dateBoundsExclusive?: boolean
  /** list, resume and the writes: a filter value containing a comma is read as several values. */
  commaSeparates: boolean
  /** list, retry and delete: only the first `messageId` value is applied. */
  oneMessageId: boolean
  /** resume: a request without `count` resumes every matching run in one answer. */
  resumeAllWithoutCount: boolean
  /**
   * resume: `count` is ignored, so an answer carries up to 50 runs whatever a smaller count says (a server that does
   * not know it). Off: at most `count` runs an answer, as the production service does.
   */
  ignoreResumeCount?: boolean
  /** schedule resume: only PATCH is accepted; POST answers 405. */
  patchOnlySchedules: boolean
  /** any route: a request target (path and query) longer than this many bytes answers 414. */
  maxUrlBytes?: number
  /** any route: no `Date` header in any answer, so the service's time is known only from what it resumed. */
  noDateHeader?: boolean
  /** any route: every `Date` header is this text, which need not be an HTTP date (e.g. `1`). */
  dateLiteral?: string
  /**
   * any route: every GET is answered as a cache serves a stored answer, its `Date` this many seconds old and an `Age`
   * header saying so (a POST is never served from a cache). The body is today's: only the clock it states is stale.
   */
  cachedDateAgeSeconds?: number
  /**
   * any route: the `Date` of each answer comes from the next of these front ends in turn, each this many ms off the
   * clock that stamps createdAt and workflowCreatedAt (one: a front end off by that much; several: a Date that may
   * go backwards from one answer to the next). The stamps stay on the simulator's clock.
   */
  frontEndOffsetsMs?: readonly number[]
  /** run log: no run log at all, both its paths answer 404 (left out of ALL_VARIANTS, which keeps a run log). */
  noRunLog?: boolean
  /** run log: only the SDK's `GET /v2/workflows/events` path; the documented `/v2/workflows/logs` answers 404. */
  runLogEventsOnly?: boolean
  /** run log: a run's creation time is named `workflowCreatedAt`, not `workflowRunCreatedAt`. */
  runLogWorkflowCreatedAt?: boolean
  /**
   * run log: run ids repeat (callers set them), and the log finds runs by id alone: before each run asked, an answer
   * holds an older run with the same `workflowRunId`, created a day earlier, that ended RUN_FAILED with errors.
   */
  runLogRepeatedIds?: boolean
  /** run log: the log lags, telling each run's course as it stood this many ms ago (a run younger than that: none). */
  runLogLagMs?: number
  /**
   * retry, restart, delete: the server has no such operation (left out of ALL_VARIANTS). A request by filters, or
   * with no selector, answers `lacksStatus`; one by `dlqIds` and a one-entry path answer 404 `{"error":"not found"}`,
   * as if every entry were gone (wire contract, section 6). Nothing is done.
   */
  lacks?: readonly WriteRoute[]
  /** with lacks: what a request by filters gets, 404 (the default: no such path) or 405 (the path serves GET only). */
  lacksStatus?: 404 | 405
  /**
   * retry and delete of messages: fromDate/toDate bound the hidden time a message entered the DLQ, not its createdAt,
   * whatever the listing does (datesOnEntryTime is the listing's): with one of the two on, the same filter selects
   * other messages on a write than on the listing.
   */
  writeDatesOnEntryTime?: boolean
}

export const ALL_VARIANTS: ServerVariants = {
  ignoreOrder: true,
  datesOnEntryTime: true,
  omitCreatedAt: true,
  dateBoundOffByOne: true,
  commaSeparates: true,
  oneMessageId: true,
  resumeAllWithoutCount: true,
  ignoreResumeCount: true,
  patchOnlySchedules: true,
  maxUrlBytes: 8 * 1024,
  runLogEventsOnly: true,
  runLogWorkflowCreatedAt: true
}

export type VariantName = keyof ServerVariants

/** Variants read for every request, before its route is looked at. */
export const EVERY_ROUTE_VARIANTS: readonly VariantName[] = [
  'noDateHeader',
  'dateLiteral',
  'cachedDateAgeSeconds',
  'frontEndOffsetsMs',
  'maxUrlBytes'
]

/**
 * The variants each route reads, besides those of every route: a test about one route runs against these alone.
 * sim-variants.test.ts holds this table to what the routes really read (VariantReads).
 */
export const ROUTE_VARIANTS: Record<Route, readonly VariantName[]> = {
  list: [
    'ignoreOrder',
    'datesOnEntryTime',
    'omitCreatedAt',
    'dateBoundOffByOne',
    'dateBoundsExclusive',
    'commaSeparates',
    'oneMessageId'
  ],
  resume: ['commaSeparates', 'resumeAllWithoutCount', 'ignoreResumeCount'],
  schedule: ['patchOnlySchedules'],
  'run-log': ['noRunLog', 'runLogEventsOnly', 'runLogWorkflowCreatedAt', 'runLogRepeatedIds', 'runLogLagMs'],
  retry: ['lacks', 'lacksStatus', 'commaSeparates', 'oneMessageId', 'writeDatesOnEntryTime'],
  restart: ['lacks', 'lacksStatus', 'commaSeparates'],
  delete: ['lacks', 'lacksStatus', 'commaSeparates', 'oneMessageId', 'writeDatesOnEntryTime']
}

/**
 * Records which variants are read while each route is answered ('every': before the route is looked at; 'outside':
 * at no request), so the table above is checked against the code rather than trusted.
 */
export class VariantReads {
  at: Route | 'every' | 'outside' = 'outside'
  readonly seen = new Map<Route | 'every' | 'outside', Set<VariantName>>()

  /** The variants, as an object that notes each read under the route being answered. */
  watch(variants: Partial<ServerVariants>): Partial<ServerVariants> {
    return new Proxy(variants, {
      get: (target, name, receiver) => {
        if (typeof name === 'string') {
          const seen = this.seen.get(this.at) ?? new Set()
          this.seen.set(this.at, seen.add(name as VariantName))
        }
        return Reflect.get(target, name, receiver) as unknown
      }
    })
  }

  /** Runs `answer` as the answer of `route`: the reads it makes are noted under it. */
  during<T>(route: Route | 'every', answer: () => T): T {
    const outer = this.at
    this.at = route
    try {
      return answer()
    } finally {
      this.at = outer
    }
  }
}

/** A stable number from 0 to `below` - 1 for an id: the same id always gets the same one. */
export function spread(id: string, below: number): number {
  return parseInt(fnv1a(id), 36) % below
}

/** When a message entered the DLQ (variant datesOnEntryTime): a stable 0 to 2 hours after it was created. */
export function enteredAt(m: SimMessage): number {
  return m.createdAt + spread(m.messageId, 7_200_000)
}

/** Whether the variant omitCreatedAt drops this message's createdAt: every third message, stably by id. */
export function omitsCreatedAt(m: SimMessage): boolean {
  return spread(m.messageId, 3) === 0
}

/** The message as the variant omitCreatedAt sends it. */
export function withoutSomeCreatedAt(m: SimMessage): Partial<SimMessage> {
  if (!omitsCreatedAt(m)) return m
  const { createdAt: _omitted, ...rest } = m
  return rest
}
