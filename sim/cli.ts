/**
 * Runs the loopback simulator until SIGINT/SIGTERM.
 *
 *   node lib/sim/cli.js [--port N] [--messages N] [--workflow-runs N] [--latency-ms N] [--hostile-seed [--seed N]]
 *                               [--schedules N] [--token T] [--read-only-token T] [--rate-limit N] [--host H]
 *                               [--ignore-resume-count] [--fail-again URL|*] [--fail-again-share S]
 *                               [--fail-again-after-ms N] [--fail-again-status N] [--fail-again-body TEXT]
 *                               [--fail-again-first-error-after-ms N] [--complete-after-ms N]
 *                               [--no-run-log] [--run-log-events-only] [--run-log-workflow-created-at]
 *                               [--retry-fail-again URL|*] [--retry-fail-again-share S] [--retry-interval-ms N]
 *                               [--retry-fail-again-status N] [--retry-fail-again-body TEXT]
 *                               [--retry-deduplicated-share S] [--unrestartable-share S] [--unrestartable-ids IDS]
 *                               [--lacks retry,restart,delete] [--lacks-status 404|405] [--write-dates-on-entry-time]
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
 * It serves retry (POST /v2/dlq/retry), restart (POST /v2/workflows/dlq/restart) and delete (DELETE /v2/dlq,
 * DELETE /v2/workflows/dlq), each with its one-entry path. --retry-fail-again makes the messages a retry creates to
 * that URL (* for every URL) fail again: after Service-Retries attempts (3 unless sent) --retry-interval-ms apart
 * (default 0), the first after Service-Delay, each enters the DLQ under its new messageId; --retry-fail-again-share
 * fails only that share, --retry-fail-again-status and --retry-fail-again-body set its last response.
 * --retry-deduplicated-share answers that share of retries `deduplicated: true` (no new message). Restarted runs meet
 * the --fail-again fate as resumed runs do; --unrestartable-share and --unrestartable-ids make those runs answer 400
 * to a restart. --lacks makes it a server without those writes (404 by filters, or 405 with --lacks-status 405; 404
 * by ids), --write-dates-on-entry-time a server whose writes filter dates on the DLQ entry time.
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
