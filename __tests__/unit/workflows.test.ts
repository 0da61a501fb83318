/**
 * action.yml against src/constants.ts, and every workflow that uses the action (examples/, .github/workflows/)
 * against action.yml: the names are written in several places, and only this test keeps them in step.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { INPUT_DEFAULTS, Inputs, Operations, Outputs } from '../../src/constants.js'

const ROOT = process.cwd()
const WORKFLOW_DIRS = ['examples', join('.github', 'workflows')]
/** `uses:` values that mean this action: the repository itself, or the published action at any ref. */
const THIS_ACTION = /^(\.\/?|[^/\s]+\/dlq-action@\S+)$/
const REQUIRED_WITH = ['operation', 'token', 'base-url']

type YamlMap = Record<string, unknown>

const isMap = (value: unknown): value is YamlMap => typeof value === 'object' && value !== null && !Array.isArray(value)

function readYaml(path: string): unknown {
  return parse(readFileSync(join(ROOT, path), 'utf8'))
}

const action = readYaml('action.yml') as YamlMap
const declaredInputs = (isMap(action.inputs) ? action.inputs : {}) as Record<string, unknown>
const declaredOutputs = (isMap(action.outputs) ? action.outputs : {}) as Record<string, unknown>

const sorted = (values: Iterable<string>): string[] => [...values].sort()

const workflowFiles: string[] = WORKFLOW_DIRS.flatMap(dir =>
  existsSync(join(ROOT, dir))
    ? readdirSync(join(ROOT, dir))
        .filter(name => /\.ya?ml$/.test(name))
        .map(name => join(dir, name))
    : []
)

interface StepRef {
  file: string
  job: string
  index: number
  step: YamlMap
}

function stepsOf(file: string): StepRef[] {
  const doc = readYaml(file)
  if (!isMap(doc) || !isMap(doc.jobs)) return []
  return Object.entries(doc.jobs).flatMap(([job, body]) =>
    isMap(body) && Array.isArray(body.steps)
      ? body.steps.filter(isMap).map((step, index) => ({ file, job, index, step }))
      : []
  )
}

const allSteps = workflowFiles.flatMap(stepsOf)
const actionSteps = allSteps.filter(({ step }) => typeof step.uses === 'string' && THIS_ACTION.test(step.uses))
const where = ({ file, job, index, step }: StepRef): string =>
  `${file} jobs.${job}.steps[${index}]${typeof step.id === 'string' ? ` (id: ${step.id})` : ''}`

/** Every string value under a `run` key, anywhere in the document, with its path. */
function runBlocks(node: unknown, path: string): Array<{ path: string; script: string }> {
  if (Array.isArray(node)) return node.flatMap((item, i) => runBlocks(item, `${path}[${i}]`))
  if (!isMap(node)) return []
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'run' && typeof value === 'string'
      ? [{ path: `${path}.run`, script: value }]
      : runBlocks(value, `${path}.${key}`)
  )
}

describe('action.yml', () => {
  it('declares exactly the inputs named in src/constants.ts', () => {
    expect(sorted(Object.keys(declaredInputs))).toEqual(sorted(Object.values(Inputs)))
  })

  it('declares exactly the outputs named in src/constants.ts', () => {
    expect(sorted(Object.keys(declaredOutputs))).toEqual(sorted(Object.values(Outputs)))
  })

  it('describes every input and output', () => {
    const undescribed = [
      ...Object.entries(declaredInputs).map(([name, spec]) => ({ name: `input ${name}`, spec })),
      ...Object.entries(declaredOutputs).map(([name, spec]) => ({ name: `output ${name}`, spec }))
    ]
      .filter(({ spec }) => !isMap(spec) || typeof spec.description !== 'string' || spec.description.trim() === '')
      .map(({ name }) => name)
    expect(undescribed).toEqual([])
  })

  it('declares the same defaults as INPUT_DEFAULTS', () => {
    // The runner passes a default even when the user set nothing; the code must know it is one.
    // An expression default (github-token's `${{ github.token }}`) reaches the action evaluated, never as written.
    const yamlDefaults: Record<string, string> = {}
    for (const [name, spec] of Object.entries(declaredInputs)) {
      const value = isMap(spec) ? spec.default : undefined
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue
      if (String(value).includes('${{')) continue
      yamlDefaults[name] = String(value)
    }
    expect(yamlDefaults).toEqual(INPUT_DEFAULTS)
  })

  it('runs dist/index.js on node24', () => {
    expect(isMap(action.runs)).toBe(true)
    const runs = action.runs as YamlMap
    expect(runs.using).toBe('node24')
    expect(runs.main).toBe('dist/index.js')
  })
})

