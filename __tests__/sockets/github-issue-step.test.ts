/** The health issue: opened, commented, closed through a loopback fake of the GitHub REST endpoints (end to end: e2e/). */
import { checkScope, DEFAULT_REPEAT_INTERVAL_MS, syncHealthIssue } from '../../src/github/issue-step.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { INPUT_DEFAULTS, Inputs } from '../../src/constants.js'
import { parseDuration } from '../../src/inputs/values.js'
import { redactor } from '../../src/service/redact.js'
import { changeComment, closingComment, readState, issueBody } from '../../src/github/issue-text.js'
import type { IssueApi } from '../../src/report/boundary.js'
import { HEALTH_LABEL, healthMarker, octokitIssueApi, type IssueApiOptions } from '../../src/github/octokit-issues.js'
import type { ListResult } from '../../src/results.js'
import { listResult, messageFailure } from '../support/results.js'
import { fakeGitHub, type FakeOptions } from '../../sim/github.js'
import { renderLikeGitHub } from '../support/markdown.js'

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
function memoryApi(open: { number: number; title: string; body?: string }[] = []) {
  const calls: string[] = []
  const bodies: string[] = []
  const view = (found: { number: number; body?: string }) => ({
    number: found.number,
    url: `https://github.com/acme/shop/issues/${found.number}`,
    ...(found.body !== undefined ? { body: found.body } : {})
  })
  const api: IssueApi = {
    async findOpen(title) {
      calls.push(`find ${title}`)
      const found = open.find(i => i.title === title)
      return found && view(found)
    },
    async findAllOpen(title) {
      calls.push(`find all ${title}`)
      return open.filter(i => i.title === title).map(view)
    },
    async update(issue, _title, body) {
      calls.push(`update ${issue}`)
      bodies.push(body)
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
  return { api, calls, bodies }
}

describe('syncHealthIssue', () => {
  it('opens an issue when the check fails and none is open', async () => {
    const { api, calls } = memoryApi()
    expect(await syncHealthIssue(api, failingResult(), 'DLQ failing', 'https://run', NOW)).toEqual({
      action: 'opened',
      number: 7,
      url: 'https://github.com/acme/shop/issues/7'
    })
    // After opening it looks again, for an issue a concurrent run of the same check opened.
    expect(calls).toEqual(['find DLQ failing', 'create DLQ failing', 'find all DLQ failing'])
  })

  it('comments on the open issue when the check fails again', async () => {
    const { api, calls } = memoryApi([{ number: 3, title: 'DLQ failing' }])
    expect((await syncHealthIssue(api, failingResult(), 'DLQ failing', undefined, NOW)).action).toBe('commented')
    expect(calls[1]).toMatch(/^comment 3 ## ❌ Still failing/)
    // The body is refreshed with the current figures and the state the next run compares with.
    expect(calls[2]).toBe('update 3')
  })

  it('comments and closes the open issue when the check passes', async () => {
    const { api, calls } = memoryApi([{ number: 3, title: 'DLQ failing' }])
    const healthy = failingResult({ health: { countAbove: 100, breaches: [] }, count: 5 })
    expect((await syncHealthIssue(api, healthy, 'DLQ failing', undefined, NOW)).action).toBe('closed')
    expect(calls).toEqual([
      'find DLQ failing',
      expect.stringMatching(/^comment 3 ## ✅ The DLQ health check passes again/),
      'close 3'
    ])
  })

  it('changes nothing when the check passes with no issue open, or when the listing failed', async () => {
    const { api, calls } = memoryApi([{ number: 3, title: 'DLQ failing' }])
    const healthy = failingResult({ health: { breaches: [] } })
    expect((await syncHealthIssue(memoryApi().api, healthy, 'DLQ failing', undefined, NOW)).action).toBe('none')
    expect(
      (
        await syncHealthIssue(
          api,
          failingResult({ failure: messageFailure('HTTP 503') }),
          'DLQ failing',
          undefined,
          NOW
        )
      ).action
    ).toBe('none')
    expect(calls).toEqual([])
  })

  it('keeps the issue open when a listing stopped by max-messages exceeds no threshold: that is no pass', async () => {
    const { api, calls } = memoryApi([{ number: 3, title: 'DLQ failing' }])
    const stopped = failingResult({ health: { countAbove: 100, breaches: [] }, count: 50, nextCursor: 'c50' })
    const done = await syncHealthIssue(api, stopped, 'DLQ failing', undefined, NOW)
    expect(done).toEqual({ action: 'none', reason: expect.stringMatching(/stopped before the end/) })
    expect(calls).toEqual(['find DLQ failing'])
  })

  it('shows DLQ values in the body as code only: no HTML, link, mention or issue reference', () => {
    const hostile = 'https://x.example/a|b <script>alert(1)</script> @octocat #1 acme/shop#3 [x](javascript:1)'
    const body = issueBody(
      failingResult({ byDestination: [{ url: hostile, count: 120, status: 503, bodySample: '<img src=x> #2' }] }),
      'https://github.com/acme/shop/actions/runs/1',
      NOW
    )
    expect(body).toContain('120 messages, more than fail-if-count-above (100)')
    expect(body).toContain('[workflow run](https://github.com/acme/shop/actions/runs/1)')
    // The value is there (the oracle can fail), and rendered as GitHub would it stays text inside code.
    const html = renderLikeGitHub(body)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; @octocat #1 acme/shop#3')
    expect(html).not.toMatch(/<script|<img|href="javascript:/i)
    const outsideCode = html.replace(/<code>[^<]*<\/code>/g, '')
    expect(outsideCode).not.toMatch(/@octocat|#1\b|#2\b|acme\/shop#3/)
  })

  it('shows the top 10 of each breakdown in the body, then how many more there are', () => {
    const byUrl = Array.from({ length: 13 }, (_, i) => ({ value: `https://h${i}.example/`, count: 20 - i }))
    const body = issueBody(failingResult({ byUrl }), undefined, NOW)
    const byDestination = byUrl.map(row => ({ url: row.value, count: row.count, status: 503 }))
    const failing = issueBody(failingResult({ byUrl, byDestination, count: 210 }), undefined, NOW)
    expect(body).not.toContain('| `https')
    const rows = failing.split('\n').filter(line => line.includes('| `https'))
    expect(rows).toHaveLength(10)
    expect(rows[9]).toMatch(/^\| 11 \| 503 \| .* \| `https:\/\/h9\.example\/` \|$/)
    expect(failing).toContain('| 55 | | | | *3 other destinations* |')
    expect(failing).not.toMatch(/[\u200b-\u200f\u2060\ufeff]/u)
  })
})

describe('what the issue remembers between runs', () => {
  it('comments with count and age then and now and the new top destinations, not the whole body', async () => {
    const first = failingResult({ byDestination: [{ url: 'https://old.example/', count: 120 }] })
    const body = issueBody(first, undefined, NOW - 3_600_000)
    expect(readState(body)).toMatchObject({
      count: 120,
      since: NOW - 3_600_000,
      top: [expect.stringMatching(/^[0-9a-f]{12}$/)]
    })
    const { api, calls, bodies } = memoryApi([{ number: 3, title: 'DLQ failing', body }])
    const now = failingResult({
      count: 150,
      oldestCreatedAt: NOW - 2 * 3_600_000,
      byDestination: [
        { url: 'https://new.example/#1', count: 100, status: 500 },
        { url: 'https://old.example/', count: 50 }
      ],
      health: { countAbove: 100, breaches: [{ kind: 'count', count: 150, limit: 100 }] }
    })
    await syncHealthIssue(api, now, 'DLQ failing', undefined, NOW)
    const comment = changeComment(now, readState(body), undefined, NOW)
    expect(calls[1]).toBe(`comment 3 ${comment.slice(0, 40)}`)
    expect(comment).toMatch(/\| Messages \| 120 \| 150 \(\+30\) \|/)
    expect(comment).toMatch(/\| Oldest \| under a minute \| 2h \|/)
    expect(comment).toContain('Failing for 1h')
    expect(comment).toContain('- `https://new.example/#1`: 100 messages, last status 500')
    expect(comment).not.toContain('old.example')
    expect(comment).not.toContain('| Destination URL')
    // The body now remembers the first failure and the new figures.
    expect(readState(bodies[0])).toMatchObject({ since: NOW - 3_600_000, count: 150, at: NOW })
  })

  it('closes with how long the check failed and the thresholds', () => {
    const state = readState(issueBody(failingResult(), undefined, NOW - 26 * 3_600_000))
    const healthy = failingResult({
      count: 5,
      health: { countAbove: 100, oldestOlderThanMs: 6 * 3_600_000, breaches: [] }
    })
    const comment = closingComment(healthy, state, undefined, NOW)
    expect(comment.split('\n')[0]).toMatch(/^## ✅ The DLQ health check passes again/)
    expect(comment).toContain('Failing for 1d 2h')
    expect(comment).toContain(
      '- Thresholds: fail the step when more than 100 messages are listed (`fail-if-count-above`), or when the ' +
        'oldest message is older than 6h (`fail-if-oldest-older-than`).'
    )
  })

  it('keeps no DLQ text in the hidden state, and reads none from a state edited out of shape', () => {
    const body = issueBody(
      failingResult({ byDestination: [{ url: 'https://x.example/--> <b>', count: 1 }] }),
      undefined,
      NOW
    )
    const line = body.split('\n').find(l => l.startsWith('<!-- dlq-action:state')) ?? ''
    expect(line).not.toContain('x.example')
    expect(line.indexOf('-->')).toBe(line.length - 3)
    expect(readState('<!-- dlq-action:state {"since":"x"} -->')).toBeUndefined()
    expect(readState('no state')).toBeUndefined()
  })
})

describe('octokitIssueApi against a loopback GitHub API', () => {
  let github: Awaited<ReturnType<typeof fakeGitHub>>
  const savedApiUrl = process.env.GITHUB_API_URL
  const log: string[] = []
  const FAST: IssueApiOptions = {
    timeoutMs: 2_000,
    retry: { maxAttempts: 3, baseDelayMs: 1, maxBackoffMs: 5, maxWaitMs: 1_000 },
    log: line => log.push(line)
  }
  beforeAll(async () => {
    github = await fakeGitHub()
    // @actions/github reads GITHUB_API_URL once, when it is first imported: one server for this whole block.
    process.env.GITHUB_API_URL = github.url
  })
  afterAll(async () => {
    process.env.GITHUB_API_URL = savedApiUrl
    await github.close()
  })
  beforeEach(() => {
    github.issues.length = 0
    github.seen.length = 0
    log.length = 0
    for (const key of Object.keys(github.options)) delete github.options[key as keyof FakeOptions]
  })
  const api = (options: IssueApiOptions = FAST) => octokitIssueApi('gh-token', 'acme/shop', options)

  it('finds its issue by label and marker, however many other open issues there are', async () => {
    for (let i = 0; i < 1_200; i++) github.seed({ title: 'DLQ health check failing' })
    github.seed({ title: 'DLQ health check failing', labels: [HEALTH_LABEL], body: 'other check' })
    github.seed({
      title: 'renamed by hand',
      labels: [HEALTH_LABEL],
      body: `${healthMarker('DLQ health check failing')}\nbody`
    })
    github.seed({ title: 'a pull request', labels: [HEALTH_LABEL], body: healthMarker('DLQ health check failing') })
    github.issues[github.issues.length - 1]!.pullRequest = true

    expect(await (await api()).findOpen('DLQ health check failing')).toMatchObject({
      number: 1_202,
      url: 'https://github.com/acme/shop/issues/1202'
    })
    expect(github.seen).toHaveLength(1)
    expect(github.seen[0]?.query).toContain(`labels=${HEALTH_LABEL}`)
    expect(await (await api()).findOpen('another check')).toBeUndefined()
  })

  it('creates the issue with the label and the marker, so the next check finds it', async () => {
    const issues = await api()
    const created = await issues.create('DLQ health check failing', 'the body')
    expect(github.issues[0]).toMatchObject({ labels: [HEALTH_LABEL], title: 'DLQ health check failing' })
    expect(github.issues[0]?.body).toBe(`${healthMarker('DLQ health check failing')}\nthe body`)
    expect(await issues.findOpen('DLQ health check failing')).toEqual({
      ...created,
      body: `${healthMarker('DLQ health check failing')}\nthe body`
    })
  })

  it('finds an issue GitHub opened without the label (a token that may not set labels) by its marker', async () => {
    github.options.dropLabels = true
    const issues = await api()
    for (let i = 0; i < 150; i++) github.seed({ title: `unrelated ${i}` })
    const created = await issues.create('DLQ health check failing', 'the body')
    expect(github.issues[github.issues.length - 1]?.labels).toEqual([])
    expect(log.join('\n')).toContain(`opened without the label ${HEALTH_LABEL}`)
    expect(await issues.findOpen('DLQ health check failing')).toMatchObject({ number: created.number })
    // Only the most recent open issues are read for it, newest first.
    const recent = github.seen.filter(r => r.method === 'GET' && r.query.includes('sort=created'))
    expect(recent.length).toBeGreaterThanOrEqual(1)
    expect(recent.every(r => r.query.includes('direction=desc'))).toBe(true)
    expect(await issues.findOpen('another check')).toBeUndefined()
  })

  it('keeps an unlabelled issue found among the recent ones even when more open issues follow than it reads', async () => {
    github.options.dropLabels = true
    const issues = await api()
    for (let i = 0; i < 100; i++) github.seed({ title: `older ${i}` })
    const created = await issues.create('DLQ health check failing', 'the body')
    // 250 newer open issues: the one opened is on the third and last page read, and a fourth would follow.
    for (let i = 0; i < 250; i++) github.seed({ title: `newer ${i}` })
    expect(await issues.findOpen('DLQ health check failing')).toMatchObject({ number: created.number })
  })

  it('retries a 502 as the service policy says, with one log line per retry', async () => {
    github.options.failFirst = 2
    expect(await (await api()).findOpen('x')).toBeUndefined()
    // Three attempts at the labelled list, then one look at the recent issues for an unlabelled one.
    expect(github.seen.map(r => (r.query.includes('labels=') ? 'labelled' : 'recent'))).toEqual([
      'labelled',
      'labelled',
      'labelled',
      'recent'
    ])
    expect(log).toEqual([
      expect.stringMatching(
        /^GitHub API list open issues labelled dlq-health-check \(page 1\): HTTP 502: .*attempt 1 of 3/
      ),
      expect.stringMatching(/attempt 2 of 3/)
    ])
  })

  it('gives up on a GitHub API that never answers, after the deadline of each attempt', async () => {
    github.options.hang = true
    const started = Date.now()
    const options = { ...FAST, timeoutMs: 300, retry: { ...FAST.retry, maxAttempts: 2 } }
    await expect((await api(options)).comment(1, 'hello')).rejects.toThrow(
      'GitHub API comment on issue #1 failed after 2 attempts: no complete answer within 300 ms'
    )
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(github.seen).toHaveLength(2)
    expect(log).toHaveLength(1)
  })

  it('does not retry a refusal, and names the call', async () => {
    github.options.forbid = true
    await expect((await api()).close(3)).rejects.toThrow(
      'GitHub API close issue #3 failed: HTTP 403: Resource not accessible by integration'
    )
    expect(github.seen).toHaveLength(1)
  })

  it('takes a secret out of an error message before shortening it, so no piece of it survives the cut', async () => {
    const secret = 'ghs_' + 'k7Qw9Zp2Lx4Vb8Nm3Rt6Yc1Hd5Jf0Gs2Ae8Uo'
    github.options.forbid = true
    // The secret straddles the 300th character, where the message is cut.
    github.options.forbidMessage = `${'x'.repeat(280)} ${secret} tail`
    const redact = redactor([secret])
    const refusal = (await api({ ...FAST, redact })
      .then(a => a.close(3))
      .catch((err: Error) => err)) as Error
    expect(refusal.message).toContain('HTTP 403: ')
    expect(refusal.message).toContain('***')
    for (let i = 0; i + 8 <= secret.length; i++) expect(refusal.message).not.toContain(secret.slice(i, i + 8))
  })

  it('finds the issue it created when the answer to the create was lost, instead of opening a second', async () => {
    github.options.dropCreateAnswer = true
    const created = await (await api()).create('DLQ health check failing', 'body')
    expect(github.issues).toHaveLength(1)
    expect(created).toMatchObject({ number: 1, url: 'https://github.com/acme/shop/issues/1' })
    expect(log).toEqual([expect.stringMatching(/^GitHub API create the health issue: .*carried out all the same/)])
  })

  /** A failing result: `count` messages, over fail-if-count-above (100), all at one destination. */
  const failingAt = (count: number, url = 'https://a.example/hook', overrides: Partial<ListResult> = {}) =>
    failingResult({
      count,
      byDestination: [{ url, count, status: 503 }],
      health: { countAbove: 100, breaches: [{ kind: 'count', count, limit: 100 }] },
      ...overrides
    })
  const HOUR = 3_600_000
  const TITLE = 'DLQ health check failing'

  it('comments only when something material changed, or once the repeat interval has passed', async () => {
    const issues = await api()
    const check = async (result: ListResult, at: number) =>
      (await syncHealthIssue(issues, result, TITLE, undefined, at, DEFAULT_REPEAT_INTERVAL_MS)).action
    // Four hourly checks of the same 300 messages: one issue, no comment, the body kept up to date.
    const quiet = []
    for (let hour = 0; hour < 4; hour++) quiet.push(await check(failingAt(300), NOW + hour * HOUR))
    expect(quiet).toEqual(['opened', 'updated', 'updated', 'updated'])
    expect(github.issues).toHaveLength(1)
    expect(github.issues[0]?.comments).toEqual([])
    expect(readState(github.issues[0]?.body)).toMatchObject({ count: 300, at: NOW + 3 * HOUR, since: NOW })
    expect(github.seen.filter(r => r.method === 'POST' && r.path.endsWith('/comments'))).toHaveLength(0)

    // The interval since the opening elapses: one reminder, saying why.
    expect(await check(failingAt(300), NOW + 4 * HOUR)).toBe('commented')
    expect(github.issues[0]?.comments).toHaveLength(1)
    expect(github.issues[0]?.comments[0]).toContain('`issue-repeat-interval`')
    expect(await check(failingAt(300), NOW + 5 * HOUR)).toBe('updated')

    // The count up by 10 % and at least 10 messages since the last comment: a comment; a smaller move: none.
    expect(await check(failingAt(309), NOW + 5.5 * HOUR)).toBe('updated')
    expect(await check(failingAt(330), NOW + 6 * HOUR)).toBe('commented')
    expect(github.issues[0]?.comments[1]).toMatch(/went up from 300 to 330/)
    expect(await check(failingAt(290), NOW + 6.5 * HOUR)).toBe('commented')
    expect(github.issues[0]?.comments[2]).toMatch(/went down from 330 to 290/)

    // A threshold newly exceeded, then a destination that was not among the top ones: each a comment.
    const aged = failingAt(300, 'https://a.example/hook', {
      health: {
        countAbove: 100,
        oldestOlderThanMs: HOUR,
        breaches: [
          { kind: 'count', count: 300, limit: 100 },
          { kind: 'age', ageMs: 2 * HOUR, limitMs: HOUR }
        ]
      }
    })
    expect(await check(aged, NOW + 7 * HOUR)).toBe('commented')
    expect(github.issues[0]?.comments[3]).toContain('`fail-if-oldest-older-than` is newly exceeded')
    expect(await check(failingAt(300, 'https://b.example/new'), NOW + 7.5 * HOUR)).toBe('commented')
    expect(github.issues[0]?.comments[4]).toContain('a new destination leads')
    expect(github.issues[0]?.comments).toHaveLength(5)
    expect(github.issues).toHaveLength(1)
  })

  it('keeps a small DLQ quiet: a change of fewer than 10 messages is not material', async () => {
    const issues = await api()
    const small = (count: number) =>
      failingAt(count, 'https://a.example/hook', {
        health: { countAbove: 0, breaches: [{ kind: 'count', count, limit: 0 }] }
      })
    await syncHealthIssue(issues, small(3), TITLE, undefined, NOW)
    expect((await syncHealthIssue(issues, small(9), TITLE, undefined, NOW + HOUR)).action).toBe('updated')
    expect((await syncHealthIssue(issues, small(13), TITLE, undefined, NOW + 2 * HOUR)).action).toBe('commented')
  })

  it('holds the comment rules for a breach of unknown age too: the state keeps it, so it is not new every run', async () => {
    const issues = await api()
    const unknownAge = failingAt(300, 'https://a.example/hook', {
      noCreatedAt: 300,
      health: { oldestOlderThanMs: HOUR, breaches: [{ kind: 'age-unknown', messages: 300, limitMs: HOUR }] }
    })
    const actions = []
    for (let hour = 0; hour < 4; hour++) {
      actions.push((await syncHealthIssue(issues, unknownAge, TITLE, undefined, NOW + hour * HOUR)).action)
    }
    expect(actions).toEqual(['opened', 'updated', 'updated', 'updated'])
    expect(readState(github.issues[0]?.body)?.spoke?.breaches).toEqual(['age-unknown'])
    expect(github.issues[0]?.comments).toEqual([])
    expect((await syncHealthIssue(issues, unknownAge, TITLE, undefined, NOW + 4 * HOUR)).action).toBe('commented')
    expect(github.issues[0]?.comments[0]).toContain('`issue-repeat-interval`')
  })

  it('reads an issue body written before it spoke only on change without commenting for that alone', async () => {
    const body = issueBody(failingAt(300), undefined, NOW)
    const old = body.replace(/,"spoke":\{[^}]*\}/, '')
    expect(readState(old)?.spoke).toBeUndefined()
    github.seed({ title: TITLE, labels: [HEALTH_LABEL], body: `${healthMarker(TITLE)}\n${old}` })
    const issues = await api()
    expect((await syncHealthIssue(issues, failingAt(300), TITLE, undefined, NOW + HOUR)).action).toBe('updated')
    expect(readState(github.issues[0]?.body)?.spoke).toMatchObject({ at: NOW, count: 300 })
  })

  it("holds the default repeat interval equal to action.yml's", () => {
    expect(parseDuration(INPUT_DEFAULTS[Inputs.IssueRepeatInterval] ?? '')).toBe(DEFAULT_REPEAT_INTERVAL_MS)
  })

  it.each([
    ['two checks', 2, false],
    ['three checks', 3, false],
    ['two checks whose token may not set labels', 2, true]
  ])('converges on the oldest issue when %s overlap and each opens one', async (_name, runs, dropLabels) => {
    github.options.holdCreates = runs
    if (dropLabels) github.options.dropLabels = true
    const issues = await api()
    const done = await Promise.all(
      Array.from({ length: runs }, (_, i) =>
        syncHealthIssue(issues, failingAt(300 + i), TITLE, `https://run/${i}`, NOW + i)
      )
    )
    // Every run found no issue and opened one, then looked again.
    expect(github.issues).toHaveLength(runs)
    expect(github.issues.filter(i => i.state === 'open').map(i => i.number)).toEqual([1])
    for (const duplicate of github.issues.slice(1)) {
      expect(duplicate).toMatchObject({ state: 'closed', stateReason: 'not_planned' })
      expect(duplicate.comments).toEqual([expect.stringMatching(/^Duplicate of #1\b/)])
    }
    // Each other run's findings are on the kept issue, once; the run that opened it says nothing more.
    expect(github.issues[0]?.comments).toHaveLength(runs - 1)
    for (const comment of github.issues[0]?.comments ?? []) {
      expect(comment).toMatch(/another run of this check opened #1 at the same time/)
    }
    // Every run reports the kept issue.
    expect(done.map(d => (d.action === 'none' ? undefined : d.number))).toEqual(Array(runs).fill(1))
    expect(done.filter(d => d.action === 'opened')).toHaveLength(1)
    expect(done.filter(d => d.action === 'commented')).toHaveLength(runs - 1)

    // The next check finds the one issue left open.
    expect((await syncHealthIssue(issues, failingAt(300), TITLE, undefined, NOW + HOUR)).action).toBe('updated')
    expect(github.issues.filter(i => i.state === 'open')).toHaveLength(1)
  })

  it('closes a duplicate left open by a run that was stopped before it could, on the next run', async () => {
    const body = `${healthMarker(TITLE)}\n${issueBody(failingAt(300), undefined, NOW)}`
    github.seed({ title: TITLE, labels: [HEALTH_LABEL], body })
    github.seed({ title: TITLE, labels: [HEALTH_LABEL], body })
    github.seed({ title: 'unrelated', labels: [HEALTH_LABEL], body: 'another check' })
    const issues = await api()
    expect(await syncHealthIssue(issues, failingAt(300), TITLE, undefined, NOW + HOUR)).toMatchObject({
      action: 'updated',
      number: 1
    })
    expect(github.issues.map(i => i.state)).toEqual(['open', 'closed', 'open'])
    expect(github.issues[1]).toMatchObject({
      stateReason: 'not_planned',
      comments: [expect.stringMatching(/^Duplicate of #1\b/)]
    })
    expect(github.issues[0]?.comments).toEqual([])
  })
})

describe('the scope of a health check', () => {
  it('is empty for the whole message DLQ, and tells apart a source, a filter and its values, never the dates', () => {
    expect(checkScope({})).toBe('')
    expect(checkScope({ fromDate: 1, toDate: 2, url: [] })).toBe('')
    const workflow = checkScope({ source: 'workflow' })
    const url = checkScope({ url: ['https://a.example/'] })
    expect(new Set([workflow, url, checkScope({ url: ['https://b.example/'] })]).size).toBe(3)
    expect(checkScope({ url: ['https://a.example/'], fromDate: 5 })).toBe(url)
    expect(checkScope({ queueName: ['q'], url: ['u'] })).toBe(checkScope({ url: ['u'], queueName: ['q'] }))
    // A filter's values are a set: the same values in another order, or one repeated, are the same check.
    const lines = checkScope({ url: ['https://b.example/', 'https://a.example/'], queueName: ['q2', 'q1'] })
    expect(checkScope({ queueName: ['q1', 'q2', 'q1'], url: ['https://a.example/', 'https://b.example/'] })).toBe(lines)
    expect(checkScope({ url: ['https://a.example/', 'https://b.example/'], queueName: ['q1'] })).not.toBe(lines)
    expect(healthMarker('t', workflow)).not.toBe(healthMarker('t'))
    expect(healthMarker('t', '')).toBe(healthMarker('t'))
  })
})
