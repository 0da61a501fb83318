/**
 * The inputs `npm run try` passes: the step's with: and --with, its `${{ … }}` expressions given values outside a
 * workflow run (the simulator's token and address, the form's defaults, --set), or named for the user to set.
 */
import { JOB_GITHUB_TOKEN } from './action-yml.js'
import { TryError } from './try-args.js'
import type { FormField } from './try-step.js'

export interface InputsGiven {
  /** The step's with:. */
  step: Record<string, string>
  /** --with, each over the step's. */
  with: readonly [string, string][]
  /** --set: values by expression or by input. */
  set: ReadonlyMap<string, string>
  form: ReadonlyMap<string, FormField>
}

export interface Simulated {
  token: string
  url: string
}

export interface ResolvedInputs {
  /** Every input the step gives, as the action receives it; token and base-url always the simulator's. */
  inputs: Record<string, string>
  /** How an input's value came to be, where it is not as written: e.g. "the simulator's token". */
  notes: Record<string, string>
  /** Inputs action.yml does not declare, which the runner warns of and passes all the same. */
  undeclared: string[]
}

/** How a form field without default that the run left unset is noted. */
export const UNSET = 'the form left empty'

const EXPRESSION = /\$\{\{([\s\S]*?)\}\}/g

/** An expression as --set names it: trimmed, inner blanks folded, lower case (contexts are case-insensitive). */
const key = (expression: string): string => expression.trim().replace(/\s+/g, ' ').toLowerCase()

/** The value of one expression outside a run, or undefined when only the user can give it. */
function valueOf(expression: string, given: InputsGiven, sim: Simulated, setByExpression: Map<string, string>) {
  const set = setByExpression.get(key(expression))
  if (set !== undefined) return { value: set, how: '--set' }
  const text = expression.trim()
  if (/^(?:github\.token|secrets\.github_token)$/i.test(text)) return { value: JOB_GITHUB_TOKEN, how: 'a job token' }
  if (/^secrets\./i.test(text)) return { value: sim.token, how: "the simulator's token" }
  const field = /^(?:github\.event\.)?inputs\.([A-Za-z_][\w-]*)$/i.exec(text)?.[1]
  const spec = field === undefined ? undefined : given.form.get(field)
  if (spec?.default !== undefined) return { value: spec.default, how: "the form's default" }
  if (spec !== undefined && !spec.required) {
    return { value: spec.type === 'boolean' ? 'false' : '', how: UNSET }
  }
  return undefined
}

/** The step's inputs as the action receives them, or a TryError naming each expression left to --set. */
export function resolveInputs(given: InputsGiven, sim: Simulated, declared: ReadonlySet<string>): ResolvedInputs {
  const written: Record<string, string> = { ...given.step, ...Object.fromEntries(given.with) }
  for (const name of ['token', 'base-url']) {
    if (given.set.has(name)) throw new TryError(`--set ${name}: npm run try always gives ${name} the simulator's`)
  }
  const setByExpression = new Map<string, string>()
  const used = new Set<string>()
  for (const [name, value] of given.set) if (!(name in written)) setByExpression.set(key(name), value)
  const inputs: Record<string, string> = {}
  const notes: Record<string, string> = {}
  const missing: string[] = []
  for (const [name, value] of Object.entries(written)) {
    const set = given.set.get(name)
    if (name === 'token' || name === 'base-url' || set !== undefined) {
      if (set !== undefined) used.add(name)
      continue
    }
    const hows = new Set<string>()
    const unknown: string[] = []
    inputs[name] = value.replace(EXPRESSION, (whole, expression: string) => {
      const found = valueOf(expression, given, sim, setByExpression)
      if (found === undefined) {
        unknown.push(expression.trim())
        return whole
      }
      if (found.how === '--set') used.add(key(expression))
      hows.add(`${found.how} for \${{ ${expression.trim()} }}`)
      return found.value
    })
    if (hows.size > 0) notes[name] = [...hows].join(', ')
    for (const expression of unknown) {
      const field = /^(?:github\.event\.)?inputs\.([\w-]+)$/i.exec(expression)?.[1]
      const why = field !== undefined && given.form.get(field)?.required ? ' (a required field of the form)' : ''
      missing.push(`  ${name}: \${{ ${expression} }}${why}  →  --set '${expression}=VALUE' (or --set ${name}=VALUE)`)
    }
  }
  if (missing.length > 0) {
    throw new TryError(
      'These inputs use expressions only a workflow run can evaluate; give each a value with --set (empty is ' +
        `allowed: --set NAME=):\n${missing.join('\n')}`
    )
  }
  for (const [name, value] of given.set) {
    if (name in written) {
      inputs[name] = value
      notes[name] = '--set'
    } else if (!used.has(key(name))) {
      throw new TryError(
        `--set ${name}: the step has no input ${name} and uses no expression \${{ ${name} }} (--with adds an input)`
      )
    }
  }
  inputs.token = sim.token
  // A token written out in the file is not repeated here; an expression is.
  const token =
    written.token === undefined
      ? ''
      : written.token.includes('${{')
        ? `, for ${written.token}`
        : ', for the one written'
  notes.token = `the simulator's token${token}`
  inputs['base-url'] = sim.url
  notes['base-url'] = 'the simulator' + (written['base-url'] === undefined ? '' : `, for ${written['base-url']}`)
  return { inputs, notes, undeclared: Object.keys(inputs).filter(name => !declared.has(name)) }
}
