/**
 * The words of a delete's report (report/delete.ts): what it selected, what became of the ids it named, how to
 * finish, and what was asked. Counts are said as the answers gave them: a delete's answer counts, never names.
 */
import { MAX_CURSOR_LENGTH } from '../constants.js'
import type { DeleteResult } from '../delete-results.js'
import { durationText, formatCount, formatMs, plural } from '../format.js'
import type { RenderPass } from './budget.js'
import { dateFaultText } from './date-fault.js'
import { filterLines } from './list-verdict.js'
import { code, runLine, safeLink } from './markdown.js'
import { selectorItems, selectorsText, titled } from './resume-text.js'
import type { RunContext } from '../results.js'

/** Where the docs show how to send a deleted message again from its archive line. */
const RESEND_DOCS = 'https://github.com/acme/dlq-action/blob/v1/docs/bulk-writes.md#send-a-deleted-message-again'

/** What one entry of the DLQ a delete takes is: `message`, `failed workflow run`. */
export const noun = ({ dlq }: Pick<DeleteResult, 'dlq'>): string =>
  dlq === 'workflow' ? 'failed workflow run' : 'message'

/** `3 messages`, `1 failed workflow run`: what a delete of this DLQ takes. */
export const entries = (result: Pick<DeleteResult, 'dlq'>, n: number): string =>
  plural(n, noun(result), `${noun(result)}s`)

/** Ids given that are no longer in the DLQ: not found by the listing, or told gone one by one by the deletes. */
export const alreadyGone = (result: DeleteResult): number => result.goneWhenListed + result.goneOneByOne.count

/** The selection in a few words, for the first line and the notice: `all` said when it selected everything. */
export function scopeText(result: DeleteResult, markdown: boolean): string {
  const { dlqIds, fromDate, toDate } = result.selection
  const all = markdown ? '`all: true`' : 'all: true'
  const what =
    dlqIds !== undefined
      ? `the ${plural(dlqIds.length, 'DLQ id', 'DLQ ids')} given`
      : (selectorsText(result.selection, markdown) ??
        `every ${noun(result)} in the DLQ${result.all ? ` (${all})` : ''}`)
  const { olderThan } = result
  const when = [
    olderThan !== undefined &&
      `older than ${olderThan.text} (created at or before ${formatMs(olderThan.toDate)}, ${clockWords(result)})`,
    fromDate !== undefined && `created from ${formatMs(fromDate)}`,
    toDate !== undefined && `up to ${formatMs(toDate)}`
  ].filter(part => part !== false)
  return `selection: ${what}${when.length > 0 ? `, ${when.join(' ')}` : dlqIds === undefined ? ', of any age' : ''}`
}

/** Whose clock older-than was judged on. */
function clockWords({ olderThan }: DeleteResult): string {
  if (olderThan?.clock !== 'runner') return "on the service's clock"
  return `on the runner's clock less ${durationText(olderThan.marginMs ?? 0)}, as ${dateFaultText(olderThan.dateFault)}`
}

/** What is left to delete after a stop, and how to take exactly that: the archive given back as dlq-ids-file. */
export function finishText(result: DeleteResult, markdown: boolean): string | undefined {
  const left = result.notDeleted + result.possiblyDeleted
  if (result.dryRun || left === 0 || (result.deleted === 0 && result.possiblyDeleted === 0)) return undefined
  const c = (text: string) => (markdown ? `\`${text}\`` : text)
  return (
    `to delete exactly the rest of what was listed, run the step again with ${c('dlq-ids-file')} set to this ` +
    `archive (${c('archive-file')}; a later job needs it as an artifact) and a new ${c('archive-file')}: the ` +
    `entries deleted are no longer in the DLQ and count in ${c('already-gone-count')}, the others are deleted. ` +
    'The same selection run again takes what matches by then'
  )
}

