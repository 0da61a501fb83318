/**
 * A staged resume: successive batches (stages) of one bulk resume, each stage's new runs watched (operations/watch)
 * before the next, stopping when more of them failed again than allowed. Each stage is one resumeWorkflows call
 * capped at its size, continuing where the one before stopped; the result covers every stage, with each kept.
 */
import type { ResumePage } from '../service/schemas.js'
import type { ResumeRequest, StagePlan, WorkflowSelection } from '../requests.js'
import type { ResumeResult, StageOutcome, StagedResume } from '../results.js'
import type { Progress } from '../stop.js'
import { Inputs } from '../constants.js'
import type { Failure } from '../failure.js'
import { resumeWorkflows, type WorkflowResumer } from './resume-workflows.js'
import type { Clock } from '../clock.js'
import { watchStage, type DlqLister } from './watch.js'

type OnPage = (page: ResumePage, total: number) => void

export interface StagedHooks {
  clock: Clock
  /** The run's stop signal: it ends a watch at once. */
  stop: AbortSignal
  log: (line: string) => void
}

/** Progress of one stage written through to the run's, which counts every stage. */
function stageProgress(run: Progress, before: { confirmed: number; uncertainRequests: number }): Progress {
  return {
    get confirmed() {
      return run.confirmed - before.confirmed
    },
    set confirmed(n: number) {
      run.confirmed = before.confirmed + n
    },
    get uncertainRequests() {
      return run.uncertainRequests - before.uncertainRequests
    },
    set uncertainRequests(n: number) {
      run.uncertainRequests = before.uncertainRequests + n
    },
    get nextCursor() {
      return run.nextCursor
    },
    set nextCursor(cursor: string | undefined) {
      run.nextCursor = cursor
    }
  }
}

/**
 * The selection every stage sends: with filters (or all), bounded by the start of the staged resume, so that a run
 * that failed again in one stage (a new DLQ entry, failed after it) is never taken by a later stage. dlq-ids need
 * no bound: a run that fails again comes back under a new dlqId, which is not among them.
 */
function boundedSelection(selection: WorkflowSelection, startedAt: number): WorkflowSelection {
  if (selection.dlqIds !== undefined) return selection
  return { ...selection, toDate: Math.min(selection.toDate ?? Infinity, startedAt) }
}

/** Runs one stage's answers carried, those without a readable id included: what the caps count. */
const carried = (result: ResumeResult) => result.runs.length + (result.itemProblems?.leftOut ?? 0)

/** Resumes `request` in the stages of `plan`, watching each but the last; the result covers every stage. */
export async function stagedResume(
  client: WorkflowResumer & DlqLister,
  request: ResumeRequest,
  plan: StagePlan,
  hooks: StagedHooks,
  onPage: OnPage = () => {},
  progress: Progress = { confirmed: 0, uncertainRequests: 0 }
): Promise<ResumeResult> {
  const startedAt = hooks.clock.now()
  const selection = boundedSelection(request.selection, startedAt)
  const stages: StageOutcome[] = []
  const results: ResumeResult[] = []
  // max-pages bounds the resume requests of every stage together, as it bounds one resume (answered or not).
  let sent = 0
  const counting: WorkflowResumer = {
    resumeWorkflowsPage: (query, headers) => {
      sent++
      return client.resumeWorkflowsPage(query, headers)
    },
    resumeUrlLength: query => client.resumeUrlLength(query),
    log: line => client.log(line)
  }
  let budgetSpent: Failure | undefined
  let capLeft = request.maxRuns ?? Infinity
  let cursor = request.cursor
  // With dlq-ids in several parts, a stage that stopped names the ids left: the next stage sends those.
  let offset = 0
  // Each stage sends its own cursor and cap, never the ones the whole resume started with.
  const { cursor: _startCursor, maxRuns: _cap, ...base } = request
  for (const [index, size] of plan.sizes.entries()) {
    const asked = Math.min(size, capLeft)
    const ids = selection.dlqIds?.slice(offset)
    const stageRequest: ResumeRequest = {
      ...base,
      selection: ids === undefined ? selection : { ...selection, dlqIds: ids },
      ...(cursor !== undefined ? { cursor } : {}),
      ...(asked !== Infinity ? { maxRuns: asked } : {}),
      maxPages: request.maxPages - sent,
      ...(request.dlqIdLines !== undefined ? { dlqIdLines: request.dlqIdLines.slice(offset) } : {})
    }
    const stageStart = hooks.clock.now()
    hooks.log(
      `stage ${index + 1} of ${plan.sizes.length}: resuming ${asked === Infinity ? 'every run left' : `${asked} runs`}`
    )
    const before = { confirmed: progress.confirmed, uncertainRequests: progress.uncertainRequests }
    const total = progress.confirmed
    const result = await resumeWorkflows(
      counting,
      stageRequest,
      (page, n) => onPage(page, total + n),
      stageProgress(progress, before)
    )
    results.push(result)
    const runIds = result.runs.map(run => run.workflowRunId)
    const stage: StageOutcome = {
      stage: index + 1,
      asked,
      resumed: carried(result),
      runIds,
      startedAt: stageStart,
      failedAgain: []
    }
    stages.push(stage)
    capLeft -= carried(result)
    // What is left of the selection, and whether this stage may go on to the next.
    const more = result.stoppedByCap === true && capLeft > 0
    const healthy = result.failure === undefined && result.uncertainRequests === 0
    if (!more || !healthy || index === plan.sizes.length - 1 || plan.watchMs === undefined) break
    if (sent >= request.maxPages) {
      // No request left for a further stage: watching this one would protect nothing.
      budgetSpent = { kind: 'max-pages', pages: sent, input: Inputs.MaxPages, cursor: result.nextCursor }
      break
    }
    hooks.log(`stage ${index + 1}: watching its ${runIds.length} new runs for ${plan.watchMs / 1000} s`)
    const watch = await watchStage(
      client,
      {
        stage: index + 1,
        runIds: new Set(runIds),
        since: stageStart,
        ...(selection.workflowUrl !== undefined ? { workflowUrl: selection.workflowUrl } : {}),
        watchMs: plan.watchMs,
        maxFailed: plan.maxFailed,
        maxPages: request.maxPages
      },
      hooks.clock,
      hooks.stop,
      hooks.log
    )
    const { failedAgain, ...measured } = watch
    stage.watch = measured
    stage.failedAgain = failedAgain
    hooks.log(
      `stage ${index + 1}: ${failedAgain.length} of its ${runIds.length} runs back in the DLQ after ` +
        `${Math.round((measured.endedAt - measured.startedAt) / 1000)} s of watch`
    )
    if (measured.cut !== undefined || measured.failure !== undefined || failedAgain.length > plan.maxFailed) break
    if (result.continueFrom !== undefined) {
      offset += result.continueFrom.position - 1
      cursor = undefined
    } else {
      cursor = result.nextCursor
    }
  }
  const toDate = selection.dlqIds === undefined ? selection.toDate : undefined
  return combined(request, plan, stages, results, offset, toDate, totalBudget(results, budgetSpent, sent))
}

