/** The bench's figures as text: the scenario tables, each target with its figure and goal, and the JSON line. */
import { out } from './findings.js'
import {
  CONCURRENCY,
  DISTINCT as DISTINCT_TOTAL,
  LATENCY_MS,
  type BundleSize,
  type DistinctResult,
  type ReferenceResult,
  type ScenarioResult,
  type StartupResult
} from './scenarios.js'

/** Goals. */
const FLOOR_TOLERANCE = 0.15
const MAX_CONCURRENCY_RATIO = 0.3
const MAX_RSS_BYTES = 150 * 1000 * 1000
const MAX_DISTINCT_RSS_BYTES = 200 * 1000 * 1000
const MAX_DISTINCT_PARALLEL_FILE_RSS_BYTES = 250 * 1000 * 1000
const MAX_PARALLEL_FLOOR_RATIO = 1.4
const MAX_OUTPUTS_GITHUB_BYTES = 1000 * 1000

export const fmtInt = (n: number): string => (Number.isFinite(n) ? n.toLocaleString('en-US') : String(n))
const verdict = (met: boolean): string => (met ? 'target met' : 'TARGET MISSED')
const round = (n: number, digits = 3): number => Number(n.toFixed(digits))

/** A figure against its goal, as BENCH_JSON reports it. */
export interface Target {
  value: number
  target: string
  met: boolean
}

function table(header: string[], rows: string[][], rightAlign: boolean[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map(r => (r[i] ?? '').length)))
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (rightAlign[i] ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd()
  return [line(header), widths.map(w => '-'.repeat(w)).join('  '), ...rows.map(line)]
}

export function printScenarios(scenarios: readonly ScenarioResult[]): void {
  const rows = scenarios.map(s => [
    s.name,
    fmtInt(s.listed),
    fmtInt(s.pages),
    s.emptyPages === undefined ? '?' : fmtInt(s.emptyPages),
    fmtInt(s.requests),
    s.wallSeconds.toFixed(2),
    fmtInt(s.messagesPerSecond),
    s.actionCpuSeconds.toFixed(2),
    s.peakRssBytes ? (s.peakRssBytes / 1e6).toFixed(1) : 'n/a',
    s.messagesFileLines !== undefined
      ? `${fmtInt(s.messagesFileLines)} (${((s.messagesFileBytes ?? 0) / 1e6).toFixed(1)} MB)`
      : '-',
    s.ok ? 'ok' : 'FAILED'
  ])
  const header = ['scenario', 'listed', 'pages', 'empty pages', 'requests', 'wall s', 'msg/s', 'action CPU s']
  header.push('peak RSS MB', 'file lines', 'outputs B', 'check')
  rows.forEach((row, i) => row.splice(10, 0, fmtInt((scenarios[i] as ScenarioResult).outputsGithubBytes)))
  for (const l of table(header, rows, [false, true, true, true, true, true, true, true, true, true, true, false]))
    out(l)
  out('pages: GET /v2/dlq requests seen by the simulator (with concurrency, 2 of them are count=1 range probes);')
  out(
    'empty pages: of those, pages that held no message (from the action log); action CPU s: user+sys of the action process;'
  )
  out('outputs B: all step outputs as GitHub counts them against its 1 MB cap (UTF-16: 2 bytes a character)')
  out()
}

export function printStartup(startup: StartupResult): void {
  const row = (name: string, median: number, min: number, max: number): string[] => [
    name,
    median.toFixed(1),
    min.toFixed(1),
    max.toFixed(1)
  ]
  for (const l of table(
    ['start-up (median of ' + startup.runs + ')', 'median ms', 'min ms', 'max ms'],
    [
      row('empty-DLQ list-dlq run', startup.actionMedianMs, startup.actionMinMs, startup.actionMaxMs),
      row('node -e 0', startup.nodeMedianMs, startup.nodeMinMs, startup.nodeMaxMs)
    ],
    [false, true, true, true]
  )) {
    out(l)
  }
  out(
    `start-up ratio (action / bare node): ${startup.ratio.toFixed(2)}×; peak RSS of an empty run ${(startup.actionPeakRssBytes / 1e6).toFixed(1)} MB; ` +
      `outputs ${fmtInt(startup.outputsGithubBytes)} B as GitHub counts them`
  )
  out()
}

/** The seconds scenario 7 cannot beat: the start-up, plus a round trip a page shared by `concurrency` workers. */
const parallelFloorSeconds = (run: DistinctResult, startup: StartupResult): number =>
  (startup.actionMedianMs + (run.pages * LATENCY_MS) / run.concurrency) / 1000

