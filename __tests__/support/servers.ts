/** Network helpers of the end-to-end tests, besides the simulator. */
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'

/** A port on 127.0.0.1 that nothing listens on (it was just free). */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>(resolve => server.close(() => resolve()))
  return port
}

/** A second, unrelated origin that records every request it gets. */
export async function startRecorder(): Promise<{
  url: string
  requests: http.IncomingHttpHeaders[]
  close(): Promise<void>
}> {
  const requests: http.IncomingHttpHeaders[] = []
  const server = http.createServer((req, res) => {
    requests.push(req.headers)
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"messages":[]}')
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
