/** What the health issue says: its body, the comments, and the hidden state the next run compares with. */
import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { BreachKind } from '../health-verdict.js'
import type { CauseRow, DestinationRow, ListResult } from '../results.js'
import { CAUSE_ROWS, causesTable } from '../report/causes.js'
import { historyLine } from '../report/history.js'
import { formatAge, formatCount, formatMs, formatShortTime, plural } from '../format.js'
import { failingTable } from '../report/breakdowns.js'
import { BREACH_KINDS, checkOf, checkOfBreach } from '../health-checks.js'
import { describeBreach, expiryLine, judgement, listingComplete, thresholdsText } from '../report/list-verdict.js'
import { code, codeCell, safeLink, table } from '../report/markdown.js'

const BREAKDOWN_ROWS = 10
/** Destinations remembered in the issue's state, to name the new ones in the next comment. */
const REMEMBERED_TOP = 5
/** A count change is material when it is at least this share of the count last commented on … */
const MATERIAL_COUNT_SHARE = 0.1
/** … and at least this many messages, so a small DLQ going from 3 to 4 stays quiet. */
const MATERIAL_COUNT_MIN = 10

const anyList = z.array(z.unknown()).catch([])
/** A list of the items `keep` accepts: an item edited out of shape is dropped, not the whole state. */
const listOf = <T>(keep: (item: unknown) => item is T) => anyList.transform(items => items.filter(keep))

/** Short hashes of destination URLs. */
const hashes = listOf((h): h is string => typeof h === 'string' && /^[0-9a-f]{12}$/.test(h))
/** Keys of causes (operations/causes): a hash too, so no DLQ text is kept. */
const causeKeys = listOf((h): h is string => typeof h === 'string' && /^[0-9a-f]{16}$/.test(h))
/** Causes remembered, to name a new one among them in the next comment. */
const REMEMBERED_CAUSES = 5

/** A kind of breach as the state keeps it: a kind the schema did not know would read back as never reported. */
const isBreachKind = (k: unknown): k is BreachKind => BREACH_KINDS.includes(k as BreachKind)

/** What the issue last said in a comment (or when it opened): the figures a later run compares with. */
const spokenSchema = z.object({
  at: z.number(),
  count: z.number(),
  /** The kinds of threshold exceeded then. */
  breaches: listOf(isBreachKind),
  top: hashes,
  causes: causeKeys
})
type Spoken = z.infer<typeof spokenSchema>

/**
 * What the issue remembers between runs, in a hidden line of its body: numbers and hashes only, so that no DLQ
 * text (nor a secret in it, in any encoding) hides there, and no `-->` can close the comment.
 */
const issueStateSchema = z.object({
  /** When the check was first seen failing. */
  since: z.number(),
  /** When these figures were taken. */
  at: z.number(),
  count: z.number(),
  complete: z.boolean(),
  oldestCreatedAt: z.number().optional().catch(undefined),
  top: hashes,
  causes: causeKeys,
  /** The figures of the last comment (absent in bodies written before the issue spoke only on change). */
  spoke: spokenSchema.optional().catch(undefined)
})
type IssueState = z.infer<typeof issueStateSchema>

const STATE_PREFIX = '<!-- dlq-action:state '

function urlHash(url: string): string {
  return createHash('sha256').update(url).digest('hex').slice(0, 12)
}

/** The state the body remembers, or undefined for a body without one (or one edited out of shape). */
export function readState(body = ''): IssueState | undefined {
  const at = body.lastIndexOf(STATE_PREFIX)
  const end = body.indexOf(' -->', at)
  if (at < 0 || end < 0) return undefined
  try {
    return issueStateSchema.safeParse(JSON.parse(body.slice(at + STATE_PREFIX.length, end))).data
  } catch {
    return undefined
  }
}

/** The leading destinations, those the state remembers. */
function topRows(result: ListResult): DestinationRow[] {
  return (result.byDestination ?? []).slice(0, REMEMBERED_TOP)
}

/**
 * What the issue last said. A body from before the issue spoke only on change holds no such figures: the last
 * run's stand in, with every threshold taken as already reported, so an upgrade alone does not comment.
 */
