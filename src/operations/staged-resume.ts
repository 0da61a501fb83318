/**
 * A staged resume: successive batches (stages) of one bulk resume, each stage's new runs watched (operations/watch)
 * before the next, stopping when more of them failed again than allowed. Each stage is one drain of the resume, capped
 * at its size, continuing where the one before stopped, into one ledger: the result covers every stage, each kept.
 */
import { minCompletedOf, type ResumeRequest, type StagePlan } from '../requests.js'
import type {
  ResumeBound,
  ResumedRun,
  ResumeResult,
  StageOutcome,
  StagedResume,
  StageVerdict,
  StageWatch
} from '../results.js'
import type { Progress } from '../stop.js'
import { CLOCK_SKEW_MARGIN_MS, Inputs } from '../constants.js'
import type { ServiceClient } from '../service/client.js'
import {
  drainResume,
  idsLeftFrom,
  startBound,
  withBound,
  type OnResumePage,
  type WorkflowResumer
} from './resume-workflows.js'
import { ResumeLedger, type DrainEnd } from './resume-ledger.js'
import type { Clock } from '../clock.js'
import { watchStage, WatchState, type DlqLister } from './watch.js'
import { failureOf } from '../failure.js'
import type { RunRef } from '../service/run-log.js'

export interface StagedHooks {
  clock: Clock
  /** The run's stop signal: it ends a watch at once. */
  stop: AbortSignal
  log: (line: string) => void
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
  // Every stage sends the same to-date, the service's time at the start: no stage takes a run a stage before created.
  // watch-min-completed needs the run log: without one, refuse before any other request (fail closed).
  const probe = plan.minCompleted !== undefined ? await probeRunLog(client, hooks.clock) : undefined
  const bound = probe === undefined ? await startBound(client, request, hooks.clock) : undefined
  if (probe !== undefined) {
    const staged: StagedResume = { plan, stages: [], failedAgain: [], plannedWatchMs: 0, runLog: 'absent' }
    return { ...ledger.result(request, { failure: probe }), ...(bound !== undefined ? { bound } : {}), staged }
  }
  const selection = withBound(request, bound, ledger.progress).selection
  const stages: StageOutcome[] = []
  let watching: WatchState | undefined
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
    const watched = index < plan.sizes.length - 1
    const stageRequest: ResumeRequest = {
      ...base,
      selection: ids === undefined ? selection : { ...selection, dlqIds: ids },
      // A canary's runs retry as watch-retries says, so that a failing one is back in the DLQ inside its watch.
      overrides:
        watched && plan.watchRetries !== undefined ? { ...base.overrides, retries: plan.watchRetries } : base.overrides,
      ...(cursor !== undefined ? { cursor } : {}),
      ...(asked !== Infinity ? { maxRuns: asked } : {}),
      ...(request.dlqIdLines !== undefined ? { dlqIdLines: request.dlqIdLines.slice(offset) } : {})
    }
    const stageStart = hooks.clock.now()
    hooks.log(
      `stage ${index + 1} of ${plan.sizes.length}: resuming ${asked === Infinity ? 'every run left' : `${asked} runs`}`
    )
    const before = { runs: ledger.runs.length, carried: ledger.carried, lost: ledger.uncertainRequests }
    const drained = await drainResume(client, stageRequest, ledger, onPage)
    end = asGiven(drained, request, offset)
    const made = ledger.runs.slice(before.runs)
    const runIds = made.map(run => run.workflowRunId)
    const resumed = ledger.carried - before.carried
    const stage: StageOutcome = { stage: index + 1, verdict: 'last', asked, resumed, runIds, startedAt: stageStart }
    stages.push(stage)
    capLeft -= resumed
    watching ??= new WatchState(watchFrom(bound, made, client, hooks.clock))
    watching.add(stage.stage, made)
    // What is left of the selection, and whether this stage may go on to the next.
    if (end.stoppedByCap !== true || capLeft <= 0 || !watched || plan.watchMs === undefined) {
      if (end.stoppedByCap === true && capLeft <= 0) stage.verdict = 'capped'
      break
    }
    if (end.failure !== undefined || ledger.uncertainRequests > before.lost) break
    if (ledger.sent >= request.maxPages) {
      // No request left for a further stage: watching this one would protect nothing.
      end = {
        ...end,
        failure: { kind: 'max-pages', pages: ledger.sent, input: Inputs.MaxPages, cursor: end.nextCursor }
      }
      break
    }
    const watchText = plan.watchText ?? `${plan.watchMs / 1000}s`
    hooks.log(`stage ${stage.stage}: watching the ${watching.runs.size} runs resumed so far for ${watchText}`)
    const failingBefore = watching.failing()
    const request_ = {
      stage: stage.stage,
      watchMs: plan.watchMs,
      maxFailed: plan.maxFailed,
      maxPages: request.maxPages
    }
    stage.watch = await watchStage(client, request_, watching, hooks.clock, hooks.stop, hooks.log)
    stage.verdict = watchVerdict(stage.watch, watching, failingBefore, plan)
    if (stage.verdict !== 'clean' && stage.verdict !== 'within') break
    // The stage's own cursor continues the list it sent; without one, the next stage sends the ids left.
    cursor = drained.nextCursor
    if (cursor === undefined && end.continueFrom !== undefined) offset = end.continueFrom.position - 1
  }
  const last = stages[stages.length - 1]
  // The stage not watched: the last, or one whose requests failed or lost answers (what it resumed is not all known).
  if (
    last !== undefined &&
    last.watch === undefined &&
    last.verdict === 'last' &&
    (end.failure !== undefined || ledger.uncertainRequests > 0)
  ) {
    last.verdict = end.failure?.kind === 'cancelled' ? 'cancelled' : 'failed'
  }
  const watchCut = stages.find(s => s.verdict === 'cut')?.watch?.cut
  // A watch that a stop cut ends the step as a cancel; a blind or stopping watch is the watch's, kept with its stage.
  const failure = end.failure ?? (watchCut !== undefined ? { kind: 'cancelled' as const, signal: watchCut } : undefined)
  const failedAgain = [...(watching?.found.values() ?? [])]
  const staged: StagedResume = {
    plan,
    stages,
    failedAgain,
    ...(watching !== undefined && watching.unreadable > 0 ? { unreadable: watching.unreadable } : {}),
    plannedWatchMs: (plan.sizes.length - 1) * (plan.watchMs ?? 0),
    ...(watching !== undefined && watching.judged.size > 0 ? { judged: [...watching.judged.values()] } : {}),
    ...(watching?.runLog !== undefined ? { runLog: watching.runLog } : {})
  }
  const result = ledger.result(request, { ...end, ...(failure !== undefined ? { failure } : {}) })
  return { ...result, ...(bound !== undefined ? { bound } : {}), staged }
}

