/**
 * `npm run bench`: throughput, memory and start-up time of the BUNDLED action (dist/index.js), started as a
 * child process the way the Actions runner starts it (INPUT_* variables with the defaults of action.yml,
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files), against the loopback simulator running in this process.
 *
 * Scenarios:
 *   1. list-dlq of 12,000 messages, sequentially (count 100), 20 ms per request
 *   2. the same with concurrency 8
 *   3. list-dlq of 100,000 messages into a messages-file, sequentially, 20 ms per request
 *   4. start-up: an empty-DLQ list-dlq run (no latency) vs `node -e 0`, medians of 15 runs each
 *   5. list-dlq of 1,000,000 messages whose URL, queue, URL group and schedule are all distinct, sequentially,
 *      from a generator server (no latency): peak RSS against the goal of 200 MB (`npm run bench -- --only=5`
 *      runs this one alone)
 *
 * A script, not a test: it prints figures and a last `BENCH_JSON {...}` line. It exits 0 when a timing or
 * memory target is missed ("target missed" is printed), and 1 only when a run fails or a count is wrong.
 */
import { execFileSync, spawn } from 'node:child_process'
import { createReadStream, readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parse as parseYaml } from 'yaml'
import { parseOutputFile, runnerWorkspace } from '../tools/harness.js'
import { startSimulator, type Simulator } from '../sim/index.js'

/** lib/bench/bench.js → the repository root */
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
/** DLQ_ACTION_BUNDLE measures another bundle (e.g. one built elsewhere), as the test harness does. */
const BUNDLE = process.env.DLQ_ACTION_BUNDLE || join(ROOT, 'dist', 'index.js')
const DIST = dirname(BUNDLE)
const ACTION_YML = join(ROOT, 'action.yml')

const TOKEN = 'bench-token'
const LATENCY_MS = 20
const PAGE_SIZE = 100
const SMALL = 12_000
const LARGE = 100_000
const STARTUP_RUNS = 15
const RSS_POLL_MS = 10
const RUN_TIMEOUT_MS = 120_000

/** Targets. */
const FLOOR_TOLERANCE = 0.15
const MAX_CONCURRENCY_RATIO = 0.3
const MAX_RSS_BYTES = 150 * 1000 * 1000
const DISTINCT = 1_000_000
const MAX_DISTINCT_RSS_BYTES = 200 * 1000 * 1000

const out = (line = ''): void => {
  process.stdout.write(`${line}\n`)
}

// ---------------------------------------------------------------------------------------------
// Running a child the way the runner does, measuring wall time and peak RSS.

interface ChildRun {
  code: number | null
  signal: NodeJS.Signals | null
  /** spawn → exit, ms */
  wallMs: number
  /** highest VmHWM seen while it ran, kB (0 when not polled or never read) */
  peakRssKb: number
  rssSamples: number
  /** user + system CPU time of the child at the last sample, s (0 when not polled) */
  cpuSeconds: number
  stdout: string
  stderr: string
  outputs: Record<string, string>
  timedOut: boolean
}

/** Input defaults from action.yml: the runner sets INPUT_<NAME> for every input that has one. */
async function actionDefaults(): Promise<Record<string, string>> {
  const doc = parseYaml(await readFile(ACTION_YML, 'utf8')) as {
    inputs?: Record<string, { default?: unknown } | null>
  }
  const defaults: Record<string, string> = {}
  for (const [name, spec] of Object.entries(doc.inputs ?? {})) {
    const value = spec?.default
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      defaults[name] = String(value)
    }
  }
  return defaults
}

/** Clock ticks per second of /proc/<pid>/stat times. */
const CLK_TCK = (() => {
  try {
    const n = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())
    return Number.isFinite(n) && n > 0 ? n : 100
  } catch {
    return 100
  }
})()

