import type { ItemProblemSummary } from '../results.js'
import { formatCount } from './format.js'

/** One warning for the page items that could not be used as the service sent them, naming the first few. */
export function itemProblemsText(problems: ItemProblemSummary): string {
  const parts: string[] = []
  if (problems.leftOut > 0) {
    parts.push(
      `${formatCount(problems.leftOut)} ${problems.leftOut === 1 ? 'item was' : 'items were'} left out (no usable id)`
    )
  }
  if (problems.kept > 0) {
    parts.push(`${formatCount(problems.kept)} kept without a field that could not be read`)
  }
  return `The service sent items that could not be read as they stand: ${parts.join('; ')}. ${problems.examples.join('; ')}.`
}
