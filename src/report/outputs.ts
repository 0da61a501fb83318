import { Outputs } from '../constants.js'
import type { OperationResult } from '../results.js'
import { OUTPUTS_BUDGET_BYTES, githubBytes } from './boundary.js'
import { describeBreach, listingComplete, lostAnswerText } from './health-text.js'

/** Longest cursor written to `next-cursor`: the drain refuses longer ones, this only guards the output. */
export const CURSOR_OUTPUT_MAX_LENGTH = 4096

type OutputValues = Partial<Record<Outputs, string>>

/**
 * The step outputs of a result: small scalars and compact JSON arrays. All of them together, names included, stay
 * within OUTPUTS_BUDGET_BYTES counted as GitHub counts (UTF-16, two bytes a unit): the arrays get what the
 * scalars leave, keep their first items, and say so in their `-truncated` output.
 */
export function outputsOf(result: OperationResult): OutputValues {
  switch (result.operation) {
    case 'list-dlq': {
      const scalars: OutputValues = {
        [Outputs.DlqCount]: String(result.count),
        [Outputs.MessageIdsTruncated]: 'false',
        [Outputs.OldestCreatedAt]: result.oldestCreatedAt === undefined ? '' : String(result.oldestCreatedAt),
        [Outputs.NextCursor]: cursorOutput(result.nextCursor),
        [Outputs.MessagesFile]: result.messagesFile ?? ''
      }
      const fitted = fitArrays([[Outputs.MessageIds, result.messageIds]], budgetLeft(scalars, [Outputs.MessageIds]))
      return {
        ...scalars,
        [Outputs.MessageIds]: fitted.json[0],
        [Outputs.MessageIdsTruncated]: String(result.messageIdsTruncated || fitted.truncated)
      }
    }
    case 'resume-schedule':
      return {
        [Outputs.ScheduleIds]: JSON.stringify(result.outcomes.filter(o => o.ok).map(o => o.scheduleId))
      }
    case 'resume-workflows': {
      const scalars: OutputValues = {
        [Outputs.ResumedCount]: String(result.runs.length),
        [Outputs.WorkflowRunIdsTruncated]: 'false',
        [Outputs.WorkflowRunsTruncated]: 'false',
        [Outputs.NextCursor]: cursorOutput(result.nextCursor),
        [Outputs.RunsFile]: result.runsFile ?? ''
      }
      const fitted = fitArrays(
        [
          [Outputs.WorkflowRunIds, result.runs.map(r => r.workflowRunId)],
          [
            Outputs.WorkflowRuns,
            result.runs.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
          ]
        ],
        budgetLeft(scalars, [Outputs.WorkflowRunIds, Outputs.WorkflowRuns])
      )
      return {
        ...scalars,
        [Outputs.WorkflowRunIds]: fitted.json[0],
        [Outputs.WorkflowRunIdsTruncated]: String(fitted.truncated),
        [Outputs.WorkflowRuns]: fitted.json[1],
        [Outputs.WorkflowRunsTruncated]: String(fitted.truncated)
      }
    }
  }
}

/** The cursor to continue from, or empty: a cursor too long to be one is never written (the summary says why). */
function cursorOutput(cursor: string | undefined): string {
  return cursor === undefined || cursor.length > CURSOR_OUTPUT_MAX_LENGTH ? '' : cursor
}

/** What the arrays may use: the budget less the scalars (`-truncated` ones at their longest, `false`) and their names. */
function budgetLeft(scalars: OutputValues, arrays: readonly Outputs[]): number {
  let used = 0
  for (const [name, value] of Object.entries(scalars)) used += githubBytes(name) + githubBytes(value ?? '')
  for (const name of arrays) used += githubBytes(name)
  return OUTPUTS_BUDGET_BYTES - used
}

/**
 * JSON arrays of parallel lists (item i of each describes the same thing) that together fit `budget`: the longest
 * common prefix that fits, so that the arrays stay in step.
 */
function fitArrays(
  lists: ReadonlyArray<readonly [Outputs, readonly unknown[]]>,
  budget: number
): { json: string[]; truncated: boolean } {
  const length = Math.min(...lists.map(([, items]) => items.length))
  let used = lists.length * githubBytes('[]')
  let kept = 0
  for (; kept < length; kept++) {
    let size = 0
    for (const [, items] of lists) size += githubBytes(JSON.stringify(items[kept])) + (kept > 0 ? 2 : 0)
    if (used + size > budget) break
    used += size
  }
  return {
    json: lists.map(([, items]) => JSON.stringify(items.slice(0, kept))),
    truncated: lists.some(([, items]) => items.length > kept)
  }
}

/** Why the step fails, or undefined when it succeeds. */
export function failureOf(result: OperationResult): string | undefined {
  switch (result.operation) {
    case 'list-dlq': {
      const complete = listingComplete(result)
      const reasons = result.health.breaches.map(b => `DLQ health check failed: ${describeBreach(b, complete)}`)
      if (result.error !== undefined) {
        reasons.unshift(
          `${result.error}${continueHint(result.nextCursor)} (${result.count} messages were listed before the failure)`
        )
      }
      return reasons.length === 0 ? undefined : reasons.join('\n')
    }
    case 'resume-schedule': {
      const failed = result.outcomes.filter(o => !o.ok)
      if (failed.length === 0) return undefined
      const resumed = result.outcomes.length - failed.length
      return [
        `${failed.length} of ${result.outcomes.length} schedules could not be resumed (${resumed} resumed):`,
        ...failed.map(o => `- ${o.error ?? o.scheduleId}`)
      ].join('\n')
    }
    case 'resume-workflows': {
      // Possibly resumed runs fail the step even when the drain finished: the outputs do not list them.
      const reasons: string[] = []
      if (result.error !== undefined) {
        reasons.push(`${result.error}; ${result.runs.length} runs were resumed before the failure`)
      }
      if (result.uncertainRequests > 0) reasons.push(lostAnswerText(result.uncertainRequests))
      if (reasons.length === 0) return undefined
      const from = result.continueFrom
      let where: string
      if (from !== undefined) {
        where =
          `to continue, re-run with dlq-ids from "${from.dlqId}" on (id ${from.position} of ` +
          `${result.selection.dlqIds?.length ?? from.position}: ${from.remaining} ids, some perhaps resumed already)`
      } else if (result.nextCursor !== undefined) {
        where = continueHint(result.nextCursor).slice(2)
      } else if (result.error !== undefined) {
        where = 'no cursor to continue from: re-run with the same selection (resumed entries have left the DLQ)'
      } else {
        where = 'nothing is left to continue: the selection was resumed to its end'
      }
      return `${reasons.join('; ')}; ${where}`
    }
  }
}

function continueHint(cursor: string | undefined): string {
  if (cursor === undefined) return ''
  if (cursor.length > CURSOR_OUTPUT_MAX_LENGTH) {
    return `; the service's cursor to continue from is ${cursor.length} characters long, too long to use`
  }
  return `; to continue, re-run with input cursor: ${cursor}`
}
