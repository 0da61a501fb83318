/** The job summary of a run refused before any request (a bad or missing input): what was refused, what to set. */
import { code, markdownText, summaryHead } from './markdown.js'
import { VERBS, type BulkOperation } from '../verbs.js'

/** `narrow`: given when a bulk write was refused for naming none of its selectors, the inputs that narrow it. */
export function refusalSummary(
  message: string,
  narrow?: { operation: BulkOperation; selectors: readonly string[] }
): string {
  if (narrow !== undefined) {
    const { base, past, item } = VERBS[narrow.operation].words
    const Base = `${base[0]?.toUpperCase()}${base.slice(1)}`
    return markdownText(
      summaryHead(
        `❌ ${Base} refused: no ${item} was selected`,
        `**Narrow the ${base}** with one of ${narrow.selectors.map(s => `\`${s}\``).join(', ')}; ` +
          `or, to ${base} every failed ${item} in the DLQ, set \`all: true\`.`,
        `Nothing was ${past} and no request was sent.`
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
