import type { z } from 'zod'
import { INPUT_DEFAULTS, Inputs, Operations, type Operation } from '../constants.js'
import { selectorsOf } from './bulk-schema.js'
import { SCHEMAS } from './schemas.js'
import { CONTROL_CHARACTERS } from './values.js'
import { VERBS, verbOf, type BulkOperation } from '../verbs.js'

/** The settings of each operation: what its schema's transform yields, typed from it. */
export type SettingsOf<O extends Operation> = z.output<ReturnType<(typeof SCHEMAS)[O]>>
export type Settings = SettingsOf<Operation>
/** The settings of any bulk write (src/verbs.ts): the same fields, each operation its own. */
export type ResumeSettings = SettingsOf<BulkOperation>

/** Reads one input's raw text; `core.getInput` in the action, a plain record in tests. */
export type ReadInput = (name: string) => string

/** Bad inputs, each line naming the input and what it allows. Expected: shown without a stack trace. */
export class InputError extends Error {
  override name = 'InputError'
  constructor(
    readonly issues: { input: string; message: string }[],
    /** A bulk write with no selector and no `all: true`: its selectors, with which the summary says how to narrow it. */
    readonly narrow?: { operation: BulkOperation; selectors: readonly string[] }
  ) {
    super(issues.map(issue => issue.message).join('\n'))
  }

  /** The refusal is of a bulk write that selected nothing. */
  get noSelector(): boolean {
    return this.narrow !== undefined
  }
}

/** Inputs whose value is never quoted back, even when refused. */
const SECRET_INPUTS: ReadonlySet<string> = new Set([Inputs.Token, Inputs.GithubToken])

/** One bad input: its name, what it allows, and the value given quoted back (never a secret's). */
export function badInput(input: string, says: string, value?: string): InputError['issues'][number] {
  const got = value === undefined || SECRET_INPUTS.has(input) ? '' : ` (got "${shorten(value)}")`
  return { input, message: `Input '${input}' ${says}${got}.` }
}

/** A value quoted back in one short line: whitespace folded, other control characters shown as escapes. */
function shorten(value: string): string {
  const flat = value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(CONTROL_CHARACTERS, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat
}

/** The settings of the chosen operation; throws InputError naming each bad input and what it allows. */
export function readSettings(
  read: ReadInput,
  now: number,
  workspace: string = process.env.GITHUB_WORKSPACE || process.cwd()
): Settings {
  const operation = read(Inputs.Operation).trim()
  if (!(Operations as readonly string[]).includes(operation)) {
    const says = `must be one of ${Operations.join(', ')}${operation === '' ? ' (it is empty)' : ''}`
    throw new InputError([badInput(Inputs.Operation, says, operation || undefined)])
  }
  const schema = SCHEMAS[operation as Operation](now, workspace)
  const raw = Object.fromEntries(Object.keys(schema.in.shape).map(name => [name, read(name)]))
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const issues = parsed.error.issues.map(issue => [String(issue.path[0] ?? 'inputs'), issue.message] as const)
    throw new InputError(issues.map(([input, says]) => badInput(input, says, raw[input])))
  }
  const settings = parsed.data
  if (isBulk(settings)) {
    const { resume } = settings
    // older-than narrows a delete by age, on the service's clock: its to-date is known only once the service answers.
    const byAge = 'olderThan' in settings && settings.olderThan !== undefined
    const selected =
      Object.keys(resume.selection).length > 0 || settings.dlqIdsFile !== undefined || resume.runs !== undefined
    if (!selected && !byAge && !settings.resume.all) {
      const { words } = VERBS[settings.operation]
      const selectors = selectorsOf(settings.operation, verbOf(resume).dlq)
      const says =
        `must be true to ${words.base} every failed ${words.item} in the DLQ: no selector was given ` +
        `(set ${selectors.slice(0, -1).join(', ')} or ${selectors.at(-1)} to narrow it)`
      throw new InputError([badInput(Inputs.All, says)], { operation: settings.operation, selectors })
    }
  }
  return settings
}

/** The settings of a bulk write (src/verbs.ts). */
const isBulk = (settings: Settings): settings is ResumeSettings => settings.operation in VERBS

/** Inputs that were set but that the chosen operation does not read: worth a warning, not a failure. */
export function unusedInputs(read: ReadInput, operation: Operation): string[] {
  const used = new Set<string>([Inputs.Operation, ...Object.keys(SCHEMAS[operation](0, '').in.shape)])
  return Object.values(Inputs).filter(name => {
    const value = read(name).trim()
    return !used.has(name) && value !== '' && value !== (INPUT_DEFAULTS as Partial<Record<Inputs, string>>)[name]
  })
}
