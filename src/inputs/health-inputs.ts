/** The inputs of the health check beyond count and age: arrivals, expiry, the metrics file, the issue's people. */
import type { z } from 'zod'
import { DEFAULT_EXPIRY_WINDOW_MS, Inputs } from '../constants.js'
import type { CountWindows } from '../requests.js'
import { filePath, integer, optional, refuse, withDefault } from './fields.js'
import { readDuration, readList } from './readers.js'

/** GitHub's rules for a label name (50 characters) and a login (39, letters, digits and single hyphens). */
const labelProblem = (label: string) => (label.length > 50 ? 'is longer than the 50 characters of a label' : undefined)
const loginProblem = (login: string) =>
  /^[A-Za-z0-9](?:-?[A-Za-z0-9]){0,38}$/.test(login) ? undefined : 'is not a GitHub login (such as octocat, without @)'

/** The health check's arrivals, expiry, metrics file and the issue's labels and assignees. */
export function healthShape(workspace: string) {
  return {
    [Inputs.FailIfNewAbove]: integer(0, Number.MAX_SAFE_INTEGER),
    [Inputs.NewWithin]: withDefault(Inputs.NewWithin, readDuration),
    [Inputs.Retention]: optional(readDuration),
    [Inputs.FailIfExpiringWithin]: optional(readDuration),
    [Inputs.MetricsFile]: filePath(workspace),
    [Inputs.IssueLabels]: optional(s => readList(s, { commas: true, problem: labelProblem })),
    [Inputs.IssueAssignees]: optional(s => readList(s, { commas: true, problem: loginProblem }))
  }
}

/** What the health rules read: these inputs, and whether an issue is opened. */
type HealthValues = z.output<z.ZodObject<ReturnType<typeof healthShape>>> & { [Inputs.IssueOnFailure]: boolean }

export function healthRules(v: HealthValues, ctx: z.RefinementCtx): void {
  const [retention, within] = [v[Inputs.Retention], v[Inputs.FailIfExpiringWithin]]
  if (within !== undefined && retention === undefined) {
    refuse(
      ctx,
      Inputs.FailIfExpiringWithin,
      "needs retention: set retention to your plan's DLQ retention (such as 3d, 7d, 30d or 90d), from which the " +
        'time each message is deleted is forecast'
    )
  }
  if (within !== undefined && retention !== undefined && within >= retention) {
    refuse(
      ctx,
      Inputs.FailIfExpiringWithin,
      'must be shorter than retention: every message is deleted within the retention, so the check could never pass'
    )
  }
  for (const name of [Inputs.IssueLabels, Inputs.IssueAssignees] as const) {
    if (v[name] !== undefined && !v[Inputs.IssueOnFailure]) {
      refuse(ctx, name, 'applies only with issue-on-failure: true (it is set on the health issue that one opens)')
    }
  }
}

/** The windows the listing counts in, from the run's clock: arrivals always (new-count), expiry with retention. */
export function countWindows(v: HealthValues, now: number): CountWindows {
  const newWithin = v[Inputs.NewWithin]
  const retentionMs = v[Inputs.Retention]
  const withinMs = v[Inputs.FailIfExpiringWithin] ?? DEFAULT_EXPIRY_WINDOW_MS
  return {
    at: now,
    arrivals: { since: now - newWithin, withinMs: newWithin },
    // Deleted within the window: created at or before now + window - retention.
    ...(retentionMs !== undefined ? { expiry: { createdBy: now + withinMs - retentionMs, withinMs, retentionMs } } : {})
  }
}
