/** What the simulator holds and records: the service's data, the runs it created, the requests it saw. */
import type { PendingFailure, RunCourse } from './fates.js'
import type { PendingMessageFailure } from './message-fates.js'
import type { SimMessage, WorkflowDlqEntry } from './seed.js'

/** What a request asks for: recorded with it, and what a fault rule and a variant table name. */
export type Route = 'list' | 'resume' | 'schedule' | 'run-log' | 'retry' | 'restart' | 'delete'

/** The write operations a server may not have (wire contract, section 6; variant `lacks`). */
export type WriteRoute = Extract<Route, 'retry' | 'restart' | 'delete'>

export interface RecordedRequest {
  method: string
  /** raw path, without the query string, as sent (not decoded) */
  path: string
  query: URLSearchParams
  headers: Record<string, string | string[] | undefined>
  route?: Route
  at: number
  /** the request body as text (filled in once it has been read; '' when none) */
  body: string
}

/** The override headers a write was sent with, as recorded on what it created. */
export interface RecordedOverrides {
  flowControlKey?: string
  flowControlValue?: string
  retries?: number
  /** Service-Delay as sent (e.g. `10s`); retry and restart only */
  delay?: string
}

/** A run created by a bulk resume or a restart, with what it came from and the overrides it got. */
export interface ResumedRun extends RecordedOverrides {
  workflowRunId: string
  workflowCreatedAt: number
  fromDlqId: string
  originalWorkflowRunId: string
  workflowUrl: string
  /** created by a restart (from the first step), not a resume */
  restarted?: true
  /** What the run log tells of it as the clock goes on. */
  course: RunCourse
}

/** A DLQ message a retry took, with the message it created and what becomes of that message. */
export interface RetriedMessage extends RecordedOverrides {
  /** The new message's id; when deduplicated, the id of the message its deduplication id matched (no new one). */
  messageId: string
  fromDlqId: string
  originalMessageId: string
  url: string
  /** the simulator's clock at the retry: the new message's createdAt */
  retriedAt: number
  /** Service-Delay in ms (0: none): the first attempt is that long after the retry */
  delayMs: number
  /** the retries the new message gets: Service-Retries, else DEFAULT_RETRIES */
  maxRetries: number
  deduplicated?: true
  /** Set when the new message is fated to fail again: its DLQ entry, and when it enters after its retries. */
  failure?: PendingMessageFailure
}

export interface SimulatorState {
  /** DLQ messages, kept sorted ascending by (createdAt, messageId): keep it sorted if you add any */
  messages: SimMessage[]
  /** workflow DLQ, kept sorted ascending by (failedAt, dlqId): keep it sorted if you add any */
  workflowDlq: WorkflowDlqEntry[]
  schedules: Map<string, { active: boolean }>
  /** runs created by bulk resumes, in order */
  resumedRuns: ResumedRun[]
  /** the same runs by id, for the run log */
  resumedById: Map<string, ResumedRun>
  /** resumed runs fated to fail again, until the clock reaches their failure (then they are in workflowDlq) */
  pendingFailures: PendingFailure[]
  /** DLQ messages taken by retries, in order */
  retriedMessages: RetriedMessage[]
  /** retried messages fated to fail again, until the clock reaches their failure (then they are in messages) */
  pendingMessageFailures: PendingMessageFailure[]
}
