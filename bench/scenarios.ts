/**
 * The bench's scenarios, one function each: the bundled action run by the harness as the runner runs it, against
 * the loopback simulator (or, for scenario 5, a generator server) in this process.
 */
import { createReadStream } from 'node:fs'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { startSimulator } from '../sim/index.js'
import { ROOT } from '../tools/action-yml.js'
import { ACTION, baseEnv, runAction, runNode, type ActionRun } from '../tools/harness.js'
import { checkMessageIds, checkMessagesFile } from './checks.js'
import { describeFailure, type Findings } from './findings.js'
import { generatedIndex, startGenerator } from './generator.js'
import { usageWatcher, type Usage } from './measure.js'

const TOKEN = 'bench-token'
export const LATENCY_MS = 20
export const PAGE_SIZE = 100
export const SMALL = 12_000
export const LARGE = 100_000
export const DISTINCT = 1_000_000
export const DISTINCT_PARALLEL = 100_000
export const CONCURRENCY = 16
export const STARTUP_RUNS = 15
const RUN_TIMEOUT_MS = 120_000

const round = (n: number, digits = 3): number => Number(n.toFixed(digits))

/** All outputs of a run as GitHub counts them against its 1 MB cap: UTF-16, two bytes a code unit. */
const githubBytes = (outputs: Record<string, string>): number =>
  Object.entries(outputs).reduce((n, [k, v]) => n + 2 * (k.length + v.length), 0)

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
  /** all outputs as GitHub counts them */
  outputsGithubBytes: number
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
      outputsGithubBytes: githubBytes(run.outputs),
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
  name: string
  listed: number
  concurrency: number
  /** GET /v2/dlq requests the generator answered */
  pages: number
  wallSeconds: number
  actionCpuSeconds: number
  peakRssBytes: number
  outputsGithubBytes: number
  messagesFileLines?: number
  /** wall time of each run, when the figure is a median of several, s */
  wallRuns?: number[]
  /** why the run stopped early, when it did (the first ::error line) */
  stopped?: string
  ok: boolean
}

interface GeneratorRun {
  name: string
  total: number
  latencyMs: number
  concurrency: number
  withFile: boolean
  /** max-pages; the action's default when not given */
  maxPages?: number
  /** URL padding of the generator (default 40: URLs of about 100 characters) */
  urlLength?: number
  /** Each message with a response body of its own, and these inputs besides (scenario 9: causes, windows) */
  bodies?: boolean
  inputs?: Record<string, string>
}

/** A listing of a generator's all-distinct DLQ, checked: exact count, ids unique and in order, the file complete. */
async function generatorScenario(findings: Findings, spec: GeneratorRun): Promise<DistinctResult> {
  const { name, total } = spec
  const generator = await startGenerator(total, PAGE_SIZE, spec.latencyMs, spec.urlLength, spec.bodies)
  const fileDir = spec.withFile ? await mkdtemp(join(tmpdir(), 'dlq-bench-file-')) : undefined
  try {
    const filePath = fileDir ? join(fileDir, 'messages.ndjson') : undefined
    const run = await measuredRun(
      {
        operation: 'list-dlq',
        token: TOKEN,
        'base-url': generator.url,
        count: String(PAGE_SIZE),
        concurrency: String(spec.concurrency),
        ...(spec.maxPages !== undefined ? { 'max-pages': String(spec.maxPages) } : {}),
        ...(filePath ? { 'messages-file': filePath } : {}),
        ...spec.inputs
      },
      true
    )
    const listed = Number(run.outputs['dlq-count'] ?? NaN)
    let ok = run.code === 0 && listed === total
    if (!ok) findings.fail(`${describeFailure(name, run, RUN_TIMEOUT_MS)}; dlq-count ${String(listed)}`)
    if (run.code === 0) ok = checkGeneratedIds(findings, name, run.outputs, total) && ok
    const result: DistinctResult = {
      name,
      listed,
      concurrency: spec.concurrency,
      pages: generator.pages(),
      wallSeconds: round(run.wallMs / 1000),
      actionCpuSeconds: round(run.cpuSeconds, 2),
      peakRssBytes: run.peakRssKb * 1024,
      outputsGithubBytes: githubBytes(run.outputs),
      ok
    }
    const stopped = run.stdout.split('\n').find(l => l.startsWith('::error'))
    if (stopped !== undefined) result.stopped = stopped.slice(0, 300)
    if (filePath && run.code === 0) {
      result.messagesFileLines = await checkGeneratedFile(findings, name, filePath, total)
      if (result.messagesFileLines !== total) result.ok = false
    }
    return result
  } finally {
    if (fileDir) await rm(fileDir, { recursive: true, force: true })
    await generator.close()
  }
}

/** The message-ids output of a generated listing: msg_0, msg_1, ... in order, all of them unless truncated. */
function checkGeneratedIds(findings: Findings, name: string, outputs: Record<string, string>, total: number): boolean {
  let ids: unknown
  try {
    ids = JSON.parse(outputs['message-ids'] ?? '')
  } catch {
    findings.fail(`${name}: the message-ids output is not JSON`)
    return false
  }
  if (!Array.isArray(ids)) {
    findings.fail(`${name}: the message-ids output is not an array`)
    return false
  }
  const wrong = ids.findIndex((id, i) => id !== `msg_${i}`)
  if (wrong >= 0) {
    findings.fail(`${name}: message-ids item ${wrong} is ${JSON.stringify(ids[wrong])}, expected "msg_${wrong}"`)
    return false
  }
  if (outputs['message-ids-truncated'] !== 'true' && ids.length !== total) {
    findings.fail(`${name}: message-ids holds ${ids.length} ids, not truncated, ${total} listed`)
    return false
  }
  return true
}

