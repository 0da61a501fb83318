/** How a dry run of resume-schedule is reported: the schedules it would resume, none of them asked about. */
import { Outputs } from '../constants.js'
import { formatCount, plural } from '../format.js'
import type { SchedulePlan } from '../plan-results.js'
import type { RunContext } from '../results.js'
import { fitSummary, shortenedNote, type OperationReport, type RenderPass } from './budget.js'
import { codeCell, markdownText, runLine, summaryHead, table } from './markdown.js'

export const schedulePlanReport: OperationReport<SchedulePlan> = {
  outputs: plan => ({
    [Outputs.PlannedCount]: String(plan.scheduleIds.length),
    // None was resumed: the list a workflow reads to know which schedules are active again stays empty.
    [Outputs.ScheduleIds]: '[]',
    [Outputs.Complete]: 'true'
  }),
  summary: (plan, ctx, options) => fitSummary(pass => planSummary(plan, ctx, pass), options),
  notice: plan =>
    `Dry run: would resume ${plural(plan.scheduleIds.length, 'schedule', 'schedules')}; no request was sent`,
  warnings: () => [],
  failure: () => undefined
}

function planSummary(plan: SchedulePlan, ctx: RunContext, pass: RenderPass): string {
  const n = plan.scheduleIds.length
  const shown = plan.scheduleIds.slice(0, 3).map(id => codeCell(id, 100))
  const more = n > shown.length ? `, … and ${formatCount(n - shown.length)} more` : ''
  return markdownText([
    ...summaryHead(
      `🔍 Dry run: would resume ${plural(n, 'schedule', 'schedules')}: ${shown.join(', ')}${more}`,
      '**No request was sent**, so the service was not asked whether they exist: resuming an unknown schedule ' +
        'fails with HTTP 404, and one already active is left as it is.',
      shortenedNote(pass)
    ),
    ...table(['Schedule id', 'Would be'], [false, false], plan.scheduleIds, pass, id => [codeCell(id, 200), 'resumed']),
    '### Applying it',
    '',
    'Run the step again without `dry-run` (or with `dry-run: false`): it resumes each schedule in turn.',
    '',
    '### What was asked',
    '',
    `- Schedules to resume: ${formatCount(n)}, \`dry-run: true\``,
    ...runLine(ctx)
  ])
}
