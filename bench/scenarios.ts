/**
 * The bench's scenarios, one function each: the bundled action run by the harness as the runner runs it, against
 * the loopback simulator (or, for scenario 5, a generator server) in this process.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startSimulator } from '../sim/index.js'
import { ACTION, baseEnv, ROOT, runAction, runNode, type ActionRun } from '../tools/harness.js'
import { checkMessageIds, checkMessagesFile } from './checks.js'
import { describeFailure, type Findings } from './findings.js'
import { startGenerator } from './generator.js'
import { usageWatcher, type Usage } from './measure.js'

export const TOKEN = 'bench-token'
export const LATENCY_MS = 20
export const PAGE_SIZE = 100
export const SMALL = 12_000
export const LARGE = 100_000
export const DISTINCT = 1_000_000
export const STARTUP_RUNS = 15
export const RUN_TIMEOUT_MS = 120_000

const round = (n: number, digits = 3): number => Number(n.toFixed(digits))

/** The action run once by the harness, its peak RSS and CPU time polled when asked. */
async function measuredRun(inputs: Record<string, string>, poll: boolean): Promise<ActionRun & Usage> {
  const { usage, watch } = usageWatcher()
  const run = await runAction(inputs, {}, { timeoutMs: RUN_TIMEOUT_MS, ...(poll ? { watch } : {}) })
  return { ...run, ...usage }
}

export interface ScenarioResult {
  name: string
  seeded: number
  listed: number
  pages: number
  requests: number
  wallSeconds: number
  messagesPerSecond: number
  peakRssBytes: number
  rssSamples: number
  /** CPU time of the action process (user + system), s */
  actionCpuSeconds: number
  /** pages that held no message, from the action's `page: N messages` log lines (undefined: no such lines) */
  emptyPages?: number
  messagesFileLines?: number
  messagesFileBytes?: number
  ok: boolean
}

/** A list-dlq of `seeded` messages at 20 ms a request, checked against the seed; into a messages-file if asked. */
async function listScenario(
  findings: Findings,
  name: string,
  seeded: number,
  extraInputs: Record<string, string>,
  withFile: boolean
): Promise<ScenarioResult> {
  const sim = await startSimulator({ token: TOKEN, messages: seeded, latencyMs: LATENCY_MS })
  const fileDir = withFile ? await mkdtemp(join(tmpdir(), 'dlq-bench-file-')) : undefined
  try {
    const filePath = fileDir ? join(fileDir, 'messages.ndjson') : undefined
    const inputs: Record<string, string> = {
      operation: 'list-dlq',
      token: TOKEN,
      'base-url': sim.url,
      count: String(PAGE_SIZE),
      ...extraInputs,
      ...(filePath ? { 'messages-file': filePath } : {})
    }
    const run = await measuredRun(inputs, true)
    if (sim.requestCount > 10_000)
      findings.warn(`${name}: over 10,000 requests; the simulator kept only the last 10,000, pages is a lower bound`)
    const listed = Number(run.outputs['dlq-count'] ?? NaN)
    const result: ScenarioResult = {
      name,
      seeded,
      listed,
      pages: sim.requests.filter(r => r.route === 'list').length,
      requests: sim.requestCount,
      wallSeconds: round(run.wallMs / 1000),
      messagesPerSecond: Math.round(listed / (run.wallMs / 1000)),
      peakRssBytes: run.peakRssKb * 1024,
      rssSamples: run.rssSamples,
      actionCpuSeconds: round(run.cpuSeconds, 2),
      ok: true
    }
    const pageLines = run.stdout
      .split('\n')
      .map(l => /^page: (\d+) messages/.exec(l)?.[1])
      .filter(n => n !== undefined)
    if (pageLines.length > 0) result.emptyPages = pageLines.filter(n => n === '0').length
    if (run.code !== 0) {
      findings.fail(describeFailure(name, run, RUN_TIMEOUT_MS))
      result.ok = false
    }
    if (listed !== seeded) {
      findings.fail(`${name}: dlq-count is ${run.outputs['dlq-count'] ?? '(not set)'}, ${seeded} messages were seeded`)
      result.ok = false
    }
    if (run.rssSamples === 0) findings.warn(`${name}: no RSS sample could be read from /proc (not Linux?)`)
    if (result.ok) checkMessageIds(findings, name, run, sim)
    if (filePath && run.code === 0) {
      const reported = run.outputs['messages-file'] ?? ''
      if (reported !== filePath)
        findings.warn(`${name}: the messages-file output is "${reported}", expected "${filePath}"`)
      const file = await checkMessagesFile(findings, name, filePath, sim)
      result.messagesFileLines = file.lines
      result.messagesFileBytes = file.bytes
      if (file.lines !== seeded) result.ok = false
    }
    return result
  } finally {
    if (fileDir) await rm(fileDir, { recursive: true, force: true })
    await sim.close()
  }
}

