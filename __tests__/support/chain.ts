/**
 * One step of a workflow that uses the action, run in process as the runner would run it: inputs by name as strings
 * (action.yml's defaults filled in), the settings read once, the resume run against a simulator over real sockets on
 * a TestClock the simulator shares (a 10-minute watch takes no real time), and what the step reports.
 */
import type { Outputs } from '../../src/constants.js'
import { withDlqIdsFile } from '../../src/inputs/id-file.js'
import { InputError, readSettings } from '../../src/inputs/settings.js'
import { resumeWorkflows } from '../../src/operations/resume-workflows.js'
import { resumeReport as report } from '../../src/report/resume.js'
import { ServiceClient } from '../../src/service/client.js'
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry.js'
import { StopController } from '../../src/stop.js'
import { actionDefaults } from '../../tools/action-yml.js'
import type { TestClock } from './clock.js'

/** Where a step runs: the service it talks to, and the runner's clock (the simulator's is this one, offset). */
export interface StepEnv {
  url: string
  token: string
  clock: TestClock
}

/** What a step leaves for the steps after it and for a reader: what the runner would show of it. */
export interface StepReport {
  /** Every input as the step got it, defaults included. */
  inputs: Record<string, string>
  /** The refusal of its inputs, when they were refused before any request (nothing else is then set). */
  refused?: string
  outputs: Partial<Record<Outputs, string>>
  notice?: string
  /** The job summary's first line: the heading, with its `## ` and icon. */
  heading: string
  /** The whole job summary, where a continuation by ids is named. */
  summary: string
  /** The line the step fails with, or undefined when it succeeds. */
  failure?: string
  warnings: string[]
}

/**
 * The one place this harness calls into src/: the lead is changing these entry points (main will call one resume
 * function, the report becomes one `resumeReport`), so a change there is a change here alone.
 */
export async function runResumeStep(given: Record<string, string>, env: StepEnv): Promise<StepReport> {
  const inputs: Record<string, string> = {
    ...actionDefaults(),
    operation: 'resume-workflows',
    token: env.token,
    'base-url': env.url,
    ...given
  }
  // The runner's clock at the step's start, as main.ts takes it: relative dates count back from it.
  const now = env.clock.now()
  let settings
  try {
    settings = readSettings(name => inputs[name] ?? '', now, process.cwd())
  } catch (err) {
    if (!(err instanceof InputError)) throw err
    return { inputs, refused: err.message, outputs: {}, heading: '', summary: '', warnings: [] }
  }
  if (settings.operation !== 'resume-workflows') throw new Error(`not a resume: ${settings.operation}`)
  settings = await withDlqIdsFile(settings)
  const stop = new StopController()
  const { maxAttempts, ...service } = settings.service
  const client = new ServiceClient({
    ...service,
    retry: { ...DEFAULT_RETRY_POLICY, maxAttempts },
    log: () => {},
    // Retry pauses pass on the shared clock too: a step that retried ends later, as on a runner.
    sleep: ms => env.clock.sleep(ms, stop.signal),
    now: () => env.clock.now(),
    random: () => 0.5,
    stop
  })
  try {
    // As main.ts: the one resume entry, staged or not, and the one report.
    const result = await resumeWorkflows(client, settings.resume, {
      clock: env.clock,
      stop: stop.signal,
      log: () => {}
    })
    // As main.ts: the report speaks on the clock the verdict was judged on, the service's where it sent a Date.
    const judgedNow = client.serviceNow() ?? now
    const notice = report.notice?.(result, judgedNow)
    const failure = report.failure(result)
    const summary = report.summary(result, {}, { now: judgedNow })
    return {
      inputs,
      outputs: report.outputs(result),
      ...(notice !== undefined ? { notice } : {}),
      heading: summary.split('\n')[0] ?? '',
      summary,
      ...(failure !== undefined ? { failure } : {}),
      warnings: report.warnings(result)
    }
  } finally {
    await client.close()
  }
}

/** A later step runs this much later: runs still retrying may have failed for good, and the DLQ moved on. */
export function passTime(clock: TestClock, ms: number): void {
  clock.time += ms
}
