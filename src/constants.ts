/** Every input and output name of the action, as action.yml declares them. */
export enum Inputs {
  Operation = 'operation',
  Token = 'token',
  BaseUrl = 'base-url',
  TimeoutSeconds = 'timeout-seconds',
  MaxAttempts = 'max-attempts',
  MaxPages = 'max-pages',
  // list-dlq
  MessageId = 'message-id',
  Url = 'url',
  TopicName = 'topic-name',
  ScheduleId = 'schedule-id',
  QueueName = 'queue-name',
  Api = 'api',
  FromDate = 'from-date',
  ToDate = 'to-date',
  ResponseStatus = 'response-status',
  CallerIp = 'caller-ip',
  Count = 'count',
  Order = 'order',
  Cursor = 'cursor',
  MaxMessages = 'max-messages',
  FailIfCountAbove = 'fail-if-count-above',
  FailIfOldestOlderThan = 'fail-if-oldest-older-than',
  MessagesFile = 'messages-file',
  KeepCredentialHeaders = 'keep-credential-headers',
  Concurrency = 'concurrency',
  IssueOnFailure = 'issue-on-failure',
  GithubToken = 'github-token',
  IssueTitle = 'issue-title',
  IssueRepeatInterval = 'issue-repeat-interval',
  Source = 'source',
  // list-dlq health check: arrivals, expiry, metrics and the issue's labels and assignees
  FailIfNewAbove = 'fail-if-new-above',
  NewWithin = 'new-within',
  Retention = 'retention',
  FailIfExpiringWithin = 'fail-if-expiring-within',
  MetricsFile = 'metrics-file',
  IssueLabels = 'issue-labels',
  IssueAssignees = 'issue-assignees',
  // list-dlq health check: history and growth
  HistoryFile = 'history-file',
  FailIfGrowthAbove = 'fail-if-growth-above',
  // resume-workflows
  DlqIds = 'dlq-ids',
  DlqIdsFile = 'dlq-ids-file',
  MaxRuns = 'max-runs',
  WorkflowUrl = 'workflow-url',
  WorkflowRunId = 'workflow-run-id',
  WorkflowCreatedAt = 'workflow-created-at',
  All = 'all',
  FlowControlKey = 'flow-control-key',
  FlowControlValue = 'flow-control-value',
  Retries = 'retries',
  RunsFile = 'runs-file',
  Stages = 'stages',
  Watch = 'watch',
  WatchMaxFailed = 'watch-max-failed',
  WatchRetries = 'watch-retries',
  WatchMinCompleted = 'watch-min-completed',
  WorkflowRuns = 'workflow-runs',
  // every bulk write (resume-workflows, restart-workflows, retry-messages)
  MaxEntries = 'max-entries',
  Delay = 'delay',
  DryRun = 'dry-run',
  PlanFile = 'plan-file',
  ExpectCount = 'expect-count',
  // delete-dlq
  OlderThan = 'older-than',
  ArchiveFile = 'archive-file'
}

