/**
 * The figures of the bulk writes (issue 37), each beside its goal, the bundled action run by the harness against the
 * loopback simulator: a retry of 25,000 messages drained 100 a request, its outputs measured in UTF-16 code units
 * against a job's 1 MB; and a dry run of 100,000 entries into plan-file, whose peak live heap must grow no more than a
 * few MB over a dry run of 10,000 (the plan is streamed to the file, never held). `npm run bench -- --only=retry` and
 * `--only=dry-run` run one alone.
 */
import { createReadStream } from 'node:fs'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { startSimulator, type Simulator } from '../sim/index.js'
import { runAction, type ActionRun } from '../tools/harness.js'
import { describeFailure, out, type Findings } from './findings.js'
import { usageWatcher, type Usage } from './measure.js'
import type { Target } from './print.js'

const TOKEN = 'bench-token'
const RUN_TIMEOUT_MS = 300_000
const MB = 1000 * 1000

/** The retry: messages, most a request takes (wire contract 6), latency a request, the share deduplicated. */
const RETRIED = 25_000
const RETRY_PAGE = 100
const RETRY_LATENCY_MS = 20
const DEDUPLICATED_SHARE = 0.1
/** Goal: every output of the job together under 1 MB as GitHub counts it, two bytes a UTF-16 code unit. */
const MAX_OUTPUT_UNITS = 500_000

/** The dry runs: the small one is the baseline of the large one's heap. */
const PLANNED_SMALL = 10_000
const PLANNED_LARGE = 100_000
/**
 * Goal: 90,000 more entries planned add at most this much to the peak live heap. Holding them would add tens of MB
 * (their plan file is some 45 MB of text); what a listing keeps whatever its length (its tallies, the ids up to their
 * output caps) fits in this.
 */
const MAX_HEAP_GROWTH_BYTES = 8 * MB

const fmt = (n: number): string => n.toLocaleString('en-US')
const mbText = (bytes: number): string => `${(bytes / MB).toFixed(1)} MB`
const verdict = (met: boolean): string => (met ? 'target met' : 'TARGET MISSED')

/** Every output of a run in UTF-16 code units, names included, as GitHub counts a job's outputs (two bytes each). */
const utf16Units = (outputs: Record<string, string>): number =>
  Object.entries(outputs).reduce((n, [name, value]) => n + name.length + value.length, 0)

/**
 * Written to a file the action's node preloads (NODE_OPTIONS --require, with --expose-gc): every 250 ms it collects
 * the garbage and samples the heap still in use, and writes the peak of that live heap at exit. The heap in use
 * without a collection is when V8 last collected (one major collection a run at these sizes, so it rises with run
 * time); what is live after one is what the run holds. A preload, since another process's heap cannot be read.
 */
const HEAP_PROBE = `
const { writeFileSync } = require('node:fs')
const { getHeapStatistics } = require('node:v8')
let live = 0
const sample = () => { global.gc(); const used = getHeapStatistics().used_heap_size; if (used > live) live = used }
setInterval(sample, 250).unref()
process.on('exit', () => { sample(); writeFileSync(process.env.DLQ_BENCH_HEAP_FILE, String(live)) })
`

interface MeasuredRun extends ActionRun, Usage {
  /** peak of the V8 heap live after a collection, bytes (0: not measured) */
  peakHeapBytes: number
}

/**
 * The action run once, its peak RSS and CPU polled from /proc, and its peak live heap when `heapDir` holds the probe
 * (whose collections slow the run: its time is then no figure).
 */
async function measured(inputs: Record<string, string>, heapDir?: string): Promise<MeasuredRun> {
  const { usage, watch } = usageWatcher()
  const env: Record<string, string> = {}
  if (heapDir !== undefined) {
    env.NODE_OPTIONS = `--expose-gc --require "${join(heapDir, 'probe.cjs')}"`
    env.DLQ_BENCH_HEAP_FILE = join(heapDir, 'peak')
    await rm(env.DLQ_BENCH_HEAP_FILE, { force: true })
  }
  const run = await runAction(inputs, env, { timeoutMs: RUN_TIMEOUT_MS, watch })
  const peakHeapBytes = heapDir === undefined ? 0 : Number(await readFile(join(heapDir, 'peak'), 'utf8').catch(() => 0))
  return { ...run, ...usage, peakHeapBytes }
}

