/** How list-dlq is reported: outputs, the headline as a notice, a summary led by the verdict, and the failure. */
import { MAX_CURSOR_LENGTH } from '../constants.js'
import type { ListResult, RunContext } from '../results.js'
import { breakdownLines, causeLines, extremesLines, failingTable, workflowRunLines } from './breakdowns.js'
import { fitSummary, shortenedNote, type OperationReport, type RenderPass } from './budget.js'
import { chartLines } from './chart.js'
import { durationText, formatCount, plural } from '../format.js'
import { dateFaultText } from './date-fault.js'
import { beforeTheEnd, failureText, itemProblemsText } from './failure-text.js'
import { historyLine } from './history.js'
import {
  describeBreach,
  expiryLine,
  filterLines,
  heading,
  headline,
  judgement,
  listingComplete,
  thresholdsText,
  undatedLines
} from './list-verdict.js'
import { code, issueLine, markdownText, runLine, summaryHead } from './markdown.js'
import { continueHint } from './step-outputs.js'
import { idsWritten, type IdsWritten } from './list-outputs.js'
import type { OutputValues } from './step-outputs.js'

export const listReport: OperationReport<ListResult> = {
  outputs,
  summary: (result, ctx, options) => {
    const written = idsWritten(result)
    return fitSummary(pass => listSummary(result, ctx, pass, written), options)
  },
  // Nothing listed: the failure's error annotation already says it (one alert per fact).
  notice: (result, now) => (result.failure !== undefined && result.count === 0 ? undefined : headline(result, now)),
  warnings: result => [
    ...(result.itemProblems !== undefined ? [itemProblemsText(result.itemProblems)] : []),
    ...(result.clock?.by === 'runner' && result.clock.fault !== undefined
      ? [`ages were judged on the runner's clock: ${dateFaultText(result.clock.fault)}`]
      : [])
  ],
  failure
}

function outputs(result: ListResult): OutputValues {
  return idsWritten(result).values
}

function failure(result: ListResult): string | undefined {
  const reasons = result.health.breaches.map(b => `DLQ health check failed: ${describeBreach(b, result)}`)
  if (result.failure !== undefined) {
    const listed =
      result.count === 0
        ? 'nothing was listed, so the number of messages is unknown'
        : `at least ${plural(result.count, 'message', 'messages')}: listed ${beforeTheEnd(result.failure)}`
    reasons.unshift(`${failureText('list-dlq', result.failure)}${continueHint(result.nextCursor)} (${listed})`)
  }
  return reasons.length === 0 ? undefined : reasons.join('\n')
}

function listSummary(result: ListResult, ctx: RunContext, pass: RenderPass, written: IdsWritten): string {
  const filters = filterLines(result.filters, pass)
  return markdownText([
    ...summaryHead(
      heading(result, filters.length > 0 || Boolean(result.startCursor)),
      judgement(result, pass.now),
      issueLine(ctx.issue),
      shortenedNote(pass),
      expiryLine(result, pass.now),
      historyLine(result),
      ...undatedLines(result),
      ...endingLeads(result)
    ),
    ...failingLines(result, pass),
    ...causeLines(result, pass, causeSelect(result)),
    ...breakdownLines(result, pass),
    ...chartLines(result, pass.now),
    ...workflowRunLines(result, pass, everyRun(result)),
    ...extremesLines(result, pass, listingComplete(result)),
    ...askedLines(result, ctx, filters, written)
  ])
}

/** The leads that say how the listing ended when it did not reach the end: the error, and where to continue. */
function endingLeads(result: ListResult): Array<string | false | undefined> {
  const { failure: ended, nextCursor: next, maxMessages: max, count } = result
  const asked = max !== undefined && count >= max ? `, as \`max-messages\` (${formatCount(max)}) asks` : ''
  const stopped = `**Stopped after ${plural(count, 'message', 'messages')}${asked}**: the DLQ may hold more.`
  return [
    ended
      ? `**Error:** ${code(failureText('list-dlq', ended))}`
      : next !== undefined && `${stopped} Everything below is a lower bound.`,
    ended && count > 0 && `Everything below is what was listed ${beforeTheEnd(ended)}: a lower bound.`,
    next && `To continue, re-run with input \`cursor\` set to ${code(next, MAX_CURSOR_LENGTH)}`
  ]
}

/** The top destinations, titled "What is failing" only under a failing verdict. */
function failingLines(result: ListResult, pass: RenderPass): string[] {
  const table = failingTable(result, pass.now, pass.maxRows)
  const failing = result.failure !== undefined || result.health.breaches.length > 0
  return table.length === 0 ? [] : [failing ? '### What is failing' : '### Top destinations', '', ...table]
}

