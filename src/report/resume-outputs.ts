/** The step outputs of a resume, staged or not: the scalars, then the id arrays fitted to the 1 MB budget. */
import { Outputs } from '../constants.js'
import type { ResumeResult } from '../resume-results.js'
import { githubBytes } from './boundary.js'
import { nextDates } from './continuation.js'
import { resumeComplete } from './resume-text.js'
import { stagedOutputs } from './staged-resume.js'
import { budgetLeft, cursorOutput, fitArrays, type OutputValues } from './step-outputs.js'

/**
 * Every output of a resume, staged or not: the scalars, then the arrays fitted to the 1 MB budget, those of the runs
 * that failed again first (they are few, and what a reader acts on), the resumed runs in what is left.
 */
export function resumeOutputs(result: ResumeResult): OutputValues {
  const staged = result.staged && stagedOutputs(result.staged)
  const runs = result.runs.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
  const next = nextDates(result)
  const scalars: OutputValues = {
    [Outputs.ResumedCount]: String(result.runs.length),
    [Outputs.Complete]: String(resumeComplete(result) && (staged?.complete ?? true)),
    [Outputs.NextCursor]: cursorOutput(result.nextCursor),
    [Outputs.NextFromDate]: next.fromDate,
    [Outputs.NextToDate]: next.toDate,
    [Outputs.RunsFile]: result.runsFile ?? '',
    ...(result.byRuns !== undefined ? { [Outputs.NextWorkflowRuns]: JSON.stringify(result.byRuns.left) } : {}),
    ...staged?.extra
  }
  const failedAgain = result.staged?.failedAgain ?? []
  const failedRuns = failedAgain.filter(made => 'workflowRunId' in made)
  const runIds = [
    Outputs.FailedAgainRunIds,
    Outputs.FailedAgainRunIdsTruncated,
    failedRuns.map(r => r.workflowRunId)
  ] as const
  // The same runs as the pairs input workflow-runs takes: what resumes them once each is back in the DLQ.
  const pairs = [
    Outputs.FailedAgainRuns,
    Outputs.FailedAgainRunsTruncated,
    failedRuns.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
  ] as const
  // An entry the service sent without a dlqId cannot be resumed by id: left out here, counted in the warning.
  const dlqIds = [
    Outputs.FailedAgainDlqIds,
    Outputs.FailedAgainDlqIdsTruncated,
    failedAgain.flatMap(r => r.dlqId ?? [])
  ] as const
  const resumed = [
    [Outputs.WorkflowRunIds, Outputs.WorkflowRunIdsTruncated, result.runs.map(r => r.workflowRunId)],
    [Outputs.WorkflowRuns, Outputs.WorkflowRunsTruncated, runs]
  ] as const
  if (result.staged === undefined) return { ...scalars, ...fitArrays(resumed, budgetLeft(scalars, resumed)) }
  let budget = budgetLeft(scalars, [runIds, pairs, dlqIds, ...resumed])
  const fitted: OutputValues = {}
  // The run ids and their pairs are cut together, item for item; the DLQ ids (those known) on their own.
  for (const lists of [[runIds, pairs], [dlqIds]] as const) {
    Object.assign(fitted, fitArrays(lists, budget))
    for (const [name] of lists) budget -= githubBytes(fitted[name] ?? '[]') - githubBytes('[]')
  }
  return { ...scalars, ...fitted, ...fitArrays(resumed, budget) }
}
