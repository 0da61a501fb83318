/** What the tests read from a run of the runner-like harness (tools/harness.ts, which they import directly). */
import type { ActionRun } from '../../tools/harness.js'

/** A JSON output of a run, decoded; fails the test, naming the output, when it is missing. */
export function jsonOutput(run: ActionRun, name: string): unknown {
  const text = run.outputs[name]
  if (text === undefined) throw new Error(`output ${name} was not set; outputs: ${Object.keys(run.outputs).join(', ')}`)
  return JSON.parse(text) as unknown
}
