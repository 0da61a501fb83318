/**
 * What a bulk resume has done so far, in one object that each drain (one, or one per stage) feeds: the runs, the
 * requests, what may have been resumed unseen. The result of a resume, staged or not, is read from it.
 */
import type { ResumeRequest } from '../requests.js'
import type { RefusedEntry, ResumeResult, RetriedMessage } from '../resume-results.js'
import type { ItemProblem, WorkflowRun } from '../service/schemas.js'
import type { Progress } from '../stop.js'
import type { BulkVerb } from '../verbs.js'
import type { Failure } from '../failure.js'
import { ItemProblems } from './item-problems.js'

/** How one drain of the resume ended: what the result says of where it stopped. */
export interface DrainEnd {
  failure?: Failure
  nextCursor?: string
  continueFrom?: ResumeResult['continueFrom']
  /** The drain's cap stopped it with more of the selection left. */
  stoppedByCap?: boolean
  /** It stopped with more left just as its bound moved: the rest is the same selection under the new bound, no cursor. */
  leftWithoutCursor?: boolean
  /** Parts dlq-ids was sent in, when more than one. */
  parts?: number
}

/** Gone or refused ids named at most (the rest counted): memory stays bounded whatever the service answers. */
const NAMED_AT_MOST = 1000

export class ResumeLedger {
  /** Every run the answers named, in the order resumed (a resume or a restart). */
  readonly runs: WorkflowRun[] = []
  /** Every new message the answers named, in the order retried (a retry). */
  readonly messages: RetriedMessage[] = []
  /** Of those, the messages the service deduplicated (not delivered again). */
  deduplicated = 0
  /** Runs the answers carried, named or not: what a cap counts. */
  carried = 0
  /** Requests answered with runs. */
  requests = 0
  /** Requests sent, answered or not (a part answered 404 too): what max-pages bounds. */
  sent = 0
  /** Attempts whose answer was lost or unreadable: each may have resumed runs not in `runs`... */
  uncertainRequests = 0
  /** ...as many as each asked for (its count): what they may have resumed in all. */
  uncertainRuns = 0
  /** Most runs one answer carried, when more than the count sent: the service ignores count. */
  largestAnswer?: number
  /** Ids of dlq-ids the service no longer had, each told on its own (404 to a request of that id alone). */
  readonly gone: { count: number; named: string[] } = { count: 0, named: [] }
  /** Entries the service refused to take (400 to a request of that id alone), the first NAMED_AT_MOST named. */
  readonly refused: RefusedEntry[] = []
  refusedCount = 0
  /** Every id told gone or refused: a listing that takes the rest skips them (bounded by what the service refused). */
  readonly told = new Set<string>()
  /** Entries a delete's answers counted: they name none (makes `count`). */
  deleted = 0
  /**
   * Where the answers name nothing (a delete), the ids are the only record: every id a request named, and those of
   * requests with an answer lost (what such a request did to them is unknown); bounded by the ids given.
   */
  readonly named = new Set<string>()
  readonly lostIds = new Set<string>()
  /** Of the ids told gone, those a request with a lost answer had named: it may have taken them itself. */
  goneAfterLost = 0
  private readonly problems = new ItemProblems()

  /** `progress` is kept up to date as answers arrive, for a last-resort report should the process be stopped. */
  constructor(
    /** The write whose answers it holds: its page size tells a service that ignores count. */
    readonly verb: BulkVerb,
    readonly progress: Progress = { confirmed: 0, uncertainRequests: 0 }
  ) {}

  /** A request about to be sent, by these ids: kept where the answer will not name what it took. */
  naming(ids: readonly string[] | undefined): void {
    if (this.verb.makes === 'count') for (const id of ids ?? []) this.named.add(id)
  }

  /** Attempts lost after sending (a failed request, or the answer to a page's retries), each asking for `count`. */
  lost(attempts: number, count: number, ids?: readonly string[]): void {
    if (attempts > 0 && this.verb.makes === 'count') for (const id of ids ?? []) this.lostIds.add(id)
    this.uncertainRequests += attempts
    this.uncertainRuns += attempts * count
    this.progress.uncertainRequests = this.uncertainRequests
    this.progress.uncertainRuns = this.uncertainRuns
  }

