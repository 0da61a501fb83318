/** The failed workflow runs a listing with source workflow found, as the summary's table shows them. */
import type { ListResult } from '../results.js'
import type { RenderPass } from './budget.js'
import { formatCount } from './format.js'
import { cellOrDash, codeCell, table, timeOrDash } from './markdown.js'

/** Characters of the last response body a cell shows. */
const BODY_CELL_LENGTH = 80

export /** The failed workflow runs listed (source workflow): what a resume by their DLQ ids would resume. */
function workflowRunLines(result: ListResult, pass: RenderPass): string[] {
  const runs = result.workflowRuns
  if (runs === undefined || runs.length === 0) return []
  const more = result.count - runs.length
  return [
    '### Failed workflow runs',
    '',
    ...table(
      ['Workflow URL', 'Run id', 'DLQ id', 'Failed (UTC)', 'Last response'],
      [false, false, false, false, false],
      runs,
      pass,
      run => [
        cellOrDash(run.workflowUrl),
        codeCell(run.workflowRunId),
        cellOrDash(run.dlqId),
        timeOrDash(run.failedAt),
        (run.responseStatus === undefined ? '—' : String(run.responseStatus)) +
          (run.responseBody === undefined || run.responseBody === ''
            ? ''
            : ` ${codeCell(run.responseBody, BODY_CELL_LENGTH)}`)
      ]
    ),
    ...(more > 0
      ? [`The table shows the first ${formatCount(runs.length)} runs listed; \`messages-file\` holds every one.`, '']
      : [])
  ]
}
