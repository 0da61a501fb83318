/**
 * Runs the bundled action (dist/index.js) as the Actions runner does: a fresh node process, EVERY input declared in
 * action.yml in an INPUT_* variable (its default unless given), GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files.
 * The one harness of the end-to-end tests, the `npm start` demo and the bench.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { actionDefaults, ROOT } from './action-yml.js'
import { commandData, parseOutputFile } from './runner-files.js'

/** The bundle; DLQ_ACTION_BUNDLE points elsewhere, e.g. to a bundle built into .tmp/ or for another Node version. */
export const ACTION = process.env.DLQ_ACTION_BUNDLE || join(ROOT, 'dist', 'index.js')

/** The node binary that runs the bundle: DLQ_ACTION_NODE (e.g. Node 24, as action.yml declares), else this one. */
export const ACTION_NODE = process.env.DLQ_ACTION_NODE || process.execPath

export interface ActionRun extends ProcessRun {
  outputs: Record<string, string>
  summary: string
  /** Lines the runner would read as `::error::` annotations, decoded. */
  errors: string[]
  warnings: string[]
}

export interface RunActionOptions {
  /** kill the child after this long, default 60 s */
  timeoutMs?: number
  /** path of the script to run, default ACTION */
  action?: string
  /** called with the child's pid once it is spawned; the function it returns, when the child has exited */
  watch?: (pid: number) => (() => void) | void
  /** called with each chunk of the child's stdout as it arrives (a test that acts on a log line) */
  onStdout?: (chunk: string) => void
  /** the child's working folder, where relative file inputs land (`npm run try`), default this process's */
  cwd?: string
}

/** How a node process ended, with what it printed. */
export interface ProcessRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  /** spawn → exit, ms */
  wallMs: number
  timedOut: boolean
}

/** How the runner stops a step: SIGINT, SIGTERM 7.5 s later, SIGKILL 2.5 s after; or SIGTERM, SIGKILL 10 s later. */
export const RUNNER_CANCEL: Record<'SIGINT' | 'SIGTERM', ReadonlyArray<readonly [NodeJS.Signals, number]>> = {
  SIGINT: [
    ['SIGINT', 0],
    ['SIGTERM', 7_500],
    ['SIGKILL', 10_000]
  ],
  SIGTERM: [
    ['SIGTERM', 0],
    ['SIGKILL', 10_000]
  ]
}

/** A cancel under way: when its first signal was sent (performance.now()), and how to call off the rest. */
export interface Cancel {
  sentAt: number
  /** Signals sent so far, in order. */
  sent: NodeJS.Signals[]
  stop(): void
}

/**
 * Cancels process `pid` as the runner does, starting now with `first`, escalating on the runner's schedule until
 * stop() (the harness calls it when the process has exited).
 */
export function cancelAsRunner(pid: number, first: 'SIGINT' | 'SIGTERM'): Cancel {
  const timers: NodeJS.Timeout[] = []
  const sent: NodeJS.Signals[] = []
  const send = (signal: NodeJS.Signals): void => {
    try {
      process.kill(pid, signal)
      sent.push(signal)
    } catch {
      // already gone
    }
  }
  const sentAt = performance.now()
  for (const [signal, at] of RUNNER_CANCEL[first]) {
    if (at === 0) send(signal)
    else timers.push(setTimeout(() => send(signal), at))
  }
  return { sentAt, sent, stop: () => timers.forEach(clearTimeout) }
}

/**
 * A cancel as the runner sends it, fired once when a test's server hook chooses; `watch` (for runAction) learns the
 * child's pid, and calls off the rest of the runner's schedule once the process has exited.
 */
export function cancelTrigger() {
  let pid: number | undefined
  const trigger = {
    cancel: undefined as Cancel | undefined,
    fire(first: 'SIGINT' | 'SIGTERM'): void {
      if (trigger.cancel === undefined && pid !== undefined) trigger.cancel = cancelAsRunner(pid, first)
    },
    watch: (child: number) => {
      pid = child
      return () => trigger.cancel?.stop()
    }
  }
  return trigger
}

