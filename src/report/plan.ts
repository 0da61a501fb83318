/**
 * How a write's plan is reported (dry-run, and expect-count's refusal): what the write would take, the bound it would
 * send, the listing's tables (report/breakdowns.ts, as list-dlq shows them), and how to apply the plan exactly.
 */
import { MAX_CURSOR_LENGTH, Outputs } from '../constants.js'
import { durationText, formatCount, formatMs, plural } from '../format.js'
import { isPlan, planComplete, type PlanResult } from '../plan-results.js'
import type { RunContext } from '../results.js'
import type { ResumeBound, ResumeResult } from '../resume-results.js'
import { VERBS } from '../verbs.js'
import { breakdownLines, causeLines, extremesLines, failingTable, workflowRunLines } from './breakdowns.js'
import { fitSummary, shortenedNote, type OperationReport, type RenderPass } from './budget.js'
import { dateFaultText } from './date-fault.js'
import { beforeTheEnd, failureText, itemProblemsText } from './failure-text.js'
import { filterLines } from './list-verdict.js'
import { code, markdownText, runLine, summaryHead } from './markdown.js'
import type { OutputValues } from './step-outputs.js'

export const planReport: OperationReport<PlanResult> = {
  outputs,
  summary: (plan, ctx, options) => fitSummary(pass => planSummary(plan, ctx, pass), options),
  // A refusal and a listing that failed are said by the failure's annotation (one alert per fact).
  notice: plan => (plan.failure !== undefined || plan.listing.failure !== undefined ? undefined : headline(plan)),
  warnings,
  failure
}

/** The report of an operation that may only plan (dry-run): its plan's when no write followed, else the write's. */
export function planOr<P extends { kind: 'plan' }, R extends object>(
  plan: OperationReport<P>,
  write: OperationReport<R>
): OperationReport<P | R> {
  const ofPlan = (result: P | R): result is P => isPlan<P>(result)
  return {
    outputs: result => (ofPlan(result) ? plan.outputs(result) : write.outputs(result)),
    summary: (result, ctx, options) =>
      ofPlan(result) ? plan.summary(result, ctx, options) : write.summary(result, ctx, options),
    notice: (result, now) => (ofPlan(result) ? plan.notice?.(result, now) : write.notice?.(result, now)),
    warnings: result => (ofPlan(result) ? plan.warnings(result) : write.warnings(result)),
    failure: result => (ofPlan(result) ? plan.failure(result) : write.failure(result))
  }
}

/** A write's report, with what expect-count listed before it: planned-count and plan-file, as a dry run says them. */
export function withExpected(write: OperationReport<ResumeResult>): OperationReport<ResumeResult> {
  return { ...write, outputs: result => ({ ...write.outputs(result), ...expectedOutputs(result) }) }
}

/** A write held to expect-count: what its listing planned, as a dry run would have said it. */
function expectedOutputs({ expected }: ResumeResult): OutputValues {
  if (expected === undefined) return {}
  return { [Outputs.PlannedCount]: String(expected.listed), [Outputs.PlanFile]: expected.planFile ?? '' }
}

function outputs(plan: PlanResult): OutputValues {
  return {
    [Outputs.PlannedCount]: String(plan.planned),
    [Outputs.PlanFile]: plan.planFile ?? '',
    [Outputs.Complete]: String(planComplete(plan) && plan.failure === undefined),
    // Nothing was written: the write's own count says so.
    [VERBS[plan.operation].countOutput]: '0'
  }
}

/** `3 workflow runs`, `at least 1,240 messages`: the entries planned, in the verb's words. */
function plannedText(plan: PlanResult): string {
  const { item, items } = VERBS[plan.operation].words
  return `${planComplete(plan) ? '' : 'at least '}${plural(plan.planned, item, items)}`
}

/** The notice: what the write would take. */
function headline(plan: PlanResult): string {
  const { base } = VERBS[plan.operation].words
  if (plan.expectCount === 0 && plan.failure === undefined) {
    return `expect-count 0: no entry is selected, as expected; nothing to ${base}`
  }
  return `Dry run: would ${base} ${plannedText(plan)}; no write request was sent`
}

function heading(plan: PlanResult): string {
  const { base } = VERBS[plan.operation].words
  if (plan.failure?.kind === 'count-mismatch') {
    const { expected, found, complete } = plan.failure
    const holds = `${complete ? '' : 'at least '}${plural(found, 'entry', 'entries')}`
    return `❌ Refused by \`expect-count\`: the selection holds ${holds}, not ${formatCount(expected)}; nothing was written`
  }
  if (plan.failure?.kind === 'ids-gone') {
    return `❌ Nothing ${VERBS[plan.operation].words.past}: none of the ${formatCount(plan.failure.ids)} DLQ ids is in the DLQ any more`
  }
  if (plan.expectCount === 0 && plan.failure === undefined)
    return `✅ No entry selected, as \`expect-count: 0\` expects`
  if (plan.listing.failure !== undefined) return `⚠️ Dry run stopped early: would ${base} ${plannedText(plan)}`
  return `🔍 Dry run: would ${base} ${plannedText(plan)}`
}

