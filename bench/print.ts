/** The bench's figures as text: the scenario tables, each target with its figure and goal, and the JSON line. */
import { out } from './findings.js'
import {
  DISTINCT,
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
  header.push('peak RSS MB', 'file lines', 'check')
  for (const l of table(header, rows, [false, true, true, true, true, true, true, true, true, true, false])) out(l)
  out('pages: GET /v2/dlq requests seen by the simulator (with concurrency, 2 of them are count=1 range probes);')
  out(
    'empty pages: of those, pages that held no message (from the action log); action CPU s: user+sys of the action process'
  )
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
    `start-up ratio (action / bare node): ${startup.ratio.toFixed(2)}×; peak RSS of an empty run ${(startup.actionPeakRssBytes / 1e6).toFixed(1)} MB`
  )
  out()
}

/** Scenario 5's line; whether its goal was met. */
export function printDistinct(distinct: DistinctResult): Target {
  const met = distinct.ok && distinct.peakRssBytes > 0 && distinct.peakRssBytes < MAX_DISTINCT_RSS_BYTES
  out(
    `5. ${fmtInt(distinct.listed)} messages, every URL, queue, URL group and schedule distinct, sequential: ` +
      `peak RSS ${(distinct.peakRssBytes / 1e6).toFixed(1)} MB (goal < ${MAX_DISTINCT_RSS_BYTES / 1e6} MB): ${verdict(met)}; ` +
      `${distinct.wallSeconds.toFixed(1)} s, ${fmtInt(distinct.pages)} pages, outputs ${fmtInt(distinct.outputsGithubBytes)} ` +
      'bytes as GitHub counts them (limit 1,000,000)'
  )
  return { value: distinct.peakRssBytes, target: `< ${MAX_DISTINCT_RSS_BYTES} bytes`, met }
}

/** The seconds scenario 1 cannot beat: a round trip a page, plus the start-up. */
export const floorSeconds = (seq: ScenarioResult, startup: StartupResult): number =>
  (seq.pages * LATENCY_MS + startup.actionMedianMs) / 1000

export interface Figures {
  scenarios: readonly ScenarioResult[]
  startup: StartupResult
  distinct: DistinctResult | undefined
  reference: ReferenceResult
}

/** Each figure against its goal, one line each; the targets for BENCH_JSON. */
export function printTargets({ scenarios, startup, distinct, reference }: Figures): Record<string, Target> {
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
  if (distinct) targets.rssDistinct1M = printDistinct(distinct)
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

export const distinctTitle = `list-dlq ${fmtInt(DISTINCT)} all-distinct messages, sequential`