export enum Outputs {
  DlqCount = 'dlq-count',
  Complete = 'complete',
  MessageIds = 'message-ids',
  MessageIdsTruncated = 'message-ids-truncated',
  DlqIds = 'dlq-ids',
  DlqIdsTruncated = 'dlq-ids-truncated',
  OldestCreatedAt = 'oldest-created-at',
  NextCursor = 'next-cursor',
  MessagesFile = 'messages-file',
  ScheduleIds = 'schedule-ids',
  ResumedCount = 'resumed-count',
  WorkflowRunIds = 'workflow-run-ids',
  WorkflowRunIdsTruncated = 'workflow-run-ids-truncated',
  WorkflowRuns = 'workflow-runs',
  WorkflowRunsTruncated = 'workflow-runs-truncated',
  RunsFile = 'runs-file',
  FailedAgainCount = 'failed-again-count',
  FailedAgainRunIds = 'failed-again-run-ids',
  FailedAgainRunIdsTruncated = 'failed-again-run-ids-truncated',
  FailedAgainDlqIds = 'failed-again-dlq-ids',
  FailedAgainDlqIdsTruncated = 'failed-again-dlq-ids-truncated',
  FailedAgainRuns = 'failed-again-runs',
  FailedAgainRunsTruncated = 'failed-again-runs-truncated',
  NextWorkflowRuns = 'next-workflow-runs',
  StagesCompleted = 'stages-completed',
  NextFromDate = 'next-from-date',
  NextToDate = 'next-to-date',
  // list-dlq health check
  NewCount = 'new-count',
  ExpiringCount = 'expiring-count',
  NextExpiryAt = 'next-expiry-at',
  Causes = 'causes',
  CompletedCount = 'completed-count',
  RunStates = 'run-states',
  // list-dlq health issue: the edge this check made
  Transition = 'transition',
  IssueUrl = 'issue-url',
  Growth = 'growth',
  // restart-workflows, retry-messages, and the plan of every write
  RestartedCount = 'restarted-count',
  RetriedCount = 'retried-count',
  DeduplicatedCount = 'deduplicated-count',
  FailedAgainMessageIds = 'failed-again-message-ids',
  FailedAgainMessageIdsTruncated = 'failed-again-message-ids-truncated',
  RefusedDlqIds = 'refused-dlq-ids',
  GoneCount = 'gone-count',
  PlannedCount = 'planned-count',
  PlanFile = 'plan-file',
  // delete-dlq
  DeletedCount = 'deleted-count',
  AlreadyGoneCount = 'already-gone-count',
  ArchiveFile = 'archive-file'
}

export const Operations = [
  'list-dlq',
  'resume-schedule',
  'resume-workflows',
  'restart-workflows',
  'retry-messages',
  'delete-dlq'
] as const
export type Operation = (typeof Operations)[number]

/** Defaults as action.yml declares them (a test holds the two equal), which the runner passes when unset. */
export const INPUT_DEFAULTS = {
  [Inputs.TimeoutSeconds]: '30',
  [Inputs.MaxAttempts]: '5',
  [Inputs.MaxPages]: '10000',
  [Inputs.Count]: '100',
  [Inputs.Order]: 'earliestFirst',
  [Inputs.All]: 'false',
  [Inputs.Concurrency]: '1',
  [Inputs.IssueOnFailure]: 'false',
  [Inputs.IssueTitle]: 'DLQ health check failing',
  [Inputs.IssueRepeatInterval]: '4h',
  [Inputs.KeepCredentialHeaders]: 'false',
  [Inputs.Source]: 'message',
  [Inputs.WatchMaxFailed]: '0',
  [Inputs.DryRun]: 'false',
  [Inputs.NewWithin]: '1h'
} as const satisfies Partial<Record<Inputs, string>>

/** Time units in ms, for durations (inputs/values), health buckets (operations/health) and chart bars (report/chart). */
export const HOUR = 3_600_000
export const DAY = 24 * HOUR
export const WEEK = 7 * DAY

/** What an errno means: the refusal of an output file (inputs/output-files), a failed write (report/failure-text). */
export const ERRNO_MEANING: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  EFBIG: 'file too large',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links',
  ETXTBSY: 'the file is in use'
}

// Limits, each declared once: who uses it, and why that number.
/** Every request URL stays under 6 KB (inputs/schemas, operations/resume-workflows): proxies refuse ~8 KB. */
export const MAX_URL_BYTES = 6 * 1024
/** Room kept in that budget for a cursor the service sends back (inputs/schemas, resume-workflows' dlq-ids split). */
export const CURSOR_ROOM_BYTES = 1024
/**
 * No request line goes over this (service/client), whatever cursor the service sends back: servers and proxies refuse
 * about 8 KB. MAX_URL_BYTES keeps CURSOR_ROOM_BYTES for a cursor, but one may be up to MAX_CURSOR_LENGTH long.
 */
export const MAX_REQUEST_LINE_BYTES = 8 * 1024
/** Longest cursor accepted (service/pagination), written to next-cursor and the summary (report/): sent in a URL. */
export const MAX_CURSOR_LENGTH = 4096
/** Runs one bulk resume resumes at most, the spec's maximum: sent as count, and what a lost answer may hide. */
export const RESUME_PAGE_SIZE = 50
/** Messages one bulk retry re-delivers at most (wire contract, 6): sent as count. */
export const RETRY_PAGE_SIZE = 100
/**
 * DLQ ids one delete request names at most (wire contract, 6: count up to 100): its answer says only how many it
 * deleted, so a request never names more than one answer may count.
 */
