import type { ItemProblem } from '../service/schemas.js'
import type { ItemProblemSummary } from '../results.js'

/** How a warning names an item it could not read as sent (`message "…"`, `run "…"`), and what was wrong with it. */
export const describeItem =
  (noun: string) =>
  (problem: ItemProblem): string => {
    const which = problem.id !== undefined ? `${noun} ${JSON.stringify(problem.id)}` : `item ${problem.index} of a page`
    return `${which}: ${problem.detail}${problem.kept ? '' : ' (left out)'}`
  }

const describeMessage = describeItem('message')

/** Examples kept for the warning; the counts go on past them. */
const EXAMPLES = 5

/** Counts the items of every page that could not be used as they stood, keeping a few to name in a warning. */
export class ItemProblems {
  private kept = 0
  /** Items left out for want of an id: counted in dlq-count, but in no id output or file. */
  unreadable = 0
  private readonly examples: string[] = []

  /** Counts a page's problems; `describe` names the first few (which item, what was wrong). */
  add(problems: readonly ItemProblem[], describe: (problem: ItemProblem) => string = describeMessage): void {
    for (const problem of problems) {
      if (problem.kept) this.kept++
      else this.unreadable++
      if (this.examples.length < EXAMPLES) this.examples.push(describe(problem))
    }
  }

  summary(): ItemProblemSummary | undefined {
    if (this.kept + this.unreadable === 0) return undefined
    return { kept: this.kept, leftOut: this.unreadable, examples: [...this.examples] }
  }
}
