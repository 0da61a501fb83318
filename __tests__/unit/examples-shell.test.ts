/**
 * Every `run:` script of the examples is shell a user copies: it must parse (`bash -n`) and pass shellcheck. The
 * `${{ }}` expressions the runner fills in are replaced by a plain word first, as the runner would put a value there.
 */
import { describe, expect, it } from '@jest/globals'
import { execFileSync, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'

const EXAMPLES = join(process.cwd(), 'examples')

/** Each `run:` of a workflow, with where it is. */
function runScripts(node: unknown, where: string): Array<{ where: string; script: string }> {
  if (Array.isArray(node)) return node.flatMap((item, i) => runScripts(item, `${where}[${i}]`))
  if (node === null || typeof node !== 'object') return []
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'run' && typeof value === 'string'
      ? [{ where: `${where}.run`, script: value.replace(/\$\{\{[^}]*\}\}/g, 'value') }]
      : runScripts(value, `${where}.${key}`)
  )
}

const scripts = readdirSync(EXAMPLES)
  .filter(name => name.endsWith('.yml'))
  .flatMap(name => runScripts(parse(readFileSync(join(EXAMPLES, name), 'utf8')), name))

const shellcheck = spawnSync('shellcheck', ['--version']).status === 0

describe('the run: scripts of examples/', () => {
  it('are found (the check below runs on something)', () => {
    expect(scripts.length).toBeGreaterThan(5)
    expect(scripts.some(s => s.where.startsWith('post-deploy-canary.yml'))).toBe(true)
  })

  it('parse with bash -n', () => {
    const bad = scripts.filter(({ script }) => spawnSync('bash', ['-n'], { input: script }).status !== 0)
    expect(bad.map(s => s.where)).toEqual([])
  })

  // CI installs shellcheck; a machine without it skips only this check, and says so.
  ;(shellcheck || process.env.CI ? it : it.skip)('pass shellcheck (as bash scripts)', () => {
    const problems = scripts.flatMap(({ where, script }) => {
      try {
        execFileSync('shellcheck', ['--shell=bash', '--format=gcc', '-'], { input: script, stdio: 'pipe' })
        return []
      } catch (err) {
        return [`${where}: ${String((err as { stdout?: Buffer }).stdout ?? err)}`]
      }
    })
    expect(problems).toEqual([])
  })

  it('would see a script that does not parse, and one shellcheck refuses', () => {
    expect(spawnSync('bash', ['-n'], { input: 'if then fi' }).status).not.toBe(0)
    if (shellcheck) expect(spawnSync('shellcheck', ['--shell=bash', '-'], { input: 'echo $1' }).status).not.toBe(0)
  })
})
