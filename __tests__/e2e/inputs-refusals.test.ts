/**
 * Inputs refused end to end: the bundled action in its own process against the loopback simulator. Each refusal
 * fails the step with an `::error::` naming the input and what it allows, before any request reaches the service.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator, type Simulator } from '../../sim/index.js'
import { runAction, type ActionRun } from '../../tools/harness.js'

const TOKEN = 'sim-token-5f1c'
let sim: Simulator
let workspace: string

beforeAll(async () => {
  sim = await startSimulator({ token: TOKEN, messages: 20, workflowRuns: 20, schedules: 2, seed: 11 })
  workspace = await mkdtemp(join(tmpdir(), 'inputs-refusals-'))
})
afterAll(async () => {
  await sim.close()
  await rm(workspace, { recursive: true, force: true })
})
beforeEach(() => {
  sim.requests.length = 0
})

const common = () => ({ token: TOKEN, 'base-url': sim.url })

/** Runs the action and checks it was refused before any request: exit 1, no request, the errors it printed. */
async function refused(inputs: Record<string, string>): Promise<ActionRun> {
  const run = await runAction({ ...common(), ...inputs }, { GITHUB_WORKSPACE: workspace })
  expect(run.code).toBe(1)
  expect(sim.requests).toEqual([])
  expect(run.errors).toHaveLength(1)
  expect(run.stdout).not.toContain('Unexpected error')
  return run
}

describe('the summary of a refused run', () => {
  it('says why a resume without a selector was refused, the narrowing advice first', async () => {
    const run = await refused({ operation: 'resume-workflows' })
    const lines = run.summary.split('\n').filter(l => l !== '')
    expect(lines[0]).toMatch(/^## ❌ Resume refused/)
    expect(lines[1]).toMatch(/^\*\*Narrow the resume\*\* with one of `dlq-ids`/)
    expect(lines[1]).toContain('`all: true`')
    const advice = lines[1] ?? ''
    expect(advice.indexOf('dlq-ids')).toBeLessThan(advice.indexOf('all: true'))
  })

  it('names the refused input in a code span for any other refusal', async () => {
    const run = await refused({ operation: 'list-dlq', count: 'many' })
    expect(run.summary.split('\n')[0]).toMatch(/^## ❌ Refused before any request/)
    expect(run.summary).toMatch(/`[^`]*'count'[^`]*`/)
  })
})

describe('refused before any request, naming the input', () => {
  it.each([
    ['url', 'https://hooks.example.com/a,https://hooks.example.com/b'],
    ['message-id', 'msg_1\nmsg_2,msg_3'],
    ['topic-name', 'orders,refunds'],
    ['schedule-id', 'sched_1,sched_2'],
    ['queue-name', 'q1,q2'],
    ['api', 'a,b'],
    ['caller-ip', '10.0.0.1,10.0.0.2']
  ])('list-dlq: a comma inside %s', async (name, value) => {
    const run = await refused({ operation: 'list-dlq', [name]: value })
    expect(run.errors[0]).toContain(
      `Input '${name}' must not contain a comma: servers read a comma as a separator between values, so the filter ` +
        'would match other values too; give several values one per line'
    )
  })

  it('resume-workflows: a comma inside workflow-url, which could resume another workflow', async () => {
    const run = await refused({
      operation: 'resume-workflows',
      'workflow-url': 'https://app.example/wf-a,https://app.example/wf-b'
    })
    expect(run.errors[0]).toContain(
      "Input 'workflow-url' must not contain a comma: servers read a comma as a separator"
    )
  })

  it('list-dlq: filters whose query would pass 6 KB, naming the input with the most bytes', async () => {
    const urls = Array.from({ length: 70 }, (_, i) => `https://hooks.example.com/${String(i).padStart(80, 'u')}`)
    const run = await refused({ operation: 'list-dlq', url: urls.join('\n'), 'caller-ip': '10.0.0.1\n10.0.0.2' })
    expect(run.errors[0]).toMatch(
      /^Input 'url' makes the query of each request too long: it takes \d+ bytes of \d+, over the 6144 bytes \(6 KB\)/
    )
  })

  it.each([
    ['from-date', '2026-02-30', 'must be a real date and time: month 01-12, a day the month has, hours 00-23'],
    ['to-date', '2026-01-31T25:00:00Z', 'must be a real date and time'],
    ['from-date', '0000-01-01', 'must be a date from 1970-01-01 to 9999-12-31 (UTC)'],
    ['from-date', '9999999999999999999d', 'must be a duration ago that stays after 1970-01-01'],
    ['from-date', '1700000000', 'looks like Unix seconds; give milliseconds (1700000000000) or ISO-8601'],
    ['to-date', '99999999999999999', 'must be Unix milliseconds up to 253402300799999 (the end of year 9999)'],
    ['workflow-created-at', '1700000000', 'looks like Unix seconds; give milliseconds (1700000000000)']
  ])('resume-workflows: %s %p, which would resume the wrong runs', async (name, value, reason) => {
    const run = await refused({ operation: 'resume-workflows', [name]: value })
    expect(run.errors[0]).toContain(`Input '${name}' ${reason}`)
    expect(run.errors[0]).toContain(`(got "${value}")`)
  })

  it('list-dlq: an overflowing fail-if-oldest-older-than', async () => {
    const run = await refused({ operation: 'list-dlq', 'fail-if-oldest-older-than': '9999999999999999999d' })
    expect(run.errors[0]).toContain("Input 'fail-if-oldest-older-than' must be a duration of at most")
  })

  // An environment variable cannot hold NUL, so a runner cannot pass one; the other control characters it can.
  it.each([
    ['token', `${TOKEN}\nX-Evil: 1`, 'X-Evil'],
    ['token', `${TOKEN}\u2028more`, 'more'],
    ['github-token', 'ghs_abc\rdefgh', 'defgh'],
    ['github-token', 'ghs_abc\u0085defgh', 'defgh']
  ])('a %s with a control character, never echoed', async (name, value, secretPart) => {
    const run = await refused({ operation: 'list-dlq', [name]: value })
    expect(run.errors[0]).toBe(
      `Input '${name}' must not contain control characters or line breaks (CR, LF, NUL, U+2028...): ` +
        'copy the token again without them.'
    )
    expect(run.errors[0]).not.toContain(secretPart)
  })

  it('reports every bad input at once', async () => {
    const run = await refused({
      operation: 'list-dlq',
      url: 'https://a.example/x,y',
      'from-date': '2026-13-01',
      'to-date': '1700000000'
    })
    expect(run.errors[0]?.split('\n').map(l => /^Input '([^']+)'/.exec(l)?.[1])).toEqual([
      'url',
      'from-date',
      'to-date'
    ])
  })
})