function failure(plan: PlanResult): string | undefined {
  const reasons: string[] = []
  if (plan.failure !== undefined) reasons.push(failureText(plan.operation, plan.failure))
  const ended = plan.listing.failure
  if (ended !== undefined) {
    const listed = `${plannedText(plan)} planned ${beforeTheEnd(ended)}; no write request was sent`
    reasons.push(`${failureText(`${plan.operation} (its plan)`, ended)} (${listed})`)
  }
  return reasons.length === 0 ? undefined : reasons.join('\n')
}

function warnings(plan: PlanResult): string[] {
  const { itemProblems } = plan.listing
  return [itemProblems && itemProblemsText(itemProblems), missingText(plan), withoutIdText(plan)].filter(
    (text): text is string => text !== undefined
  )
}

/** The listing reached the end of the DLQ: an id given that it did not find is not there. */
const listedAll = ({ listing }: PlanResult): boolean =>
  listing.failure === undefined && listing.nextCursor === undefined

/** `3 DLQ ids`, `1 run`: what an input that names entries one by one gave. */
const givenText = (by: NonNullable<PlanResult['given']>['by'], n: number): string =>
  by === 'dlq-ids' ? plural(n, 'DLQ id', 'DLQ ids') : plural(n, 'run', 'runs')

/** The ids (or runs) given that the listing did not find, once it had listed the whole DLQ. */
function missingText(plan: PlanResult): string | undefined {
  const { given } = plan
  if (given === undefined || given.missing === 0) return undefined
  const some = `${formatCount(given.missing)} of the ${givenText(given.by, given.count)} given`
  if (!listedAll(plan)) {
    return `${some} ${given.missing === 1 ? 'was' : 'were'} not reached: the listing stopped before the end of the DLQ`
  }
  return `${some} ${given.missing === 1 ? 'is' : 'are'} not in the DLQ: taken or removed since they were listed`
}

function withoutIdText({ withoutDlqId }: PlanResult): string | undefined {
  if (withoutDlqId === undefined) return undefined
  return (
    `${plural(withoutDlqId, 'entry was', 'entries were')} listed without a DLQ id: no write by dlq-ids can take ` +
    'them, so the plan leaves them out'
  )
}

/** Which entries the plan is of: by the bound the write would send, or by the ids or runs given. */
function scopeLine(plan: PlanResult): string | undefined {
  const { given, bound } = plan
  if (given !== undefined) {
    const found = given.count - given.missing
    return (
      `By the ${givenText(given.by, given.count)} given (\`${given.by}\`): ` +
      `${formatCount(found)} found in the DLQ, ${formatCount(given.missing)} not` +
      (listedAll(plan) ? '.' : ' so far: the listing stopped before the end of the DLQ.')
    )
  }
  if (bound === undefined) return undefined
  return (
    `Entries that failed at or before ${formatMs(bound.toDate)} (\`${bound.toDate}\`) ${clockText(bound)}: the ` +
    'bound the write would send as its to-date, so that it never takes what it creates. A write run later reads its ' +
    'own, later bound: entries failing in between would be taken too, unless it is held to this plan (below).'
  )
}

/** Whose clock the bound is on, as the write reads it (operations/resume-bound), and when the write may move it. */
function clockText(bound: ResumeBound): string {
  if (bound.clock === 'input') return 'as the `to-date` given says'
  if (bound.clock !== 'runner') return "on the service's clock (its Date header)"
  const runner =
    bound.marginMs !== undefined
      ? `on the runner's clock less ${durationText(bound.marginMs)}, as ${dateFaultText(bound.dateFault)}`
      : `on the runner's clock, earlier than the service's Date (${formatMs(bound.serviceStart ?? 0)})`
  return (
    `${runner}; the write moves its bound up to the service's time once an answer shows it, and may then also take ` +
    'entries that failed in between'
  )
}

/** The lines that say how the listing ended short of the whole selection. */
function endingLines(plan: PlanResult): Array<string | false | undefined> {
  const { failure: ended } = plan.listing
  const { items } = VERBS[plan.operation].words
  return [
    plan.failure !== undefined && '**Nothing was written.**',
    plan.failure === undefined && '**No write request was sent.**',
    ended !== undefined && `**Error:** ${code(failureText(`${plan.operation} (its plan)`, ended))}`,
    ended !== undefined && `Everything below is what was listed ${beforeTheEnd(ended)}: a lower bound.`,
    plan.capped &&
      `**Stopped at \`max-entries\` (${formatCount(plan.maxRuns ?? 0)})**, as the write would: more ${items} ` +
        "match. The write takes that many of the selection, in the service's order; this plan, in the order listed."
  ]
}

