/**
 * The job summary of a run refused before any request (a bad or missing input): what was refused and what to set,
 * so that the run page says why nothing happened. The message is the action's own, with input values quoted in it.
 */
import { code, markdownText, summaryHead } from './markdown.js'

/** The selectors of resume-workflows, each of which narrows a resume. */
const RESUME_SELECTORS = ['dlq-ids', 'from-date', 'to-date', 'workflow-url', 'workflow-run-id', 'workflow-created-at']

/** `noSelector`: a resume with no selector and no `all: true` (InputError says so). */
export function refusalSummary({ message, noSelector }: { message: string; noSelector: boolean }): string {
  if (noSelector) {
    return markdownText([
      ...summaryHead(
        '❌ Resume refused: no workflow run was selected',
        `**Narrow the resume** with one of ${RESUME_SELECTORS.map(s => `\`${s}\``).join(', ')}; ` +
          'or, to resume every failed workflow run in the DLQ, set `all: true`.',
        'Nothing was resumed and no request was sent.'
      )
    ])
  }
  return markdownText([
    ...summaryHead(
      '❌ Refused before any request: an input is not usable',
      `**${code(message, 2000)}**`,
      'Nothing was sent to the service. Fix the input named above and run again.'
    )
  ])
}
