/** The words of a staged write: each stage's verdict (kept with it), what a watch cannot see, the bound sent. */
import type { FailedAgain, ResumeResult, StagedResume, StageOutcome, StageVerdict } from '../resume-results.js'
import type { StagePlan } from '../requests.js'
import { STAGE_VERDICTS } from '../stage-verdicts.js'
import { durationText, formatCount, plural } from '../format.js'
import { errorWords } from './response-sample.js'
import type { ReportWords } from './verb-words.js'

/** Stages resumed and, where watched, passed (clean or within watch-max-failed): output stages-completed. */
export function stagesCompleted(staged: StagedResume): number {
  return staged.stages.filter(stage => STAGE_VERDICTS[stage.verdict].passed).length
}

/** The stage that ended the resume before its plan, and why; undefined when every stage passed. */
export function endingStage(staged: StagedResume): { stage: StageOutcome; verdict: StageVerdict } | undefined {
  const stage = staged.stages.find(s => STAGE_VERDICTS[s.verdict].endsPlan)
  return stage === undefined ? undefined : { stage, verdict: stage.verdict }
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

/** What the failure of a watch's listing is named: it was no request of the write. */
export const watchListing = ({ dlq }: ReportWords): string => `the watch's listing of the ${dlq}`
/** ...and of its read of the run log. */
const WATCH_RUN_LOG = "the watch's read of the run log"
/** Which of the two left a stage's watch blind. */
export const watchSource = (stage: StageOutcome, w: ReportWords): string =>
  stage.watch?.runLogFailed === true ? WATCH_RUN_LOG : watchListing(w)

/** The resume stopped on max-pages, which bounds the resume requests of every stage together. */
export const isBudget = (result: ResumeResult): boolean =>
  result.failure?.kind === 'max-pages' || result.failure?.kind === 'request-budget'

/** The leading failed-again run's last response, in one line: status and the error's words (third-party text). */
export function leadingResponse(run: FailedAgain): string {
  const status = run.responseStatus === undefined ? 'no status' : `HTTP ${run.responseStatus}`
  if (run.bodySample === undefined || run.bodySample === '') return status
  const words = errorWords(run.bodySample, run.bodyCut === true) ?? run.bodySample
  const short = words.length > 80 ? `${words.slice(0, 79)}…` : words
  return `${status} ${JSON.stringify(short)}`
}

/**
 * Runs that failed again grouped by how they failed (step, status and text), whichever signal saw them: one row a
 * cause, most runs first.
 */
export function failedAgainGroups(runs: readonly FailedAgain[]): Array<{ first: FailedAgain; runs: FailedAgain[] }> {
  const groups = new Map<string, { first: FailedAgain; runs: FailedAgain[] }>()
  for (const run of runs) {
    const key = [run.stepName, run.responseStatus, run.bodySample, run.binaryBody].map(v => v ?? '').join('\u0000')
    const group = groups.get(key)
    if (group === undefined) groups.set(key, { first: run, runs: [run] })
    else group.runs.push(run)
  }
  return [...groups.values()].sort((a, b) => b.runs.length - a.runs.length)
}

/** What a watch cannot see, said in every summary of a watched write, with what the watched stages sent. */
export function watchLimits(plan: StagePlan, { one, short }: ReportWords): string {
  const retries =
    plan.watchRetries === undefined
      ? `Set \`watch-retries\` (0 or 1) so that a failing canary ${one} is back within the watch: it applies to the watched stages' ${short} only.`
      : `The watched stages' ${short} were sent ${plural(plan.watchRetries, 'retry', 'retries')} (\`watch-retries\`), so a failing one is back sooner; the last stage's ${short} keep \`retries\` as given.`
  return (
    `> **What a watch cannot see:** a ${one} still retrying is not in the DLQ yet. The service retries every attempt ` +
    'answered outside 2xx, after about 12 s, 2.5 min, 30 min, … (the n-th after about min(1 day, e^(2.5 n)) s): with ' +
    `3 retries a failing ${one} reaches the DLQ about 33 minutes after it starts, so a shorter watch sees only the ${short} ` +
    `that fail faster. ${retries}`
  )
}

/** The stages asked, as the input wrote them. */
export function planText(staged: StagedResume): string {
  return staged.plan.sizes.map(asked => (asked === Infinity ? 'all' : formatCount(asked))).join(', ')
}

export const stagesWord = (n: number) => plural(n, 'stage', 'stages')
