/**
 * A chain of resume steps as a workflow runs them (docs/staged-resume.md, "Continuing after a stop", and the last step
 * of examples/post-deploy-canary.yml), against one simulator whose world a scenario describes: the resume, then its
 * continuation from the outputs, then the runs that failed again. What the simulator did at each step is recorded
 * beside what the step said, for the invariants (canary-invariants.ts) to compare.
 */
import { Outputs } from '../../src/constants.js'
import { startSimulator, type ServerVariants, type Simulator, type WorkflowDlqEntry } from '../../sim/index.js'
import type { RunFate } from '../../sim/fates.js'
import type { ResumedRun } from '../../sim/state.js'
import { passTime, runResumeStep, type StepReport } from './chain.js'
import { TestClock } from './clock.js'

/** The runner's clock when the chain begins (a whole second: the Date header's unit). */
export const CHAIN_T0 = Date.UTC(2026, 10, 20, 10, 0, 0)
const TOKEN = 'sim-token-chain-35'

/** Workflow URLs the seeded DLQ holds (sim/seed.ts), the ones a selection names. */
export const CHAIN_URLS = [
  'https://app.example.com/api/workflow/onboarding',
  'https://app.example.com/api/workflow/billing-cycle',
  'https://workers.example.dev/wf/import'
] as const

/** The inputs of one step that shape its resume, beside its selection. */
export interface StepPlan {
  stages?: string
  watch?: string
  maxFailed?: number
  watchRetries?: number
  minCompleted?: string
  maxRuns?: number
}

/** What the first step selects: by filters (dates as ms ago on the runner's clock, or a relative from-date), or ids. */
export type Selection =
  | { by: 'workflow-url' | 'all'; url?: string; fromAgoMs?: number; relativeFrom?: boolean; toAgoMs?: number }
  | { by: 'dlq-ids'; newest: number }

/** Everything one case is: the service's world, its behaviour, and the steps a workflow runs. Plain data, to keep. */
export interface Scenario {
  /** The simulator's data: its seed, and how many failed runs its workflow DLQ holds at the start. */
  seed: number
  workflowRuns: number
  /** The service's clock less the runner's. */
  offsetMs: number
  variants: Partial<ServerVariants>
  /** What becomes of every run a resume creates (none: each runs on). */
  fate?: RunFate
  /** Runs of the selected URL that failed this long before the start, on the service's clock. */
  recentMs: number[]
  /** Runs that fail for the first time this long after the start: never in its selection. */
  arrivalsMs: number[]
  /** Resume requests whose answer is lost after the work is done, each the first after letting `skip` through. */
  lostAnswers: number[]
  /** Resume requests dropped before the work, likewise. */
  droppedRequests: number[]
  selection: Selection
  first: StepPlan
  /** Run when the first step says complete=false and names how to go on: this much later, planned so. */
  continuation?: { afterMs: number; plan: StepPlan; cursorOnly?: boolean }
  /** Resume the runs that failed again, this much later, once the fix holds. */
  followUp?: { afterMs: number }
}

type StepRole = 'first' | 'continuation' | 'follow-up'

/** A request as the simulator saw it, on its own clock. */
export interface SeenRequest {
  route: string | undefined
  count: string | null
  at: number
}

export interface StepRecord {
  role: StepRole
  plan: StepPlan
  /** The manual form of a continuation: the cursor alone, without the dates. */
  cursorOnly: boolean
  /** A step run again from the start, as the one before advised (its bound was checked by nothing): its own start. */
  rerun?: boolean
  report: StepReport
  /** The workflow DLQ when the step began. */
  dlqBefore: WorkflowDlqEntry[]
  /** The runs the simulator created during the step, in order. */
  created: ResumedRun[]
  /** The DLQ ids in the workflow DLQ right after the step. */
  dlqAfter: Set<string>
  /** The DLQ ids the step selected by id (or by runs, their entries), when it did. */
  dlqIds?: string[]
  /** Requests the simulator saw during the step. */
  requests: SeenRequest[]
  /** The simulator's clock when the step ended. */
  endedAt: number
}

export interface ChainRecord {
  scenario: Scenario
  /** The dlq-ids the first step was given, when it selected by id. */
  ids: string[]
  /** Every entry the DLQ held at any point, by DLQ id: whose run it is. */
  entries: Map<string, { workflowRunId: string; workflowCreatedAt: number }>
  /** Every run the chain created, by run id. */
  created: Map<string, ResumedRun>
  steps: StepRecord[]
}

