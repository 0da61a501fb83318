/**
 * The bundled action end to end: dist/index.js in its own node process, as the runner starts it, against the
 * loopback simulator over real sockets.
 */
import MarkdownIt from 'markdown-it'
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator, type Simulator } from '../../sim/index.js'
import { jsonOutput } from '../support/action.js'
import { runAction } from '../../tools/harness.js'
import { withoutMaskCommands } from '../support/log.js'

const TOKEN = 'sim-token-5f1c'
let sim: Simulator

beforeEach(async () => {
  sim = await startSimulator({ token: TOKEN, messages: 300, workflowRuns: 120, schedules: 4, seed: 7 })
})
afterEach(async () => {
  await sim.close()
})

const common = () => ({ token: TOKEN, 'base-url': sim.url })

describe('list-dlq', () => {
  it('drains every page and reports counts, ids, the oldest message and a summary', async () => {
    const run = await runAction({ ...common(), operation: 'list-dlq' })
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)

    const seeded = sim.state.messages
    expect(run.outputs['dlq-count']).toBe('300')
    expect(jsonOutput(run, 'message-ids')).toEqual(seeded.map(m => m.messageId))
    expect(run.outputs['message-ids-truncated']).toBe('false')
    expect(run.outputs['oldest-created-at']).toBe(String(Math.min(...seeded.map(m => m.createdAt))))
    expect(run.outputs['next-cursor']).toBe('')

    const lists = sim.requests.filter(r => r.route === 'list')
    expect(lists).toHaveLength(3)
    expect(lists[0]?.query.get('cursor')).toBeNull()
    expect(lists[1]?.query.get('cursor')).toBeTruthy()
    expect(lists.every(r => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true)

    expect(run.summary).toContain('https://github.com/acme/shop/actions/runs/4242')
    expect(run.summary).toContain('300')
    // Rendered as GitHub does, the hostile seeded values are text in code, never HTML; nothing is invisible.
    const html = new MarkdownIt({ html: true, linkify: true }).render(run.summary)
    expect(html).not.toMatch(/<script|<img/i)
    expect(html).toContain('&lt;script&gt;')
    expect(run.summary).not.toMatch(/[\u200b-\u200f\u2060\ufeff]/u)
    expect(run.summary.split('\n')[0]).toBe('## ℹ️ DLQ: 300 messages')
    expect(run.summary).not.toContain(TOKEN)
    expect(withoutMaskCommands(run.stdout)).not.toContain(TOKEN)
  })

  it('sends every filter the user set under its wire name, and the same filters with each cursor', async () => {
    const target = sim.state.messages.find(m => m.responseStatus === 503 && m.url.startsWith('https://'))!
    const run = await runAction({
      ...common(),
      operation: 'list-dlq',
      url: target.url,
      'response-status': '503',
      'from-date': '0',
      'to-date': String(Date.now()),
      order: 'latestFirst',
      count: '5',
      'caller-ip': target.callerIP
    })
    expect(run.code).toBe(0)
    const expected = sim.state.messages.filter(
      m => m.url === target.url && m.responseStatus === 503 && m.callerIP === target.callerIP
    )
    expect(run.outputs['dlq-count']).toBe(String(expected.length))
    expect(jsonOutput(run, 'message-ids')).toEqual(expected.map(m => m.messageId).reverse())
    const lists = sim.requests.filter(r => r.route === 'list')
    expect(lists.length).toBe(Math.ceil(expected.length / 5) || 1)
    for (const request of lists) {
      expect(request.query.get('url')).toBe(target.url)
      expect(request.query.get('responseStatus')).toBe('503')
      expect(request.query.get('callerIp')).toBe(target.callerIP)
      expect(request.query.get('order')).toBe('latestFirst')
      expect(request.query.get('count')).toBe('5')
      expect(request.query.get('fromDate')).toBe('0')
    }
  })

  it('stops at max-messages with a cursor that continues exactly where it stopped', async () => {
    const first = await runAction({ ...common(), operation: 'list-dlq', count: '40', 'max-messages': '100' })
    expect(first.code).toBe(0)
    expect(first.outputs['dlq-count']).toBe('100')
    const cursor = first.outputs['next-cursor'] ?? ''
    expect(cursor).not.toBe('')
    expect(sim.requests.filter(r => r.route === 'list').map(r => r.query.get('count'))).toEqual(['40', '40', '20'])

    const rest = await runAction({ ...common(), operation: 'list-dlq', cursor })
    expect(rest.outputs['dlq-count']).toBe('200')
    const ids = [...(jsonOutput(first, 'message-ids') as string[]), ...(jsonOutput(rest, 'message-ids') as string[])]
    expect(ids).toEqual(sim.state.messages.map(m => m.messageId))
  })

  it('reports an empty DLQ with an empty oldest-created-at', async () => {
    const run = await runAction({ ...common(), operation: 'list-dlq', 'message-id': 'no-such-message' })
    expect(run.code).toBe(0)
    expect(run.outputs['dlq-count']).toBe('0')
    expect(run.outputs['message-ids']).toBe('[]')
    expect(run.outputs['oldest-created-at']).toBe('')
    expect(run.summary).toContain('No DLQ message matches the filters')
  })
})

