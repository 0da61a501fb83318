/** The words of a staged resume: each stage's verdict (kept with it), what a watch cannot see, the bound sent. */
import type { FailedAgainRun, ResumeResult, StagedResume, StageOutcome, StageVerdict } from '../results.js'
import type { StagePlan } from '../requests.js'
import { formatCount, plural } from '../format.js'
import { errorWords } from './response-sample.js'

/** Stages resumed and, where watched, passed (clean or within watch-max-failed): output stages-completed. */
export function stagesCompleted(staged: StagedResume): number {
  const passed = new Set<StageVerdict>(['clean', 'within', 'last', 'capped'])
  return staged.stages.filter(stage => passed.has(stage.verdict)).length
}

/** The stage that ended the resume before its plan, and why; undefined when every stage passed. */
export function endingStage(staged: StagedResume): { stage: StageOutcome; verdict: StageVerdict } | undefined {
  for (const stage of staged.stages) {
    const { verdict } = stage
    if (verdict !== 'clean' && verdict !== 'within' && verdict !== 'last') return { stage, verdict }
  }
  return undefined
}

/** A duration as the inputs write one: 90s, 10m, 1h, or 2m 5s. */
export function durationText(ms: number): string {
  const seconds = Math.round(ms / 1000)
  if (seconds % 3600 === 0 && seconds > 0) return `${seconds / 3600}h`
  if (seconds < 60 || seconds % 60 === 0) return seconds < 60 ? `${seconds}s` : `${seconds / 60}m`
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`
}

/** The watch as the user wrote it (`4h`, not 14400 s). */
export const watchText = (plan: StagePlan): string => plan.watchText ?? durationText(plan.watchMs ?? 0)

/** How long the stage was watched, or why it was not. */
export function watchedFor(stage: StageOutcome): string {
  const { watch } = stage
  if (watch === undefined) return '—'
  return durationText(watch.endedAt - watch.startedAt)
}

const size = (asked: number) => (asked === Infinity ? 'all left' : formatCount(asked))
export const askedText = size

/** One stage's result in words, never "succeeded": what was seen, after how long, of how many runs. */
export function stageResultText(stage: StageOutcome, staged: StagedResume, result: ResumeResult): string {
  const last = stage.watch?.polls[stage.watch.polls.length - 1]
  const back = last?.failedAgain ?? 0
  const bad = last?.states === undefined ? back : last.states.failed + last.states.failing
  const after = watchedFor(stage)
  const allowed = staged.plan.maxFailed
  const total = `${formatCount(bad)} of the runs resumed so far`
  const early = stage.watch?.allEnded === true ? ' (ended early: every run so far had ended)' : ''
  // A run failing in the run log but not yet in the DLQ is said so; otherwise each is "back in the DLQ".
  const seen = (last?.states?.failing ?? 0) > 0 ? 'failed or failing' : 'back in the DLQ'
  switch (stage.verdict) {
    case 'clean':
      return `clean: none of the runs resumed so far was back in the DLQ after ${after}${last?.states ? ', none failing' : ''}${early}`
    case 'within':
      return `passed: ${total} ${seen} after ${after}, within the ${formatCount(allowed)} allowed${early}`
    case 'stopped':
      return `stopped: ${total} ${seen} after ${after}, more than the ${formatCount(allowed)} allowed`
    case 'inconclusive': {
      const min = staged.plan.minCompleted
      return (
        `inconclusive: ${formatCount(last?.states?.completed ?? 0)} of the runs resumed so far completed after ` +
        `${after}, fewer than watch-min-completed (${min?.text ?? '?'}) asks${early}`
      )
    }
    case 'cut':
      return `watch cancelled after ${after} (${stage.watch?.cut ?? 'stop'}): not judged, ${formatCount(back)} back by then`
    case 'blind':
      return `watch could not see after ${after}: its listing of the DLQ stopped, so not judged`
    case 'capped':
      return 'max-runs reached with this stage: no stage follows, not watched'
    case 'cancelled':
      return 'cancelled during its resume: not watched'
    case 'failed':
      if (result.failure === undefined) return 'requests got no readable answer (possibly more resumed): not watched'
      return isBudget(result)
        ? 'max-pages reached: not watched, no request left for a further stage'
        : 'resume failed part way: not watched'
    case 'last':
      return 'not watched: no stage follows'
  }
}

/** The resume stopped on max-pages, which bounds the resume requests of every stage together. */
export const isBudget = (result: ResumeResult): boolean =>
  result.failure?.kind === 'max-pages' || result.failure?.kind === 'request-budget'

/** The leading failed-again run's last response, in one line: status and the error's words (third-party text). */
export function leadingResponse(run: FailedAgainRun): string {
  const status = run.responseStatus === undefined ? 'no status' : `HTTP ${run.responseStatus}`
  if (run.bodySample === undefined || run.bodySample === '') return status
  const words = errorWords(run.bodySample, run.bodyCut === true) ?? run.bodySample
  const short = words.length > 80 ? `${words.slice(0, 79)}…` : words
  return `${status} ${JSON.stringify(short)}`
}

/** Runs that failed again grouped by their last response (status and text): one row a cause, most runs first. */
export function failedAgainGroups(
  runs: readonly FailedAgainRun[]
): Array<{ first: FailedAgainRun; runs: FailedAgainRun[] }> {
  const groups = new Map<string, { first: FailedAgainRun; runs: FailedAgainRun[] }>()
  for (const run of runs) {
    const key = `${run.responseStatus ?? ''}\u0000${run.bodySample ?? ''}\u0000${run.binaryBody ?? ''}`
    const group = groups.get(key)
    if (group === undefined) groups.set(key, { first: run, runs: [run] })
    else group.runs.push(run)
  }
  return [...groups.values()].sort((a, b) => b.runs.length - a.runs.length)
}

/** What a watch cannot see, said in every summary of a watched resume, with what the watched stages sent. */
export function watchLimits(plan: StagePlan): string {
  const retries =
    plan.watchRetries === undefined
      ? "Set `watch-retries` (0 or 1) so that a failing canary run is back within the watch: it applies to the watched stages' runs only."
      : `The watched stages' runs were sent ${plural(plan.watchRetries, 'retry', 'retries')} (\`watch-retries\`), so a failing one is back sooner; the last stage's runs keep \`retries\` as given.`
  return (
    '> **What a watch cannot see:** a run still retrying is not in the DLQ yet. The service retries every attempt ' +
    'answered outside 2xx, after about 12 s, 2.5 min, 30 min, … (the n-th after about min(1 day, e^(2.5 n)) s): with ' +
    '3 retries a failing run reaches the DLQ about 33 minutes after it starts, so a shorter watch sees only the runs ' +
    `that fail faster. ${retries}`
  )
}

/** The stages asked, as the input wrote them. */
export function planText(staged: StagedResume): string {
  return staged.plan.sizes.map(asked => (asked === Infinity ? 'all' : formatCount(asked))).join(', ')
}

export const stagesWord = (n: number) => plural(n, 'stage', 'stages')
