/** The inputs of a staged resume (stages, watch), each parsed on its own with all its rules. */
import { Inputs, MAX_STAGES } from '../constants.js'
import type { StagePlan } from '../requests.js'

const STAGES_ALLOWED =
  'must be the sizes of successive stages, separated by commas or lines, each a whole number of 1 or more; the ' +
  'last may be all (e.g. 10, 100, all)'

/** Stage sizes in order; `all` (the last only) reads as Infinity. */
export function parseStages(text: string): number[] {
  const items = text
    .split(/[,\n]/)
    .map(item => item.trim())
    .filter(item => item !== '')
  if (items.length === 0) throw new Error(STAGES_ALLOWED)
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

const UNIT_MS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: 3_600_000 }

/** A watch in ms: a whole number of seconds, minutes or hours, 1 second or more; units in lower case. */
export function parseWatch(text: string): number {
  const match = /^(\d+)([smh])$/.exec(text.trim())
  const ms = match === null ? NaN : Number(match[1]) * (UNIT_MS[match[2] as string] ?? NaN)
  if (!Number.isSafeInteger(ms) || ms < 1_000) {
    throw new Error('must be a duration of 1 second or more in s, m or h, in lower case (e.g. 90s, 10m, 1h)')
  }
  return ms
}

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