/** A temporary runner environment: the files the runner provides and the variables that point at them. */
export interface RunnerWorkspace {
  dir: string
  outputFile: string
  summaryFile: string
  /** Environment of the action process: INPUT_* for each input, GITHUB_* pointing at this workspace. */
  env: Record<string, string>
  cleanup: () => Promise<void>
}

/** The environment a process started by the harness gets besides its own variables. */
export function baseEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() }
}

/**
 * Prepares what the runner gives an action step: every declared input (these, names as in action.yml, over the
 * defaults) and extra variables over the runner's own.
 */
export async function runnerWorkspace(
  inputs: Record<string, string>,
  env: Record<string, string> = {}
): Promise<RunnerWorkspace> {
  const dir = await mkdtemp(join(tmpdir(), 'dlq-action-'))
  const outputFile = join(dir, 'output')
  const summaryFile = join(dir, 'summary')
  await writeFile(outputFile, '')
  await writeFile(summaryFile, '')
  const childEnv: Record<string, string> = {
    ...baseEnv(),
    HOME: process.env.HOME ?? dir,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_RUN_ID: '4242',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: dir,
    ...env
  }
  // The runner upper-cases the input name and turns spaces (not dashes) into underscores.
  for (const [name, value] of Object.entries({ ...actionDefaults(), ...inputs })) {
    childEnv[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  }
  return {
    dir,
    outputFile,
    summaryFile,
    env: childEnv,
    cleanup: () => rm(dir, { recursive: true, force: true })
  }
}

/** Runs ACTION_NODE with these arguments and this whole environment; kills it after timeoutMs (default 60 s). */
export async function runNode(
  args: readonly string[],
  env: Record<string, string>,
  options: Pick<RunActionOptions, 'timeoutMs' | 'watch' | 'onStdout' | 'cwd'> = {}
): Promise<ProcessRun> {
  const started = performance.now()
  const child = spawn(ACTION_NODE, args, { env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  const unwatch = child.pid === undefined ? undefined : options.watch?.(child.pid)
  let stdout = ''
  let stderr = ''
  let timedOut = false
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    options.onStdout?.(chunk)
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const timer = setTimeout(() => {
    timedOut = true
    child.kill('SIGKILL')
  }, options.timeoutMs ?? 60_000)
  try {
    return await new Promise<ProcessRun>((resolve, reject) => {
      child.on('error', reject)
      // 'exit' marks the end of the process (its wall time); 'close' (all pipes drained) follows.
      let wallMs: number | undefined
      child.on('exit', () => (wallMs = performance.now() - started))
      child.on('close', (code, signal) =>
        resolve({ code, signal, stdout, stderr, wallMs: wallMs ?? performance.now() - started, timedOut })
      )
    })
  } finally {
    clearTimeout(timer)
    unwatch?.()
  }
}

/** Runs the action once with these inputs (names as in action.yml) and extra environment variables. */
export async function runAction(
  inputs: Record<string, string>,
  env: Record<string, string> = {},
  options: RunActionOptions = {}
): Promise<ActionRun> {
  const { outputFile, summaryFile, env: childEnv, cleanup } = await runnerWorkspace(inputs, env)
  try {
    const run = await runNode([options.action ?? ACTION], childEnv, options)
    const lines = run.stdout.split('\n')
    return {
      ...run,
      outputs: parseOutputFile(await readFile(outputFile, 'utf8')),
      summary: await readFile(summaryFile, 'utf8'),
      errors: lines.map(l => commandData(l, 'error')).filter((l): l is string => l !== undefined),
      warnings: lines.map(l => commandData(l, 'warning')).filter((l): l is string => l !== undefined)
    }
  } finally {
    await cleanup()
  }
}
