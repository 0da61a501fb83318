/** The health issue: opened, commented, closed through a loopback fake of the GitHub REST endpoints. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { issueBody, syncHealthIssue, type IssueApi } from '../src/github/health-issue.js'
import type { ListResult } from '../src/operations/results.js'
import { listResult } from './support/results.js'
import { startSimulator, type Simulator } from '../src/sandbox/simulator.js'
import { runAction } from './support/action.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)

/** A list-dlq result that exceeds fail-if-count-above (100) with 120 messages, one of them hostile. */
function failingResult(overrides: Partial<ListResult> = {}): ListResult {
  return listResult({
    count: 120,
    pages: 2,
    oldestCreatedAt: NOW - 3_600_000,
    byUrl: [{ value: 'https://x.example/a|b <script>', count: 120 }],
    byStatus: [{ value: '503', count: 120 }],
    health: { countAbove: 100, breaches: [{ kind: 'count', count: 120, limit: 100 }] },
    ...overrides
  })
}

/** An IssueApi over an in-memory list of issues, recording every call. */
function memoryApi(open: { number: number; title: string }[] = []) {
  const calls: string[] = []
  const api: IssueApi = {
    async findOpen(title) {
      calls.push(`find ${title}`)
      const found = open.find(i => i.title === title)
      return found && { number: found.number, url: `https://github.com/acme/shop/issues/${found.number}` }
    },
    async create(title) {
      calls.push(`create ${title}`)
      return { number: 7, url: 'https://github.com/acme/shop/issues/7' }
    },
    async comment(issue, body) {
      calls.push(`comment ${issue} ${body.slice(0, 40)}`)
    },
    async close(issue) {
      calls.push(`close ${issue}`)
    }
  }
  return { api, calls }
}

describe('syncHealthIssue', () => {
  it('opens an issue when the check fails and none is open', async () => {
    const { api, calls } = memoryApi()
    expect(await syncHealthIssue(api, failingResult(), 'DLQ failing', 'https://run', NOW)).toEqual({
      action: 'opened',
      number: 7,
      url: 'https://github.com/acme/shop/issues/7'
    })
    expect(calls).toEqual(['find DLQ failing', 'create DLQ failing'])
  })

  it('comments on the open issue when the check fails again', async () => {
    const { api, calls } = memoryApi([{ number: 3, title: 'DLQ failing' }])
    expect((await syncHealthIssue(api, failingResult(), 'DLQ failing', undefined, NOW)).action).toBe('commented')
    expect(calls[1]).toMatch(/^comment 3 ❌ \*\*DLQ health check failing/)
  })

  it('comments and closes the open issue when the check passes', async () => {
    const { api, calls } = memoryApi([{ number: 3, title: 'DLQ failing' }])
    const healthy = failingResult({ health: { countAbove: 100, breaches: [] }, count: 5 })
    expect((await syncHealthIssue(api, healthy, 'DLQ failing', undefined, NOW)).action).toBe('closed')
    expect(calls).toEqual([
      'find DLQ failing',
      expect.stringMatching(/^comment 3 ✅ The DLQ health check passes again/),
      'close 3'
    ])
  })

  it('changes nothing when the check passes with no issue open, or when the listing failed', async () => {
    const { api, calls } = memoryApi([{ number: 3, title: 'DLQ failing' }])
    const healthy = failingResult({ health: { breaches: [] } })
    expect((await syncHealthIssue(memoryApi().api, healthy, 'DLQ failing', undefined, NOW)).action).toBe('none')
    expect(
      (await syncHealthIssue(api, failingResult({ error: 'HTTP 503' }), 'DLQ failing', undefined, NOW)).action
    ).toBe('none')
    expect(calls).toEqual([])
  })

  it('escapes DLQ values in the body', () => {
    const body = issueBody(failingResult(), 'https://github.com/acme/shop/actions/runs/1', NOW)
    expect(body).toContain('120 messages, more than fail-if-count-above (100)')
    expect(body).not.toContain('<script>')
    expect(body).not.toMatch(/a\|b/)
    expect(body).toContain('[workflow run](https://github.com/acme/shop/actions/runs/1)')
  })
})

interface FakeIssue {
  number: number
  title: string
  body: string
  state: 'open' | 'closed'
  comments: string[]
}

