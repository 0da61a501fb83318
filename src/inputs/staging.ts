/** The inputs of a staged resume (stages, watch), each parsed on its own with all its rules. */
import { Inputs, MAX_STAGES } from '../constants.js'
import type { StagePlan } from '../requests.js'
import { readDuration, readList } from './readers.js'

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

/** A watch in ms: the one duration reader (lower-case units, one line), 1 second or more by its smallest unit. */
export const parseWatch = readDuration

/** A watch gates the next stage: it needs stages, and more than one stage needs it. Each problem: input, says. */
export function stagingProblems(stages: number[] | undefined, watch: number | undefined, maxFailed: number) {
  const problems: [Inputs, string][] = []
  const onlyWithStages = 'applies only with stages: set stages too'
  if (stages === undefined) {
    if (watch !== undefined) problems.push([Inputs.Watch, onlyWithStages])
    if (maxFailed > 0) problems.push([Inputs.WatchMaxFailed, onlyWithStages])
  } else if (stages.length > 1 && watch === undefined) {
    problems.push([Inputs.Watch, `is required with ${stages.length} stages: how long each stage is watched (e.g. 10m)`])
  } else if (stages.length === 1 && watch !== undefined) {
    const says = 'has nothing to gate with one stage: the last stage is not watched (give two or more)'
    problems.push([Inputs.Watch, says])
  }
  return problems
}

/** The plan of the request, when stages are given. */
export function stagePlan(
  stages: number[] | undefined,
  watchMs: number | undefined,
  maxFailed: number
): { stages?: StagePlan } {
  if (stages === undefined) return {}
  return { stages: { sizes: stages, ...(watchMs !== undefined ? { watchMs } : {}), maxFailed } }
}
