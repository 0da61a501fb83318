/** Everything one running simulator keeps between requests, in one object its functions receive. */
import type { Socket } from 'node:net'
import type { RunFate } from './fates.js'
import type { ActiveRule, Fault } from './faults.js'
import type { MessageFate } from './message-fates.js'
import type { Unrestartable } from './routes/restart.js'
import type { RecordedRequest, SimulatorState } from './state.js'
import type { ServerVariants, VariantReads } from './variants.js'

export interface SimContext {
  /** accepted bearer token */
  readonly token: string
  /** token accepted by GET but answered 403 on POSTs */
  readonly readOnlyToken: string | undefined
  readonly latencyMs: number
  /** requests per wall-clock second above which the answer is 429 */
  readonly rateLimit: number | undefined
  readonly variants: Partial<ServerVariants>
  /** Which variants each route read: the check of ROUTE_VARIANTS. */
  readonly variantReads: VariantReads
  readonly state: SimulatorState
  /** The simulator's clock: the creation time of resumed runs and when fated runs fail again. */
  readonly clock: () => number
  /** What becomes of the runs bulk resumes and restarts create (none: every run leaves). */
  fates: RunFate[]
  /** What becomes of the messages retries create (none: every one is delivered). */
  messageFates: MessageFate[]
  /** The failed runs that do not support restart. */
  unrestartable: Unrestartable
  rules: ActiveRule[]
  /** numbers the runs bulk resumes and restarts create */
  resumedCounter: number
  /** numbers the messages retries create */
  retriedCounter: number
  closed: boolean
  rateSecond: number
  rateCount: number
  requestCount: number
  /** Answers begun so far: which front end dates the next (variant frontEndOffsetsMs). */
  answered: number
  readonly requests: RecordedRequest[]
  readonly sockets: Set<Socket>
  readonly timers: Set<NodeJS.Timeout>
  /** Told of each request on arrival, with the fault it got: a test acts on the server's events, not on sleeps. */
  onRequest?: (request: RecordedRequest, fault: Fault | undefined) => void
}
