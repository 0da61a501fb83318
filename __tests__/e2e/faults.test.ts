/**
 * Reliability and security, end to end: the bundled action (dist/index.js in its own node process) against the
 * loopback simulator with injected faults, over real sockets. No test waits more than about two seconds.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { HOSTILE_BODY, HOSTILE_RESPONSE_BODY, HOSTILE_URL, startSimulator, type Simulator } from '../../sim/index.js'
import { JOB_GITHUB_TOKEN } from '../../tools/action-yml.js'
import { continuation, jsonOutput } from '../support/action.js'
import { runAction, type ActionRun } from '../../tools/harness.js'
import { commandKinds, commandLines, foreignCommands, infoLines, withoutMaskCommands } from '../support/log.js'
import { closedPort, startRecorder } from '../support/servers.js'
import { renderLikeGitHub } from '../support/markdown.js'

const TOKEN = 'sim-token-3c9d1e7f0a2b4c6d8e0f1a2b'
let sim: Simulator

beforeEach(async () => {
  sim = await startSimulator({ token: TOKEN, messages: 300, workflowRuns: 120, schedules: 4, seed: 11 })
})
afterEach(async () => {
  await sim.close()
})

const common = () => ({ token: TOKEN, 'base-url': sim.url })

/** Log lines that announce a retry. */
const retryLines = (run: ActionRun): string[] => infoLines(run.stdout).filter(line => line.includes('retrying in'))

describe('rate limits', () => {
  it('waits as Retry-After says after a 429, then succeeds', async () => {
    sim.inject({ route: 'list', fault: { kind: 'status', status: 429, headers: { 'Retry-After': '1' } } })
    const run = await runAction({ ...common(), operation: 'list-dlq' })
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    expect(run.outputs['dlq-count']).toBe('300')

    const retries = retryLines(run)
    expect(retries).toHaveLength(1)
    expect(retries[0]).toContain('HTTP 429')
    expect(retries[0]).toContain('attempt 1 of 5')
    expect(retries[0]).toContain('retrying in 1.0 s as Retry-After says')
    const [first, second] = sim.requests
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950)
  })

  it('waits until Burst-RateLimit-Reset when a 429 carries only that, then succeeds', async () => {
    const resetAt = Date.now() + 1500
    sim.inject({
      route: 'resume',
      fault: { kind: 'status', status: 429, headers: { 'Burst-RateLimit-Reset': String(resetAt) } }
    })
    const run = await runAction({ ...common(), operation: 'resume-workflows', all: 'true' })
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    expect(run.outputs['resumed-count']).toBe('120')

    const retries = retryLines(run)
    expect(retries).toHaveLength(1)
    expect(retries[0]).toMatch(/^POST \/v2\/workflows\/dlq\/resume: HTTP 429 \(attempt 1 of 5\); retrying in /)
    expect(retries[0]).toContain('as Burst-RateLimit-Reset says')
    // The first request of a resume by filters reads the service's clock; the resume's retry is the third.
    expect(sim.requests.filter(r => r.route === 'resume')[1]!.at).toBeGreaterThanOrEqual(resetAt - 50)
  })
})