/** Lines of a generated listing's NDJSON file; each must be a generated message, each message once. */
async function checkGeneratedFile(findings: Findings, name: string, path: string, total: number): Promise<number> {
  const seen = new Uint8Array(total)
  let lines = 0
  let bad = 0
  let duplicates = 0
  for await (const line of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) {
    lines++
    let index: number | undefined
    try {
      index = generatedIndex((JSON.parse(line) as { messageId?: unknown }).messageId, total)
    } catch {
      index = undefined
    }
    if (index === undefined) bad++
    else if (seen[index]) duplicates++
    else seen[index] = 1
  }
  if (lines !== total) findings.fail(`${name}: the messages-file has ${lines} lines, ${total} messages listed`)
  if (bad > 0) findings.fail(`${name}: ${bad} lines of the messages-file are not generated messages`)
  if (duplicates > 0) findings.fail(`${name}: the messages-file repeats ${duplicates} messages`)
  return lines - bad - duplicates
}

/** 5: a million all-distinct messages, sequentially; memory must not grow with the number of distinct values. */
export const distinctScenario = (findings: Findings): Promise<DistinctResult> =>
  generatorScenario(findings, {
    name: '5 distinct 1M sequential',
    total: DISTINCT,
    latencyMs: 0,
    concurrency: 1,
    withFile: false,
    maxPages: DISTINCT / PAGE_SIZE + 10
  })

/** 8: the same million, each URL 4 KB long (the hostile shape of issue 9): memory must not follow the URLs' size. */
export const distinctLongUrlScenario = (findings: Findings): Promise<DistinctResult> =>
  generatorScenario(findings, {
    name: '8 distinct 1M 4 KB URLs sequential',
    total: DISTINCT,
    latencyMs: 0,
    concurrency: 1,
    withFile: false,
    maxPages: DISTINCT / PAGE_SIZE + 10,
    urlLength: 4000
  })

/**
 * 9: the same million, each with a response body and a cause of its own, arrivals and expiry counted and the
 * metrics file and history-file written: the causes kept stay bounded, so memory must not grow with them. `total` is for a quick
 * check of the scenario itself (`npm run bench -- --only=9 --total=20000`); its figure is the million's.
 */
export const distinctCausesScenario = async (findings: Findings, total = DISTINCT): Promise<DistinctResult> => {
  const dir = await mkdtemp(join(tmpdir(), 'dlq-bench-metrics-'))
  try {
    return await generatorScenario(findings, {
      name: `9 distinct ${total === DISTINCT ? '1M' : total} causes sequential`,
      total,
      latencyMs: 0,
      concurrency: 1,
      withFile: false,
      maxPages: Math.ceil(total / PAGE_SIZE) + 10,
      bodies: true,
      inputs: {
        retention: '7d',
        'new-within': '1d',
        'metrics-file': join(dir, 'dlq.prom'),
        'history-file': join(dir, 'dlq-history.json'),
        'fail-if-growth-above': '+1000000000/1d'
      }
    })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** 6: the same million with concurrency 16 into a messages-file, with the default max-pages: it must finish. */
export const distinctParallelFileScenario = (findings: Findings): Promise<DistinctResult> =>
  generatorScenario(findings, {
    name: `6 distinct 1M c${CONCURRENCY} + file`,
    total: DISTINCT,
    latencyMs: 0,
    concurrency: CONCURRENCY,
    withFile: true
  })

/** Runs of scenario 7: its figure is the median, as a single run on a shared machine varies by ±15%. */
const PARALLEL_RUNS = 3

/** 7: 100,000 all-distinct messages at 20 ms a request with concurrency 16, against its round-trip floor. */
export async function distinctParallelLatencyScenario(findings: Findings): Promise<DistinctResult> {
  const runs: DistinctResult[] = []
  for (let i = 0; i < PARALLEL_RUNS; i++) {
    runs.push(
      await generatorScenario(findings, {
        name: `7 distinct 100k c${CONCURRENCY} ${LATENCY_MS} ms`,
        total: DISTINCT_PARALLEL,
        latencyMs: LATENCY_MS,
        concurrency: CONCURRENCY,
        withFile: false
      })
    )
  }
  const byWall = [...runs].sort((a, b) => a.wallSeconds - b.wallSeconds)
  const median = byWall[byWall.length >> 1] as DistinctResult
  return {
    ...median,
    name: `${median.name} (median of ${runs.length})`,
    ok: runs.every(r => r.ok),
    outputsGithubBytes: Math.max(...runs.map(r => r.outputsGithubBytes)),
    peakRssBytes: Math.max(...runs.map(r => r.peakRssBytes)),
    wallRuns: runs.map(r => r.wallSeconds)
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
  outputsGithubBytes: number
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** 4: an empty-DLQ list-dlq run against `node -e 0`, interleaved, medians of `runs` each after one warm-up. */
export async function startupScenario(findings: Findings, runs = STARTUP_RUNS): Promise<StartupResult> {
  const sim = await startSimulator({ token: TOKEN, messages: 0, latencyMs: 0 })
  const actionTimes: number[] = []
  const nodeTimes: number[] = []
  let peak: number
  let outputsGithubBytes: number
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
    for (let i = 0; i < runs && findings.failures.length === 0; i++) await once(true)
    // One more, polled, for the memory of an empty run (kept apart so polling cannot skew the timings).
    const polled = await measuredRun(inputs, true)
    peak = polled.peakRssKb * 1024
    outputsGithubBytes = githubBytes(polled.outputs)
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
    actionPeakRssBytes: peak,
    outputsGithubBytes
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
