/**
 * `npm run bench`: throughput, memory and start-up time of the BUNDLED action (dist/index.js), run by the harness
 * of tools/ as the Actions runner runs it, against the loopback simulator in this process. Scenarios (scenarios.ts):
 * 1. 12,000 messages, sequential, 20 ms a request; 2. the same with concurrency 8; 3. 100,000 messages into a
 * messages-file; 4. start-up against `node -e 0`; from a generator server whose messages are all distinct: 5. 1,000,000
 * sequentially, peak RSS against 200 MB; 6. the same with concurrency 16 into a messages-file with the default
 * max-pages, complete and under 250 MB; 7. 100,000 with concurrency 16 at 20 ms a request, against its round-trip
 * floor; the requests of a staged resume's 10-minute and 1-hour watch (bench/watch.ts); the list and resume figures
 * against the previous release's bundle, interleaved in the same run (bench/compare.ts) (`npm run bench -- --only=N`
 * runs one of 5-9, watch, compare, causes, retry or dry-run alone); what causes cost a listing at concurrency 16, with and without
 * them in the same run (bench/causes.ts); 9. the million of 5, each with a response body and a cause of its own,
 * arrivals, expiry, the metrics file and history-file on, peak RSS against 200 MB; the bulk writes (bench/writes.ts): a
 * retry of 25,000 messages drained 100 a request, its outputs against 1 MB, and a dry run of 100,000 entries whose
 * peak heap stays within a few MB of a dry run of 10,000 (`--only=retry`, `--only=dry-run`). Every run's outputs are
 * counted as GitHub counts them.
 *
 * A script, not a test: it prints figures and a last `BENCH_JSON {...}` line. It exits 0 when a timing or memory
 * target is missed ("target missed" is printed), and 1 when a run fails, a count is wrong, or the list or resume is
 * more than 5% slower than the previous release's (medians of interleaved rounds).
 */
import { stat } from 'node:fs/promises'
import { cpus } from 'node:os'
import { performance } from 'node:perf_hooks'
import { ACTION } from '../tools/harness.js'
import { Findings, out } from './findings.js'
import * as print from './print.js'
import * as scenario from './scenarios.js'
import { watchTargets } from './watch.js'
import { compareWithRelease } from './compare.js'
import { causesTargets } from './causes.js'
import { dryRunTargets, retryDrainTargets } from './writes.js'

const mb = (bytes: number): number => Number((bytes / 1e6).toFixed(1))

/** Scenarios 5-7, from a generator server: all-distinct DLQs. */
const GENERATED = [
  [
    '5',
    `5. list-dlq ${print.fmtInt(scenario.DISTINCT)} all-distinct messages, sequential ...`,
    scenario.distinctScenario
  ],
  [
    '6',
    `6. list-dlq ${print.fmtInt(scenario.DISTINCT)} all-distinct messages, concurrency ${scenario.CONCURRENCY}, into messages-file, default max-pages ...`,
    scenario.distinctParallelFileScenario
  ],
  [
    '7',
    `7. list-dlq ${print.fmtInt(scenario.DISTINCT_PARALLEL)} all-distinct messages, concurrency ${scenario.CONCURRENCY}, ${scenario.LATENCY_MS} ms a request ...`,
    scenario.distinctParallelLatencyScenario
  ],
  [
    '8',
    `8. list-dlq ${print.fmtInt(scenario.DISTINCT)} all-distinct messages with 4 KB URLs, sequential ...`,
    scenario.distinctLongUrlScenario
  ],
  [
    '9',
    `9. list-dlq ${print.fmtInt(scenario.DISTINCT)} all-distinct messages, each with a cause of its own, sequential ...`,
    scenario.distinctCausesScenario
  ]
] as const

let slower = false

/** A comparison with the previous release that missed its goal fails the bench (other targets only print). */
function failSlower(targets: Record<string, print.Target>): void {
  const missed = ['listVsRelease', 'resumeVsRelease'].filter(name => targets[name]?.met === false)
  if (missed.length > 0) {
    out(`slower than the previous release by more than 5%: ${missed.join(', ')}`)
    slower = true
  }
}

