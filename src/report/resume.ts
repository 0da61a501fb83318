/**
 * How resume-workflows is reported, staged or not: one report. The new runs, runs possibly resumed without an answer,
 * where to continue; a staged resume adds its section (staged-resume.ts): the verdict of the stage that ended it, the
 * stages and their watches.
 */
import type { ResumedRun, RunContext } from '../results.js'
import type { ResumeResult, StageVerdict } from '../resume-results.js'
import { fitSummary, shortenedNote, type OperationReport, type RenderPass } from './budget.js'
import { formatCount, formatMs, plural } from '../format.js'
import { beforeTheEnd, failurePhrase, failureText, itemProblemsText } from './failure-text.js'
import { code, codeCell, markdownText, runLine, summaryHead, table } from './markdown.js'
import { isDateMs } from '../format.js'
import { continuationOf, continueMarkdown, continuePlain } from './continuation.js'
import { resumeOutputs } from './resume-outputs.js'
import {
  askedLines,
  capReached,
  goneText,
  lostAnswerText,
  madeCount,
  outputsShort,
  pastCapText,
  possiblyUpTo,
  RESUME_NOTE,
  runsFileText,
  runsLeftText,
  scopeText,
  uncheckedLostText,
  stoppedEarly
} from './resume-text.js'
import {
  stagedAskedLines,
  stagedFailure,
  stagedHeading,
  stagedLeads,
  stagedSections,
  stagedWarnings
} from './staged-resume.js'
import { endingStage } from './stage-text.js'

export const resumeReport: OperationReport<ResumeResult> = {
  outputs: resumeOutputs,
  // The scope follows every verdict: a selection wider than meant (an empty from-date) shows on the first line.
  notice: result => {
    const notice = result.staged ? stagedHeading(result, result.staged).text : resumeNotice(result)
    return notice === undefined ? undefined : `${notice}; ${scopeText(result, false)}`
  },
  summary: (result, ctx, options) => fitSummary(pass => resumeSummary(result, ctx, pass), options),
  // Possibly resumed runs are not warned about: the failure says it (one alert per fact).
  warnings: result => [
    ...[pastCapText(result), goneText(result), result.itemProblems && itemProblemsText(result.itemProblems)].filter(
      text => text !== undefined
    ),
    ...(result.staged ? stagedWarnings(result.staged) : [])
  ],
  failure: result => {
    const own = failure(result)
    return result.staged ? stagedFailure(result, result.staged, own) : own
  }
}

/** The notice on the run page, "at least" with what may have been resumed unseen; none when a failure resumed none. */
function resumeNotice(result: ResumeResult): string | undefined {
  const made = madeCount(result)
  const uncertain = result.uncertainRequests
  if (result.failure !== undefined && made === 0 && uncertain === 0) return undefined
  const runs = plural(made, 'workflow run', 'workflow runs')
  if (uncertain > 0) {
    const upTo = possiblyUpTo(result)
    const lost = `(${plural(uncertain, 'request', 'requests')} got no readable answer)`
    if (result.largestAnswer !== undefined) {
      return made === 0
        ? `Possibly resumed every selected workflow run; none confirmed ${lost}`
        : `Resumed at least ${runs}; possibly every other selected run resumed too ${lost}`
    }
    return made === 0
      ? `Possibly resumed up to ${plural(upTo, 'workflow run', 'workflow runs')}; none confirmed ${lost}`
      : `Resumed at least ${runs}; up to ${formatCount(upTo)} more possibly resumed ${lost}`
  }
  if (result.failure?.kind === 'cancelled') return `Resumed ${runs} before the step was cancelled`
  if (result.failure !== undefined) return `Resumed ${runs} before the resume failed`
  if (result.stoppedByCap) return `Resumed ${runs}: ${capReached(result)}`
  if (stoppedEarly(result)) return `Resumed ${runs}; the resume stopped early, more may remain`
  const short = outputsShort(result)
  if (short !== undefined) return `Resumed ${runs}; ${short}`
  const later = runsLeftText(result)
  if (later !== undefined) return `Resumed ${runs}; ${later}`
  return made === 0 ? 'Resumed no workflow run: none matched the selection' : `Resumed ${runs}`
}

function failure(result: ResumeResult): string | undefined {
  // Possibly resumed runs fail the step even when the drain finished: the outputs do not list them.
  const { failure: ended } = result
  const reasons = [
    ended &&
      `${failureText('resume-workflows', ended)}; ${result.runs.length} runs were resumed ${beforeTheEnd(ended)}`,
    lostAnswerText(result),
    uncheckedLostText(result),
    runsFileText(result)
  ].filter(reason => reason !== undefined)
  if (reasons.length === 0) return undefined
  const where = continuePlain(continuationOf(result))
  return `${reasons.join('; ')}; ${where}`
}

/** The first line: a staged resume's verdict, or what the one drain did. */
function headingOf(result: ResumeResult): string {
  if (result.staged === undefined) return resumeHeading(result)
  const { icon, text } = stagedHeading(result, result.staged)
  return `${icon} ${text}`
}