/** How to select one cause's messages: from messages-file, or by setting it. */
function causeSelect(result: ListResult): string {
  return result.messagesFile === undefined
    ? "Set `messages-file` to have every message with its cause (`causeKey`), to select one cause's messages."
    : 'Each line of `messages-file` carries its cause as `causeKey`: `jq -r \'select(.causeKey == "KEY") | .dlqId\'` ' +
        "lists one cause's DLQ ids, for a reviewed resume (`dlq-ids-file`)."
}

/** Where every failed workflow run listed is, beyond the table's rows. */
function everyRun(result: ListResult): string {
  return result.messagesFile === undefined
    ? 'set `messages-file` to keep every one (and `dlq-ids` holds their DLQ ids)'
    : '`messages-file` holds every one'
}

/** Which clock ages, windows and expiry were judged on, and why the runner's. */
function clockLine(clock: ListResult['clock']): string[] {
  if (clock === undefined) return []
  if (clock.by === 'service') {
    const skew = clock.runnerSkewMs
    const apart =
      skew === undefined ? '' : `, ${durationText(Math.abs(skew))} ${skew > 0 ? 'ahead of' : 'behind'} the runner's`
    return [`- Ages judged on: the service's clock (its Date header)${apart}`]
  }
  return [`- Ages judged on: the runner's clock, as ${dateFaultText(clock.fault)}`]
}

/** What was asked, complete: filters, order, bounds, thresholds, concurrency, cursor; then the run. */
function askedLines(result: ListResult, ctx: RunContext, filters: string[], written: IdsWritten): string[] {
  const { fallback, maxMessages, maxPages, messagesFile, startCursor } = result
  const redacted = result.redactedHeaderValues ?? 0
  const slices =
    fallback !== undefined
      ? ' (listed sequentially: the date slices could not be trusted)'
      : result.slices === 1
        ? ' (one date slice: the oldest and newest message the service named were too close to split, as when it ignores `order`)'
        : result.slices !== undefined
          ? ` (${formatCount(result.slices)} date slices)`
          : ''
  const pages = maxPages === undefined ? '' : `, \`max-pages\`: ${formatCount(maxPages)}`
  return [
    '### What was asked',
    '',
    ...(filters.length === 0
      ? ['- Filters: none (every message in the DLQ)']
      : ['- Filters (several values of one filter: any of them; different filters: all of them):', ...filters]),
    `- Order: ${result.order === 'earliestFirst' ? 'earliest first' : 'latest first'} (\`${result.order}\`)`,
    `- Health thresholds: ${thresholdsText(result)}`,
    ...clockLine(result.clock),
    `- \`max-messages\`: ${maxMessages === undefined ? 'none (every message)' : formatCount(maxMessages)}`,
    `- \`concurrency\`: ${formatCount(result.concurrency)}${slices}`,
    `- Page size: ${formatCount(result.pageSize)}${pages} (${plural(result.pages, 'page', 'pages')} fetched)`,
    `- Start cursor: ${startCursor ? code(startCursor, MAX_CURSOR_LENGTH) : 'none (from the start)'}`,
    fallback !== undefined && `- Why sequentially: ${code(fallback)}`,
    messagesFile !== undefined &&
      `- Every listed message, one JSON object a line: ${code(messagesFile)} (output \`messages-file\`)`,
    messagesFile !== undefined &&
      redacted > 0 &&
      `- ${plural(redacted, 'credential header value was', 'credential header values were')} redacted from ` +
        'messages-file; set `keep-credential-headers: true` to keep them.',
    ...idsWrittenLines(result, written),
    ...runLine(ctx),
    ''
  ].filter(line => line !== false)
}

/** What a cut ids output holds, as written: its first ids, of how many listed, and where every one is. */
function idsWrittenLines(result: ListResult, { messageIds, dlqIds }: IdsWritten): string[] {
  const every =
    result.messagesFile !== undefined ? '`messages-file` holds every one' : 'set `messages-file` for every one'
  const lines: string[] = []
  if (messageIds.truncated) {
    lines.push(
      `- The \`message-ids\` output holds only the first ${plural(messageIds.kept, 'id', 'ids')} of ` +
        `${formatCount(result.count)} messages listed (GitHub's 1 MB for a job's outputs, shared with \`dlq-ids\`); ${every}.`
    )
  }
  if (dlqIds.truncated) {
    lines.push(
      `- The \`dlq-ids\` output holds only the first ${plural(dlqIds.kept, 'DLQ id', 'DLQ ids')} listed ` +
        `(the same 1 MB); ${every}.`
    )
  }
  return lines
}