/** The inputs that select what the first step meant, read back from the runner's clock at its start. */
function selectionInputs(selection: Selection, ids: string[]): Record<string, string> {
  if (selection.by === 'dlq-ids') return { 'dlq-ids': JSON.stringify(ids) }
  const inputs: Record<string, string> = selection.by === 'all' ? { all: 'true' } : { 'workflow-url': selection.url! }
  if (selection.fromAgoMs !== undefined) {
    // A relative from-date counts back on the runner's clock at the step's start.
    inputs['from-date'] = selection.relativeFrom
      ? `${Math.max(1, Math.round(selection.fromAgoMs / 60_000))}m`
      : String(CHAIN_T0 - selection.fromAgoMs)
  }
  if (selection.toAgoMs !== undefined) inputs['to-date'] = String(CHAIN_T0 - selection.toAgoMs)
  return inputs
}

/** The dates the first step's inputs mean, in ms: what decides which entries matched at the start. */
function meantDates(selection: Selection): { from?: number; to?: number } {
  if (selection.by === 'dlq-ids') return {}
  const from =
    selection.fromAgoMs === undefined
      ? undefined
      : CHAIN_T0 -
        (selection.relativeFrom ? Math.max(1, Math.round(selection.fromAgoMs / 60_000)) * 60_000 : selection.fromAgoMs)
  return {
    ...(from !== undefined ? { from } : {}),
    ...(selection.toAgoMs !== undefined ? { to: CHAIN_T0 - selection.toAgoMs } : {})
  }
}

function planInputs(plan: StepPlan): Record<string, string> {
  const inputs: Record<string, string> = {}
  if (plan.stages !== undefined) inputs.stages = plan.stages
  if (plan.watch !== undefined) inputs.watch = plan.watch
  if (plan.maxFailed !== undefined) inputs['watch-max-failed'] = String(plan.maxFailed)
  if (plan.watchRetries !== undefined) inputs['watch-retries'] = String(plan.watchRetries)
  if (plan.minCompleted !== undefined) inputs['watch-min-completed'] = plan.minCompleted
  if (plan.maxRuns !== undefined) inputs['max-runs'] = String(plan.maxRuns)
  return inputs
}

