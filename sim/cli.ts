/**
 * Runs the loopback simulator until SIGINT/SIGTERM.
 *
 *   node lib/sim/cli.js [--port N] [--messages N] [--workflow-runs N] [--latency-ms N] [--hostile-seed [--seed N]]
 *                               [--schedules N] [--token T] [--read-only-token T] [--rate-limit N] [--host H]
 *                               [--ignore-resume-count] [--fail-again URL|*] [--fail-again-share S]
 *                               [--fail-again-after-ms N] [--fail-again-status N] [--fail-again-body TEXT]
 *                               [--fail-again-first-error-after-ms N] [--complete-after-ms N]
 *                               [--no-run-log] [--run-log-events-only] [--run-log-workflow-created-at]
 *
 * It seeds the shop's dead letter queue of the demo (sim/seed-realistic.ts: no --seed, the data is fixed);
 * --hostile-seed seeds the tests' hostile rows instead (sim/seed.ts: a script tag in a URL, bodies that look like
 * runner commands), which --seed varies.
 *
 * By default the bulk resume honours `count`, as the production service does; --ignore-resume-count makes it the
 * server that answers up to 50 runs whatever a smaller count says (variant ignoreResumeCount).
 *
 * --fail-again makes the runs bulk resumes create from that workflow URL (* for every URL) fail again after
 * --fail-again-after-ms (default 0) and re-enter the workflow DLQ under their new run id; --fail-again-share (0 to
 * 1, default 1) fails only that share of them, stably by run id; the others leave. A staged resume's canary stops.
 *
 * The run log tells each resumed run's course: a failing run's first attempt fails after
 * --fail-again-first-error-after-ms (default: when it fails for good), and its retries fail until
 * --fail-again-after-ms; a run that does not fail completes --complete-after-ms after its resume (default 0; alone,
 * it applies to every run). --no-run-log answers 404 on both run-log paths, --run-log-events-only only serves the
 * SDK's /v2/workflows/events, --run-log-workflow-created-at names the creation time workflowCreatedAt.
 *
 * Prints exactly one line to stdout: `SIMULATOR_URL=<url>`.
 */
import { parseArgs } from './cli-args.js'
import { startSimulator, type SimulatorOptions } from './server.js'

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
