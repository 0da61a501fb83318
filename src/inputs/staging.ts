/** The inputs of a staged resume (stages, watch), each parsed on its own with all its rules. */
import { HOSTED_JOB_LIMIT_MS, Inputs, MAX_STAGES } from '../constants.js'
import { plural, timesDuration } from '../format.js'
import type { MinCompleted, StagePlan } from '../requests.js'
import { readDuration, readList, readOne } from './readers.js'

const STAGES_ALLOWED =
  'must be the sizes of successive stages, separated by commas or lines, each a whole number of 1 or more; the ' +
  'last may be all (e.g. 10, 100, all)'

/** Stage sizes in order; `all` (the last only) reads as Infinity. A repeated size is meant, so repeats are kept. */
export function parseStages(text: string): number[] {
  const items = readList(text, { commas: true, keepRepeats: true })
  if (items.length > MAX_STAGES) throw new Error(`must be at most ${MAX_STAGES} stages (${items.length} given)`)
  return items.map((item, index) => {
    if (item === 'all') {
      if (index !== items.length - 1) throw new Error('may have all as its last stage only (e.g. 10, 100, all)')
      return Infinity
    }
    const size = Number(item)
    if (!/^\d+$/.test(item) || !Number.isSafeInteger(size) || size < 1) throw new Error(STAGES_ALLOWED)
    return size
  })
}

/** A watch: in ms by the one duration reader (lower-case units, one line), and as written, for the summary. */
export const parseWatch = (text: string): { ms: number; text: string } => ({
  ms: readDuration(text),
  text: text.trim()
})

const MIN_COMPLETED_ALLOWED =
  'must be a whole number of runs (e.g. 8) or a share of the watched runs from 1% to 100% (e.g. 80%)'

/** watch-min-completed: `8` (runs) or `80%` (of the runs watched), one value. */
export function parseMinCompleted(input: string): MinCompleted {
  const text = readOne(input)
  const share = /^(\d{1,3})\s*%$/.exec(text)
  if (share !== null) {
    const value = Number(share[1])
    if (value < 1 || value > 100) throw new Error(MIN_COMPLETED_ALLOWED)
    return { share: value, text }
  }
  const runs = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(runs) || runs < 1) throw new Error(MIN_COMPLETED_ALLOWED)
  return { runs, text }
}

/** A watch gates the next stage: it needs stages, and more than one stage needs it. Each problem: input, says. */
export function stagingProblems(
  stages: number[] | undefined,
  watch: { ms: number; text: string } | undefined,
  maxFailed: number,
  watchRetries: number | undefined,
  hosted: boolean,
  minCompleted?: MinCompleted
) {
  const problems: [Inputs, string][] = []
  const onlyWithStages = 'applies only with stages: set stages too'
  if (minCompleted !== undefined && (stages === undefined || stages.length < 2)) {
    problems.push([Inputs.WatchMinCompleted, 'applies only to a watch: set stages (two or more) and watch too'])
  }
  if (stages === undefined) {
    if (watch !== undefined) problems.push([Inputs.Watch, onlyWithStages])
    if (maxFailed > 0) problems.push([Inputs.WatchMaxFailed, onlyWithStages])
    if (watchRetries !== undefined) problems.push([Inputs.WatchRetries, onlyWithStages])
  } else if (stages.length > 1 && watch === undefined) {
    problems.push([Inputs.Watch, `is required with ${stages.length} stages: how long each stage is watched (e.g. 10m)`])
  } else if (stages.length === 1 && watch !== undefined) {
    const says = 'has nothing to gate with one stage: the last stage is not watched (give two or more)'
    problems.push([Inputs.Watch, says])
  }
  if (stages?.length === 1 && watchRetries !== undefined) {
    problems.push([Inputs.WatchRetries, 'has no watched stage to apply to with one stage (give two or more)'])
  }
  const watched = (stages?.length ?? 1) - 1
  const total = watch !== undefined ? watched * watch.ms : 0
  if (hosted && watch !== undefined && total > HOSTED_JOB_LIMIT_MS - RESUME_ROOM_MS) {
    problems.push([
      Inputs.Watch,
      `makes the watches take up to ${timesDuration(watch.text, watched)} in all (${plural(watched, 'watched stage', 'watched stages')} × ` +
        `${watch.text}), leaving less than the ${RESUME_ROOM_MS / 60_000} minutes its resume requests need of the 6 ` +
        'hours a GitHub-hosted job may run: shorten watch, use fewer stages, or split the resume over jobs ' +
        '(docs/staged-resume.md)'
    ])
  }
  return problems
}

/** What the job keeps for the resume requests, the step's start and its report, besides the watches. */
const RESUME_ROOM_MS = 10 * 60_000

/** The plan of the request, when stages are given. */
export function stagePlan(
  stages: number[] | undefined,
  watch: { ms: number; text: string } | undefined,
  maxFailed: number,
  watchRetries: number | undefined,
  minCompleted?: MinCompleted
): { stages?: StagePlan } {
  if (stages === undefined) return {}
  const watched = watch !== undefined ? { watchMs: watch.ms, watchText: watch.text } : {}
  const retries = watchRetries !== undefined ? { watchRetries } : {}
  const min = minCompleted !== undefined ? { minCompleted } : {}
  return { stages: { sizes: stages, ...watched, maxFailed, ...retries, ...min } }
}