/** 1: 12,000 messages, sequentially. */
export const sequentialScenario = (findings: Findings): Promise<ScenarioResult> =>
  listScenario(findings, '1 sequential 12k', SMALL, { concurrency: '1' }, false)

/** 2: the same 12,000 messages with concurrency 8. */
export const concurrencyScenario = (findings: Findings): Promise<ScenarioResult> =>
  listScenario(findings, '2 concurrency-8 12k', SMALL, { concurrency: '8' }, false)

/** 3: 100,000 messages into a messages-file, sequentially. */
export const fileScenario = (findings: Findings): Promise<ScenarioResult> =>
  listScenario(findings, '3 sequential 100k + file', LARGE, { concurrency: '1' }, true)

export interface DistinctResult {
  listed: number
  pages: number
  wallSeconds: number
  peakRssBytes: number
  outputsGithubBytes: number
  ok: boolean
}

/** 5: a million all-distinct messages; memory must not grow with the number of distinct values. */
export async function distinctScenario(findings: Findings): Promise<DistinctResult> {
  const generator = await startGenerator(DISTINCT, PAGE_SIZE)
  try {
    const run = await measuredRun(
      {
        operation: 'list-dlq',
        token: TOKEN,
        'base-url': generator.url,
        count: String(PAGE_SIZE),
        'max-pages': String(DISTINCT / PAGE_SIZE + 10)
      },
      true
    )
    const listed = Number(run.outputs['dlq-count'] ?? NaN)
    const ok = run.code === 0 && listed === DISTINCT
    if (!ok)
      findings.fail(
        `5 distinct 1M: ${describeFailure('5 distinct 1M', run, RUN_TIMEOUT_MS)}; dlq-count ${String(listed)}`
      )
    return {
      listed,
      pages: generator.pages(),
      wallSeconds: round(run.wallMs / 1000),
      peakRssBytes: run.peakRssKb * 1024,
      outputsGithubBytes: Object.entries(run.outputs).reduce((n, [k, v]) => n + 2 * (k.length + v.length), 0),
      ok
    }
  } finally {
    await generator.close()
  }
}

