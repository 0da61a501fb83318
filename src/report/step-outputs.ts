/** What the step outputs of every operation share: the cursor, and JSON arrays fitted to what the scalars leave. */
import { MAX_CURSOR_LENGTH, OUTPUTS_BUDGET_BYTES, type Outputs } from '../constants.js'
import { githubBytes } from './boundary.js'

export type OutputValues = Partial<Record<Outputs, string>>

/** The cursor to continue from, or empty: a cursor too long to be one is never written (the summary says why). */
export function cursorOutput(cursor: string | undefined): string {
  return cursor === undefined || cursor.length > MAX_CURSOR_LENGTH ? '' : cursor
}

/** Where a failure message says to continue from: the cursor to re-run with, or why there is none to use. */
export function continueHint(cursor: string | undefined): string {
  if (cursor === undefined) return ''
  if (cursor.length > MAX_CURSOR_LENGTH) {
    return `; the service's cursor to continue from is ${cursor.length} characters long, too long to use`
  }
  return `; to continue, re-run with input cursor: ${cursor}`
}

/** An array output: its name, its `-truncated` flag's name, its items. */
type ArrayOutput = readonly [Outputs, Outputs, readonly unknown[]]

/** The arrays' budget: the whole less the scalars, the arrays' names and their flags (at their longest, `false`). */
export function budgetLeft(scalars: OutputValues, arrays: readonly ArrayOutput[]): number {
  let used = 0
  for (const [name, value] of Object.entries(scalars)) used += githubBytes(name) + githubBytes(value ?? '')
  for (const [name, flag] of arrays) used += githubBytes(name) + githubBytes(flag) + githubBytes('false')
  return OUTPUTS_BUDGET_BYTES - used
}

/** How many of the first `length` items of parallel lists fit `budget` as JSON arrays, measured item by item. */
function keptItems(lists: readonly ArrayOutput[], budget: number, length: number): number {
  let used = lists.length * githubBytes('[]')
  let kept = 0
  for (; kept < length; kept++) {
    let size = 0
    for (const [, , items] of lists) size += githubBytes(JSON.stringify(items[kept])) + (kept > 0 ? 2 : 0)
    if (used + size > budget) break
    used += size
  }
  return kept
}

/** One JSON array output that has no `-truncated` flag: the longest prefix within `budget`, and how many it kept. */
export function fitArray(name: Outputs, items: readonly unknown[], budget: number): { value: string; kept: number } {
  const kept = keptItems([[name, name, items]], budget, items.length)
  return { value: JSON.stringify(kept === items.length ? items : items.slice(0, kept)), kept }
}

/** Parallel lists (item i of each is one thing) as JSON: the longest prefix within `budget`; `cut`: capped before. */
export function fitArrays(lists: readonly ArrayOutput[], budget: number, cut = false): OutputValues {
  return fitArraysCounted(lists, budget, cut).values
}

/** fitArrays, with how many items each list kept and whether it was cut: what a summary says of the outputs. */
export function fitArraysCounted(
  lists: readonly ArrayOutput[],
  budget: number,
  cut = false
): { values: OutputValues; kept: number; truncated: boolean } {
  const length = Math.min(...lists.map(([, , items]) => items.length))
  // Most often everything fits: the arrays whole, written once, are both the measure and the values.
  const whole = lists.map(([, , items]) => JSON.stringify(items.slice(0, length)))
  const fits = whole.reduce((sum, json) => sum + githubBytes(json), 0) <= budget
  const kept = fits ? length : keptItems(lists, budget, length)
  const truncated = cut || lists.some(([, , items]) => items.length > kept)
  const values = Object.fromEntries(
    lists.flatMap(([name, flag, items], i) => [
      [name, fits ? whole[i] : JSON.stringify(items.slice(0, kept))],
      [flag, String(truncated)]
    ])
  )
  return { values, kept, truncated }
}
