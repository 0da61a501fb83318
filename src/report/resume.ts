/**
 * How a bulk write (resume-workflows, restart-workflows, retry-messages) is reported, staged or not: one report, in
 * the words of its verb (verb-words.ts). What it made, what may have been taken without an answer, where to continue;
 * a staged write adds its section (staged-resume.ts): the verdict of the stage that ended it, the stages and watches.
 */
import type { ResumedRun, RunContext } from '../results.js'
import type { ResumeResult, RetriedMessage, StageVerdict } from '../resume-results.js'
import { fitSummary, shortenedNote, type OperationReport, type RenderPass } from './budget.js'
import { formatCount, formatMs, plural } from '../format.js'
import { beforeTheEnd, failurePhrase, failureText, itemProblemsText } from './failure-text.js'
import { code, codeCell, markdownText, runLine, summaryHead, table } from './markdown.js'
import { isDateMs } from '../format.js'
import { beforeAnyWrite, continuationOf, continueMarkdown, continuePlain } from './continuation.js'
import { resumeOutputs } from './resume-outputs.js'
import {
  askedLines,
  capReached,
  lostAnswerText,
  outputsShort,
  pastCapText,
  possiblyUpTo,
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
import { madeCount, takenCount, words } from './verb-words.js'
import {
  deduplicatedLine,
  goneOneByOneText,
  noticeClause,
  refusedLead,
  refusedSection,
  refusedShort,
  refusedWarning,
  verbHead,
  verbNote
} from './write-outcomes.js'

export const resumeReport: OperationReport<ResumeResult> = {
  outputs: resumeOutputs,
  // The scope follows every verdict: a selection wider than meant (an empty from-date) shows on the first line.
  notice: result => {
    const notice = result.staged ? stagedHeading(result, result.staged).text : resumeNotice(result)
    return notice === undefined ? undefined : `${notice}${noticeClause(result)}; ${scopeText(result, false)}`
  },
  summary: (result, ctx, options) => fitSummary(pass => resumeSummary(result, ctx, pass), options),
  // Possibly taken entries are not warned about: the failure says it (one alert per fact).
  warnings: result => [
    ...[
      pastCapText(result),
      goneOneByOneText(result, false),
      refusedWarning(result),
      result.itemProblems && itemProblemsText(result.itemProblems)
    ].filter(text => text !== undefined),
    ...(result.staged ? stagedWarnings(result, result.staged) : [])
  ],
  // Refused entries do not fail the step: the others went on, complete is false, a warning names them, and output
  // refused-dlq-ids gives a later step exactly those to act on.
  failure: result => {
    const own = failure(result)
    return result.staged ? stagedFailure(result, result.staged, own) : own
  }
}

/** The notice on the run page, "at least" with what may have been taken unseen; none when a failure took none. */
function resumeNotice(result: ResumeResult): string | undefined {
  const made = madeCount(result)
  const uncertain = result.uncertainRequests
  if (result.failure !== undefined && made === 0 && uncertain === 0) return undefined
  const { item, items, one, base, past, Past } = words(result)
  const runs = plural(made, item, items)
  if (uncertain > 0) {
    const upTo = possiblyUpTo(result)
    const lost = `(${plural(uncertain, 'request', 'requests')} got no readable answer)`
    if (result.largestAnswer !== undefined) {
      return made === 0
        ? `Possibly ${past} every selected ${item}; none confirmed ${lost}`
        : `${Past} at least ${runs}; possibly every other selected ${one} ${past} too ${lost}`
    }
    return made === 0
      ? `Possibly ${past} up to ${plural(upTo, item, items)}; none confirmed ${lost}`
      : `${Past} at least ${runs}; up to ${formatCount(upTo)} more possibly ${past} ${lost}`
  }
  if (result.failure?.kind === 'cancelled') return `${Past} ${runs} before the step was cancelled`
  if (result.failure !== undefined) return `${Past} ${runs} before the ${base} failed`
  if (result.stoppedByCap) return `${Past} ${runs}: ${capReached(result)}`
  if (stoppedEarly(result)) return `${Past} ${runs}; the ${base} stopped early, more may remain`
  const short = outputsShort(result)
  if (short !== undefined) return `${Past} ${runs}; ${short}`
  const refused = refusedShort(result)
  if (refused !== undefined) return `${Past} ${runs}; ${refused}`
  const later = runsLeftText(result)
  if (later !== undefined) return `${Past} ${runs}; ${later}`
  return made === 0 ? `${Past} no ${item}: none matched the selection` : `${Past} ${runs}`
}

function failure(result: ResumeResult): string | undefined {
  const { failure: ended } = result
  // Refused before any write: its sentence says nothing was taken, and there is nothing to continue from.
  if (ended !== undefined && beforeAnyWrite(ended)) return failureText(result.operation, ended)
  const { short, past } = words(result)
  // Possibly taken entries fail the step even when the drain finished: the outputs do not list them.
  const reasons = [
    ended &&
      `${failureText(result.operation, ended)}; ${takenCount(result)} ${short} were ${past} ${beforeTheEnd(ended)}`,
    lostAnswerText(result),
    uncheckedLostText(result),
    runsFileText(result)
  ].filter(reason => reason !== undefined)
  if (reasons.length === 0) return undefined
  const where = continuePlain(continuationOf(result), words(result))
  return `${reasons.join('; ')}; ${where}`
}

/** The first line: a staged write's verdict, or what the one drain did. */
function headingOf(result: ResumeResult): string {
  if (result.staged === undefined) return resumeHeading(result)
  const { icon, text } = stagedHeading(result, result.staged)
  return `${icon} ${text}`
}

function resumeHeading(result: ResumeResult): string {
  const made = madeCount(result)
  const { item, items, one, short, past, Past, Base } = words(result)
  const runs = plural(made, item, items)
  if (result.failure?.kind === 'cancelled') {
    const more = result.uncertainRequests > 0 ? ', and possibly more' : ''
    return `⛔ Cancelled: ${plural(made, one, short)} ${past} before the cancel${more}`
  }
  if (beforeAnyWrite(result.failure)) return `❌ Nothing ${past}: ${failurePhrase(result.failure)}`
  if (result.failure) return `❌ ${Base} failed part way: ${failurePhrase(result.failure)}; ${runs} ${past} before`
  if (result.fileError !== undefined) return `❌ ${Past} ${runs}, but runs-file could not be written`
  if (result.uncertainRequests > 0) return `⚠️ ${Past} ${runs}, and possibly more`
  if (result.stoppedByCap) return `⏸️ ${Past} ${runs}: ${capReached(result)}`
  if (stoppedEarly(result)) return `⚠️ ${Base} stopped early: ${runs} ${past}`
  const outputs = outputsShort(result)
  if (outputs !== undefined) return `⚠️ ${Past} ${runs}; ${outputs}`
  const refused = refusedShort(result)
  if (refused !== undefined) return `⚠️ ${Past} ${runs}; ${refused}`
  const later = runsLeftText(result)
  if (later !== undefined) return `⏸️ ${Past} ${runs}; ${later}`
  if (made === 0) return `ℹ️ No failed ${item} matched`
  return `✅ ${Past} ${runs}`
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
  if (beforeAnyWrite(result.failure)) return undefined
  const w = words(result)
  const next = continuationOf(result)
  // A continuation by the selection alone is shown where a stop asks for one: a stage's end, or the cap.
  const shown =
    next !== undefined &&
    (next.by !== 'selection' || next.cursor !== undefined || stageEnding !== undefined || result.stoppedByCap === true)
  const continueLine = shown ? continueMarkdown(next, w) : undefined
  if (result.failure !== undefined) {
    return (
      continueLine ??
      `No cursor to continue from was returned: check the DLQ before re-running (${w.past} entries have left it).` +
        (next?.by === 'selection' && next.toDate !== undefined
          ? ` A re-run must send the same dates: ${continueMarkdown(next, w)}`
          : '')
    )
  }
  const capLine = result.stoppedByCap
    ? `Stopped by \`${w.cap}\` (${formatCount(result.maxRuns ?? 0)}) before the selection was drained. `
    : ''
  return continueLine && capLine + continueLine
}

function resumeSummary(result: ResumeResult, ctx: RunContext, pass: RenderPass): string {
  const { failure: ended, staged } = result
  const { one, short, past } = words(result)
  const { kept = 0, leftOut = 0, examples = [] } = result.itemProblems ?? {}
  const [pastCap, lost, fileError] = [pastCapText, lostAnswerText, runsFileText].map(f => f(result))
  const goneOneByOne = goneOneByOneText(result, true)
  const lines = summaryHead(
    `${headingOf(result)}; ${scopeText(result, true)}`,
    verbHead(result),
    `**${plural(madeCount(result), `new ${one}`, `new ${short}`)}** created by ${plural(result.requests, 'request', 'requests')}` +
      (result.uncertainRequests > 0
        ? ` (and ${formatCount(result.uncertainRequests)} without a readable answer)`
        : '') +
      (result.parts !== undefined
        ? ` (\`dlq-ids\` sent in ${formatCount(result.parts)} parts, so that each request URL stays under 6 KB).`
        : '.'),
    deduplicatedLine(result),
    shortenedNote(pass),
    fileError && `**Error:** ${code(fileError)}`,
    ended && `**Error:** ${code(failureText(result.operation, ended))}`,
    continueLead(result, staged && endingStage(staged)?.verdict),
    ...(staged ? stagedLeads(result, staged) : []),
    refusedLead(result),
    goneOneByOne && `**⚠️ Already gone:** ${goneOneByOne}.`,
    pastCap && `**⚠️ Past the cap:** ${pastCap}.`,
    lost && `**⚠️ Possibly ${past}:** ${lost}.`,
    leftOut > 0 &&
      `**⚠️ ${plural(leftOut, `${one} was`, `${short} were`)} ${past} without a readable id**: counted above, but not in ` +
        'the table or the outputs.',
    kept > 0 &&
      `⚠️ ${plural(kept, `${one} is`, `${short} are`)} listed without a creation time: the one sent could not be read.`,
    examples.map(line => `- ${code(line)}`).join('\n'),
    verbNote(result)
  )
  if (staged) lines.push(...stagedSections(result, staged, pass))
  lines.push(...refusedSection(result, pass), ...madeSection(result, pass))
  const asked = askedLines(result, pass)
  // The stages' lines end "What was asked", before its closing blank line.
  if (staged) asked.splice(-1, 0, ...stagedAskedLines(result, staged))
  return markdownText([...lines, ...asked, ...runLine(ctx)])
}

/** What the write made: new runs grouped by creation time, or new messages by whether the service delivered them. */
function madeSection(result: ResumeResult, pass: RenderPass): string[] {
  const w = words(result)
  if (result.runs.length > 0) {
    return [
      '### New runs',
      '',
      ...table(['Created (UTC)', 'Runs', 'New run ids'], [false, true, false], runGroups(result.runs), pass, group => [
        group.at === undefined ? '—' : formatMs(group.at),
        formatCount(group.ids.length),
        idList(group.ids, pass, w.idsOutput)
      ])
    ]
  }
  const messages = result.messages ?? []
  if (messages.length === 0) return []
  return [
    '### New messages',
    '',
    ...table(
      ['Delivery', 'Messages', 'New message ids'],
      [false, true, false],
      messageGroups(messages),
      pass,
      group => [
        group.deduplicated ? 'deduplicated: not delivered again' : 'delivered again',
        formatCount(group.ids.length),
        idList(group.ids, pass, w.idsOutput)
      ]
    )
  ]
}

/** New messages in two groups, those delivered again first: the deduplicated were taken but not delivered. */
function messageGroups(messages: readonly RetriedMessage[]): Array<{ deduplicated: boolean; ids: string[] }> {
  const groups = [false, true].map(deduplicated => ({ deduplicated, ids: [] as string[] }))
  for (const message of messages) groups[message.deduplicated === true ? 1 : 0]?.ids.push(message.messageId)
  return groups.filter(group => group.ids.length > 0)
}

/** Ids in a cell, as many as a table shows rows (the byte budget halves them with the rows), then how many more. */
function idList(ids: readonly string[], pass: RenderPass, output: string): string {
  const shown = ids.slice(0, pass.maxRows).map(id => codeCell(id, 100))
  const rest = ids.length - shown.length
  return rest > 0 ? `${shown.join(' ')} … and ${formatCount(rest)} more (output \`${output}\`)` : shown.join(' ')
}
