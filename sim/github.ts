/**
 * A loopback fake of the GitHub REST issue endpoints the health issue uses, for one repository: the tests drive it
 * (faults included) and `npm run render` reads the issue body and comments it keeps.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeIssue {
  number: number
  title: string
  body: string
  labels: string[]
  /** The logins the issue was opened with. */
  assignees?: string[]
  state: 'open' | 'closed'
  comments: string[]
  /** Why it was closed, as the close asked (`completed`, `not_planned`). */
  stateReason?: string
  pullRequest?: boolean
}

export interface FakeOptions {
  /** Answer 403 to everything, as GitHub does to a token without issues: write. */
  forbid?: boolean
  /** The message of those 403 answers (GitHub's own by default). */
  forbidMessage?: string
  /** Answer 403 with `x-ratelimit-remaining: 0` to everything, as GitHub does to a token out of requests. */
  rateLimited?: boolean
  /** Answer 401 to everything, as GitHub does to a bad token. */
  unauthorized?: boolean
  /** Accept connections and never answer. */
  hang?: boolean
  /** Answer this many requests with 502 before serving. */
  failFirst?: number
  /** Carry out the next issue creation, then drop the connection instead of answering. */
  dropCreateAnswer?: boolean
  /** Told of each request on arrival (e.g. to signal the action while its issue call is under way). */
  onRequest?: (method: string, path: string) => void
  /** Create issues without the labels asked for, as GitHub silently does for a token that may not set labels. */
  dropLabels?: boolean
  /**
   * Hold each issue creation until this many are waiting, then carry them out in the order they came: checks that
   * overlap, each having found no issue before the other opened one.
   */
  holdCreates?: number
}

/** The issue endpoints the action uses, for one repository, over loopback; options can change between calls. */
export async function fakeGitHub(options: FakeOptions = {}, repository = 'acme/shop') {
  const base = `/repos/${repository}/issues`
  const issues: FakeIssue[] = []
  const seen: { method: string; path: string; query: string; authorization?: string }[] = []
  let held: (() => void)[] = []
  const gate = (): Promise<void> =>
    new Promise(resolve => {
      held.push(resolve)
      if (held.length >= (options.holdCreates ?? 0)) {
        options.holdCreates = 0
        const release = held
        held = []
        for (const go of release) go()
      }
    })
  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    let text = ''
    for await (const chunk of req) text += chunk
    return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  }
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    seen.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.search,
      authorization: req.headers.authorization
    })
    options.onRequest?.(req.method ?? '', url.pathname)
    if (options.hang) return
    const send = (status: number, value: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
    }
    if (options.rateLimited) {
      const reset = String(Math.ceil(Date.now() / 1000))
      res.writeHead(403, {
        'content-type': 'application/json',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': reset
      })
      return void res.end(JSON.stringify({ message: 'API rate limit exceeded' }))
    }
    if (options.unauthorized) return send(401, { message: 'Bad credentials' })
    if (options.forbid) return send(403, { message: options.forbidMessage ?? 'Resource not accessible by integration' })
    if (options.failFirst && options.failFirst > 0) {
      options.failFirst--
      return send(502, { message: 'Server Error' })
    }
    const view = (i: FakeIssue) => ({
      number: i.number,
      title: i.title,
      body: i.body,
      state: i.state,
      labels: i.labels.map(name => ({ name })),
      html_url: `https://github.com/${repository}/issues/${i.number}`,
      ...(i.pullRequest ? { pull_request: { url: 'x' } } : {})
    })
    const body = await readBody(req)
    const one = new RegExp(`^${base}/(\\d+)(/comments)?$`).exec(url.pathname)
    if (url.pathname === base && req.method === 'GET') {
      const label = url.searchParams.get('labels')
      const perPage = Number(url.searchParams.get('per_page') ?? 30)
      const page = Number(url.searchParams.get('page') ?? 1)
      const matching = issues.filter(
        i => i.state === url.searchParams.get('state') && (!label || i.labels.includes(label))
      )
      // Newest first when asked, as GitHub sorts by creation time.
      if (url.searchParams.get('sort') === 'created' && url.searchParams.get('direction') === 'desc') matching.reverse()
      return send(200, matching.slice((page - 1) * perPage, page * perPage).map(view))
    }
    if (url.pathname === base && req.method === 'POST') {
      if (options.holdCreates) await gate()
      const issue: FakeIssue = {
        number: issues.length + 1,
        title: String(body.title),
        body: String(body.body),
        labels: Array.isArray(body.labels) && !options.dropLabels ? body.labels.map(String) : [],
        ...(Array.isArray(body.assignees) ? { assignees: body.assignees.map(String) } : {}),
        state: 'open',
        comments: []
      }
      issues.push(issue)
      if (options.dropCreateAnswer) {
        options.dropCreateAnswer = false
        req.socket.destroy()
        return
      }
      return send(201, view(issue))
    }
    const issue = one && issues.find(i => i.number === Number(one[1]))
    if (issue && one?.[2] && req.method === 'POST') {
      issue.comments.push(String(body.body))
      return send(201, { id: 1 })
    }
    if (issue && req.method === 'PATCH') {
      if (body.state === 'closed') issue.state = 'closed'
      if (typeof body.state_reason === 'string') issue.stateReason = body.state_reason
      if (typeof body.body === 'string') issue.body = body.body
      return send(200, view(issue))
    }
    send(404, { message: 'Not Found' })
  }
  const server: Server = createServer((req, res) => void handle(req, res))
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  /** Adds an open issue as someone else (or an older version) left it. */
  const seed = (issue: Partial<FakeIssue> & { title: string }) =>
    issues.push({ number: issues.length + 1, body: '', labels: [], state: 'open', comments: [], ...issue })
  return {
    url,
    issues,
    seen,
    options,
    seed,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
