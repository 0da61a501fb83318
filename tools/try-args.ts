/**
 * The command line of `npm run try`: the step to run (a file, --step, --with, --set), where its files and summary go,
 * and the simulator's seed and behaviour (its own command line's flags, and --variant for the server variants).
 */
import { parse as parseYaml } from 'yaml'
import { parseArgs as parseSimulatorArgs, takesValue } from '../sim/cli-args.js'
import type { SimulatorOptions } from '../sim/server.js'
import { ALL_VARIANTS, type ServerVariants, type VariantName } from '../sim/variants.js'

/** A mistake the user can make and mend: printed as its message alone, never with a stack. */
export class TryError extends Error {}

export const USAGE = `usage: npm run try -- [FILE] [--step ID|NAME|N] [--with 'NAME: VALUE']... [--set NAME=VALUE]...
                      [--summary FILE] [--workspace DIR] [--src] [--uses OWNER/REPO]
                      [--messages N] [--workflow-runs N] [--schedules N] [--realistic | --hostile-seed [--seed N]]
                      [--variant NAME[=VALUE]]... [any flag of the simulator: node lib/sim/cli.js --help]

Runs the action with the with: of a step you wrote against a loopback simulator of the service, as the runner would,
and prints its log, job summary and outputs. Exits with the step's exit code (2: this command was used wrongly).

  FILE           a workflow (its steps that use this action: uses: ./ or OWNER/dlq-action@REF), a step, or a file
                 holding a with: mapping (or only the inputs); none: the inputs of --with alone
  --step         which of the file's steps: its id, its name or its number in the list printed without it
  --with         an input over the step's (YAML: 'fail-if-count-above: 100'); repeatable
  --set          the value of an expression the step uses, by the expression (--set vars.CANARY_WORKFLOW_URL=...)
                 or by the input that holds it (--set to-date=1h); inputs.* take the form's default unless set.
                 token, secrets.* and base-url are always the simulator's
  --summary      also write the job summary (markdown) to FILE
  --workspace    the folder the step runs in, where its files land and are read (default .tmp/try; kept)
  --src          run today's src/ (lib/src/index.js, built by build:tools) instead of the bundle dist/index.js
  --uses         also count uses: OWNER/REPO@REF as this action (a fork under another name)
  --variant      a server variant of docs/service.md (sim/variants.ts), e.g. ignoreOrder, maxUrlBytes=2048, all
  --realistic    the shop's data of npm start (the default); --hostile-seed: the tests' hostile rows, by --seed`

export interface TryArgs {
  file?: string
  step?: string
  /** Inputs given with --with, in order: each over the step's. */
  with: [string, string][]
  /** --set NAME=VALUE, by NAME as given. */
  set: Map<string, string>
  summary?: string
  workspace?: string
  src: boolean
  uses?: string
  help: boolean
  simulator: SimulatorOptions
}

/** How --variant reads the value of each server variant; the compiler asks for a new variant's. */
const VARIANT_VALUES: Record<VariantName, 'switch' | 'count' | 'offsets' | 'text' | `the flag ${string}`> = {
  ignoreOrder: 'switch',
  datesOnEntryTime: 'switch',
  omitCreatedAt: 'switch',
  dateBoundOffByOne: 'switch',
  dateBoundsExclusive: 'switch',
  commaSeparates: 'switch',
  oneMessageId: 'switch',
  resumeAllWithoutCount: 'switch',
  ignoreResumeCount: 'switch',
  patchOnlySchedules: 'switch',
  maxUrlBytes: 'count',
  noDateHeader: 'switch',
  dateLiteral: 'text',
  cachedDateAgeSeconds: 'count',
  frontEndOffsetsMs: 'offsets',
  noRunLog: 'switch',
  runLogEventsOnly: 'switch',
  runLogWorkflowCreatedAt: 'switch',
  runLogRepeatedIds: 'switch',
  runLogLagMs: 'count',
  lacks: 'the flag --lacks',
  lacksStatus: 'the flag --lacks-status',
  writeDatesOnEntryTime: 'switch'
}

/** `ignore-order` or `ignoreOrder` → ignoreOrder. */
const camel = (name: string): string => name.replace(/-([a-z])/g, (_whole, c: string) => c.toUpperCase())

