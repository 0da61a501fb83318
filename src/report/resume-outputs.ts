/** The step outputs of a bulk write, staged or not: the scalars, then the id arrays fitted to the 1 MB budget. */
import { Outputs } from '../constants.js'
import type { ResumeResult } from '../resume-results.js'
import { VERBS } from '../verbs.js'
import { githubBytes } from './boundary.js'
import { nextDates } from './continuation.js'
import { resumeComplete } from './resume-text.js'
import { stagedOutputs } from './staged-resume.js'
import { budgetLeft, cursorOutput, fitArray, fitArrays, type OutputValues } from './step-outputs.js'
import { takenCount, words } from './verb-words.js'
import { deduplicatedCount, goneCount } from './write-outcomes.js'

/**
 * Every output of a bulk write, staged or not, and only those of its verb: the scalars, then the arrays fitted to the
 * 1 MB budget, those of what failed again first (they are few, and what a reader acts on), then the refused DLQ ids,
 * then what the write made in what is left.
 */
export function resumeOutputs(result: ResumeResult): OutputValues {
  const verb = VERBS[result.operation]
  const runVerb = verb.makes === 'run'
  const staged = result.staged && stagedOutputs(result.staged, words(result))
  const next = nextDates(result)
  const scalars: OutputValues = {
    [verb.countOutput]: String(takenCount(result)),
    [Outputs.Complete]: String(resumeComplete(result) && (staged?.complete ?? true)),
    [Outputs.NextCursor]: cursorOutput(result.nextCursor),
    [Outputs.NextFromDate]: next.fromDate,
    [Outputs.NextToDate]: next.toDate,
    ...(runVerb ? { [Outputs.RunsFile]: result.runsFile ?? '' } : {}),
    ...(result.byRuns !== undefined ? { [Outputs.NextWorkflowRuns]: JSON.stringify(result.byRuns.left) } : {}),
    ...staged?.extra,
    ...(runVerb ? {} : { [Outputs.DeduplicatedCount]: String(deduplicatedCount(result)) }),
    [Outputs.GoneCount]: String(goneCount(result))
  }
  const failedAgain = result.staged?.failedAgain ?? []
  const failedRuns = failedAgain.filter(made => 'workflowRunId' in made)
  const failedMessages = failedAgain.filter(made => 'messageId' in made)
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
  const messageIds = [
    Outputs.FailedAgainMessageIds,
    Outputs.FailedAgainMessageIdsTruncated,
    failedMessages.map(m => m.messageId)
  ] as const
  // An entry the service sent without a dlqId cannot be taken by id: left out here, counted in the warning.
  const dlqIds = [
    Outputs.FailedAgainDlqIds,
    Outputs.FailedAgainDlqIdsTruncated,
    failedAgain.flatMap(r => r.dlqId ?? [])
  ] as const
  const runs = result.runs.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
  const made = runVerb
    ? ([
        [Outputs.WorkflowRunIds, Outputs.WorkflowRunIdsTruncated, result.runs.map(r => r.workflowRunId)],
        [Outputs.WorkflowRuns, Outputs.WorkflowRunsTruncated, runs]
      ] as const)
    : ([[Outputs.MessageIds, Outputs.MessageIdsTruncated, (result.messages ?? []).map(m => m.messageId)]] as const)
  // Run ids and their pairs are cut together, item for item; message ids and the DLQ ids (those known) on their own.
  const failedLists =
    result.staged === undefined ? [] : runVerb ? [[runIds, pairs], [dlqIds]] : [[messageIds], [dlqIds]]
  let budget = budgetLeft(scalars, [...failedLists.flat(), ...made])
  const fitted: OutputValues = {}
  for (const lists of failedLists) {
    Object.assign(fitted, fitArrays(lists, budget))
    for (const [name] of lists) budget -= githubBytes(fitted[name] ?? '[]') - githubBytes('[]')
  }
  // A restart's refused runs stay in the DLQ: their ids are what a later step acts on, so they come before the new runs.
  if (result.operation === 'restart-workflows') {
    const refused = fitArray(
      Outputs.RefusedDlqIds,
      (result.refused ?? []).map(r => r.dlqId),
      budget
    )
    fitted[Outputs.RefusedDlqIds] = refused.value
    budget -= githubBytes(Outputs.RefusedDlqIds) + githubBytes(refused.value)
  }
  return { ...scalars, ...fitted, ...fitArrays(made, budget) }
}