/** How to take exactly what was planned: its DLQ ids, held to its count. */
function applyLines(plan: PlanResult): string[] {
  const n = formatCount(plan.planned)
  if (plan.failure?.kind === 'count-mismatch') {
    return [
      '### What to do',
      '',
      plan.failure.complete
        ? `Review what the selection holds now (the tables above), then set \`expect-count: ${n}\` to take it.`
        : 'The listing did not reach the end of the selection, so its count is unknown: ' +
          'see the error above, then run it again.',
      ''
    ]
  }
  if (plan.expectCount !== undefined && plan.planned === 0) return []
  if (!planComplete(plan)) {
    return [
      '### Applying it',
      '',
      'The plan is incomplete, so `expect-count` would refuse it: see the error above (raise `max-pages` when it ' +
        'ran out), then run the dry run again.',
      ''
    ]
  }
  const exact = plan.planFile
    ? `Run the step without \`dry-run\`, with ${code(`dlq-ids-file: ${plan.planFile}`)} in place of the selectors ` +
      `and \`expect-count: ${n}\` (the output \`planned-count\`): it takes exactly these entries, by their DLQ ids, ` +
      'and writes nothing unless the file holds that many; an entry gone by then is counted in `gone-count`, the ' +
      'rest are taken. Each line of the file is one entry, ' +
      '`jq -r .dlqId` lists their ids, and a later job needs the file as an artifact.'
    : 'Set `plan-file` to keep this plan as a file that `dlq-ids-file` reads back. Or run the step without ' +
      `\`dry-run\`, with the same selectors and \`expect-count: ${n}\`: it lists them again and writes only if ` +
      'exactly that many are selected, taking those by their DLQ ids (never by the filter again).'
  return ['### Applying it', '', exact, '']
}

/** What was asked: the write, the listing that found its entries, the limits, the file. */
function askedLines(plan: PlanResult, ctx: RunContext, pass: RenderPass): string[] {
  const { listing } = plan
  const filters = filterLines(listing.filters, pass)
  const redacted = listing.redactedHeaderValues ?? 0
  const pages = `${plural(listing.pages, 'page', 'pages')} of ${formatCount(listing.pageSize)} fetched`
  return [
    '### What was asked',
    '',
    `- Operation: \`${plan.operation}\`, ${plan.expectCount === undefined ? '`dry-run: true`' : `\`expect-count: ${formatCount(plan.expectCount)}\``}`,
    ...(filters.length === 0
      ? ['- Listed: the whole DLQ']
      : ["- Listed with the write's selectors as filters (the bound as to-date):", ...filters]),
    `- \`max-entries\`: ${plan.maxRuns === undefined ? 'none' : formatCount(plan.maxRuns)}`,
    `- \`max-pages\`: ${formatCount(listing.maxPages ?? 0)} (${pages})`,
    ...(listing.nextCursor !== undefined && plan.capped !== true
      ? [
          `- The listing's cursor when it stopped: ${code(listing.nextCursor, MAX_CURSOR_LENGTH)} (it continues no write)`
        ]
      : []),
    ...(plan.planFile !== undefined
      ? [`- The plan, one JSON object a line: ${code(plan.planFile)} (output \`plan-file\`)`]
      : []),
    ...(redacted > 0
      ? [`- ${plural(redacted, 'credential header value was', 'credential header values were')} redacted from it.`]
      : []),
    ...runLine(ctx),
    ''
  ]
}

function planSummary(plan: PlanResult, ctx: RunContext, pass: RenderPass): string {
  const { listing } = plan
  const table = failingTable(listing, pass.now, pass.maxRows)
  const file = plan.planFile !== undefined
  const select = file
    ? 'Each line of `plan-file` carries its cause as `causeKey`: `jq -r \'select(.causeKey == "KEY") | .dlqId\'` ' +
      "lists one cause's DLQ ids, for a plan of that cause alone (`dlq-ids-file`)."
    : "Set `plan-file` to have every entry planned with its cause (`causeKey`), to select one cause's entries."
  return markdownText([
    ...summaryHead(heading(plan), ...endingLines(plan), scopeLine(plan), shortenedNote(pass)),
    ...(table.length === 0 ? [] : ['### Top destinations', '', ...table]),
    ...causeLines(listing, pass, select),
    ...breakdownLines(listing, pass),
    ...workflowRunLines(listing, pass, file ? '`plan-file` holds every one' : 'set `plan-file` to keep every one'),
    ...extremesLines(listing, pass, planComplete(plan)),
    ...applyLines(plan),
    ...askedLines(plan, ctx, pass)
  ])
}
