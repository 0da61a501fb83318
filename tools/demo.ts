/**
 * `npm start`: the bundled action (dist/index.js) against the loopback simulator, three operations in a row, each
 * started the way the Actions runner starts it. Prints each run's log, outputs and job summary.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { runAction, type ActionRun } from './harness.js'
import { startSimulator, type Simulator } from '../sim/index.js'

/** lib/tools/demo.js → the repository's dist/index.js */
const BUNDLE = fileURLToPath(new URL('../../dist/index.js', import.meta.url))
const TOKEN = 'sim-token'
const MESSAGES = 400
const WORKFLOW_RUNS = 180
/** sched-1..sched-4: the odd ones (two) start paused */
const SCHEDULES = 4
const DEMO_ENV = {
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_REPOSITORY: 'acme/dlq-demo',
  GITHUB_RUN_ID: '1001'
}
const MAX_SHOWN = 100

interface Step {
  title: string
  inputs: Record<string, string>
}

const out = (line = ''): void => {
  process.stdout.write(`${line}\n`)
}

/**
 * The runner reads any line starting with `::` (after trimming) as a command, so nothing printed here may look
 * like one: this demo may itself run inside a workflow. Also masks the token, as the runner would.
 */
function safe(line: string): string {
  const masked = line.split(TOKEN).join('***')
  return masked.trimStart().startsWith('::') ? masked.replace('::', ':\u200b:') : masked
}

/** The action's stdout as the runner's log view would show it: groups opened, commands turned into words. */
function renderLog(stdout: string): string[] {
  const lines: string[] = []
  let depth = 0
  let masks = 0
  for (const raw of stdout.replace(/\r?\n$/, '').split(/\r?\n/)) {
    const command = /^::([a-z-]+)(?: [^:]*)?::(.*)$/.exec(raw)
    const pad = '  '.repeat(depth)
    if (!command) {
      lines.push(pad + safe(raw))
      continue
    }
    const [, name, data] = command as unknown as [string, string, string]
    const text = data.replace(/%0D/g, '').replace(/%0A/g, ' / ').replace(/%25/g, '%')
    if (name === 'add-mask') masks++
    else if (name === 'group') {
      lines.push(`${pad}▸ ${safe(text)}`)
      depth++
    } else if (name === 'endgroup') depth = Math.max(0, depth - 1)
    else if (name === 'error' || name === 'warning' || name === 'notice') lines.push(`${pad}${name}: ${safe(text)}`)
    else if (name !== 'debug') lines.push(pad + safe(raw))
  }
  if (masks > 0) lines.unshift(`(${masks} value${masks === 1 ? '' : 's'} registered for masking)`)
  return lines
}

/** Long values (JSON arrays of ids) shortened to their first items and a count. */
function shorten(value: string): string {
  if (value.length <= MAX_SHOWN) return value
  try {
    const parsed: unknown = JSON.parse(value)
    if (Array.isArray(parsed)) {
      const head: string[] = []
      for (const item of parsed) {
        const text = JSON.stringify(item)
        if (head.length > 0 && head.join(',').length + text.length > MAX_SHOWN - 20) break
        head.push(text)
      }
      return `[${head.join(',')},…] (${parsed.length} items, ${value.length} chars)`
    }
  } catch {
    // not JSON: cut it below
  }
  return `${value.slice(0, MAX_SHOWN)}… (${value.length} chars)`
}

function indent(lines: readonly string[], by = '    '): void {
  for (const line of lines) out(line === '' ? '' : by + line)
}

function report(index: number, step: Step, run: ActionRun): void {
  const rule = '='.repeat(78)
  out(rule)
  out(`${index}. ${step.title}`)
  const shown = Object.entries(step.inputs)
    .map(([name, value]) => `${name}=${name === 'token' ? '***' : value}`)
    .join('  ')
  out(`   inputs: ${shown}`)
  out(rule)
  out()
  out('  Log:')
  indent(renderLog(run.stdout))
  if (run.stderr.trim() !== '') {
    out('  stderr:')
    indent(run.stderr.trimEnd().split('\n').map(safe))
  }
  out()
  out('  Outputs:')
  const outputs = Object.entries(run.outputs)
  if (outputs.length === 0) out('    (none)')
  const width = Math.max(0, ...outputs.map(([name]) => name.length))
  for (const [name, value] of outputs) out(`    ${name.padEnd(width)} = ${safe(shorten(value))}`)
  out()
  out('  Job summary (markdown):')
  if (run.summary.trim() === '') out('    (empty)')
  else indent(run.summary.trimEnd().split('\n').map(safe))
  out()
  out(`  Exit code: ${String(run.code)}${run.code === 0 ? ' (success)' : ' (FAILED)'}`)
  out()
}

function pausedSchedules(simulator: Simulator): string[] {
  return [...simulator.state.schedules].filter(([, s]) => !s.active).map(([id]) => id)
}

async function main(): Promise<number> {
  if (!existsSync(BUNDLE)) {
    process.stderr.write(`demo: ${BUNDLE} not found; build it with \`npm run bundle\` first\n`)
    return 1
  }
  const simulator = await startSimulator({
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    messages: MESSAGES,
    workflowRuns: WORKFLOW_RUNS,
    schedules: SCHEDULES
  })
  try {
    const paused = pausedSchedules(simulator)
    out(`Simulator listening on ${simulator.url}`)
    out(
      `  seeded: ${MESSAGES} DLQ messages, ${WORKFLOW_RUNS} failed workflow runs, paused schedules: ${paused.join(', ')}`
    )
    out(`  running ${BUNDLE} three times, as the runner would (INPUT_* variables, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY)`)
    out()

    const common = { token: TOKEN, 'base-url': simulator.url }
    const steps: Step[] = [
      { title: 'list-dlq: every message in the DLQ', inputs: { operation: 'list-dlq', ...common } },
      {
        title: 'resume-schedule: the paused schedules',
        inputs: { operation: 'resume-schedule', ...common, 'schedule-id': paused.join(',') }
      },
      {
        title: 'resume-workflows: runs that failed in the last 3 days, at most 5 in parallel',
        inputs: {
          operation: 'resume-workflows',
          ...common,
          'from-date': '3d',
          'flow-control-value': 'parallelism=5'
        }
      }
    ]

    const failed: string[] = []
    for (const [i, step] of steps.entries()) {
      const run = await runAction(step.inputs, DEMO_ENV, { action: BUNDLE })
      report(i + 1, step, run)
      if (run.code !== 0) failed.push(step.inputs.operation ?? step.title)
    }

    out('='.repeat(78))
    out(
      `Simulator afterwards: ${simulator.state.resumedRuns.length} new runs created, ` +
        `${simulator.state.workflowDlq.length} failed runs left in the workflow DLQ, ` +
        `paused schedules: ${pausedSchedules(simulator).join(', ') || 'none'}`
    )
    if (failed.length > 0) {
      out(`FAILED: ${failed.join(', ')}`)
      return 1
    }
    out('All three operations succeeded.')
    return 0
  } finally {
    await simulator.close()
  }
}

main().then(
  code => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exitCode = 1
  }
)
