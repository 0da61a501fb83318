// What each operation found: the vocabulary between the operations that build results and the report that renders
// them. A root module: it imports no folder of src/.
import type { Failure, FailureContext } from './failure.js'
import type { Growth, HealthVerdict, History } from './health-verdict.js'
import type { ListRequest } from './requests.js'
import type { StopSignal } from './stop.js'

/** The few fields of a listed message the summary shows as an example (oldest, newest); bodies are not kept. */
export type MessageExample = {
  messageId: string
  dlqId?: string
  url?: string
  responseStatus?: number
  createdAt?: number
}

/** A failed workflow run a listing with source workflow found, as its summary table shows it; each field bounded. */
export type ListedWorkflowRun = {
  workflowUrl?: string
  workflowRunId: string
  dlqId?: string
  /** The DLQ entry's createdAt: when the run failed. */
  failedAt?: number
  responseStatus?: number
  responseBody?: string
}

/** A run a bulk resume created, as the outputs and the runs-file report it. */
export type ResumedRun = {
  workflowRunId: string
  /** Absent when the service sent none, or one that is not a usable time. */
  workflowCreatedAt?: number
}

/** One row of a "top values" table: a third-party value and how many messages carry it. */
export interface CountRow {
  value: string
  count: number
}

/** What is failing at one destination URL; kept only for the destinations the breakdown keeps. */
export interface DestinationRow {
  url: string
  count: number
  /** The last response status most of its messages carry (absent: none carries one). */
  status?: number
  /** Of its messages, how many carry a different last response status (or none). */
  otherStatuses?: number
  oldestCreatedAt?: number
  /** The start of the last response body of its newest message, and whether the body was longer. */
  bodySample?: string
  bodyCut?: boolean
  /** The newest message's body was sent as base64 only: its size in characters. */
  binaryBody?: number
}

/** One cause of failure: a destination, a last status and a blanked response body, with how many messages share it. */
export interface CauseRow {
  /** A short hash of the three, the same run after run: each messages-file line carries its cause's key. */
  key: string
  count: number
  destination: string
  status?: number
  /** The last response body with its variable parts blanked. */
  text: string
  /** The createdAt of its oldest and newest message. */
  firstSeen?: number
  lastSeen?: number
  sampleMessageId: string
}

/** How many of the listed messages arrived within a window (new-within), from this listing alone. */
interface Arrivals {
  withinMs: number
  /** Messages created within it; those without createdAt are not in it (noCreatedAt counts them). */
  count: number
}

/** What the service will delete within a window, forecast from createdAt and the plan's retention. */
interface Expiry {
  retentionMs: number
  withinMs: number
  count: number
  /** When the first listed message passes the retention (the oldest's createdAt + retention). */
  nextAt?: number
}

/** The breakdowns of a listing, its top values each; byTopic is by URL group (topic name, or id on older servers). */
export type Breakdown = 'byUrl' | 'byStatus' | 'byTopic' | 'byQueue' | 'bySchedule'

/** What `list-dlq` found, before any judgement. Built while draining, so it never holds every message. */
export interface ListFindings
  extends
    Pick<ListRequest, 'filters' | 'order' | 'pageSize' | 'maxMessages' | 'concurrency'>,
    Record<Breakdown, CountRow[]> {
  operation: 'list-dlq'
  startCursor?: string
  /** Messages listed, those the service sent without a usable id included (they cannot be in `messageIds`). */
  count: number
  pages: number
  /** The first ids listed, as many as fit the output cap; truncated when more were listed. */
  messageIds: string[]
  messageIdsTruncated: boolean
  /** The first failed workflow runs listed (source workflow), for the summary's table. */
  workflowRuns?: ListedWorkflowRun[]
  /** DLQ ids of the listed entries that had one, in listing order (output dlq-ids), capped as messageIds. */
  dlqIds: string[]
  dlqIdsTruncated: boolean
  oldestCreatedAt?: number
  /** Up to a few of the oldest and newest messages, for the summary. */
  oldest: MessageExample[]
  newest: MessageExample[]
  /** The most frequent destinations with what is failing there, most messages first (at most a few). */
  byDestination?: DestinationRow[]
  maxPages?: number
  histogram: Histogram
  /** Per breakdown that saw more distinct values than it keeps: how far below the truth each of its counts may be. */
  undercount?: Partial<Record<Breakdown, number>>
  /**
   * Messages without a createdAt that can be true (none, one before the service existed, one ahead of its clock): their
   * age is unknown, so an age threshold cannot be judged "within".
   */
  noCreatedAt?: number
  /** Of those, the messages whose createdAt is before CREATED_AT_FLOOR_MS (0 among them) or no date can hold. */
  badCreatedAt?: { count: number; messageId: string }
  /** Of those, the messages dated ahead of the service's time by more than the tolerance; `aheadMs`: the most. */
  futureCreatedAt?: { count: number; messageId: string; aheadMs: number }
  arrivals?: Arrivals
  /** Set with retention only. */
  expiry?: Expiry
  /** The leading causes, most messages first; `causesUndercount` above 0: only the most frequent were kept. */
  causes?: CauseRow[]
  causesUndercount?: number
  /** Absolute path of the NDJSON file every listed message was written to, when asked. */
  messagesFile?: string
  /** Values of credential headers replaced in messages-file (set when the file was written with them redacted). */
  redactedHeaderValues?: number
  /** Set when listing stopped before the end (max-messages or an error): continue from here. */
  nextCursor?: string
  /** Set when listing failed part way; what was listed before is still reported. */
  failure?: Failure & FailureContext
  /** Why a parallel listing distrusted its date slices and listed again sequentially (all of this result is that). */
  fallback?: string
  /** Date slices a parallel listing was cut into (1: the range found was too narrow to split). */
  slices?: number
  itemProblems?: ItemProblemSummary
}

