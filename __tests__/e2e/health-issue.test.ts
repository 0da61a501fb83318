/** The health issue end to end: the bundle opens, comments and closes it on a loopback fake of the GitHub API. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type Simulator } from '../../sim/index.js'
import { HEALTH_LABEL, healthMarker } from '../../src/github/octokit-issues.js'
import { runAction } from '../../tools/harness.js'
import { fakeGitHub } from '../../sim/github.js'

/** A health check with issue-on-failure against the simulator at `serviceUrl` and the fake GitHub at `githubUrl`. */
const healthCheck = (serviceUrl: string, githubUrl: string, countAbove: string, extra: Record<string, string> = {}) =>
  runAction(
    {
      operation: 'list-dlq',
      token: 'sim-token',
      'base-url': serviceUrl,
      'fail-if-count-above': countAbove,
      'issue-on-failure': 'true',
      'github-token': 'gh-secret-1',
      ...extra
    },
    { GITHUB_API_URL: githubUrl }
  )

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

  const check = (countAbove: string, extra: Record<string, string> = {}) =>
    healthCheck(sim.url, github.url, countAbove, { 'issue-title': 'DLQ health check failing', ...extra })

  it('opens the issue, updates it quietly, comments on a change, then comments and closes it once the check passes', async () => {
    github = await fakeGitHub()
    const first = await check('100')
    expect(first.code).toBe(1)
    expect(github.issues).toHaveLength(1)
    expect(github.issues[0]).toMatchObject({ title: 'DLQ health check failing', state: 'open', labels: [HEALTH_LABEL] })
    expect(github.issues[0]?.body).toContain(healthMarker('DLQ health check failing'))
    expect(github.issues[0]?.body).toContain('120 messages, more than fail-if-count-above (100)')
    expect(github.issues[0]?.body).toContain('https://github.com/acme/shop/actions/runs/4242')
    expect(github.seen.every(r => r.authorization === 'token gh-secret-1')).toBe(true)
    expect(first.stdout).toContain('Health issue #1 opened')
    expect(first.outputs).toMatchObject({ transition: 'opened', 'issue-url': 'https://github.com/acme/shop/issues/1' })
    // The summary is written before the issue step (a cancel there costs the issue, never the verdict); the link,
    // by a URL built from the repository and the number, is appended after it.
    const lines = first.summary.split('\n').filter(l => l !== '')
    expect(lines[0]).toBe('## ❌ DLQ health check failed')
    expect(lines.at(-1)).toMatch(/^Health issue opened: \[#1\]\(https:\/\/github\.com\/acme\/shop\/issues\/1\)$/)

    // The same 120 messages again: nothing material changed, so the body is brought up to date without a comment.
    const second = await check('100')
    expect(second.code).toBe(1)
    expect(github.issues).toHaveLength(1)
    expect(github.issues[0]?.comments).toEqual([])
    expect(github.issues[0]?.body).toMatch(/<!-- dlq-action:state \{.*"count":120.*\} -->/)
    expect(second.outputs).toMatchObject({ transition: 'none', 'issue-url': 'https://github.com/acme/shop/issues/1' })
    expect(second.summary).toMatch(/^Health issue updated: \[#1\]\(https:\/\/github\.com\/acme\/shop\/issues\/1\)$/m)

    // A threshold newly exceeded is material: what changed, not the whole body again.
    const third = await check('100', { 'fail-if-oldest-older-than': '1h' })
    expect(third.code).toBe(1)
    expect(github.issues[0]?.comments).toHaveLength(1)
    expect(github.issues[0]?.comments[0]).toMatch(/^## ❌ Still failing/)
    expect(github.issues[0]?.comments[0]).toMatch(/\| Messages \| 120 \| 120 \(no change\) \|/)
    expect(github.issues[0]?.comments[0]).toContain('`fail-if-oldest-older-than` is newly exceeded')
    expect(github.issues[0]?.comments[0]).not.toContain('| Destination URL')
    expect(github.issues[0]?.body).toContain(healthMarker('DLQ health check failing'))
    expect(third.summary).toMatch(/^Health issue commented on: \[#1\]/m)
    expect(third.outputs.transition).toBe('commented')

    const fourth = await check('500')
    expect(fourth.code).toBe(0)
    expect(github.issues[0]?.state).toBe('closed')
    expect(github.issues[0]?.comments[1]).toMatch(/passes again/)
    expect(github.issues[0]?.comments[1]).toMatch(/Failing for .*since/)
    expect(github.issues[0]?.comments[1]).toContain('more than 500 messages are listed (`fail-if-count-above`)')
    expect(fourth.summary).toMatch(/^Health issue closed: \[#1\]/m)
    expect(fourth.outputs).toMatchObject({ transition: 'closed', 'issue-url': 'https://github.com/acme/shop/issues/1' })
    // A passing check with no issue open makes no edge.
    const fifth = await check('500')
    expect(fifth.outputs).toMatchObject({ transition: 'none', 'issue-url': '' })
    const log = fourth.stdout.split('\n').filter(line => !line.startsWith('::add-mask::'))
    expect(log.join('\n') + fourth.summary + JSON.stringify(fourth.outputs)).not.toContain('gh-secret-1')
  })

  /** Rewrites the hidden state of the open issue: as if its figures and its last comment were `ago` ms old. */
  const backdate = (ago: number, spokeCount?: number) => {
    const issue = github.issues[0]!
    issue.body = issue.body.replace(/<!-- dlq-action:state (\{.*\}) -->/, (_line, json: string) => {
      const state = JSON.parse(json) as { since: number; at: number; spoke: { at: number; count: number } }
      state.since -= ago
      state.at -= ago
      state.spoke.at -= ago
      if (spokeCount !== undefined) state.spoke.count = spokeCount
      return `<!-- dlq-action:state ${JSON.stringify(state)} -->`
    })
  }

  it('comments once the last comment is older than issue-repeat-interval, and not before', async () => {
    github = await fakeGitHub()
    expect((await check('100')).stdout).toContain('Health issue #1 opened')
    backdate(50 * 60_000)
    const recent = await check('100', { 'issue-repeat-interval': '1h' })
    expect(recent.code).toBe(1)
    expect(github.issues[0]?.comments).toEqual([])
    expect(recent.stdout).toContain('Health issue #1 updated')

    backdate(20 * 60_000)
    const due = await check('100', { 'issue-repeat-interval': '1h' })
    expect(due.code).toBe(1)
    expect(github.issues[0]?.comments).toHaveLength(1)
    expect(github.issues[0]?.comments[0]).toContain('`issue-repeat-interval`')
    expect(due.stdout).toContain('Health issue #1 commented')
  })

  it('comments on a count that changed by a material share since the last comment', async () => {
    github = await fakeGitHub()
    await check('100')
    backdate(60_000, 150)
    const run = await check('100')
    expect(run.code).toBe(1)
    expect(github.issues[0]?.comments).toHaveLength(1)
    expect(github.issues[0]?.comments[0]).toMatch(/went down from 150 to 120/)
  })

  it('refuses a malformed issue-repeat-interval, naming the input, before any request', async () => {
    github = await fakeGitHub()
    const run = await check('100', { 'issue-repeat-interval': 'hourly' })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toMatch(/Input 'issue-repeat-interval' must be a duration/)
    expect(sim.requestCount).toBe(0)
    expect(github.seen).toHaveLength(0)
  })

  it('converges on one issue when two checks run at once and each opens one', async () => {
    github = await fakeGitHub({ holdCreates: 2 })
    const [a, b] = await Promise.all([check('100'), check('100')])
    expect([a?.code, b?.code]).toEqual([1, 1])
    expect(github.issues).toHaveLength(2)
    expect(github.issues.map(i => i.state)).toEqual(['open', 'closed'])
    expect(github.issues[1]?.comments).toEqual([expect.stringMatching(/^Duplicate of #1\b/)])
    expect(github.issues[0]?.comments).toHaveLength(1)
    // Both summaries link the issue that stays open.
    for (const run of [a, b]) expect(run?.summary).toMatch(/^Health issue (opened|commented on): \[#1\]/m)
  })

  it('warns, naming the permission, when the token may not write issues; the verdict stands', async () => {
    github = await fakeGitHub({ forbid: true })
    const run = await check('100')
    expect(run.code).toBe(1)
    expect(run.errors).toEqual(['DLQ health check failed: 120 messages, more than fail-if-count-above (100)'])
    expect(run.warnings.join('\n')).toMatch(/permissions: issues: write/)
  })

  it('tells a rate limit and a refused github-token from a missing permission', async () => {
    github = await fakeGitHub({ rateLimited: true })
    const limited = await check('100', { 'max-attempts': '2' })
    expect(limited.code).toBe(1)
    expect(github.seen.length).toBeGreaterThanOrEqual(2)
    expect(limited.warnings.join('\n')).toMatch(/API rate limit exceeded/)
    expect(limited.warnings.join('\n')).not.toMatch(/permissions/)
    expect(limited.warnings.join('\n')).toMatch(/brought up to date on the next run/)
    await github.close()

    github = await fakeGitHub({ unauthorized: true })
    const refused = await check('100')
    expect(refused.code).toBe(1)
    expect(refused.warnings.join('\n')).toMatch(/GitHub refused github-token \(HTTP 401\)/)
    expect(refused.warnings.join('\n')).not.toMatch(/permissions|next run/)
  })

  it('gives up on a GitHub API that never answers within the deadlines, without blaming permissions', async () => {
    github = await fakeGitHub({ hang: true })
    const run = await healthCheck(sim.url, github.url, '100', { 'timeout-seconds': '1', 'max-attempts': '2' })
    expect(run.code).toBe(1)
    expect(run.errors).toEqual(['DLQ health check failed: 120 messages, more than fail-if-count-above (100)'])
    const warning = run.warnings.join('\n')
    expect(warning).toMatch(/Could not update the health issue/)
    expect(warning).toMatch(/after 2 attempts/)
    expect(warning).not.toMatch(/permissions/)
    expect(github.seen.length).toBeGreaterThanOrEqual(2)
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

describe('health checks of different selections, end to end', () => {
  it('keep their own issues: a passing workflow-run check never closes the issue of a failing message check', async () => {
    const sim = await startSimulator({ token: 'sim-token', messages: 400, workflowRuns: 5 })
    const github = await fakeGitHub()
    try {
      const check = (extra: Record<string, string>) => healthCheck(sim.url, github.url, '100', extra)
      const messages = await check({})
      expect(messages.code).toBe(1)
      expect(github.issues.map(i => i.state)).toEqual(['open'])
      // An issue opened before the selection took part in the marker is still found by an unfiltered check.
      expect(github.issues[0]?.body).toContain(healthMarker('DLQ health check failing'))

      const runs = await check({ source: 'workflow' })
      expect(runs.code).toBe(0)
      expect(github.issues.map(i => i.state)).toEqual(['open'])
      expect(github.issues[0]?.comments).toEqual([])

      const filtered = await check({ url: 'https://nowhere.example/none' })
      expect(filtered.code).toBe(0)
      expect(github.issues.map(i => i.state)).toEqual(['open'])
      expect(github.issues[0]?.comments).toEqual([])
    } finally {
      await github.close()
      await sim.close()
    }
  })
})