function resumeHeading(result: ResumeResult): string {
  const made = madeCount(result)
  const runs = plural(made, 'workflow run', 'workflow runs')
  if (result.failure?.kind === 'cancelled') {
    const more = result.uncertainRequests > 0 ? ', and possibly more' : ''
    return `⛔ Cancelled: ${plural(made, 'run', 'runs')} resumed before the cancel${more}`
  }
  if (result.failure) return `❌ Resume failed part way: ${failurePhrase(result.failure)}; ${runs} resumed before`
  if (result.fileError !== undefined) return `❌ Resumed ${runs}, but runs-file could not be written`
  if (result.uncertainRequests > 0) return `⚠️ Resumed ${runs}, and possibly more`
  if (result.stoppedByCap) return `⏸️ Resumed ${runs}: ${capReached(result)}`
  if (stoppedEarly(result)) return `⚠️ Resume stopped early: ${runs} resumed`
  const short = outputsShort(result)
  if (short !== undefined) return `⚠️ Resumed ${runs}; ${short}`
  const later = runsLeftText(result)
  if (later !== undefined) return `⏸️ Resumed ${runs}; ${later}`
  if (made === 0) return 'ℹ️ No failed workflow run matched'
  return `✅ Resumed ${runs}`
}

/** Runs grouped by creation time (to the second), in the order first seen. */
function runGroups(runs: readonly ResumedRun[]): Array<{ at?: number; ids: string[] }> {
  const byTime = new Map<string | number, { at?: number; ids: string[] }>()
  for (const run of runs) {
    const at = run.workflowCreatedAt
    // The second, as a number: an ISO string a run costs more than the rest of the summary.
    const key = at === undefined ? '' : isDateMs(at) ? Math.floor(at / 1000) : formatMs(at).slice(0, 19)
    if (!byTime.has(key)) byTime.set(key, { at: run.workflowCreatedAt, ids: [] })
    byTime.get(key)?.ids.push(run.workflowRunId)
  }
  return [...byTime.values()]
}

/** Where to continue, under the verdict: with the cursor or ids left, or the dates alone after a stage ended it. */
function continueLead(result: ResumeResult, stageEnding: StageVerdict | undefined): string | undefined {
  const next = continuationOf(result)
  const shown =
    next !== undefined && (next.by !== 'selection' || next.cursor !== undefined || stageEnding !== undefined)
  const continueLine = shown ? continueMarkdown(next) : undefined
  if (result.failure !== undefined) {
    return (
      continueLine ??
      'No cursor to continue from was returned: check the DLQ before re-running (resumed entries have left it).' +
        (next?.by === 'selection' && next.toDate !== undefined
          ? ` A re-run must send the same dates: ${continueMarkdown(next)}`
          : '')
    )
  }
  const capLine = result.stoppedByCap
    ? `Stopped by \`max-runs\` (${formatCount(result.maxRuns ?? 0)}) before the selection was drained. `
    : ''
  return continueLine && capLine + continueLine
}

function resumeSummary(result: ResumeResult, ctx: RunContext, pass: RenderPass): string {
  const { runs, failure: ended, staged } = result
  const { kept = 0, leftOut = 0, examples = [] } = result.itemProblems ?? {}
  const [gone, pastCap, lost, fileError] = [goneText, pastCapText, lostAnswerText, runsFileText].map(f => f(result))
  const lines = summaryHead(
    `${headingOf(result)}; ${scopeText(result, true)}`,
    `**${plural(madeCount(result), 'new run', 'new runs')}** created by ${plural(result.requests, 'request', 'requests')}` +
      (result.uncertainRequests > 0
        ? ` (and ${formatCount(result.uncertainRequests)} without a readable answer)`
        : '') +
      (result.parts !== undefined
        ? ` (\`dlq-ids\` sent in ${formatCount(result.parts)} parts, so that each request URL stays under 6 KB).`
        : '.'),
    shortenedNote(pass),
    fileError && `**Error:** ${code(fileError)}`,
    ended && `**Error:** ${code(failureText('resume-workflows', ended))}`,
    continueLead(result, staged && endingStage(staged)?.verdict),
    ...(staged ? stagedLeads(staged) : []),
    gone && `**⚠️ Already gone:** ${gone}.`,
    pastCap && `**⚠️ Past the cap:** ${pastCap}.`,
    lost && `**⚠️ Possibly resumed:** ${lost}.`,
    leftOut > 0 &&
      `**⚠️ ${plural(leftOut, 'run was', 'runs were')} resumed without a readable id**: counted above, but not in ` +
        'the table or the outputs.',
    kept > 0 &&
      `⚠️ ${plural(kept, 'run is', 'runs are')} listed without a creation time: the one sent could not be read.`,
    examples.map(line => `- ${code(line)}`).join('\n'),
    madeCount(result) > 0 && RESUME_NOTE
  )
  if (staged) lines.push(...stagedSections(result, staged, pass))
  if (runs.length > 0) {
    lines.push(
      '### New runs',
      '',
      ...table(['Created (UTC)', 'Runs', 'New run ids'], [false, true, false], runGroups(runs), pass, group => [
        group.at === undefined ? '—' : formatMs(group.at),
        formatCount(group.ids.length),
        idList(group.ids, pass)
      ])
    )
  }
  const asked = askedLines(result, pass)
  // The stages' lines end "What was asked", before its closing blank line.
  if (staged) asked.splice(-1, 0, ...stagedAskedLines(result, staged))
  return markdownText([...lines, ...asked, ...runLine(ctx)])
}

/** Ids in a cell, as many as a table shows rows (the byte budget halves them with the rows), then how many more. */
function idList(ids: readonly string[], pass: RenderPass): string {
  const shown = ids.slice(0, pass.maxRows).map(id => codeCell(id, 100))
  const rest = ids.length - shown.length
  return rest > 0 ? `${shown.join(' ')} … and ${formatCount(rest)} more (output \`workflow-run-ids\`)` : shown.join(' ')
}
