/** How resume-schedule is reported: the ids resumed, a table of each schedule's result, a failure naming each. */
import { Outputs } from '../constants.js'
import type { RunContext, ScheduleResult } from '../results.js'
import { fitSummary, shortenedNote, type RenderPass } from './budget.js'
import { escapeCell } from './escape.js'
import { formatCount, plural } from './format.js'
import { cellOrDash, markdownText, summaryHead, table } from './markdown.js'
import type { OperationReport } from './operation-report.js'

export const scheduleReport: OperationReport<ScheduleResult> = {
  outputs: result => ({
    [Outputs.ScheduleIds]: JSON.stringify(result.outcomes.filter(o => o.ok).map(o => o.scheduleId))
  }),
  summary: (result, ctx, options) => fitSummary(pass => scheduleSummary(result, ctx, pass), options),
  warnings: () => [],
  failure
}

function scheduleSummary(result: ScheduleResult, ctx: RunContext, pass: RenderPass): string {
  const lines = summaryHead('Schedule resume', ctx, shortenedNote(pass))
  const total = result.outcomes.length
  const resumed = result.outcomes.filter(o => o.ok).length
  const failed = total - resumed

  lines.push('### What was asked', '')
  lines.push(
    total === 0
      ? '- Schedules to resume: none'
      : `- Schedules to resume: ${formatCount(total)} (listed in the table below)`,
    ''
  )

  lines.push('### Result', '')
  if (total === 0) {
    lines.push('No schedule was resumed.', '')
    return markdownText(lines)
  }
  lines.push(
    `**${formatCount(resumed)} resumed, ${formatCount(failed)} failed** (of ${plural(total, 'schedule', 'schedules')}).`,
    ''
  )
  if (failed > 0) lines.push(`**❌ ${plural(failed, 'schedule', 'schedules')} could not be resumed.**`, '')
  lines.push(
    ...table(['Schedule id', 'Result'], [false, false], result.outcomes, pass, o => [
      cellOrDash(o.scheduleId),
      o.ok ? '✅ resumed' : `❌ failed: ${o.error ? escapeCell(o.error) : 'unknown error'}`
    ])
  )
  return markdownText(lines)
}

function failure(result: ScheduleResult): string | undefined {
  const failed = result.outcomes.filter(o => !o.ok)
  if (failed.length === 0) return undefined
  const resumed = result.outcomes.length - failed.length
  return [
    `${failed.length} of ${result.outcomes.length} schedules could not be resumed (${resumed} resumed):`,
    ...failed.map(o => `- ${o.error ?? o.scheduleId}`)
  ].join('\n')
}
