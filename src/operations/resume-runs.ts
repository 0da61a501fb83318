/**
 * A resume of runs given by their pairs (input workflow-runs, such as failed-again-runs): each run is found in the
 * workflow DLQ by a listing of its id and creation time, kept only where both are exactly the pair (run ids repeat,
 * and the service reads the id as a prefix), and the entries found are resumed by their dlqIds. A run not in the DLQ
 * is told from the run log: still retrying (a re-run is given it again), or ended without an entry to resume.
 */
import { Inputs } from '../constants.js'
import { failureOf, type Failure } from '../failure.js'
import type { ResumeRequest, RunPair } from '../requests.js'
import { verbOf } from '../verbs.js'
import type { ByRuns, ResumeResult } from '../resume-results.js'
import type { RunState } from '../run-states.js'
import type { ServiceClient } from '../service/client.js'
import { drainInto } from '../service/pagination.js'
import { listQuery } from '../service/query.js'
import { isRecord, millis } from '../service/schemas.js'
import { ResumeLedger } from './resume-ledger.js'
import { judgeRun } from './run-states.js'

type RunFinder = Pick<ServiceClient, 'listDlqPage' | 'readRunLog'>

/** States of a run not in the DLQ that may still bring it there: a re-run is given it again. */
const MAY_COME: ReadonlySet<RunState> = new Set<RunState>(['running', 'failing', 'unknown'])

/** The dlqIds of the entries whose run is exactly this pair, from a listing filtered by it. */
async function entriesOf(client: RunFinder, pair: RunPair, maxPages: number): Promise<string[]> {
  const filters = {
    source: 'workflow' as const,
    workflowRunId: pair.workflowRunId,
    workflowCreatedAt: pair.workflowCreatedAt
  }
  const ids: string[] = []
  const fetch = (cursor: string | undefined) => client.listDlqPage(listQuery(filters, 100, 'earliestFirst', cursor))
  const outcome = await drainInto(fetch, { maxPages, maxPagesInput: Inputs.MaxPages }, page => {
    for (const item of page.items) {
      if (!isRecord(item) || item.workflowRunId !== pair.workflowRunId || typeof item.dlqId !== 'string') continue
      const created = millis.safeParse(item.workflowCreatedAt)
      if (created.success && created.data === pair.workflowCreatedAt && item.dlqId !== '') ids.push(item.dlqId)
    }
  })
  if (outcome.failure !== undefined) throw Object.assign(new Error('listing failed'), { failure: outcome.failure })
  return ids
}

/** What the run log says of runs not in the DLQ; unknown for each where the service keeps none or the read fails. */
async function statesOf(client: RunFinder, pairs: readonly RunPair[], maxPages: number): Promise<RunState[]> {
  if (pairs.length === 0) return []
  try {
    const read = await client.readRunLog(pairs, maxPages)
    const log = read.kind === 'read' ? read.runs : undefined
    return pairs.map(pair => (log === undefined ? 'unknown' : judgeRun(pair, log, undefined).state))
  } catch {
    // Not knowing is not a failure of the resume: those runs are given again to a re-run.
    return pairs.map(() => 'unknown')
  }
}

/**
 * Finds the runs of request.runs in the DLQ, resumes what was found with `resume` (by dlqIds, staged or not), and
 * says what became of each run given. A listing that fails stops the step before any resume request.
 */
export async function resumeRuns(
  client: RunFinder,
  request: ResumeRequest & { runs: RunPair[] },
  resume: (byIds: ResumeRequest) => Promise<ResumeResult>
): Promise<ResumeResult> {
  const { runs: pairs, ...rest } = request
  const found: Array<{ pair: RunPair; dlqIds: string[] }> = []
  const missing: RunPair[] = []
  let failure: Failure | undefined
  for (const pair of pairs) {
    try {
      const dlqIds = await entriesOf(client, pair, request.maxPages)
      if (dlqIds.length > 0) found.push({ pair, dlqIds })
      else missing.push(pair)
    } catch (err) {
      failure = failureOf(err)
      break
    }
  }
  if (failure !== undefined) {
    const byRuns: ByRuns = { given: pairs.length, found: found.length, notInDlq: [], left: pairs }
    return { ...new ResumeLedger(verbOf(rest)).result(rest, { failure }), byRuns }
  }
  const dlqIds = [...new Set(found.flatMap(run => run.dlqIds))]
  const result =
    dlqIds.length > 0
      ? await resume({ ...rest, selection: { dlqIds } })
      : { ...new ResumeLedger(verbOf(rest)).result(rest, {}), requests: 0 }
  const states = await statesOf(client, missing, request.maxPages)
  const notInDlq = missing.map((pair, i) => ({ ...pair, state: states[i] ?? 'unknown' }))
  const { nextCursor, continueFrom, ...own } = result
  // Stopped part way: the runs whose ids were not all sent are given again (the gone are told apart on the re-run).
  const stopped = nextCursor !== undefined || continueFrom !== undefined || result.failure !== undefined
  const sentBefore = continueFrom !== undefined ? continueFrom.position - 1 : stopped ? 0 : dlqIds.length
  const unsent = new Set(dlqIds.slice(sentBefore))
  const left = [
    ...found.filter(run => run.dlqIds.some(id => unsent.has(id))).map(run => run.pair),
    ...notInDlq
      .filter(run => MAY_COME.has(run.state))
      .map(({ workflowRunId, workflowCreatedAt }) => ({
        workflowRunId,
        workflowCreatedAt
      }))
  ]
  return { ...own, byRuns: { given: pairs.length, found: found.length, notInDlq, left } }
}