function lastSpoken(state: IssueState): Spoken {
  return state.spoke ?? { at: state.at, count: state.count, breaches: [...BREACH_KINDS], top: state.top, causes: [] }
}

/** The leading causes, those the state remembers. */
function leadingCauses(result: ListResult): CauseRow[] {
  return (result.causes ?? []).slice(0, REMEMBERED_CAUSES)
}

/** Leading causes the last comment did not know; none when it knew no cause (a body from before causes). */
function newCauses(result: ListResult, known: readonly string[]): CauseRow[] {
  return known.length === 0 ? [] : leadingCauses(result).filter(row => !known.includes(row.key))
}

/** Why a failing run comments on the open issue, or undefined to only update its body. */
export function reasonToComment(
  result: ListResult,
  before: IssueState | undefined,
  now: number,
  repeatIntervalMs: number
): string | undefined {
  if (before === undefined) return 'no earlier figures'
  const spoken = lastSpoken(before)
  const delta = result.count - spoken.count
  if (Math.abs(delta) >= Math.max(MATERIAL_COUNT_MIN, Math.ceil(spoken.count * MATERIAL_COUNT_SHARE))) {
    return `the count went ${delta > 0 ? 'up' : 'down'} from ${formatCount(spoken.count)} to ${formatCount(result.count)} since the last comment`
  }
  const fresh = result.health.breaches.find(b => !spoken.breaches.includes(b.kind))
  if (fresh !== undefined) {
    return `\`${checkOf(checkOfBreach(fresh.kind)).input}\` is newly exceeded`
  }
  const [leading] = topRows(result).map(row => urlHash(row.url))
  // No destinations remembered (none listed then): nothing to compare with, so not "new".
  if (leading !== undefined && spoken.top.length > 0 && !spoken.top.includes(leading)) return 'a new destination leads'
  const [cause] = newCauses(result, spoken.causes)
  if (cause !== undefined) return `a new cause is among the leading ${REMEMBERED_CAUSES}: ${code(cause.text, 120)}`
  if (now - spoken.at >= repeatIntervalMs) {
    return `the last comment is ${formatAge(now - spoken.at)} old (\`issue-repeat-interval\`: ${formatAge(repeatIntervalMs)})`
  }
  return undefined
}

/** The state the body keeps: these figures, and what the issue last said (this run's, unless it stays `quiet`). */
function stateOf(result: ListResult, before: IssueState | undefined, now: number, quiet: boolean): IssueState {
  const top = topRows(result).map(row => urlHash(row.url))
  const breaches = [...new Set(result.health.breaches.map(b => b.kind))]
  const causes = leadingCauses(result).map(row => row.key)
  return {
    since: before?.since ?? now,
    at: now,
    count: result.count,
    complete: listingComplete(result),
    ...(result.oldestCreatedAt !== undefined ? { oldestCreatedAt: result.oldestCreatedAt } : {}),
    top,
    causes,
    spoke: quiet && before ? lastSpoken(before) : { at: now, count: result.count, breaches, top, causes }
  }
}

/** What the service will delete soon, unless a breach above already says it. */
function expiryLead(result: ListResult, now: number): string[] {
  const line = result.health.breaches.some(b => b.kind === 'expiry') ? undefined : expiryLine(result, now)
  return line === undefined ? [] : [line, '']
}

/** The DLQ's size over the kept samples, with history-file. */
function historyLead(result: ListResult): string[] {
  const line = historyLine(result)
  return line === undefined ? [] : [line, '']
}

/** The issue's "Why they failed": the leading causes. */
function whyTheyFailed(result: ListResult, now: number): string[] {
  const table = causesTable(result, now, CAUSE_ROWS)
  return table.length === 0 ? [] : ['### Why they failed', '', ...table]
}

function runText(runUrl: string | undefined): string {
  return runUrl ? ` (${safeLink('workflow run', runUrl)})` : ''
}

function opening(heading: string, result: ListResult, now: number): string[] {
  return [heading, '', judgement(result, now), '']
}

