/** What the simulator holds and records: the service's data, the runs it created, the requests it saw. */
import type { PendingFailure, RunCourse } from './fates.js'
import type { SimMessage, WorkflowDlqEntry } from './seed.js'

export type Route = 'list' | 'resume' | 'schedule' | 'run-log'

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

/** A run created by a bulk resume, with what it was resumed from and the overrides it got. */
export interface ResumedRun {
  workflowRunId: string
  workflowCreatedAt: number
  fromDlqId: string
  originalWorkflowRunId: string
  workflowUrl: string
  flowControlKey?: string
  flowControlValue?: string
  retries?: number
  /** What the run log tells of it as the clock goes on. */
  course: RunCourse
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
}
