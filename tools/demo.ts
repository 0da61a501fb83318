/**
 * `npm start`: the bundled action (dist/index.js) against the loopback simulator seeded with a shop's realistic
 * DLQ, scene after scene (tools/demo-scenes.ts), each run started the way the Actions runner starts it. Prints each
 * run's log and outputs, and writes its job summary to .tmp/demo/, naming the file; `npm run render` then renders
 * those files as GitHub would, to HTML and pictures.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT } from './action-yml.js'
import { DEMO_DIR, SCENES, type Scene } from './demo-scenes.js'
import { outputLines, renderLog, safe as safeFrom } from './console-view.js'
import { runAction, type ActionRun } from './harness.js'
import { startSimulator } from '../sim/index.js'

/** lib/tools/demo.js → the repository's dist/index.js */
const BUNDLE = fileURLToPath(new URL('../../dist/index.js', import.meta.url))
const TOKEN = 'sim-token'
const MESSAGES = 300
const WORKFLOW_RUNS = 60
/** sched-1..sched-4: the odd ones (two) start paused */
const SCHEDULES = 4
/**
 * Outside Actions there is no run to link to: no GITHUB_RUN_ID, so the summaries carry no run link. The workspace is
 * .tmp/demo for every scene, as one job's is for its steps: a plan file one scene writes, a later one reads.
 */
const DEMO_ENV = { GITHUB_REPOSITORY: '', GITHUB_RUN_ID: '', GITHUB_WORKSPACE: DEMO_DIR }
/** The summary lines shown in the terminal: the verdict and the first lines after it; the file has the rest. */
const SUMMARY_LINES = 14

const out = (line = ''): void => {
  process.stdout.write(`${line}\n`)
}

/** A line as printed: the token masked, as the runner would, and never a runner command. */
const safe = (line: string): string => safeFrom(line, [TOKEN])

function indent(lines: readonly string[], by = '    '): void {
  for (const line of lines) out(line === '' ? '' : by + line)
}

function report(index: number, scene: Scene, inputs: Record<string, string>, run: ActionRun, file: string): void {
  const rule = '='.repeat(78)
  out(rule)
  out(`${index}. ${scene.title}`)
  const shown = Object.entries(inputs)
    .map(([name, value]) => `${name}=${name === 'token' ? '***' : value}`)
    .join('  ')
  out(`   inputs: ${shown}`)
  out(rule)
  out(`  What to look at: ${scene.explain}`)
  out()
  out('  Log:')
  indent(renderLog(run.stdout, [TOKEN]))
  if (run.stderr.trim() !== '') {
    out('  stderr:')
    indent(run.stderr.trimEnd().split('\n').map(safe))
  }
  out()
  out('  Outputs:')
  indent(outputLines(run.outputs, [TOKEN]))
  out()
  const lines = run.summary.trimEnd().split('\n')
  out(`  Job summary: ${file} (${lines.length} lines of markdown; its first lines:)`)
  indent(lines.slice(0, SUMMARY_LINES).map(safe))
  out()
  const expected = run.code === scene.expectedExit
  const how = run.code === 0 ? 'success' : 'the step fails'
  out(
    `  Exit code: ${String(run.code)} (${how}${expected ? ', as this scene should' : `; this scene should exit ${scene.expectedExit}`})`
  )
  out()
}

async function main(): Promise<number> {
  if (!existsSync(BUNDLE)) {
    process.stderr.write(`demo: ${BUNDLE} not found; build it with \`npm run bundle\` first\n`)
    return 1
  }
  rmSync(DEMO_DIR, { recursive: true, force: true })
  mkdirSync(DEMO_DIR, { recursive: true })
  const simulator = await startSimulator({
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    realistic: true,
    messages: MESSAGES,
    workflowRuns: WORKFLOW_RUNS,
    schedules: SCHEDULES
  })
  try {
    out(`A simulator of the service listens on ${simulator.url}, seeded with a shop's dead letter queue:`)
    out(`  ${MESSAGES} messages its destinations could not take (a payments callback, an analytics ingest, receipt`)
    out(`  e-mails, an ERP sync, a search indexer), ${WORKFLOW_RUNS} failed workflow runs, and ${SCHEDULES} schedules.`)
    out(`Each scene runs ${relative(ROOT, BUNDLE)} as the Actions runner would (INPUT_* variables, GITHUB_OUTPUT,`)
    out('GITHUB_STEP_SUMMARY); runner commands in the log are shown as words. There is no run link: no Actions run.')
    out()

    const common = { token: TOKEN, 'base-url': simulator.url }
    const runs = new Map<string, ActionRun>()
    const unexpected: string[] = []
    const files: string[] = []
    for (const [i, scene] of SCENES.entries()) {
      scene.before?.(simulator)
      const inputs = scene.inputs({ common, simulator, runs })
      const run = await runAction(inputs, DEMO_ENV, { action: BUNDLE })
      runs.set(scene.name, run)
      const file = join(DEMO_DIR, `${String(i + 1).padStart(2, '0')}-${scene.name}.md`)
      writeFileSync(file, run.summary)
      files.push(relative(ROOT, file))
      report(i + 1, scene, inputs, run, relative(ROOT, file))
      if (run.code !== scene.expectedExit) unexpected.push(`${scene.name} exited ${String(run.code)}`)
    }

    out('='.repeat(78))
    out(
      `The simulator afterwards: ${simulator.state.resumedRuns.length} new runs created, ` +
        `${simulator.state.workflowDlq.length} failed runs left in its workflow DLQ; ` +
        `${simulator.state.retriedMessages.length} messages retried, ${simulator.state.messages.length} left in its DLQ.`
    )
    out(`The job summaries: ${files.join(', ')}.`)
    out('See them as GitHub shows them: `npm run render` writes .tmp/render/demo-*.html (and PNGs with chromium).')
    if (unexpected.length > 0) {
      out(`UNEXPECTED: ${unexpected.join(', ')}`)
      return 1
    }
    out(`Every scene ended as it should (the health check and the canary fail on purpose).`)
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
