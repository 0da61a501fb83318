/** The health issue's labels, assignees and causes end to end: the bundle against the simulator and a fake GitHub. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type SimMessage, type Simulator } from '../../sim/index.js'
import { fakeGitHub } from '../../sim/github.js'
import { HEALTH_LABEL } from '../../src/github/octokit-issues.js'
import { runAction } from '../../tools/harness.js'

const TOKEN = 'sim-token-issue-30'
const HOUR = 3_600_000
let sim: Simulator | undefined
let github: Awaited<ReturnType<typeof fakeGitHub>> | undefined

afterEach(async () => {
  await sim?.close()
  await github?.close()
  sim = undefined
  github = undefined
})

/** Messages of one cause each `body` gives (its number varies, so the cause does not), `count` of them. */
function messagesOf(template: SimMessage, prefix: string, count: number, body: string): SimMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    ...template,
    messageId: `${prefix}_${i}`,
    dlqId: `dlq_${prefix}_${i}`,
    url: 'https://hooks.example/orders',
    responseStatus: 500,
    responseBody: JSON.stringify({ error: body.replace('N', String(i * 7)) }),
    createdAt: Date.now() - HOUR - i * 1000
  }))
}

/** Replaces the simulator's DLQ with `messages`, sorted by createdAt as it needs. */
function hold(s: Simulator, messages: SimMessage[]): void {
  messages.sort((a, b) => a.createdAt - b.createdAt || (a.messageId < b.messageId ? -1 : 1))
  s.state.messages.splice(0, s.state.messages.length, ...messages)
}

describe('the health issue: labels, assignees and causes', () => {
  it('opens the issue with the labels and assignees asked, shows why they failed, and comments on a new cause', async () => {
    sim = await startSimulator({ token: TOKEN, messages: 1, workflowRuns: 0 })
    github = await fakeGitHub()
    const template = sim.state.messages[0] as SimMessage
    const steady = [
      ...messagesOf(template, 'pool', 60, 'pool exhausted after N ms'),
      ...messagesOf(template, 'col', 40, 'column reason_code does not exist (row N)')
    ]
    hold(sim, steady)
    const check = () =>
      runAction(
        {
          operation: 'list-dlq',
          token: TOKEN,
          'base-url': (sim as Simulator).url,
          'fail-if-count-above': '10',
          'issue-on-failure': 'true',
          'github-token': 'gh-secret-30',
          'issue-labels': 'on-call\nsev-2',
          'issue-assignees': '["octocat", "hubot"]'
        },
        { GITHUB_API_URL: (github as Awaited<ReturnType<typeof fakeGitHub>>).url }
      )

    const first = await check()
    expect(first.code).toBe(1)
    expect(github.issues).toHaveLength(1)
    const issue = github.issues[0]
    expect(issue?.labels).toEqual([HEALTH_LABEL, 'on-call', 'sev-2'])
    expect(issue?.assignees).toEqual(['octocat', 'hubot'])
    expect(issue?.body).toContain('### Why they failed')
    expect(issue?.body).toMatch(/^\| 60 \| 500 \| `\{"error":"pool exhausted after # ms"\}` \|/m)
    expect(issue?.body).toMatch(/^\| 40 \| 500 \| `\{"error":"column reason_code does not exist \(row #\)"\}` \|/m)

    // The same causes again: only the body is brought up to date.
    const second = await check()
    expect(second.code).toBe(1)
    expect(github.issues[0]?.comments).toEqual([])

    // Five messages of a new cause: too few to move the count materially, but a new cause among the leading five.
    hold(sim, [...steady, ...messagesOf(template, 'tls', 5, 'certificate expired N days ago')])
    const third = await check()
    expect(third.code).toBe(1)
    expect(github.issues).toHaveLength(1)
    expect(github.issues[0]?.comments).toHaveLength(1)
    const comment = github.issues[0]?.comments[0] ?? ''
    expect(comment).toMatch(
      /Commenting because a new cause is among the leading 5: `\{"error":"certificate expired # days ago"\}`/
    )
    expect(comment).toContain('New among the leading 5 causes:')
    // An issue already open keeps its labels: they are set when it opens.
    expect(github.issues[0]?.labels).toEqual([HEALTH_LABEL, 'on-call', 'sev-2'])
  })

  it('refuses issue-labels and issue-assignees without issue-on-failure, and a login with @, before any request', async () => {
    sim = await startSimulator({ token: TOKEN, messages: 3, workflowRuns: 0 })
    const base = { operation: 'list-dlq', token: TOKEN, 'base-url': sim.url, 'fail-if-count-above': '1' }
    const without = await runAction({ ...base, 'issue-labels': 'on-call' })
    expect(without.code).toBe(1)
    expect(without.errors[0]).toMatch(/Input 'issue-labels' applies only with issue-on-failure: true/)
    const at = await runAction({ ...base, 'issue-on-failure': 'true', 'issue-assignees': '@octocat' })
    expect(at.code).toBe(1)
    expect(at.errors[0]).toMatch(/Input 'issue-assignees' value 1 \("@octocat"\) is not a GitHub login/)
    expect(sim.requestCount).toBe(0)
  })
})