/**
 * A stage's end in terms of the dlq-ids given, the stage having sent them from `offset` on: the ids left counted from
 * the first given, and a cursor (it belongs to the shorter list the stage sent) turned into the ids left from there.
 */
function asGiven(end: DrainEnd, request: ResumeRequest, offset: number): DrainEnd {
  if (offset === 0) return end
  if (end.continueFrom !== undefined) {
    return { ...end, continueFrom: { ...end.continueFrom, position: end.continueFrom.position + offset } }
  }
  if (end.nextCursor === undefined) return end
  const { nextCursor: _own, ...rest } = end
  return { ...rest, continueFrom: idsLeftFrom(request, offset) }
}

/**
 * Where the watches start listing, on the service's clock: the resume's bound (every run it created failed after
 * it), else the earliest creation time of the first stage's runs, else the service's Date (less a second) or the
 * runner's clock less the skew margin.
 */
function watchFrom(
  bound: ResumeBound | undefined,
  runs: readonly ResumedRun[],
  client: Pick<ServiceClient, 'serviceNow'>,
  clock: Clock
): number {
  if (bound?.serviceStart !== undefined) return bound.serviceStart
  if (bound !== undefined && bound.clock === 'service') return bound.toDate + 1
  const created = runs.flatMap(run => (run.workflowCreatedAt === undefined ? [] : [run.workflowCreatedAt]))
  if (created.length > 0) return Math.min(...created)
  const now = client.serviceNow()
  return now !== undefined ? Math.floor(now) - 1_000 : clock.now() - CLOCK_SKEW_MARGIN_MS
}

/** A watched stage's verdict, from what its watch measured over every run resumed so far. */
function watchVerdict(watch: StageWatch, state: WatchState, failingBefore: number, plan: StagePlan): StageVerdict {
  const failing = state.failing()
  if (failing > plan.maxFailed) return 'stopped'
  if (watch.cut !== undefined) return 'cut'
  if (watch.failure !== undefined) return 'blind'
  if (plan.minCompleted !== undefined) {
    let completed = 0
    for (const run of state.judged.values()) if (run.state === 'completed') completed++
    if (completed < minCompletedOf(plan.minCompleted, state.runs.size)) return 'inconclusive'
  }
  return failing === failingBefore ? 'clean' : 'within'
}

/** A pair no run has: the service answers it with no run where it keeps a run log, 404 on both paths where not. */
const PROBE_RUN: Omit<RunRef, 'workflowCreatedAt'> = { workflowRunId: 'wfr_dlq-action-run-log-probe' }

/**
 * One run-log request before any resume, when watch-min-completed is set: a service without a run log cannot judge
 * it, so the step stops there (undefined: the run log answered). Any other failure of the read stops it too.
 */
async function probeRunLog(client: Pick<ServiceClient, 'readRunLog' | 'serviceNow'>, clock: Clock) {
  const at = Math.floor(client.serviceNow() ?? clock.now())
  try {
    const read = await client.readRunLog([{ ...PROBE_RUN, workflowCreatedAt: at }], 1)
    if (read.kind === 'read') return undefined
    return { kind: 'no-run-log' as const, input: Inputs.WatchMinCompleted }
  } catch (err) {
    return failureOf(err)
  }
}
