/**
 * delete-dlq end to end: the bundle run as the runner runs it, against the simulator over real sockets. The oracle is
 * what the simulator's DLQ holds afterwards and what each DELETE named; the archive is read back as a user would,
 * and the docs' snippet that sends a deleted message again is run against a destination that records what it gets.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFile, spawnSync } from 'node:child_process'
import { promisify } from 'node:util'
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { startSimulator, type SimMessage, type Simulator } from '../../sim/index.js'
import { DESTINATION_CREDENTIALS } from '../../sim/seed.js'
import { baseEnv, cancelTrigger, runAction, type ActionRun } from '../../tools/harness.js'

const TOKEN = 'sim-token-0d38e5a1c7b94f26'
const T0 = Date.UTC(2026, 10, 28, 9, 0, 0)
let sim: Simulator
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dlq-delete-'))
})
afterEach(async () => {
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

const remove = (inputs: Record<string, string>, options: Parameters<typeof runAction>[2] = {}): Promise<ActionRun> =>
  runAction({ token: TOKEN, 'base-url': sim.url, operation: 'delete-dlq', ...inputs }, {}, options)

const deletes = () => sim.requests.filter(r => r.route === 'delete')

async function ndjson(path: string): Promise<Array<SimMessage & { causeKey?: string }>> {
  const text = await readFile(path, 'utf8')
  expect(text === '' || text.endsWith('\n')).toBe(true)
  return text
    .split('\n')
    .filter(line => line !== '')
    .map(line => JSON.parse(line) as SimMessage & { causeKey?: string })
}

describe('delete-dlq', () => {
  it('archives, then deletes exactly the entries listed; the summary says what by destination, cause and age', async () => {
    sim = await startSimulator({ token: TOKEN, messages: 260, seed: 38, credentialsEvery: 4 })
    const url = sim.state.messages[2]!.url
    const selected = sim.state.messages.filter(m => m.url === url)
    // A body that holds the action's own token: the archive, like every output, must not.
    sim.addFailedMessage({ ...selected[0]!, messageId: 'msg_token', dlqId: 'dlq_token', body: `key=${TOKEN}` })
    const archive = join(dir, 'archive.ndjson')
    const run = await remove({ url, 'archive-file': archive })
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    const count = selected.length + 1
    expect(run.outputs).toMatchObject({
      'deleted-count': String(count),
      'already-gone-count': '0',
      'archive-file': archive,
      'planned-count': String(count),
      complete: 'true'
    })
    expect(sim.state.messages.some(m => m.url === url)).toBe(false)
    expect(sim.state.messages).toHaveLength(260 - selected.length)
    const lines = await ndjson(archive)
    expect(lines.map(m => m.dlqId).sort()).toEqual(
      deletes()
        .flatMap(r => r.query.getAll('dlqIds'))
        .sort()
    )
    const text = await readFile(archive, 'utf8')
    expect(text).not.toContain(TOKEN)
    for (const secret of Object.values(DESTINATION_CREDENTIALS).flat()) expect(text).not.toContain(secret)
    expect(lines.find(m => m.dlqId === 'dlq_token')?.body).toBe('key=***')
    expect(run.summary).toMatch(
      new RegExp(`^## ✅ Deleted ${count} messages; selection: url \`[^\n]+\`, of any age$`, 'm')
    )
    expect(run.summary).toContain('#### By destination')
    expect(run.summary).toContain('### Why they failed')
    expect(run.summary).toMatch(/#### Oldest and newest messages/)
  })

  it('says on the first line that all selected the whole DLQ; without all or a selector it refuses', async () => {
    sim = await startSimulator({ token: TOKEN, messages: 30, seed: 39 })
    const refused = await remove({})
    expect(refused.code).toBe(1)
    expect(refused.errors.join('\n')).toMatch(/^Input 'all' must be true to delete every failed entry in the DLQ/)
    expect(sim.requests).toEqual([])
    const run = await remove({ all: 'true', 'archive-file': join(dir, 'a.ndjson') })
    expect(run.code).toBe(0)
    expect(run.summary.split('\n')[0]).toBe(
      '## ✅ Deleted 30 messages; selection: every message in the DLQ (`all: true`), of any age'
    )
    expect(sim.state.messages).toEqual([])
  })

  it('refuses before any delete when the selection holds more than max-entries; a dry run deletes nothing', async () => {
    sim = await startSimulator({ token: TOKEN, messages: 150, seed: 40 })
    const capped = await remove({ all: 'true', 'max-entries': '100', 'archive-file': join(dir, 'a.ndjson') })
    expect(capped.code).toBe(1)
    expect(capped.errors.join('\n')).toMatch(/the selection holds more than 100 entries \(max-entries\)/)
    expect(capped.outputs['deleted-count']).toBe('0')
    expect(capped.summary.split('\n')[0]).toMatch(/^## ❌ Refused by max-entries: more than 100 messages selected/)
    const dry = await remove({ all: 'true', 'dry-run': 'true', 'plan-file': join(dir, 'plan.ndjson') })
    expect(dry.code).toBe(0)
    expect(dry.outputs).toMatchObject({ 'planned-count': '150', 'deleted-count': '0', 'archive-file': '' })
    expect(dry.summary.split('\n')[0]).toMatch(/^## 🔍 Dry run: would delete 150 messages/)
    expect(deletes()).toEqual([])
    expect(sim.state.messages).toHaveLength(150)
  })

  it('a service without the delete: refused with a clear error, nothing reported deleted or gone', async () => {
    sim = await startSimulator({ token: TOKEN, messages: 40, seed: 41, variants: { lacks: ['delete'] } })
    const run = await remove({ all: 'true', 'archive-file': join(dir, 'a.ndjson') })
    expect(run.code).toBe(1)
    expect(run.errors.join('\n')).toMatch(/this service does not offer delete-dlq/)
    expect(run.outputs).toMatchObject({ 'deleted-count': '0', 'already-gone-count': '0', complete: 'false' })
    expect(sim.state.messages).toHaveLength(40)
  })

  it('cancelled part way: says what was deleted and what not, and the archive as dlq-ids-file finishes it', async () => {
    sim = await startSimulator({ token: TOKEN, messages: 420, seed: 42 })
    const archive = join(dir, 'first.ndjson')
    // The third delete request hangs: SIGINT comes as it arrives, the grace cuts it, and nothing more is sent.
    sim.inject({ route: 'delete', fault: { kind: 'hang' }, skip: 2 })
    const trigger = cancelTrigger()
    sim.onRequest = request => {
      if (request.route === 'delete' && deletes().length === 3) trigger.fire('SIGINT')
    }
    const run = await remove({ all: 'true', 'archive-file': archive }, { watch: trigger.watch })
    sim.onRequest = undefined
    expect(run.signal).toBeNull()
    expect(run.code).toBe(1)
    expect(trigger.cancel?.sent).toEqual(['SIGINT'])
    expect(run.outputs['deleted-count']).toBe('200')
    expect(run.outputs.complete).toBe('false')
    expect(run.summary.split('\n')[0]).toMatch(
      /^## ⛔ Cancelled: 200 messages deleted before the cancel, 100 possibly, 120 not;/
    )
    expect(run.summary).toMatch(/\*\*To finish:\*\* to delete exactly the rest of what was listed/)
    expect(deletes()).toHaveLength(3)
    // The hung request was cut before the simulator answered it: its ids are still there, with the 120 never sent.
    expect(sim.state.messages).toHaveLength(220)
    // The archive, kept as an artifact would be, given back as dlq-ids-file, with a new archive-file.
    sim.clearFaults()
    const kept = join(dir, 'kept.ndjson')
    await copyFile(archive, kept)
    const again = await remove({ 'dlq-ids-file': kept, 'archive-file': join(dir, 'second.ndjson') })
    expect(again.errors).toEqual([])
    expect(again.outputs).toMatchObject({ 'deleted-count': '220', 'already-gone-count': '200', complete: 'true' })
    expect(sim.state.messages).toEqual([])
  })

  it('refuses an archive-file that already holds data, before any request', async () => {
    sim = await startSimulator({ token: TOKEN, messages: 10, seed: 43 })
    const first = await remove({ all: 'true', 'archive-file': join(dir, 'a.ndjson') })
    expect(first.code).toBe(0)
    const again = await remove({ all: 'true', 'archive-file': join(dir, 'a.ndjson') })
    expect(again.code).toBe(1)
    expect(again.errors.join('\n')).toMatch(/^Input 'archive-file' must not be a file that holds data/)
    expect((await ndjson(join(dir, 'a.ndjson'))).length).toBe(10)
  })
})

/** The step of docs/bulk-writes.md that sends archived messages again: its env and its script. */
async function resendSnippet(): Promise<{ env: Record<string, string>; run: string }> {
  const doc = await readFile(join(process.cwd(), 'docs', 'bulk-writes.md'), 'utf8')
  const section = doc.slice(doc.indexOf('### Send a deleted message again'))
  const yaml = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? ''
  const [step] = parse(yaml) as Array<{ env: Record<string, string>; run: string }>
  return step!
}

