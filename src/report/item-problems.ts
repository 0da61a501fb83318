import type { ItemProblemSummary } from '../results.js'
import { formatCount, plural } from './format.js'

/** One warning for the page items that could not be used as the service sent them, naming the first few. */
export function itemProblemsText({ kept, leftOut, examples }: ItemProblemSummary): string {
  const parts = [
    leftOut > 0 ? `${plural(leftOut, 'item was', 'items were')} left out (no usable id)` : undefined,
    kept > 0 ? `${formatCount(kept)} kept without a field that could not be read` : undefined
  ].filter(part => part !== undefined)
  return `The service sent items that could not be read as they stand: ${parts.join('; ')}. ${examples.join('; ')}.`
}