describe('workflows that use the action', () => {
  it('finds the example and CI workflows, and steps using the action in them', () => {
    expect(workflowFiles.length).toBeGreaterThan(0)
    for (const file of workflowFiles) expect(isMap(readYaml(file))).toBe(true)
    expect(actionSteps.length).toBeGreaterThan(0)
  })

  it('pass only inputs that action.yml declares', () => {
    const unknown = actionSteps.flatMap(ref =>
      Object.keys(isMap(ref.step.with) ? ref.step.with : {})
        .filter(key => !(key in declaredInputs))
        .map(key => `${where(ref)}: with.${key}`)
    )
    expect(unknown).toEqual([])
  })

  it('read only outputs that action.yml declares, of the steps that use the action', () => {
    const refs = workflowFiles.flatMap(file => {
      const ids = new Set(actionSteps.filter(ref => ref.file === file).map(ref => ref.step.id))
      return [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\bsteps\.([\w-]+)\.outputs\.([\w-]+)/g)]
        .filter(([, id]) => ids.has(id))
        .map(([ref, , name]) => ({ ref: `${file}: ${ref}`, name: name ?? '' }))
    })
    expect(refs.length).toBeGreaterThan(0)
    expect(refs.filter(({ name }) => !(name in declaredOutputs)).map(({ ref }) => ref)).toEqual([])
  })

  it('read only the outputs a job declares from the jobs it needs', () => {
    const refs = workflowFiles.flatMap(file => {
      const doc = readYaml(file)
      const jobs = isMap(doc) && isMap(doc.jobs) ? doc.jobs : {}
      return [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\bneeds\.([\w-]+)\.outputs\.([\w-]+)/g)].map(
        ([ref, job = '', name = '']) => {
          const body = jobs[job]
          return { ref: `${file}: ${ref}`, declared: isMap(body) && isMap(body.outputs) && name in body.outputs }
        }
      )
    })
    expect(refs.length).toBeGreaterThan(0)
    expect(refs.filter(({ declared }) => !declared).map(({ ref }) => ref)).toEqual([])
  })

  it('name only operations the action has, in a step or as the choices of a form', () => {
    const operations: readonly string[] = Operations
    const named = workflowFiles.flatMap(file => {
      const doc = readYaml(file)
      const on = isMap(doc) && isMap(doc.on) ? doc.on : {}
      const form = isMap(on.workflow_dispatch) && isMap(on.workflow_dispatch.inputs) ? on.workflow_dispatch.inputs : {}
      const choices: unknown[] =
        isMap(form.operation) && Array.isArray(form.operation.options) ? form.operation.options : []
      const steps = actionSteps
        .filter(ref => ref.file === file && isMap(ref.step.with))
        .map(ref => (ref.step.with as YamlMap).operation)
        .filter(value => typeof value === 'string' && !value.includes('${{'))
      return [...choices, ...steps].map(operation => ({ file, operation: String(operation) }))
    })
    expect(named.filter(({ file }) => file.startsWith('examples')).length).toBeGreaterThan(0)
    expect(named.filter(({ operation }) => !operations.includes(operation))).toEqual([])
  })

  it('always pass operation, token and base-url', () => {
    const missing = actionSteps.flatMap(ref =>
      REQUIRED_WITH.filter(key => !isMap(ref.step.with) || !(key in ref.step.with)).map(
        key => `${where(ref)}: with.${key}`
      )
    )
    expect(missing).toEqual([])
  })

  it('use the published action by its major tag in the examples', () => {
    const examples = actionSteps.filter(ref => ref.file.startsWith('examples'))
    expect(examples.length).toBeGreaterThan(0)
    expect(examples.filter(ref => ref.step.uses !== 'acme/dlq-action@v1').map(where)).toEqual([])
  })

  it('never expand ${{ }} inside a run: script (values reach the shell through env:)', () => {
    const injected = workflowFiles.flatMap(file =>
      runBlocks(readYaml(file), file)
        .filter(({ script }) => script.includes('${{'))
        .map(({ path }) => path)
    )
    expect(injected).toEqual([])
  })
})