/** utime + stime of a process, seconds. */
function readCpuSeconds(pid: number): number | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ') // fields[0] is field 3 (state)
    const ticks = Number(fields[11]) + Number(fields[12])
    return Number.isFinite(ticks) ? ticks / CLK_TCK : undefined
  } catch {
    return undefined
  }
}

function readHwmKb(pid: number): number | undefined {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) : undefined
  } catch {
    return undefined // gone already
  }
}

async function spawnNode(
  args: string[],
  env: Record<string, string>,
  options: { pollRss: boolean; outputFile?: string }
): Promise<ChildRun> {
  let peakRssKb = 0
  let rssSamples = 0
  let cpuSeconds = 0
  let timedOut = false
  const started = performance.now()
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  const pid = child.pid
  const poll = (): void => {
    if (pid === undefined) return
    const kb = readHwmKb(pid)
    if (kb !== undefined) {
      rssSamples++
      if (kb > peakRssKb) peakRssKb = kb
    }
    const cpu = readCpuSeconds(pid)
    if (cpu !== undefined && cpu > cpuSeconds) cpuSeconds = cpu
  }
  const poller = options.pollRss ? setInterval(poll, RSS_POLL_MS) : undefined
  if (options.pollRss) poll()
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const timer = setTimeout(() => {
    timedOut = true
    child.kill('SIGKILL')
  }, RUN_TIMEOUT_MS)

  const { code, signal, wallMs } = await new Promise<{
    code: number | null
    signal: NodeJS.Signals | null
    wallMs: number
  }>((resolve, reject) => {
    child.on('error', reject)
    // 'exit' marks the end of the process; 'close' (all pipes drained) follows.
    let exited: { code: number | null; signal: NodeJS.Signals | null; wallMs: number } | undefined
    child.on('exit', (c, s) => {
      exited = { code: c, signal: s, wallMs: performance.now() - started }
    })
    child.on('close', (c, s) => resolve(exited ?? { code: c, signal: s, wallMs: performance.now() - started }))
  }).finally(() => {
    clearTimeout(timer)
    if (poller) clearInterval(poller)
  })

  const outputs = options.outputFile ? parseOutputFile(await readFile(options.outputFile, 'utf8')) : {}
  return { code, signal, wallMs, peakRssKb, rssSamples, cpuSeconds, stdout, stderr, outputs, timedOut }
}

let defaultsCache: Record<string, string> | undefined

/** Runs the bundled action once with these inputs (plus the action.yml defaults) in a fresh temp workspace. */
async function runBundledAction(
  inputs: Record<string, string>,
  options: { pollRss: boolean }
): Promise<ChildRun & { workspace: string; cleanup: () => Promise<void> }> {
  defaultsCache ??= await actionDefaults()
  const { dir: workspace, outputFile, env, cleanup } = await runnerWorkspace({ ...defaultsCache, ...inputs }, {})
  env.GITHUB_ACTIONS = 'true'
  env.GITHUB_WORKSPACE = workspace
  env.RUNNER_TEMP = workspace
  const run = await spawnNode([BUNDLE], env, { pollRss: options.pollRss, outputFile })
  return { ...run, workspace, cleanup }
}

function baseEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() }
}

// ---------------------------------------------------------------------------------------------
// Checks and figures.

const failures: string[] = []
const warnings: string[] = []

function fail(message: string): void {
  failures.push(message)
  out(`FAILED: ${message}`)
}

function warn(message: string): void {
  warnings.push(message)
  out(`warning: ${message}`)
}

