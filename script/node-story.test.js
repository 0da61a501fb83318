// One Node story (node's test runner: `node --test script/`): the version action.yml runs is the one engines,
// .node-version, the README's and development.md's set-up and .ci/run name; devEngines names the oldest for the tools.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { parse } from 'yaml'

const read = (/** @type {string} */ path) => readFileSync(path, 'utf8')
const pkg = JSON.parse(read('package.json'))
const using = String(parse(read('action.yml')).runs.using)
const major = /^node(\d+)$/.exec(using)?.[1]

describe('the Node version', () => {
  it('is the one action.yml runs, in engines and .node-version', () => {
    assert.ok(major, `action.yml runs.using is ${using}`)
    assert.equal(pkg.engines.node, `>=${major}`)
    assert.equal(read('.node-version').trim(), major)
  })

  it('is the one the README and development.md tell a developer to use, and .ci/run names', () => {
    const readme = read('README.md')
    const setUp = readme.slice(readme.indexOf('On a fresh clone'))
    assert.match(setUp.slice(0, 200), new RegExp(`develop on Node ${major}\\b`))
    assert.match(read('docs/development.md'), new RegExp(`On a fresh machine with Node ${major}\\b`))
    assert.match(read('.ci/run'), new RegExp(`Node ${major} runs the action`))
  })

  it('devEngines names the oldest Node the tools run on, which the docs name too, and no later than the runtime', () => {
    const runtime = pkg.devEngines.runtime
    assert.equal(runtime.name, 'node')
    const oldest = /^>=(\d+)$/.exec(runtime.version)?.[1]
    assert.ok(oldest && Number(oldest) <= Number(major), `devEngines.runtime.version is ${runtime.version}`)
    assert.match(read('docs/development.md'), new RegExp(`\`devEngines\`: \`>=${oldest}\``))
  })
})
