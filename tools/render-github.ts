/**
 * A loopback stand-in for the few GitHub issue endpoints the health check calls, for `npm run render`: it keeps
 * the issue's body and comments so that they can be rendered. Not a test double (tests have their own).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RenderIssue {
  number: number
  title: string
  body: string
  labels: string[]
  state: 'open' | 'closed'
  comments: string[]
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>)
}

export async function renderGitHub(repository: string): Promise<{
  url: string
  issues: RenderIssue[]
  close(): Promise<void>
}> {
  const issues: RenderIssue[] = []
  const base = `/repos/${repository}/issues`
  const view = (issue: RenderIssue) => ({
    number: issue.number,
    html_url: `https://github.com/${repository}/issues/${issue.number}`,
    title: issue.title,
    body: issue.body,
    state: issue.state,
    labels: issue.labels.map(name => ({ name }))
  })
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const body = await readJson(req)
    const send = (status: number, data: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data))
    }
    if (url.pathname === base && req.method === 'GET') {
      return send(200, issues.filter(i => i.state === 'open').map(view))
    }
    if (url.pathname === base && req.method === 'POST') {
      const issue: RenderIssue = {
        number: issues.length + 1,
        title: String(body.title),
        body: String(body.body),
        labels: Array.isArray(body.labels) ? body.labels.map(String) : [],
        state: 'open',
        comments: []
      }
      issues.push(issue)
      return send(201, view(issue))
    }
    const one = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)(\/comments)?$/.exec(url.pathname)
    const issue = one && issues.find(i => i.number === Number(one[1]))
    if (issue && one?.[2] && req.method === 'POST') {
      issue.comments.push(String(body.body))
      return send(201, { id: issue.comments.length })
    }
    if (issue && req.method === 'PATCH') {
      if (body.state === 'closed') issue.state = 'closed'
      if (typeof body.body === 'string') issue.body = body.body
      return send(200, view(issue))
    }
    send(404, { message: 'Not Found' })
  }
  const server: Server = createServer((req, res) => void handle(req, res))
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    issues,
    close: () => new Promise<void>(resolve => server.close(() => resolve()))
  }
}
