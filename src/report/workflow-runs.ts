/** The failed workflow runs a listing with source workflow found, as the summary's table shows them. */
import type { ListResult } from '../results.js'
import type { RenderPass } from './budget.js'
import { formatCount } from './format.js'
import { cellOrDash, codeCell, shortTimeOrDash, table } from './markdown.js'

/** Characters of the last response body a cell shows. */
const BODY_CELL_LENGTH = 80

/**
 * The failed workflow runs listed (source workflow): what a resume by their DLQ ids would resume. The URL comes
 * last, so that a long one scrolls without hiding why the run failed in a 1,200-pixel window.
 */
export function workflowRunLines(result: ListResult, pass: RenderPass): string[] {
  const kept = result.workflowRuns
  if (kept === undefined || kept.length === 0) return []
  // The rows this pass shows; "and N more" counts every run listed, not only those kept for the table.
  pass.seen?.(kept.length)
  const runs = kept.slice(0, pass.maxRows)
  const more = result.count - runs.length
  const where =
    result.messagesFile === undefined
      ? 'set `messages-file` to keep every one (and `dlq-ids` holds their DLQ ids)'
      : '`messages-file` holds every one'
  return [
    '### Failed workflow runs',
    '',
    ...table(
      ['Run id', 'DLQ id', 'Failed (UTC)', 'Last response', 'Workflow URL'],
      [false, false, false, false, false],
      runs,
      { maxRows: runs.length },
      run => [
        codeCell(run.workflowRunId),
        cellOrDash(run.dlqId),
        shortTimeOrDash(run.failedAt, pass.now),
        (run.responseStatus === undefined ? '—' : String(run.responseStatus)) +
          (run.responseBody === undefined || run.responseBody === ''
            ? ''
            : ` ${codeCell(run.responseBody, BODY_CELL_LENGTH)}`),
        cellOrDash(run.workflowUrl)
      ]
    ),
    ...(more > 0 ? [`… and ${formatCount(more)} more runs listed: ${where}.`, ''] : [])
  ]
}
