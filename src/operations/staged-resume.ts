/**
 * A staged resume: successive batches (stages) of one bulk resume, each stage's new runs watched (operations/watch)
 * before the next, stopping when more of them failed again than allowed. Each stage is one drain of the resume, capped
 * at its size, continuing where the one before stopped, into one ledger: the result covers every stage, each kept.
 */
import type { ResumeRequest, StagePlan } from '../requests.js'
import { verbOf } from '../verbs.js'
import type { ResumedRun } from '../results.js'
import type { ResumeBound, ResumeResult, StageOutcome, StagedResume } from '../resume-results.js'
import { STAGE_VERDICTS } from '../stage-verdicts.js'
import type { Progress } from '../stop.js'
import { CLOCK_SKEW_MARGIN_MS, Inputs } from '../constants.js'
import type { ServiceClient } from '../service/client.js'
import { idsLeftFrom, type OnResumePage, type WorkflowResumer } from './resume-drain.js'
import { drainWrite } from './listed-takes.js'
import { BoundKeeper, startBound, withBound } from './resume-bound.js'
import { ResumeLedger, type DrainEnd } from './resume-ledger.js'
import type { Clock } from '../clock.js'
import { watchStage, WatchState, type DlqLister } from './watch.js'
import { earlyEnd, judgeStage, type PollCounts, type StageResumeEnd, type WatchFacts } from './stage-judge.js'
import { countStates } from '../run-states.js'
import { failureOf } from '../failure.js'
import type { RunRef } from '../service/run-log.js'

export interface StagedHooks {
  clock: Clock
  /** The run's stop signal: it ends a watch at once. */
  stop: AbortSignal
  log: (line: string) => void
  onPage?: OnResumePage
  /** Kept up to date as answers arrive, for a last-resort report should the process be stopped. */
  progress?: Progress
}

/** Resumes `request` in the stages of `plan`, watching each but the last; the result covers every stage. */
export async function stagedResume(
  client: WorkflowResumer & DlqLister,
  request: ResumeRequest,
  plan: StagePlan,
  hooks: StagedHooks
): Promise<ResumeResult> {
  const { onPage = () => {}, progress } = hooks
  const verb = verbOf(request)
  const ledger = new ResumeLedger(verb, progress)
  // Every stage sends the same to-date, the service's time at the start: no stage takes a run a stage before created.
  // Taken first, so that a step refused below names it too: a re-run with it selects what this step would have.
  const bound = await startBound(client, request, hooks.clock)
  // watch-min-completed needs the run log: without one, refuse before any resume request (fail closed).
  const probe = plan.minCompleted !== undefined ? await probeRunLog(client, hooks.clock) : undefined
  const keeper = new BoundKeeper(bound, ledger.progress, () => hooks.clock.now(), request.selection.toDate)
  if (probe !== undefined) {
    const staged: StagedResume = { plan, stages: [], failedAgain: [], plannedWatchMs: 0, runLog: 'absent' }
    const said = keeper.result()
    return { ...ledger.result(request, { failure: probe }), ...(said !== undefined ? { bound: said } : {}), staged }
  }
  const given = withBound(request, bound, ledger.progress).selection
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
    const ids = given.dlqIds?.slice(offset)
    const followed = index < plan.sizes.length - 1
    // The bound as the first run created left it: a later stage sends it.
    const selection = keeper.bound === undefined ? given : { ...given, toDate: keeper.bound.toDate }
    const stageRequest: ResumeRequest = {
      ...base,
      selection: ids === undefined ? selection : { ...selection, dlqIds: ids },
      // A canary's runs retry as watch-retries says, so that a failing one is back in the DLQ inside its watch.
      overrides:
        followed && plan.watchRetries !== undefined
          ? { ...base.overrides, retries: plan.watchRetries }
          : base.overrides,
      ...(cursor !== undefined ? { cursor } : {}),
      ...(asked !== Infinity ? { maxRuns: asked } : {}),
      ...(request.dlqIdLines !== undefined ? { dlqIdLines: request.dlqIdLines.slice(offset) } : {})
    }
    const stageStart = hooks.clock.now()
    const { doing, short, past } = verb.words
    const what = asked === Infinity ? `every ${short.slice(0, -1)} left` : `${asked} ${short}`
    hooks.log(`stage ${index + 1} of ${plan.sizes.length}: ${doing} ${what}`)
    const before = {
      runs: ledger.runs.length,
      messages: ledger.messages.length,
      carried: ledger.carried,
      lost: ledger.uncertainRequests
    }
    const drained = await drainWrite(client, stageRequest, ledger, onPage, keeper)
    end = asGiven(drained, request, offset)
    const made = ledger.runs.slice(before.runs)
    const runIds = [
      ...made.map(run => run.workflowRunId),
      ...ledger.messages.slice(before.messages).map(m => m.messageId)
    ]
    const resumed = ledger.carried - before.carried
    capLeft -= resumed
    // A delete makes nothing to watch: its schema takes no stages.
    const makes = verb.makes === 'message' ? 'message' : 'run'
    watching ??= new WatchState(watchFrom(keeper.bound, made, client, hooks.clock), makes, `${short} ${past}`)
    watching.add(index + 1, verb.makes === 'run' ? made : runIds)
    let resumeEnd = howItEnded(end, capLeft, ledger.uncertainRequests > before.lost)
    const watchable = resumeEnd === 'more-left' && followed && plan.watchMs !== undefined
    if (watchable && ledger.sent >= request.maxPages) {
      // No request left for a further stage: watching this one would protect nothing.
      const failure = { kind: 'max-pages' as const, pages: ledger.sent, input: Inputs.MaxPages, cursor: end.nextCursor }
      end = { ...end, failure }
      resumeEnd = 'failed'
    }
    const stage: StageOutcome = { stage: index + 1, verdict: 'last', asked, resumed, runIds, startedAt: stageStart }
    stages.push(stage)
    const watch =
      resumeEnd === 'more-left' && watchable
        ? await watchAfter(stage, plan, request, client, watching, hooks)
        : undefined
    if (watch !== undefined) stage.watch = watch.measured
    stage.verdict = judgeStage({ resume: resumeEnd, ...(watch !== undefined ? { watch } : {}) }, plan)
    if (!STAGE_VERDICTS[stage.verdict].goesOn) break
    // The stage's own cursor continues the list it sent; without one, the next stage sends the ids left.
    cursor = drained.nextCursor
    if (cursor === undefined && end.continueFrom !== undefined) offset = end.continueFrom.position - 1
  }
  const watchCut = stages.find(s => s.verdict === 'cut')?.watch?.cut
  // A watch that a stop cut ends the step as a cancel; a blind or stopping watch is the watch's, kept with its stage.
  const failure = end.failure ?? (watchCut !== undefined ? { kind: 'cancelled' as const, signal: watchCut } : undefined)
  const failedAgain = watching?.failedAgain() ?? []
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
  const kept = keeper.result()
  return { ...result, ...(kept !== undefined ? { bound: kept } : {}), staged }
}

