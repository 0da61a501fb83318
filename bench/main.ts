/**
 * `npm run bench`: throughput, memory and start-up time of the BUNDLED action (dist/index.js), run by the harness
 * of tools/ as the Actions runner runs it, against the loopback simulator in this process. Scenarios (scenarios.ts):
 * 1. 12,000 messages, sequential, 20 ms a request; 2. the same with concurrency 8; 3. 100,000 messages into a
 * messages-file; 4. start-up against `node -e 0`; 5. 1,000,000 all-distinct messages from a generator server, peak
 * RSS against 200 MB (`npm run bench -- --only=5` runs it alone).
 *
 * A script, not a test: it prints figures and a last `BENCH_JSON {...}` line. It exits 0 when a timing or memory
 * target is missed ("target missed" is printed), and 1 only when a run fails or a count is wrong.
 */
import { stat } from 'node:fs/promises'
import { cpus } from 'node:os'
import { performance } from 'node:perf_hooks'
import { ACTION } from '../tools/harness.js'
import { Findings, out } from './findings.js'
import * as print from './print.js'
import * as scenario from './scenarios.js'

const mb = (bytes: number): number => Number((bytes / 1e6).toFixed(1))

async function onlyDistinct(findings: Findings): Promise<void> {
  out(`5. ${print.distinctTitle} (${ACTION}) ...`)
  const met = print.printDistinct(await scenario.distinctScenario(findings)).met
  out(`BENCH_JSON ${JSON.stringify({ distinctOnly: true, met, failures: findings.failures })}`)
}

async function all(findings: Findings, started: number): Promise<void> {
  const cpuList = cpus()
  out(`dlq-action benchmark: bundled action (${ACTION}) run as a child process, as the Actions runner runs it`)
  out(
    `node ${process.version}, ${process.platform}/${process.arch}, ${cpuList.length} CPUs (${cpuList[0]?.model.trim() ?? '?'})`
  )
  out(`loopback simulator in this process; ${scenario.LATENCY_MS} ms added to every response in scenarios 1-3`)
  out()
  const bundle = await scenario.bundleSize()
  const runs = scenario.STARTUP_RUNS
  out(
    `4. start-up: ${runs} empty-DLQ list-dlq runs (latency 0) vs ${runs} × node -e 0 (interleaved, 1 warm-up each) ...`
  )
  const startup = await scenario.startupScenario(findings)
  const scenarios: scenario.ScenarioResult[] = []
  const list = [
    [`1. list-dlq ${print.fmtInt(scenario.SMALL)} messages, sequential ...`, scenario.sequentialScenario],
    [`2. list-dlq ${print.fmtInt(scenario.SMALL)} messages, concurrency 8 ...`, scenario.concurrencyScenario],
    [`3. list-dlq ${print.fmtInt(scenario.LARGE)} messages into messages-file, sequential ...`, scenario.fileScenario]
  ] as const
  for (const [title, run] of findings.failures.length === 0 ? list : []) {
    out(title)
    scenarios.push(await run(findings))
  }
  let distinct: scenario.DistinctResult | undefined
  if (findings.failures.length === 0) {
    out(`5. ${print.distinctTitle}, from a generator server ...`)
    distinct = await scenario.distinctScenario(findings)
  }
  out(`reference: a bare undici cursor loop over the same ${print.fmtInt(scenario.SMALL)} messages ...`)
  const reference = await scenario.referenceScenario(findings)
  out()

  print.printScenarios(scenarios)
  print.printStartup(startup)
  const targets = print.printTargets({ scenarios, startup, distinct, reference })
  print.printBundle(bundle)
  print.printGoals(targets)
  const missed = Object.entries(targets)
    .filter(([, t]) => !t.met)
    .map(([name]) => name)
  const benchSeconds = Number(((performance.now() - started) / 1000).toFixed(1))
  out(`bench took ${benchSeconds.toFixed(1)} s`)
  if (missed.length > 0) out(`target missed: ${missed.join(', ')}`)
  if (findings.failures.length > 0) out(`${findings.failures.length} failure(s): ${findings.failures.join(' / ')}`)
  out()
  const [seq] = scenarios
  const json = {
    reference,
    node: process.version,
    platform: `${process.platform}/${process.arch}`,
    cpus: cpuList.length,
    latencyMs: scenario.LATENCY_MS,
    pageSize: scenario.PAGE_SIZE,
    scenarios: scenarios.map(s => ({ ...s, peakRssMB: mb(s.peakRssBytes) })),
    distinct: distinct === undefined ? undefined : { ...distinct, peakRssMB: mb(distinct.peakRssBytes) },
    startup: { ...startup, actionPeakRssMB: mb(startup.actionPeakRssBytes) },
    floor:
      seq === undefined
        ? undefined
        : {
            seconds: Number(print.floorSeconds(seq, startup).toFixed(3)),
            pages: seq.pages,
            latencyMs: scenario.LATENCY_MS,
            startupMs: startup.actionMedianMs
          },
    targets,
    targetsMissed: missed,
    bundle,
    failures: findings.failures,
    warnings: findings.warnings,
    benchSeconds
  }
  out(`BENCH_JSON ${JSON.stringify(json)}`)
}

async function main(): Promise<void> {
  const started = performance.now()
  try {
    await stat(ACTION)
  } catch {
    out(`${ACTION} is missing: run \`npm run bundle\` first.`)
    process.exit(1)
  }
  const findings = new Findings()
  if (process.argv.includes('--only=5')) await onlyDistinct(findings)
  else await all(findings, started)
  process.exitCode = findings.failures.length > 0 ? 1 : 0
}

main().catch(error => {
  out(`bench crashed: ${(error as Error).stack ?? String(error)}`)
  process.exit(1)
})
