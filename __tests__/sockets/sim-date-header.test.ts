/**
 * The simulator's Date faults (wire contract, section 5) and its lost answers: what the header says on each answer,
 * while the times the service stamps stay on its own clock.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'

const T0 = Date.UTC(2026, 10, 3, 9, 30, 0)
let sim: Simulator
let time = T0

afterEach(async () => {
  await sim.close()
})

async function start(variants: Partial<ServerVariants>): Promise<void> {
  time = T0
  sim = await startSimulator({ token: 't', workflowRuns: 30, seed: 5, now: T0, clock: () => time, variants })
}

const headers = { authorization: 'Bearer t' }
const list = () => fetch(`${sim.url}/v2/dlq?source=workflow&count=1`, { headers })
const resume = () => fetch(`${sim.url}/v2/workflows/dlq/resume?count=2`, { method: 'POST', headers })
const dateOf = (answer: Response) => answer.headers.get('date')

describe('the Date header', () => {
  it("is the simulator's clock by default, with no Age", async () => {
    await start({})
    const answer = await list()
    expect(dateOf(answer)).toBe(new Date(T0).toUTCString())
    expect(answer.headers.get('age')).toBeNull()
  })

  it('dateLiteral: every answer says the text given, a POST and an error too', async () => {
    await start({ dateLiteral: '1' })
    expect(dateOf(await list())).toBe('1')
    expect(dateOf(await resume())).toBe('1')
    expect(dateOf(await fetch(`${sim.url}/v2/dlq?count=0`, { headers }))).toBe('1')
  })

  it("cachedDateAgeSeconds: a GET's Date is that old, with Age saying so; a POST's is the clock's", async () => {
    await start({ cachedDateAgeSeconds: 7_200 })
    const cached = await list()
    expect(dateOf(cached)).toBe(new Date(T0 - 7_200_000).toUTCString())
    expect(cached.headers.get('age')).toBe('7200')
    const posted = await resume()
    expect(dateOf(posted)).toBe(new Date(T0).toUTCString())
    expect(posted.headers.get('age')).toBeNull()
  })

  it('frontEndOffsetsMs: each answer is dated by the next front end, so the Date may go backwards', async () => {
    await start({ frontEndOffsetsMs: [300_000, -300_000] })
    const dates = [dateOf(await list()), dateOf(await resume()), dateOf(await list())]
    expect(dates).toEqual([T0 + 300_000, T0 - 300_000, T0 + 300_000].map(at => new Date(at).toUTCString()))
  })

  it("leaves the stamps on the simulator's clock: a resumed run is created at it, whatever the Date says", async () => {
    await start({ frontEndOffsetsMs: [-3_600_000] })
    time = T0 + 1_234
    const answer = await resume()
    const { workflowRuns } = (await answer.json()) as { workflowRuns: { workflowCreatedAt: number }[] }
    expect(workflowRuns.map(run => run.workflowCreatedAt)).toEqual([T0 + 1_234, T0 + 1_234])
    expect(dateOf(answer)).toBe(new Date(T0 + 1_234 - 3_600_000).toUTCString())
  })

  it('noDateHeader wins over the other Date faults', async () => {
    await start({ noDateHeader: true, dateLiteral: '1', frontEndOffsetsMs: [5_000] })
    expect(dateOf(await list())).toBeNull()
  })
})

describe('a lost answer', () => {
  it('lose-answer: the resume is carried out, then the connection drops before the answer', async () => {
    await start({})
    const before = sim.state.workflowDlq.length
    sim.inject({ route: 'resume', fault: { kind: 'lose-answer' } })
    await expect(resume()).rejects.toThrow()
    expect(sim.state.resumedRuns).toHaveLength(2)
    expect(sim.state.workflowDlq).toHaveLength(before - 2)
  })

  it('drop: the connection drops before the request is carried out', async () => {
    await start({})
    sim.inject({ route: 'resume', fault: { kind: 'drop' } })
    await expect(resume()).rejects.toThrow()
    expect(sim.state.resumedRuns).toEqual([])
  })
})
