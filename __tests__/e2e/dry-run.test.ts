/**
 * dry-run: true end to end, for every write: the bundle lists what the write would take into plan-file, says
 * planned-count, and sends no write request; the plan read back as dlq-ids-file is then applied exactly, an entry
 * gone since counted as such. The oracle is the simulator: the requests it saw, and what each write took.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ALL_VARIANTS, startSimulator, type Simulator } from '../../sim/index.js'
import type { SimulatorOptions } from '../../sim/server.js'
import { jsonOutput } from '../support/action.js'
import {
  COUNT_OUTPUT,
  dlqIdsOf,
  expectEveryIdAccounted,
  oneDestination,
  takenBy,
  writeRequests,
  type Verb
} from '../support/writes.js'
import { runAction, type ActionRun } from '../../tools/harness.js'

const TOKEN = 'sim-token-dry-run-e2e-3f8a61'
let sim: Simulator | undefined
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dry-run-'))
})

afterEach(async () => {
  await sim?.close()
  sim = undefined
  rmSync(dir, { recursive: true, force: true })
})

async function start(options: Partial<SimulatorOptions> = {}): Promise<Simulator> {
  sim = await startSimulator({ token: TOKEN, workflowRuns: 120, messages: 200, seed: 83, ...options })
  return sim
}

const write = (s: Simulator, operation: string, inputs: Record<string, string>): Promise<ActionRun> =>
  runAction({ token: TOKEN, 'base-url': s.url, operation, ...inputs })

/** What each verb is called in its summary, and the filter of one destination that selects some of its DLQ. */
const VERBS: Array<[Verb, string, string]> = [
  ['resume-workflows', 'resume', 'workflow runs'],
  ['restart-workflows', 'restart', 'workflow runs'],
  ['retry-messages', 'retry', 'messages']
]

