/**
 * resume-workflows end to end (dist/index.js in its own process, real sockets) against a server that follows the
 * contract and one with every variant of wire-contract section 5 at once, by filters, by dlq-ids and for the whole
 * DLQ. The oracle is the simulator: exactly the entries the selection names left its DLQ, and the outputs list
 * exactly the runs it created, in order. Each variant alone is the route's test, in process:
 * unit/operations-resume-variants.test.ts.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type ServerVariants, type Simulator, type WorkflowDlqEntry } from '../../sim/index.js'
import { jsonOutput } from '../support/action.js'
import { runAction, type ActionRun } from '../../tools/harness.js'
import { BUNDLE_VARIANTS } from '../support/variants.js'

const TOKEN = 'sim-token-resume-variants-7a3c'
let sim: Simulator | undefined

afterEach(async () => {
  await sim?.close()
  sim = undefined
})

async function start(variants: Partial<ServerVariants>): Promise<Simulator> {
  sim = await startSimulator({ token: TOKEN, workflowRuns: 140, seed: 31, variants })
  return sim
}

function resume(s: Simulator, inputs: Record<string, string>): Promise<ActionRun> {
  return runAction({ operation: 'resume-workflows', token: TOKEN, 'base-url': s.url, ...inputs })
}

/** Runs the action against the simulator and checks the outputs and the DLQ against the entries it should take. */
async function expectResumed(s: Simulator, inputs: Record<string, string>, expected: WorkflowDlqEntry[]) {
  const before = [...s.state.workflowDlq]
  const run = await resume(s, inputs)
  expect(run.errors).toEqual([])
  expect(run.warnings).toEqual([])
  expect(run.code).toBe(0)
  const taken = new Set(s.state.resumedRuns.map(r => r.fromDlqId))
  expect([...taken].sort()).toEqual(expected.map(e => e.dlqId).sort())
  expect(s.state.workflowDlq).toEqual(before.filter(e => !taken.has(e.dlqId)))
  expect(jsonOutput(run, 'workflow-run-ids')).toEqual(s.state.resumedRuns.map(r => r.workflowRunId))
  expect(run.outputs['resumed-count']).toBe(String(expected.length))
  // Every request asked for at most 50, whatever the server does without count.
  for (const request of s.requests.filter(r => r.route === 'resume')) expect(request.query.get('count')).toBe('50')
}

describe.each(BUNDLE_VARIANTS)('resume-workflows against %s', (_name, variants) => {
  it('resumes exactly what the workflow-url and from-date filters select', async () => {
    const s = await start(variants)
    const dlq = s.state.workflowDlq
    const url = dlq[0]!.workflowUrl
    const from = dlq[30]!.failedAt
    const expected = dlq.filter(e => e.workflowUrl === url && e.failedAt >= from)
    expect(expected.length).toBeGreaterThan(0)
    await expectResumed(s, { 'workflow-url': url, 'from-date': String(from) }, expected)
  })

  it('resumes exactly the dlq-ids given, however many, and nothing else', async () => {
    const s = await start(variants)
    const chosen = s.state.workflowDlq.filter((_, i) => i % 3 === 1)
    await expectResumed(s, { 'dlq-ids': chosen.map(e => e.dlqId).join('\n') }, chosen)
  })

  it('resumes the whole DLQ when all is true, 50 a request', async () => {
    const s = await start(variants)
    await expectResumed(s, { all: 'true' }, [...s.state.workflowDlq])
  })
})
