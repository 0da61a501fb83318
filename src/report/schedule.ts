/** How resume-schedule is reported: the ids resumed, a table of each schedule's result, a failure naming each. */
import { Outputs } from '../constants.js'
import type { Failure } from '../failure.js'
import type { RunContext, ScheduleOutcome, ScheduleResult } from '../results.js'
import { failureText, requestReason } from './failure-text.js'
import { fitSummary, shortenedNote, type OperationReport, type RenderPass } from './budget.js'
import { formatCount, plural } from '../format.js'
import { cellOrDash, codeCell, markdownText, runLine, summaryHead, table } from './markdown.js'

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

function scheduleNotice(result: ScheduleResult): string | undefined {
  const total = result.outcomes.length
  const resumed = result.outcomes.filter(o => o.ok).length
  if (resumed === 0) return undefined
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
      : result.cancelled !== undefined
        ? `⛔ Cancelled: ${formatCount(resumed)} of ${plural(total, 'schedule', 'schedules')} resumed before the cancel`
        : failed === 0
          ? `✅ Resumed ${plural(resumed, 'schedule', 'schedules')}`
          : `❌ ${formatCount(failed)} of ${plural(total, 'schedule', 'schedules')} could not be resumed`
  const lines = summaryHead(
    title,
    total > 0 && `**${formatCount(resumed)} resumed, ${formatCount(failed)} failed.**`,
    shortenedNote(pass)
  )
  // Failed ones first: they are what the reader has to act on.
  const ordered = [...result.outcomes.filter(o => !o.ok), ...result.outcomes.filter(o => o.ok)]
  lines.push(
    ...table(['Schedule id', 'Result', 'Why'], [false, false, false], ordered, pass, o => [
      cellOrDash(o.scheduleId),
      o.ok
        ? '✅ resumed'
        : o.notTried
          ? '⏭️ not tried'
          : o.failure?.kind === 'cancelled'
            ? '⛔ not confirmed'
            : '❌ failed',
      o.ok || o.notTried ? '' : o.failure ? codeCell(reasonCell(o.failure)) : 'unknown error'
    ])
  )
  lines.push('### What was asked', '', `- Schedules to resume: ${formatCount(total)}`, ...runLine(ctx))
  return markdownText(lines)
}

/** Why one schedule failed: `resume-schedule (schedule "x") failed: HTTP 404 not found: …`. */
export function scheduleFailureText(outcome: ScheduleOutcome): string {
  const label = `resume-schedule (schedule "${outcome.scheduleId}")`
  return outcome.failure ? failureText(label, outcome.failure) : `${label} failed`
}

/** The same without the schedule the row names already: `HTTP 404 not found: …`, attempts after it. */
function reasonCell(failure: Failure): string {
  if (failure.kind !== 'request') return failureText('', failure)
  const { attempts } = failure.request
  return requestReason({ ...failure.request, attempts: 1 }).slice(2) + (attempts > 1 ? ` (${attempts} attempts)` : '')
}

function failure(result: ScheduleResult): string | undefined {
  const failed = result.outcomes.filter(o => !o.ok)
  if (failed.length === 0) return undefined
  const resumed = result.outcomes.length - failed.length
  if (result.cancelled !== undefined) {
    // One line: the ids left (resuming a schedule is idempotent, so a re-run with all of them is safe).
    const left = failed.map(o => o.scheduleId)
    const shown =
      left.slice(0, 20).join(', ') + (left.length > 20 ? `, … and ${formatCount(left.length - 20)} more` : '')
    return (
      `the step was cancelled (${result.cancelled}): ${formatCount(resumed)} of ${plural(result.outcomes.length, 'schedule', 'schedules')} ` +
      `resumed; not confirmed: ${shown}. Resuming a schedule is idempotent: re-run with them.`
    )
  }
  return [
    `${failed.length} of ${result.outcomes.length} schedules could not be resumed (${resumed} resumed):`,
    ...failed.map(o => `- ${o.failure ? scheduleFailureText(o) : o.scheduleId}`)
  ].join('\n')
}
