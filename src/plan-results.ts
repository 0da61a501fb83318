// What a write's plan found: the entries a bulk write would take (dry-run), or counted before it took them
// (expect-count), and the schedules a resume-schedule would resume. The vocabulary between operations/plan and
// report/plan. A root module: it imports no folder of src/.
import type { Failure } from './failure.js'
import type { ResumeRequest } from './requests.js'
import type { ListFindings } from './results.js'
import type { ResumeBound } from './resume-results.js'
import type { BulkOperation } from './verbs.js'

/** The plan of a bulk write (src/verbs.ts): what it would take, listed as the write would select it. */
export interface PlanResult extends Pick<ResumeRequest, 'selection' | 'all' | 'maxRuns'> {
  kind: 'plan'
  operation: BulkOperation
  /** The listing: its filters (the bound among them), its breakdowns, and how it ended. */
  listing: ListFindings
  /** Entries in the plan: listed, selected, each with a DLQ id (what a write by ids takes; a line of plan-file each). */
  planned: number
  /** The to-date the write would send with every request, on the service's clock (absent: by ids, which send none). */
  bound?: ResumeBound
  /** Entries listed without a usable DLQ id: no write by ids can take them, so they are not in the plan. */
  withoutDlqId?: number
  /** By dlq-ids or workflow-runs: how many were given, and how many of them the listing did not find. */
  given?: { by: 'dlq-ids' | 'workflow-runs'; count: number; missing: number }
  /** The listing stopped at max-entries, as the write would: more entries may match. */
  capped?: boolean
  /** Absolute path of plan-file, when it was written whole. */
  planFile?: string
  /** expect-count, when it was set: a plan is its result only when the write did not follow (refused, or none to take). */
  expectCount?: number
  /** expect-count's refusal (count-mismatch): the listing's own failure, if any, is `listing.failure`. */
  failure?: Failure
}

/** A dry run of resume-schedule: the schedules it would resume, none of them asked about. */
export interface SchedulePlan {
  kind: 'plan'
  operation: 'resume-schedule'
  scheduleIds: string[]
}

/** The result is a plan (no write was sent), not what a write did. */
export const isPlan = <P extends { kind: 'plan' }>(result: P | object): result is P =>
  (result as { kind?: unknown }).kind === 'plan'

/** The plan holds every entry the write would take: the listing reached its end, or max-entries as the write would. */
export const planComplete = (plan: PlanResult): boolean =>
  plan.listing.failure === undefined && (plan.listing.nextCursor === undefined || plan.capped === true)