/** How a stage's resume requests ended, from its drain: what the judge needs before any watch. */
function howItEnded(end: DrainEnd, capLeft: number, lostAnswers: boolean): StageResumeEnd {
  if (end.failure?.kind === 'cancelled') return 'cancelled'
  if (end.stoppedByCap === true && capLeft <= 0) return 'capped'
  if (end.failure !== undefined || lostAnswers) return 'failed'
  return end.stoppedByCap === true ? 'more-left' : 'drained'
}

/** The watch after a stage, over every run resumed so far, and its counts for the judge. */
async function watchAfter(
  stage: StageOutcome,
  plan: StagePlan,
  request: ResumeRequest,
  client: DlqLister,
  watching: WatchState,
  hooks: StagedHooks
): Promise<WatchFacts> {
  const watchMs = plan.watchMs ?? 0
  hooks.log(`stage ${stage.stage}: watching the ${watching.runs.size} ${watching.taken} so far for ${watchText(plan)}`)
  const badBefore = watching.failing()
  const measure = { stage: stage.stage, watchMs, maxPages: request.maxPages }
  const endEarly = (counts: PollCounts) => earlyEnd(counts, plan)
  const measured = await watchStage(client, measure, watching, hooks.clock, hooks.stop, endEarly, hooks.log)
  const { completed, cancelled } = countStates([...watching.judged.values()])
  return { measured, bad: watching.failing(), badBefore, completed, cancelled, watched: watching.runs.size }
}

/** The watch as the user wrote it, for the log. */
const watchText = (plan: StagePlan): string => plan.watchText ?? `${(plan.watchMs ?? 0) / 1000}s`

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
 * Where the watches start listing, on the clock that stamps the DLQ's entries: the earliest creation time the
 * service gave the first stage's runs (every run the resume creates fails after it, whatever its Date said), else the
 * resume's bound, else the service's Date (less a second) or the runner's clock less the skew margin.
 */
function watchFrom(
  bound: ResumeBound | undefined,
  runs: readonly ResumedRun[],
  client: Pick<ServiceClient, 'serviceNow'>,
  clock: Clock
): number {
  let created = Infinity
  for (const run of runs) if (run.workflowCreatedAt !== undefined) created = Math.min(created, run.workflowCreatedAt)
  if (created !== Infinity) return created
  if (bound?.serviceStart !== undefined) return bound.serviceStart
  if (bound !== undefined && bound.clock !== 'input' && bound.clock !== 'runner') return bound.toDate + 1
  const now = client.serviceNow()
  return now !== undefined ? Math.floor(now) - 1_000 : clock.now() - CLOCK_SKEW_MARGIN_MS
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
