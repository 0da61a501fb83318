import type { ItemProblem } from '../service/schemas.js'
import type { ItemProblemSummary } from '../results.js'

/** Examples kept for the warning; the counts go on past them. */
const EXAMPLES = 5

/** Counts the items of every page that could not be used as they stood, keeping a few to name in a warning. */
export class ItemProblems {
  private kept = 0
  private leftOut = 0
  private readonly examples: string[] = []

  add(problems: readonly ItemProblem[]): void {
    for (const problem of problems) {
      if (problem.kept) this.kept++
      else this.leftOut++
      if (this.examples.length < EXAMPLES) {
        const which =
          problem.id !== undefined ? `message ${JSON.stringify(problem.id)}` : `item ${problem.index} of a page`
        this.examples.push(`${which}: ${problem.detail}${problem.kept ? '' : ' (left out)'}`)
      }
    }
  }

  /** Items left out: they are in the DLQ but in no count, output or file. */
  get unreadable(): number {
    return this.leftOut
  }

  summary(): ItemProblemSummary | undefined {
    if (this.kept + this.leftOut === 0) return undefined
    return { kept: this.kept, leftOut: this.leftOut, examples: [...this.examples] }
  }
}
