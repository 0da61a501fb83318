/**
 * The simulator's command line, read into its options: every flag checked, the one fate it can set included. It seeds
 * the shop's data a newcomer recognises (sim/seed-realistic.ts); the tests' hostile rows only with --hostile-seed.
 */
import type { RunFate } from './fates.js'
import type { SimulatorOptions } from './server.js'
import type { ServerVariants } from './variants.js'

const USAGE =
  'usage: cli.js [--port N] [--messages N] [--workflow-runs N] [--latency-ms N] [--hostile-seed [--seed N]] ' +
  '[--schedules N] [--token T] [--read-only-token T] [--rate-limit N] [--host H] [--ignore-resume-count] ' +
  '[--fail-again URL|*] [--fail-again-share S] [--fail-again-after-ms N] [--fail-again-status N] ' +
  '[--fail-again-body TEXT] [--fail-again-first-error-after-ms N] [--complete-after-ms N] ' +
  '[--no-run-log] [--run-log-events-only] [--run-log-workflow-created-at]'

/** Switches that take no value, each turning a server variant on. */
const SWITCHES: Record<string, keyof ServerVariants> = {
  '--ignore-resume-count': 'ignoreResumeCount',
  '--no-run-log': 'noRunLog',
  '--run-log-events-only': 'runLogEventsOnly',
  '--run-log-workflow-created-at': 'runLogWorkflowCreatedAt'
}

/** A flag's value as a non-negative integer of milliseconds, or the error that names the flag. */
function milliseconds(flag: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new Error(`${flag} expects a non-negative integer, got ${value}`)
  return Number(value)
}

/** The flags of the one fate the command line can set, each checked. */
const FATE_FLAGS: Record<string, (fate: RunFate, value: string) => void> = {
  '--fail-again': (fate, value) => {
    if (value !== '*') fate.workflowUrl = value
  },
  '--fail-again-share': (fate, value) => {
    const share = Number(value)
    if (!/^\d*\.?\d+$/.test(value) || share > 1) throw new Error(`--fail-again-share expects 0 to 1, got ${value}`)
    fate.share = share
  },
  '--fail-again-after-ms': (fate, value) => {
    fate.afterMs = milliseconds('--fail-again-after-ms', value)
  },
  '--fail-again-first-error-after-ms': (fate, value) => {
    fate.firstErrorAfterMs = milliseconds('--fail-again-first-error-after-ms', value)
  },
  '--complete-after-ms': (fate, value) => {
    fate.completeAfterMs = milliseconds('--complete-after-ms', value)
  },
  '--fail-again-status': (fate, value) => {
    if (!/^[1-5]\d\d$/.test(value)) throw new Error(`--fail-again-status expects an HTTP status, got ${value}`)
    fate.responseStatus = Number(value)
  },
  '--fail-again-body': (fate, value) => {
    fate.responseBody = value
  }
}

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
  const fate: RunFate = {}
  let fated = false
  let hostile = false
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
    if (flag === '--hostile-seed' && value === undefined) {
      hostile = true
      continue
    }
    const variant = SWITCHES[flag]
    if (variant !== undefined && value === undefined) {
      options.variants = { ...options.variants, [variant]: true }
      continue
    }
    const fateFlag = FATE_FLAGS[flag]
    if (!numeric && !text && !fateFlag) throw new Error(`unknown option ${flag}\n${USAGE}`)
    if (value === undefined) {
      value = argv[++i]
      if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`)
    }
    if (fateFlag) {
      fateFlag(fate, value)
      if (flag === '--fail-again') fated = true
    } else if (numeric) {
      if (!/^\d+$/.test(value)) throw new Error(`${flag} expects a non-negative integer, got ${value}`)
      options[numeric] = Number(value)
    } else if (text) {
      options[text] = value
    }
  }
  const { completeAfterMs, ...failing } = fate
  if (!fated && Object.keys(failing).length > 0) throw new Error(`the --fail-again-* flags need --fail-again\n${USAGE}`)
  // Alone, --complete-after-ms is the fate of every run: none fails, each completes that long after its resume.
  if (fated) options.fates = [fate]
  else if (completeAfterMs !== undefined) options.fates = [{ share: 0, completeAfterMs }]
  // The realistic data is fixed: a --seed it would ignore is refused rather than silently unused.
  if (!hostile && options.seed !== undefined)
    throw new Error(`--seed picks the hostile rows: add --hostile-seed\n${USAGE}`)
  return hostile ? options : { ...options, realistic: true }
}