/** A figure against its goal, printed as the other scenarios print theirs. */
function target(line: string, value: number, goal: string, met: boolean): Target {
  out(`${line}: ${verdict(met)}`)
  return { value, target: goal, met }
}

/**
 * The retry of every message of a DLQ of 25,000 (`all`), a tenth answered deduplicated: drained by cursor 100 a
 * request, each entry retried once, the counts exact, the ids output a prefix of the new messages in order.
 */
export async function retryDrainTargets(findings: Findings): Promise<Record<string, Target>> {
  const name = `retry ${fmt(RETRIED)} messages`
  out(`retry-messages of ${fmt(RETRIED)} messages (all), ${RETRY_LATENCY_MS} ms a request ...`)
  const sim = await startSimulator({
    token: TOKEN,
    messages: RETRIED,
    workflowRuns: 0,
    latencyMs: RETRY_LATENCY_MS,
    messageFates: [{ deduplicatedShare: DEDUPLICATED_SHARE, share: 0 }]
  })
  try {
    const run = await measured({ operation: 'retry-messages', token: TOKEN, 'base-url': sim.url, all: 'true' })
    if (run.code !== 0) findings.fail(describeFailure(name, run, RUN_TIMEOUT_MS))
    checkRetry(findings, name, run, sim)
    const requests = sim.requests.filter(r => r.route === 'retry')
    const units = utf16Units(run.outputs)
    const ids = JSON.parse(run.outputs['message-ids'] ?? '[]') as unknown[]
    out(
      `  ${fmt(Number(run.outputs['retried-count']))} retried (${run.outputs['deduplicated-count'] ?? '?'} ` +
        `deduplicated) in ${fmt(requests.length)} retry requests; ${(run.wallMs / 1000).toFixed(2)} s, ` +
        `${run.cpuSeconds.toFixed(2)} s of CPU, peak RSS ${mbText(run.peakRssKb * 1024)}; message-ids holds ` +
        `${fmt(ids.length)} ids${run.outputs['message-ids-truncated'] === 'true' ? ' (truncated)' : ''}`
    )
    const drained = requests.length === Math.ceil(RETRIED / RETRY_PAGE)
    return {
      retryRequests: target(
        `  it sent ${fmt(requests.length)} retry requests (goal: ${RETRIED / RETRY_PAGE}, ${RETRY_PAGE} a request)`,
        requests.length,
        `= ${RETRIED / RETRY_PAGE} requests`,
        drained
      ),
      retryOutputsUtf16Units: target(
        `  its outputs: ${fmt(units)} UTF-16 code units, ${fmt(units * 2)} bytes as GitHub counts them ` +
          `(goal < ${fmt(MAX_OUTPUT_UNITS)} units, the 1 MB of a job's outputs)`,
        units,
        `< ${MAX_OUTPUT_UNITS} UTF-16 code units (1 MB)`,
        units < MAX_OUTPUT_UNITS
      )
    }
  } finally {
    await sim.close()
  }
}

/** What the simulator did against what the outputs say: each entry once, 100 a request at most, ids in order. */
function checkRetry(findings: Findings, name: string, run: ActionRun, sim: Simulator): void {
  const retried = sim.state.retriedMessages
  const taken = new Set(retried.map(m => m.fromDlqId))
  if (retried.length !== RETRIED || taken.size !== RETRIED) {
    findings.fail(`${name}: the simulator retried ${retried.length} messages (${taken.size} entries), not ${RETRIED}`)
  }
  if (run.outputs['retried-count'] !== String(RETRIED)) {
    findings.fail(`${name}: retried-count is ${run.outputs['retried-count'] ?? '(not set)'}`)
  }
  const deduplicated = retried.filter(m => m.deduplicated).length
  if (run.outputs['deduplicated-count'] !== String(deduplicated)) {
    findings.fail(
      `${name}: deduplicated-count is ${run.outputs['deduplicated-count'] ?? '(not set)'}, not ${deduplicated}`
    )
  }
  const over = sim.requests.filter(r => r.route === 'retry' && Number(r.query.get('count')) > RETRY_PAGE)
  if (over.length > 0) findings.fail(`${name}: ${over.length} retry requests asked for more than ${RETRY_PAGE}`)
  const ids = JSON.parse(run.outputs['message-ids'] ?? '[]') as unknown[]
  const wrong = ids.findIndex((id, i) => id !== retried[i]?.messageId)
  if (wrong >= 0)
    findings.fail(`${name}: message-ids item ${wrong} is not the new message ${retried[wrong]?.messageId}`)
  if (run.outputs['message-ids-truncated'] !== 'true' && ids.length !== RETRIED) {
    findings.fail(`${name}: message-ids holds ${ids.length} ids, not truncated`)
  }
}