/** Where a step says to go on: the outputs, or (a resume by ids) the id to start again from, as its summary names it. */
export function continuationNamed(report: StepReport): {
  cursor?: string
  fromDate?: string
  toDate?: string
  dlqIdFrom?: string
  rerun?: true
} {
  const { outputs } = report
  const named = (name: Outputs) => (outputs[name] ? outputs[name] : undefined)
  const cursor = named(Outputs.NextCursor)
  const fromDate = named(Outputs.NextFromDate)
  const toDate = named(Outputs.NextToDate)
  const dlqIdFrom =
    /re-run with input `dlq-ids` from `([^`]+)` on/.exec(report.summary)?.[1] ??
    /re-run with dlq-ids from "([^"]+)" on/.exec(report.failure ?? '')?.[1]
  // A bound nothing checked: the advice is the same step again, later, from its own start.
  const rerun = /re-run the same step(,| \()/.test(`${report.summary}\n${report.failure ?? ''}`)
  return {
    ...(cursor !== undefined ? { cursor } : {}),
    ...(fromDate !== undefined ? { fromDate } : {}),
    ...(toDate !== undefined ? { toDate } : {}),
    ...(dlqIdFrom !== undefined ? { dlqIdFrom } : {}),
    ...(rerun ? { rerun: true as const } : {})
  }
}

/**
 * The continuation's inputs, as the docs say: the same selectors, with cursor, from-date and to-date set to
 * next-cursor, next-from-date and next-to-date where each is not empty (unset where empty); by ids, the ids from
 * the one named on. `cursorOnly`: the manual form a user may take, the cursor alone.
 */
function continuationInputs(
  first: Record<string, string>,
  report: StepReport,
  ids: string[],
  cursorOnly: boolean
): Record<string, string> | undefined {
  const next = continuationNamed(report)
  const { 'from-date': _from, 'to-date': _to, ...selectors } = first
  if (next.dlqIdFrom !== undefined) {
    const at = ids.indexOf(next.dlqIdFrom)
    return at < 0 ? undefined : { ...selectors, 'dlq-ids': JSON.stringify(ids.slice(at)) }
  }
  if (next.cursor === undefined && next.fromDate === undefined && next.toDate === undefined) {
    return next.rerun === true ? selectors : undefined
  }
  return {
    ...selectors,
    ...(next.cursor !== undefined ? { cursor: next.cursor } : {}),
    ...(next.fromDate !== undefined && !(cursorOnly && next.cursor !== undefined)
      ? { 'from-date': next.fromDate }
      : {}),
    ...(next.toDate !== undefined && !(cursorOnly && next.cursor !== undefined) ? { 'to-date': next.toDate } : {})
  }
}

/**
 * The follow-up: the runs that failed again in earlier steps, resumed on their own. Today by failed-again-dlq-ids as
 * dlq-ids; with the input workflow-runs (issue 35) the one line below becomes
 * `return listInput(reports, 'failed-again-runs', 'workflow-runs')`.
 */
function followUpInputs(reports: StepReport[]): Record<string, string> | undefined {
  return listInput(reports, Outputs.FailedAgainRuns, 'workflow-runs')
}

/** The items of a JSON array output of every step, each once, as the JSON array an input takes; none: undefined. */
function listInput(reports: StepReport[], output: string, input: string): Record<string, string> | undefined {
  const items = reports.flatMap(report => JSON.parse(report.outputs[output as Outputs] ?? '[]') as unknown[])
  // An entry sent without a dlqId is an empty string there: the docs say to drop it before giving the array.
  const given = [...new Set(items.filter(item => item !== '').map(item => JSON.stringify(item)))]
  return given.length === 0 ? undefined : { [input]: `[${given.join(',')}]` }
}

/** The DLQ ids a step selects by id, or by runs (their entries, by run id and creation time); none: undefined. */
function idsSelected(given: Record<string, string>, chain: Pick<ChainRecord, 'entries'>): string[] | undefined {
  if (given['dlq-ids'] !== undefined) return JSON.parse(given['dlq-ids']) as string[]
  if (given['workflow-runs'] === undefined) return undefined
  const runs = JSON.parse(given['workflow-runs']) as { workflowRunId: string; workflowCreatedAt: number | string }[]
  return [...chain.entries]
    .filter(([, e]) =>
      runs.some(r => r.workflowRunId === e.workflowRunId && Number(r.workflowCreatedAt) === e.workflowCreatedAt)
    )
    .map(([dlqId]) => dlqId)
}

/**
 * Whether an entry matches the first step's selection, as its inputs mean it; `withoutDates`: as its selectors alone
 * do, what a continuation given the cursor without the dates selects.
 */
export function matchesSelection(
  entry: WorkflowDlqEntry,
  selection: Selection,
  ids: readonly string[],
  withoutDates = false
): boolean {
  if (selection.by === 'dlq-ids') return ids.includes(entry.dlqId)
  if (selection.by === 'workflow-url' && entry.workflowUrl !== selection.url) return false
  if (withoutDates) return true
  const { from, to } = meantDates(selection)
  return (from === undefined || entry.failedAt >= from) && (to === undefined || entry.failedAt <= to)
}

/** The simulator of a scenario at its start: its seeded DLQ, the recent failures, the arrivals to come, the faults. */
async function worldOf(scenario: Scenario, clock: TestClock): Promise<Simulator> {
  const serviceStart = CHAIN_T0 + scenario.offsetMs
  const sim = await startSimulator({
    token: TOKEN,
    seed: scenario.seed,
    workflowRuns: scenario.workflowRuns,
    messages: 0,
    schedules: 0,
    // The seeded runs failed a second before the start at the latest: the last second is a case of its own.
    now: serviceStart - 1_000,
    clock: () => clock.now() + scenario.offsetMs,
    variants: scenario.variants,
    fates: scenario.fate === undefined ? [] : [scenario.fate]
  })
  const url = (scenario.selection.by !== 'dlq-ids' ? scenario.selection.url : undefined) ?? CHAIN_URLS[0]
  for (const [i, ago] of scenario.recentMs.entries()) {
    const failedAt = serviceStart - ago
    sim.addFailedRun({
      dlqId: `dlq_recent_${i}`,
      workflowRunId: `wfr_recent_${i}`,
      workflowUrl: url,
      workflowCreatedAt: failedAt - 60_000,
      failedAt
    })
  }
  for (const [i, after] of scenario.arrivalsMs.entries()) {
    const failedAt = serviceStart + after
    // Held back until the simulator's clock reaches it, as a fated run is.
    sim.state.pendingFailures.push({
      dlqId: `dlq_arrival_${i}`,
      workflowRunId: `wfr_arrival_${i}`,
      workflowUrl: url,
      workflowCreatedAt: failedAt - 60_000,
      failedAt
    })
  }
  for (const skip of scenario.lostAnswers) sim.inject({ route: 'resume', skip, fault: { kind: 'lose-answer' } })
  for (const skip of scenario.droppedRequests) sim.inject({ route: 'resume', skip, fault: { kind: 'drop' } })
  return sim
}

/** Runs the scenario's chain to its end; the simulator is closed before it returns. */
export async function runChain(scenario: Scenario): Promise<ChainRecord> {
  const clock = new TestClock(CHAIN_T0)
  const sim = await worldOf(scenario, clock)
  try {
    const entries = new Map<string, { workflowRunId: string; workflowCreatedAt: number }>()
    const note = (list: readonly WorkflowDlqEntry[]) => {
      for (const e of list)
        entries.set(e.dlqId, { workflowRunId: e.workflowRunId, workflowCreatedAt: e.workflowCreatedAt })
    }
    note(sim.state.workflowDlq)
    note(sim.state.pendingFailures)
    let requests: SeenRequest[] = []
    // A failure fated in one stage may be resumed in the next: noted as each request arrives, before it is answered.
    sim.onRequest = request => {
      note(sim.state.workflowDlq)
      note(sim.state.pendingFailures)
      requests.push({ route: request.route, count: request.query.get('count'), at: clock.now() + scenario.offsetMs })
    }
    const newest = [...sim.state.workflowDlq].sort((a, b) => b.failedAt - a.failedAt)
    const ids = scenario.selection.by === 'dlq-ids' ? newest.slice(0, scenario.selection.newest).map(e => e.dlqId) : []
    const steps: StepRecord[] = []
    const env = { url: sim.url, token: TOKEN, clock }
    // The DLQ as a request arriving now would find it: failures whose time has come are in, settled or not.
    const dlqNow = () => {
      const now = clock.now() + scenario.offsetMs
      return [...sim.state.workflowDlq, ...sim.state.pendingFailures.filter(e => e.failedAt <= now)]
    }
    const step = async (
      role: StepRole,
      plan: StepPlan,
      given: Record<string, string>,
      cursorOnly = false
    ): Promise<StepRecord> => {
      const before = sim.state.resumedRuns.length
      const dlqBefore = dlqNow().map(e => ({ ...e }))
      requests = []
      const report = await runResumeStep({ ...given, ...planInputs(plan) }, env)
      // The manual form may be refused (a cursor without its dates); what the docs say to send never is.
      if (report.refused !== undefined && !cursorOnly)
        throw new Error(`the ${role} step's inputs were refused: ${report.refused}`)
      note(sim.state.workflowDlq)
      note(sim.state.pendingFailures)
      const selectedIds = idsSelected(given, { entries })
      const record: StepRecord = {
        role,
        plan,
        cursorOnly,
        report,
        dlqBefore,
        created: sim.state.resumedRuns.slice(before),
        dlqAfter: new Set(dlqNow().map(e => e.dlqId)),
        ...(selectedIds !== undefined ? { dlqIds: selectedIds } : {}),
        requests,
        endedAt: clock.now() + scenario.offsetMs
      }
      steps.push(record)
      return record
    }
    const firstInputs = selectionInputs(scenario.selection, ids)
    const first = await step('first', scenario.first, firstInputs)
    const { continuation, followUp } = scenario
    if (continuation !== undefined && first.report.outputs[Outputs.Complete] === 'false') {
      const inputs = continuationInputs(firstInputs, first.report, ids, continuation.cursorOnly === true)
      if (inputs !== undefined) {
        passTime(clock, continuation.afterMs)
        const manual =
          continuation.cursorOnly === true && inputs.cursor !== undefined && inputs['dlq-ids'] === undefined
        const record = await step('continuation', continuation.plan, inputs, manual)
        // Run again as advised (its bound checked by nothing): a start of its own.
        if (continuationNamed(first.report).rerun === true) record.rerun = true
      }
    }
    const again = followUp === undefined ? undefined : followUpInputs(steps.map(s => s.report))
    if (followUp !== undefined && again !== undefined) {
      passTime(clock, followUp.afterMs)
      // Once the fix holds: the runs resumed from here on run on.
      sim.fates = []
      await step('follow-up', {}, again)
    }
    const created = new Map(sim.state.resumedRuns.map(run => [run.workflowRunId, run]))
    return { scenario, ids, entries, created, steps }
  } finally {
    sim.onRequest = undefined
    await sim.close()
  }
}
