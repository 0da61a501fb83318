import type { Operation } from '../constants.js'
import type { HealthThresholds, ListRequest, ResumeRequest, ScheduleRequest } from '../requests.js'

/** How to reach the service: given to the client only. */
interface ServiceSettings {
  baseUrl: URL
  token: string
  timeoutMs: number
  maxAttempts: number
}

export interface CommonSettings {
  service: ServiceSettings
  /** Token for the GitHub API (issue-on-failure); the job's token by default. */
  githubToken?: string
}

export interface ListSettings extends CommonSettings {
  operation: 'list-dlq'
  /** What the listing receives. */
  list: ListRequest
  health: HealthThresholds
  /** Absolute path of the NDJSON file to write every listed message to. */
  messagesFile?: string
  /** Keep the values of credential headers in messages-file (by default they are replaced). */
  keepCredentialHeaders: boolean
  /**
   * Open, update or close an issue with the health check's verdict; a failing run comments only on a material
   * change or when the last comment is older than `repeatIntervalMs`.
   */
  issue?: { title: string; repeatIntervalMs: number }
}

export interface ScheduleSettings extends CommonSettings {
  operation: 'resume-schedule'
  schedules: ScheduleRequest
}

export interface ResumeSettings extends CommonSettings {
  operation: 'resume-workflows'
  resume: ResumeRequest
  /** Absolute path of the NDJSON file to write every resumed run to. */
  runsFile?: string
  /** Absolute path of the file the dlq-ids are read from (before any request) into resume.selection.dlqIds. */
  dlqIdsFile?: string
}

export type Settings = ListSettings | ScheduleSettings | ResumeSettings

/** The settings of one operation. */
export type SettingsOf<O extends Operation> = Extract<Settings, { operation: O }>
