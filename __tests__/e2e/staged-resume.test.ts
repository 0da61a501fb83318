/**
 * A staged resume (max-runs, then the rest from where it stopped) end to end: the bundle over real sockets against
 * a server that honours count and one that ignores it. The oracle is the simulator: which DLQ entries each stage
 * took, and that none was taken twice.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator, type ServerVariants, type Simulator, type WorkflowDlqEntry } from '../../sim/index.js'
import { continuation, jsonOutput } from '../support/action.js'
import { runAction, type ActionRun } from '../../tools/harness.js'

const TOKEN = 'sim-token-staged-5e1d9c0b7a'
let sim: Simulator
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'staged-'))
})

afterEach(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

async function start(variants: Partial<ServerVariants>, workflowRuns = 300): Promise<Simulator> {
  sim = await startSimulator({ token: TOKEN, workflowRuns, seed: 44, variants })
  return sim
}

const resume = (inputs: Record<string, string>): Promise<ActionRun> =>
  runAction({ token: TOKEN, 'base-url': sim.url, operation: 'resume-workflows', ...inputs })

const resumeRequests = () => sim.requests.filter(r => r.route === 'resume')
const takenIds = (): string[] => sim.state.resumedRuns.map(r => r.fromDlqId)

/**
 * A stage that stopped cleanly: exit 0, no error, outputs exactly the runs the simulator created since. Its one
 * warning, when it went to its end, counts the ids given that earlier stages took (`absent`): a continuation from the
 * ids named re-sends the part a cap cut, and this service resumes what it finds of it, saying nothing of the rest.
 */
function expectCleanStage(run: ActionRun, before: number, absent = 0): void {
  expect(run.errors).toEqual([])
  const counted = run.outputs['complete'] === 'true' && absent > 0
  expect(run.warnings).toEqual(
    counted ? [`${absent} of the dlq-ids given were neither resumed nor named by the service: ${SILENT_REST}`] : []
  )
  expect(run.code).toBe(0)
  expect(jsonOutput(run, 'workflow-run-ids')).toEqual(sim.state.resumedRuns.slice(before).map(r => r.workflowRunId))
}

const SILENT_REST =
  'it resumed what it found of the requests that sent them, so they were most likely no longer in the DLQ ' +
  '(a dry run with the same dlq-ids tells)'

/** How many of these ids are no longer in the simulator's workflow DLQ. */
function absentOf(ids: string[] | undefined): number {
  const present = new Set(sim.state.workflowDlq.map(e => e.dlqId))
  return (ids ?? []).filter(id => !present.has(id)).length
}

/**
 * Runs stage after stage (max-runs each), continuing from next-cursor or from the dlq-ids the summary names, until
 * a stage stops on its own; returns the runs each stage resumed.
 */
