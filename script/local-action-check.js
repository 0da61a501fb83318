// `npm run local-action:check` (a step of .ci/run): runs the action through GitHub's own local runner,
// `@github/local-action` (which imports src/main.ts and calls its run()), against the loopback simulator: one
// list-dlq health check and one resume, from the inputs of .env.example, and checks their outputs.
// Needs lib/ (npm run build:tools, which the npm script runs first).
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import process from 'node:process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const WORK = resolve('.tmp', 'local-action')

/**
 * The outputs a run set, from the `::set-output name=K::V` lines local-action prints for core.setOutput.
 * @param {string} stdout
 */
export function outputsOf(stdout) {
  /** @type {Record<string, string>} */
  const outputs = {}
  for (const m of stdout.matchAll(/^::set-output name=([\w-]+)::(.*)$/gm)) outputs[m[1] ?? ''] = m[2] ?? ''
  return outputs
}

/**
 * .env.example with its base-url and summary path replaced and the given inputs set (or removed when undefined).
 * @param {string} example
 * @param {Record<string, string | undefined>} set
 */
export function envFrom(example, set) {
  const lines = example.split('\n').filter(line => !Object.keys(set).some(key => line.startsWith(`${key}=`)))
  for (const [key, value] of Object.entries(set)) if (value !== undefined) lines.push(`${key}=${value}`)
  return `${lines.join('\n')}\n`
}

/** Starts lib/sim/cli.js on a free port; resolves with its URL and a stop function. */
async function startSimulator() {
  const child = spawn(process.execPath, ['lib/sim/cli.js', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout })
  for await (const line of lines) {
    const m = /^SIMULATOR_URL=(\S+)$/.exec(line)
    if (m) return { url: m[1] ?? '', stop: () => child.kill('SIGTERM') }
  }
  throw new Error('the simulator exited before printing SIMULATOR_URL')
}

/**
 * One run of `local-action run . src/main.ts <env>`; its outputs, its error lines and its job summary.
 * @param {string} name
 * @param {string} env
 */
function runLocalAction(name, env) {
  const envFile = join(WORK, `${name}.env`)
  writeFileSync(envFile, env)
  const run = spawnSync(join('node_modules', '.bin', 'local-action'), ['run', '.', 'src/main.ts', envFile], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1' }
  })
  if (run.status !== 0) throw new Error(`local-action (${name}) exited ${run.status}:\n${run.stdout}\n${run.stderr}`)
  const summary = readFileSync(join(WORK, `${name}-summary.md`), 'utf8')
  const errors = run.stdout.split('\n').filter(line => line.startsWith('::error::'))
  return { outputs: outputsOf(run.stdout), errors, summary }
}

/**
 * @param {boolean} ok
 * @param {string} what
 */
function expect(ok, what) {
  if (!ok) throw new Error(`local-action check failed: ${what}`)
  process.stdout.write(`ok   ${what}\n`)
}

async function main() {
  rmSync(WORK, { recursive: true, force: true })
  mkdirSync(WORK, { recursive: true })
  const example = readFileSync('.env.example', 'utf8')
  const simulator = await startSimulator()
  try {
    const base = { 'INPUT_BASE-URL': simulator.url }
    const list = runLocalAction(
      'list-dlq',
      envFrom(example, { ...base, GITHUB_STEP_SUMMARY: join(WORK, 'list-dlq-summary.md') })
    )
    expect(list.outputs['dlq-count'] === '300', `list-dlq: dlq-count is 300 (got ${list.outputs['dlq-count']})`)
    expect(list.outputs.complete === 'true', 'list-dlq: complete is true')
    expect(
      list.errors.some(line => line.includes('more than fail-if-count-above (100)')),
      'list-dlq: the health check fails on fail-if-count-above'
    )
    expect(list.summary.includes('fail-if-count-above'), 'list-dlq: the job summary names the threshold')

    const resume = runLocalAction(
      'resume-workflows',
      envFrom(example, {
        ...base,
        INPUT_OPERATION: 'resume-workflows',
        'INPUT_FAIL-IF-COUNT-ABOVE': undefined,
        'INPUT_FAIL-IF-OLDEST-OLDER-THAN': undefined,
        INPUT_ALL: 'true',
        'INPUT_MAX-RUNS': '10',
        GITHUB_STEP_SUMMARY: join(WORK, 'resume-workflows-summary.md')
      })
    )
    expect(
      resume.outputs['resumed-count'] === '10',
      `resume: resumed-count is 10 (got ${resume.outputs['resumed-count']})`
    )
    expect(JSON.parse(resume.outputs['workflow-run-ids'] ?? '[]').length === 10, 'resume: 10 new run ids')
    expect((resume.outputs['next-cursor'] ?? '') !== '', 'resume: max-runs stopped it with a next-cursor')
    expect(resume.errors.length === 0, `resume: no error line (${resume.errors.join(' | ')})`)
  } finally {
    simulator.stop()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch(error => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  })
}
