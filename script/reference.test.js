// docs/inputs.md's reference against action.yml (node's test runner: `node --test script/`): CI fails when an input or
// output is added, removed, renamed, described or given another default without `npm run reference`.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import MarkdownIt from 'markdown-it'
import { parse } from 'yaml'
import { cellText, END, FILE, reference, START, withBlock } from './reference.js'

const actionYml = readFileSync('action.yml', 'utf8')
const action = parse(actionYml)
const block = reference(actionYml)

describe("docs/inputs.md's reference", () => {
  it('is what action.yml gives (run npm run reference after changing an input or an output)', () => {
    const doc = readFileSync(FILE, 'utf8')
    assert.ok(doc.includes(START) && doc.includes(END), `${FILE} has the reference markers`)
    assert.equal(withBlock(doc, block), doc)
  })

  it('gives every input its default and its whole description, and every output its description', () => {
    const markdown = new MarkdownIt({ html: true })
    /** What a reader sees of a rendered cell: the text, tags and entities gone. */
    const seen = (/** @type {string} */ text) =>
      text
        .replace(/<[^>]+>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .trim()
    /** The rendered rows of one part of the block, by the name in their first cell. */
    const rowsOf = (/** @type {string} */ part) =>
      new Map(
        [...markdown.render(part).matchAll(/<tr>\s*<td><code>([a-z0-9-]+)<\/code><\/td>([\s\S]*?)<\/tr>/g)].map(m => [
          m[1],
          seen(m[2] ?? '')
        ])
      )
    const at = block.indexOf('\n## Every output\n')
    const [inputs, outputs] = [rowsOf(block.slice(block.indexOf('\n## Every input\n'), at)), rowsOf(block.slice(at))]
    for (const [name, input] of Object.entries(action.inputs)) {
      const row = inputs.get(name) ?? ''
      const description = input.description.replace(/\s+/g, ' ').trim()
      assert.ok(row.includes(description), `input ${name}: ${row}`)
      if (input.default !== undefined) assert.ok(row.startsWith(String(input.default)), `input ${name}'s default`)
    }
    for (const [name, output] of Object.entries(action.outputs)) {
      assert.ok((outputs.get(name) ?? '').includes(output.description.replace(/\s+/g, ' ').trim()), `output ${name}`)
    }
  })

  it('refuses an action.yml with an input or output it does not place', () => {
    const extra = actionYml.replace(/^inputs:\n/m, "inputs:\n  new-input:\n    description: 'x'\n")
    assert.throws(() => reference(extra), /input new-input of action\.yml is in no group/)
    const gone = actionYml.replace(/^ {2}gone-count:\n.*\n/m, '')
    assert.throws(() => reference(gone), /output gone-count is grouped but not in action\.yml/)
  })
})

describe('cellText', () => {
  it('shows the text literally in a table cell, an address as a code span', () => {
    assert.equal(cellText('Bearer <token> | *-Token [x] a_b'), 'Bearer &lt;token&gt; \\| \\*-Token \\[x\\] a\\_b')
    assert.equal(cellText('e.g. https://a.example/x_y (or not).'), 'e.g. `https://a.example/x_y` (or not).')
  })
})

describe('withBlock', () => {
  it('replaces what stands between the markers, and refuses a document without them', () => {
    const doc = `a\n${START}\nold\n${END}\nb\n`
    assert.equal(withBlock(doc, 'new'), `a\n${START}\n\nnew\n\n${END}\nb\n`)
    assert.throws(() => withBlock('no markers', 'new'), /needs the markers/)
  })
})
