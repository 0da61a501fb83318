/**
 * `npm run try`: runs the action with the with: of a step the user wrote (a workflow, a step or a with: file, or
 * --with alone) against the loopback simulator, seeded as asked, the way the runner runs it; prints its log, job
 * summary and outputs, and the files it wrote. Exits with the step's exit code, or 2 when it was used wrongly.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { actionDefaults, ROOT } from './action-yml.js'
import { outputLines, renderLog, safe, summaryLines } from './console-view.js'
import { ACTION, cancelAsRunner, runAction, type ActionRun, type Cancel } from './harness.js'
import { parseTryArgs, TryError, USAGE, type TryArgs } from './try-args.js'
import { resolveInputs, UNSET, type ResolvedInputs } from './try-inputs.js'
import { describeStep, pickStep, readStepFile, type ActionStep, type StepFile } from './try-step.js'
import { fakeGitHub } from '../sim/github.js'
import { startSimulator, type Simulator } from '../sim/index.js'

/** GitHub's longest job: a step that runs longer is cut off there too. */
const STEP_TIMEOUT_MS = 6 * 3_600_000
const SIMULATOR_TOKEN = 'sim-token'
/** The repository the stand-in for GitHub's issue endpoints serves, for issue-on-failure. */
const REPOSITORY = 'acme/shop'

const out = (line = ''): void => {
  process.stdout.write(`${line}\n`)
}

/** Where the user ran `npm run try` (npm runs scripts in the package's folder): their paths are relative to it. */
const userDir = process.env.INIT_CWD || process.cwd()
const fromUser = (path: string): string => resolve(userDir, path)
const forUser = (path: string): string => {
  const shown = relative(userDir, path)
  return shown === '' || shown.startsWith('..') || isAbsolute(shown) ? path : shown
}

/** Every file under `dir`, by path relative to it, with what tells a changed one (time and size). */
function filesIn(dir: string): Map<string, string> {
  const files = new Map<string, string>()
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    const stat = statSync(path)
    files.set(relative(dir, path), `${stat.mtimeMs}:${stat.size}`)
  }
  return files
}

/** The step to run: from the file (picked), or the inputs of --with alone. */
async function chosenStep(args: TryArgs, declared: ReadonlySet<string>): Promise<[ActionStep, StepFile, string]> {
  if (args.file === undefined) {
    if (args.with.length === 0) throw new TryError(`give a workflow or with: file, or inputs with --with\n${USAGE}`)
    if (args.step !== undefined) throw new TryError('--step picks a step of a file: give the file')
    return [{ number: 1, with: {} }, { steps: [], form: new Map() }, '--with']
  }
  const path = fromUser(args.file)
  if (!existsSync(path)) throw new TryError(`${args.file}: no such file`)
  if (!statSync(path).isFile()) throw new TryError(`${args.file} is not a file`)
  const stepFile = readStepFile(args.file, readFileSync(path, 'utf8'), declared, args.uses)
  return [await pickStep(stepFile, args.step, args.file), stepFile, args.file]
}

function describeSimulator(sim: Simulator, args: TryArgs): string {
  const { messages, workflowDlq, schedules } = sim.state
  const data = args.simulator.realistic
    ? "the shop's data of npm start"
    : `the tests' hostile rows, seed ${args.simulator.seed ?? 1}`
  const variants = Object.keys(args.simulator.variants ?? {})
  return (
    `${messages.length} messages, ${workflowDlq.length} failed workflow runs, ${schedules.size} schedules (${data})` +
    (variants.length > 0 ? `; server variants: ${variants.join(', ')}` : '')
  )
}

/** An input's value on one line: the token never, an empty value visibly, a block of lines by its length. */
function shownValue(name: string, value: string): string {
  if (name === 'token') return '***'
  if (value === '') return "''"
  return value.includes('\n') ? `${value.split('\n').length} lines` : value
}

function printInputs(resolved: ResolvedInputs, secrets: readonly string[]): void {
  // Form fields left unset are many in a dispatch form: named on one line rather than one empty line each.
  const unset = (name: string): boolean =>
    resolved.inputs[name] === '' && resolved.notes[name]?.startsWith(UNSET) === true
  const entries = Object.entries(resolved.inputs).filter(([name]) => !unset(name))
  const width = Math.max(...entries.map(([name]) => name.length))
  for (const [name, value] of entries) {
    const note = resolved.notes[name]
    out(
      `    ${name.padEnd(width)} = ${safe(shownValue(name, value), secrets)}${note === undefined ? '' : `  (${safe(note, secrets)})`}`
    )
  }
  const empty = Object.keys(resolved.inputs).filter(unset)
  if (empty.length > 0) out(`    empty, ${UNSET}: ${empty.join(', ')}`)
  for (const name of resolved.undeclared) {
    out(`  warning: Unexpected input '${name}': action.yml declares no such input (the runner warns too, and goes on)`)
  }
}

function printRun(run: ActionRun, secrets: readonly string[], cancel: Cancel | undefined): void {
  out('Log:')
  for (const line of renderLog(run.stdout, secrets)) out(line === '' ? '' : `  ${line}`)
  if (run.stderr.trim() !== '') {
    out('stderr:')
    for (const line of run.stderr.trimEnd().split('\n')) out(`  ${safe(line, secrets)}`)
  }
  out()
  out('Job summary:')
  if (run.summary.trim() === '') out('  (none written)')
  for (const line of summaryLines(run.summary, secrets)) out(line === '' ? '' : `  ${line}`)
  out()
  out('Outputs:')
  for (const line of outputLines(run.outputs, secrets)) out(`  ${line}`)
  out()
  if (cancel !== undefined) out(`Cancelled as the runner cancels a step: ${cancel.sent.join(', then ')}.`)
  if (run.timedOut) out(`Stopped after ${STEP_TIMEOUT_MS / 3_600_000} hours, GitHub's longest job.`)
}

