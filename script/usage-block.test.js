// The README's usage block against action.yml (node's test runner: `node --test script/`): CI fails when an input
// is added, removed, renamed or given another default without `node script/usage-block.js --write`.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { parse } from 'yaml'
import { END, MAX_COMMENT, START, summary, usageBlock, withBlock } from './usage-block.js'

const actionYml = readFileSync('action.yml', 'utf8')
const inputs = parse(actionYml).inputs
const block = usageBlock(actionYml)
/** The step the block shows, read back as YAML. */
const step = parse(block.replace(/^```yaml\n|\n```$/g, ''))[0]

describe("README.md's usage block", () => {
  it('is what action.yml gives (run node script/usage-block.js --write after changing an input)', () => {
    const readme = readFileSync('README.md', 'utf8')
    assert.ok(readme.includes(START) && readme.includes(END), 'README.md has the usage block markers')
    assert.equal(withBlock(readme, block), readme)
  })

  it('lists every input of action.yml, in its order, with its default', () => {
    assert.equal(step.uses, 'acme/dlq-action@v1')
    assert.deepEqual(Object.keys(step.with), Object.keys(inputs))
    for (const [name, input] of Object.entries(inputs)) assert.equal(step.with[name], String(input.default ?? ''))
  })

  it('gives each input one comment line, at most MAX_COMMENT long, saying so where it is required', () => {
    const lines = block.split('\n')
    for (const name of Object.keys(inputs)) {
      const at = lines.findIndex(line => line === `    ${name}: ${line.slice(name.length + 6)}`)
      const comment = lines[at - 1] ?? ''
      assert.match(comment, /^ {4}# \S/, `${name} has a comment`)
      assert.ok(comment.length <= MAX_COMMENT + 6 + ' Required.'.length, `${name}: ${comment}`)
      assert.equal(comment.endsWith(' Required.'), inputs[name].required === true && !('default' in inputs[name]))
    }
  })
})

describe('summary', () => {
  it('keeps the first sentences that fit, without their parentheses, e.g. kept whole', () => {
    assert.equal(summary('Page size (1 to 100). Default: all.'), 'Page size. Default: all.')
    assert.equal(summary('Rate, e.g. 5 (or (nested) more). Second.'), 'Rate, e.g. 5. Second.')
  })

  it('cuts a first sentence too long at a clause, or a word, marked as cut', () => {
    const long = `${'word '.repeat(15).trim()}, ${'more '.repeat(20).trim()}.`
    assert.equal(summary(long), `${'word '.repeat(15).trim()}...`)
    const noClause = 'x'.repeat(5) + ' y'.repeat(80)
    const cut = summary(noClause)
    assert.ok(cut.endsWith('...') && cut.length <= MAX_COMMENT, cut)
  })
})

describe('withBlock', () => {
  it('replaces what stands between the markers, and refuses a README without them', () => {
    const readme = `a\n${START}\nold\n${END}\nb\n`
    assert.equal(withBlock(readme, 'new'), `a\n${START}\n\nnew\n\n${END}\nb\n`)
    assert.throws(() => withBlock('no markers', 'new'), /needs the markers/)
  })
})
