/** Transitional: what main.ts calls until it holds the table of operations (then this file goes). */
import type { OperationResult, RunContext } from '../results.js'
import type { SummaryOptions } from './budget.js'
import { listReport } from './list.js'
import { resumeReport } from './resume.js'
import { scheduleReport } from './schedule.js'
import type { OutputValues } from './step-outputs.js'

export function renderSummary(result: OperationResult, ctx: RunContext, options?: SummaryOptions): string {
  if (result.operation === 'list-dlq') return listReport.summary(result, ctx, options)
  if (result.operation === 'resume-schedule') return scheduleReport.summary(result, ctx, options)
  return resumeReport.summary(result, ctx, options)
}

export function outputsOf(result: OperationResult): OutputValues {
  if (result.operation === 'list-dlq') return listReport.outputs(result)
  if (result.operation === 'resume-schedule') return scheduleReport.outputs(result)
  return resumeReport.outputs(result)
}

export function failureOf(result: OperationResult): string | undefined {
  if (result.operation === 'list-dlq') return listReport.failure(result)
  if (result.operation === 'resume-schedule') return scheduleReport.failure(result)
  return resumeReport.failure(result)
}
