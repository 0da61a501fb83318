// What an operation is asked to do, as the service names it: the vocabulary of inputs (which build it), operations,
// the service client and the report. A root module: it imports no folder of src/.
import type { BulkOperation } from './verbs.js'

/** The list filters as the service names them (query keys); several values of one key are ORed. */
export interface ListFilters {
  messageId?: string[]
  url?: string[]
  topicName?: string[]
  scheduleId?: string[]
  queueName?: string[]
  api?: string[]
  fromDate?: number
  toDate?: number
  responseStatus?: number
  callerIp?: string[]
  /** `workflow`: list the failed workflow runs instead of the messages (wire contract, 5). */
  source?: 'workflow'
  workflowUrl?: string[]
  workflowRunId?: string
  workflowCreatedAt?: number
}

export type Order = 'earliestFirst' | 'latestFirst'

/** The selectors of a bulk resume, as the service names them (query keys). */
export interface WorkflowSelection {
  dlqIds?: string[]
  fromDate?: number
  toDate?: number
  workflowUrl?: string
  workflowRunId?: string
  workflowCreatedAt?: number
}

/** The selectors of a bulk retry of DLQ messages: the listing's filters (wire contract, 6), messageId one value. */
interface MessageSelection {
  dlqIds?: string[]
  fromDate?: number
  toDate?: number
  messageId?: string
  url?: string[]
  topicName?: string[]
  scheduleId?: string[]
  queueName?: string[]
  responseStatus?: number
  callerIp?: string[]
}

/** The selectors of any bulk write: each verb's schema sets only its own (src/verbs.ts, `dlq`). */
export type BulkSelection = WorkflowSelection & MessageSelection

export interface ResumeOverrides {
  flowControlKey?: string
  flowControlValue?: string
  retries?: number
  /** Service-Delay as written (`10s`): retry and restart only. */
  delay?: string
}

/** How to list the DLQ: what `list-dlq` receives, and nothing else (no token, no file path). */
export interface ListRequest {
  filters: ListFilters
  order: Order
  /** Messages per request (the service's `count`, 1 to 100). */
  pageSize: number
  /** Continue from this cursor instead of the start. */
  cursor?: string
  /** Stop after this many messages; the cursor left over continues exactly there. */
  maxMessages?: number
  /** Most requests before stopping with the cursor to continue from. */
  maxPages: number
  /** Date slices drained at the same time (1: one sequential listing). */
  concurrency: number
  /** What the listing counts by time: windows the operation places on the service's clock. */
  windows?: CountWindows
}

/** Time windows the listing counts messages in, as durations: the operation bounds them on the service's clock. */
export interface CountWindows {
  /** Messages created within `withinMs` before the service's time are new. */
  arrivals?: { withinMs: number }
  /** Messages that pass `retentionMs` (the plan's DLQ retention) within `withinMs` of the service's time are deleted. */
  expiry?: { withinMs: number; retentionMs: number }
}

/** Each health check's threshold as read, under its name: the checks are the table of src/health-checks.ts. */
export interface HealthLimits {
  countAbove: number
  oldestOlderThanMs: number
  /** Fail above this many messages created within `newWithinMs`. */
  newAbove: number
  /** Fail when a message passes `retentionMs` (the plan's DLQ retention) within this. */
  expiringWithinMs: number
  /** Fail when the count grew by more than this within its window, against the samples of history-file. */
  growthAbove: GrowthLimit
}

/** A growth threshold as written (`+500/1h`, `200%/24h`): an amount of messages or a percentage, within a window. */
export interface GrowthLimit {
  amount: number
  percent: boolean
  withinMs: number
}

/** The health check's limits as set, and the settings that complete them (the arrivals window, the retention). */
export interface HealthThresholds extends Partial<HealthLimits> {
  newWithinMs?: number
  retentionMs?: number
  /** A history-file is kept: earlier runs' figures to measure growth against. */
  history?: boolean
}

export interface ScheduleRequest {
  scheduleIds: string[]
}

/** A workflow run as the service knows it: run ids are set by the caller and repeat, the pair does not. */
export interface RunPair {
  workflowRunId: string
  workflowCreatedAt: number
}

/** A bulk write on the DLQ (src/verbs.ts): the resume of failed workflow runs is the first. */
export interface ResumeRequest {
  /** The write: its path, per-request limit and answer (absent: resume-workflows). */
  verb?: BulkOperation
  /** A delete of the failed workflow runs (input source): the one write whose DLQ an input chooses. */
  source?: 'workflow'
  selection: BulkSelection
  /** Runs to resume by their pairs (input workflow-runs): each found in the workflow DLQ, then resumed by its dlqId. */
  runs?: RunPair[]
  /** The user said to resume the whole DLQ (no selector needed). */
  all: boolean
  overrides: ResumeOverrides
  cursor?: string
  maxPages: number
  /** Resume at most this many runs (input max-runs): each request asks for no more than are left, then it stops. */
  maxRuns?: number
  /** The line of dlq-ids-file each id of selection.dlqIds came from, when they came from that file. */
  dlqIdLines?: number[]
  /** Resume in stages, watching each stage's new runs before the next (inputs stages, watch, watch-max-failed). */
  stages?: StagePlan
  /**
   * The ids were listed from the DLQ moments before (expect-count): a service that calls the first of them not found,
   * taking none, lacks the write rather than the entries.
   */
  idsListedJustNow?: boolean
}

/** The plan of a staged resume: the batches, and the watch that gates each next one. */
export interface StagePlan {
  /** Runs each stage resumes at most, in order; Infinity (input `all`) for the last only. */
  sizes: number[]
  /** How long each stage but the last is watched, in ms (unset with one stage), and as the input wrote it. */
  watchMs?: number
  watchText?: string
  /** Retries sent for the runs of every stage but the last (input watch-retries): a failing canary run is back soon. */
  watchRetries?: number
  /** Runs of one stage that may fail again before the resume stops. */
  maxFailed: number
  /** Watched runs that must have completed by the end of a watch for the next stage to start (watch-min-completed). */
  minCompleted?: MinCompleted
}

/** A number of runs, or a share of the watched runs (`80%`), as the input wrote it. */
export type MinCompleted = { runs: number; text: string } | { share: number; text: string }

/** Runs that must have completed of `watched` runs: a share is rounded up (80% of 9 is 8). */
export const minCompletedOf = (min: MinCompleted, watched: number): number =>
  'runs' in min ? min.runs : Math.ceil((min.share * watched) / 100 - 1e-9)

/** Why a schedule id cannot be sent: in one path segment, "." and ".." (even encoded) address another resource. */
export const scheduleIdProblem = (scheduleId: string): string | undefined =>
  scheduleId === '' || /^(?:\.|%2e){1,2}$/i.test(scheduleId)
    ? `schedule id "${scheduleId}" is not allowed: it must not be empty, "." or ".."`
    : undefined
