import type { RunContext } from '../results.js'
import type { SummaryOptions } from './budget.js'
import type { OutputValues } from './step-outputs.js'

/** How list.ts, schedule.ts and resume.ts report a result: each a pure function of it, written through the boundary. */
export interface OperationReport<R> {
  /** The step outputs: small scalars and JSON arrays, all together within GitHub's 1 MB. */
  outputs(result: R): OutputValues
  /** The job summary as markdown, under the 1 MiB limit of GitHub job summaries. */
  summary(result: R, ctx: RunContext, options: SummaryOptions): string
  /** The one-line notice on the run page, for an operation that has one. */
  notice?(result: R, now: number): string | undefined
  /** Warnings to annotate, in order: what may be missing from the outputs and why. */
  warnings(result: R): string[]
  /** Why the step fails, or undefined when it succeeds. */
  failure(result: R): string | undefined
}