function describeFailure(label: string, run: ChildRun): string {
  const errors = run.stdout
    .split('\n')
    .filter(l => l.startsWith('::error'))
    .slice(0, 5)
    .join(' | ')
  const how = run.timedOut
    ? `timed out after ${RUN_TIMEOUT_MS / 1000} s`
    : `exit code ${run.code}${run.signal ? ` (${run.signal})` : ''}`
  return `${label}: the action ${how}${errors ? `; ${errors}` : ''}${run.stderr.trim() ? `; stderr: ${run.stderr.trim().slice(0, 500)}` : ''}`
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

const round = (n: number, digits = 3): number => Number(n.toFixed(digits))
const mb = (bytes: number): number => round(bytes / 1e6, 1)

interface ScenarioResult {
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

/** Checks the message-ids output against the seeded messages: same set, and (a warning only) same order. */
function checkMessageIds(label: string, run: ChildRun, sim: Simulator): void {
  if (run.outputs['message-ids-truncated'] === 'true') return // only a prefix: checked through the file instead
  let ids: unknown
  try {
    ids = JSON.parse(run.outputs['message-ids'] ?? '')
  } catch {
    fail(`${label}: the message-ids output is not JSON`)
    return
  }
  if (!Array.isArray(ids)) {
    fail(`${label}: the message-ids output is not an array`)
    return
  }
  const seeded = sim.state.messages.map(m => m.messageId)
  const known = new Set(seeded)
  const unique = new Set(ids as string[])
  if (unique.size !== ids.length) fail(`${label}: message-ids holds ${ids.length - unique.size} duplicates`)
  const unknown = (ids as string[]).filter(id => !known.has(id)).length
  if (unknown > 0) fail(`${label}: message-ids holds ${unknown} ids that were never seeded`)
  if (unique.size !== known.size) fail(`${label}: message-ids holds ${unique.size} distinct ids, ${known.size} seeded`)
  else if ((ids as string[]).some((id, i) => id !== seeded[i]))
    warn(`${label}: message-ids are not in earliestFirst order`)
}

/** Lines of the NDJSON file, each parsed; checks they are the seeded messages, each once. */
async function checkMessagesFile(
  label: string,
  path: string,
  sim: Simulator
): Promise<{ lines: number; bytes: number }> {
  const bytes = (await stat(path)).size
  const known = new Set(sim.state.messages.map(m => m.messageId))
  const seen = new Set<string>()
  let lines = 0
  let bad = 0
  let duplicates = 0
  let unknown = 0
  const reader = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })
  for await (const line of reader) {
    lines++
    let id: unknown
    try {
      id = (JSON.parse(line) as { messageId?: unknown }).messageId
    } catch {
      bad++
      continue
    }
    if (typeof id !== 'string') {
      bad++
      continue
    }
    if (seen.has(id)) duplicates++
    else if (!known.has(id)) unknown++
    seen.add(id)
  }
  if (lines !== known.size) fail(`${label}: the messages-file has ${lines} lines, ${known.size} messages were seeded`)
  if (bad > 0) fail(`${label}: ${bad} lines of the messages-file are not JSON messages`)
  if (duplicates > 0) fail(`${label}: the messages-file repeats ${duplicates} messages`)
  if (unknown > 0) fail(`${label}: the messages-file holds ${unknown} messages never seeded`)
  return { lines, bytes }
}

async function listScenario(
  name: string,
  seeded: number,
  extraInputs: Record<string, string>,
  withFile: boolean
): Promise<ScenarioResult> {
  const sim = await startSimulator({ token: TOKEN, messages: seeded, latencyMs: LATENCY_MS })
  try {
    const inputs: Record<string, string> = {
      operation: 'list-dlq',
      token: TOKEN,
      'base-url': sim.url,
      count: String(PAGE_SIZE),
      ...extraInputs
    }
    const fileDir = withFile ? await mkdtemp(join(tmpdir(), 'dlq-bench-file-')) : undefined
    const filePath = fileDir ? join(fileDir, 'messages.ndjson') : undefined
    if (filePath) inputs['messages-file'] = filePath
    const run = await runBundledAction(inputs, { pollRss: true })
    try {
      const listRequests = sim.requests.filter(r => r.route === 'list')
      if (sim.requestCount > 10_000)
        warn(`${name}: over 10,000 requests; the simulator kept only the last 10,000, pages is a lower bound`)
      const listed = Number(run.outputs['dlq-count'] ?? NaN)
      const result: ScenarioResult = {
        name,
        seeded,
        listed,
        pages: listRequests.length,
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
        fail(describeFailure(name, run))
        result.ok = false
      }
      if (listed !== seeded) {
        fail(`${name}: dlq-count is ${run.outputs['dlq-count'] ?? '(not set)'}, ${seeded} messages were seeded`)
        result.ok = false
      }
      if (run.rssSamples === 0) warn(`${name}: no RSS sample could be read from /proc (not Linux?)`)
      if (result.ok) checkMessageIds(name, run, sim)
      if (filePath && run.code === 0) {
        const reported = run.outputs['messages-file'] ?? ''
        if (reported !== filePath) warn(`${name}: the messages-file output is "${reported}", expected "${filePath}"`)
        const file = await checkMessagesFile(name, filePath, sim)
        result.messagesFileLines = file.lines
        result.messagesFileBytes = file.bytes
        if (file.lines !== seeded) result.ok = false
      }
      return result
    } finally {
      await run.cleanup()
      if (fileDir) await rm(fileDir, { recursive: true, force: true })
    }
  } finally {
    await sim.close()
  }
}

