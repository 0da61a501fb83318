/** The step outputs of list-dlq: the count and ids fitted to the 1 MB budget, each health check's, the issue's edge. */
import { Outputs } from '../constants.js'
import { CHECK_NAMES, HEALTH_CHECKS } from '../health-checks.js'
import type { IssueOutcome, ListResult } from '../results.js'
import { githubBytes } from './boundary.js'
import { causesOutput } from './causes.js'
import { listingComplete } from './list-verdict.js'
import { budgetLeft, cursorOutput, fitArraysCounted, type OutputValues } from './step-outputs.js'

/** What the ids outputs hold: each list's first ids written, and whether it was cut (by the cap or by the budget). */
export interface IdsWritten {
  values: OutputValues
  messageIds: { kept: number; truncated: boolean }
  dlqIds: { kept: number; truncated: boolean }
}

/** Each (never mutated) result's outputs, fitted once: outputs and summary both ask, and a fit measures every id. */
const writtenOf = new WeakMap<ListResult, IdsWritten>()

export function idsWritten(result: ListResult): IdsWritten {
  let written = writtenOf.get(result)
  if (written === undefined) writtenOf.set(result, (written = idOutputs(result)))
  return written
}

/** Every output, and what the two ids outputs hold as written: the summary says that, not what was collected. */
function idOutputs(result: ListResult): IdsWritten {
  const scalars: OutputValues = {
    // Nothing listed because of a failure: the count is unknown, not 0.
    [Outputs.DlqCount]: result.failure !== undefined && result.count === 0 ? '' : String(result.count),
    [Outputs.Complete]: String(listingComplete(result)),
    [Outputs.OldestCreatedAt]: result.oldestCreatedAt === undefined ? '' : String(result.oldestCreatedAt),
    [Outputs.NextCursor]: cursorOutput(result.nextCursor),
    [Outputs.MessagesFile]: result.messagesFile ?? '',
    ...healthOutputs(result)
  }
  const ids = [Outputs.MessageIds, Outputs.MessageIdsTruncated, result.messageIds] as const
  const dlq = [Outputs.DlqIds, Outputs.DlqIdsTruncated, result.dlqIds] as const
  const budget = budgetLeft(scalars, [ids, dlq])
  // The two lists are not in step (an entry may have no dlqId): dlq-ids keep up to half the budget when both are long.
  const reserve = Math.min(Math.floor(budget / 2), githubBytes(JSON.stringify(result.dlqIds)))
  const fitted = fitArraysCounted([ids], budget - reserve, result.messageIdsTruncated)
  const left = budget - githubBytes(fitted.values[Outputs.MessageIds] ?? '[]')
  const fittedDlq = fitArraysCounted([dlq], left, result.dlqIdsTruncated)
  return {
    values: { ...scalars, ...fitted.values, ...fittedDlq.values },
    messageIds: { kept: fitted.kept, truncated: fitted.truncated },
    dlqIds: { kept: fittedDlq.kept, truncated: fittedDlq.truncated }
  }
}

/** Each check's outputs as its entry gives them, and causes: empty when nothing was listed for a failure (unknown). */
function healthOutputs(result: ListResult): OutputValues {
  const known = !(result.failure !== undefined && result.count === 0)
  const checks = CHECK_NAMES.map(name => HEALTH_CHECKS[name].outputs?.(result, known) ?? {})
  return Object.assign({}, ...checks, { [Outputs.Causes]: causesOutput(result.causes) }) as OutputValues
}

/**
 * The edge this check made on the health issue, written after the issue step: opened (a new failure), commented (a
 * material change), closed (the recovery), or none; a body brought up to date without a comment is no edge.
 */
export function issueOutputs({ link, cut }: IssueOutcome): OutputValues {
  const touched = link ?? cut?.opened
  const transition = touched === undefined || touched.action === 'updated' ? 'none' : touched.action
  return { [Outputs.Transition]: transition, [Outputs.IssueUrl]: touched?.url ?? '' }
}
