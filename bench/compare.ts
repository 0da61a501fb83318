/**
 * The list and resume figures of this tree's bundle against the previous release's, in the same run: each round runs
 * the list (scenario 7's shape), the resume, and a bare 16-slice loop, the two bundles in alternating order, so the
 * noise of a shared machine (±10-20% a run) falls on both alike. Figures are medians of the rounds.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startSimulator } from '../sim/index.js'
import { ROOT } from '../tools/action-yml.js'
import { ACTION, baseEnv, runAction, runNode } from '../tools/harness.js'
import { describeFailure, out, type Findings } from './findings.js'
import { startGenerator } from './generator.js'
import type { Target } from './print.js'

/** The previous release: 1.0.0 has no tag yet; its commit is the one that dated CHANGELOG's [1.0.0] section. */
const BASELINE_TAG = 'v1.0.0'
const BASELINE_COMMIT = '70d6570'
/** A figure more than this much slower than the release's fails the bench. */
const MAX_SLOWDOWN = 0.05
/** The list at most this many times the bare 16-slice loop (issue 31: 50169da's 1.33-1.34, main had drifted to 1.5). */
const MAX_LIST_VS_LOOP = 1.35
const ROUNDS = Number(process.env.DLQ_BENCH_ROUNDS) || 7

const TOKEN = 'bench-token'
const LIST_MESSAGES = 100_000
const PAGE_SIZE = 100
const LATENCY_MS = 20
const CONCURRENCY = 16
const RESUME_RUNS = 5_000
const RUN_TIMEOUT_MS = 120_000

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/**
 * The release's bundle: DLQ_BASELINE_BUNDLE, else the dist/ committed at tag v1.0.0 or at BASELINE_COMMIT, taken from
 * the local git history into .tmp/ (no network). Undefined, with the reason, when neither can be had.
 */
function baselineBundle(): { path?: string; label: string; why?: string } {
  const given = process.env.DLQ_BASELINE_BUNDLE
  if (given) return existsSync(given) ? { path: given, label: given } : { label: given, why: `${given} is missing` }
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim()
  let commit: string
  try {
    commit = git('rev-parse', '-q', '--verify', `${BASELINE_TAG}^{commit}`)
  } catch {
    try {
      commit = git('rev-parse', '-q', '--verify', `${BASELINE_COMMIT}^{commit}`)
    } catch {
      return { label: BASELINE_COMMIT, why: `neither ${BASELINE_TAG} nor ${BASELINE_COMMIT} is in this git history` }
    }
  }
  const dir = join(ROOT, '.tmp', `baseline-${commit.slice(0, 12)}`)
  const path = join(dir, 'dist', 'index.js')
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true })
    execFileSync('sh', ['-c', `git archive ${commit} dist | tar -x -C "${dir}"`], { cwd: ROOT })
  }
  return { path, label: `1.0.0 (${commit.slice(0, 7)}, its committed dist/)` }
}

/** One list run: 100,000 all-distinct messages at 20 ms a request with concurrency 16; wall seconds. */
export async function listOnce(findings: Findings, action: string, label: string): Promise<number> {
  const generator = await startGenerator(LIST_MESSAGES, PAGE_SIZE, LATENCY_MS)
  try {
    const inputs = { operation: 'list-dlq', token: TOKEN, 'base-url': generator.url, concurrency: `${CONCURRENCY}` }
    const run = await runAction({ ...inputs, count: `${PAGE_SIZE}` }, {}, { action, timeoutMs: RUN_TIMEOUT_MS })
    if (run.code !== 0 || run.outputs['dlq-count'] !== String(LIST_MESSAGES))
      findings.fail(
        `${describeFailure(`compare list (${label})`, run, RUN_TIMEOUT_MS)}; dlq-count ${run.outputs['dlq-count']}`
      )
    return run.wallMs / 1000
  } finally {
    await generator.close()
  }
}

/** One resume run: 5,000 failed workflow runs, 50 a request (100 requests) at 20 ms each; wall seconds. */
async function resumeOnce(findings: Findings, action: string, label: string): Promise<number> {
  const sim = await startSimulator({ token: TOKEN, workflowRuns: RESUME_RUNS, latencyMs: LATENCY_MS, seed: 5 })
  try {
    const inputs = { operation: 'resume-workflows', token: TOKEN, 'base-url': sim.url, all: 'true' }
    const run = await runAction(inputs, {}, { action, timeoutMs: RUN_TIMEOUT_MS })
    if (run.code !== 0 || run.outputs['resumed-count'] !== String(RESUME_RUNS))
      findings.fail(
        `${describeFailure(`compare resume (${label})`, run, RUN_TIMEOUT_MS)}; resumed-count ${run.outputs['resumed-count']}`
      )
    return run.wallMs / 1000
  } finally {
    await sim.close()
  }
}

/**
 * The list's floor as a program: a fresh node process that finds the date range with two count=1 probes, as the
 * action does, then drains 16 date slices at once with a bare undici request loop (no checks, no tallies, no report).
 */
