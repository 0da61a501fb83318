/**
 * The simulator's command line, read into its options: every flag checked, the one run fate and the one message fate
 * it can set included, and a server without some writes. It seeds the shop's data a newcomer recognises
 * (sim/seed-realistic.ts); the tests' hostile rows only with --hostile-seed.
 */
import type { RunFate } from './fates.js'
import type { MessageFate } from './message-fates.js'
import type { Unrestartable } from './routes/restart.js'
import type { SimulatorOptions } from './server.js'
import type { WriteRoute } from './state.js'
import type { ServerVariants } from './variants.js'

const USAGE =
  'usage: cli.js [--port N] [--messages N] [--workflow-runs N] [--latency-ms N] [--hostile-seed [--seed N]] ' +
  '[--schedules N] [--token T] [--read-only-token T] [--rate-limit N] [--host H] [--ignore-resume-count] ' +
  '[--fail-again URL|*] [--fail-again-share S] [--fail-again-after-ms N] [--fail-again-status N] ' +
  '[--fail-again-body TEXT] [--fail-again-first-error-after-ms N] [--complete-after-ms N] ' +
  '[--no-run-log] [--run-log-events-only] [--run-log-workflow-created-at] ' +
  '[--retry-fail-again URL|*] [--retry-fail-again-share S] [--retry-interval-ms N] [--retry-fail-again-status N] ' +
  '[--retry-fail-again-body TEXT] [--retry-deduplicated-share S] [--unrestartable-share S] [--unrestartable-ids IDS] ' +
  '[--lacks retry,restart,delete] [--lacks-status 404|405] [--write-dates-on-entry-time]'

/** Switches that take no value, each turning a server variant on. */
const SWITCHES: Record<string, keyof ServerVariants> = {
  '--ignore-resume-count': 'ignoreResumeCount',
  '--no-run-log': 'noRunLog',
  '--run-log-events-only': 'runLogEventsOnly',
  '--run-log-workflow-created-at': 'runLogWorkflowCreatedAt',
  '--write-dates-on-entry-time': 'writeDatesOnEntryTime'
}

/** Whether this flag of the command line is followed by a value (`npm run try` passes the simulator's flags on). */
export function takesValue(flag: string): boolean {
  return !(flag in SWITCHES) && flag !== '--hostile-seed' && flag !== '--help' && flag !== '-h'
}

/** A flag's value as a non-negative integer of milliseconds, or the error that names the flag. */
function milliseconds(flag: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new Error(`${flag} expects a non-negative integer, got ${value}`)
  return Number(value)
}

/** A flag's value as a share from 0 to 1, or the error that names the flag. */
function share(flag: string, value: string): number {
  if (!/^\d*\.?\d+$/.test(value) || Number(value) > 1) throw new Error(`${flag} expects 0 to 1, got ${value}`)
  return Number(value)
}

/** A flag's value as an HTTP status, or the error that names the flag. */
function status(flag: string, value: string): number {
  if (!/^[1-5]\d\d$/.test(value)) throw new Error(`${flag} expects an HTTP status, got ${value}`)
  return Number(value)
}

/** The flags of the one run fate the command line can set, each checked. */
const FATE_FLAGS: Record<string, (fate: RunFate, value: string) => void> = {
  '--fail-again': (fate, value) => {
    if (value !== '*') fate.workflowUrl = value
  },
  '--fail-again-share': (fate, value) => {
    fate.share = share('--fail-again-share', value)
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
    fate.responseStatus = status('--fail-again-status', value)
  },
  '--fail-again-body': (fate, value) => {
    fate.responseBody = value
  }
}

/** What the flags of the writes set: the one message fate, the runs that refuse restart, a server without a write. */
interface WriteFlags {
  messageFate: MessageFate
  fated: boolean
  unrestartable: Unrestartable
  lacks?: WriteRoute[]
  lacksStatus?: 404 | 405
}

const WRITE_ROUTES: readonly WriteRoute[] = ['retry', 'restart', 'delete']

