// What each operation found: the vocabulary between the operations that build results and the report that renders
// them. A root module: it imports no folder of src/.
import type { Failure, FailureContext } from './failure.js'
import type { Growth, HealthVerdict, History } from './health-verdict.js'
import type { ListRequest, ResumeRequest, StagePlan } from './requests.js'
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

/** What `list-dlq` found, and the health checks' verdict on it. */
export interface ListResult extends ListFindings {
  health: HealthVerdict
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

export interface ResumeResult extends Pick<ResumeRequest, 'selection' | 'all' | 'overrides' | 'maxRuns'> {
  operation: 'resume-workflows'
  startCursor?: string
  runs: ResumedRun[]
  /** Requests that resumed runs. */
  requests: number
  /** Attempts whose answer was lost or unreadable (the last too): each may have resumed up to 50 runs not in `runs`. */
  uncertainRequests: number
  /** What those requests asked for in all (their count): the most they may have resumed, if count was honoured. */
  uncertainRuns?: number
  /** Most runs one answer carried, when more than the count=50 sent: the service ignores count. */
  largestAnswer?: number
  /** How many parts dlq-ids was sent in, when more than one (each request URL stays under 6 KB). */
  parts?: number
  /** Runs of 2xx answers not usable as they stood; `leftOut` were resumed but had no readable id. */
  itemProblems?: ItemProblemSummary
  /** Parts of dlq-ids answered 404 at once (none of their ids left in the DLQ); the other parts went on. */
  goneIds?: { parts: number; ids: number }
  /** Set when a resume sent in several parts stopped: re-run with dlq-ids from this one on (none is done twice). */
  continueFrom?: { position: number; dlqId: string; remaining: number; line?: number }
  /** Absolute path of the NDJSON file every resumed run was written to, when asked (input runs-file). */
  runsFile?: string
  /** The cap stopped the resume before the selection was drained: continue from nextCursor or continueFrom. */
  stoppedByCap?: boolean
  /** Runs resumed beyond maxRuns because the service answered with more than the count it was sent (all reported). */
  pastCap?: number
  fileError?: Failure & { kind: 'file' }
  /** Set when the resume stopped before the end: re-run with `cursor` set to this to continue. */
  nextCursor?: string
  failure?: Failure
  /** Set for a staged resume (input stages): each stage and its watch; the fields above cover every stage. */
  staged?: StagedResume
  /** The to-date every request sent, when the resume was by filters (absent: dlq-ids, or continued by a cursor). */
  bound?: ResumeBound
}

/** A resumed run the workflow DLQ listed again during its stage's watch, under its new run id. */
export interface FailedAgainRun {
  workflowRunId: string
  /** The stage that resumed it. */
  stage: number
  /** The stage whose watch found it back in the DLQ. */
  seenIn: number
  dlqId?: string
  failedAt?: number
  responseStatus?: number
  /** The start of its last response body, and whether the body was longer; binaryBody: base64 only, its length. */
  bodySample?: string
  bodyCut?: boolean
  binaryBody?: number
}

/** One listing of a watch: when, its requests, and how many of the stage's runs were failed again by then. */
export interface WatchPoll {
  at: number
  requests: number
  /** Entries it listed, of any run: the stage's runs among them are the failed again. */
  listed: number
  failedAgain: number
  /** Requests this poll sent to the run log (absent: it sent none). */
  runLogRequests?: number
  /** Every watched run judged at this poll (operations/run-states), counted by state. */
  states?: Record<RunState, number>
}

/** How one stage's watch went, measurement by measurement; the verdict is derived from them by the report. */
export interface StageWatch {
  startedAt: number
  /** When it was planned to end: startedAt + the watch. */
  endsAt: number
  endedAt: number
  polls: WatchPoll[]
  /** Cut short by a stop signal: never clean, whatever it had seen. */
  cut?: StopSignal
  /** A listing that failed after its retries: the watch could not see, so it is not clean. */
  failure?: Failure
  /** Ended before endsAt because every run resumed so far had ended (completed, failed or cancelled). */
  allEnded?: boolean
  /** Of the run log's failure, when it was the run log (not the DLQ listing) that left the watch blind. */
  runLogFailed?: boolean
}

/** How a stage ended, decided once by the staged resume (it is also what stopped it) and kept with the stage. */
export type StageVerdict =
  | 'clean' // watched to its end, none back in the DLQ
  | 'within' // watched to its end, some back but no more than watch-max-failed
  | 'stopped' // more failed or failing than watch-max-failed: the resume stopped
  | 'inconclusive' // watched to its end, but fewer completed than watch-min-completed asks: the resume stopped
  | 'cut' // a stop signal ended the watch: not judged
  | 'blind' // a listing failed: the watch could not see
  | 'last' // the last stage: nothing follows, so not watched
  | 'capped' // max-runs ended the resume with this stage: no stage follows, so not watched
  | 'failed' // its resume failed part way, or requests lost their answers: not watched
  | 'cancelled' // the step was cancelled during its resume: not watched

export interface StageOutcome {
  /** 1 for the first stage. */
  stage: number
  verdict: StageVerdict
  /** Runs it asked the service for (Infinity: all that were left, within max-runs). */
  asked: number
  /** Runs it resumed, those without a readable id included. */
  resumed: number
  /** Its new run ids (those it could read): what its watch looks for. */
  runIds: string[]
  startedAt: number
  /** Absent after the last stage (nothing follows to protect), or when the resume of the stage failed. */
  watch?: StageWatch
}

/** A staged resume: the plan, each stage done, and every run its watches found back in the DLQ. */
export interface StagedResume {
  plan: StagePlan
  stages: StageOutcome[]
  /** Every run of every stage found failed again, in the order found, each with its stage. */
  failedAgain: FailedAgainRun[]
  unreadable?: number // of those, entries sent without a dlqId (or other fields): counted all the same
  /** The longest the watches can take: (stages - 1) x watch. */
  plannedWatchMs: number
  /** Each watched run's state at the end of the last watch, in the order resumed (absent: no watch ran). */
  judged?: JudgedRun[]
  /** Whether the service keeps a run log: 'absent' (404 on both paths), the watch judged the DLQ alone. */
  runLog?: 'read' | 'absent'
}

/**
 * The to-date a resume by filters sent with every request: the service's time at its start (its Date) or an earlier
 * to-date asked, so no run it created is taken by it. `runner`: no Date, the runner's clock less marginMs was used.
 */
export interface ResumeBound {
  toDate: number
  clock: 'service' | 'runner' | 'input'
  marginMs?: number
  /** The service's time at the start, when its Date said it: where the watches start listing, whatever the bound. */
  serviceStart?: number
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

/** Every state a watched run can be in, in the order a summary lists them. */
export const RUN_STATES = ['completed', 'failed', 'failing', 'cancelled', 'running', 'unknown'] as const
export type RunState = (typeof RUN_STATES)[number]

/** Where a state (or an error) was read: the run log, or the run's entry back in the DLQ. */
export type RunStateSource = 'run-log' | 'dlq'

/** The first error of a failed or failing run, bounded as a response sample is (responseCell renders it). */
export interface RunFirstError {
  source: RunStateSource
  stepName?: string
  status?: number
  /** On the service's clock. */
  time?: number
  bodySample?: string
  bodyCut?: boolean
  binaryBody?: number
}

export interface JudgedRun {
  workflowRunId: string
  state: RunState
  source: RunStateSource
  /** The log's state as sent when it is none the action knows: kept, and judged running. */
  logState?: string
  /** When it ended, on the service's clock: the log's completion time, or when its DLQ entry came. */
  endedAt?: number
  firstError?: RunFirstError
}
