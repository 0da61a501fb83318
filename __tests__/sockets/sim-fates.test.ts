/** The simulator's fates of resumed runs, on its own clock, and the command line that sets one. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { parseArgs } from '../../sim/cli-args.js'
import { startSimulator, type Simulator } from '../../sim/index.js'
import type { RunFate } from '../../sim/fates.js'

const T0 = Date.UTC(2026, 10, 1)
const URL_A = 'https://app.example.com/api/workflow/onboarding'
let sim: Simulator
let time = T0

afterEach(async () => {
  await sim.close()
})

async function start(fates: RunFate[]): Promise<void> {
  time = T0
  sim = await startSimulator({ token: 't', workflowRuns: 300, seed: 3, now: T0, clock: () => time, fates })
}

const headers = { authorization: 'Bearer t' }
const resumeAll = () => fetch(`${sim.url}/v2/workflows/dlq/resume?count=50`, { method: 'POST', headers })
async function listed(): Promise<Array<Record<string, unknown>>> {
  const answer = await fetch(`${sim.url}/v2/dlq?source=workflow&fromDate=${T0}&count=100`, { headers })
  return ((await answer.json()) as { messages: Array<Record<string, unknown>> }).messages
}

describe('fates of resumed runs', () => {
  it('brings every run of the URL back under its new run id once the clock reaches the delay, and no other', async () => {
    await start([{ workflowUrl: URL_A, afterMs: 10_000, responseStatus: 503, responseBody: 'down' }])
    await resumeAll()
    const fated = sim.state.resumedRuns.filter(r => r.workflowUrl === URL_A).map(r => r.workflowRunId)
    expect(fated.length).toBeGreaterThan(0)
    time = T0 + 9_999
    expect(await listed()).toEqual([])
    time = T0 + 10_000
    const back = await listed()
    expect(back.map(e => e.workflowRunId).sort()).toEqual([...fated].sort())
    expect(back[0]).toMatchObject({
      workflowUrl: URL_A,
      responseStatus: 503,
      responseBody: 'down',
      createdAt: T0 + 10_000
    })
    expect(new Set(back.map(e => e.dlqId)).size).toBe(fated.length)
  })

  it('fails a stable share of the runs', async () => {
    await start([{ share: 0.3 }])
    await resumeAll()
    const back = (await listed()).length
    expect(back).toBeGreaterThan(5)
    expect(back).toBeLessThan(30)
    await sim.close()
    await start([{ share: 0.3 }])
    await resumeAll()
    expect((await listed()).length).toBe(back)
  })
})

describe('cancelled runs', () => {
  it('cancels a stable share of the runs that do not fail again, chosen apart from those that fail', async () => {
    await start([{ share: 0.3, cancelShare: 0.5, cancelAfterMs: 1_000 }])
    await resumeAll()
    const ends = (run: (typeof sim.state.resumedRuns)[number]) => run.course.ends
    const cancelled = sim.state.resumedRuns.filter(run => ends(run) === 'cancelled')
    const failing = sim.state.resumedRuns.filter(run => ends(run) === 'failure')
    expect(failing.length).toBeGreaterThan(5)
    expect(cancelled.length).toBeGreaterThan(10)
    expect(cancelled.length + failing.length).toBeLessThan(50)
    expect(cancelled.every(run => run.course.endsAt === T0 + 1_000)).toBe(true)
    time = T0 + 3_600_000
    const back = new Set((await listed()).map(e => e.workflowRunId))
    expect(failing.every(run => back.has(run.workflowRunId))).toBe(true)
    expect(cancelled.some(run => back.has(run.workflowRunId))).toBe(false)
  })
})

describe('the command line', () => {
  it('sets one fate from the --fail-again flags', () => {
    const options = parseArgs(['--fail-again', URL_A, '--fail-again-share=0.5', '--fail-again-after-ms', '2000'])
    expect(options.fates).toEqual([{ workflowUrl: URL_A, share: 0.5, afterMs: 2000 }])
    expect(parseArgs(['--fail-again', '*', '--fail-again-status', '502']).fates).toEqual([{ responseStatus: 502 }])
  })

  it('refuses a bad value, and a --fail-again-* flag without --fail-again', () => {
    expect(() => parseArgs(['--fail-again', '*', '--fail-again-share', '2'])).toThrow(
      '--fail-again-share expects 0 to 1'
    )
    expect(() => parseArgs(['--fail-again-after-ms', '5'])).toThrow('need --fail-again')
  })
})
