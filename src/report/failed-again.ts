/**
 * What a staged write's watches found failed again, as the summary shows it: the table of runs (resume, restart) with
 * the run log's columns, or of messages (retry), back in the DLQ under their new ids; and what takes them again.
 */
import { madeIdOf, type FailedAgain, type StagedResume } from '../resume-results.js'
import type { RenderPass } from './budget.js'
import { formatCount, plural } from '../format.js'
import { codeCell, table } from './markdown.js'
import { responseCell } from './response-sample.js'
import { failedAgainGroups } from './stage-text.js'
import type { ReportWords } from './verb-words.js'

/** Rows of what failed again: the first few groups say what fails; the outputs hold every id. */
const FAILED_AGAIN_ROWS = 10

/** What takes again, once the fix holds, what failed again: one input, whichever signal saw them. */
export function followUpLine(staged: StagedResume, { base, makes }: ReportWords): string {
  if (makes === 'message') {
    return (
      'Once the fix holds, retry the messages that failed again with input `dlq-ids` set to output ' +
      '`failed-again-dlq-ids`: each is back in the DLQ under its new message id.'
    )
  }
  const retrying = staged.failedAgain.filter(run => run.state === 'failing').length
  const still =
    retrying === 0
      ? ''
      : ` ${plural(retrying, 'of them is', 'of them are')} still retrying, with no DLQ entry yet: that step ${base}s ` +
        'each once it is back, and gives again in `next-workflow-runs` those not back yet.'
  return (
    `Once the fix holds, ${base} the runs that failed again with input \`workflow-runs\` set to output ` +
    '`failed-again-runs` (each is found in the DLQ by its run id and creation time).' +
    still
  )
}

/** The section of what failed again, grouped by how it failed; none when nothing did. */
export function failedAgainSection(staged: StagedResume, pass: RenderPass, w: ReportWords): string[] {
  if (staged.failedAgain.length === 0) return []
  const groups = failedAgainGroups(staged.failedAgain)
  const limit = { ...pass, maxRows: Math.min(pass.maxRows, FAILED_AGAIN_ROWS) }
  const ids = (made: FailedAgain[]) => idCell(made, pass, w)
  const stages = (made: FailedAgain[]) => [
    stageList(made.map(one => one.stage)),
    stageList(made.map(one => one.seenIn))
  ]
  const response = (first: FailedAgain) => [
    first.responseStatus === undefined ? '—' : String(first.responseStatus),
    responseCell(first)
  ]
  // A message has no run log: it is seen only back in the DLQ, failed, with its last response.
  if (w.makes === 'message') {
    return [
      '### Messages that failed again',
      '',
      ...table(
        ['Messages', 'Retried by stage', 'Seen in the watch after', 'Status', 'How it failed', 'New message ids'],
        [true, false, false, true, false, false],
        groups,
        limit,
        group => [formatCount(group.runs.length), ...stages(group.runs), ...response(group.first), ids(group.runs)]
      )
    ]
  }
  return [
    `### ${w.Short} that failed again`,
    '',
    ...table(
      [
        'Runs',
        'State',
        `${w.Past} by stage`,
        'Seen in the watch after',
        'Step',
        'Status',
        'How it failed',
        'Seen in',
        'Run ids'
      ],
      [true, false, false, false, false, true, false, false, false],
      groups,
      limit,
      group => [
        formatCount(group.runs.length),
        stateCell(group.runs),
        ...stages(group.runs),
        group.first.stepName === undefined ? '—' : codeCell(group.first.stepName, 60),
        ...response(group.first),
        sourceCell(group.runs),
        ids(group.runs)
      ]
    )
  ]
}

/** The states of a group's runs: `failed`, `failing` (still retrying), or both counted. */
function stateCell(runs: readonly FailedAgain[]): string {
  const failing = runs.filter(run => run.state === 'failing').length
  if (failing === 0) return 'failed'
  return failing === runs.length
    ? 'failing (still retrying)'
    : `${formatCount(runs.length - failing)} failed, ${formatCount(failing)} failing`
}

/** Where a group's runs were seen failing: back in the DLQ, in the run log, or both. */
function sourceCell(runs: readonly FailedAgain[]): string {
  const sources = new Set(runs.map(run => (run.source === 'dlq' ? 'DLQ' : 'run log')))
  return [...sources].join(', ')
}

/** Stage numbers as a short list: 1, 2 or 1–3. */
function stageList(stages: number[]): string {
  const unique = [...new Set(stages)].sort((a, b) => a - b)
  return unique.length > 3 ? `${unique[0]}–${unique[unique.length - 1]}` : unique.join(', ')
}

/** The ids of a group in a cell: the first few, then how many more (the outputs hold them all). */
function idCell(made: FailedAgain[], pass: RenderPass, w: ReportWords): string {
  const shown = made.slice(0, Math.min(5, pass.maxRows)).map(one => codeCell(madeIdOf(one), 100))
  const rest = made.length - shown.length
  return rest > 0
    ? `${shown.join(' ')} … and ${formatCount(rest)} more (output \`${w.failedAgainIdsOutput}\`)`
    : shown.join(' ')
}
