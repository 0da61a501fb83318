/**
 * What must hold after every chain of resume steps (issue 35, item 7), each invariant a check of the simulator's
 * record against what the steps said: the oracle is what the service really did, never the action's own account.
 */
import { CLOCK_TOLERANCE_MS, Outputs } from '../../src/constants.js'
import { failedAttempts } from '../../sim/routes/run-log.js'
import type { ResumedRun } from '../../sim/state.js'
import { actionDefaults } from '../../tools/action-yml.js'
import {
  continuationNamed,
  matchesSelection,
  type ChainRecord,
  type Scenario,
  type SeenRequest,
  type StepRecord,
  CHAIN_T0
} from './canary-chain.js'

/** Each invariant, by name, with what it says. */
export const INVARIANTS = {
  noEntryResumedTwice: '(a) no DLQ entry is resumed twice',
  ownRunsOnlyByFollowUp: '(a) no step but the failed-again follow-up resumes a run the chain created',
  onlyTheSelection:
    '(a) the resume and its continuation resume only entries that matched the selection at the start (no run that ' +
    'failed for the first time since, no entry outside the selectors)',
  selectionResumedOrContinued:
    '(b) every entry that matched at the start is resumed by the chain, or the last step of the selection says ' +
    'complete=false and names how to continue',
  countsMatchIds:
    '(c) resumed-count is the length of workflow-run-ids, failed-again-count that of failed-again-run-ids (unless ' +
    'truncated), completed-count the completed of run-states',
  failedAgainIdsAreOwnRuns:
    '(c) failed-again-run-ids name runs of this step that failed (or were failing) by its end, and every id in ' +
    'failed-again-dlq-ids is the DLQ entry of one of them, by its run id and creation time',
  failedRunsNamed:
    '(c) every run of a step that the DLQ or the run log showed failed at its last watch is named in ' +
    'failed-again-run-ids (unless truncated): a stop names the runs it stopped for',
  completeOnlyWhenDone:
    '(d) complete=true only when nothing of the selection is left in the DLQ and every run the service created is ' +
    'named in workflow-run-ids',
  reportsAgree: '(e) the heading, the notice and the outputs state the same counts',
  noStageAfterTooManyBad:
    '(f) a next stage is resumed only when, as the DLQ and the run log showed at that moment, no more than ' +
    'watch-max-failed of the runs resumed so far were failed or failing, and one completed if any was cancelled'
} as const

export type Invariant = keyof typeof INVARIANTS

export const ALL_INVARIANTS = Object.keys(INVARIANTS) as Invariant[]

/** One breach: the invariant and what was seen. */
export interface Violation {
  invariant: Invariant
  says: string
}

const jsonList = (text: string | undefined): unknown[] => {
  if (text === undefined || text === '') return []
  const value = JSON.parse(text) as unknown
  return Array.isArray(value) ? value : []
}
const outputsOf = (step: StepRecord) => step.report.outputs
const isTrue = (text: string | undefined) => text === 'true'
/** The steps that ran: a refused step (the manual form may be) sent nothing and says nothing. */
const ran = (chain: ChainRecord) => chain.steps.filter(step => step.report.refused === undefined)
/** The steps of the selection: the resume and its continuation, not the follow-up. */
const selectionSteps = (chain: ChainRecord) => ran(chain).filter(step => step.role !== 'follow-up')

/**
 * Where the selection is judged: the DLQ when the first step began, where it named the to-date its continuation sends
 * (the bound of that start), else when the first step that resumed anything began (a step refused before its first
 * resume request, with no date to continue under, left the DLQ to the one after it), and what matched the selection
 * there; `withoutDates`: what the selectors alone matched.
 */
function selected(
  chain: ChainRecord,
  withoutDates = false
): { ids: Set<string>; allowed: Set<string>; atStart: Set<string> } {
  const steps = selectionSteps(chain)
  const bounded = (steps[0]?.report.outputs[Outputs.NextToDate] ?? '') !== ''
  const reference = (bounded ? steps[0] : steps.find(step => step.created.length > 0)) ?? steps[0]
  const dlq = reference?.dlqBefore ?? []
  const { selection } = chain.scenario
  // A resume by ids sends no bound: the ids are its selection whenever they failed.
  const edge = selection.by === 'dlq-ids' ? Infinity : dateSecond(chain.scenario)
  const matching = dlq.filter(e => matchesSelection(e, selection, chain.ids, withoutDates))
  return {
    // What must be resumed; what may be (an entry past the edge may go either way); what was in the DLQ.
    ids: new Set(matching.filter(e => e.failedAt < edge).map(e => e.dlqId)),
    allowed: new Set(matching.map(e => e.dlqId)),
    atStart: new Set(dlq.map(e => e.dlqId))
  }
}

