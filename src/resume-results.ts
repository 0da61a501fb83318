// What a resume of failed workflow runs found and did, staged or not: the vocabulary between the operation that builds
// it and the report that renders it. A root module: it imports no folder of src/.
import type { Failure } from './failure.js'
import type { ResumeRequest, RunPair, StagePlan } from './requests.js'
import type { DateFault, ItemProblemSummary, ResumedRun } from './results.js'
import type { JudgedRun, RunState, RunStateSource } from './run-states.js'
import type { StopSignal } from './stop.js'
import type { BulkOperation } from './verbs.js'

/** What a bulk write on the DLQ did (src/verbs.ts): a resume of failed workflow runs is the first. */
export interface ResumeResult extends Pick<ResumeRequest, 'selection' | 'all' | 'overrides' | 'maxRuns'> {
  operation: BulkOperation
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
  /** Stopped with more left as its bound moved: the same selection and dates continue it, without a cursor. */
  leftWithoutCursor?: boolean
  failure?: Failure
  /** Set for a staged resume (input stages): each stage and its watch; the fields above cover every stage. */
  staged?: StagedResume
  /** The to-date every request sent, when the resume was by filters (absent: dlq-ids, or continued by a cursor). */
  bound?: ResumeBound
  /** Set for a resume of the runs given by their pairs (input workflow-runs): what was found of them. */
  byRuns?: ByRuns
  /** Set for a retry (src/verbs.ts, makes 'message'): the new messages, in the order retried; `runs` is then empty. */
  messages?: RetriedMessage[]
  /** Of those, the messages the service did not deliver again (a deduplication id matched). */
  deduplicated?: number
  /** Entries the service refused to take, each by its DLQ id (a restart answers 400 for a run that does not support it). */
  refused?: RefusedEntry[]
  /** Of refused, how many were named there (the rest only counted, to keep memory bounded). */
  refusedCount?: number
  /** Ids of dlq-ids found no longer in the DLQ one by one (a request of several answered 404): counted, the first named. */
  goneOneByOne?: { count: number; named: string[] }
  /** Set by expect-count: the entries listed before any write, that the write then took by their DLQ ids. */
  expected?: { count: number; listed: number; planFile?: string; byListing?: true }
}

/** An entry the service refused to take, by DLQ id, with its answer (already redacted and shortened). */
export interface RefusedEntry {
  dlqId: string
  status: number
  serverText: string
}

/** A message a retry created: the entry left the DLQ; `deduplicated`: the service did not deliver it again. */
export interface RetriedMessage {
  messageId: string
  deduplicated?: true
}

/** The runs given by their pairs: how many were found in the workflow DLQ, and what became of the others. */
export interface ByRuns {
  given: number
  /** Runs found in the workflow DLQ (by id and creation time): what was resumed, by their dlqIds. */
  found: number
  /** Runs not in the DLQ, each with what the run log says of it ('unknown' without one, or not told). */
  notInDlq: Array<RunPair & { state: RunState }>
  /** Runs a re-run must be given (output next-workflow-runs): not in the DLQ yet, or found but not resumed. */
  left: RunPair[]
}

/**
 * A resumed run that counts against the canary, whichever signal saw it: back in the workflow DLQ under its new run
 * id, or failed (RUN_FAILED) or failing (a failed attempt, still retrying) in the run log.
 */
export interface FailedAgainRun extends FailedAgainFacts {
  workflowRunId: string
  /** Its creation on the service's clock, as its resume said: with the id, what finds it in the DLQ later. */
  workflowCreatedAt?: number
}

/** A retried message back in the DLQ under its new message id, after its retries: it counts against the canary. */
export interface FailedAgainMessage extends FailedAgainFacts {
  messageId: string
  state: 'failed'
  source: 'dlq'
}

/** What a write made that failed again: a run (resume, restart) or a message (retry). */
export type FailedAgain = FailedAgainRun | FailedAgainMessage

/** The id of what the write made: the new run's id, or the new message's. */
export const madeIdOf = (made: FailedAgain): string => ('messageId' in made ? made.messageId : made.workflowRunId)

/** What a watch knows of anything that failed again, run or message. */
interface FailedAgainFacts {
  /** The stage that resumed it. */
  stage: number
  /** The stage whose watch first saw it fail. */
  seenIn: number
  /** `failing`: still in its retries, so not in the DLQ yet (no dlqId until it is). */
  state: 'failed' | 'failing'
  /** Where it was seen: its entry back in the DLQ, or the run log. */
  source: RunStateSource
  /** Its DLQ entry's id, from the entry or from the run log. */
  dlqId?: string
  /** When it failed, on the service's clock (the entry's createdAt, or the log's end of the run). */
  failedAt?: number
  /** The step whose attempt failed, where the run log named it. */
  stepName?: string
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
  /** Everything of every stage that failed again or is failing, each with its stage: DLQ sightings first, in order. */
  failedAgain: FailedAgain[]
  unreadable?: number // of those, entries sent without a dlqId (or other fields): counted all the same
  /** The longest the watches can take: (stages - 1) x watch. */
  plannedWatchMs: number
  /** Each watched run's state at the end of the last watch, in the order resumed (absent: no watch ran). */
  judged?: JudgedRun[]
  /** Whether the service keeps a run log: 'absent' (404 on both paths), the watch judged the DLQ alone. */
  runLog?: 'read' | 'absent'
}

/**
 * The to-date a resume by filters sent with every request, on the service's clock, so that no run it created (it fails
 * after its creation) is taken by it. Checked against the first run the service created: a bound later than that
 * run's creation is moved before it (the drain goes on without its cursor: resumed entries have left the DLQ).
 */
export interface ResumeBound {
  toDate: number
  /**
   * Where it came from: `service` its Date (checked against the first run it created), `runner` the runner's clock
   * less `marginMs` (no usable Date), `stamps` the first run's creation time (the Date was off
   * or unusable), `input` the to-date given (earlier).
   */
  clock: 'service' | 'runner' | 'stamps' | 'input'
  marginMs?: number
  /** The service's time at the start, when a usable Date said it. */
  serviceStart?: number
  /** Why a Date the service sent was not used as it is. */
  dateFault?: DateFault
  /** The bound the first requests sent, when the first run's creation time showed it wrong and it was moved. */
  movedFrom?: number
  /** The runner's clock less its margin, never checked against the service's time (no Date, no run created). */
  unconfirmed?: true
}