/** What a watched stage will wait for, when the simulator was told no fate for what a write creates. */
function watchHint(inputs: Record<string, string>, args: TryArgs): string | undefined {
  const { fates, messageFates } = args.simulator
  if ((inputs.stages ?? '') === '' || fates !== undefined || messageFates !== undefined) return undefined
  return (
    `  note: the simulator's new runs stay running unless told otherwise, so each watch lasts its whole ` +
    `${inputs.watch || 'watch'}: --complete-after-ms N makes them complete, --fail-again URL fail again ` +
    '(--retry-fail-again URL: retried messages)'
  )
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseTryArgs(argv)
  if (args.help) {
    out(USAGE)
    return 0
  }
  const declared = new Set(Object.keys(actionDefaults()))
  const [step, stepFile, source] = await chosenStep(args, declared)
  const action = args.src ? join(ROOT, 'lib', 'src', 'index.js') : ACTION
  if (!existsSync(action)) {
    throw new TryError(`${forUser(action)} not found: ${args.src ? 'npm run build:tools' : 'npm run bundle'} builds it`)
  }
  const workspace = args.workspace === undefined ? join(ROOT, '.tmp', 'try') : fromUser(args.workspace)
  mkdirSync(workspace, { recursive: true })

  const token = args.simulator.token ?? SIMULATOR_TOKEN
  const sim = await startSimulator({ host: '127.0.0.1', ...args.simulator, token }).catch((error: unknown) => {
    throw new TryError(`the simulator could not start: ${(error as Error).message}`)
  })
  const github = await fakeGitHub({}, REPOSITORY)
  try {
    const resolved = resolveInputs(
      { step: step.with, with: args.with, set: args.set, form: stepFile.form },
      { token, url: sim.url },
      declared
    )
    const secrets = [token]
    const described = describeStep(step).replace(/^\d+\. /, '')
    const stepIs =
      source === '--with'
        ? 'the inputs of --with'
        : described === 'with:'
          ? `the with: of ${source}`
          : `${source}, ${described}`
    out(`Step: ${stepIs}`)
    out(`Simulator: ${sim.url}, ${describeSimulator(sim, args)}`)
    out(`Runs ${forUser(action)} as the runner would, in ${forUser(workspace)}, with these inputs (others: defaults):`)
    printInputs(resolved, secrets)
    const hint = watchHint(resolved.inputs, args)
    if (hint !== undefined) out(hint)
    out()

    const before = filesIn(workspace)
    let cancel: Cancel | undefined
    let child: number | undefined
    // Ctrl-C cancels the step as the runner does (SIGINT, then SIGTERM, then SIGKILL), so its report still shows.
    const onSignal = (): void => {
      if (child !== undefined && cancel === undefined) cancel = cancelAsRunner(child, 'SIGINT')
    }
    process.on('SIGINT', onSignal)
    let run: ActionRun
    try {
      run = await runAction(
        resolved.inputs,
        {
          GITHUB_WORKSPACE: workspace,
          // The issue's links point at the stand-in, not at github.com, and there is no run to link to.
          GITHUB_API_URL: github.url,
          GITHUB_SERVER_URL: github.url,
          GITHUB_REPOSITORY: REPOSITORY,
          GITHUB_RUN_ID: ''
        },
        {
          action,
          cwd: workspace,
          timeoutMs: STEP_TIMEOUT_MS,
          watch: pid => {
            child = pid
            return () => cancel?.stop()
          }
        }
      )
    } finally {
      process.off('SIGINT', onSignal)
    }
    printRun(run, secrets, cancel)

    const after = filesIn(workspace)
    const written = [...after.keys()].filter(path => before.get(path) !== after.get(path)).sort()
    out(`Files it wrote in ${forUser(workspace)}: ${written.length > 0 ? written.join(', ') : 'none'}`)
    if (args.summary !== undefined) {
      writeFileSync(fromUser(args.summary), run.summary)
      out(`Job summary written to ${forUser(fromUser(args.summary))}`)
    }
    for (const issue of github.issues) {
      const comments = issue.comments.length === 0 ? '' : `, ${issue.comments.length} comment(s)`
      out(
        `Health issue #${issue.number} "${safe(issue.title, secrets)}" (${issue.state}${comments}), on a stand-in for GitHub`
      )
    }
    const { resumedRuns, retriedMessages, messages, workflowDlq } = sim.state
    out(
      `The simulator afterwards: ${messages.length} messages and ${workflowDlq.length} failed runs in its DLQs; ` +
        `${resumedRuns.length} runs created by resumes or restarts, ${retriedMessages.length} messages retried`
    )
    const code = run.code ?? 1
    out(`Exit code: ${code} (${code === 0 ? 'the step succeeds' : 'the step fails'})`)
    return code
  } finally {
    await Promise.all([sim.close(), github.close()])
  }
}

// A reader that stops early (`| head`) ends the output, not with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

main(process.argv.slice(2)).then(
  code => {
    process.exitCode = code
  },
  (error: unknown) => {
    // A system error (a file that cannot be read or written, a port in use) is the user's to mend: its message says it.
    const system = error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string'
    if (error instanceof TryError || system) process.stderr.write(`try: ${error.message}\n`)
    else
      process.stderr.write(`try failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exitCode = 2
  }
)