/** The four REST endpoints the action uses, for one repository, over loopback. */
async function fakeGitHub(options: { forbid?: boolean } = {}) {
  const issues: FakeIssue[] = []
  const seen: { method: string; path: string; authorization?: string }[] = []
  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    let text = ''
    for await (const chunk of req) text += chunk
    return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  }
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    seen.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization })
    const send = (status: number, value: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
    }
    if (options.forbid) return send(403, { message: 'Resource not accessible by integration' })
    const view = (i: FakeIssue) => ({
      number: i.number,
      title: i.title,
      state: i.state,
      html_url: `https://github.com/acme/shop/issues/${i.number}`
    })
    const body = await readBody(req)
    const one = /^\/repos\/acme\/shop\/issues\/(\d+)(\/comments)?$/.exec(url.pathname)
    if (url.pathname === '/repos/acme/shop/issues' && req.method === 'GET') {
      return send(200, issues.filter(i => i.state === url.searchParams.get('state')).map(view))
    }
    if (url.pathname === '/repos/acme/shop/issues' && req.method === 'POST') {
      const issue: FakeIssue = {
        number: issues.length + 1,
        title: String(body.title),
        body: String(body.body),
        state: 'open',
        comments: []
      }
      issues.push(issue)
      return send(201, view(issue))
    }
    const issue = one && issues.find(i => i.number === Number(one[1]))
    if (issue && one?.[2] && req.method === 'POST') {
      issue.comments.push(String(body.body))
      return send(201, { id: 1 })
    }
    if (issue && req.method === 'PATCH') {
      if (body.state === 'closed') issue.state = 'closed'
      return send(200, view(issue))
    }
    send(404, { message: 'Not Found' })
  }
  const server: Server = createServer((req, res) => void handle(req, res))
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, issues, seen, close: () => new Promise<void>(resolve => server.close(() => resolve())) }
}

describe('issue-on-failure, end to end', () => {
  let sim: Simulator
  let github: Awaited<ReturnType<typeof fakeGitHub>>
  beforeEach(async () => {
    sim = await startSimulator({ token: 'sim-token', messages: 120 })
  })
  afterEach(async () => {
    await sim.close()
    await github.close()
  })

  const check = (countAbove: string) =>
    runAction(
      {
        operation: 'list-dlq',
        token: 'sim-token',
        'base-url': sim.url,
        'fail-if-count-above': countAbove,
        'issue-on-failure': 'true',
        'github-token': 'gh-secret-1',
        'issue-title': 'DLQ health check failing'
      },
      { GITHUB_API_URL: github.url }
    )

  it('opens the issue, comments while failing, then comments and closes it once the check passes', async () => {
    github = await fakeGitHub()
    const first = await check('100')
    expect(first.code).toBe(1)
    expect(github.issues).toHaveLength(1)
    expect(github.issues[0]).toMatchObject({ title: 'DLQ health check failing', state: 'open' })
    expect(github.issues[0]?.body).toContain('120 messages, more than fail-if-count-above (100)')
    expect(github.issues[0]?.body).toContain('https://github.com/acme/shop/actions/runs/4242')
    expect(github.seen.every(r => r.authorization === 'token gh-secret-1')).toBe(true)
    expect(first.stdout).toContain('Health issue #1 opened')

    const second = await check('100')
    expect(second.code).toBe(1)
    expect(github.issues).toHaveLength(1)
    expect(github.issues[0]?.comments).toHaveLength(1)

    const third = await check('500')
    expect(third.code).toBe(0)
    expect(github.issues[0]?.state).toBe('closed')
    expect(github.issues[0]?.comments[1]).toMatch(/passes again/)
    const log = third.stdout.split('\n').filter(line => !line.startsWith('::add-mask::'))
    expect(log.join('\n') + third.summary + JSON.stringify(third.outputs)).not.toContain('gh-secret-1')
  })

  it('warns, naming the permission, when the token may not write issues; the verdict stands', async () => {
    github = await fakeGitHub({ forbid: true })
    const run = await check('100')
    expect(run.code).toBe(1)
    expect(run.errors).toEqual(['DLQ health check failed: 120 messages, more than fail-if-count-above (100)'])
    expect(run.warnings.join('\n')).toMatch(/permissions: issues: write/)
  })

  it('refuses issue-on-failure without a threshold, before any request', async () => {
    github = await fakeGitHub()
    const run = await runAction({
      operation: 'list-dlq',
      token: 'sim-token',
      'base-url': sim.url,
      'issue-on-failure': 'true'
    })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toContain("Input 'issue-on-failure' needs a threshold to judge by")
    expect(sim.requestCount).toBe(0)
  })
})
