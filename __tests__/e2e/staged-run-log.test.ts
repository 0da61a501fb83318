/**
 * A staged resume whose watch reads the service's run log, end to end: the bundle over real sockets against the
 * simulator, in real time. A canary whose runs all completed goes on at the first poll; one whose run fails its first
 * attempt is stopped before the run is back in the DLQ. The oracle is the simulator: what it resumed and when.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'
import type { RunFate } from '../../sim/fates.js'
import { jsonOutput } from '../support/action.js'
import { runAction, type ActionRun } from '../../tools/harness.js'

const TOKEN = 'sim-token-run-log-5d2c8e1b9a'
const URL_A = 'https://app.example.com/api/workflow/onboarding'
let sim: Simulator

afterEach(async () => {
  await sim.close()
})

async function start(fates: RunFate[], variants: Partial<ServerVariants> = {}): Promise<void> {
  sim = await startSimulator({ token: TOKEN, workflowRuns: 200, seed: 31, variants, fates })
}

const resume = (inputs: Record<string, string>): Promise<ActionRun> =>
  runAction({ token: TOKEN, 'base-url': sim.url, operation: 'resume-workflows', 'workflow-url': URL_A, ...inputs })

const stageStarts = () => {
  const resumes = sim.requests.filter(r => r.route === 'resume')
  return [resumes[0]!.at, resumes[resumes.length - 1]!.at]
}

describe('a canary whose runs all completed', () => {
  it('goes on to the next stage at the first poll, not after its 10-minute watch', async () => {
    await start([{ share: 0, completeAfterMs: 200 }])
    const run = await resume({ stages: '3, all', watch: '10m', 'watch-min-completed': '100%' })
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    // Stage 2 was resumed one poll (5 s) after stage 1, on the simulator's clock: the watch ended early.
    const [first, last] = stageStarts()
    expect(last! - first!).toBeLessThan(60_000)
    expect(run.outputs).toMatchObject({ 'completed-count': '3', 'stages-completed': '2', complete: 'true' })
    expect(JSON.parse(run.outputs['run-states']!)).toEqual({
      completed: 3,
      failed: 0,
      failing: 0,
      cancelled: 0,
      running: 0,
      unknown: 0
    })
    expect(run.summary).toContain('- Stage 1: 3 completed after 5s')
    expect(run.summary).toContain('ended early: every run so far had ended')
    expect(run.summary).toContain('**States read from** the run log: 3 completed.')
    expect(run.summary).not.toMatch(/succeeded/i)
  }, 60_000)
})

describe('a canary whose run fails its first attempt', () => {
  it('stops at the next poll, before the run is back in the DLQ: exit 1, the first error, no further stage', async () => {
    await start([
      { afterMs: 30 * 60_000, firstErrorAfterMs: 200, responseStatus: 502, responseBody: '{"error":"bad gateway"}' }
    ])
    const run = await resume({ stages: '2, all', watch: '10m' })
    expect(run.code).toBe(1)
    expect(sim.state.resumedRuns).toHaveLength(2)
    // Not in the DLQ: still retrying, but failing in the run log: named, with the pair that resumes each once back.
    expect(run.outputs).toMatchObject({ 'failed-again-count': '2', 'completed-count': '0', complete: 'false' })
    const resumed = sim.state.resumedRuns
    expect(jsonOutput(run, 'failed-again-run-ids')).toEqual(resumed.map(r => r.workflowRunId))
    expect(jsonOutput(run, 'failed-again-runs')).toEqual(
      resumed.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
    )
    expect(jsonOutput(run, 'failed-again-dlq-ids')).toEqual([])
    expect(JSON.parse(run.outputs['run-states']!)).toMatchObject({ failing: 2, failed: 0 })
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(/^2 of the 2 runs resumed by stage 1 of 2 failed or are failing \(2 failing\)/)
    expect(run.errors[0]).toContain('first error HTTP 502 "bad gateway" (from the run log)')
    expect(run.errors[0]).toContain('re-run with cursor: ')
    expect(run.summary.split('\n')[0]).toContain('## 🛑 Stopped after stage 1 of 2')
    expect(run.summary).toContain('| 2 | failing (still retrying) | 1 | 1 |')
    expect(run.summary).toContain('`bad gateway`')
  }, 60_000)
})

describe('watch-min-completed where the service keeps no run log', () => {
  it('is refused before any resume request, saying why', async () => {
    await start([], { noRunLog: true })
    const run = await resume({ stages: '2, all', watch: '1m', 'watch-min-completed': '2' })
    expect(run.code).toBe(1)
    expect(sim.requests.filter(r => r.route === 'resume')).toEqual([])
    expect(run.errors.join('\n')).toContain('watch-min-completed cannot be judged: this service keeps no run log')
    expect(run.outputs['resumed-count']).toBe('0')
  }, 60_000)
})
