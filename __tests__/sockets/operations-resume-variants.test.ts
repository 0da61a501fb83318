/**
 * resume-workflows in process, over real sockets, against each server variant the resume route reads (wire-contract
 * section 5) and all of them at once: by filters, by dlq-ids and for the whole DLQ. The oracle is the simulator:
 * exactly the entries the selection names left its DLQ, and the result lists exactly the runs it created, in order.
 * A resume by filters also lists one entry, for the service's Date alone: the list route's variants are run together,
 * in "every variant at once". The bundle runs against the contract and all at once in e2e/variants-resume.test.ts.
 */
import { describe, expect, it } from '@jest/globals'
import { resumeWorkflows } from '../../src/operations/resume-workflows.js'
import { resumeReport } from '../../src/report/resume.js'
import type { ResumeRequest } from '../../src/requests.js'
import type { ServiceClient } from '../../src/service/client.js'
import { type ServerVariants, type Simulator, type WorkflowDlqEntry } from '../../sim/index.js'
import { simulatorPerTest } from '../support/client.js'
import { resumeRequest } from '../support/results.js'
import { variantsFor } from '../support/variants.js'

const TOKEN = 'sim-token-resume-variants'
/**
 * Where the seeded entries end: 10 minutes ago, so that a server without a Date header (the bound is then the runner's
 * clock less 2 minutes) still has every one of them inside the bound.
 */
const NOW = Date.now() - 10 * 60_000
const simulator = simulatorPerTest(TOKEN)
const start = (variants: Partial<ServerVariants>) => simulator({ workflowRuns: 140, seed: 31, now: NOW, variants })

/** Resumes, then checks the result and the DLQ against the entries the selection should take. */
async function expectResumed(s: Simulator, c: ServiceClient, request: ResumeRequest, expected: WorkflowDlqEntry[]) {
  const before = [...s.state.workflowDlq]
  const result = await resumeWorkflows(c, request)
  expect(result.failure).toBeUndefined()
  expect(result.uncertainRequests).toBe(0)
  expect(resumeReport.warnings(result)).toEqual([])
  const taken = new Set(s.state.resumedRuns.map(r => r.fromDlqId))
  expect([...taken].sort()).toEqual(expected.map(e => e.dlqId).sort())
  expect(s.state.workflowDlq).toEqual(before.filter(e => !taken.has(e.dlqId)))
  expect(result.runs.map(run => run.workflowRunId)).toEqual(s.state.resumedRuns.map(r => r.workflowRunId))
  // Every request asked for at most 50, whatever the server does without count.
  for (const sent of s.requests.filter(r => r.route === 'resume')) expect(sent.query.get('count')).toBe('50')
}

describe.each(variantsFor('resume'))('resume-workflows against %s', (_name, variants) => {
  it('resumes exactly what the workflow-url and from-date filters select', async () => {
    const { s, c } = await start(variants)
    const dlq = s.state.workflowDlq
    const url = dlq[0]!.workflowUrl
    const from = dlq[30]!.failedAt
    const expected = dlq.filter(e => e.workflowUrl === url && e.failedAt >= from)
    expect(expected.length).toBeGreaterThan(0)
    await expectResumed(s, c, resumeRequest({ selection: { workflowUrl: url, fromDate: from } }), expected)
  })

  it('resumes exactly the dlq-ids given, however many, and nothing else', async () => {
    const { s, c } = await start(variants)
    const chosen = s.state.workflowDlq.filter((_, i) => i % 3 === 1)
    await expectResumed(s, c, resumeRequest({ selection: { dlqIds: chosen.map(e => e.dlqId) } }), chosen)
  })

  it('resumes the whole DLQ when all is true, 50 a request', async () => {
    const { s, c } = await start(variants)
    await expectResumed(s, c, resumeRequest({ all: true }), [...s.state.workflowDlq])
  })
})
