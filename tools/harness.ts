/**
 * Runs the bundled action (dist/index.js) as the Actions runner does: a fresh node process, inputs in INPUT_*
 * variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files. Shared by the end-to-end tests and the `npm start` demo.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The bundle, resolved from the working directory (the repository root under jest and npm scripts);
 * DLQ_ACTION_BUNDLE points elsewhere, e.g. to a bundle built for another Node version or another work tree.
 */
export const ACTION = process.env.DLQ_ACTION_BUNDLE || join(process.cwd(), 'dist', 'index.js')

/** The node binary that runs the bundle: DLQ_ACTION_NODE (e.g. Node 24, as action.yml declares), else this one. */
export const ACTION_NODE = process.env.DLQ_ACTION_NODE || process.execPath

export interface ActionRun {
  code: number | null
  stdout: string
  stderr: string
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
}

/** Reads a GITHUB_OUTPUT file: `name<<DELIM\nvalue\nDELIM` blocks, as @actions/core writes them. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '')
    if (!m) continue
    const [, name, delimiter] = m as unknown as [string, string, string]
    const value: string[] = []
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '')
    outputs[name] = value.join('\n')
  }
  return outputs
}

/** The data of a `::command ...::data` line with its escaping (%25, %0D, %0A) undone; undefined for other lines. */
export function commandData(line: string, command: string): string | undefined {
  const m = new RegExp(`^::${command}(?: [^:]*)?::(.*)$`).exec(line)
  return m?.[1]?.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
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

/** Prepares what the runner gives an action step, for these inputs (names as in action.yml) and extra variables. */
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
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_RUN_ID: '4242',
    ...env
  }
  // The runner upper-cases the input name and turns spaces (not dashes) into underscores.
  for (const [name, value] of Object.entries(inputs)) {
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

/** Runs the action once with these inputs (names as in action.yml) and extra environment variables. */
export async function runAction(
  inputs: Record<string, string>,
  env: Record<string, string> = {},
  options: RunActionOptions = {}
): Promise<ActionRun> {
  const { outputFile, summaryFile, env: childEnv, cleanup } = await runnerWorkspace(inputs, env)
  try {
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(ACTION_NODE, [options.action ?? ACTION], {
          env: childEnv,
          stdio: ['ignore', 'pipe', 'pipe']
        })
        let stdout = ''
        let stderr = ''
        child.stdout.on('data', chunk => (stdout += chunk))
        child.stderr.on('data', chunk => (stderr += chunk))
        const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000)
        child.on('error', error => {
          clearTimeout(timer)
          reject(error)
        })
        child.on('close', code => {
          clearTimeout(timer)
          resolve({ code, stdout, stderr })
        })
      }
    )
    const lines = stdout.split('\n')
    return {
      code,
      stdout,
      stderr,
      outputs: parseOutputFile(await readFile(outputFile, 'utf8')),
      summary: await readFile(summaryFile, 'utf8'),
      errors: lines.map(l => commandData(l, 'error')).filter((l): l is string => l !== undefined),
      warnings: lines.map(l => commandData(l, 'warning')).filter((l): l is string => l !== undefined)
    }
  } finally {
    await cleanup()
  }
}