/** A destination that records every request it gets. */
async function destination() {
  const got: Array<{ method: string; headers: http.IncomingHttpHeaders; body: Buffer }> = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      got.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      res.end('ok')
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/orders`
  return { url, got, close: () => new Promise<void>(resolve => server.close(() => resolve())) }
}

const tools = ['bash', 'jq', 'curl', 'base64'].every(tool => spawnSync(tool, ['--version']).status === 0)

describe('sending a deleted message again, as docs/bulk-writes.md shows', () => {
  // The snippet needs what a user's runner has (ubuntu-latest does); without them it cannot be run here.
  ;(tools ? it : it.skip)(
    'sends each archived message of the destination with its method, headers and body',
    async () => {
      sim = await startSimulator({ token: TOKEN, messages: 20, seed: 44, now: T0 })
      const hook = await destination()
      try {
        const base = sim.state.messages[0]!
        const header = {
          'Content-Type': ['application/json'],
          Authorization: ['Bearer old-secret'],
          'X-Shop': ['a', 'b']
        }
        const sent: SimMessage[] = [
          { ...base, messageId: 'msg_r1', dlqId: 'dlq_r1', url: hook.url, method: 'POST', header, body: '{"order":1}' },
          {
            ...base,
            messageId: 'msg_r2',
            dlqId: 'dlq_r2',
            url: hook.url,
            method: 'PUT',
            header,
            body: '',
            bodyBase64: Buffer.from([0, 255, 1]).toString('base64')
          }
        ]
        for (const message of sent) sim.addFailedMessage(message)
        const archive = join(dir, 'dlq-archive.ndjson')
        const run = await remove({ url: hook.url, 'archive-file': archive })
        expect(run.outputs['deleted-count']).toBe('2')
        const snippet = await resendSnippet()
        // Not spawnSync: the destination answers from this process, whose loop must keep running.
        const env = { ...baseEnv(), ...snippet.env, ARCHIVE: archive, DESTINATION: hook.url }
        const result = await promisify(execFile)('bash', ['-e', '-c', snippet.run], {
          cwd: dir,
          env: { ...env, DESTINATION_AUTHORIZATION: 'Bearer new-secret' },
          encoding: 'utf8',
          timeout: 30_000
        })
        expect(result.stderr).toBe('')
        expect(result.stdout).toBe('sent again: msg_r1\nsent again: msg_r2\n')
        expect(
          hook.got.map(g => [g.method, g.headers.authorization, g.headers['x-shop'], g.headers['content-type']])
        ).toEqual([
          ['POST', 'Bearer new-secret', 'a, b', 'application/json'],
          ['PUT', 'Bearer new-secret', 'a, b', 'application/json']
        ])
        expect(hook.got.map(g => g.body.toString('base64'))).toEqual([
          Buffer.from('{"order":1}').toString('base64'),
          Buffer.from([0, 255, 1]).toString('base64')
        ])
      } finally {
        await hook.close()
      }
    }
  )
})
