/**
 * Runs the loopback simulator until SIGINT/SIGTERM.
 *
 *   node lib/sim/cli.js [--port N] [--messages N] [--workflow-runs N] [--latency-ms N] [--hostile-seed [--seed N]]
 *                               [--schedules N] [--token T] [--read-only-token T] [--rate-limit N] [--host H]
 *                               [--ignore-resume-count] [--fail-again URL|*] [--fail-again-share S]
 *                               [--fail-again-after-ms N] [--fail-again-status N] [--fail-again-body TEXT]
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
