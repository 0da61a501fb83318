// `npm run validate`: action.yml, .github/workflows/*.yml, examples/*.yml and the whole workflows of the Markdown
// snippets (the README's quick starts) against the schemas of @action-validator/core (the GitHub Actions schemas from
// SchemaStore, compiled in).
//
// action.yml is checked as if it said `using: node20`: the validator's schema predates node24 and refuses it, while
// GitHub runs node24 actions. Only that one value is rewritten, in memory; everything else is checked as written.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'
import { validateAction, validateWorkflow } from '@action-validator/core'
import { markdownFiles, workflowSnippets } from './shell-check.js'

/**
 * action.yml with its `runs.using: node24` read as node20; throws when there is no such line, so that a changed
 * runtime is seen rather than validated as something else.
 * @param {string} text
 */
export function asNode20(text) {
  const line = /^(\s+using:\s*['"]?)node24(['"]?\s*(?:#.*)?)$/m
  if (!line.test(text)) throw new Error('action.yml: no `using: node24` line to read as node20')
  return text.replace(line, '$1node20$2')
}

/** The workflow files: .github/workflows/*.yml and examples/*.yml. */
export function workflowFiles(root = '.') {
  return [join('.github', 'workflows'), 'examples'].flatMap(dir =>
    readdirSync(join(root, dir))
      .filter(name => /\.ya?ml$/.test(name))
      .sort()
      .map(name => join(dir, name))
  )
}

function main() {
  const checks = [
    { file: 'action.yml (as node20)', state: validateAction(asNode20(readFileSync('action.yml', 'utf8'))) },
    ...workflowFiles().map(file => ({ file, state: validateWorkflow(readFileSync(file, 'utf8')) })),
    ...workflowSnippets(markdownFiles()).map(({ from, yaml }) => ({ file: from, state: validateWorkflow(yaml) }))
  ]
  let failed = 0
  for (const { file, state } of checks) {
    if (state.errors.length === 0) {
      process.stdout.write(`ok   ${file}\n`)
    } else {
      failed++
      process.stderr.write(`FAIL ${file}\n${JSON.stringify(state.errors, null, 2)}\n`)
    }
  }
  if (failed > 0) {
    process.stderr.write(`${failed} of ${checks.length} files failed validation\n`)
    process.exitCode = 1
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
