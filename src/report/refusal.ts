/** The job summary of a run refused before any request (a bad or missing input): what was refused, what to set. */
import { code, markdownText, summaryHead } from './markdown.js'

/** `selectors`: given when the run was refused for naming none of them, the inputs that narrow it (its entry's). */
export function refusalSummary(message: string, selectors?: readonly string[]): string {
  if (selectors !== undefined) {
    return markdownText(
      summaryHead(
        '❌ Resume refused: no workflow run was selected',
        `**Narrow the resume** with one of ${selectors.map(s => `\`${s}\``).join(', ')}; ` +
          'or, to resume every failed workflow run in the DLQ, set `all: true`.',
        'Nothing was resumed and no request was sent.'
      )
    )
  }
  return markdownText(
    summaryHead(
      '❌ Refused before any request: an input is not usable',
      `**${code(message, 2000)}**`,
      'Nothing was sent to the service. Fix the input named above and run again.'
    )
  )
}