/**
 * A server that makes up the DLQ as it is read: page n holds messages n*100 … n*100+99, each with its own URL
 * (about 100 characters), queue, URL group and schedule, so no breakdown ever sees a value twice. It holds nothing,
 * so a million messages cost the bench no memory.
 */
async function startGenerator(total: number): Promise<{ url: string; pages: () => number; close(): Promise<void> }> {
  let pages = 0
  const base = Date.UTC(2026, 0, 1)
  const server = http.createServer((req, res) => {
    pages++
    const query = new URL(req.url ?? '/', 'http://x').searchParams
    const start = Number(query.get('cursor') ?? '0')
    const count = Number(query.get('count') ?? String(PAGE_SIZE))
    const end = Math.min(total, start + count)
    const parts: string[] = []
    for (let i = start; i < end; i++) {
      parts.push(
        `{"messageId":"msg_${i}","url":"https://hooks-${i}.example.com/deliver/${i.toString(36).padStart(40, 'x')}",` +
          `"queueName":"queue-${i}","topicName":"group-${i}","scheduleId":"sched-${i}","responseStatus":${500 + (i % 4)},` +
          `"createdAt":${base + i * 1000},"method":"POST","body":"{}"}`
      )
    }
    const cursor = end < total ? `,"cursor":"${end}"` : ''
    const body = `{"messages":[${parts.join(',')}]${cursor}}`
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) })
    res.end(body)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    pages: () => pages,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

interface DistinctResult {
  listed: number
  pages: number
  wallSeconds: number
  peakRssBytes: number
  outputsGithubBytes: number
  ok: boolean
}

/** Scenario 5: memory must not grow with the number of distinct values. */
async function distinctScenario(): Promise<DistinctResult> {
  const generator = await startGenerator(DISTINCT)
  try {
    const run = await runBundledAction(
      {
        operation: 'list-dlq',
        token: TOKEN,
        'base-url': generator.url,
        count: String(PAGE_SIZE),
        'max-pages': String(DISTINCT / PAGE_SIZE + 10)
      },
      { pollRss: true }
    )
    try {
      const listed = Number(run.outputs['dlq-count'] ?? NaN)
      const ok = run.code === 0 && listed === DISTINCT
      if (!ok) fail(`5 distinct 1M: ${describeFailure('5 distinct 1M', run)}; dlq-count ${String(listed)}`)
      return {
        listed,
        pages: generator.pages(),
        wallSeconds: round(run.wallMs / 1000),
        peakRssBytes: run.peakRssKb * 1024,
        outputsGithubBytes: Object.entries(run.outputs).reduce((n, [k, v]) => n + 2 * (k.length + v.length), 0),
        ok
      }
    } finally {
      await run.cleanup()
    }
  } finally {
    await generator.close()
  }
}