describe('list-dlq health check', () => {
  it('fails above fail-if-count-above, saying both numbers, and still writes outputs and summary', async () => {
    const run = await runAction({ ...common(), operation: 'list-dlq', 'fail-if-count-above': '250' })
    expect(run.code).toBe(1)
    expect(run.errors).toEqual(['DLQ health check failed: 300 messages, more than fail-if-count-above (250)'])
    expect(run.outputs['dlq-count']).toBe('300')
    expect(run.summary.split('\n')[0]).toBe('## ❌ DLQ health check failed')
    expect(run.summary.split('\n')[2]).toMatch(/^\*\*300 messages\*\* \(limit 250: \*\*exceeded\*\*\)/)
    expect(run.stdout).toMatch(/^::notice::DLQ: 300 messages, oldest \d/m)
  })

  it('fails when the oldest message is older than fail-if-oldest-older-than, saying its age', async () => {
    const run = await runAction({ ...common(), operation: 'list-dlq', 'fail-if-oldest-older-than': '1h' })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toMatch(
      /^DLQ health check failed: the oldest message is \d+d \d+h old, older than fail-if-oldest-older-than \(1h\)$/
    )
  })

  it('passes within the thresholds and leads the summary with the verdict', async () => {
    const run = await runAction({
      ...common(),
      operation: 'list-dlq',
      'fail-if-count-above': '300',
      'fail-if-oldest-older-than': '30d'
    })
    expect(run.code).toBe(0)
    expect(run.summary.split('\n')[0]).toBe('## ✅ DLQ healthy')
    expect(run.summary.split('\n')[2]).toMatch(/\(limit [\d,]+: within\)/)
    expect(run.summary).toContain('```mermaid\nxychart-beta')
    expect(run.summary).toMatch(/Messages by URL group/)
  })

  it('writes every message to messages-file relative to GITHUB_WORKSPACE, and lists the same set in parallel', async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'workspace-'))
    try {
      const sequential = await runAction(
        { ...common(), operation: 'list-dlq', 'messages-file': 'dlq/all.ndjson' },
        {
          GITHUB_WORKSPACE: workspace
        }
      )
      expect(sequential.code).toBe(0)
      expect(sequential.outputs['messages-file']).toBe(join(workspace, 'dlq', 'all.ndjson'))
      const lines = (await readFile(join(workspace, 'dlq', 'all.ndjson'), 'utf8')).trim().split('\n')
      expect(lines.map(l => (JSON.parse(l) as { messageId: string }).messageId)).toEqual(
        jsonOutput(sequential, 'message-ids')
      )

      const parallel = await runAction({ ...common(), operation: 'list-dlq', concurrency: '8', count: '20' })
      expect(parallel.code).toBe(0)
      expect(parallel.outputs['message-ids']).toBe(sequential.outputs['message-ids'])
    } finally {
      await rm(workspace, { recursive: true, force: true })
    }
  })
})

describe('list-dlq concurrency under a rate limit', () => {
  it('halves the requests at once on a 429 and still lists every message once', async () => {
    const limited = await startSimulator({ token: TOKEN, messages: 2000, rateLimitPerSecond: 12 })
    try {
      const run = await runAction({
        token: TOKEN,
        'base-url': limited.url,
        operation: 'list-dlq',
        concurrency: '8',
        count: '50'
      })
      expect(run.errors).toEqual([])
      expect(run.outputs['dlq-count']).toBe('2000')
      expect(jsonOutput(run, 'message-ids')).toEqual(limited.state.messages.map(m => m.messageId))
      expect(run.stdout).toContain('rate limited: requests at once cut from 8 to 4')
    } finally {
      await limited.close()
    }
  })
})