describe('transient failures', () => {
  it.each([500, 502, 503, 504])('retries HTTP %i, then succeeds', async status => {
    sim.inject({ route: 'list', fault: { kind: 'status', status }, skip: 1 })
    const run = await runAction({ ...common(), operation: 'list-dlq' })
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    expect(run.outputs['dlq-count']).toBe('300')
    expect(sim.requestCount).toBe(4)
    const retries = retryLines(run)
    expect(retries).toHaveLength(1)
    expect(retries[0]).toMatch(new RegExp(`^GET /v2/dlq: HTTP ${status} \\(attempt 1 of 5\\); retrying in [0-9.]+ s$`))
  })

  it.each([
    [400, 'bad request'],
    [404, 'not found']
  ])('does not retry HTTP %i', async (status, meaning) => {
    sim.inject({ route: 'list', fault: { kind: 'status', status }, times: Infinity })
    const run = await runAction({ ...common(), operation: 'list-dlq' })
    expect(run.code).toBe(1)
    expect(sim.requestCount).toBe(1)
    expect(retryLines(run)).toEqual([])
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(
      new RegExp(`^list-dlq failed: HTTP ${status} ${meaning} from GET /v2/dlq: injected ${status}`)
    )
  })

  it('retries a dropped connection, resumes the rest, and fails saying that request may have resumed runs', async () => {
    sim.inject({ route: 'resume', fault: { kind: 'drop' }, skip: 1 })
    const run = await runAction({ ...common(), operation: 'resume-workflows', all: 'true' })
    // The service dropped the request before acting on it, but the action cannot know: never silently short.
    expect(run.code).toBe(1)
    expect(run.outputs['resumed-count']).toBe('120')
    expect(sim.state.workflowDlq).toHaveLength(0)
    const retries = retryLines(run)
    expect(retries).toHaveLength(1)
    expect(retries[0]).toMatch(/^POST \/v2\/workflows\/dlq\/resume: connection (closed by the server|reset) /)
    // One alert for the fact: the error says it, no warning repeats it.
    expect(run.warnings.join('\n')).not.toMatch(/1 resume request/)
    expect(run.errors.join('\n')).toMatch(/1 resume request/)
    expect(run.errors.join('\n')).toMatch(/possibly resumed|may have resumed/)
  })

  it('fails after max-attempts when the connection is refused, in one line', async () => {
    const port = await closedPort()
    const run = await runAction({
      token: TOKEN,
      'base-url': `http://127.0.0.1:${port}`,
      operation: 'list-dlq',
      'max-attempts': '2'
    })
    expect(run.code).toBe(1)
    expect(retryLines(run)).toHaveLength(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain(
      `list-dlq failed after 2 attempts: connection refused (ECONNREFUSED) (GET http://127.0.0.1:${port}/v2/dlq)`
    )
    expect(run.errors[0]).not.toContain('\n')
    expect(run.stdout).not.toMatch(/\n\s+at /)
  })

  it('gives up on a hung response after timeout-seconds per attempt', async () => {
    sim.inject({ route: 'list', fault: { kind: 'hang' }, times: Infinity })
    const run = await runAction(
      { ...common(), operation: 'list-dlq', 'timeout-seconds': '1', 'max-attempts': '2' },
      {},
      { timeoutMs: 15_000 }
    )
    expect(run.code).toBe(1)
    expect(sim.requestCount).toBe(2)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('list-dlq failed after 2 attempts: no complete answer within 1 s (timeout-seconds)')
    expect(sim.requests[1]!.at - sim.requests[0]!.at).toBeGreaterThanOrEqual(950)
  })

  it('counts a body that arrives too slowly against the same deadline', async () => {
    sim.inject({ route: 'list', fault: { kind: 'slow-body', ms: 3000 }, times: Infinity })
    const run = await runAction(
      { ...common(), operation: 'list-dlq', 'timeout-seconds': '1', 'max-attempts': '1' },
      {},
      { timeoutMs: 15_000 }
    )
    expect(run.code).toBe(1)
    expect(sim.requestCount).toBe(1)
    expect(run.errors[0]).toContain('no complete answer within 1 s (timeout-seconds)')
  })
})

describe('failing part way', () => {
  it('keeps the runs resumed before a persistent 5xx; a re-run with next-cursor resumes the rest once', async () => {
    const seeded = sim.state.workflowDlq.map(e => e.dlqId)
    sim.inject({ route: 'resume', fault: { kind: 'status', status: 503 }, skip: 1, times: Infinity })
    const first = await runAction({ ...common(), operation: 'resume-workflows', all: 'true', 'max-attempts': '2' })
    expect(first.code).toBe(1)

    const firstRuns = sim.state.resumedRuns.slice()
    expect(firstRuns).toHaveLength(50)
    expect(first.outputs['resumed-count']).toBe('50')
    expect(jsonOutput(first, 'workflow-run-ids')).toEqual(firstRuns.map(r => r.workflowRunId))
    expect(jsonOutput(first, 'workflow-runs')).toEqual(
      firstRuns.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
    )
    const cursor = first.outputs['next-cursor'] ?? ''
    expect(cursor).not.toBe('')
    expect(first.errors).toHaveLength(1)
    expect(first.errors[0]).toContain('resume-workflows failed after 2 attempts: HTTP 503 service error')
    expect(first.errors[0]).toContain('50 runs were resumed before the failure')
    expect(first.errors[0]).toContain(cursor)
    expect(first.summary).toContain('failed part way')
    expect(first.summary).toContain('HTTP 503')
    expect(first.summary).toContain(cursor)
    for (const r of firstRuns) expect(first.summary).toContain(r.workflowRunId)

    sim.clearFaults()
    // The re-run sends the cursor with the to-date it was made under, as the failure line says.
    expect(first.errors[0]).toContain(`to-date: ${first.outputs['next-to-date']}`)
    const rest = await runAction({ ...common(), operation: 'resume-workflows', all: 'true', ...continuation(first) })
    expect(rest.errors).toEqual([])
    expect(rest.code).toBe(0)
    expect(rest.outputs['resumed-count']).toBe('70')
    expect(rest.outputs['next-cursor']).toBe('')
    expect(
      sim.requests
        .filter(r => r.route === 'resume')
        .at(-2)
        ?.query.get('cursor')
    ).toBe(cursor)

    const runIds = (run: ActionRun): string[] => jsonOutput(run, 'workflow-run-ids') as string[]
    const ids = [...runIds(first), ...runIds(rest)]
    expect(ids).toEqual(sim.state.resumedRuns.map(r => r.workflowRunId))
    expect(sim.state.resumedRuns.map(r => r.fromDlqId).sort()).toEqual([...seeded].sort())
    expect(sim.state.workflowDlq).toHaveLength(0)
  })

  it('keeps the messages listed before a persistent 5xx, and next-cursor continues the listing', async () => {
    sim.inject({ route: 'list', fault: { kind: 'status', status: 500 }, skip: 1, times: Infinity })
    const first = await runAction({ ...common(), operation: 'list-dlq', 'max-attempts': '2' })
    expect(first.code).toBe(1)
    expect(first.outputs['dlq-count']).toBe('100')
    const cursor = first.outputs['next-cursor'] ?? ''
    expect(cursor).not.toBe('')
    expect(first.errors[0]).toContain('list-dlq failed after 2 attempts: HTTP 500 service error')
    expect(first.errors[0]).toMatch(/at least 100 messages/)
    expect(first.summary).toContain('Listing failed part way')
    expect(first.summary).toContain(cursor)

    sim.clearFaults()
    const rest = await runAction({ ...common(), operation: 'list-dlq', cursor })
    expect(rest.code).toBe(0)
    expect(rest.outputs['dlq-count']).toBe('200')
    const ids = [...(jsonOutput(first, 'message-ids') as string[]), ...(jsonOutput(rest, 'message-ids') as string[])]
    expect(ids).toEqual(sim.state.messages.map(m => m.messageId))
  })

  it('resumes every schedule it can and names each one that failed', async () => {
    // sched-1 and ghost pass the rule; sched-2 gets a 500 on both attempts; sched-3 goes through.
    sim.inject({ route: 'schedule', fault: { kind: 'status', status: 500 }, skip: 2, times: 2 })
    const run = await runAction({
      ...common(),
      operation: 'resume-schedule',
      'schedule-id': 'sched-1\nghost\nsched-2\nsched-3',
      'max-attempts': '2'
    })
    expect(run.code).toBe(1)
    expect(jsonOutput(run, 'schedule-ids')).toEqual(['sched-1', 'sched-3'])
    expect(run.errors).toHaveLength(1)
    const [error] = run.errors
    expect(error).toContain('2 of 4 schedules could not be resumed (2 resumed)')
    expect(error).toContain('resume-schedule (schedule "ghost") failed: HTTP 404 not found')
    expect(error).toContain('resume-schedule (schedule "sched-2") failed after 2 attempts: HTTP 500 service error')
    expect(run.summary).toContain('2 resumed, 2 failed')
    expect(run.summary).toMatch(/ghost.*failed/)
    expect(run.summary).toMatch(/sched-2.*HTTP 500/)
    expect(sim.state.schedules.get('sched-3')?.active).toBe(true)
  })
})

describe('cursor guards', () => {
  it.each([
    ['list-dlq', 'list' as const, {}],
    ['resume-workflows', 'resume' as const, { all: 'true' }]
  ])('%s stops on a repeated cursor', async (operation, route, extra) => {
    sim.inject({ route, fault: { kind: 'stuck-cursor' }, times: Infinity })
    const run = await runAction({ ...common(), operation, ...extra }, {}, { timeoutMs: 15_000 })
    expect(run.code).toBe(1)
    expect(sim.requests.filter(r => r.route === route)).toHaveLength(2)
    expect(run.errors[0]).toContain('the service returned the cursor it was sent ("stuck") and would never finish')
    expect(run.summary).toContain('would never finish')
  })

  it('stops at max-pages, naming it, with a cursor to continue', async () => {
    const run = await runAction({ ...common(), operation: 'list-dlq', count: '10', 'max-pages': '2' })
    expect(run.code).toBe(1)
    expect(sim.requestCount).toBe(2)
    expect(run.outputs['dlq-count']).toBe('20')
    const cursor = run.outputs['next-cursor'] ?? ''
    expect(cursor).not.toBe('')
    expect(run.errors[0]).toContain('stopped after 2 pages (max-pages); raise max-pages')
    expect(run.errors[0]).toContain(cursor)

    const rest = await runAction({ ...common(), operation: 'list-dlq', cursor, count: '100' })
    expect((jsonOutput(rest, 'message-ids') as string[])[0]).toBe(sim.state.messages[20]!.messageId)
  })
})

describe('broken answers', () => {
  it('says a body that is not JSON is not JSON', async () => {
    sim.inject({ route: 'list', fault: { kind: 'malformed', body: '{not json' } })
    const run = await runAction({ ...common(), operation: 'list-dlq' })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toContain('list-dlq failed: GET /v2/dlq answered 200 with a body that is not JSON: {not json')
  })

  it('names the field and the endpoint of a body of the wrong shape', async () => {
    sim.inject({ route: 'resume', fault: { kind: 'malformed', body: '{"workflowRuns": 5}' } })
    const run = await runAction({ ...common(), operation: 'resume-workflows', all: 'true' })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toMatch(/malformed response from POST \/v2\/workflows\/dlq\/resume: workflowRuns: /)
  })

  it('keeps a message whose field is malformed and leaves out one with no id, naming both in a warning', async () => {
    const bad = JSON.stringify({ messages: [{ messageId: 'm1', createdAt: 'yesterday' }, { createdAt: 5 }] })
    sim.inject({ route: 'list', skip: 1, fault: { kind: 'malformed', body: bad } })
    const run = await runAction({ ...common(), operation: 'list-dlq' })
    expect(run.code).toBe(0)
    // 100 on the first page, m1, and the item without an id: left out of message-ids, but a message all the same.
    expect(run.outputs['dlq-count']).toBe('102')
    expect(jsonOutput(run, 'message-ids')).toContain('m1')
    expect(run.warnings).toHaveLength(1)
    expect(run.warnings[0]).toMatch(/1 item was left out/)
    expect(run.warnings[0]).toMatch(/message "m1": .*createdAt/)
    expect(run.warnings[0]).toMatch(/item 1 of a page/)
  })

  it('names the method and the path it called on a 404, so a wrong base-url path shows', async () => {
    const run = await runAction({ ...common(), 'base-url': `${sim.url}/dlq-api`, operation: 'list-dlq' })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(/^list-dlq failed: HTTP 404 not found from GET \/dlq-api\/v2\/dlq: not found /)
  })

  it('shows a non-JSON error body as shortened text', async () => {
    const page = `<html><body><h1>Bad Gateway</h1>${'<p>upstream exploded</p>'.repeat(40)}</body></html>`
    sim.inject({ route: 'list', fault: { kind: 'status', status: 500, body: page } })
    const run = await runAction({ ...common(), operation: 'list-dlq', 'max-attempts': '1' })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(
      /^list-dlq failed: HTTP 500 service error from GET \/v2\/dlq: <html><body><h1>Bad Gateway/
    )
    expect(run.errors[0]).toContain(`… (${page.length} characters)`)
    expect(run.errors[0]!.length).toBeLessThan(page.length)
    // The body is shown as code: rendered, its tags are text, never elements.
    const html = renderLikeGitHub(run.summary)
    expect(html).not.toMatch(/<html|<body|<h1/i)
    expect(html).toContain('&lt;h1&gt;Bad Gateway')
  })
})

describe('redirects', () => {
  it.each([301, 302, 307, 308])('does not follow a %i to another origin, so the token stays home', async status => {
    const other = await startRecorder()
    try {
      sim.inject({ route: 'list', fault: { kind: 'redirect', status, location: `${other.url}/v2/dlq` } })
      const run = await runAction({ ...common(), operation: 'list-dlq' })
      expect(run.code).toBe(1)
      expect(run.errors).toHaveLength(1)
      // The Location exactly as sent, so that an operator sees where the service pointed.
      expect(run.errors[0]).toContain(`HTTP ${status} redirect to "${other.url}/v2/dlq" was not followed`)
      expect(run.errors[0]).toContain('set base-url')
      expect(other.requests).toEqual([])
      expect(sim.requestCount).toBe(1)
    } finally {
      await other.close()
    }
  })

  it('does not follow a redirect within the same origin either', async () => {
    sim.inject({ route: 'resume', fault: { kind: 'redirect', location: '/v2/workflows/dlq/resume?again=1' } })
    const run = await runAction({ ...common(), operation: 'resume-workflows', all: 'true' })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toContain('redirect')
    expect(run.errors[0]).toContain('was not followed')
    expect(sim.requests.filter(r => r.route === 'resume')).toHaveLength(1)
    expect(sim.state.resumedRuns).toEqual([])
  })
})

describe('untrusted data', () => {
  const HOSTILE_ERROR =
    'refused\n::set-output name=x::pwned\n::add-mask::hunter2\n##[warning]fake\n::warning::from the server\n::stop-commands::x'

  it.each([
    ['a JSON error text', (text: string) => JSON.stringify({ error: text })],
    ['a plain-text error body', (text: string) => `\n${text}\n`]
  ])('does not let %s become a runner command', async (_what, errorBody) => {
    const resumeBoth = async (body: string): Promise<ActionRun> => {
      sim.clearFaults()
      sim.inject({ route: 'schedule', fault: { kind: 'status', status: 500, body }, times: Infinity })
      return runAction({
        ...common(),
        operation: 'resume-schedule',
        'schedule-id': 'sched-1\nsched-2',
        'max-attempts': '2'
      })
    }
    const run = await resumeBoth(errorBody(HOSTILE_ERROR))
    const harmless = await resumeBoth(errorBody('refused'))
    expect(run.code).toBe(1)
    expect(foreignCommands(run.stdout, [TOKEN])).toEqual([])
    // A faked `::warning::` or `::error::` would be one more command than the same failure with harmless text.
    expect(commandKinds(run.stdout)).toEqual(commandKinds(harmless.stdout))
    // The legacy `##[command]` form is recognised anywhere in a line that is not already a `::` command.
    expect(infoLines(run.stdout).filter(line => line.includes('##['))).toEqual([])
    // No command of the error text starts a line, whatever whitespace the runner trims before it.
    expect(
      run.stdout
        .split('\n')
        .filter(line => /^\s*::(?:set-output|add-mask::hunter2|warning::from the server|stop-commands)/.test(line))
    ).toEqual([])
    expect(run.outputs).not.toHaveProperty('x')
    // The text is still shown, as one line, so the operator can read it.
    expect(run.errors[0]).toContain('set-output name=x::pwned')
    expect(run.summary).toContain('refused')
  })

  it('lists a DLQ of hostile messages without raw HTML, links or runner commands', async () => {
    expect(sim.state.messages.some(m => m.url === HOSTILE_URL)).toBe(true)
    const run = await runAction({ ...common(), operation: 'list-dlq' })
    expect(run.code).toBe(0)
    expect(run.summary).toContain('evil.example.com')
    // Rendered as GitHub would (raw HTML allowed, bare URLs linked), the hostile values stay text in code.
    const html = renderLikeGitHub(run.summary)
    expect(html).not.toMatch(/<script|<img|href="javascript:/i)
    expect(html).toContain('&lt;script&gt;')
    // Wherever the link-shaped text appears, it is inside code: shown, never followed.
    const linkShaped = html.split('](javascript:').length - 1
    expect(linkShaped).toBeGreaterThan(0)
    expect(html.match(/<code>[^<]*\]\(javascript:/g)?.length ?? 0).toBe(linkShaped)
    expect(foreignCommands(run.stdout, [TOKEN])).toEqual([])
    const risky = commandLines(run.stdout).filter(l => l.startsWith('::set-output') || l.startsWith('::add-mask::'))
    expect(new Set(risky)).toEqual(new Set([`::add-mask::${TOKEN}`, `::add-mask::${JOB_GITHUB_TOKEN}`]))

    // The same DLQ with harmless text where the hostile text was: the action's commands are the same ones.
    for (const m of sim.state.messages) {
      if (m.url === HOSTILE_URL) m.url = 'https://harmless.example.com/a'
      if (m.body === HOSTILE_BODY) m.body = 'plain body'
      if (m.responseBody === HOSTILE_RESPONSE_BODY) m.responseBody = 'plain response'
    }
    const harmless = await runAction({ ...common(), operation: 'list-dlq' })
    expect(harmless.code).toBe(0)
    expect(commandKinds(run.stdout)).toEqual(commandKinds(harmless.stdout))
  })
})

describe('the token', () => {
  const leaks = (run: ActionRun, secret: string): string[] =>
    [
      ['stdout', withoutMaskCommands(run.stdout)],
      ['stderr', run.stderr],
      ['outputs', JSON.stringify(run.outputs)],
      ['summary', run.summary],
      ['summary as rendered', run.summary.replace(/\\(.)/g, '$1')]
    ]
      .filter(([, text]) => text!.includes(secret))
      .map(([where]) => where!)

  it('is redacted when the service echoes the Authorization header in its error text', async () => {
    const body = JSON.stringify({ error: `bad request with header Authorization: Bearer ${TOKEN} (rejected)` })
    sim.inject({ route: 'list', fault: { kind: 'status', status: 400, body } })
    const run = await runAction({ ...common(), operation: 'list-dlq' })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toContain('Authorization: Bearer ***')
    expect(leaks(run, TOKEN)).toEqual([])
    expect(run.summary).toContain('Bearer')
  })

  it('is redacted even where the error text is cut short in the middle of it', async () => {
    // errorText keeps 300 characters: the cut falls inside the token.
    const body = JSON.stringify({ error: `${'x'.repeat(280)} Bearer ${TOKEN} and more` })
    sim.inject({ route: 'list', fault: { kind: 'status', status: 400, body } })
    const run = await runAction({ ...common(), operation: 'list-dlq' })
    expect(run.code).toBe(1)
    expect(leaks(run, TOKEN.slice(0, 12))).toEqual([])
  })

  it('is redacted in the summary even when markdown escaping would change it', async () => {
    const token = 'tok*en_[x]-2f9a4c'
    const special = await startSimulator({ token, messages: 5, workflowRuns: 0, schedules: 0 })
    try {
      const body = JSON.stringify({ error: `token ${token} is not allowed here` })
      special.inject({ route: 'list', fault: { kind: 'status', status: 400, body } })
      const run = await runAction({ token, 'base-url': special.url, operation: 'list-dlq' })
      expect(run.code).toBe(1)
      expect(run.errors[0]).toContain('token *** is not allowed')
      expect(leaks(run, token)).toEqual([])
      expect(foreignCommands(run.stdout, [token])).toEqual([])
    } finally {
      await special.close()
    }
  })
})
