// The README's "Usage" block, generated from action.yml: every input with its default and a one-line comment, as
// actions/checkout's README shows its inputs. Written between two markers in README.md:
//
//   node script/usage-block.js           print the block
//   node script/usage-block.js --write   write it into README.md (after a change to action.yml's inputs)
//   node script/usage-block.js --check   exit 1 when README.md's block is not what action.yml gives
//
// `npm run test:scripts` runs the same check (script/usage-block.test.js), so CI fails on a block that drifted.
import { readFileSync, writeFileSync } from 'node:fs'
import process from 'node:process'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

export const START = '<!-- usage-block: generated from action.yml by `node script/usage-block.js --write` -->'
export const END = '<!-- usage-block: end -->'
/** How the README's examples name the action. */
const USES = 'acme/dlq-action@v1'
/** Longest comment line: the block stays readable without scrolling sideways on GitHub. */
export const MAX_COMMENT = 110

/** Parentheses, innermost first, so that nested ones go too. */
function withoutParentheses(/** @type {string} */ text) {
  let out = text
  for (let before = ''; before !== out;) {
    before = out
    out = out.replace(/\s*\([^()]*\)/g, '')
  }
  return out
}

/**
 * The sentences of a description; an abbreviation's dot (e.g., i.e.) ends none.
 * @param {string} text
 */
function sentences(text) {
  return text
    .split(/(?<!\b(?:e\.g|i\.e))(?<=\.)\s+/)
    .map(s => s.trim())
    .filter(s => s !== '')
}

/**
 * One line that says what an input is for: its description's first sentences without their parentheses, as many
 * as fit MAX_COMMENT, a first one too long cut at a word with an ellipsis.
 * @param {string} description
 */
export function summary(description) {
  const parts = sentences(withoutParentheses(description.replace(/\s+/g, ' ')))
  let line = ''
  for (const sentence of parts) {
    const next = line === '' ? sentence : `${line} ${sentence}`
    if (next.length > MAX_COMMENT) break
    line = next
  }
  if (line !== '') return line
  // A first sentence too long: its clauses that fit, else its words that fit, marked as cut.
  const cut = (parts[0] ?? '').slice(0, MAX_COMMENT - 3)
  const clause = Math.max(cut.lastIndexOf('; '), cut.lastIndexOf(', '))
  const end = clause >= MAX_COMMENT / 2 ? clause : cut.lastIndexOf(' ')
  return `${cut.slice(0, end).replace(/[,;:]$/, '')}...`
}

/**
 * A default as the YAML of the block writes it: quoted, as a user writes a value under `with:`.
 * @param {unknown} value
 */
function yamlValue(value) {
  const text = value === undefined || value === null ? '' : String(value)
  return `'${text.replace(/'/g, "''")}'`
}

/**
 * The block: a `uses:` step whose `with:` lists every input of action.yml in its order, each with its comment and
 * its default (`''` where it has none; "Required." where it is required).
 * @param {string} actionYml
 */
export function usageBlock(actionYml) {
  /** @type {{ inputs: Record<string, { description: string, default?: unknown, required?: boolean }> }} */
  const action = parse(actionYml)
  const lines = ['```yaml', `- uses: ${USES}`, '  with:']
  for (const [name, input] of Object.entries(action.inputs)) {
    const required = input.required === true && input.default === undefined ? ' Required.' : ''
    lines.push(`    # ${summary(input.description)}${required}`, `    ${name}: ${yamlValue(input.default)}`)
  }
  lines.push('```')
  return lines.join('\n')
}

/**
 * The README with its block replaced by `block`; throws when the markers are missing or out of order.
 * @param {string} readme
 * @param {string} block
 */
export function withBlock(readme, block) {
  const start = readme.indexOf(START)
  const end = readme.indexOf(END)
  if (start === -1 || end < start) {
    throw new Error(`README.md needs the markers ${START} and ${END}, in that order, around the usage block`)
  }
  return `${readme.slice(0, start + START.length)}\n\n${block}\n\n${readme.slice(end)}`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const block = usageBlock(readFileSync('action.yml', 'utf8'))
  const readme = readFileSync('README.md', 'utf8')
  if (process.argv.includes('--write')) {
    writeFileSync('README.md', withBlock(readme, block))
  } else if (process.argv.includes('--check')) {
    if (withBlock(readme, block) !== readme) {
      process.stderr.write("README.md's usage block differs from action.yml: run node script/usage-block.js --write\n")
      process.exitCode = 1
    }
  } else {
    process.stdout.write(`${block}\n`)
  }
}