async function stages(inputs: Record<string, string>, maxRuns: number, ids?: string[]): Promise<number[]> {
  const sizes: number[] = []
  let next: Record<string, string> = {}
  let left = ids
  for (let stage = 0; stage < 50; stage++) {
    const before = sim.state.resumedRuns.length
    const absent = next.cursor === undefined ? absentOf(left) : 0
    const run = await resume({
      ...inputs,
      'max-runs': String(maxRuns),
      ...next,
      ...(left !== undefined ? { 'dlq-ids': left.join('\n') } : {})
    })
    expectCleanStage(run, before, absent)
    sizes.push(sim.state.resumedRuns.length - before)
    expect(sizes[sizes.length - 1]).toBeLessThanOrEqual(maxRuns)
    const cursor = run.outputs['next-cursor'] ?? ''
    // The cursor, with the dates it was made under, as the outputs give them.
    next = continuation(run)
    const from = /re-run with input `dlq-ids` from `([^`]+)` on/.exec(run.summary)
    if (from !== null && left !== undefined) {
      expect(cursor).toBe('')
      left = left.slice(left.indexOf(from[1]!))
      continue
    }
    if (cursor === '') return sizes
    expect(run.summary).toContain('max-runs')
    expect(run.summary).toContain(cursor)
  }
  throw new Error('the stages never ended')
}

describe('max-runs against a server that honours count (the default, as the production service)', () => {
  const honours = {}

  it('asks for 50, 50, 20 when 120 are allowed, stops with next-cursor and exits 0', async () => {
    await start(honours)
    const from = sim.state.workflowDlq[100]!.failedAt
    const matching = sim.state.workflowDlq.filter(e => e.failedAt >= from)
    expect(matching.length).toBeGreaterThan(120)
    const run = await resume({ 'from-date': String(from), 'max-runs': '120' })
    expectCleanStage(run, 0)
    expect(resumeRequests().map(r => r.query.get('count'))).toEqual(['50', '50', '20'])
    expect(run.outputs['resumed-count']).toBe('120')
    expect(run.outputs['next-cursor']).not.toBe('')
    expect(run.summary).toContain(run.outputs['next-cursor'])
    expect(takenIds()).toEqual(matching.slice(0, 120).map(e => e.dlqId))
  })

  it.each([
    ['workflow-url', (dlq: WorkflowDlqEntry[]) => ({ 'workflow-url': dlq[0]!.workflowUrl })],
    ['all', () => ({ all: 'true' })]
  ])('continues with %s from the cursor, stage after stage, until nothing is left: each run once', async (_, sel) => {
    await start(honours)
    const dlq = [...sim.state.workflowDlq]
    const inputs = sel(dlq)
    const expected = 'all' in inputs ? dlq : dlq.filter(e => e.workflowUrl === inputs['workflow-url'])
    const sizes = await stages(inputs, 70)
    expect(sizes.slice(0, -1).every(n => n === 70)).toBe(true)
    expect(takenIds().sort()).toEqual(expected.map(e => e.dlqId).sort())
    expect(new Set(takenIds()).size).toBe(takenIds().length)
  })

  it('continues dlq-ids sent in one part from its cursor, and many dlq-ids in parts from the ids named', async () => {
    await start(honours, 600)
    const dlq = [...sim.state.workflowDlq]
    // 500 ids need several URL-bounded parts; the cap of 130 cuts inside parts and at their ends.
    const chosen = dlq.filter((_, i) => i % 6 !== 0).slice(0, 500)
    const sizes = await stages(
      {},
      130,
      chosen.map(e => e.dlqId)
    )
    expect(sizes.length).toBeGreaterThan(3)
    expect(takenIds().sort()).toEqual(chosen.map(e => e.dlqId).sort())
    expect(new Set(takenIds()).size).toBe(takenIds().length)
    expect(sim.state.workflowDlq).toHaveLength(dlq.length - chosen.length)
  })

  it('continues a few dlq-ids (one part) from next-cursor with the same ids', async () => {
    await start(honours)
    const chosen = sim.state.workflowDlq.slice(10, 40)
    const sizes = await stages(
      {},
      12,
      chosen.map(e => e.dlqId)
    )
    expect(sizes).toEqual([12, 12, 6])
    expect(takenIds().sort()).toEqual(chosen.map(e => e.dlqId).sort())
  })

  it('caps a resume by dlq-ids-file, names the line to continue from, and the rest of the file finishes it', async () => {
    await start(honours, 600)
    const chosen = sim.state.workflowDlq.slice(0, 400)
    const file = join(dir, 'ids.txt')
    writeFileSync(file, chosen.map(e => `${e.dlqId}\n\n`).join(''))
    const run = await resume({ 'dlq-ids-file': file, 'max-runs': '75' })
    expectCleanStage(run, 0)
    expect(run.outputs['resumed-count']).toBe('75')
    const from = /re-run with input `dlq-ids` from `([^`]+)` on/.exec(run.summary)
    expect(from).not.toBeNull()
    // Each id is followed by a blank line: id i is on line 2i + 1.
    const line = 2 * chosen.findIndex(e => e.dlqId === from![1]) + 1
    expect(line).toBeGreaterThanOrEqual(1)
    expect(run.summary).toContain(`tail -n +${line}`)
    expect(resumeRequests().map(r => r.query.get('count'))).toEqual(['50', '25'])
    const sent = new Set(resumeRequests().flatMap(r => r.query.getAll('dlqIds')))
    for (const id of takenIds()) expect(sent.has(id)).toBe(true)

    const rest = join(dir, 'rest.txt')
    writeFileSync(
      rest,
      chosen
        .map(e => `${e.dlqId}\n\n`)
        .join('')
        .split('\n')
        .slice(line - 1)
        .join('\n')
    )
    const absent = absentOf(readFileSync(rest, 'utf8').split('\n').filter(Boolean))
    const second = await resume({ 'dlq-ids-file': rest })
    expectCleanStage(second, 75, absent)
    expect(takenIds().sort()).toEqual(chosen.map(e => e.dlqId).sort())
    expect(new Set(takenIds()).size).toBe(takenIds().length)
  })
})

