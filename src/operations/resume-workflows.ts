import { Inputs } from '../constants.js'
import type { ResumeSettings } from '../inputs/settings.js'
import { drainInto } from '../service/pagination.js'
import { overrideHeaders, resumeQuery } from '../service/query.js'
import type { ResumePage, WorkflowRun } from '../service/schemas.js'
import type { ResumeResult } from './results.js'

export interface WorkflowResumer {
  resumeWorkflowsPage(
    query: URLSearchParams,
    headers: Record<string, string>
  ): Promise<ResumePage & { retriedAfterLostAnswer?: boolean }>
}

/**
 * Resumes the selected failed runs, at most 50 per request, repeating with the returned cursor until none
 * comes back. A failure part way keeps every run already resumed and the cursor to continue from.
 */
export async function resumeWorkflows(
  client: WorkflowResumer,
  settings: ResumeSettings,
  onPage: (page: ResumePage, total: number) => void = () => {}
): Promise<ResumeResult> {
  const runs: WorkflowRun[] = []
  let uncertainRequests = 0
  const headers = overrideHeaders(settings.overrides)
  const outcome = await drainInto(
    cursor => client.resumeWorkflowsPage(resumeQuery(settings.selection, cursor), headers),
    { maxPages: settings.maxPages, maxPagesInput: Inputs.MaxPages, startCursor: settings.cursor },
    page => {
      if (page.retriedAfterLostAnswer) uncertainRequests++
      runs.push(...page.workflowRuns)
      onPage(page, runs.length)
    }
  )
  return {
    operation: 'resume-workflows',
    selection: settings.selection,
    all: settings.all,
    overrides: settings.overrides,
    ...(settings.cursor !== undefined ? { startCursor: settings.cursor } : {}),
    runs,
    requests: outcome.pages,
    uncertainRequests,
    ...(outcome.nextCursor !== undefined ? { nextCursor: outcome.nextCursor } : {}),
    ...(outcome.error !== undefined ? { error: outcome.error } : {})
  }
}
