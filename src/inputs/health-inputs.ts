/** The inputs of the health check: each threshold as the checks' table reads it, the windows, the files, the issue. */
import type { z } from 'zod'
import { DEFAULT_EXPIRY_WINDOW_MS, Inputs } from '../constants.js'
import {
  anyThreshold,
  CHECK_NAMES,
  checkOf,
  type CheckInputs,
  type CheckName,
  type ThresholdForms
} from '../health-checks.js'
import type { CountWindows, GrowthLimit, HealthLimits, HealthThresholds } from '../requests.js'
import { filePath, optional, refuse, withDefault } from './fields.js'
import { readDuration, readList, readOne } from './readers.js'
import { parseInteger } from './values.js'

/** GitHub's rules for a label name (50 characters) and a login (39, letters, digits and single hyphens). */
const labelProblem = (label: string) => (label.length > 50 ? 'is longer than the 50 characters of a label' : undefined)
const loginProblem = (login: string) =>
  /^[A-Za-z0-9](?:-?[A-Za-z0-9]){0,38}$/.test(login) ? undefined : 'is not a GitHub login (such as octocat, without @)'

/** The reader of each form a threshold is written in: a check's entry names its form, never its own parser. */
const THRESHOLD_READERS: { [F in keyof ThresholdForms]: (text: string) => ThresholdForms[F] } = {
  count: s => parseInteger(readOne(s), 0, Number.MAX_SAFE_INTEGER),
  duration: readDuration,
  growth: readGrowth
}

const GROWTH_FORMS = 'a number of messages or a percentage, a slash and a window, such as +500/1h or 200%/24h'

/** A growth within a window: `+500/1h` (more than 500 messages) or `200%/24h` (more than 200%), the window a duration. */
function readGrowth(text: string): GrowthLimit {
  const m = /^\+?\s*(\d+(?:\.\d+)?)\s*(%?)\s*\/\s*(\S+)$/.exec(readOne(text))
  if (m === null) throw new Error(`must be a growth: ${GROWTH_FORMS}`)
  const [, amount = '', percent = '', window = ''] = m
  if (percent === '' && !/^\d+$/.test(amount))
    throw new Error(`must count whole messages, or be a percentage: ${GROWTH_FORMS}`)
  const withinMs = readDuration(window)
  const value = Number(amount)
  if (!Number.isSafeInteger(Math.round(value))) throw new Error(`must be a growth of a sensible size: ${GROWTH_FORMS}`)
  return { amount: value, percent: percent === '%', withinMs }
}

type ThresholdShape = { [C in CheckName as CheckInputs[C]]: ReturnType<typeof optional<HealthLimits[C]>> }

/** The field of every threshold input, read as its check's entry says. */
export function thresholdShape(): ThresholdShape {
  const fields = CHECK_NAMES.map(name => {
    const read = THRESHOLD_READERS[checkOf(name).reads] as (text: string) => unknown
    return [checkOf(name).input, optional(read)]
  })
  return Object.fromEntries(fields) as ThresholdShape
}

/** The health check's windows, metrics file and the issue's labels and assignees. */
export function healthShape(workspace: string) {
  return {
    [Inputs.NewWithin]: withDefault(Inputs.NewWithin, readDuration),
    [Inputs.Retention]: optional(readDuration),
    [Inputs.MetricsFile]: filePath(workspace),
    [Inputs.HistoryFile]: filePath(workspace),
    [Inputs.IssueLabels]: optional(s => readList(s, { commas: true, problem: labelProblem })),
    [Inputs.IssueAssignees]: optional(s => readList(s, { commas: true, problem: loginProblem }))
  }
}

/** What the health rules read: these inputs, and whether an issue is opened. */
type HealthValues = z.output<z.ZodObject<ReturnType<typeof healthShape> & ThresholdShape>> & {
  [Inputs.IssueOnFailure]: boolean
}

/** The thresholds as set, and the windows that complete them. */
export function thresholdsOf(v: HealthValues): HealthThresholds {
  const set = CHECK_NAMES.flatMap(name => {
    const limit = v[checkOf(name).input]
    return limit === undefined ? [] : [[name, limit]]
  })
  const limits = Object.fromEntries(set) as Partial<HealthLimits>
  return {
    ...limits,
    ...(limits.newAbove !== undefined ? { newWithinMs: v[Inputs.NewWithin] } : {}),
    ...(v[Inputs.Retention] !== undefined ? { retentionMs: v[Inputs.Retention] } : {}),
    ...(v[Inputs.HistoryFile] !== undefined ? { history: true } : {})
  }
}

/** Why a check's threshold as set can never be judged, as its entry says. */
function problemOf<C extends CheckName>(name: C, thresholds: HealthThresholds): string | undefined {
  const limit = thresholds[name] as HealthLimits[C] | undefined
  return limit === undefined ? undefined : checkOf(name).problem?.(limit, thresholds)
}

/** A list of input names, the last joined by "or". */
const either = (names: readonly string[]): string => `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`

export function healthRules(v: HealthValues, ctx: z.RefinementCtx): void {
  const thresholds = thresholdsOf(v)
  for (const name of CHECK_NAMES) {
    const problem = problemOf(name, thresholds)
    if (problem !== undefined) refuse(ctx, checkOf(name).input, problem)
  }
  if (v[Inputs.IssueOnFailure] && !anyThreshold(thresholds)) {
    const inputs = CHECK_NAMES.map(name => checkOf(name).input)
    refuse(ctx, Inputs.IssueOnFailure, `needs a threshold to judge by: set ${either(inputs)}`)
  }
  for (const name of [Inputs.IssueLabels, Inputs.IssueAssignees] as const) {
    if (v[name] !== undefined && !v[Inputs.IssueOnFailure]) {
      refuse(ctx, name, 'applies only with issue-on-failure: true (it is set on the health issue that one opens)')
    }
  }
}

/** The windows the listing counts in, as durations (the operation places them on the service's clock). */
export function countWindows(v: HealthValues): CountWindows {
  const retentionMs = v[Inputs.Retention]
  const withinMs = v[Inputs.FailIfExpiringWithin] ?? DEFAULT_EXPIRY_WINDOW_MS
  return {
    arrivals: { withinMs: v[Inputs.NewWithin] },
    ...(retentionMs !== undefined ? { expiry: { withinMs, retentionMs } } : {})
  }
}