/** One --variant: `all`, a switch by name, or NAME=VALUE for those that take a value. */
function variant(given: string): Partial<ServerVariants> {
  const eq = given.indexOf('=')
  const name = camel(eq < 0 ? given : given.slice(0, eq))
  const value = eq < 0 ? undefined : given.slice(eq + 1)
  if (name === 'all' && value === undefined) return ALL_VARIANTS
  const kind = (VARIANT_VALUES as Record<string, string | undefined>)[name]
  if (kind === undefined) {
    throw new TryError(`--variant ${given}: no such variant; one of all, ${Object.keys(VARIANT_VALUES).join(', ')}`)
  }
  if (kind.startsWith('the flag ')) throw new TryError(`--variant ${given}: set it with ${kind.slice(9)}`)
  if (kind === 'switch') {
    if (value !== undefined) throw new TryError(`--variant ${given}: ${name} takes no value`)
    return { [name]: true }
  }
  if (value === undefined) throw new TryError(`--variant ${given}: ${name} needs a value, e.g. --variant ${name}=VALUE`)
  if (kind === 'text') return { [name]: value }
  if (kind === 'count') {
    if (!/^\d+$/.test(value)) throw new TryError(`--variant ${given}: ${name} expects a non-negative integer`)
    return { [name]: Number(value) }
  }
  const offsets = value.split(',')
  if (!offsets.every(offset => /^-?\d+$/.test(offset))) {
    throw new TryError(`--variant ${given}: ${name} expects milliseconds joined by commas, e.g. 0,-5000`)
  }
  return { [name]: offsets.map(Number) }
}

/** One --with: a YAML mapping of inputs to scalar values ('max-runs: 10'). */
function withInputs(given: string): [string, string][] {
  let parsed: unknown
  try {
    parsed = parseYaml(given, { schema: 'failsafe' })
  } catch {
    parsed = undefined
  }
  const entries = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.entries(parsed) : []
  if (entries.length === 0 || entries.some(([, value]) => typeof value !== 'string')) {
    throw new TryError(`--with expects an input and its value as YAML, e.g. --with 'max-runs: 10'; got ${given}`)
  }
  return entries as [string, string][]
}

/** The simulator's options from its own flags, its errors said without its command line's usage. */
function simulatorOptions(argv: readonly string[], variants: Partial<ServerVariants>): SimulatorOptions {
  let options: SimulatorOptions
  try {
    options = parseSimulatorArgs(argv)
  } catch (error) {
    const first = (error as Error).message.split('\n')[0] ?? ''
    throw new TryError(`${first} (npm run try -- --help lists the flags)`)
  }
  return { ...options, variants: { ...options.variants, ...variants } }
}

export function parseTryArgs(argv: readonly string[]): TryArgs {
  const args: TryArgs = { with: [], set: new Map(), src: false, help: false, simulator: {} }
  const simulatorArgv: string[] = []
  let variants: Partial<ServerVariants> = {}
  let realistic = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1
    const flag = eq > 0 ? arg.slice(0, eq) : arg
    const value = (): string => {
      const given = eq > 0 ? arg.slice(eq + 1) : argv[++i]
      if (given === undefined) throw new TryError(`${flag} needs a value\n${USAGE}`)
      return given
    }
    if (flag === '--help' || flag === '-h') args.help = true
    else if (flag === '--src') args.src = true
    else if (flag === '--realistic') realistic = true
    else if (flag === '--step') args.step = value()
    else if (flag === '--summary') args.summary = value()
    else if (flag === '--workspace') args.workspace = value()
    else if (flag === '--uses') args.uses = value()
    else if (flag === '--with') args.with.push(...withInputs(value()))
    else if (flag === '--variant') variants = { ...variants, ...variant(value()) }
    else if (flag === '--set') {
      const given = value()
      const at = given.indexOf('=')
      if (at <= 0) throw new TryError(`--set expects NAME=VALUE (an expression or an input, then =), got ${given}`)
      args.set.set(given.slice(0, at).trim(), given.slice(at + 1))
    } else if (flag.startsWith('-')) {
      simulatorArgv.push(arg)
      if (eq < 0 && takesValue(flag) && argv[i + 1] !== undefined) simulatorArgv.push(argv[++i] as string)
    } else if (args.file === undefined) args.file = arg
    else throw new TryError(`one file at a time: ${args.file} and ${arg} given`)
  }
  if (realistic && simulatorArgv.includes('--hostile-seed')) {
    throw new TryError('--realistic and --hostile-seed pick different data: give one')
  }
  if (!args.help) args.simulator = simulatorOptions(simulatorArgv, variants)
  return args
}