export const DELETE_PAGE_SIZE = 100
/** Distinct values a breakdown keeps at once (operations/accumulator): beyond, counts become approximate (Misra-Gries). */
export const TALLY_CAPACITY = 1000
/** GitHub caps a job's outputs at 1 MB, counted in UTF-16 code units at two bytes each (report/boundary). */
export const GITHUB_OUTPUTS_MAX_BYTES = 1_000_000
/** What this step's outputs use, names included (report/step-outputs): the rest is slack for the runner's framing. */
export const OUTPUTS_BUDGET_BYTES = 950_000
/** message-ids stays a valid JSON array below this (operations/accumulator, list-dlq), inside the budget above. */
export const MESSAGE_IDS_MAX_BYTES = 900_000
/** GitHub drops a whole job summary above 1 MiB (report/budget): stay under. */
export const SUMMARY_LIMIT_BYTES = 1_000_000
/** Causes a listing keeps at once (operations/causes): past this, the least frequent are counted as other causes. */
export const CAUSES_CAPACITY = 2000
/**
 * A createdAt before this (2020-01-01T00:00:00Z) cannot have been stamped by the service, which did not exist then; 0,
 * what an unset integer serialises to, is the usual one (operations/accumulator): such a message counts as undated.
 */
export const CREATED_AT_FLOOR_MS = Date.UTC(2020, 0, 1)
/**
 * How far a createdAt may be ahead of the service's time (its Date) and still be taken as true (operations/accumulator):
 * the clock that stamps createdAt and the front end that sends Date may differ by this much. Beyond it, undated.
 */
export const CREATED_AT_TOLERANCE_MS = 5 * 60_000
/** Samples history-file keeps (operations/history): 500 hourly checks are about 3 weeks, about 50 KB of file. */
export const HISTORY_SAMPLES = 500
/** A history-file larger than this is not read (operations/history): no history of 500 samples comes near it. */
export const HISTORY_MAX_BYTES = 1_000_000
/** With retention but no fail-if-expiring-within, expiring-count counts the messages deleted within this (a day). */
export const DEFAULT_EXPIRY_WINDOW_MS = 24 * HOUR
/** A staged resume's watch polls the workflow DLQ this often (operations/watch)... */
export const WATCH_POLL_MS = 5_000
/** ...but no more than this many times a watch: a longer watch polls every watch/120 (a 1h watch: every 30 s). */
export const WATCH_MAX_POLLS = 120
/**
 * Where the service sends no usable `Date`, a write's first bound is the runner's clock less this
 * (operations/resume-bound), as the service's clock may be behind the runner's; the summary says so.
 */
export const CLOCK_SKEW_MARGIN_MS = 120_000
/**
 * How far apart two clocks may be and still be taken to agree (operations/resume-bound): where the Date agreed with
 * the runner within this, a bound up to this far before the first run the service created stands; any further, or
 * any gap at all where the Date could not be checked so, is moved up to it.
 */
export const CLOCK_TOLERANCE_MS = 60_000
/** Each watch listing starts this long before the latest entry the one before saw: an entry the service shows late. */
export const WATCH_RELIST_MS = 60_000
/** A GitHub-hosted job ends after 6 hours (inputs/schemas): a staged plan whose watches take longer is refused there. */
export const HOSTED_JOB_LIMIT_MS = 6 * 3_600_000
/** Stages a staged resume takes at most (inputs/staging): each is a line of the summary's table. */
export const MAX_STAGES = 100
/**
 * Characters of a response body kept as its sample (operations/accumulator), and of an error text of the run log
 * (service/run-log): room for the error field after a few leading fields.
 */
export const BODY_SAMPLE_LENGTH = 500

/**
 * The shortest token read: every text the action writes is redacted of it, and a shorter one would mangle them (its
 * letters masked in every word). A shorter one is refused, never sent, and so not masked either.
 */
export const MIN_TOKEN_LENGTH = 8
