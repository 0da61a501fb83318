/**
 * The output boundary end to end: the bundled action against the simulator fed hostile data. No secret in any
 * encoding reaches anything written, no third-party text becomes a runner command, no value crashes the run, and
 * the outputs stay under GitHub's 1 MB.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type SimMessage, type Simulator } from '../../sim/index.js'
import { jsonOutput } from '../support/action.js'
import { runAction, type ActionRun } from '../../tools/harness.js'
import { foreignCommands } from '../support/log.js'

const TOKEN = 'sk_live__9f8e7d6c5b4a3210'
let sim: Simulator
let dir: string

beforeEach(async () => {
  sim = await startSimulator({ token: TOKEN, messages: 40, workflowRuns: 10, schedules: 2, seed: 5 })
  dir = await mkdtemp(join(tmpdir(), 'boundary-'))
})
afterEach(async () => {
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

const common = () => ({ token: TOKEN, 'base-url': sim.url })

/** A copy of a seeded message that carries this URL, as the last (newest) message so the list stays sorted. */
function addMessage(extra: Partial<SimMessage> & { messageId: string }): void {
  const last = sim.state.messages[sim.state.messages.length - 1]!
  sim.state.messages.push({ ...last, createdAt: last.createdAt + 1, ...extra })
}

/** Everything a run wrote that people or later steps read; the mask commands are the runner's, not output. */
function written(run: ActionRun, files: string[] = []): string {
  const log = run.stdout
    .split('\n')
    .filter(l => !l.startsWith('::add-mask::'))
    .join('\n')
  return [
    log,
    run.stderr,
    JSON.stringify(run.outputs),
    run.summary,
    run.summary.replace(/\\(.)/g, '$1'),
    ...files
  ].join('\n')
}

describe('secrets', () => {
  const forms = {
    raw: TOKEN,
    upper: TOKEN.toUpperCase(),
    urlEncoded: encodeURIComponent(`/${TOKEN}`),
    base64: Buffer.from(`x${TOKEN}`).toString('base64'),
    base64url: Buffer.from(`xy${TOKEN}`).toString('base64url')
  }

  it('never reach the log, outputs, summary or messages-file, in any encoding', async () => {
    for (const [name, form] of Object.entries(forms)) {
      addMessage({ messageId: `m-${name}-${form}`, url: `https://hook.example/${name}?key=${form}`, queueName: form })
    }
    const file = join(dir, 'messages.ndjson')
    const run = await runAction({ ...common(), operation: 'list-dlq', 'messages-file': file })
    expect(run.code).toBe(0)
    const ndjson = await readFile(file, 'utf8')
    expect(ndjson.split('\n')).toHaveLength(46)
    expect(run.summary).toContain('`https://hook.example/raw?key=***`')
    const text = written(run, [ndjson])
    expect(text.toLowerCase()).not.toContain(TOKEN.toLowerCase())
    for (const form of Object.values(forms)) expect(text).not.toContain(form)
    // The escaped form the summary used to leak: `sk_live\_\_9f8e…`.
    expect(text).not.toContain('9f8e7d6c5b4a')
  })
})

describe('runner commands', () => {
  const EVIL = 'x\r::set-output name=pwned::1\u2028::add-mask::a\u0085::error::fake\n::stop-commands::z'

  it('are never started by an error text or a cursor, whatever line separators they hold', async () => {
    const page = JSON.stringify({ messages: [{ messageId: 'm1' }], cursor: `c${EVIL}` })
    sim.inject({ route: 'list', fault: { kind: 'malformed', body: page } })
    const run = await runAction({ ...common(), operation: 'list-dlq', 'max-pages': '1' })
    expect(run.code).toBe(1)
    expect(foreignCommands(run.stdout, [TOKEN, 'gh-secret-42'])).toEqual([])
    // No line separator but LF reaches the log: the runner or the log viewer may split at any of them.
    expect(run.stdout).not.toMatch(/[\r\u0085\u2028\u2029]/)
    expect(run.outputs).not.toHaveProperty('pwned')

    sim.inject({ route: 'schedule', fault: { kind: 'status', status: 400, body: JSON.stringify({ error: EVIL }) } })
    const failed = await runAction({ ...common(), operation: 'resume-schedule', 'schedule-id': 'sched-1' })
    expect(failed.code).toBe(1)
    expect(foreignCommands(failed.stdout, [TOKEN, 'gh-secret-42'])).toEqual([])
    expect(failed.stdout).not.toMatch(/[\r\u0085\u2028\u2029]/)
    expect(failed.errors.join('\n')).toContain('set-output name=pwned')
  })

  it('are never started by what the GitHub API answers (an issue html_url)', async () => {
    const github = http.createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        res.writeHead(req.method === 'GET' ? 200 : 201, { 'content-type': 'application/json' })
        const issue = { number: 7, id: 7, title: 't', body: '', labels: [], html_url: `https://gh/${EVIL}` }
        res.end(JSON.stringify(req.method === 'GET' ? [] : issue))
      })
    })
    await new Promise<void>(resolve => github.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = github.address() as AddressInfo
      const run = await runAction(
        {
          ...common(),
          operation: 'list-dlq',
          'fail-if-count-above': '1',
          'issue-on-failure': 'true',
          'github-token': 'gh-secret-42',
          'issue-title': 'DLQ failing'
        },
        { GITHUB_API_URL: `http://127.0.0.1:${port}` }
      )
      expect(run.code).toBe(1)
      expect(run.stdout).toContain('Health issue #7')
      expect(foreignCommands(run.stdout, [TOKEN, 'gh-secret-42'])).toEqual([])
      expect(run.stdout).not.toMatch(/[\r\u0085\u2028\u2029]/)
    } finally {
      github.closeAllConnections()
      await new Promise<void>(resolve => github.close(() => resolve()))
    }
  })
})

