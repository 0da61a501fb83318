// Supply-chain rules for this repository's workflows and the examples (node's test runner: `node --test script/`):
// third-party actions pinned by full commit SHA with the version in a comment, checkouts that keep no credentials.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { parse } from 'yaml'

const DIRS = [join('.github', 'workflows'), 'examples']
const files = DIRS.flatMap(dir =>
  readdirSync(dir)
    .filter(name => /\.ya?ml$/.test(name))
    .map(name => join(dir, name))
)
/** This action as the examples use it: by its major tag, which is how its own README asks to be used. */
const THIS_ACTION = /^(\.\/?|acme\/dlq-action@v\d+)$/

/** Every `uses:` line: the reference and the comment after it. */
function usesLines(/** @type {string} */ file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line, i) => ({ at: `${file}:${i + 1}`, m: /^\s*(?:-\s+)?uses:\s*(\S+)\s*(?:#\s*(.*))?$/.exec(line) }))
    .filter(({ m }) => m)
    .map(({ at, m }) => ({ at, ref: m?.[1] ?? '', comment: m?.[2] ?? '' }))
}

describe('workflows and examples', () => {
  it('finds the files and their uses: lines', () => {
    assert.ok(files.some(f => f.endsWith('ci.yml')) && files.some(f => f.startsWith('examples')))
    assert.ok(files.flatMap(usesLines).length > 5)
  })

  it('pin every third-party action by full commit SHA, with its version in a comment', () => {
    const bad = files
      .flatMap(usesLines)
      .filter(({ ref }) => !THIS_ACTION.test(ref))
      .filter(
        ({ ref, comment }) => !/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(ref) || !/^v\d+(\.\d+){0,2}\b/.test(comment)
      )
      .map(({ at, ref }) => `${at}: ${ref}`)
    assert.deepEqual(bad, [])
  })

  it('check out without persisting the token', () => {
    const bad = []
    for (const file of files) {
      const jobs = parse(readFileSync(file, 'utf8')).jobs ?? {}
      for (const [name, job] of Object.entries(jobs)) {
        for (const step of job.steps ?? []) {
          if (String(step.uses ?? '').startsWith('actions/checkout@') && step.with?.['persist-credentials'] !== false) {
            bad.push(`${file} jobs.${name}`)
          }
        }
      }
    }
    assert.deepEqual(bad, [])
  })

  it('declare permissions at the top, so that no job gets the default token scopes', () => {
    const bad = files.filter(file => !('permissions' in parse(readFileSync(file, 'utf8'))))
    assert.deepEqual(bad, [])
  })
})