/** The comment of a passing check: the figures now, how long it failed, the thresholds it was judged against. */
export function closingComment(
  result: ListResult,
  before: IssueState | undefined,
  runUrl: string | undefined,
  now: number
): string {
  return [
    ...opening(`## ✅ The DLQ health check passes again${runText(runUrl)}`, result, now),
    before !== undefined
      ? `- Failing for ${formatAge(now - before.since)}: since ${formatMs(before.since)}.`
      : '- Failing since this issue was opened.',
    `- Thresholds: ${thresholdsText(result)}.`,
    '',
    'Closing.'
  ].join('\n')
}

/** The comment of a check that fails again: count and age then and now, and the new top destinations. */
export function changeComment(
  result: ListResult,
  before: IssueState | undefined,
  runUrl: string | undefined,
  now: number,
  why?: string
): string {
  const lines = opening(`## ❌ Still failing${runText(runUrl)}`, result, now)
  if (why !== undefined) lines.push(`Commenting because ${why}.`, '')
  if (before !== undefined) {
    const count = (n: number, whole: boolean): string => `${whole ? '' : 'at least '}${formatCount(n)}`
    const age = (created: number | undefined, at: number) => (created === undefined ? '—' : formatAge(at - created))
    const delta = result.count - before.count
    const sign = delta > 0 ? `+${formatCount(delta)}` : delta < 0 ? formatCount(delta) : 'no change'
    const fresh = topRows(result).filter(row => !before.top.includes(urlHash(row.url)))
    lines.push(
      `| | Last run (${formatShortTime(before.at, now)} UTC) | Now |`,
      '| --- | ---: | ---: |',
      `| Messages | ${count(before.count, before.complete)} | ${count(result.count, listingComplete(result))} (${sign}) |`,
      `| Oldest | ${age(before.oldestCreatedAt, before.at)} | ${age(result.oldestCreatedAt, now)} |`,
      '',
      `Failing for ${formatAge(now - before.since)} (since ${formatMs(before.since)}).`,
      '',
      ...(fresh.length > 0 ? ['New among the top destinations:', ''] : ['No new destination among the top ones.']),
      ...fresh.map(
        row =>
          `- ${code(row.url, 200)}: ${plural(row.count, 'message', 'messages')}` +
          (row.status === undefined ? '' : `, last status ${row.status}`)
      ),
      ''
    )
    const freshCauses = newCauses(result, before.causes)
    if (freshCauses.length > 0) {
      lines.push(
        `New among the leading ${REMEMBERED_CAUSES} causes:`,
        '',
        ...freshCauses.map(
          row =>
            `- ${code(row.text, 120)} (${row.status === undefined ? 'no status' : `status ${row.status}`}, ` +
            `${code(row.destination, 200)}): ${plural(row.count, 'message', 'messages')}`
        ),
        ''
      )
    }
  } else {
    lines.push('The issue body holds no earlier figures to compare with; it now shows the current ones.', '')
  }
  lines.push('The issue body above shows the current figures.')
  return lines.join('\n')
}

/** The issue body. Every DLQ value is a code span, so text such as `#1` or `owner/repo#3` references no issue. */
export function issueBody(
  result: ListResult,
  runUrl: string | undefined,
  now: number,
  before?: IssueState,
  quiet = false
): string {
  return [
    ...opening('## ❌ DLQ health check failing', result, now),
    ...result.health.breaches.map(b => `- ${describeBreach(b, result)}`),
    '',
    ...expiryLead(result, now),
    ...historyLead(result),
    `Figures of ${formatMs(now)}${runText(runUrl)}; a later failing run updates them, and comments when something ` +
      'material changed or the last comment is older than `issue-repeat-interval`.',
    '',
    ...failingTable(result, now, BREAKDOWN_ROWS),
    ...whyTheyFailed(result, now),
    ...table(['Last response status', 'Messages'], [false, true], result.byStatus, { maxRows: BREAKDOWN_ROWS }, row => [
      row.value === '(none)' ? '(none)' : codeCell(row.value, 100),
      formatCount(row.count)
    ]),
    `${STATE_PREFIX}${JSON.stringify(stateOf(result, before, now, quiet))} -->`
  ].join('\n')
}
