// The rewrite `npm run validate` makes of action.yml (node's test runner: `node --test script/`).
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { asNode20, workflowFiles } from './validate.js'

describe('validate', () => {
  it('reads runs.using node24 as node20 and changes nothing else', () => {
    const text = "name: x\nruns:\n  using: 'node24'\n  main: dist/index.js # node24 bundle\n"
    assert.equal(asNode20(text), "name: x\nruns:\n  using: 'node20'\n  main: dist/index.js # node24 bundle\n")
  })

  it('refuses an action.yml without a node24 line rather than validate something else', () => {
    assert.throws(() => asNode20('runs:\n  using: node22\n'), /no `using: node24` line/)
  })

  it('finds the CI workflow and the examples', () => {
    const files = workflowFiles()
    assert.ok(files.includes(join('.github', 'workflows', 'ci.yml')))
    assert.ok(files.some(f => f.startsWith('examples')))
  })
})