/**
 * Where the start ends for the action, as docs/staged-resume.md says: the first requests send the earlier of a usable
 * Date (whole seconds) and the runner's clock, where the two agree within a minute, so a run that failed after that
 * may go either way (the first run created moves the bound only past a minute). Without a usable Date, or with one
 * further off, nothing checked says complete=false; no run may be left unsaid.
 */
function dateSecond(scenario: Scenario): number {
  const { variants, offsetMs } = scenario
  // The bound is taken from the Date of the step's first answer: the first front end's.
  const front = variants.frontEndOffsetsMs?.[0] ?? 0
  const usable =
    variants.noDateHeader !== true && variants.dateLiteral === undefined && variants.cachedDateAgeSeconds === undefined
  // The Date as the action reads it: whole seconds, compared with the runner's clock at the start.
  const second = Math.floor((CHAIN_T0 + offsetMs + front) / 1000) * 1000
  if (!usable || Math.abs(second - CHAIN_T0) > CLOCK_TOLERANCE_MS) return Infinity
  // The earlier of the two bounds the action may send: that Date's second less 1 ms, or the runner's clock.
  return Math.min(second, CHAIN_T0)
}

/** The run an entry belongs to, when the chain created it: by id AND creation time (ids repeat). */
function chainRunOf(chain: ChainRecord, dlqId: string): ResumedRun | undefined {
  const entry = chain.entries.get(dlqId)
  if (entry === undefined) return undefined
  const run = chain.created.get(entry.workflowRunId)
  return run !== undefined && run.workflowCreatedAt === entry.workflowCreatedAt ? run : undefined
}

function noEntryResumedTwice(chain: ChainRecord): string[] {
  const seen = new Map<string, string>()
  const says: string[] = []
  for (const step of chain.steps) {
    for (const run of step.created) {
      const before = seen.get(run.fromDlqId)
      if (before !== undefined)
        says.push(`entry ${run.fromDlqId} resumed by the ${before} step and again by the ${step.role} step`)
      seen.set(run.fromDlqId, step.role)
    }
  }
  return says
}

function ownRunsOnlyByFollowUp(chain: ChainRecord): string[] {
  return selectionSteps(chain).flatMap(step =>
    step.created.flatMap(run => {
      const own = chainRunOf(chain, run.fromDlqId)
      return own === undefined
        ? []
        : [`the ${step.role} step resumed entry ${run.fromDlqId} of run ${own.workflowRunId}, which the chain created`]
    })
  )
}

function onlyTheSelection(chain: ChainRecord): string[] {
  const { allowed: matched, atStart } = selected(chain)
  // The manual form drops the dates: it may take what the selectors alone matched at the start, no more.
  const loose = selected(chain, true).allowed
  return selectionSteps(chain).flatMap(step =>
    step.created.flatMap(run => {
      if (matched.has(run.fromDlqId) || chainRunOf(chain, run.fromDlqId) !== undefined) return []
      if (step.cursorOnly && loose.has(run.fromDlqId)) return []
      // Run again as advised, the step is a start of its own: what its selection matched when it began.
      const own = step.dlqBefore.find(e => e.dlqId === run.fromDlqId)
      if (step.rerun === true && own !== undefined && matchesSelection(own, chain.scenario.selection, chain.ids))
        return []
      const why = atStart.has(run.fromDlqId) ? 'outside the selection' : 'that entered the DLQ after the start'
      return [`the ${step.role} step resumed entry ${run.fromDlqId}, ${why}`]
    })
  )
}

/** Whether a step names a way to go on: a next-* output, or the dlq-id to start again from. */
const namesContinuation = (step: StepRecord) => Object.keys(continuationNamed(step.report)).length > 0

/** A step that resumed nothing is continued by running it again, unless it says nothing is left. */
const againContinues = (step: StepRecord) =>
  step.created.length === 0 && !/nothing is left to continue/.test(step.report.failure ?? '')

/**
 * Entries a step named as possibly left: one that could not tell the service's time (no usable Date, the answers
 * lost) says runs that failed past the to-date it sent may be left; those entries are named, not silently dropped.
 */
function namedAsLeft(chain: ChainRecord): Set<string> {
  const named = new Set<string>()
  for (const step of selectionSteps(chain)) {
    const bound = Number(outputsOf(step)[Outputs.NextToDate] ?? '')
    if (!/may be left, past the to-date it sent/.test(step.report.failure ?? '') || !Number.isFinite(bound)) continue
    for (const e of step.dlqBefore) if (e.failedAt > bound) named.add(e.dlqId)
  }
  return named
}

