/**
 * Verdicts that say exactly what was measured (issue 17), end to end: dist/index.js over real sockets against the
 * simulator, its createdAt-omitting variant included. Structure is asserted (where a figure or a name appears, which
 * annotation carries it), not prose.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { omitsCreatedAt, startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'
import { jsonOutput } from '../support/action.js'
import { runAction, type ActionRun } from '../../tools/harness.js'
import { closedPort } from '../support/servers.js'

const TOKEN = 'sim-token-verdicts-7c2d'
const NOW = Date.UTC(2026, 10, 20, 9, 30, 0)
let sim: Simulator | undefined

afterEach(async () => {
  await sim?.close()
  sim = undefined
})

async function start(variants: Partial<ServerVariants> = {}): Promise<Simulator> {
  sim = await startSimulator({ token: TOKEN, messages: 400, workflowRuns: 120, seed: 29, now: NOW, variants })
  return sim
}

const list = (s: Simulator, inputs: Record<string, string> = {}): Promise<ActionRun> =>
  runAction({ operation: 'list-dlq', token: TOKEN, 'base-url': s.url, ...inputs })
const notices = (run: ActionRun): string[] => run.stdout.split('\n').filter(line => line.startsWith('::notice'))
const headingOf = (run: ActionRun): string => run.summary.split('\n').find(line => line.startsWith('## ')) ?? ''
const boldLineOf = (run: ActionRun): string => run.summary.split('\n').find(line => line.startsWith('**')) ?? ''

describe('a server that leaves createdAt out of some messages', () => {
  it.each([
    ['sequentially', {}],
    ['with concurrency', { concurrency: '8' }]
  ])(
    'fails an age threshold it cannot judge, naming how many messages had no creation time (%s)',
    async (_n, extra) => {
      const s = await start({ omitCreatedAt: true })
      const missing = s.state.messages.filter(omitsCreatedAt).length
      expect(missing).toBeGreaterThan(0)
      // A limit the messages that have a creation time are well within: only the unknown ages can fail it.
      const run = await list(s, { 'fail-if-oldest-older-than': '365d', ...extra })
      expect(run.code).toBe(1)
      expect(run.outputs['dlq-count']).toBe(String(s.state.messages.length))
      expect(run.outputs.complete).toBe('true')
      expect(headingOf(run)).toMatch(/^## ❌/)
      expect(run.summary).not.toMatch(/healthy|: within/i)
      expect(boldLineOf(run)).toContain(`unknown for ${missing} messages`)
      expect(run.errors).toHaveLength(1)
      expect(run.errors[0]).toContain(`${missing} messages`)
      expect(run.errors[0]).toMatch(/createdAt/)
      expect(run.errors[0]).toMatch(/fail-if-oldest-older-than/)
    }
  )

  it('counts the messages without a creation time across the listings of several message ids', async () => {
    const s = await start({ omitCreatedAt: true, oneMessageId: true })
    const picked = [
      ...s.state.messages.filter(omitsCreatedAt).slice(0, 2),
      s.state.messages.find(m => !omitsCreatedAt(m))!
    ]
    const run = await list(s, {
      'message-id': picked.map(m => m.messageId).join('\n'),
      'fail-if-oldest-older-than': '365d'
    })
    expect(run.outputs['dlq-count']).toBe('3')
    expect(run.code).toBe(1)
    expect(boldLineOf(run)).toContain('unknown for 2 messages')
    expect(run.errors[0]).toContain('2 messages')
  })

  it('says "unknown for N messages" beside the oldest age without an age threshold, and passes', async () => {
    const s = await start({ omitCreatedAt: true })
    const missing = s.state.messages.filter(omitsCreatedAt).length
    const run = await list(s)
    expect(run.code).toBe(0)
    expect(boldLineOf(run)).toContain(`unknown for ${missing} messages`)
    expect(notices(run)).toHaveLength(1)
    expect(notices(run)[0]).toContain(`unknown for ${missing} messages`)
  })

  it('still calls a server that sends every createdAt healthy within a wide age limit', async () => {
    const s = await start({})
    const run = await list(s, { 'fail-if-oldest-older-than': '365d' })
    expect(run.code).toBe(0)
    expect(headingOf(run)).toMatch(/healthy/i)
    expect(boldLineOf(run)).not.toMatch(/unknown/)
  })
})

describe('a filtered listing', () => {
  it('says in the heading, the bold line and the notice that the count is of the matching messages', async () => {
    const s = await start({})
    // A plain URL short enough to be shown whole in the verdict.
    const url = s.state.messages.map(m => m.url).find(u => u.length < 40 && /^https:\/\/[\w./-]+$/.test(u))!
    const matching = s.state.messages.filter(m => m.url === url).length
    const run = await list(s, { url, 'fail-if-count-above': '100000' })
    expect(run.code).toBe(0)
    expect(run.outputs['dlq-count']).toBe(String(matching))
    expect(headingOf(run)).toContain('matching `url`')
    for (const text of [boldLineOf(run), notices(run)[0] ?? '']) {
      expect(text).toContain('matching `url`')
      expect(text).toContain(url)
    }
    expect(headingOf(run)).not.toContain('DLQ healthy')
    expect(boldLineOf(run)).toContain(`${matching} messages matching`)
    expect(boldLineOf(run)).toMatch(/judged on the matching messages/)
  })
})

describe('a resume on the run page', () => {
  it('gives one notice with the count of runs resumed, and complete is true', async () => {
    const s = await start({})
    const run = await runAction({ operation: 'resume-workflows', token: TOKEN, 'base-url': s.url, all: 'true' })
    expect(run.code).toBe(0)
    const resumed = s.state.resumedRuns.length
    expect(resumed).toBeGreaterThan(50)
    expect(notices(run)).toHaveLength(1)
    expect(notices(run)[0]).toContain(`Resumed ${resumed} workflow runs`)
    expect(run.outputs['resumed-count']).toBe(String(resumed))
    expect(run.outputs.complete).toBe('true')
  })

  it('says "at least" and what was possibly resumed when an answer was lost, and complete is false', async () => {
    const s = await start({})
    s.inject({ route: 'resume', fault: { kind: 'drop' }, skip: 1 })
    const run = await runAction({ operation: 'resume-workflows', token: TOKEN, 'base-url': s.url, all: 'true' })
    expect(run.code).toBe(1)
    const confirmed = (jsonOutput(run, 'workflow-run-ids') as string[]).length
    expect(run.outputs['resumed-count']).toBe(String(confirmed))
    expect(run.outputs.complete).toBe('false')
    expect(notices(run)).toHaveLength(1)
    expect(notices(run)[0]).toContain(`at least ${confirmed} workflow runs`)
    expect(notices(run)[0]).toMatch(/possibly resumed/)
    // The failure says it once: no warning repeats it.
    expect(run.warnings.filter(w => /no readable answer/.test(w))).toEqual([])
    expect(run.errors.join('\n')).toMatch(/no readable answer/)
  })

  it('says how many schedules were resumed, and complete is false when one failed', async () => {
    const s = await start({})
    const all = await runAction({
      operation: 'resume-schedule',
      token: TOKEN,
      'base-url': s.url,
      'schedule-id': 'sched-1'
    })
    expect(notices(all)).toHaveLength(1)
    expect(notices(all)[0]).toMatch(/Resumed 1 schedule\b/)
    expect(all.outputs.complete).toBe('true')
    const some = await runAction({
      operation: 'resume-schedule',
      token: TOKEN,
      'base-url': s.url,
      'schedule-id': 'sched-3\nghost'
    })
    expect(some.code).toBe(1)
    expect(some.outputs.complete).toBe('false')
  })
})

describe('outputs when nothing could be listed', () => {
  it('leave dlq-count empty for an unreachable service, with one alert', async () => {
    const port = await closedPort()
    const run = await runAction({
      operation: 'list-dlq',
      token: TOKEN,
      'base-url': `http://127.0.0.1:${port}`,
      'max-attempts': '1'
    })
    expect(run.code).toBe(1)
    expect(run.outputs['dlq-count']).toBe('')
    expect(run.outputs.complete).toBe('false')
    expect(notices(run)).toEqual([])
    expect(run.errors).toHaveLength(1)
  })

  it('say "at least N" in the error line of a listing that failed part way, as the notice does', async () => {
    const s = await start({})
    s.inject({ route: 'list', fault: { kind: 'status', status: 500 }, skip: 2, times: Infinity })
    const run = await list(s, { 'max-attempts': '1' })
    expect(run.code).toBe(1)
    expect(run.outputs['dlq-count']).toBe('200')
    expect(run.outputs.complete).toBe('false')
    expect(notices(run)[0]).toMatch(/at least 200 messages/)
    expect(run.errors[0]).toMatch(/at least 200 messages/)
  })
})
