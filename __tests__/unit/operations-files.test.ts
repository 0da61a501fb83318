/**
 * The log of a bulk write's requests (src/operations/files.ts): each answer told in the words of its verb, counting
 * what it made, runs or messages.
 */
import { describe, expect, it } from '@jest/globals'
import { resumeWorkflowsToFile } from '../../src/operations/files.js'
import type { ResumeResult } from '../../src/resume-results.js'
import type { ResumePage } from '../../src/service/schemas.js'
import { VERBS, type BulkOperation } from '../../src/verbs.js'

const RUN = { workflowRunId: 'wfr_new_1', workflowCreatedAt: 1_795_000_000_000 }

/** The lines a write logs when its drain answers `page` once, `total` taken so far. */
async function logged(operation: BulkOperation, page: ResumePage, total: number): Promise<string[]> {
  const lines: string[] = []
  await resumeWorkflowsToFile(
    undefined,
    VERBS[operation],
    JSON.stringify,
    line => lines.push(line),
    async onPage => {
      onPage(page, total)
      return {} as ResumeResult
    }
  )
  return lines
}

describe('the log of a bulk write', () => {
  it('counts the new messages of a retry, and says retried', async () => {
    const messages = [{ messageId: 'msg_a' }, { messageId: 'msg_b', deduplicated: true as const }]
    expect(await logged('retry-messages', { workflowRuns: [], messages, problems: [] }, 102)).toEqual([
      'request: 2 messages retried (102 so far)'
    ])
  })

  it('counts the new runs of a restart and of a resume, each in its own word', async () => {
    const page = { workflowRuns: [RUN], problems: [] }
    expect(await logged('restart-workflows', page, 1)).toEqual(['request: 1 workflow run restarted (1 so far)'])
    expect(await logged('resume-workflows', page, 3)).toEqual(['request: 1 workflow run resumed (3 so far)'])
  })
})