/** What matched the selection at the start, less what a step named as possibly left. */
function required(chain: ChainRecord): Set<string> {
  const named = namedAsLeft(chain)
  return new Set([...selected(chain).ids].filter(id => !named.has(id)))
}

function selectionResumedOrContinued(chain: ChainRecord): string[] {
  const matched = required(chain)
  const resumed = new Set(chain.steps.flatMap(step => step.created.map(run => run.fromDlqId)))
  const left = [...matched].filter(id => !resumed.has(id))
  const last = selectionSteps(chain).at(-1)
  if (left.length === 0 || last === undefined) return []
  const complete = outputsOf(last)[Outputs.Complete]
  if (complete === 'false' && (namesContinuation(last) || againContinues(last))) return []
  return [
    `${left.length} of the ${matched.size} entries that matched at the start were never resumed (e.g. ` +
      `${left.slice(0, 3).join(', ')}), and the ${last.role} step says complete=${complete}` +
      (namesContinuation(last) ? '' : ` naming no way to continue (${last.report.failure ?? 'no failure line'})`)
  ]
}

function countsMatchIds(chain: ChainRecord): string[] {
  return ran(chain).flatMap(step => {
    const out = outputsOf(step)
    const says: string[] = []
    const check = (count: Outputs, ids: Outputs, truncated: Outputs) => {
      if (out[count] === undefined || out[count] === '' || isTrue(out[truncated])) return
      const length = jsonList(out[ids]).length
      if (Number(out[count]) !== length)
        says.push(`the ${step.role} step: ${count}=${out[count]} but ${ids} holds ${length}`)
    }
    check(Outputs.ResumedCount, Outputs.WorkflowRunIds, Outputs.WorkflowRunIdsTruncated)
    check(Outputs.FailedAgainCount, Outputs.FailedAgainRunIds, Outputs.FailedAgainRunIdsTruncated)
    const states = out[Outputs.RunStates]
    const completed = out[Outputs.CompletedCount]
    if (states && completed) {
      const inStates = (JSON.parse(states) as { completed?: number }).completed
      if (Number(completed) !== inStates)
        says.push(`the ${step.role} step: completed-count=${completed} but run-states says ${inStates} completed`)
    }
    return says
  })
}

function failedAgainIdsAreOwnRuns(chain: ChainRecord): string[] {
  return ran(chain).flatMap(step => {
    const out = outputsOf(step)
    const mine = new Map(step.created.map(run => [run.workflowRunId, run]))
    const named = new Set(jsonList(out[Outputs.FailedAgainRunIds]).map(String))
    const says: string[] = []
    for (const id of named) {
      const run = mine.get(id)
      if (run === undefined) says.push(`the ${step.role} step names ${id} failed again, not a run it created`)
      else if (!hadFailedBy(run, step.endedAt))
        says.push(`the ${step.role} step names ${id} failed again, but it had not failed by the step's end`)
    }
    for (const dlqId of jsonList(out[Outputs.FailedAgainDlqIds]).map(String)) {
      const run = chainRunOf(chain, dlqId)
      if (run === undefined || !named.has(run.workflowRunId) || mine.get(run.workflowRunId) !== run)
        says.push(
          `the ${step.role} step gives ${dlqId} in failed-again-dlq-ids, not the entry of a run it names failed again`
        )
    }
    return says
  })
}

function failedRunsNamed(chain: ChainRecord): string[] {
  const { noRunLog, runLogLagMs } = chain.scenario.variants
  return ran(chain).flatMap(step => {
    const out = outputsOf(step)
    const lastWatch = step.requests.filter(isWatchListing).at(-1)
    if (lastWatch === undefined || isTrue(out[Outputs.FailedAgainRunIdsTruncated])) return []
    const at = lastWatch.at
    const asOf = at - Math.max(0, runLogLagMs ?? 0)
    const known = new Set(jsonList(out[Outputs.WorkflowRunIds]).map(String))
    const named = new Set(jsonList(out[Outputs.FailedAgainRunIds]).map(String))
    const shownFailed = step.created.filter(run => {
      const { course } = run
      // A run created in the very millisecond of the last listing came after it (the next stage's, on a still clock).
      if (course.ends !== 'failure' || !known.has(run.workflowRunId) || run.workflowCreatedAt >= at) return false
      const inLog = !noRunLog && run.workflowCreatedAt <= asOf && course.endsAt <= asOf
      return course.failure.failedAt <= at || inLog
    })
    const missing = shownFailed.filter(run => !named.has(run.workflowRunId))
    return missing.length === 0
      ? []
      : [
          `the ${step.role} step's last watch could see ${missing.length} runs failed (e.g. ` +
            `${missing[0]?.workflowRunId}), but failed-again-run-ids does not name them: ${out[Outputs.FailedAgainRunIds]}`
        ]
  })
}