/** What the deletes did beyond the count: ids already gone, maybe deleted, not counted, left out by older-than. */
export function outcomeLeads(result: DeleteResult): Array<string | false | undefined> {
  const { goneOneByOne, goneWhenListed, possiblyDeleted, uncounted, leftOut, olderThan } = result
  const named = goneOneByOne.named.slice(0, 5).map(id => code(id, 100))
  const more = goneOneByOne.count - named.length
  const names = named.length === 0 ? '' : `: ${named.join(', ')}${more > 0 ? ` and ${formatCount(more)} more` : ''}`
  const gone = [
    goneWhenListed > 0 && `${formatCount(goneWhenListed)} of the DLQ ids given were not in it when listed`,
    goneOneByOne.count > 0 &&
      `${formatCount(goneOneByOne.count)} left it between the listing and the delete, each told by a request of its ` +
        `own${names}`
  ].filter(part => part !== false)
  return [
    gone.length > 0 && `**Already gone:** ${gone.join('; ')} (output \`already-gone-count\`; not a failure).`,
    possiblyDeleted > 0 &&
      `**⚠️ Possibly deleted:** ${formatCount(possiblyDeleted)} more: the requests that named them got no readable ` +
        'answer (lost after sending), and no later answer counted them. They are in the archive; each is either ' +
        'deleted or still in the DLQ (a re-run with `dlq-ids-file` set to the archive tells which).',
    uncounted > 0 &&
      `**⚠️ Not counted:** the answers counted ${formatCount(uncounted)} fewer deleted than the ids they named, ` +
        'without saying which: most likely no longer in the DLQ (a re-run with `dlq-ids-file` set to the archive ' +
        'tells each).',
    leftOut !== undefined &&
      olderThan !== undefined &&
      `Left in the DLQ by \`older-than\`: ${[
        leftOut.younger > 0 &&
          `${formatCount(leftOut.younger)} selected but created after ${formatMs(olderThan.toDate)}`,
        leftOut.undated > 0 && `${formatCount(leftOut.undated)} without a creation time that can be true`
      ]
        .filter(part => part !== false)
        .join(', ')}.`
  ]
}

/** "What was asked": the operation and its guards, the selection, the listing, the archive. */
export function askedLines(result: DeleteResult, ctx: RunContext, pass: RenderPass): string[] {
  const { listing, olderThan } = result
  const mode = result.dryRun
    ? '`dry-run: true`'
    : result.expectCount !== undefined
      ? `\`expect-count: ${formatCount(result.expectCount)}\``
      : 'archive, then delete by the ids listed'
  const pages = `${plural(listing.pages, 'page', 'pages')} of ${formatCount(listing.pageSize)} fetched`
  const whole = `- Selection: **the whole DLQ** (input \`all\`): every ${noun(result)} in it.`
  return [
    '### What was asked',
    '',
    `- Operation: \`delete-dlq\` of the ${result.dlq === 'workflow' ? 'failed workflow runs' : 'failed messages'}, ${mode}`,
    ...(result.all && result.selection.dlqIds === undefined
      ? [whole, ...titled('Selectors also given', selectorItems(result, pass))]
      : titled('Selection', selectorItems(result, pass), 'none')),
    ...(olderThan !== undefined
      ? [
          `- \`older-than\`: ${code(olderThan.text)}: created at or before ${formatMs(olderThan.toDate)} ` +
            `(\`${olderThan.toDate}\`), ${clockWords(result)}`
        ]
      : []),
    '- Listed with these filters (the bound as to-date, so that nothing failing during the listing is taken):',
    ...(filterLines(listing.filters, pass).length > 0 ? filterLines(listing.filters, pass) : ['  - none']),
    `- \`max-entries\`: ${result.maxEntries === undefined ? 'none' : `${formatCount(result.maxEntries)} (more refuses the delete)`}`,
    `- \`max-pages\`: ${formatCount(listing.maxPages ?? 0)} (${pages})`,
    ...(listing.nextCursor !== undefined
      ? [
          `- The listing's cursor when it stopped: ${code(listing.nextCursor, MAX_CURSOR_LENGTH)} (it continues nothing)`
        ]
      : []),
    ...(result.planFile !== undefined ? [`- The plan, one JSON object a line: ${code(result.planFile)}`] : []),
    ...runLine(ctx),
    ''
  ]
}

/** Where the archive is and what it is for; a link (ours) to how a message is sent again. */
export function archiveLead(result: DeleteResult): string | undefined {
  const file = result.archiveFile
  if (file === undefined || result.listed === 0) return undefined
  const redacted = result.listing.redactedHeaderValues ?? 0
  const credentials =
    redacted > 0 ? `${plural(redacted, 'credential header value', 'credential header values')} redacted` : ''
  if (result.deleted === 0 && result.possiblyDeleted === 0) {
    return `The entries listed are in ${code(file)} (output \`archive-file\`); none of them was deleted.`
  }
  return (
    `**Archive:** ${code(file)} (output \`archive-file\`): one JSON line per entry as listed, bodies included` +
    `${credentials === '' ? '' : `, ${credentials}`}; on disk before the first delete. A deleted entry cannot be ` +
    `retried by the service: keep the file (upload it as an artifact) to ${safeLink('send a message again', RESEND_DOCS)}.`
  )
}
