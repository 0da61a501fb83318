/**
 * `npm run try` as a user runs it: lib/tools/try.js (compiled by build:tools, which npm test runs) over the bundle,
 * on every example that uses the action and on a with: file, each in a workspace of its own. What it prints is read
 * back: the inputs it gave, the outputs, the files written, the exit code; and its refusals are one clear message.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from '../../tools/action-yml.js'

const TRY = join(ROOT, 'lib', 'tools', 'try.js')
/** Workflows in the shop's data (sim/seed-realistic.ts): 30 of the 120 failed runs are the refund workflow's. */
const REFUND = 'https://app.shop.example/api/workflows/refund'
const LONG = 120_000

interface Tried {
  code: number | null
  stdout: string
  stderr: string
  /** The `name = value` lines under "Outputs:". */
  outputs: Record<string, string>
  /** The `name = value` lines of the inputs it gave, before the log. */
  inputs: Record<string, string>
}

/** `name = value` lines from the start of a section to the blank line that ends it. */
function section(stdout: string, heading: RegExp): Record<string, string> {
  const lines = stdout.split('\n')
  const start = lines.findIndex(line => heading.test(line))
  const found: Record<string, string> = {}
  for (const line of lines.slice(start + 1)) {
    const m = /^ {2,4}(\S+) += (.*)$/.exec(line)
    if (!m) break
    found[m[1] as string] = m[2] as string
  }
  return found
}

function tryIt(args: readonly string[]): Promise<Tried> {
  return new Promise((resolve, reject) => {
    // INIT_CWD is where npm was started; the paths given here are relative to the repository.
    const child = spawn(process.execPath, [TRY, ...args], { cwd: ROOT, env: { ...process.env, INIT_CWD: ROOT } })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', code =>
      resolve({
        code,
        stdout,
        stderr,
        outputs: section(stdout, /^Outputs:$/),
        inputs: section(stdout, /^Runs .* with these inputs/)
      })
    )
  })
}

let workspace: string
let nextWorkspace = 0
beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'dlq-try-'))
})
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true })
})
/** A folder of its own for each run, unless a run is to read what an earlier one wrote. */
const fresh = (): string => join(workspace, String(++nextWorkspace))

