/**
 * How delete-dlq is reported: what was deleted (as the answers counted it), what was already gone, what may have been
 * deleted unseen, what is left and how to finish; the archive; and what the entries were, by destination, cause and
 * age, with the tables a listing has (report/breakdowns.ts). A dry run or a refusal says what it would have deleted.
 */
import { Outputs } from '../constants.js'
import type { DeleteResult } from '../delete-results.js'
import type { Failure } from '../failure.js'
import { formatCount, plural } from '../format.js'
import type { RunContext } from '../results.js'
import { breakdownLines, causeLines, extremesLines, failingTable, workflowRunLines } from './breakdowns.js'
import { fitSummary, shortenedNote, type OperationReport, type RenderPass } from './budget.js'
import { chartLines } from './chart.js'
import {
  alreadyGone,
  archiveLead,
  askedLines,
  entries,
  finishText,
  noun,
  outcomeLeads,
  scopeText
} from './delete-text.js'
import { failurePhrase, failureText, itemProblemsText } from './failure-text.js'
import { listingComplete } from './list-verdict.js'
import { code, markdownText, summaryHead } from './markdown.js'
import type { OutputValues } from './step-outputs.js'

export const deleteReport: OperationReport<DeleteResult> = {
  outputs,
  summary: (result, ctx, options) => fitSummary(pass => deleteSummary(result, ctx, pass), options),
  // A failure is said by its annotation (one alert per fact), unless something was deleted before it.
  notice: result =>
    result.failure !== undefined && nothingDeleted(result)
      ? undefined
      : `${headline(result)}; ${scopeText(result, false)}`,
  warnings,
  failure
}

/** No entry was deleted, nor possibly deleted: a refusal, a failure before the deletes, a dry run. */
const nothingDeleted = (result: DeleteResult): boolean => result.deleted === 0 && result.possiblyDeleted === 0

/**
 * Everything listed was deleted or told already gone, the listing having reached its end, and no entry was left for
 * want of a creation time that older-than could judge.
 */
function complete(result: DeleteResult): boolean {
  const judged = (result.leftOut?.undated ?? 0) === 0
  const done = result.failure === undefined && listingComplete(result.listing) && judged
  if (result.dryRun) return done
  return done && result.possiblyDeleted === 0 && result.uncounted === 0 && result.notDeleted === 0
}

function outputs(result: DeleteResult): OutputValues {
  return {
    [Outputs.DeletedCount]: String(result.deleted),
    [Outputs.AlreadyGoneCount]: String(alreadyGone(result)),
    [Outputs.ArchiveFile]: result.archiveFile ?? '',
    [Outputs.PlannedCount]: String(result.listed),
    [Outputs.PlanFile]: result.planFile ?? '',
    [Outputs.Complete]: String(complete(result))
  }
}

/** `the selection holds at least 12 entries, not 10`: a count refusal's numbers. */
function holds(failure: Failure & { kind: 'count-mismatch' }): string {
  const { found, expected, complete: whole } = failure
  return `the selection holds ${whole ? '' : 'at least '}${plural(found, 'entry', 'entries')}, not ${formatCount(expected)}`
}

/** The verdict in words, without its icon: the notice, and the summary's first line. */
function headline(result: DeleteResult): string {
  const { failure: f, deleted, possiblyDeleted, listed } = result
  const n = (count: number) => entries(result, count)
  const atLeast = listingComplete(result.listing) ? '' : 'at least '
  if (result.dryRun) {
    if (f?.kind === 'cap-exceeded') return `Dry run: the delete would be refused: more than ${n(f.cap)} selected`
    if (f?.kind === 'count-mismatch') return `Dry run refused by expect-count: ${holds(f)}`
    if (f !== undefined) return `Dry run stopped early: would delete ${atLeast}${n(listed)}`
    return `Dry run: would delete ${n(listed)}; no delete request was sent`
  }
  if (f?.kind === 'cap-exceeded') return `Refused by max-entries: more than ${n(f.cap)} selected; nothing was deleted`
  if (f?.kind === 'count-mismatch') return `Refused by expect-count: ${holds(f)}; nothing was deleted`
  const left = `${formatCount(result.notDeleted)} not`
  const maybe = possiblyDeleted > 0 ? `, ${formatCount(possiblyDeleted)} possibly` : ''
  if (f?.kind === 'cancelled') return `Cancelled: ${n(deleted)} deleted before the cancel${maybe}, ${left}`
  if (f !== undefined && nothingDeleted(result)) return `Nothing deleted: ${failurePhrase(f)}`
  if (f !== undefined)
    return `Delete failed part way: ${failurePhrase(f)}; ${n(deleted)} deleted before${maybe}, ${left}`
  if (possiblyDeleted > 0) return `Deleted at least ${n(deleted)}; ${formatCount(possiblyDeleted)} more possibly`
  if (result.uncounted > 0) return `Deleted ${n(deleted)}; ${formatCount(result.uncounted)} named were not counted`
  if (listed === 0) return `Nothing to delete: no ${noun(result)} matched`
  const gone = alreadyGone(result)
  return `Deleted ${n(deleted)}${gone > 0 ? `; ${formatCount(gone)} already gone` : ''}`
}

