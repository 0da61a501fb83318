import { Outputs } from '../constants.js'
import type { OperationResult } from '../operations/results.js'
import { breachReason } from './health-text.js'

/** The step outputs of a result: small scalars and compact JSON arrays. */
export function outputsOf(result: OperationResult): Partial<Record<Outputs, string>> {
  switch (result.operation) {
    case 'list-dlq':
      return {
        [Outputs.DlqCount]: String(result.count),
        [Outputs.MessageIds]: JSON.stringify(result.messageIds),
        [Outputs.MessageIdsTruncated]: String(result.messageIdsTruncated),
        [Outputs.OldestCreatedAt]: result.oldestCreatedAt === undefined ? '' : String(result.oldestCreatedAt),
        [Outputs.NextCursor]: result.nextCursor ?? '',
        [Outputs.MessagesFile]: result.messagesFile ?? ''
      }
    case 'resume-schedule':
      return {
        [Outputs.ScheduleIds]: JSON.stringify(result.outcomes.filter(o => o.ok).map(o => o.scheduleId))
      }
    case 'resume-workflows':
      return {
        [Outputs.ResumedCount]: String(result.runs.length),
        [Outputs.WorkflowRunIds]: JSON.stringify(result.runs.map(r => r.workflowRunId)),
        [Outputs.WorkflowRuns]: JSON.stringify(
          result.runs.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
        ),
        [Outputs.NextCursor]: result.nextCursor ?? ''
      }
  }
}

/** Why the step fails, or undefined when it succeeds. */
export function failureOf(result: OperationResult): string | undefined {
  switch (result.operation) {
    case 'list-dlq': {
      const reasons = result.health.breaches.map(b => `DLQ health check failed: ${breachReason(b)}`)
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
    case 'resume-workflows':
      return result.error === undefined
        ? undefined
        : `${result.error}; ${result.runs.length} runs were resumed before the failure${continueHint(result.nextCursor)}`
  }
}

function continueHint(cursor: string | undefined): string {
  return cursor === undefined ? '' : `; to continue, re-run with input cursor: ${cursor}`
}
