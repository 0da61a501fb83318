/** The words of a staged resume: each stage's verdict, derived from its measurements, and what a watch cannot see. */
import type { FailedAgainRun, ResumeResult, StagedResume, StageOutcome, StageVerdict } from '../results.js'
import { formatCount, plural } from './format.js'
import { errorWords } from './response-sample.js'

/** Stages resumed and, where watched, passed (clean or within watch-max-failed): output stages-completed. */
export function stagesCompleted(staged: StagedResume): number {
  const passed = new Set<StageVerdict>(['clean', 'within', 'last'])
  return staged.stages.filter(stage => passed.has(stage.verdict)).length
}

/** The stage that ended the resume before its plan, and why; undefined when every stage passed. */
export function endingStage(staged: StagedResume) {
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
  const { verdict } = stage
  const runs = stage.resumed
  const back = stage.failedAgain.length
  const after = watchedFor(stage)
  const allowed = staged.plan.maxFailed
  switch (verdict) {
    case 'clean':
      return `clean: none of the ${formatCount(runs)} runs of stage ${stage.stage} was back in the DLQ after ${after}`
    case 'within':
      return `passed: ${formatCount(back)} of ${formatCount(runs)} back in the DLQ after ${after}, within the ${formatCount(allowed)} allowed`
    case 'stopped':
      return `stopped: ${formatCount(back)} of ${formatCount(runs)} back in the DLQ after ${after}, more than the ${formatCount(allowed)} allowed`
    case 'cut':
      return `watch cut short after ${after} (${stage.watch?.cut ?? 'stop'}): not judged, ${formatCount(back)} back by then`
    case 'blind':
      return `watch failed after ${after}: the DLQ could not be listed, so not judged`
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

/** What a watch cannot see, said in every summary of a watched resume. */
export const WATCH_LIMITS =
  "> **What a watch cannot see:** a run still retrying is not in the DLQ yet. With the service's default 3 " +
  'retries and its backoff of about 12 s, 2.5 min and 30 min, a failing run reaches the DLQ about 33 minutes after ' +
  'it starts, so a shorter watch sees only the runs that fail fast (or that `retries` lowered). And `retries` ' +
  'overrides the retries of every resumed run, not only those of the first stages.'

/** The stages asked, as the input wrote them. */
export function planText(staged: StagedResume): string {
  return staged.plan.sizes.map(asked => (asked === Infinity ? 'all' : formatCount(asked))).join(', ')
}

export const stagesWord = (n: number) => plural(n, 'stage', 'stages')
