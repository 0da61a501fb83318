import type { ServiceClient } from '../service/client.js'
import type { Progress } from '../stop.js'
import type { MessageSink } from './messages-file.js'

/** The one request a listing needs of the service client. */
export type DlqLister = Pick<ServiceClient, 'listDlqPage'>

/** What the caller of a listing sees while it runs. */
export interface ListHooks {
  onPage?: (messages: number, total: number) => void
  sink?: MessageSink
  /** One line for the log (the caller makes it safe), e.g. why a parallel listing became sequential. */
  log?: (line: string) => void
  /** Kept up to date page by page, for a last-resort report should the process be stopped. */
  progress?: Progress
  /** The step's stop signal: a parallel listing stops every worker at it, as cancelled. */
  signal?: AbortSignal
}
