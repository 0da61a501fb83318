/**
 * The canary end to end on the service's clock: the bundle over real sockets against a simulator whose clock is
 * skewed from the runner's both ways, the runs of the first stage fated to fail again during the watch after the
 * second. Every bound the action compares with the service's times must come from the service.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type Simulator } from '../../sim/index.js'
import { jsonOutput } from '../support/action.js'
import { runAction } from '../../tools/harness.js'

const TOKEN = 'sim-token-clock-5d1e9a'
const URL_A = 'https://app.example.com/api/workflow/onboarding'
let sim: Simulator

afterEach(async () => {
  await sim.close()
})

describe.each([
  ['5 minutes behind', -300_000],
  ['3 minutes ahead of', 180_000]
])("with the service's clock %s the runner's", (_, skew) => {
  it('a failure of stage 1 during the watch after stage 2 stops the resume, counted and attributed', async () => {
    sim = await startSimulator({
      token: TOKEN,
      workflowRuns: 200,
      seed: 31,
      now: Date.now() + skew,
      clock: () => Date.now() + skew,
      variants: { ignoreResumeCount: false },
      // The watch after stage 1 lists 3 s after it; stage 1's runs fail 4.5 s after their resume.
      fates: [{ workflowUrl: URL_A, afterMs: 4_500, responseStatus: 500, responseBody: '{"error":"still broken"}' }]
    })
    const run = await runAction({
      token: TOKEN,
      'base-url': sim.url,
      operation: 'resume-workflows',
      'workflow-url': URL_A,
      stages: '3, 3, all',
      watch: '3s',
      'watch-retries': '0'
    })
    expect(run.code).toBe(1)
    const resumed = sim.state.resumedRuns.map(r => r.workflowRunId)
    expect(resumed).toHaveLength(6)
    expect(run.outputs).toMatchObject({ 'failed-again-count': '3', 'stages-completed': '1', complete: 'false' })
    expect(jsonOutput(run, 'failed-again-run-ids')).toEqual(resumed.slice(0, 3))
    // The bound of the last request is the service's time at the start (checked against the first run it created),
    // and the continuation sends it again; 5 minutes behind, the first request sent the runner's clock less 2 minutes.
    const toDate = Number(
      sim.requests
        .filter(r => r.route === 'resume')
        .at(-1)!
        .query.get('toDate')
    )
    expect(Math.abs(toDate - (Date.now() + skew))).toBeLessThan(60_000)
    expect(toDate).toBeLessThan(Math.min(...sim.state.resumedRuns.map(r => r.workflowCreatedAt)))
    expect(run.outputs['next-to-date']).toBe(String(toDate))
    expect(run.summary).toMatch(/^## 🛑 Stopped after stage 2 of 3: 3 of the 6 runs resumed so far failed again/)
    expect(run.summary).toMatch(/\| 3 \| failed \| 1 \| 2 \| — \| 500 \|/)
    // The watched stages sent the canary's retries.
    expect(sim.requests.filter(r => r.route === 'resume').map(r => r.headers['service-retries'])).toEqual(['0', '0'])
  })
})
