/**
 * HTTP oddities a real server or proxy may send (issue 9, item 7), end to end: the bundle against the simulator
 * answering encoded bodies, a byte-order mark, bytes that are not UTF-8 and odd redirects.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type Simulator } from '../../sim/index.js'
import { jsonOutput } from '../support/action.js'
import { runAction } from '../../tools/harness.js'

const TOKEN = 'sim-token-5a1e9c03b7d24f68'
let sim: Simulator

beforeEach(async () => {
  sim = await startSimulator({ token: TOKEN, messages: 30, workflowRuns: 20, schedules: 2, seed: 5 })
})
afterEach(async () => {
  await sim.close()
})

const allIds = () => sim.state.messages.map(m => m.messageId)

describe('end to end', () => {
  const common = () => ({ token: TOKEN, 'base-url': sim.url })

  it('lists a br-encoded page after a gzip-encoded one, with a byte-order mark on a third', async () => {
    sim.inject({ route: 'list', fault: { kind: 'encoded', encoding: 'gzip' } })
    sim.inject({ route: 'list', fault: { kind: 'encoded', encoding: 'br' } })
    sim.inject({ route: 'list', fault: { kind: 'bom' } })
    const run = await runAction({ ...common(), operation: 'list-dlq', count: '10' })
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    expect(jsonOutput(run, 'message-ids')).toEqual(allIds())
  })

  it('fails naming the endpoint when a page is not UTF-8, and the redirect target when redirected', async () => {
    sim.inject({ route: 'list', fault: { kind: 'invalid-utf8' }, skip: 1 })
    const run = await runAction({ ...common(), operation: 'list-dlq', count: '10' })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toContain('list-dlq failed: GET /v2/dlq answered 200 with a body that is not valid UTF-8')
    expect(run.outputs['dlq-count']).toBe('10')

    sim.inject({ route: 'list', fault: { kind: 'redirect', location: 'javascript:alert(1)' } })
    const redirected = await runAction({ ...common(), operation: 'list-dlq' })
    expect(redirected.code).toBe(1)
    expect(redirected.errors[0]).toContain('HTTP 307 redirect to "javascript:alert(1)" was not followed')
  })
})