function printDistinct(distinct: DistinctResult): boolean {
  const met = distinct.ok && distinct.peakRssBytes > 0 && distinct.peakRssBytes < MAX_DISTINCT_RSS_BYTES
  out(
    `5. ${fmtInt(distinct.listed)} messages, every URL, queue, URL group and schedule distinct, sequential: ` +
      `peak RSS ${(distinct.peakRssBytes / 1e6).toFixed(1)} MB (goal < ${MAX_DISTINCT_RSS_BYTES / 1e6} MB): ${verdict(met)}; ` +
      `${distinct.wallSeconds.toFixed(1)} s, ${fmtInt(distinct.pages)} pages, outputs ${fmtInt(distinct.outputsGithubBytes)} ` +
      'bytes as GitHub counts them (limit 1,000,000)'
  )
  return met
}

interface StartupResult {
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

async function startupScenario(): Promise<StartupResult> {
  const sim = await startSimulator({ token: TOKEN, messages: 0, latencyMs: 0 })
  const actionTimes: number[] = []
  const nodeTimes: number[] = []
  let peak: number
  const inputs = { operation: 'list-dlq', token: TOKEN, 'base-url': sim.url }
  try {
    const once = async (measure: boolean): Promise<void> => {
      const bare = await spawnNode(['-e', '0'], baseEnv(), { pollRss: false })
      if (bare.code !== 0) fail(`start-up: node -e 0 exited with ${bare.code}`)
      const run = await runBundledAction(inputs, { pollRss: false })
      await run.cleanup()
      if (run.code !== 0) fail(describeFailure('start-up (empty DLQ)', run))
      else if (run.outputs['dlq-count'] !== '0')
        fail(`start-up: dlq-count is ${run.outputs['dlq-count'] ?? '(not set)'}, expected 0`)
      if (measure) {
        nodeTimes.push(bare.wallMs)
        actionTimes.push(run.wallMs)
      }
    }
    await once(false) // warm the file cache
    for (let i = 0; i < STARTUP_RUNS && failures.length === 0; i++) await once(true)
    // One more, polled, for the memory of an empty run (kept apart so polling cannot skew the timings).
    const polled = await runBundledAction(inputs, { pollRss: true })
    await polled.cleanup()
    peak = polled.peakRssKb * 1024
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

async function bundleSize(): Promise<{ totalJsBytes: number; indexJsBytes: number; files: Record<string, number> }> {
  const files: Record<string, number> = {}
  let total = 0
  for (const name of (await readdir(DIST)).sort()) {
    if (!name.endsWith('.js')) continue
    const size = (await stat(join(DIST, name))).size
    files[name] = size
    total += size
  }
  return { totalJsBytes: total, indexJsBytes: files['index.js'] ?? 0, files }
}

// ---------------------------------------------------------------------------------------------
// Printing.

function table(header: string[], rows: string[][], rightAlign: boolean[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map(r => (r[i] ?? '').length)))
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (rightAlign[i] ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd()
  return [line(header), widths.map(w => '-'.repeat(w)).join('  '), ...rows.map(line)]
}

const fmtInt = (n: number): string => (Number.isFinite(n) ? n.toLocaleString('en-US') : String(n))
const verdict = (met: boolean): string => (met ? 'target met' : 'TARGET MISSED')

/**
 * The same 12k listing by the smallest possible client: a bare undici cursor loop in its own process, no
 * validation, no tallies. What it takes above pages × latency is the simulator's and loopback's own share.
 */
async function referenceScenario(): Promise<{ wallSeconds: number; pages: number; msPerPage: number }> {
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
    const run = await spawnNode(['--input-type=module', '-e', loop], baseEnv(), { pollRss: false })
    const [pages = NaN, loopMs = NaN] = run.stdout.trim().split(' ').map(Number)
    if (run.code !== 0 || pages !== SMALL / PAGE_SIZE)
      fail(`reference loop: exit ${run.code}, ${run.stdout}${run.stderr}`)
    return { wallSeconds: loopMs / 1000, pages, msPerPage: loopMs / pages }
  } finally {
    await sim.close()
  }
}

async function main(): Promise<void> {
  const benchStarted = performance.now()
  try {
    await stat(BUNDLE)
  } catch {
    out(`${BUNDLE} is missing: run \`npm run bundle\` first.`)
    process.exit(1)
  }

  if (process.argv.includes('--only=5')) {
    out(`5. list-dlq ${fmtInt(DISTINCT)} all-distinct messages, sequential (${BUNDLE}) ...`)
    const met = printDistinct(await distinctScenario())
    out(`BENCH_JSON ${JSON.stringify({ distinctOnly: true, met, failures })}`)
    process.exitCode = failures.length > 0 ? 1 : 0
    return
  }

  const cpuList = cpus()
  out(`dlq-action benchmark: bundled action (${BUNDLE}) run as a child process, as the Actions runner runs it`)
  out(
    `node ${process.version}, ${process.platform}/${process.arch}, ${cpuList.length} CPUs (${cpuList[0]?.model.trim() ?? '?'})`
  )
  out(`loopback simulator in this process; ${LATENCY_MS} ms added to every response in scenarios 1-3`)
  out()

  const bundle = await bundleSize()

  out(
    `4. start-up: ${STARTUP_RUNS} empty-DLQ list-dlq runs (latency 0) vs ${STARTUP_RUNS} × node -e 0 (interleaved, 1 warm-up each) ...`
  )
  const startup = await startupScenario()

  const scenarios: ScenarioResult[] = []
  if (failures.length === 0) {
    out(`1. list-dlq ${fmtInt(SMALL)} messages, sequential ...`)
    scenarios.push(await listScenario('1 sequential 12k', SMALL, { concurrency: '1' }, false))
    out(`2. list-dlq ${fmtInt(SMALL)} messages, concurrency 8 ...`)
    scenarios.push(await listScenario('2 concurrency-8 12k', SMALL, { concurrency: '8' }, false))
    out(`3. list-dlq ${fmtInt(LARGE)} messages into messages-file, sequential ...`)
    scenarios.push(await listScenario('3 sequential 100k + file', LARGE, { concurrency: '1' }, true))
  }
  let distinct: DistinctResult | undefined
  if (failures.length === 0) {
    out(`5. list-dlq ${fmtInt(DISTINCT)} all-distinct messages, sequential, from a generator server ...`)
    distinct = await distinctScenario()
  }
  out(`reference: a bare undici cursor loop over the same ${fmtInt(SMALL)} messages ...`)
  const reference = await referenceScenario()
  out()

  const [seq, conc, large] = scenarios
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
  for (const l of table(
    [
      'scenario',
      'listed',
      'pages',
      'empty pages',
      'requests',
      'wall s',
      'msg/s',
      'action CPU s',
      'peak RSS MB',
      'file lines',
      'check'
    ],
    rows,
    [false, true, true, true, true, true, true, true, true, true, false]
  )) {
    out(l)
  }
  out('pages: GET /v2/dlq requests seen by the simulator (with concurrency, 2 of them are count=1 range probes);')
  out(
    'empty pages: of those, pages that held no message (from the action log); action CPU s: user+sys of the action process'
  )
  out()
  for (const l of table(
    ['start-up (median of ' + startup.runs + ')', 'median ms', 'min ms', 'max ms'],
    [
      [
        'empty-DLQ list-dlq run',
        startup.actionMedianMs.toFixed(1),
        startup.actionMinMs.toFixed(1),
        startup.actionMaxMs.toFixed(1)
      ],
      ['node -e 0', startup.nodeMedianMs.toFixed(1), startup.nodeMinMs.toFixed(1), startup.nodeMaxMs.toFixed(1)]
    ],
    [false, true, true, true]
  )) {
    out(l)
  }
  out(
    `start-up ratio (action / bare node): ${startup.ratio.toFixed(2)}×; peak RSS of an empty run ${(startup.actionPeakRssBytes / 1e6).toFixed(1)} MB`
  )
  out()

  const targets: Record<string, { value: number; target: string; met: boolean }> = {}
  if (seq) {
    const floorSeconds = (seq.pages * LATENCY_MS + startup.actionMedianMs) / 1000
    const overFloor = seq.wallSeconds / floorSeconds - 1
    const met = seq.wallSeconds <= floorSeconds * (1 + FLOOR_TOLERANCE)
    targets.sequentialVsFloor = { value: round(overFloor, 3), target: `<= ${FLOOR_TOLERANCE}`, met }
    out(
      `round-trip floor of 1: ${seq.pages} pages × ${LATENCY_MS} ms + start-up ${startup.actionMedianMs.toFixed(0)} ms = ${floorSeconds.toFixed(2)} s; ` +
        `sequential ${seq.wallSeconds.toFixed(2)} s is ${(overFloor * 100).toFixed(1)}% above it (limit ${FLOOR_TOLERANCE * 100}%): ${verdict(met)}`
    )
  }
  if (seq) {
    const floorSeconds = (seq.pages * LATENCY_MS) / 1000
    out(
      `reference: a bare undici loop (no validation, no tallies, process start not counted) takes ${reference.wallSeconds.toFixed(2)} s ` +
        `for the same ${reference.pages} pages, ${reference.msPerPage.toFixed(1)} ms a page: ` +
        `${((reference.wallSeconds / floorSeconds - 1) * 100).toFixed(1)}% above ${reference.pages} × ${LATENCY_MS} ms; ` +
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
  if (distinct) {
    const met = printDistinct(distinct)
    targets.rssDistinct1M = { value: distinct.peakRssBytes, target: `< ${MAX_DISTINCT_RSS_BYTES} bytes`, met }
  }
  out(
    `bundle: dist/*.js ${fmtInt(bundle.totalJsBytes)} bytes (${(bundle.totalJsBytes / 1e6).toFixed(2)} MB) in ${Object.keys(bundle.files).length} files; ` +
      `dist/index.js ${fmtInt(bundle.indexJsBytes)} bytes (${(bundle.indexJsBytes / 1e6).toFixed(2)} MB)`
  )
  const missed = Object.entries(targets)
    .filter(([, t]) => !t.met)
    .map(([name]) => name)
  const benchSeconds = round((performance.now() - benchStarted) / 1000, 1)
  out(`bench took ${benchSeconds.toFixed(1)} s`)
  if (missed.length > 0) out(`target missed: ${missed.join(', ')}`)
  if (failures.length > 0) out(`${failures.length} failure(s): ${failures.join(' / ')}`)
  out()

  const json = {
    reference,
    node: process.version,
    platform: `${process.platform}/${process.arch}`,
    cpus: cpuList.length,
    latencyMs: LATENCY_MS,
    pageSize: PAGE_SIZE,
    scenarios: scenarios.map(s => ({ ...s, peakRssMB: mb(s.peakRssBytes) })),
    distinct: distinct === undefined ? undefined : { ...distinct, peakRssMB: mb(distinct.peakRssBytes) },
    startup: { ...startup, actionPeakRssMB: mb(startup.actionPeakRssBytes) },
    floor:
      seq === undefined
        ? undefined
        : {
            seconds: round((seq.pages * LATENCY_MS + startup.actionMedianMs) / 1000),
            pages: seq.pages,
            latencyMs: LATENCY_MS,
            startupMs: startup.actionMedianMs
          },
    targets,
    targetsMissed: missed,
    bundle,
    failures,
    warnings,
    benchSeconds
  }
  out(`BENCH_JSON ${JSON.stringify(json)}`)
  process.exitCode = failures.length > 0 ? 1 : 0
}

main().catch(error => {
  out(`bench crashed: ${(error as Error).stack ?? String(error)}`)
  process.exit(1)
})
