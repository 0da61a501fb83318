/**
 * The step `npm run try` runs, read from the user's file: a workflow's steps that use this action, a step, or a
 * with: mapping; and the form fields (workflow_dispatch, workflow_call inputs) whose defaults `inputs.*` takes.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline/promises'
import { parse as parseYaml } from 'yaml'
import { ROOT } from './action-yml.js'
import { TryError } from './try-args.js'

/** A step that uses this action, as the file gives it. */
export interface ActionStep {
  /** Its number in the list of such steps, from 1. */
  number: number
  job?: string
  id?: string
  name?: string
  /** Its with:, every value a string as written (YAML's failsafe schema: `100` and `true` stay text). */
  with: Record<string, string>
}

/** A field of the workflow's form: what `inputs.<name>` is when the run was started without setting it. */
export interface FormField {
  default?: string
  required: boolean
  type?: string
}

export interface StepFile {
  /** Steps that use this action; a with: mapping is one step without id or name. */
  steps: ActionStep[]
  form: Map<string, FormField>
}

/** This action's repository name, as `uses: OWNER/<name>@REF` names it: the package's name. */
const REPOSITORY_NAME = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string }).name

type Mapping = Record<string, unknown>

const isMapping = (value: unknown): value is Mapping =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** Whether `uses:` names this action: the repository's root (`./`), OWNER/dlq-action@REF, or what --uses names. */
function usesThisAction(uses: string, alsoUses?: string): boolean {
  const written = uses.trim()
  if (written === './' || written === '.') return true
  if (alsoUses !== undefined && (written === alsoUses || written.startsWith(`${alsoUses}@`))) return true
  const m = /^[^/@\s]+\/([^/@\s]+)@\S+$/.exec(written)
  return m?.[1] === REPOSITORY_NAME
}

/** The text values of a with: mapping; a nested value is refused (the runner passes only text). */
function withOf(value: unknown, where: string): Record<string, string> {
  if (value === undefined || value === '') return {}
  if (!isMapping(value)) throw new TryError(`${where}: with: is not a mapping of inputs to values`)
  const inputs: Record<string, string> = {}
  for (const [name, given] of Object.entries(value)) {
    if (typeof given !== 'string') throw new TryError(`${where}: input ${name} is not a single value`)
    inputs[name] = given
  }
  return inputs
}

/** Steps of a list (a job's steps, a composite action's, or steps pasted alone) that use this action. */
function actionSteps(
  list: unknown,
  job: string | undefined,
  alsoUses: string | undefined
): Omit<ActionStep, 'number'>[] {
  if (!Array.isArray(list)) return []
  return list.filter(isMapping).flatMap(step => {
    if (typeof step.uses !== 'string' || !usesThisAction(step.uses, alsoUses)) return []
    const label = [step.id, step.name].find((text): text is string => typeof text === 'string') ?? step.uses
    const where = `${job === undefined ? '' : `job ${job}, `}step ${label}`
    return [
      {
        ...(job === undefined ? {} : { job }),
        ...(typeof step.id === 'string' ? { id: step.id } : {}),
        ...(typeof step.name === 'string' ? { name: step.name } : {}),
        with: withOf(step.with, where)
      }
    ]
  })
}

/** The fields of workflow_dispatch and workflow_call, the places `inputs.*` reads. */
function formOf(doc: Mapping): Map<string, FormField> {
  const form = new Map<string, FormField>()
  const on = doc.on
  if (!isMapping(on)) return form
  for (const trigger of [on.workflow_dispatch, on.workflow_call]) {
    if (!isMapping(trigger) || !isMapping(trigger.inputs)) continue
    for (const [name, spec] of Object.entries(trigger.inputs)) {
      if (form.has(name) || !isMapping(spec)) continue
      form.set(name, {
        required: spec.required === 'true',
        ...(typeof spec.default === 'string' ? { default: spec.default } : {}),
        ...(typeof spec.type === 'string' ? { type: spec.type } : {})
      })
    }
  }
  return form
}

