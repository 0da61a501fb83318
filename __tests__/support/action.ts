/** The runner-like harness lives in tools/harness.ts (the demo and the bench use it too); the tests import it from here. */
import type { ActionRun } from '../../tools/harness.js'
export { commandData, parseOutputFile } from '../../tools/runner-files.js'

export {
  ACTION,
  actionDefaults,
  JOB_GITHUB_TOKEN,
  runAction,
  type ActionRun,
  type RunActionOptions
} from '../../tools/harness.js'

/** A JSON output of a run, decoded; fails the test, naming the output, when it is missing. */
export function jsonOutput(run: ActionRun, name: string): unknown {
  const text = run.outputs[name]
  if (text === undefined) throw new Error(`output ${name} was not set; outputs: ${Object.keys(run.outputs).join(', ')}`)
  return JSON.parse(text) as unknown
}