async function bareLoopOnce(findings: Findings): Promise<number> {
  const generator = await startGenerator(LIST_MESSAGES, PAGE_SIZE, LATENCY_MS)
  try {
    const undici = pathToFileURL(join(ROOT, 'node_modules', 'undici', 'index.js')).href
    const loop = `
      const { request, Agent } = await import(${JSON.stringify(undici)})
      const agent = new Agent(); let pages = 0; let messages = 0
      const get = async q => {
        const r = await request(${JSON.stringify(generator.url)} + '/v2/dlq?' + new URLSearchParams(q), { dispatcher: agent, headers: { authorization: 'Bearer ${TOKEN}' } })
        pages++; return JSON.parse(await r.body.text())
      }
      const [first, last] = await Promise.all([get({ count: '1' }), get({ count: '1', order: 'latestFirst' })])
      const lo = first.messages[0].createdAt; const hi = last.messages[0].createdAt
      const step = Math.ceil((hi - lo + 1) / ${CONCURRENCY})
      await Promise.all(Array.from({ length: ${CONCURRENCY} }, async (_, k) => {
        const range = { count: '${PAGE_SIZE}', fromDate: String(lo + k * step), toDate: String(Math.min(hi, lo + (k + 1) * step - 1)) }
        let cursor
        do {
          const page = await get(cursor ? { ...range, cursor } : range)
          messages += page.messages.length; cursor = page.cursor
        } while (cursor)
      }))
      await agent.close()
      console.log(messages, pages)`
    const run = await runNode(['--input-type=module', '-e', loop], baseEnv(), { timeoutMs: RUN_TIMEOUT_MS })
    const [messages = NaN] = run.stdout.trim().split(' ').map(Number)
    if (run.code !== 0 || messages !== LIST_MESSAGES)
      findings.fail(`compare bare loop: exit ${run.code}, ${run.stdout}${run.stderr.slice(0, 500)}`)
    return run.wallMs / 1000
  } finally {
    await generator.close()
  }
}

interface Series {
  current: number[]
  baseline: number[]
}

const spread = (values: readonly number[]): string =>
  `median ${median(values).toFixed(3)} s (${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)})`

/** Interleaved rounds of both bundles and the bare loop; the targets: no figure 5% slower, the list within 1.35×. */
export async function compareWithRelease(findings: Findings): Promise<Record<string, Target>> {
  const baseline = baselineBundle()
  if (baseline.path === undefined) {
    findings.warn(`no comparison with the previous release: ${baseline.why ?? ''} (set DLQ_BASELINE_BUNDLE)`)
    return {}
  }
  out(
    `comparison: this bundle (${ACTION}) against the previous release ${baseline.label}: ${ROUNDS} interleaved rounds`
  )
  out(
    `  list: ${LIST_MESSAGES.toLocaleString('en-US')} all-distinct messages, concurrency ${CONCURRENCY}, ${LATENCY_MS} ms a request; ` +
      `resume: ${RESUME_RUNS.toLocaleString('en-US')} workflow runs at ${LATENCY_MS} ms; a bare ${CONCURRENCY}-slice loop`
  )
  const list: Series = { current: [], baseline: [] }
  const resume: Series = { current: [], baseline: [] }
  const loop: number[] = []
  const both = [
    ['current', ACTION],
    ['baseline', baseline.path]
  ] as const
  for (let round = 0; round < ROUNDS && findings.failures.length === 0; round++) {
    // Alternate which bundle goes first, so neither always runs on the warmer (or busier) machine.
    const order = round % 2 === 0 ? both : ([both[1], both[0]] as const)
    for (const [which, action] of order) list[which].push(await listOnce(findings, action, which))
    loop.push(await bareLoopOnce(findings))
    for (const [which, action] of order) resume[which].push(await resumeOnce(findings, action, which))
    out(
      `  round ${round + 1}: list ${list.current.at(-1)?.toFixed(2)} s vs ${list.baseline.at(-1)?.toFixed(2)} s, ` +
        `loop ${loop.at(-1)?.toFixed(2)} s, resume ${resume.current.at(-1)?.toFixed(2)} s vs ${resume.baseline.at(-1)?.toFixed(2)} s`
    )
  }
  if (findings.failures.length > 0) return {}
  return comparisonTargets(list, resume, loop)
}

function comparisonTargets(list: Series, resume: Series, loop: number[]): Record<string, Target> {
  const targets: Record<string, Target> = {}
  const loopMedian = median(loop)
  out()
  out(`bare ${CONCURRENCY}-slice loop: ${spread(loop)}`)
  for (const [name, series] of [
    ['list', list],
    ['resume', resume]
  ] as const) {
    const ratio = median(series.current) / median(series.baseline)
    const met = ratio <= 1 + MAX_SLOWDOWN
    targets[`${name}VsRelease`] = { value: Number(ratio.toFixed(3)), target: `<= ${1 + MAX_SLOWDOWN}`, met }
    out(
      `${name}: this bundle ${spread(series.current)}, release ${spread(series.baseline)}: ` +
        `${ratio.toFixed(3)}× the release (goal <= ${1 + MAX_SLOWDOWN}×): ${met ? 'target met' : 'TARGET MISSED'}`
    )
  }
  for (const [which, series] of [
    ['this bundle', list.current],
    ['release', list.baseline]
  ] as const) {
    const ratios = series.map((s, i) => s / (loop[i] as number))
    const ratio = median(series) / loopMedian
    const range = `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)} round by round`
    if (which === 'release') out(`list, release / bare loop: ${ratio.toFixed(3)}× (${range})`)
    else {
      const met = ratio <= MAX_LIST_VS_LOOP
      targets.listVsBareLoop = { value: Number(ratio.toFixed(3)), target: `<= ${MAX_LIST_VS_LOOP}`, met }
      out(
        `list, this bundle / bare loop: ${ratio.toFixed(3)}× (${range}; goal <= ${MAX_LIST_VS_LOOP}×): ${met ? 'target met' : 'TARGET MISSED'}`
      )
    }
  }
  return targets
}