/** Why the service's Date is not used as it is (wire contract, section 5): see service/service-clock.ts. */
export type DateFault =
  { kind: 'not-http-date'; text: string } | { kind: 'stale'; ageSeconds: number } | { kind: 'backwards'; byMs: number }

/** The clock a health check judged ages on: the service's (its Date), or the runner's, and why. */
export type AgeClock =
  /** `runnerSkewMs`: how far the service's Date was ahead of the runner's clock (behind: negative), past the tolerance. */
  { by: 'service'; runnerSkewMs?: number } | { by: 'runner'; fault?: DateFault }

/** What `list-dlq` found, and the health checks' verdict on it. */
export interface ListResult extends ListFindings {
  health: HealthVerdict
  /** The clock ages, windows and expiry were judged on. */
  clock?: AgeClock
  /** With history-file: the samples kept, this run's last (what the file gets back), or why none came before. */
  history?: History
  /** With fail-if-growth-above: how the count moved within its window against the history. */
  growth?: Growth
}

/** Page items the action could not use as the service sent them (named in a warning). */
export interface ItemProblemSummary {
  /** Kept, with an unusable field left out (e.g. a createdAt no date can hold). */
  kept: number
  /** Left out: no usable message id. They are in the DLQ but in no count, output or file. */
  leftOut: number
  /** The first few, each naming the message (or the item's index in its page) and what was wrong. */
  examples: string[]
}

/** Messages per time bucket over the listed range, for the chart. */
export interface Histogram {
  bucket: 'hour' | 'day' | 'week'
  /** Consecutive buckets from the oldest to the newest message, empty ones included. */
  points: { start: number; count: number }[]
  /** Messages left out of the chart: their timestamps spread over more weeks than it keeps. */
  omitted?: number
}

export interface ScheduleOutcome {
  scheduleId: string
  ok: boolean
  failure?: Failure
  /** Never sent: the step was cancelled before its turn. */
  notTried?: true
}

export interface ScheduleResult {
  operation: 'resume-schedule'
  outcomes: ScheduleOutcome[]
  /** The signal that cancelled the step part way: the outcomes after the one it cut were never sent. */
  cancelled?: StopSignal
}

/** Where the run happened, for the summary's link back, and the health issue this run opened, updated or closed. */
export interface RunContext {
  runUrl?: string
  issue?: IssueLink
}

/** The health issue as the summary links it: built from its number and the repository, never from GitHub's URL. */
export interface IssueLink {
  number: number
  url: string
  /** 'updated': the body was brought up to date without a comment (nothing material changed). */
  action: 'opened' | 'commented' | 'updated' | 'closed'
}

/** A call of the health issue that changes it. */
export type IssueChange = 'open' | 'comment' | 'update' | 'close'

/** The health issue's update, cut short by a cancel: the issue it had opened, and the change under way when cut. */
export interface IssueCut {
  signal: StopSignal
  opened?: IssueLink
  underWay?: IssueChange
}

/** How the health issue step ended: the issue to link, or how a cancel cut it short. */
export interface IssueOutcome {
  link?: IssueLink
  cut?: IssueCut
}