function icon(result: DeleteResult): string {
  const { failure: f } = result
  if (result.dryRun)
    return f === undefined ? '🔍' : f.kind === 'cap-exceeded' || f.kind === 'count-mismatch' ? '❌' : '⚠️'
  if (f?.kind === 'cancelled') return '⛔'
  if (f !== undefined) return '❌'
  if (result.possiblyDeleted > 0 || result.uncounted > 0) return '⚠️'
  return result.listed === 0 ? 'ℹ️' : '✅'
}

function failure(result: DeleteResult): string | undefined {
  const { failure: f, possiblyDeleted } = result
  const reasons: string[] = []
  if (f !== undefined) {
    const own = failureText('delete-dlq', f)
    const done = nothingDeleted(result)
      ? // The count and cap refusals say it themselves.
        f.kind === 'count-mismatch' || f.kind === 'cap-exceeded'
        ? ''
        : '; nothing was deleted'
      : `; ${entries(result, result.deleted)} deleted before it, ${formatCount(result.notDeleted)} not`
    reasons.push(`${own}${done}`)
  }
  if (possiblyDeleted > 0) {
    reasons.push(
      `${formatCount(possiblyDeleted)} more entries were possibly deleted: the requests that named them got no ` +
        'readable answer, so deleted-count does not count them'
    )
  }
  if (reasons.length === 0) return undefined
  const finish = finishText(result, false)
  return `${reasons.join('; ')}${finish === undefined ? '' : `; ${finish}`}`
}

function warnings(result: DeleteResult): string[] {
  const { itemProblems } = result.listing
  const undated = result.leftOut?.undated ?? 0
  return [
    itemProblems && itemProblemsText(itemProblems),
    result.withoutDlqId !== undefined &&
      `${plural(result.withoutDlqId, 'entry was', 'entries were')} listed without a DLQ id: no delete by id can take ` +
        'them, so they were left in the DLQ',
    undated > 0 &&
      `${plural(undated, 'entry was', 'entries were')} selected without a creation time that can be true: their ` +
        'age cannot be judged against older-than, so they were left in the DLQ',
    result.uncounted > 0 &&
      `the answers counted ${formatCount(result.uncounted)} fewer deleted than the DLQ ids they named, without ` +
        'saying which: most likely no longer in the DLQ',
    result.refused > 0 && `the service refused to delete ${plural(result.refused, 'entry', 'entries')} (HTTP 400)`
  ].filter((text): text is string => typeof text === 'string')
}

/** The lines under the heading: what was done, the archive, the error, how to finish, what became of each id. */
function leads(result: DeleteResult): Array<string | false | undefined> {
  const { failure: f } = result
  const parts = result.parts === undefined ? '' : ` in ${formatCount(result.parts)} parts`
  const done = result.dryRun
    ? '**No delete request was sent.** A delete lists these again, archives them, then deletes exactly those, by ' +
      'their DLQ ids.'
    : nothingDeleted(result) && result.requests === 0
      ? '**Nothing was deleted.**'
      : `**${entries(result, result.deleted)} deleted**, as the service's answers counted them, of the ` +
        `${formatCount(result.listed)} listed and archived: by their DLQ ids, at most 100 a request${parts} ` +
        `(${plural(result.requests, 'request', 'requests')} answered).`
  const finish = finishText(result, true)
  return [
    done,
    archiveLead(result),
    result.dryRun && result.planFile !== undefined && `The plan, one JSON object a line: ${code(result.planFile)}.`,
    f !== undefined && `**Error:** ${code(failureText('delete-dlq', f))}`,
    finish !== undefined && `**To finish:** ${finish}.`,
    ...outcomeLeads(result)
  ]
}

function deleteSummary(result: DeleteResult, ctx: RunContext, pass: RenderPass): string {
  const { listing } = result
  const whole = listingComplete(listing)
  const title = result.dryRun
    ? 'What it would delete'
    : nothingDeleted(result)
      ? 'What was listed (not deleted)'
      : result.notDeleted + result.possiblyDeleted > 0
        ? 'What was listed and archived (deleted in part, as said above)'
        : 'What was deleted'
  const table = failingTable(listing, pass.now, pass.maxRows)
  const select =
    'Each archive line carries its cause as `causeKey`: `jq -c \'select(.causeKey == "KEY")\'` picks one ' +
    "cause's entries out of it."
  const detail = [
    ...(table.length === 0 ? [] : ['#### By destination', '', ...table]),
    ...causeLines(listing, pass, select),
    ...breakdownLines(listing, pass),
    ...workflowRunLines(listing, pass, 'the archive holds every one'),
    ...extremesLines(listing, pass, whole),
    ...chartLines(listing, pass.now)
  ]
  return markdownText([
    ...summaryHead(`${icon(result)} ${headline(result)}; ${scopeText(result, true)}`, ...leads(result)),
    ...(shortenedNote(pass) === undefined ? [] : [shortenedNote(pass) as string, '']),
    ...(detail.length === 0 ? [] : [`### ${title}`, '', ...detail]),
    ...askedLines(result, ctx, pass)
  ])
}
