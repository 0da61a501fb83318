/** Self-hosted runners behind a proxy: HTTP_PROXY / HTTPS_PROXY / NO_PROXY, through a loopback forward proxy. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { createServer, request, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { startSimulator, type Simulator } from '../../sim/index.js'
import { runAction } from '../../tools/harness.js'

/** A forward proxy: CONNECT tunnels and absolute-form requests, each recorded. */
async function forwardProxy() {
  const seen: string[] = []
  const sockets = new Set<Socket>()
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`)
    const target = new URL(req.url ?? '')
    const upstream = request(target, { method: req.method, headers: req.headers }, answer => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    req.pipe(upstream)
  })
  server.on('connect', (req, client: Socket, head) => {
    seen.push(`CONNECT ${req.url}`)
    const [host, port] = (req.url ?? '').split(':')
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('error', () => s.destroy())
      s.on('close', () => sockets.delete(s))
    }
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => {
      for (const s of sockets) s.destroy()
      return new Promise<void>(resolve => server.close(() => resolve()))
    }
  }
}

let sim: Simulator
let proxy: Awaited<ReturnType<typeof forwardProxy>>
beforeEach(async () => {
  sim = await startSimulator({ token: 'sim-token', messages: 150 })
  proxy = await forwardProxy()
})
afterEach(async () => {
  await proxy.close()
  await sim.close()
})

const list = (env: Record<string, string>) =>
  runAction({ operation: 'list-dlq', token: 'sim-token', 'base-url': sim.url }, env)

describe('proxy settings', () => {
  it('sends every request through HTTP_PROXY', async () => {
    const run = await list({ HTTP_PROXY: proxy.url })
    expect(run.errors).toEqual([])
    expect(run.outputs['dlq-count']).toBe('150')
    const target = new URL(sim.url).host
    expect(proxy.seen.length).toBeGreaterThan(0)
    expect(proxy.seen.every(line => line === `CONNECT ${target}` || line.startsWith(`GET ${sim.url}/v2/dlq`))).toBe(
      true
    )
    expect(sim.requests.filter(r => r.route === 'list')).toHaveLength(2)
  })

  it('honours the lower-case http_proxy too', async () => {
    const run = await list({ http_proxy: proxy.url })
    expect(run.code).toBe(0)
    expect(proxy.seen.length).toBeGreaterThan(0)
  })

  it('goes direct to hosts in NO_PROXY', async () => {
    const run = await list({ HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' })
    expect(run.code).toBe(0)
    expect(run.outputs['dlq-count']).toBe('150')
    expect(proxy.seen).toEqual([])
  })

  it('goes direct when no proxy is set', async () => {
    const run = await list({})
    expect(run.code).toBe(0)
    expect(proxy.seen).toEqual([])
  })
})