/** The DLQ ids of a plan-file, line by line. */
const planIds = (path: string): string[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(line => line !== '')
    .map(line => (JSON.parse(line) as { dlqId: string }).dlqId)

/** Takes these entries out of the simulator's DLQ, as another step taking them meanwhile would. */
function removeFromDlq(s: Simulator, verb: Verb, ids: readonly string[]): void {
  const dlq: Array<{ dlqId: string }> = verb === 'retry-messages' ? s.state.messages : s.state.workflowDlq
  for (const id of ids)
    dlq.splice(
      dlq.findIndex(e => e.dlqId === id),
      1
    )
}

/** A dry run that planned `ids`: exit 0, planned-count, the plan file, the verb's count 0, and no write sent. */
function expectPlanned(s: Simulator, run: ActionRun, verb: Verb, ids: readonly string[], planFile: string): void {
  expect(run.errors).toEqual([])
  expect(run.warnings).toEqual([])
  expect(run.code).toBe(0)
  expect(run.outputs).toMatchObject({
    'planned-count': String(ids.length),
    'plan-file': planFile,
    complete: 'true',
    [COUNT_OUTPUT[verb]]: '0'
  })
  expect([...planIds(planFile)].sort()).toEqual([...ids].sort())
  expect(writeRequests(s)).toEqual([])
  expect(takenBy(s, verb)).toEqual([])
}

describe.each(VERBS)('%s with dry-run: true', (verb, base, items) => {
  it('plans what the filters select, sends no write, and the plan read back as dlq-ids-file is applied exactly', async () => {
    const s = await start()
    const { inputs, ids } = oneDestination(s, verb)
    const before = dlqIdsOf(s, verb)
    const planFile = join(dir, 'plan.ndjson')
    const dry = await write(s, verb, { ...inputs, 'dry-run': 'true', 'plan-file': planFile })
    expectPlanned(s, dry, verb, ids, planFile)
    expect(dlqIdsOf(s, verb)).toEqual(before)
    expect(dry.summary.split('\n')[0]).toBe(`## 🔍 Dry run: would ${base} ${ids.length} ${items}`)
    expect(dry.summary).toContain('**No write request was sent.**')
    expect(dry.stdout).toContain(`Dry run: would ${base} ${ids.length} ${items}; no write request was sent`)

    const applied = await write(s, verb, { 'dlq-ids-file': planFile, 'expect-count': dry.outputs['planned-count']! })
    expect(applied.errors).toEqual([])
    expect(applied.code).toBe(0)
    expect([...takenBy(s, verb)].sort()).toEqual([...ids].sort())
    expect(applied.outputs).toMatchObject({ complete: 'true', 'planned-count': String(ids.length) })
    expectEveryIdAccounted(applied, verb, ids.length)
    // Applied by its ids, never by the filter again.
    for (const r of writeRequests(s)) {
      expect(r.query.getAll('dlqIds').length).toBeGreaterThan(0)
      expect([...r.query.keys()].filter(key => key !== 'dlqIds' && key !== 'count')).toEqual([])
    }
  })

  it('applies a reviewed plan whose entries partly left the DLQ: the rest taken, each gone one counted, exit 0', async () => {
    const s = await start()
    const { inputs, ids } = oneDestination(s, verb)
    const planFile = join(dir, 'plan.ndjson')
    const dry = await write(s, verb, { ...inputs, 'dry-run': 'true', 'plan-file': planFile })
    expectPlanned(s, dry, verb, ids, planFile)
    const gone = [ids[0]!, ids[Math.floor(ids.length / 2)]!, ids[ids.length - 1]!]
    removeFromDlq(s, verb, gone)

    const applied = await write(s, verb, { 'dlq-ids-file': planFile })
    expect(applied.errors).toEqual([])
    expect(applied.code).toBe(0)
    expect([...takenBy(s, verb)].sort()).toEqual(ids.filter(id => !gone.includes(id)).sort())
    expectEveryIdAccounted(applied, verb, ids.length)
    // Gone is no failure: everything still there was taken.
    expect(applied.outputs['complete']).toBe('true')
    expect(applied.warnings).toHaveLength(1)
    if (verb === 'resume-workflows') {
      // The resume takes what it finds of a request and names nothing else: counted, not named.
      expect(applied.outputs['gone-count']).toBe('0')
      expect(applied.warnings[0]).toMatch(/^3 of the dlq-ids given were neither resumed nor named by the service/)
    } else {
      // Restart and retry answer 404 to a request holding one gone id: each is found and named.
      expect(applied.outputs['gone-count']).toBe('3')
      for (const id of gone) expect(applied.warnings[0]).toContain(JSON.stringify(id))
    }
  })
})

describe('a dry run with max-entries', () => {
  it('plans as many as the write with the same inputs takes: the same entries', async () => {
    const s = await start({ variants: ALL_VARIANTS })
    const planFile = join(dir, 'plan.ndjson')
    const dry = await write(s, 'restart-workflows', {
      all: 'true',
      'max-entries': '30',
      'dry-run': 'true',
      'plan-file': planFile
    })
    const planned = planIds(planFile)
    expect(planned).toHaveLength(30)
    expectPlanned(s, dry, 'restart-workflows', planned, planFile)
    expect(dry.summary).toContain('**Stopped at `max-entries` (30)**')

    const run = await write(s, 'restart-workflows', { all: 'true', 'max-entries': '30' })
    expect(run.errors).toEqual([])
    expect([...takenBy(s, 'restart-workflows')].sort()).toEqual([...planned].sort())
  })
})

describe('resume-schedule with dry-run: true', () => {
  it('names the schedules it would resume and sends no request at all', async () => {
    const s = await start({ variants: { patchOnlySchedules: true } })
    const before = new Map([...s.state.schedules].map(([id, state]) => [id, { ...state }]))
    const run = await write(s, 'resume-schedule', {
      'schedule-id': 'sched-1\nsched-3\nsched-unknown',
      'dry-run': 'true'
    })
    expect(run.errors).toEqual([])
    expect(run.warnings).toEqual([])
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ 'planned-count': '3', complete: 'true' })
    expect(jsonOutput(run, 'schedule-ids')).toEqual([])
    expect(s.requests).toEqual([])
    expect(s.state.schedules).toEqual(before)
    expect(run.summary.split('\n')[0]).toBe(
      '## 🔍 Dry run: would resume 3 schedules: `sched-1`, `sched-3`, `sched-unknown`'
    )
  })
})