function completeOnlyWhenDone(chain: ChainRecord): string[] {
  const matched = required(chain)
  return ran(chain).flatMap(step => {
    const out = outputsOf(step)
    if (out[Outputs.Complete] !== 'true') return []
    const selection = step.role !== 'follow-up' ? [...matched] : (step.dlqIds ?? [])
    const left = selection.filter(id => step.dlqAfter.has(id))
    const says: string[] = []
    if (left.length > 0)
      says.push(
        `the ${step.role} step says complete=true with ${left.length} entries of its selection still in the DLQ ` +
          `(e.g. ${left.slice(0, 3).join(', ')})`
      )
    if (!isTrue(out[Outputs.WorkflowRunIdsTruncated])) {
      const named = new Set(jsonList(out[Outputs.WorkflowRunIds]).map(String))
      const unseen = step.created.filter(run => !named.has(run.workflowRunId))
      if (unseen.length > 0)
        says.push(
          `the ${step.role} step says complete=true, but ${unseen.length} runs it created are not in workflow-run-ids`
        )
    }
    return says
  })
}

/** The counts a heading or a notice states, in the words the report uses. */
function statedCounts(text: string): { resumed?: number; failedAgain?: number } {
  const n = (digits: string | undefined) => Number((digits ?? '').replace(/,/g, ''))
  const counts: { resumed?: number; failedAgain?: number } = {}
  if (/No failed workflow run matched|Nothing resumed|Resumed no workflow run|none confirmed/.test(text))
    counts.resumed = 0
  const resumed =
    /(\d[\d,]*) (?:workflow )?runs? resumed\b/.exec(text) ??
    /\bResumed (?:at least )?(\d[\d,]*) (?:workflow )?runs?\b/.exec(text)
  if (counts.resumed === undefined && resumed !== null) counts.resumed = n(resumed[1])
  const back = /(\d[\d,]*) of the [\d,]+ runs resumed so far failed again/.exec(text)
  const watched = /(\d[\d,]*) of the watched runs back in the DLQ/.exec(text)
  const orFailing =
    /(\d[\d,]*) of the [\d,]+ runs resumed so far failed or are failing \((\d[\d,]*) still retrying/.exec(text)
  if (back !== null) counts.failedAgain = n(back[1])
  else if (watched !== null) counts.failedAgain = n(watched[1])
  else if (orFailing !== null) counts.failedAgain = n(orFailing[1])
  else if (/none of the watched runs was back in the DLQ/.test(text)) counts.failedAgain = 0
  return counts
}

function reportsAgree(chain: ChainRecord): string[] {
  return ran(chain).flatMap(step => {
    const out = outputsOf(step)
    const says: string[] = []
    const texts: [string, string | undefined][] = [
      ['heading', step.report.heading],
      ['notice', step.report.notice]
    ]
    for (const [what, text] of texts) {
      if (text === undefined) continue
      const stated = statedCounts(text)
      if (what === 'heading' && stated.resumed === undefined)
        says.push(`the ${step.role} step's heading states no count of runs resumed this property can read: ${text}`)
      if (stated.resumed !== undefined && String(stated.resumed) !== out[Outputs.ResumedCount])
        says.push(
          `the ${step.role} step's ${what} says ${stated.resumed} resumed, resumed-count=${out[Outputs.ResumedCount]}`
        )
      const failedAgain = out[Outputs.FailedAgainCount]
      if (stated.failedAgain !== undefined && failedAgain !== undefined && String(stated.failedAgain) !== failedAgain)
        says.push(
          `the ${step.role} step's ${what} says ${stated.failedAgain} failed again, failed-again-count=${failedAgain}`
        )
    }
    return says
  })
}

/** Whether a run had failed (an attempt, or for good) by `at`, as the simulator's run log and DLQ tell it. */
function hadFailedBy(run: ResumedRun, at: number): boolean {
  const { course } = run
  return course.ends === 'failure' && (course.failure.failedAt <= at || failedAttempts(run, at).length > 0)
}

/** What the DLQ and the run log showed of a run at `at` (the simulator's truth): failed or failing, cancelled, completed. */
function shownAt(chain: ChainRecord, run: ResumedRun, at: number): 'bad' | 'cancelled' | 'completed' | undefined {
  const { noRunLog, runLogLagMs } = chain.scenario.variants
  const { course } = run
  if (course.ends === 'failure' && course.failure.failedAt <= at) return 'bad'
  if (noRunLog) return undefined
  // A lagging log tells each run as it stood that long ago, and a run younger than that not at all.
  const asOf = at - Math.max(0, runLogLagMs ?? 0)
  if (run.workflowCreatedAt > asOf) return undefined
  if (hadFailedBy(run, asOf)) return 'bad'
  if (course.endsAt > asOf) return undefined
  return course.ends === 'cancelled' ? 'cancelled' : course.ends === 'success' ? 'completed' : undefined
}

/** A listing of the watch (source=workflow, 100 a page), not the one-entry listing that reads the service's time. */
const isWatchListing = (request: SeenRequest) => request.route === 'list' && request.count === '100'

function noStageAfterTooManyBad(chain: ChainRecord): string[] {
  return ran(chain).flatMap(step => {
    const allowed = step.plan.maxFailed ?? 0
    if (step.plan.stages === undefined) return []
    const known = new Set(jsonList(outputsOf(step)[Outputs.WorkflowRunIds]).map(String))
    const says: string[] = []
    let watched = false
    for (const request of step.requests) {
      if (isWatchListing(request)) watched = true
      if (request.route !== 'resume' || !watched) continue
      watched = false
      const shown = step.created
        .filter(run => known.has(run.workflowRunId) && run.workflowCreatedAt < request.at)
        .map(run => [run, shownAt(chain, run, request.at)] as const)
      const count = (what: string) => shown.filter(([, state]) => state === what).length
      const bad = shown.filter(([, state]) => state === 'bad').map(([run]) => run.workflowRunId)
      if (bad.length > allowed)
        says.push(
          `the ${step.role} step resumed a next stage at ${request.at} after a watch, when ${bad.length} of its runs ` +
            `were shown failed or failing (watch-max-failed: ${allowed}), e.g. ${bad.slice(0, 3).join(', ')}`
        )
      else if (count('cancelled') > 0 && count('completed') === 0)
        says.push(
          `the ${step.role} step resumed a next stage at ${request.at} after a watch, when ${count('cancelled')} of ` +
            'its runs were shown cancelled and none completed'
        )
    }
    return says
  })
}

const CHECKS: Record<Invariant, (chain: ChainRecord) => string[]> = {
  noEntryResumedTwice,
  ownRunsOnlyByFollowUp,
  onlyTheSelection,
  selectionResumedOrContinued,
  countsMatchIds,
  failedAgainIdsAreOwnRuns,
  failedRunsNamed,
  completeOnlyWhenDone,
  reportsAgree,
  noStageAfterTooManyBad
}

/** The breaches of these invariants in a chain. */
export function violationsOf(chain: ChainRecord, invariants: readonly Invariant[]): Violation[] {
  return invariants.flatMap(invariant => CHECKS[invariant](chain).map(says => ({ invariant, says })))
}

/** The chain in a few lines, for a failure message: each step's inputs given, outputs, heading, notice, failure. */
export function chainText(chain: ChainRecord): string {
  const lines = [`matched at the start: ${selected(chain).ids.size} entries; runs created: ${chain.created.size}`]
  const defaults = actionDefaults()
  for (const step of chain.steps) {
    const { report } = step
    if (report.refused !== undefined) {
      lines.push(`- ${step.role}: refused: ${report.refused}`)
      continue
    }
    const given = Object.entries(report.inputs).filter(
      ([name, value]) => !['token', 'base-url', 'operation'].includes(name) && value !== (defaults[name] ?? '')
    )
    const outputs = Object.entries(report.outputs).filter(([, value]) => value !== '' && value !== 'false')
    const fates = step.created.map(run => run.course.ends[0]).join('')
    lines.push(
      `- ${step.role}: ${step.created.length} runs created (${fates || 'none'}), ended at ${step.endedAt}`,
      `  inputs: ${given.map(([name, value]) => `${name}=${value.slice(0, 120)}`).join(' ')}`,
      `  outputs: ${outputs.map(([name, value]) => `${name}=${value.slice(0, 200)}`).join(' ')}`,
      `  heading: ${report.heading}`,
      `  notice: ${report.notice ?? '(none)'}`,
      `  failure: ${report.failure ?? '(none)'}`
    )
  }
  return lines.join('\n')
}