describe('max-runs against a server that ignores count', () => {
  it('reports every run the answers carried, past the cap, and warns how many and why', async () => {
    await start({ ignoreResumeCount: true })
    const run = await resume({ all: 'true', 'max-runs': '20' })
    expect(run.code).toBe(0)
    expect(run.errors).toEqual([])
    expect(resumeRequests().map(r => r.query.get('count'))).toEqual(['20'])
    expect(sim.state.resumedRuns).toHaveLength(50)
    expect(jsonOutput(run, 'workflow-run-ids')).toEqual(sim.state.resumedRuns.map(r => r.workflowRunId))
    expect(run.outputs['resumed-count']).toBe('50')
    expect(run.warnings).toHaveLength(1)
    expect(run.warnings[0]).toMatch(/ignored count/)
    expect(run.warnings[0]).toMatch(/\b30 runs\b/)
    expect(run.outputs['next-cursor']).not.toBe('')
  })
})

describe('a reviewed resume: list the failed runs, then resume exactly those from the listing file', () => {
  it('resumes the 3,000 runs listed and none of the runs that failed after the listing', async () => {
    await start({}, 3500)
    const dlq = [...sim.state.workflowDlq]
    const from = dlq[500]!.failedAt
    const listed = dlq.filter(e => e.failedAt >= from)
    expect(listed).toHaveLength(3000)
    const file = join(dir, 'review.ndjson')
    const list = await runAction({
      token: TOKEN,
      'base-url': sim.url,
      operation: 'list-dlq',
      source: 'workflow',
      'from-date': String(from),
      'messages-file': file
    })
    expect(list.errors).toEqual([])
    expect(list.code).toBe(0)
    expect(list.outputs['dlq-count']).toBe('3000')
    expect(jsonOutput(list, 'dlq-ids')).toEqual(listed.map(e => e.dlqId))
    expect(list.outputs['dlq-ids-truncated']).toBe('false')
    const listRequests = sim.requests.filter(r => r.route === 'list')
    expect(listRequests.every(r => r.query.get('source') === 'workflow')).toBe(true)
    expect(list.summary).toContain('### Failed workflow runs')
    expect(list.summary).toContain(`\`${listed[0]!.workflowRunId}\``)

    // Runs that fail between the review and the approved resume match the same filters.
    const last = dlq[dlq.length - 1]!
    const late: WorkflowDlqEntry[] = Array.from({ length: 40 }, (_, i) => ({
      ...last,
      dlqId: `dlq_late_${i}`,
      workflowRunId: `wfr_late_${i}`,
      failedAt: last.failedAt + 1000 * (i + 1)
    }))
    sim.state.workflowDlq.push(...late)

    const run = await resume({ 'dlq-ids-file': file })
    expectCleanStage(run, 0)
    expect(run.outputs['resumed-count']).toBe('3000')
    expect(takenIds().sort()).toEqual(listed.map(e => e.dlqId).sort())
    expect(sim.state.workflowDlq.map(e => e.dlqId)).toEqual([...dlq.slice(0, 500), ...late].map(e => e.dlqId))
  })
})

describe('a reviewed resume some of whose runs left the DLQ after the review', () => {
  it('resumes the ids still there, and says how many were gone; fails when none of them is there', async () => {
    await start({}, 800)
    const approved = sim.state.workflowDlq.map(e => e.dlqId)
    const file = join(dir, 'approved.txt')
    writeFileSync(file, approved.join('\n'))
    // Between the approval and the resume, someone resumes the oldest 300.
    sim.state.workflowDlq.splice(0, 300)
    const left = sim.state.workflowDlq.map(e => e.dlqId)

    const run = await resume({ 'dlq-ids-file': file })
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    expect(takenIds().sort()).toEqual([...left].sort())
    expect(run.outputs['resumed-count']).toBe('500')
    expect(run.warnings).toHaveLength(1)
    // This service resumes what it finds of a request: parts holding only gone ids are told one by one, and the
    // rest of the gone ids are counted, so that resumed, told and counted add up to the 800 given.
    const said =
      /^(\d+) of the dlq-ids given were no longer in the DLQ .*; (\d+) more of the dlq-ids given were neither resumed nor named by the service/.exec(
        run.warnings[0]!
      )
    expect(said).not.toBeNull()
    expect(500 + Number(said![1]) + Number(said![2])).toBe(800)
    expect(run.outputs['gone-count']).toBe(said![1])
    expect(run.summary).toContain('**⚠️ Already gone:**')

    // Nothing of the file is left: that cannot be told from a wrong base-url, so the step fails saying so.
    const again = await resume({ 'dlq-ids-file': file })
    expect(again.code).toBe(1)
    expect(again.errors.join('\n')).toContain('none of the 800 dlq-ids is in the DLQ')
    expect(again.outputs['resumed-count']).toBe('0')
  })
})