describe('resume-schedule', () => {
  it('resumes each schedule and lists the ids', async () => {
    const run = await runAction({ ...common(), operation: 'resume-schedule', 'schedule-id': 'sched-1, sched-3' })
    expect(run.code).toBe(0)
    expect(jsonOutput(run, 'schedule-ids')).toEqual(['sched-1', 'sched-3'])
    expect(sim.state.schedules.get('sched-1')?.active).toBe(true)
    expect(sim.state.schedules.get('sched-3')?.active).toBe(true)
    expect(run.summary).toContain('sched-3')
  })

  it('reports each schedule when one is unknown, and fails naming it', async () => {
    const run = await runAction({ ...common(), operation: 'resume-schedule', 'schedule-id': 'sched-1\nghost\nsched-3' })
    expect(run.code).toBe(1)
    expect(jsonOutput(run, 'schedule-ids')).toEqual(['sched-1', 'sched-3'])
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('1 of 3 schedules could not be resumed')
    expect(run.errors[0]).toContain('schedule "ghost"')
    expect(run.errors[0]).toContain('HTTP 404')
    expect(sim.state.schedules.get('sched-3')?.active).toBe(true)
    expect(sim.requests.filter(r => r.route === 'schedule').map(r => r.path)).toEqual([
      '/v2/schedules/sched-1/resume',
      '/v2/schedules/ghost/resume',
      '/v2/schedules/sched-3/resume'
    ])
  })
})

describe('resume-workflows', () => {
  it('resumes the whole DLQ in requests of at most 50 when all is true, with the overrides', async () => {
    const run = await runAction({
      ...common(),
      operation: 'resume-workflows',
      all: 'true',
      'flow-control-key': 'tenant-a',
      'flow-control-value': 'parallelism=5,rate=10',
      retries: '2'
    })
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    expect(run.outputs['resumed-count']).toBe('120')
    const runs = jsonOutput(run, 'workflow-runs') as { workflowRunId: string }[]
    expect(runs).toEqual(
      sim.state.resumedRuns.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
    )
    expect(jsonOutput(run, 'workflow-run-ids')).toEqual(runs.map(r => r.workflowRunId))
    expect(run.outputs['next-cursor']).toBe('')
    expect(sim.state.workflowDlq).toHaveLength(0)

    const resumes = sim.requests.filter(r => r.route === 'resume')
    expect(resumes).toHaveLength(3)
    for (const request of resumes) {
      expect(request.headers['service-flow-control-key']).toBe('tenant-a')
      expect(request.headers['service-flow-control-value']).toBe('parallelism=5,rate=10')
      expect(request.headers['service-retries']).toBe('2')
      expect(request.body).toBe('')
    }
    expect(run.summary).toContain(sim.state.resumedRuns[0]!.workflowRunId)
    expect(run.summary).toMatch(/new run/i)
  })

  it('sends the selectors in the query and resumes only what they select', async () => {
    const [a, b] = sim.state.workflowDlq
    const run = await runAction({ ...common(), operation: 'resume-workflows', 'dlq-ids': `${a!.dlqId},${b!.dlqId}` })
    expect(run.code).toBe(0)
    expect(run.outputs['resumed-count']).toBe('2')
    const [request] = sim.requests.filter(r => r.route === 'resume')
    expect(request?.query.getAll('dlqIds')).toEqual([a!.dlqId, b!.dlqId])
    expect(sim.state.workflowDlq).toHaveLength(118)
  })

  it('refuses an empty selection without all: true, before any request', async () => {
    const run = await runAction({ ...common(), operation: 'resume-workflows', all: 'false' })
    expect(run.code).toBe(1)
    expect(run.errors).toEqual([expect.stringContaining("Input 'all' must be true")])
    expect(sim.requestCount).toBe(0)
    expect(run.stdout).not.toMatch(/\n\s+at /)
  })
})

describe('errors', () => {
  it('says the token was refused, in one line, without the token', async () => {
    const run = await runAction({ ...common(), token: 'wrong-token-123', operation: 'list-dlq' })
    expect(run.code).toBe(1)
    expect(run.errors).toEqual([expect.stringMatching(/^list-dlq failed: HTTP 401 the service refused the token/)])
    expect(withoutMaskCommands(run.stdout) + run.stderr + run.summary).not.toContain('wrong-token-123')
  })

  it('refuses bad inputs before any request, naming each', async () => {
    const run = await runAction({ ...common(), operation: 'list-dlq', count: '500', order: 'sideways' })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toContain("Input 'count' must be a whole number from 1 to 100")
    expect(run.errors[0]).toContain("Input 'order' must be earliestFirst or latestFirst")
    expect(sim.requestCount).toBe(0)
  })

  it('warns about inputs the operation does not read', async () => {
    const run = await runAction({ ...common(), operation: 'resume-schedule', 'schedule-id': 'sched-2', 'dlq-ids': 'x' })
    expect(run.code).toBe(0)
    expect(run.warnings).toEqual(["Input 'dlq-ids' is not used by operation resume-schedule and was ignored."])
  })
})
