/**
 * A staged resume: successive batches (stages) of one bulk resume, each stage's new runs watched (operations/watch)
 * before the next, stopping when more of them failed again than allowed. Each stage is one drain of the resume, capped
 * at its size, continuing where the one before stopped, into one ledger: the result covers every stage, each kept.
 */
import type { ResumeRequest, StagePlan, WorkflowSelection } from '../requests.js'
import type { ResumeResult, StageOutcome, StagedResume, StageVerdict, StageWatch } from '../results.js'
import type { Progress } from '../stop.js'
import { Inputs } from '../constants.js'
import { drainResume, type OnResumePage, type WorkflowResumer } from './resume-workflows.js'
import { ResumeLedger, type DrainEnd } from './resume-ledger.js'
import type { Clock } from '../clock.js'
import { watchStage, type DlqLister } from './watch.js'

export interface StagedHooks {
  clock: Clock
  /** The run's stop signal: it ends a watch at once. */
  stop: AbortSignal
  log: (line: string) => void
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

/** Resumes `request` in the stages of `plan`, watching each but the last; the result covers every stage. */
export async function stagedResume(
  client: WorkflowResumer & DlqLister,
  request: ResumeRequest,
  plan: StagePlan,
  hooks: StagedHooks,
  onPage: OnResumePage = () => {},
  progress?: Progress
): Promise<ResumeResult> {
  const ledger = new ResumeLedger(progress)
  const startedAt = hooks.clock.now()
  const selection = boundedSelection(request.selection, startedAt)
  const stages: StageOutcome[] = []
  let end: DrainEnd = {}
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
      ...(request.dlqIdLines !== undefined ? { dlqIdLines: request.dlqIdLines.slice(offset) } : {})
    }
    const stageStart = hooks.clock.now()
    hooks.log(
      `stage ${index + 1} of ${plan.sizes.length}: resuming ${asked === Infinity ? 'every run left' : `${asked} runs`}`
    )
    const before = { runs: ledger.runs.length, carried: ledger.carried, lost: ledger.uncertainRequests }
    end = await drainResume(client, stageRequest, ledger, onPage)
    if (end.continueFrom !== undefined) {
      end = { ...end, continueFrom: { ...end.continueFrom, position: end.continueFrom.position + offset } }
    }
    const runIds = ledger.runs.slice(before.runs).map(run => run.workflowRunId)
    const resumed = ledger.carried - before.carried
    const stage: StageOutcome = {
      stage: index + 1,
      verdict: 'last',
      asked,
      resumed,
      runIds,
      startedAt: stageStart,
      failedAgain: []
    }
    stages.push(stage)
    capLeft -= resumed
    // What is left of the selection, and whether this stage may go on to the next.
    const more = end.stoppedByCap === true && capLeft > 0
    const healthy = end.failure === undefined && ledger.uncertainRequests === before.lost
    if (!more || !healthy || index === plan.sizes.length - 1 || plan.watchMs === undefined) break
    if (ledger.sent >= request.maxPages) {
      // No request left for a further stage: watching this one would protect nothing.
      end = {
        ...end,
        failure: { kind: 'max-pages', pages: ledger.sent, input: Inputs.MaxPages, cursor: end.nextCursor }
      }
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
    stage.verdict = watchVerdict(measured, failedAgain.length, plan.maxFailed)
    hooks.log(
      `stage ${index + 1}: ${failedAgain.length} of its ${runIds.length} runs back in the DLQ after ` +
        `${Math.round((measured.endedAt - measured.startedAt) / 1000)} s of watch`
    )
    if (stage.verdict !== 'clean' && stage.verdict !== 'within') break
    if (end.continueFrom !== undefined) {
      offset = end.continueFrom.position - 1
      cursor = undefined
    } else {
      cursor = end.nextCursor
    }
  }
  // A watch that a stop cut, or whose listing failed, ends the resume as a failure; the resume's own failure first.
  const watchEnd = stages.find(s => s.watch?.cut !== undefined || s.watch?.failure !== undefined)?.watch
  const failure =
    end.failure ??
    (watchEnd?.cut !== undefined ? { kind: 'cancelled' as const, signal: watchEnd.cut } : watchEnd?.failure)
  const last = stages[stages.length - 1]
  // The stage not watched: the last, or one whose requests failed or lost answers (what it resumed is not all known).
  if (last !== undefined && last.watch === undefined && (failure !== undefined || ledger.uncertainRequests > 0)) {
    last.verdict = 'failed'
  }
  const toDate = selection.dlqIds === undefined ? selection.toDate : undefined
  const staged: StagedResume = { plan, stages, ...(toDate !== undefined ? { toDate } : {}) }
  return { ...ledger.result(request, { ...end, ...(failure !== undefined ? { failure } : {}) }), staged }
}

/** A watched stage's verdict, from what its watch measured. */
function watchVerdict(watch: StageWatch, failedAgain: number, maxFailed: number): StageVerdict {
  if (failedAgain > maxFailed) return 'stopped'
  if (watch.cut !== undefined) return 'cut'
  if (watch.failure !== undefined) return 'blind'
  return failedAgain === 0 ? 'clean' : 'within'
}