/** The steps of `file` that use this action, or its with: mapping as one step. */
export function readStepFile(file: string, text: string, declared: ReadonlySet<string>, alsoUses?: string): StepFile {
  let doc: unknown
  try {
    doc = parseYaml(text, { schema: 'failsafe' })
  } catch (error) {
    throw new TryError(`${file} is not YAML that can be read: ${(error as Error).message.split('\n')[0] ?? ''}`)
  }
  const found: Omit<ActionStep, 'number'>[] = []
  const form = isMapping(doc) ? formOf(doc) : new Map<string, FormField>()
  if (Array.isArray(doc)) found.push(...actionSteps(doc, undefined, alsoUses))
  else if (isMapping(doc) && isMapping(doc.jobs)) {
    for (const [job, spec] of Object.entries(doc.jobs)) {
      if (isMapping(spec)) found.push(...actionSteps(spec.steps, job, alsoUses))
    }
  } else if (isMapping(doc) && isMapping(doc.runs)) found.push(...actionSteps(doc.runs.steps, undefined, alsoUses))
  else if (isMapping(doc) && 'with' in doc) {
    if (typeof doc.uses === 'string' && !usesThisAction(doc.uses, alsoUses)) {
      throw new TryError(`${file}: its step uses ${doc.uses}, not this action (./ or OWNER/${REPOSITORY_NAME}@REF)`)
    }
    found.push({ with: withOf(doc.with, file) })
  } else if (isMapping(doc) && Object.keys(doc).length > 0 && Object.keys(doc).every(key => declared.has(key))) {
    found.push({ with: withOf(doc, file) })
  }
  if (found.length === 0) {
    throw new TryError(
      `${file}: no step uses this action (uses: ./ or OWNER/${REPOSITORY_NAME}@REF; --uses names another), and it ` +
        'holds no with: mapping of its inputs'
    )
  }
  return { steps: found.map((step, i) => ({ number: i + 1, ...step })), form }
}

/** A step as a line of the list to pick from. */
export function describeStep(step: ActionStep): string {
  const names = [
    step.id === undefined ? undefined : `id ${step.id}`,
    step.name === undefined ? undefined : `"${step.name}"`,
    step.job === undefined ? undefined : `in job ${step.job}`
  ]
  return `${step.number}. ${names.filter(Boolean).join(', ') || 'with:'}`
}

/** The step --step names: its number, id or name (any case). */
function stepNamed(steps: readonly ActionStep[], wanted: string, file: string): ActionStep {
  const byNumber = /^\d+$/.test(wanted) ? steps.filter(step => step.number === Number(wanted)) : []
  const byId = steps.filter(step => step.id === wanted)
  const byName = steps.filter(step => step.name?.toLowerCase() === wanted.toLowerCase())
  const matches = [byNumber, byId, byName].find(list => list.length > 0) ?? []
  if (matches.length === 1) return matches[0] as ActionStep
  const list = steps.map(step => `  ${describeStep(step)}`).join('\n')
  const says = matches.length === 0 ? 'names none of' : 'names more than one of'
  throw new TryError(`--step ${wanted} ${says} the steps of ${file} that use this action; give its number:\n${list}`)
}

/** The step to run: the only one, the one --step names, or (in a terminal) the one the user picks from the list. */
export async function pickStep(stepFile: StepFile, wanted: string | undefined, file: string): Promise<ActionStep> {
  const { steps } = stepFile
  if (wanted !== undefined) return stepNamed(steps, wanted, file)
  if (steps.length === 1) return steps[0] as ActionStep
  const list = steps.map(step => `  ${describeStep(step)}`).join('\n')
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new TryError(`${file} has ${steps.length} steps that use this action; pick one with --step:\n${list}`)
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout })
  try {
    const answer = await prompt.question(
      `${file} has ${steps.length} steps that use this action:\n${list}\nWhich one? `
    )
    return stepNamed(steps, answer.trim(), file)
  } finally {
    prompt.close()
  }
}