  /** One answered request: what it made (runs, or new messages), and the items it carried that could not be read. */
  answered(
    runs: readonly WorkflowRun[],
    problems: readonly ItemProblem[],
    messages: readonly RetriedMessage[] = [],
    deleted = 0
  ): void {
    this.deleted += deleted
    const carried = runs.length + messages.length + deleted + problems.filter(p => !p.kept).length
    if (carried > this.verb.pageSize) this.largestAnswer = Math.max(this.largestAnswer ?? 0, carried)
    this.carried += carried
    // A loop, not a spread: a server that ignores count may answer with more runs than fit in arguments.
    for (const run of runs) this.runs.push(run)
    for (const message of messages) {
      this.messages.push(message)
      if (message.deduplicated) this.deduplicated++
    }
    this.requests++
    const request = this.requests
    this.problems.add(problems, problem =>
      problem.kept
        ? `run "${problem.id ?? ''}" (request ${request}, item ${problem.index}): ${problem.detail}`
        : `item ${problem.index} of request ${request}, ${this.verb.words.past} but not named: ${problem.detail}`
    )
    this.progress.confirmed = this.taken()
  }

  /** An id the service answered 404 for on its own: gone since it was listed. */
  goneOne(dlqId: string): void {
    this.told.add(dlqId)
    if (this.lostIds.has(dlqId)) this.goneAfterLost++
    this.gone.count++
    if (this.gone.named.length < NAMED_AT_MOST) this.gone.named.push(dlqId)
  }

  /** An id the service refused on its own (400): it stays in the DLQ, the others go on. */
  refusedOne(dlqId: string, answer: { status: number; serverText: string }): void {
    this.told.add(dlqId)
    this.refusedCount++
    if (this.refused.length < NAMED_AT_MOST) this.refused.push({ dlqId, ...answer })
  }

  /** Entries the answers named as taken: runs made, or messages made; or counted as deleted. */
  taken(): number {
    return this.runs.length + this.messages.length + this.deleted
  }

  /** The resume asked by `request`, as far as this ledger went, ending as `end` says. */
  result(request: ResumeRequest, end: DrainEnd): ResumeResult {
    const { maxRuns } = request
    const { failure, continueFrom, parts, leftWithoutCursor } = end
    // Stopped before any request: the cursor it was given is where a re-run starts again.
    const nextCursor = end.nextCursor ?? (failure !== undefined && this.sent === 0 ? request.cursor : undefined)
    const stoppedByCap = end.stoppedByCap === true && maxRuns !== undefined && this.carried >= maxRuns
    return {
      operation: this.verb.operation,
      selection: request.selection,
      all: request.all,
      overrides: request.overrides,
      ...(request.cursor !== undefined ? { startCursor: request.cursor } : {}),
      runs: this.runs,
      requests: this.requests,
      uncertainRequests: this.uncertainRequests,
      ...(this.uncertainRequests > 0 ? { uncertainRuns: this.uncertainRuns } : {}),
      ...(this.largestAnswer !== undefined ? { largestAnswer: this.largestAnswer } : {}),
      ...(maxRuns !== undefined ? { maxRuns } : {}),
      ...(stoppedByCap ? { stoppedByCap } : {}),
      ...(maxRuns !== undefined && this.carried > maxRuns ? { pastCap: this.carried - maxRuns } : {}),
      ...(parts !== undefined ? { parts } : {}),
      // Ids called not found when none was found, or by a service without the write, were never shown gone.
      ...(this.gone.count > 0 && failure?.kind !== 'ids-gone' && failure?.kind !== 'verb-missing'
        ? { goneOneByOne: { count: this.gone.count, named: [...this.gone.named] } }
        : {}),
      ...(this.refusedCount > 0 ? { refused: [...this.refused], refusedCount: this.refusedCount } : {}),
      itemProblems: this.problems.summary(),
      ...(nextCursor !== undefined ? { nextCursor } : {}),
      ...(leftWithoutCursor === true ? { leftWithoutCursor } : {}),
      ...(continueFrom !== undefined ? { continueFrom } : {}),
      ...(failure !== undefined ? { failure } : {}),
      ...(this.verb.makes === 'message' ? { messages: this.messages, deduplicated: this.deduplicated } : {})
    }
  }
}