/** The failure of the budget said for every stage together (a stage's own counts only its requests). */
function totalBudget(results: ResumeResult[], spent: Failure | undefined, sent: number): Failure | undefined {
  const failure = spent ?? results[results.length - 1]?.failure
  if (failure?.kind === 'max-pages') return { ...failure, pages: sent }
  if (failure?.kind === 'request-budget') return { ...failure, requests: sent }
  return failure
}

/** A staged resume in the shape of resumeWorkflows, for the runs-file wrapper (operations/files). */
export function stagedResumer(client: WorkflowResumer & DlqLister, plan: StagePlan, hooks: StagedHooks) {
  return (_: WorkflowResumer, request: ResumeRequest, onPage?: OnPage, progress?: Progress): Promise<ResumeResult> =>
    stagedResume(client, request, plan, hooks, onPage, progress)
}

/** The result of every stage as one resume: runs and counts summed, the last stage's end (where to continue). */
function combined(
  request: ResumeRequest,
  plan: StagePlan,
  stages: StageOutcome[],
  results: ResumeResult[],
  offset: number,
  toDate: number | undefined,
  /** The last stage's failure, or the budget spent before the next stage, in counts over every stage. */
  resumeFailure: Failure | undefined
): ResumeResult {
  const last = results[results.length - 1] as ResumeResult
  const runs = results.flatMap(r => r.runs)
  const sum = (f: (r: ResumeResult) => number) => results.reduce((n, r) => n + f(r), 0)
  const made = sum(carried)
  const largest = Math.max(...results.map(r => r.largestAnswer ?? 0))
  const examples = results.flatMap(r => r.itemProblems?.examples ?? []).slice(0, 5)
  const problems = { kept: sum(r => r.itemProblems?.kept ?? 0), leftOut: sum(r => r.itemProblems?.leftOut ?? 0) }
  const gone = { parts: sum(r => r.goneIds?.parts ?? 0), ids: sum(r => r.goneIds?.ids ?? 0) }
  const watched = stages.flatMap(s => (s.watch === undefined ? [] : [s.watch]))
  const watchEnd = watched.find(w => w.cut !== undefined || w.failure !== undefined)
  // A watch that a stop cut, or whose listing failed, ends the resume as a failure; the resume's own failure first.
  const failure =
    resumeFailure ??
    (watchEnd?.cut !== undefined ? { kind: 'cancelled' as const, signal: watchEnd.cut } : watchEnd?.failure)
  const continueFrom =
    last.continueFrom === undefined
      ? undefined
      : { ...last.continueFrom, position: last.continueFrom.position + offset }
  const staged: StagedResume = { plan, stages, ...(toDate !== undefined ? { toDate } : {}) }
  return {
    operation: 'resume-workflows',
    all: request.all,
    overrides: request.overrides,
    ...(last.parts !== undefined ? { parts: last.parts } : {}),
    selection: request.selection,
    ...(request.cursor !== undefined ? { startCursor: request.cursor } : {}),
    runs,
    requests: sum(r => r.requests),
    uncertainRequests: sum(r => r.uncertainRequests),
    ...(largest > 0 ? { largestAnswer: largest } : {}),
    ...(request.maxRuns !== undefined ? { maxRuns: request.maxRuns } : {}),
    ...(request.maxRuns !== undefined && made >= request.maxRuns && last.stoppedByCap ? { stoppedByCap: true } : {}),
    ...(request.maxRuns !== undefined && made > request.maxRuns ? { pastCap: made - request.maxRuns } : {}),
    ...(gone.parts > 0 ? { goneIds: gone } : {}),
    // Absent when every item was read, as resumeWorkflows leaves it: the report warns whenever it is set.
    ...(problems.kept + problems.leftOut > 0 ? { itemProblems: { ...problems, examples } } : {}),
    ...(last.nextCursor !== undefined ? { nextCursor: last.nextCursor } : {}),
    ...(continueFrom !== undefined ? { continueFrom } : {}),
    ...(failure !== undefined ? { failure } : {}),
    staged
  }
}