/** What a run that completed printed, besides its own expectations: no token, no stack, a closing line. */
function expectRan(run: Tried, code: number): void {
  expect(run.stderr).toBe('')
  expect(run.stdout).not.toContain('sim-token')
  expect(run.inputs.token).toMatch(/^\*\*\* {2}\(the simulator's token/)
  expect(run.inputs['base-url']).toMatch(/^http:\/\/127\.0\.0\.1:\d+ {2}\(the simulator/)
  expect(run.stdout).toContain(`\nExit code: ${code} (`)
  expect(run.code).toBe(code)
}

/** A refusal: exit 2, one message on stderr, nothing run. */
function expectRefused(run: Tried): void {
  expect(run.code).toBe(2)
  expect(run.stdout).toBe('')
  expect(run.stderr).toMatch(/^try: /)
  expect(run.stderr).not.toMatch(/\n\s+at /)
}

/** The examples that use the action, each tried by a test below: a new one fails the first test until it is too. */
const TRIED = [
  'dlq-cleanup.yml',
  'dlq-health-check.yml',
  'manual-recovery.yml',
  'post-deploy-canary.yml',
  'post-deploy-resume.yml',
  'reviewed-recovery.yml'
]

describe('npm run try', () => {
  it('is tried below on every example that uses the action', () => {
    const using = readdirSync(join(ROOT, 'examples')).filter(file =>
      /^\s*(?:-\s+)?uses:\s*(?:[^/\s]+\/dlq-action@\S+|\.\/)\s*$/m.test(
        readFileSync(join(ROOT, 'examples', file), 'utf8')
      )
    )
    expect(using.sort()).toEqual(TRIED)
    expect(existsSync(TRY)).toBe(true)
  })

  it(
    'dlq-health-check.yml: asks which step, then runs each: thresholds exceeded, an issue opened, its files written',
    async () => {
      const file = 'examples/dlq-health-check.yml'
      const unpicked = await tryIt([file])
      expectRefused(unpicked)
      expect(unpicked.stderr).toContain('has 2 steps that use this action; pick one with --step:')
      expect(unpicked.stderr).toContain('1. id dlq, "List the DLQ and check the thresholds", in job check')

      const messages = await tryIt([file, '--step', 'dlq', '--workspace', fresh()])
      expectRan(messages, 1)
      expect(messages.inputs['fail-if-count-above']).toBe('100')
      expect(messages.outputs['dlq-count']).toBe('300')
      expect(messages.outputs.complete).toBe('true')
      expect(messages.outputs.transition).toBe('opened')
      expect(messages.outputs['issue-url']).toMatch(/\/acme\/shop\/issues\/1$/)
      expect(messages.stdout).toContain('error: DLQ health check failed: 300 messages, more than fail-if-count-above')
      expect(messages.stdout).toContain('\n  ## ❌ DLQ health check failed\n')
      expect(messages.stdout).toContain('Files it wrote in ')
      expect(messages.stdout).toMatch(/: dlq-history\.json, dlq-messages\.ndjson, dlq\.prom\n/)
      expect(messages.stdout).toContain('Health issue #1 "DLQ health check failing" (open)')

      const runs = await tryIt([
        file,
        '--step',
        'List the failed workflow runs and check the thresholds',
        '--workspace',
        fresh()
      ])
      expectRan(runs, 1)
      expect(runs.inputs.source).toBe('workflow')
      expect(runs.outputs['dlq-count']).toBe('120')
    },
    LONG
  )

  it(
    "manual-recovery.yml: the form's defaults list the DLQ; --set fills its fields for a resume",
    async () => {
      const file = 'examples/manual-recovery.yml'
      // dry-run's value is an expression of two fields, which only a workflow run evaluates: given with --set.
      const list = await tryIt([file, '--workspace', fresh(), '--set', 'dry-run=false', '--set', 'archive-file='])
      expectRan(list, 0)
      expect(list.inputs.operation).toBe("list-dlq  (the form's default for ${{ inputs.operation }})")
      expect(list.stdout).toMatch(/\n {4}empty, the form left empty: expect-count, url, schedule-id, dlq-ids, /)
      expect(list.outputs['dlq-count']).toBe('300')

      const resume = await tryIt([
        ...[file, '--workspace', fresh()],
        ...['--set', 'inputs.operation=resume-workflows', '--set', 'inputs.all=true', '--set', 'max-entries=10'],
        ...['--set', 'dry-run=false', '--set', 'archive-file=']
      ])
      expectRan(resume, 0)
      expect(resume.inputs['max-entries']).toBe('10  (--set)')
      expect(resume.outputs['resumed-count']).toBe('10')
      expect(resume.outputs.complete).toBe('false')
      expect(resume.outputs['next-cursor']).not.toBe('')
      expect(resume.stdout).toContain('The simulator afterwards: 300 messages and 110 failed runs in its DLQs; 10 runs')
    },
    LONG
  )

  it(
    'post-deploy-canary.yml: names the expressions to set, then stages the resume over runs that complete',
    async () => {
      const file = 'examples/post-deploy-canary.yml'
      const unset = await tryIt([file])
      expectRefused(unset)
      expect(unset.stderr).toContain(
        "workflow-url: ${{ vars.CANARY_WORKFLOW_URL }}  →  --set 'vars.CANARY_WORKFLOW_URL=VALUE'"
      )
      expect(unset.stderr).toContain(
        "to-date: ${{ needs.deploy.outputs.live-at }}  →  --set 'needs.deploy.outputs.live-at=VALUE'"
      )

      const canary = await tryIt([
        ...[file, '--workspace', fresh(), '--complete-after-ms', '0'],
        ...['--set', `vars.CANARY_WORKFLOW_URL=${REFUND}`, '--set', 'to-date=']
      ])
      expectRan(canary, 0)
      expect(canary.inputs['workflow-url']).toBe(`${REFUND}  (--set for \${{ vars.CANARY_WORKFLOW_URL }})`)
      expect(canary.inputs['to-date']).toBe("''  (--set)")
      expect(canary.outputs['resumed-count']).toBe('30')
      expect(canary.outputs['stages-completed']).toBe('2')
      expect(canary.outputs['failed-again-count']).toBe('0')
      expect(canary.stdout).not.toContain('note: the simulator')
    },
    LONG
  )

  it(
    'dlq-cleanup.yml: archives what is older than older-than, then deletes exactly that',
    async () => {
      const cleanup = await tryIt([
        ...['examples/dlq-cleanup.yml', '--workspace', fresh()],
        ...['--set', 'dry-run=false', '--set', 'archive-file=archive.ndjson', '--set', 'older-than=2d']
      ])
      expectRan(cleanup, 0)
      expect(cleanup.inputs['max-entries']).toBe('5000')
      const deleted = Number(cleanup.outputs['deleted-count'])
      expect(deleted).toBeGreaterThan(0)
      expect(cleanup.outputs['already-gone-count']).toBe('0')
      expect(cleanup.outputs.complete).toBe('true')
      expect(cleanup.outputs['archive-file']).toMatch(/archive\.ndjson$/)
    },
    LONG
  )

  it(
    'post-deploy-resume.yml: resumes what failed since the time --set gives the deploy',
    async () => {
      const resume = await tryIt([
        ...['examples/post-deploy-resume.yml', '--workspace', fresh()],
        ...['--set', 'needs.deploy.outputs.started-at=7d']
      ])
      expectRan(resume, 0)
      expect(resume.inputs['from-date']).toBe('7d  (--set for ${{ needs.deploy.outputs.started-at }})')
      expect(resume.inputs['flow-control-value']).toBe('parallelism=5')
      expect(resume.outputs['resumed-count']).toBe('120')
      expect(resume.outputs.complete).toBe('true')
    },
    LONG
  )

  it(
    "reviewed-recovery.yml: the dry run's plan, left in the workspace, is what the approved job takes, held to its count",
    async () => {
      const file = 'examples/reviewed-recovery.yml'
      const shared = fresh()
      const plan = await tryIt([
        ...[file, '--step', 'plan', '--workspace', shared],
        ...['--set', `inputs.workflow-url=${REFUND}`, '--set', 'inputs.url=', '--set', 'inputs.from-date='],
        ...['--set', 'inputs.max-entries=']
      ])
      expectRan(plan, 0)
      expect(plan.outputs['planned-count']).toBe('30')
      expect(plan.stdout).toMatch(/: dlq-plan\.ndjson\n/)

      const apply = await tryIt([
        ...[file, '--step', '2', '--workspace', shared],
        ...['--set', 'needs.plan.outputs.planned-count=30']
      ])
      expectRan(apply, 0)
      expect(apply.inputs['dlq-ids-file']).toBe('dlq-plan.ndjson')
      expect(apply.outputs['resumed-count']).toBe('30')
      expect(apply.outputs['gone-count']).toBe('0')
    },
    LONG
  )

  it(
    'a with: file, seeded as asked, with an input over it, writes the summary where told',
    async () => {
      const dir = fresh()
      const withFile = `${dir}.yml`
      await writeFile(withFile, "with:\n  operation: list-dlq\n  source: workflow\n  fail-if-count-above: '10'\n")
      const summary = `${dir}-summary.md`
      const run = await tryIt([
        ...[withFile, '--workspace', dir, '--summary', summary, '--workflow-runs', '12'],
        ...['--with', 'fail-if-count-above: 20', '--with', 'not-an-input: 1']
      ])
      expectRan(run, 0)
      expect(run.stdout).toContain(`Step: the with: of ${withFile}\n`)
      expect(run.stdout).toContain(', 12 failed workflow runs, ')
      expect(run.inputs['fail-if-count-above']).toBe('20')
      expect(run.stdout).toContain("warning: Unexpected input 'not-an-input'")
      expect(run.outputs['dlq-count']).toBe('12')
      expect(readFileSync(summary, 'utf8')).toMatch(/^## ✅ /)
    },
    LONG
  )

  it(
    'refuses what it cannot run with one message naming the flag or the input',
    async () => {
      const refusals: [string[], string][] = [
        [['examples/none.yml'], 'try: examples/none.yml: no such file\n'],
        [['package.json'], 'try: package.json: no step uses this action'],
        [['--with', 'operation: list-dlq', '--seed', '7'], 'try: --seed picks the hostile rows: add --hostile-seed'],
        [['--with', 'operation: list-dlq', '--variant', 'nonsense'], 'try: --variant nonsense: no such variant'],
        [['--with', 'operation: list-dlq', '--set', 'base-url=https://x.example'], 'try: --set base-url: npm run try'],
        [['--with', 'operation: list-dlq', '--set', 'vars.X=1'], 'try: --set vars.X: the step has no input vars.X'],
        [['--with', 'nope'], "try: --with expects an input and its value as YAML, e.g. --with 'max-runs: 10'"],
        [[], 'try: give a workflow or with: file, or inputs with --with']
      ]
      for (const [args, says] of refusals) {
        const run = await tryIt(args)
        expectRefused(run)
        expect(run.stderr.slice(0, says.length)).toBe(says)
      }
    },
    LONG
  )
})