/** Scenarios 5-7 (generated, all-distinct DLQs) as a table. */
export function printDistinct(runs: readonly DistinctResult[], startup: StartupResult | undefined): void {
  const rows = runs.map(r => [
    r.name,
    fmtInt(r.listed),
    fmtInt(r.pages),
    r.wallSeconds.toFixed(2),
    r.name.startsWith('7') && startup ? parallelFloorSeconds(r, startup).toFixed(2) : '-',
    r.actionCpuSeconds.toFixed(2),
    (r.peakRssBytes / 1e6).toFixed(1),
    r.messagesFileLines === undefined ? '-' : fmtInt(r.messagesFileLines),
    fmtInt(r.outputsGithubBytes),
    r.ok ? 'ok' : 'FAILED'
  ])
  const header = ['all-distinct scenario', 'listed', 'pages', 'wall s', 'floor s', 'action CPU s', 'peak RSS MB']
  header.push('file lines', 'outputs B', 'check')
  for (const l of table(header, rows, [false, true, true, true, true, true, true, true, true, false])) out(l)
  out(
    'every URL, queue, URL group and schedule distinct; pages: requests answered (with concurrency, 2 are range probes)'
  )
  for (const r of runs) if (r.stopped !== undefined) out(`${r.name} stopped: ${r.stopped}`)
  for (const r of runs) {
    if (r.wallRuns !== undefined) out(`${r.name}: wall times ${r.wallRuns.map(w => w.toFixed(2)).join(', ')} s`)
  }
  out()
}

/** The sequential million scenarios held to MAX_DISTINCT_RSS_BYTES, by number, and the name of each one's figure. */
const RSS_TARGETS: Readonly<Record<string, string>> = {
  '5': 'rssDistinct1M',
  '8': 'rssDistinct1MLongUrls',
  '9': 'rssDistinct1MCauses'
}

/** The goals of the generated scenarios that ran. */
export function distinctTargets(
  runs: readonly DistinctResult[],
  startup: StartupResult | undefined
): Record<string, Target> {
  const targets: Record<string, Target> = {}
  const line = (text: string, met: boolean): void => out(`${text}: ${verdict(met)}`)
  for (const r of runs) {
    const rssTarget = RSS_TARGETS[r.name.charAt(0)]
    if (rssTarget !== undefined) {
      const met = r.ok && r.peakRssBytes > 0 && r.peakRssBytes < MAX_DISTINCT_RSS_BYTES
      targets[rssTarget] = { value: r.peakRssBytes, target: `< ${MAX_DISTINCT_RSS_BYTES} bytes`, met }
      line(
        `${r.name}: peak RSS ${(r.peakRssBytes / 1e6).toFixed(1)} MB (goal < ${MAX_DISTINCT_RSS_BYTES / 1e6} MB)`,
        met
      )
    }
    if (r.name.startsWith('6')) {
      const max = MAX_DISTINCT_PARALLEL_FILE_RSS_BYTES
      const met = r.ok && r.peakRssBytes > 0 && r.peakRssBytes < max
      targets.rssDistinct1MParallelFile = { value: r.peakRssBytes, target: `< ${max} bytes`, met }
      line(`${r.name}: peak RSS ${(r.peakRssBytes / 1e6).toFixed(1)} MB (goal < ${max / 1e6} MB)`, met)
      targets.parallel1MDefaultMaxPages = { value: r.listed, target: `= ${fmtInt(DISTINCT_TOTAL)} listed`, met: r.ok }
      line(`${r.name}: with the default max-pages, listed ${fmtInt(r.listed)} of ${fmtInt(DISTINCT_TOTAL)}`, r.ok)
    }
    if (r.name.startsWith('7') && startup) {
      const floor = parallelFloorSeconds(r, startup)
      const ratio = r.wallSeconds / floor
      const met = r.ok && ratio <= MAX_PARALLEL_FLOOR_RATIO
      targets.parallelDistinctVsFloor = { value: round(ratio, 3), target: `<= ${MAX_PARALLEL_FLOOR_RATIO}`, met }
      line(
        `${r.name}: ${r.wallSeconds.toFixed(2)} s against a floor of start-up ${startup.actionMedianMs.toFixed(0)} ms + ` +
          `${r.pages} pages × ${LATENCY_MS} ms / ${CONCURRENCY} = ${floor.toFixed(2)} s: ${ratio.toFixed(2)}× (goal <= ${MAX_PARALLEL_FLOOR_RATIO}×)`,
        met
      )
    }
  }
  return targets
}

