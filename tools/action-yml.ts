/** action.yml as the runner reads it: the repository root, and every declared input with its default. */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse as parseYaml } from 'yaml'

/** The repository root: the nearest folder above this module that holds action.yml (tools/ or lib/tools/). */
function repositoryRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'action.yml'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`no action.yml above ${fileURLToPath(import.meta.url)}`)
    dir = parent
  }
  return dir
}

export const ROOT = repositoryRoot()

/** The action's metadata, whose inputs and defaults the runner reads. */
const ACTION_YML = join(ROOT, 'action.yml')

/** What the runner gives for `${{ github.token }}`, the default of github-token: the job's token. */
export const JOB_GITHUB_TOKEN = 'ghs_harnessJobToken0000000000000000000'

/** The values of the expressions action.yml defaults use, as the runner evaluates them. */
const EXPRESSIONS: Record<string, string> = { 'github.token': JOB_GITHUB_TOKEN }

/** A default as the runner passes it: `${{ expr }}` evaluated, anything else as written. */
function evaluate(name: string, value: string): string {
  return value.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_whole, expr: string) => {
    const known = EXPRESSIONS[expr]
    if (known === undefined) throw new Error(`action.yml: the default of ${name} uses \${{ ${expr} }}, unknown here`)
    return known
  })
}

let defaultsRead: Record<string, string> | undefined

/** Every input action.yml declares, with its default ('' for one without), as the runner fills them. */
export function actionDefaults(): Record<string, string> {
  if (defaultsRead) return { ...defaultsRead }
  const doc = parseYaml(readFileSync(ACTION_YML, 'utf8')) as { inputs?: Record<string, { default?: unknown } | null> }
  const defaults: Record<string, string> = {}
  for (const [name, spec] of Object.entries(doc.inputs ?? {})) {
    const value = spec?.default
    // YAML may read a default as a number or a boolean; the runner passes its text.
    defaults[name] =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? evaluate(name, String(value))
        : ''
  }
  defaultsRead = defaults
  return { ...defaults }
}