/** `--only=N`: one generated scenario (7 with a shorter start-up measure for its floor). */
async function only(findings: Findings, which: string): Promise<void> {
  if (which === 'watch') {
    const targets = await watchTargets()
    print.printGoals(targets)
    out(`BENCH_JSON ${JSON.stringify({ only: which, targets, failures: findings.failures })}`)
    return
  }
  if (which === 'causes') {
    const targets = await causesTargets(findings)
    print.printGoals(targets)
    out(`BENCH_JSON ${JSON.stringify({ only: which, targets, failures: findings.failures })}`)
    return
  }
  if (which === 'retry' || which === 'dry-run') {
    const targets = which === 'retry' ? await retryDrainTargets(findings) : await dryRunTargets(findings)
    print.printGoals(targets)
    out(`BENCH_JSON ${JSON.stringify({ only: which, targets, failures: findings.failures })}`)
    return
  }
  if (which === 'compare') {
    const targets = await compareWithRelease(findings)
    print.printGoals(targets)
    failSlower(targets)
    out(`BENCH_JSON ${JSON.stringify({ only: which, targets, failures: findings.failures })}`)
    return
  }
  const entry = GENERATED.find(([n]) => n === which)
  if (entry === undefined) {
    out(`--only takes 5, 6, 7, 8, 9, watch, compare, causes, retry or dry-run, not ${which}`)
    process.exitCode = 1
    return
  }
  const startup = which === '7' ? await scenario.startupScenario(findings, 5) : undefined
  out(`${entry[1]} (${ACTION})`)
  // --total=N: a smaller DLQ, to check scenario 9 itself without the machine's minutes a million costs.
  const total = process.argv.find(a => a.startsWith('--total='))
  const run =
    which === '9' && total !== undefined
      ? await scenario.distinctCausesScenario(findings, Number(total.slice('--total='.length)))
      : await entry[2](findings)
  out()
  print.printDistinct([run], startup)
  const targets = {
    ...print.distinctTargets([run], startup),
    ...print.sharedTargets([{ name: run.name, bytes: run.outputsGithubBytes }])
  }
  print.printGoals(targets)
  out(
    `BENCH_JSON ${JSON.stringify({ only: which, run: { ...run, peakRssMB: mb(run.peakRssBytes) }, targets, failures: findings.failures })}`
  )
}

async function all(findings: Findings, started: number): Promise<void> {
  const cpuList = cpus()
  out(`dlq-action benchmark: bundled action (${ACTION}) run as a child process, as the Actions runner runs it`)
  out(
    `node ${process.version}, ${process.platform}/${process.arch}, ${cpuList.length} CPUs (${cpuList[0]?.model.trim() ?? '?'})`
  )
  out(`loopback simulator in this process; ${scenario.LATENCY_MS} ms added to every response in scenarios 1-3 and 7`)
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
  const generated: scenario.DistinctResult[] = []
  for (const [, title, run] of findings.failures.length === 0 ? GENERATED : []) {
    out(title)
    generated.push(await run(findings))
  }
  out(`reference: a bare undici cursor loop over the same ${print.fmtInt(scenario.SMALL)} messages ...`)
  const reference = await scenario.referenceScenario(findings)
  out()

  print.printScenarios(scenarios)
  print.printDistinct(generated, startup)
  print.printStartup(startup)
  const outputs = [
    { name: '4 empty DLQ', bytes: startup.outputsGithubBytes },
    ...scenarios.map(s => ({ name: s.name, bytes: s.outputsGithubBytes })),
    ...generated.map(g => ({ name: g.name, bytes: g.outputsGithubBytes }))
  ]
  const targets = {
    ...print.printTargets({ scenarios, startup, reference }),
    ...print.distinctTargets(generated, startup),
    ...print.sharedTargets(outputs),
    ...(await watchTargets())
  }
  out()
  if (findings.failures.length === 0) Object.assign(targets, await compareWithRelease(findings))
  if (findings.failures.length === 0) Object.assign(targets, await causesTargets(findings))
  if (findings.failures.length === 0) Object.assign(targets, await retryDrainTargets(findings))
  if (findings.failures.length === 0) Object.assign(targets, await dryRunTargets(findings))
  failSlower(targets)
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
    generated: generated.map(g => ({ ...g, peakRssMB: mb(g.peakRssBytes) })),
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
  const which = process.argv.find(a => a.startsWith('--only='))
  if (which !== undefined) await only(findings, which.slice('--only='.length))
  else await all(findings, started)
  process.exitCode = findings.failures.length > 0 || slower ? 1 : 0
}

main().catch(error => {
  out(`bench crashed: ${(error as Error).stack ?? String(error)}`)
  process.exit(1)
})