export interface StartupResult {
  runs: number
  actionMedianMs: number
  actionMinMs: number
  actionMaxMs: number
  nodeMedianMs: number
  nodeMinMs: number
  nodeMaxMs: number
  ratio: number
  actionPeakRssBytes: number
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** 4: an empty-DLQ list-dlq run against `node -e 0`, interleaved, medians of 15 each after one warm-up. */
export async function startupScenario(findings: Findings): Promise<StartupResult> {
  const sim = await startSimulator({ token: TOKEN, messages: 0, latencyMs: 0 })
  const actionTimes: number[] = []
  const nodeTimes: number[] = []
  let peak: number
  const inputs = { operation: 'list-dlq', token: TOKEN, 'base-url': sim.url }
  try {
    const once = async (measure: boolean): Promise<void> => {
      const bare = await runNode(['-e', '0'], baseEnv(), { timeoutMs: RUN_TIMEOUT_MS })
      if (bare.code !== 0) findings.fail(`start-up: node -e 0 exited with ${bare.code}`)
      const run = await measuredRun(inputs, false)
      if (run.code !== 0) findings.fail(describeFailure('start-up (empty DLQ)', run, RUN_TIMEOUT_MS))
      else if (run.outputs['dlq-count'] !== '0')
        findings.fail(`start-up: dlq-count is ${run.outputs['dlq-count'] ?? '(not set)'}, expected 0`)
      if (measure) {
        nodeTimes.push(bare.wallMs)
        actionTimes.push(run.wallMs)
      }
    }
    await once(false) // warm the file cache
    for (let i = 0; i < STARTUP_RUNS && findings.failures.length === 0; i++) await once(true)
    // One more, polled, for the memory of an empty run (kept apart so polling cannot skew the timings).
    peak = (await measuredRun(inputs, true)).peakRssKb * 1024
  } finally {
    await sim.close()
  }
  const actionMedianMs = median(actionTimes)
  const nodeMedianMs = median(nodeTimes)
  return {
    runs: actionTimes.length,
    actionMedianMs: round(actionMedianMs, 1),
    actionMinMs: round(Math.min(...actionTimes), 1),
    actionMaxMs: round(Math.max(...actionTimes), 1),
    nodeMedianMs: round(nodeMedianMs, 1),
    nodeMinMs: round(Math.min(...nodeTimes), 1),
    nodeMaxMs: round(Math.max(...nodeTimes), 1),
    ratio: round(actionMedianMs / nodeMedianMs, 2),
    actionPeakRssBytes: peak
  }
}

export interface ReferenceResult {
  wallSeconds: number
  pages: number
  msPerPage: number
}

/**
 * The same 12k listing by the smallest possible client: a bare undici cursor loop in its own process, no
 * validation, no tallies. What it takes above pages × latency is the simulator's and loopback's own share.
 */
export async function referenceScenario(findings: Findings): Promise<ReferenceResult> {
  const sim = await startSimulator({ token: TOKEN, messages: SMALL, latencyMs: LATENCY_MS })
  try {
    const undici = pathToFileURL(join(ROOT, 'node_modules', 'undici', 'index.js')).href
    const loop = `
      const { request, Agent } = await import(${JSON.stringify(undici)})
      const agent = new Agent(); let cursor; let pages = 0; const started = performance.now()
      do {
        const q = new URLSearchParams({ count: '${PAGE_SIZE}' }); if (cursor) q.set('cursor', cursor)
        const r = await request(${JSON.stringify(sim.url)} + '/v2/dlq?' + q, { dispatcher: agent, headers: { authorization: 'Bearer ${TOKEN}' } })
        cursor = JSON.parse(await r.body.text()).cursor; pages++
      } while (cursor)
      await agent.close()
      console.log(pages, performance.now() - started)`
    const run = await runNode(['--input-type=module', '-e', loop], baseEnv(), { timeoutMs: RUN_TIMEOUT_MS })
    const [pages = NaN, loopMs = NaN] = run.stdout.trim().split(' ').map(Number)
    if (run.code !== 0 || pages !== SMALL / PAGE_SIZE)
      findings.fail(`reference loop: exit ${run.code}, ${run.stdout}${run.stderr}`)
    return { wallSeconds: loopMs / 1000, pages, msPerPage: loopMs / pages }
  } finally {
    await sim.close()
  }
}

export interface BundleSize {
  totalJsBytes: number
  indexJsBytes: number
  files: Record<string, number>
}

/** The size of the bundle's .js files. */
export async function bundleSize(): Promise<BundleSize> {
  const dist = dirname(ACTION)
  const files: Record<string, number> = {}
  let total = 0
  for (const name of (await readdir(dist)).sort()) {
    if (!name.endsWith('.js')) continue
    const size = (await stat(join(dist, name))).size
    files[name] = size
    total += size
  }
  return { totalJsBytes: total, indexJsBytes: files['index.js'] ?? 0, files }
}