describe('output files checked before any request', () => {
  it('list-dlq: messages-file pointing at a directory', async () => {
    await mkdir(join(workspace, 'exports'), { recursive: true })
    const run = await refused({ operation: 'list-dlq', 'messages-file': 'exports' })
    expect(run.errors[0]).toBe(
      `Input 'messages-file' must be a file path, not a directory (got "${join(workspace, 'exports')}").`
    )
  })

  it('resume-workflows: runs-file below a plain file, leaving nothing behind', async () => {
    await writeFile(join(workspace, 'plain'), '')
    const before = await readdir(workspace, { recursive: true })
    const run = await refused({ operation: 'resume-workflows', all: 'true', 'runs-file': 'plain/runs.ndjson' })
    expect(run.errors[0]).toContain(
      `Input 'runs-file' must be a path whose folders can be created: ${join(workspace, 'plain')} is not a directory`
    )
    expect(await readdir(workspace, { recursive: true })).toEqual(before)
  })
})

describe('accepted as section 5 of the wire contract allows', () => {
  it('flow-control-value with a period and a unit is sent as given', async () => {
    const run = await runAction(
      { ...common(), operation: 'resume-workflows', all: 'true', 'flow-control-value': 'parallelism=5, period=1m' },
      { GITHUB_WORKSPACE: workspace }
    )
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    const resumes = sim.requests.filter(r => r.route === 'resume')
    expect(resumes.length).toBeGreaterThan(0)
    for (const request of resumes) {
      expect(request.headers['service-flow-control-value']).toBe('parallelism=5,period=1m')
    }
  })
})
