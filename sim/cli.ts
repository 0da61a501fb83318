/**
 * Runs the loopback simulator until SIGINT/SIGTERM.
 *
 *   node lib/sim/cli.js [--port N] [--messages N] [--workflow-runs N] [--latency-ms N] [--seed N]
 *                               [--schedules N] [--token T] [--read-only-token T] [--rate-limit N] [--host H]
 *
 * Prints exactly one line to stdout: `SIMULATOR_URL=<url>`.
 */
import { startSimulator, type SimulatorOptions } from './server.js'

const USAGE =
  'usage: cli.js [--port N] [--messages N] [--workflow-runs N] [--latency-ms N] [--seed N] ' +
  '[--schedules N] [--token T] [--read-only-token T] [--rate-limit N] [--host H]'

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

function parseArgs(argv: readonly string[]): SimulatorOptions {
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

async function main(): Promise<void> {
  let options: SimulatorOptions
  try {
    options = parseArgs(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    process.exitCode = 2
    return
  }
  const simulator = await startSimulator(options)
  process.stdout.write(`SIMULATOR_URL=${simulator.url}\n`)
  let stopping = false
  const stop = (): void => {
    if (stopping) return
    stopping = true
    void simulator.close().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`simulator failed to start: ${String(error)}\n`)
  process.exit(1)
})
