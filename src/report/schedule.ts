/** How resume-schedule is reported: the ids resumed, a table of each schedule's result, a failure naming each. */
import { Outputs } from '../constants.js'
import type { RunContext, ScheduleResult } from '../results.js'
import { fitSummary, shortenedNote, type RenderPass } from './budget.js'
import { formatCount, plural } from './format.js'
import { cellOrDash, codeCell, markdownText, runLine, summaryHead, table } from './markdown.js'
import type { OperationReport } from './operation-report.js'

export const scheduleReport: OperationReport<ScheduleResult> = {
  outputs: result => ({
    [Outputs.ScheduleIds]: JSON.stringify(result.outcomes.filter(o => o.ok).map(o => o.scheduleId)),
    [Outputs.Complete]: String(result.outcomes.every(o => o.ok))
  }),
  summary: (result, ctx, options) => fitSummary(pass => scheduleSummary(result, ctx, pass), options),
  notice: scheduleNotice,
  warnings: () => [],
  failure
}

/** The notice on the run page: how many schedules were resumed, of how many when some failed. */
function scheduleNotice(result: ScheduleResult): string | undefined {
  const total = result.outcomes.length
  const resumed = result.outcomes.filter(o => o.ok).length
  if (total === 0 || resumed === 0) return undefined
  return resumed === total
    ? `Resumed ${plural(resumed, 'schedule', 'schedules')}`
    : `Resumed ${formatCount(resumed)} of ${plural(total, 'schedule', 'schedules')}`
}

function scheduleSummary(result: ScheduleResult, ctx: RunContext, pass: RenderPass): string {
  const total = result.outcomes.length
  const resumed = result.outcomes.filter(o => o.ok).length
  const failed = total - resumed
  const title =
    total === 0
      ? 'ℹ️ No schedule to resume'
      : failed === 0
        ? `✅ Resumed ${plural(resumed, 'schedule', 'schedules')}`
        : `❌ ${formatCount(failed)} of ${plural(total, 'schedule', 'schedules')} could not be resumed`
  const lines = summaryHead(
    title,
    total === 0 ? undefined : `**${formatCount(resumed)} resumed, ${formatCount(failed)} failed.**`,
    shortenedNote(pass)
  )
  // Failed ones first: they are what the reader has to act on.
  const ordered = [...result.outcomes.filter(o => !o.ok), ...result.outcomes.filter(o => o.ok)]
  lines.push(
    ...table(['Schedule id', 'Result', 'Why'], [false, false, false], ordered, pass, o => [
      cellOrDash(o.scheduleId),
      o.ok ? '✅ resumed' : '❌ failed',
      o.ok ? '' : o.error ? codeCell(withoutId(o.error, o.scheduleId)) : 'unknown error'
    ])
  )
  lines.push('### What was asked', '', `- Schedules to resume: ${formatCount(total)}`, ...runLine(ctx))
  return markdownText(lines)
}

/** The error without the schedule id it repeats (the row names it already). */
function withoutId(error: string, id: string): string {
  for (const prefix of [`resume-schedule (schedule ${JSON.stringify(id)}) failed: `, `schedule ${id}: `]) {
    if (error.startsWith(prefix) && error.length > prefix.length) return error.slice(prefix.length)
  }
  return error
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
