/**
 * The service client against the loopback simulator, in process, with a fake sleep: the waits it would take
 * are recorded, not slept.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type Simulator } from '../../sim/index.js'
import { readDlqMessages } from '../../src/service/schemas.js'
import { ServiceClient } from '../../src/service/client.js'
import { errorText } from '../../src/service/errors.js'
import { failure, recordingClient } from '../support/client.js'

const TOKEN = 'Sim-Token-7e2a9c4b1d'
let sim: Simulator
let client: ServiceClient
let log: string[]
let waits: number[]

beforeEach(async () => {
  sim = await startSimulator({ token: TOKEN, messages: 20, workflowRuns: 10, schedules: 2 })
  ;({ client, log, waits } = recordingClient(sim.url, TOKEN))
})
afterEach(async () => {
  await client.close()
  await sim.close()
})

const listed = () => client.listDlqPage(new URLSearchParams())

describe('waits', () => {
  it('caps a huge Retry-After and says so in the log line', async () => {
    sim.inject({ route: 'list', fault: { kind: 'status', status: 429, headers: { 'Retry-After': '3600' } } })
    const page = await listed()
    expect(readDlqMessages(page.items).messages).toHaveLength(20)
    expect(waits).toEqual([60_000])
    expect(log).toEqual([
      'GET /v2/dlq: HTTP 429 (attempt 1 of 5); retrying in 60.0 s as Retry-After says; ' +
        'the service asked for longer, waits are capped at 60 s'
    ])
  })

  it('uses the backoff when a 5xx says nothing, and stops at max-attempts', async () => {
    sim.inject({ route: 'list', fault: { kind: 'status', status: 503 }, times: Infinity })
    const err = await failure(listed())
    expect(err.message).toBe('list-dlq failed after 5 attempts: HTTP 503 service error from GET /v2/dlq: injected 503')
    expect(err.status).toBe(503)
    expect(waits).toEqual([250, 500, 1000, 2000])
    expect(log).toHaveLength(4)
    expect(log[3]).toBe('GET /v2/dlq: HTTP 503 (attempt 4 of 5); retrying in 2.0 s')
  })
})

describe('the token in what the server says', () => {
  it('is taken out of an error text that echoes it', async () => {
    sim.inject({
      route: 'list',
      fault: { kind: 'status', status: 400, body: JSON.stringify({ error: `got ${TOKEN}` }) }
    })
    const err = await failure(listed())
    expect(err.message).toBe('list-dlq failed: HTTP 400 bad request from GET /v2/dlq: got ***')
  })

  it('is taken out before the text is shortened, so no prefix of it survives the cut', async () => {
    const body = JSON.stringify({ error: `${'x'.repeat(290)} ${TOKEN}` })
    sim.inject({ route: 'list', fault: { kind: 'status', status: 400, body } })
    const err = await failure(listed())
    expect(err.message).not.toContain(TOKEN.slice(0, 5))
    expect(err.message).toContain('x ***')
  })

  it('is taken out in any letter case, as a redirect host would carry it', async () => {
    sim.inject({ route: 'list', fault: { kind: 'redirect', location: `http://${TOKEN}.example.com/v2/dlq` } })
    const err = await failure(listed())
    expect(err.message).toContain('redirect to "http://***.example.com/v2/dlq" was not followed')
    expect(err.message.toLowerCase()).not.toContain(TOKEN.toLowerCase())
  })

  it('is taken out of a body that is not JSON', async () => {
    sim.inject({ route: 'resume', fault: { kind: 'malformed', body: `<p>${TOKEN}</p>` } })
    const err = await failure(client.resumeWorkflowsPage(new URLSearchParams(), {}), 'resume-workflows')
    expect(err.message).toBe(
      'resume-workflows failed: POST /v2/workflows/dlq/resume answered 200 with a body that is not JSON: <p>***</p>'
    )
  })
})

describe('errorText', () => {
  it('redacts the whole text before shortening it', () => {
    const secret = 'abcdefghij'
    const text = errorText(JSON.stringify({ error: `${'y'.repeat(295)}${secret}` }), t => t.split(secret).join('*'))
    expect(text).toBe(`${'y'.repeat(295)}*`)
    expect(errorText('  two\n lines  ')).toBe('two lines')
  })
})