/** The largest outputs of any run against GitHub's cap (start-up is printed as a figure only: not a goal). */
export function sharedTargets(outputs: readonly { name: string; bytes: number }[]): Record<string, Target> {
  const targets: Record<string, Target> = {}
  const largest = outputs.reduce<{ name: string; bytes: number } | undefined>(
    (a, b) => (a === undefined || b.bytes > a.bytes ? b : a),
    undefined
  )
  if (largest) {
    const met = largest.bytes < MAX_OUTPUTS_GITHUB_BYTES
    targets.outputsLargestGithubBytes = { value: largest.bytes, target: `< ${MAX_OUTPUTS_GITHUB_BYTES} bytes`, met }
    out(
      `largest outputs of any run: ${fmtInt(largest.bytes)} bytes as GitHub counts them (${largest.name}; goal < ` +
        `${fmtInt(MAX_OUTPUTS_GITHUB_BYTES)} in every scenario): ${verdict(met)}`
    )
  }
  return targets
}

/** The seconds scenario 1 cannot beat: a round trip a page, plus the start-up. */
export const floorSeconds = (seq: ScenarioResult, startup: StartupResult): number =>
  (seq.pages * LATENCY_MS + startup.actionMedianMs) / 1000

export interface Figures {
  scenarios: readonly ScenarioResult[]
  startup: StartupResult
  reference: ReferenceResult
}

/** Each figure against its goal, one line each; the targets for BENCH_JSON. */
export function printTargets({ scenarios, startup, reference }: Figures): Record<string, Target> {
  const [seq, conc, large] = scenarios
  const targets: Record<string, Target> = {}
  if (seq) {
    const floor = floorSeconds(seq, startup)
    const overFloor = seq.wallSeconds / floor - 1
    const met = seq.wallSeconds <= floor * (1 + FLOOR_TOLERANCE)
    targets.sequentialVsFloor = { value: round(overFloor, 3), target: `<= ${FLOOR_TOLERANCE}`, met }
    out(
      `round-trip floor of 1: ${seq.pages} pages × ${LATENCY_MS} ms + start-up ${startup.actionMedianMs.toFixed(0)} ms = ${floor.toFixed(2)} s; ` +
        `sequential ${seq.wallSeconds.toFixed(2)} s is ${(overFloor * 100).toFixed(1)}% above it (limit ${FLOOR_TOLERANCE * 100}%): ${verdict(met)}`
    )
    const pagesOnly = (seq.pages * LATENCY_MS) / 1000
    out(
      `reference: a bare undici loop (no validation, no tallies, process start not counted) takes ${reference.wallSeconds.toFixed(2)} s ` +
        `for the same ${reference.pages} pages, ${reference.msPerPage.toFixed(1)} ms a page: ` +
        `${((reference.wallSeconds / pagesOnly - 1) * 100).toFixed(1)}% above ${reference.pages} × ${LATENCY_MS} ms; ` +
        `the action's pages take ${((seq.wallSeconds * 1000 - startup.actionMedianMs) / seq.pages).toFixed(1)} ms each`
    )
  }
  if (seq && conc) {
    const ratio = conc.wallSeconds / seq.wallSeconds
    const met = ratio <= MAX_CONCURRENCY_RATIO
    targets.concurrency8Ratio = { value: round(ratio, 3), target: `<= ${MAX_CONCURRENCY_RATIO}`, met }
    out(
      `concurrency 8 / sequential: ${conc.wallSeconds.toFixed(2)} s / ${seq.wallSeconds.toFixed(2)} s = ${ratio.toFixed(3)} (limit ${MAX_CONCURRENCY_RATIO}): ${verdict(met)}`
    )
  }
  if (large) {
    const met = large.peakRssBytes > 0 && large.peakRssBytes < MAX_RSS_BYTES
    targets.rss100k = { value: large.peakRssBytes, target: `< ${MAX_RSS_BYTES} bytes`, met }
    out(
      `peak RSS of the 100k listing: ${(large.peakRssBytes / 1e6).toFixed(1)} MB (limit ${MAX_RSS_BYTES / 1e6} MB): ${verdict(met)}`
    )
  }
  return targets
}

/** The goals in one table: each figure, its goal and whether it was met. */
export function printGoals(targets: Record<string, Target>): void {
  const rows = Object.entries(targets).map(([name, t]) => [name, String(t.value), t.target, verdict(t.met)])
  if (rows.length === 0) return
  out()
  for (const l of table(['figure', 'value', 'goal', 'verdict'], rows, [false, true, false, false])) out(l)
}

export function printBundle(bundle: BundleSize): void {
  out(
    `bundle: dist/*.js ${fmtInt(bundle.totalJsBytes)} bytes (${(bundle.totalJsBytes / 1e6).toFixed(2)} MB) in ${Object.keys(bundle.files).length} files; ` +
      `dist/index.js ${fmtInt(bundle.indexJsBytes)} bytes (${(bundle.indexJsBytes / 1e6).toFixed(2)} MB)`
  )
}
