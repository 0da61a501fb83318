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
import { jsonOutput } from '../support/action.js'
import { BAD_INPUTS, packBadInputs, packedInputs, refusal } from '../support/bad-inputs.js'

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

describe('the table of bad inputs, refused before any request', () => {
  // The table is checked case by case in unit/inputs-bad-inputs.test.ts; here the bundle refuses them, several to a run.
  it.each(packBadInputs().map(cases => [cases.map(c => c.name).join(', '), cases] as const))(
    '%s',
    async (_names, cases) => {
      const run = await refused(packedInputs(cases))
      for (const c of cases) expect(run.errors[0]).toContain(refusal(c))
      expect(run.stdout).not.toMatch(/\n\s+at /)
      expect(run.summary.split('\n')[0]).toMatch(/^## ❌ Refused before any request/)
      for (const c of cases) expect(run.summary).toContain(`Input '${c.input}'`)
    }
  )

  it('packs every case of the table into some run', () => {
    const names = (cases: readonly { name: string }[]): string[] => cases.map(c => c.name).sort()
    expect(names(packBadInputs().flat())).toEqual(names(BAD_INPUTS))
  })

  it('warns, naming it, about an input the operation does not read', async () => {
    const run = await runAction({ ...common(), operation: 'list-dlq', 'message-id': 'none', 'flow-control-key': 'k' })
    expect(run.code).toBe(0)
    expect(run.warnings).toEqual(["Input 'flow-control-key' is not used by operation list-dlq and was ignored."])
  })
})

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

  it('refuses dlq-ids holding only a comma as an input, with the refusal summary (no "Unexpected error")', async () => {
    const run = await refused({ operation: 'resume-workflows', 'dlq-ids': ',' })
    expect(run.errors[0]).toBe(
      `Input 'dlq-ids' is empty: it holds only separators or an empty JSON array; give at least one value (got ",").`
    )
    expect(run.summary.split('\n')[0]).toMatch(/^## ❌ Refused before any request/)
    expect(run.summary).toContain("Input 'dlq-ids' is empty")
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

describe('several values read as meant', () => {
  // Its own simulator: these runs resume, which the refusals above must not see.
  let own: Simulator
  beforeAll(async () => {
    own = await startSimulator({ token: TOKEN, messages: 20, workflowRuns: 20, seed: 23 })
  })
  afterAll(async () => {
    await own.close()
  })
  const run = (inputs: Record<string, string>) =>
    runAction({ token: TOKEN, 'base-url': own.url, ...inputs }, { GITHUB_WORKSPACE: workspace })

  it('list-dlq: a message-id given twice lists its message once', async () => {
    const [id] = jsonOutput(await run({ operation: 'list-dlq' }), 'message-ids') as string[]
    const listed = await run({ operation: 'list-dlq', 'message-id': `${id}\n${id}`, 'fail-if-count-above': '1' })
    expect(listed.errors).toEqual([])
    expect(listed.code).toBe(0)
    expect(listed.outputs['dlq-count']).toBe('1')
    expect(jsonOutput(listed, 'message-ids')).toEqual([id])
  })

  it("list-dlq: message-id takes list-dlq's message-ids output, a JSON array", async () => {
    const ids = (jsonOutput(await run({ operation: 'list-dlq' }), 'message-ids') as string[]).slice(0, 3)
    const listed = await run({ operation: 'list-dlq', 'message-id': JSON.stringify(ids) })
    expect(listed.errors).toEqual([])
    expect(listed.outputs['dlq-count']).toBe('3')
    expect((jsonOutput(listed, 'message-ids') as string[]).sort()).toEqual([...ids].sort())
  })

  it('list-dlq: a url filter given as a JSON array of one is sent without its brackets, and matches', async () => {
    const url = own.state.messages[0]?.url ?? ''
    const matching = own.state.messages.filter(m => m.url === url).length
    expect(matching).toBeGreaterThan(0)
    own.requests.length = 0
    const listed = await run({ operation: 'list-dlq', url: JSON.stringify([url]), 'fail-if-count-above': '0' })
    const lists = own.requests.filter(r => r.route === 'list')
    expect(lists.length).toBeGreaterThan(0)
    for (const request of lists) expect(request.query.getAll('url')).toEqual([url])
    expect(listed.outputs['dlq-count']).toBe(String(matching))
    // The health check judges the messages of that URL: never green on a filter that matched nothing.
    expect(listed.code).toBe(1)
    expect(listed.errors.join('\n')).toContain('more than fail-if-count-above (0)')
  })

  it('list-dlq: schedule-id takes commas as resume-schedule does, each id its own scheduleId', async () => {
    own.requests.length = 0
    const listed = await run({ operation: 'list-dlq', 'schedule-id': 'sched-1, sched-2' })
    expect(listed.errors).toEqual([])
    const lists = own.requests.filter(r => r.route === 'list')
    expect(lists.length).toBeGreaterThan(0)
    for (const request of lists) expect(request.query.getAll('scheduleId')).toEqual(['sched-1', 'sched-2'])
  })

  it("resume-workflows: dlq-ids takes list-dlq's dlq-ids output, a JSON array, and resumes those runs", async () => {
    const listing = await run({ operation: 'list-dlq', source: 'workflow' })
    const chosen = (jsonOutput(listing, 'dlq-ids') as string[]).slice(0, 2)
    expect(chosen).toHaveLength(2)
    const resumed = await run({ operation: 'resume-workflows', 'dlq-ids': JSON.stringify(chosen) })
    expect(resumed.errors).toEqual([])
    expect(resumed.warnings).toEqual([])
    expect(resumed.code).toBe(0)
    expect(resumed.outputs['resumed-count']).toBe('2')
    expect(own.state.resumedRuns.map(r => r.fromDlqId).sort()).toEqual([...chosen].sort())
    const after = await run({ operation: 'list-dlq', source: 'workflow' })
    expect(after.outputs['dlq-count']).toBe('18')
    expect(jsonOutput(after, 'dlq-ids')).not.toEqual(expect.arrayContaining([chosen[0]]))
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
