/**
 * HTTP oddities a real server or proxy may send (issue 9, item 7): encoded bodies, a byte-order mark, bytes that
 * are not UTF-8, redirects to odd places. The client in process over real sockets (the bundle end to end: e2e/service-http.test.ts).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type Simulator } from '../../sim/index.js'
import { readDlqMessages } from '../../src/service/schemas.js'
import { ServiceClient } from '../../src/service/client.js'
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry.js'
import { failure, recordingClient } from '../support/client.js'

const TOKEN = 'sim-token-5a1e9c03b7d24f68'
let sim: Simulator
let client: ServiceClient
let log: string[]

beforeEach(async () => {
  sim = await startSimulator({ token: TOKEN, messages: 30, workflowRuns: 20, schedules: 2, seed: 5 })
  ;({ client, log } = recordingClient(sim.url, TOKEN))
})
afterEach(async () => {
  await client.close()
  await sim.close()
})

const allIds = () => sim.state.messages.map(m => m.messageId)
const listedIds = async () =>
  readDlqMessages((await client.listDlqPage(new URLSearchParams({ count: '100' }))).items).messages.map(
    m => m.messageId
  )

describe('content-encoding', () => {
  it.each(['gzip', 'deflate', 'deflate-raw', 'br'])('decodes a %s body to the same page', async encoding => {
    sim.inject({ route: 'list', fault: { kind: 'encoded', encoding } })
    expect(await listedIds()).toEqual(allIds())
    expect(sim.requestCount).toBe(1)
  })

  it('refuses an encoding it cannot decode, naming it and the endpoint, without retrying', async () => {
    sim.inject({ route: 'list', fault: { kind: 'encoded', encoding: 'compress' } })
    const err = await failure(listedIds())
    expect(err.message).toBe(
      'list-dlq failed: GET /v2/dlq answered 200 with content-encoding "compress", which this action cannot ' +
        'decode (it reads gzip, deflate and br)'
    )
    expect(sim.requestCount).toBe(1)
  })

  it('refuses a body that decodes to more than 64 MiB, without holding it', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024 + 1, 0x20))
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      res.end(bomb)
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const other = new ServiceClient({
      baseUrl: new URL(`http://127.0.0.1:${port}`),
      token: TOKEN,
      timeoutMs: 5_000,
      retry: DEFAULT_RETRY_POLICY,
      log: () => {}
    })
    try {
      const err = await failure(other.listDlqPage(new URLSearchParams()))
      expect(err.message).toBe(
        'list-dlq failed: GET /v2/dlq answered 200 with a gzip body that decodes to more than 64 MiB'
      )
    } finally {
      await other.close()
      server.closeAllConnections()
      await new Promise<void>(resolve => server.close(() => resolve()))
    }
  })

  it('refuses a body that says gzip but is not', async () => {
    sim.inject({ route: 'list', fault: { kind: 'status', status: 200, headers: { 'Content-Encoding': 'gzip' } } })
    const err = await failure(listedIds())
    expect(err.message).toMatch(/^list-dlq failed: GET \/v2\/dlq answered 200 with a gzip body that does not decode/)
  })
})

describe('text', () => {
  it('accepts a UTF-8 byte-order mark before the JSON', async () => {
    sim.inject({ route: 'list', fault: { kind: 'bom' } })
    expect(await listedIds()).toEqual(allIds())
  })

  it('refuses a body that is not valid UTF-8, naming the endpoint, instead of changing an id', async () => {
    sim.inject({ route: 'list', fault: { kind: 'invalid-utf8' } })
    const err = await failure(listedIds())
    expect(err.message).toBe('list-dlq failed: GET /v2/dlq answered 200 with a body that is not valid UTF-8')
  })

  it('still reads the status of an error whose body cannot be decoded, and retries it', async () => {
    sim.inject({
      route: 'list',
      fault: { kind: 'status', status: 503, headers: { 'Content-Encoding': 'compress' } },
      times: 2
    })
    expect(await listedIds()).toEqual(allIds())
    expect(log).toHaveLength(2)
    expect(log[0]).toBe('GET /v2/dlq: HTTP 503 (attempt 1 of 5); retrying in 0.3 s')
  })
})

describe('redirects', () => {
  it.each([
    ['javascript:alert(1)', 'redirect to "javascript:alert(1)" was not followed'],
    ['/v2/dlq?x=1', 'redirect to "/v2/dlq?x=1" was not followed'],
    ['http://other.example/a b', 'redirect to "http://other.example/a b" was not followed']
  ])('names the Location %j exactly as sent', async (location, expected) => {
    sim.inject({ route: 'list', fault: { kind: 'redirect', location } })
    const err = await failure(listedIds())
    expect(err.message).toContain(`HTTP 307 ${expected}`)
  })

  it('says when a redirect has no Location header', async () => {
    sim.inject({ route: 'list', fault: { kind: 'status', status: 302 } })
    const err = await failure(listedIds())
    expect(err.message).toContain('HTTP 302 redirect without a Location header was not followed')
  })

  it('shortens a huge Location', async () => {
    sim.inject({ route: 'list', fault: { kind: 'redirect', location: `/${'a'.repeat(5000)}` } })
    const err = await failure(listedIds())
    expect(err.message).toContain(`redirect to "/${'a'.repeat(499)}…" (5001 characters) was not followed`)
  })
})