const WRITE_FLAGS: Record<string, (flags: WriteFlags, value: string) => void> = {
  '--retry-fail-again': (flags, value) => {
    flags.fated = true
    if (value !== '*') flags.messageFate.url = value
  },
  '--retry-fail-again-share': (flags, value) => {
    flags.messageFate.share = share('--retry-fail-again-share', value)
  },
  '--retry-interval-ms': (flags, value) => {
    flags.messageFate.retryIntervalMs = milliseconds('--retry-interval-ms', value)
  },
  '--retry-fail-again-status': (flags, value) => {
    flags.messageFate.responseStatus = status('--retry-fail-again-status', value)
  },
  '--retry-fail-again-body': (flags, value) => {
    flags.messageFate.responseBody = value
  },
  '--retry-deduplicated-share': (flags, value) => {
    flags.messageFate.deduplicatedShare = share('--retry-deduplicated-share', value)
  },
  '--unrestartable-share': (flags, value) => {
    flags.unrestartable.share = share('--unrestartable-share', value)
  },
  '--unrestartable-ids': (flags, value) => {
    const ids = value.split(',')
    if (ids.includes('')) throw new Error(`--unrestartable-ids expects dlqIds joined by commas, got ${value}`)
    flags.unrestartable.dlqIds = ids
  },
  '--lacks': (flags, value) => {
    const names = value.split(',')
    const unknown = names.filter(name => !(WRITE_ROUTES as readonly string[]).includes(name))
    if (unknown.length > 0 || names.length !== new Set(names).size) {
      throw new Error(`--lacks expects some of ${WRITE_ROUTES.join(',')} joined by commas, got ${value}`)
    }
    flags.lacks = names as WriteRoute[]
  },
  '--lacks-status': (flags, value) => {
    if (value !== '404' && value !== '405') throw new Error(`--lacks-status expects 404 or 405, got ${value}`)
    flags.lacksStatus = Number(value) as 404 | 405
  }
}

/** The options the write flags make, each checked against the flags it needs. */
function writeOptions(flags: WriteFlags): SimulatorOptions {
  const options: SimulatorOptions = {}
  const { deduplicatedShare, ...failing } = flags.messageFate
  if (!flags.fated && Object.keys(failing).length > 0) {
    throw new Error(`the --retry-fail-again-* and --retry-interval-ms flags need --retry-fail-again\n${USAGE}`)
  }
  // Alone, --retry-deduplicated-share is the fate of every retry: none fails, that share is deduplicated.
  if (flags.fated) options.messageFates = [flags.messageFate]
  else if (deduplicatedShare !== undefined) options.messageFates = [{ share: 0, deduplicatedShare }]
  if (Object.keys(flags.unrestartable).length > 0) options.unrestartable = flags.unrestartable
  if (flags.lacksStatus !== undefined && flags.lacks === undefined)
    throw new Error(`--lacks-status needs --lacks\n${USAGE}`)
  if (flags.lacks !== undefined) {
    options.variants = {
      lacks: flags.lacks,
      ...(flags.lacksStatus === undefined ? {} : { lacksStatus: flags.lacksStatus })
    }
  }
  return options
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
  const writes: WriteFlags = { messageFate: {}, fated: false, unrestartable: {} }
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
    const writeFlag = WRITE_FLAGS[flag]
    if (!numeric && !text && !fateFlag && !writeFlag) throw new Error(`unknown option ${flag}\n${USAGE}`)
    if (value === undefined) {
      value = argv[++i]
      if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`)
    }
    if (writeFlag) writeFlag(writes, value)
    else if (fateFlag) {
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
  const { variants, ...written } = writeOptions(writes)
  Object.assign(options, written)
  if (variants !== undefined) options.variants = { ...options.variants, ...variants }
  // The realistic data is fixed: a --seed it would ignore is refused rather than silently unused.
  if (!hostile && options.seed !== undefined)
    throw new Error(`--seed picks the hostile rows: add --hostile-seed\n${USAGE}`)
  return hostile ? options : { ...options, realistic: true }
}
