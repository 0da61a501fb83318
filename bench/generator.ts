/** The DLQ of scenario 5, made up as it is read. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A server that makes up the DLQ as it is read: page n holds messages n*100 … n*100+99, each with its own URL
 * (about 100 characters), queue, URL group and schedule, so no breakdown ever sees a value twice. It holds nothing,
 * so a million messages cost the bench no memory.
 */
export async function startGenerator(
  total: number,
  pageSize: number
): Promise<{ url: string; pages: () => number; close(): Promise<void> }> {
  let pages = 0
  const base = Date.UTC(2026, 0, 1)
  const server = http.createServer((req, res) => {
    pages++
    const query = new URL(req.url ?? '/', 'http://x').searchParams
    const start = Number(query.get('cursor') ?? '0')
    const count = Number(query.get('count') ?? String(pageSize))
    const end = Math.min(total, start + count)
    const parts: string[] = []
    for (let i = start; i < end; i++) {
      parts.push(
        `{"messageId":"msg_${i}","url":"https://hooks-${i}.example.com/deliver/${i.toString(36).padStart(40, 'x')}",` +
          `"queueName":"queue-${i}","topicName":"group-${i}","scheduleId":"sched-${i}","responseStatus":${500 + (i % 4)},` +
          `"createdAt":${base + i * 1000},"method":"POST","body":"{}"}`
      )
    }
    const cursor = end < total ? `,"cursor":"${end}"` : ''
    const body = `{"messages":[${parts.join(',')}]${cursor}}`
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) })
    res.end(body)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    pages: () => pages,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