describe('values that used to crash the run', () => {
  it('reports a listing with a createdAt no date can hold, and keeps the threshold verdict', async () => {
    addMessage({ messageId: 'far-future', createdAt: 9_000_000_000_000_000 })
    const run = await runAction({ ...common(), operation: 'list-dlq', 'fail-if-count-above': '10' })
    expect(run.code).toBe(1)
    expect(run.stdout).not.toContain('Unexpected error')
    expect(run.outputs['dlq-count']).toBe('41')
    expect(run.errors.join('\n')).toContain('fail-if-count-above')
    expect(run.summary.split('\n')[0]).toBe('## ❌ DLQ health check failed')
  })

  it('charts messages spread over thousands of weeks (those before 2020 undated), and writes a deeply nested message', async () => {
    const first = sim.state.messages[0]!
    // 2,500 distinct weeks before the seeded ones: more than the chart keeps (MAX_BUCKETS), the list stays sorted.
    const spread = Array.from({ length: 2500 }, (_, i) => ({
      ...first,
      messageId: `w${i}`,
      createdAt: first.createdAt - (2500 - i) * 604_800_000
    }))
    sim.state.messages.unshift(...spread)
    const deep = `{"messageId":"deep","extra":${'['.repeat(100_000)}${']'.repeat(100_000)}}`
    const file = join(dir, 'deep.ndjson')
    sim.inject({ route: 'list', skip: 1, fault: { kind: 'malformed', body: `{"messages":[${deep}]}` } })
    const run = await runAction({ ...common(), operation: 'list-dlq', 'messages-file': file, 'max-pages': '2' })
    expect(run.stdout).not.toContain('Unexpected error')
    expect(run.stdout).not.toContain('Maximum call stack')
    const lines = (await readFile(file, 'utf8')).split('\n')
    // Each line ends with its cause's key, added after the message's own fields.
    expect(lines.map(line => line.replace(/,"causeKey":"[0-9a-f]{16}"\}$/, '}'))).toContain(deep)
    expect(run.outputs['dlq-count']).toBe('101')

    const all = await runAction({ ...common(), operation: 'list-dlq' })
    expect(all.code).toBe(0)
    expect(all.outputs['dlq-count']).toBe('2540')
    expect(all.summary).toContain('xychart-beta')
    // Weeks before 2020 are dates the service cannot have stamped: undated, named, never charted or the oldest.
    expect(all.summary).toMatch(
      /[\d,]+ messages have a `createdAt` the service cannot have stamped \(before 2020-01-01/
    )
    expect(all.summary).not.toMatch(/messages? (is|are) left out of the chart/)
  })
})

describe('outputs', () => {
  it('stay under 1 MB counted as GitHub counts for a 25,000-run resume; runs-file holds every run', async () => {
    const big = await startSimulator({ token: TOKEN, messages: 0, workflowRuns: 25_000, schedules: 0, seed: 3 })
    try {
      const file = join(dir, 'runs.ndjson')
      const run = await runAction(
        { token: TOKEN, 'base-url': big.url, operation: 'resume-workflows', all: 'true', 'runs-file': file },
        {},
        { timeoutMs: 120_000 }
      )
      expect(run.code).toBe(0)
      const total = Object.entries(run.outputs).reduce((n, [k, v]) => n + 2 * (k.length + v.length), 0)
      expect(total).toBeLessThan(1_000_000)
      expect(run.outputs['resumed-count']).toBe('25000')
      expect(run.outputs['workflow-run-ids-truncated']).toBe('true')
      expect(run.outputs['workflow-runs-truncated']).toBe('true')
      const ids = jsonOutput(run, 'workflow-run-ids') as string[]
      expect(ids).toEqual(big.state.resumedRuns.slice(0, ids.length).map(r => r.workflowRunId))
      expect(run.outputs['runs-file']).toBe(file)
      const lines = (await readFile(file, 'utf8')).trimEnd().split('\n')
      expect(lines.map(l => (JSON.parse(l) as { workflowRunId: string }).workflowRunId)).toEqual(
        big.state.resumedRuns.map(r => r.workflowRunId)
      )
    } finally {
      await big.close()
    }
  }, 180_000)
})
