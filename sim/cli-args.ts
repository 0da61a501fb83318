/** The command line of sim/cli.ts, read into simulator options (a module of its own so that a test can read it). */
import type { SimulatorOptions } from './server.js'

const USAGE =
  'usage: cli.js [--port N] [--messages N] [--workflow-runs N] [--latency-ms N] [--seed N] ' +
  '[--schedules N] [--token T] [--read-only-token T] [--rate-limit N] [--host H] [--ignore-resume-count]'

type NumericKey = 'port' | 'messages' | 'workflowRuns' | 'latencyMs' | 'seed' | 'schedules' | 'rateLimitPerSecond'

const NUMERIC_FLAGS: Record<string, NumericKey> = {
  '--port': 'port',
  '--messages': 'messages',
  '--workflow-runs': 'workflowRuns',
  '--latency-ms': 'latencyMs',
  '--seed': 'seed',
  '--schedules': 'schedules',
  '--rate-limit': 'rateLimitPerSecond'
}

const STRING_FLAGS: Record<string, 'token' | 'readOnlyToken' | 'host'> = {
  '--token': 'token',
  '--read-only-token': 'readOnlyToken',
  '--host': 'host'
}

export function parseArgs(argv: readonly string[]): SimulatorOptions {
  const options: SimulatorOptions = {}
  for (let i = 0; i < argv.length; i++) {
    let flag = argv[i] as string
    let value: string | undefined
    const eq = flag.indexOf('=')
    if (flag.startsWith('--') && eq > 0) {
      value = flag.slice(eq + 1)
      flag = flag.slice(0, eq)
    }
    if (flag === '--help' || flag === '-h') throw new Error(USAGE)
    if (flag === '--ignore-resume-count' && value === undefined) {
      options.variants = { ...options.variants, ignoreResumeCount: true }
      continue
    }
    const numeric = NUMERIC_FLAGS[flag]
    const text = STRING_FLAGS[flag]
    if (!numeric && !text) throw new Error(`unknown option ${flag}\n${USAGE}`)
    if (value === undefined) {
      value = argv[++i]
      if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`)
    }
    if (numeric) {
      if (!/^\d+$/.test(value)) throw new Error(`${flag} expects a non-negative integer, got ${value}`)
      options[numeric] = Number(value)
    } else if (text) {
      options[text] = value
    }
  }
  return options
}