interface DryRun {
  entries: number
  run: MeasuredRun
  planFileBytes: number
}

/** A dry run of a retry of every message of a DLQ of `entries` into plan-file, checked: no write, the plan whole. */
async function dryRun(findings: Findings, entries: number, dir: string): Promise<DryRun> {
  const name = `dry run of ${fmt(entries)}`
  const sim = await startSimulator({ token: TOKEN, messages: entries, workflowRuns: 0 })
  const planFile = join(dir, `plan-${entries}.ndjson`)
  try {
    const run = await measured(
      {
        operation: 'retry-messages',
        token: TOKEN,
        'base-url': sim.url,
        all: 'true',
        'dry-run': 'true',
        'plan-file': planFile
      },
      dir
    )
    if (run.code !== 0) findings.fail(describeFailure(name, run, RUN_TIMEOUT_MS))
    if (run.outputs['planned-count'] !== String(entries) || run.outputs.complete !== 'true') {
      findings.fail(
        `${name}: planned-count ${run.outputs['planned-count'] ?? '(not set)'}, complete ${run.outputs.complete ?? '(not set)'}`
      )
    }
    const writes = sim.requests.filter(r => r.route === 'retry').length
    if (writes > 0) findings.fail(`${name}: ${writes} retry requests sent by a dry run`)
    if (run.peakHeapBytes === 0) findings.fail(`${name}: the heap probe wrote no figure`)
    const want = new Set(sim.state.messages.map(m => m.dlqId))
    let lines = 0
    for await (const line of createInterface({ input: createReadStream(planFile, 'utf8'), crlfDelay: Infinity })) {
      lines++
      want.delete((JSON.parse(line) as { dlqId?: string }).dlqId ?? '')
    }
    if (lines !== entries || want.size > 0) {
      findings.fail(`${name}: plan-file has ${lines} lines, ${want.size} entries of the DLQ missing`)
    }
    return { entries, run, planFileBytes: (await stat(planFile)).size }
  } finally {
    await rm(planFile, { force: true })
    await sim.close()
  }
}

/** Dry runs of 10,000 and 100,000 entries: the growth of the peak heap from one to the other, against its goal. */
export async function dryRunTargets(findings: Findings): Promise<Record<string, Target>> {
  out(`dry runs of retry-messages into plan-file: ${fmt(PLANNED_SMALL)} and ${fmt(PLANNED_LARGE)} entries ...`)
  const dir = await mkdtemp(join(tmpdir(), 'dlq-bench-plan-'))
  try {
    await writeFile(join(dir, 'probe.cjs'), HEAP_PROBE)
    const runs = [await dryRun(findings, PLANNED_SMALL, dir), await dryRun(findings, PLANNED_LARGE, dir)]
    for (const { entries, run, planFileBytes } of runs) {
      out(
        `  ${fmt(entries)} entries planned: peak live heap ${mbText(run.peakHeapBytes)}, peak RSS ` +
          `${mbText(run.peakRssKb * 1024)}; plan-file ${mbText(planFileBytes)}`
      )
    }
    const [small, large] = runs as [DryRun, DryRun]
    const growth = large.run.peakHeapBytes - small.run.peakHeapBytes
    return {
      dryRunHeapGrowthBytes: target(
        `  peak live heap growth from ${fmt(PLANNED_SMALL)} to ${fmt(PLANNED_LARGE)} entries: ${mbText(growth)} (goal <= ` +
          `${mbText(MAX_HEAP_GROWTH_BYTES)}; the plan of ${fmt(PLANNED_LARGE)}, held, would be some ` +
          `${mbText(large.planFileBytes)} of text alone)`,
        growth,
        `<= ${MAX_HEAP_GROWTH_BYTES} bytes`,
        growth <= MAX_HEAP_GROWTH_BYTES
      )
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
