/** What the tests read from a run of the runner-like harness (tools/harness.ts, which they import directly). */
import type { ActionRun } from '../../tools/harness.js'

/** A JSON output of a run, decoded; fails the test, naming the output, when it is missing. */
export function jsonOutput(run: ActionRun, name: string): unknown {
  const text = run.outputs[name]
  if (text === undefined) throw new Error(`output ${name} was not set; outputs: ${Object.keys(run.outputs).join(', ')}`)
  return JSON.parse(text) as unknown
}

/**
 * The inputs a re-run sets to continue a resume, each from the output the docs name: cursor from next-cursor, from-date
 * from next-from-date and to-date from next-to-date, those that are not empty.
 */
export function continuation(run: Pick<ActionRun, 'outputs'>): Record<string, string> {
  const from = { cursor: 'next-cursor', 'from-date': 'next-from-date', 'to-date': 'next-to-date' }
  return Object.fromEntries(
    Object.entries(from).flatMap(([input, output]) => {
      const value = run.outputs[output] ?? ''
      return value === '' ? [] : [[input, value]]
    })
  )
}
