/**
 * A staged resume with its watch, end to end: the bundle over real sockets against the simulator, in real time (so
 * the watches are a second or so; the thorough cases run with an injected clock in the unit tests). The oracle is
 * the simulator: which runs it resumed, and which it made fail again.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator, type Simulator } from '../../sim/index.js'
import type { RunFate } from '../../sim/fates.js'
import { jsonOutput } from '../support/action.js'
import { cancelTrigger, runAction, type ActionRun, type Cancel } from '../../tools/harness.js'

const TOKEN = 'sim-token-canary-3b8e1f6a2c'
const URL_A = 'https://app.example.com/api/workflow/onboarding'
let sim: Simulator
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'staged-watch-'))
})

afterEach(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

async function start(fates: RunFate[] = []): Promise<void> {
  // Always said, though it is the default: these cases are about a server that honours count.
  sim = await startSimulator({
    token: TOKEN,
    workflowRuns: 200,
    seed: 31,
    variants: { ignoreResumeCount: false },
    fates
  })
}

const resume = (
  inputs: Record<string, string>,
  watch?: (pid: number) => () => void,
  onStdout?: (chunk: string) => void
): Promise<ActionRun> =>
  runAction(
    { token: TOKEN, 'base-url': sim.url, operation: 'resume-workflows', ...inputs },
    {},
    { ...(watch && { watch }), ...(onStdout && { onStdout }) }
  )

const resumedIds = () => sim.state.resumedRuns.map(r => r.workflowRunId)

describe('stages whose runs stay out of the DLQ', () => {
  it('resumes the ids of dlq-ids-file stage after stage, watched, and passes', async () => {
    await start()
    const ids = sim.state.workflowDlq.slice(0, 8).map(e => e.dlqId)
    const file = join(dir, 'ids.txt')
    writeFileSync(file, `${ids.join('\n')}\n`)
    const run = await resume({ 'dlq-ids-file': file, stages: '3, all', watch: '1s' })
    expect(run.errors).toEqual([])
    expect(run.code).toBe(0)
    expect(sim.state.resumedRuns.map(r => r.fromDlqId).sort()).toEqual([...ids].sort())
    expect(run.outputs).toMatchObject({
      'resumed-count': '8',
      'failed-again-count': '0',
      'failed-again-run-ids': '[]',
      'stages-completed': '2',
      complete: 'true'
    })
    expect(jsonOutput(run, 'workflow-run-ids')).toEqual(resumedIds())
    expect(run.summary).toMatch(/^## ✅ Resumed 8 runs in 2 stages: none of the watched runs was back in the DLQ/)
    // One listing at the end of the 1-second watch, of the workflow DLQ; dlq-ids need no bound, so nothing before.
    const listings = sim.requests.filter(r => r.route === 'list')
    expect(listings.map(r => r.query.get('source'))).toEqual(['workflow'])
  })
})

describe('a stage whose runs fail again', () => {
  it('stops: no further stage, exit 1 naming the stage, the runs in the outputs, the cursor of the rest', async () => {
    await start([{ workflowUrl: URL_A, responseStatus: 500, responseBody: '{"error":"schema mismatch"}' }])
    const run = await resume({ 'workflow-url': URL_A, stages: '2, all', watch: '1s' })
    expect(run.code).toBe(1)
    expect(resumedIds()).toHaveLength(2)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(
      /^2 of the 2 runs resumed by stage 1 of 2 failed again, more than watch-max-failed \(0\)/
    )
    expect(run.errors[0]).toContain('HTTP 500 "schema mismatch"')
    expect(jsonOutput(run, 'failed-again-run-ids')).toEqual(resumedIds())
    expect(run.outputs).toMatchObject({ 'failed-again-count': '2', 'stages-completed': '0', complete: 'false' })
    expect(run.outputs['next-cursor']).not.toBe('')
    // The bound every request sent, on the service's clock: the continuation sends it with the cursor.
    const toDate = sim.requests.find(r => r.route === 'resume')!.query.get('toDate')
    expect(run.outputs['next-to-date']).toBe(toDate)
    expect(run.errors[0]).toContain(`re-run with cursor: ${run.outputs['next-cursor']}, to-date: ${toDate}`)
    expect(jsonOutput(run, 'failed-again-dlq-ids')).toEqual(resumedIds().map(id => `dlq_again_${id}`))
    expect(run.summary).toContain(
      '| 1 | 2 | 2 | 1s | 2 | stopped: 2 of the runs resumed so far back in the DLQ after 1s'
    )
  })
})

/**
 * Runs a staged resume with a 10-minute watch (its wait dominates) and cancels it as the runner does once the log
 * says the first listing of stage 1's watch was answered: the process is then waiting 5 s for the next listing.
 */
async function cancelInWatchWait(first: 'SIGINT' | 'SIGTERM'): Promise<{ run: ActionRun; cancel: Cancel }> {
  const trigger = cancelTrigger()
  let stdout = ''
  const inputs = { 'workflow-url': URL_A, stages: '2, all', watch: '10m' }
  const run = await resume(inputs, trigger.watch, chunk => {
    stdout += chunk
    if (stdout.includes('stage 1 watch: listing 1 at ')) trigger.fire(first)
  })
  if (trigger.cancel === undefined)
    throw new Error('the log never said that the first listing of the watch was answered')
  return { run, cancel: trigger.cancel }
}

describe('a cancel while the watch waits between two listings', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s ends the wait at once and reports within the grace: the stage done, the watch cut short, the cursor',
    async first => {
      await start()
      const { run, cancel } = await cancelInWatchWait(first)
      // Exited by itself before the runner's next signal: within the grace.
      expect(cancel.sent).toEqual([first])
      expect(run.signal).toBeNull()
      expect(run.code).toBe(1)
      expect(run.stderr).not.toMatch(/Unexpected|Error:/)
      // The wait was ended, not run out: no listing after the one that was answered (and the clock's read before).
      expect(sim.requests.filter(r => r.route === 'list' && r.query.get('count') !== '1')).toHaveLength(1)
      expect(resumedIds()).toHaveLength(2)
      expect(run.outputs).toMatchObject({
        'resumed-count': '2',
        'failed-again-count': '0',
        'stages-completed': '0',
        complete: 'false'
      })
      expect(jsonOutput(run, 'workflow-run-ids')).toEqual(resumedIds())
      expect(run.outputs['next-cursor']).not.toBe('')
      expect(run.summary).toMatch(
        /^## ⛔ Cancelled during the watch after stage 1 of 2: 2 runs resumed; the watch was cut short/
      )
      expect(run.summary).toContain(`| 1 | 2 | 2 | 5s | 0 | watch cancelled after 5s (${first}): not judged`)
      expect(run.summary).not.toContain('clean:')
      expect(run.summary).not.toMatch(/succeeded/i)
      expect(run.errors).toHaveLength(1)
      expect(run.errors[0]).toContain('the watch after stage 1 was cut short after 5s: not judged clean')
    }
  )
})

describe('a cancel during a listing of a watch', () => {
  it('ends the watch at once and reports within the grace: the stage done, the watch cut short, the cursor', async () => {
    await start()
    const trigger = cancelTrigger()
    sim.onRequest = request => {
      // A watch listing asks for 100 entries; the one entry asked before the resume reads the service's clock.
      if (request.route === 'list' && request.query.get('count') === '100') trigger.fire('SIGINT')
    }
    // A 10-minute watch whose first listing is at 5 s: the cancel comes then, and the step must end in seconds.
    const run = await resume({ 'workflow-url': URL_A, stages: '2, all', watch: '10m' }, trigger.watch)
    const cancel = trigger.cancel
    expect(cancel?.sent).toHaveLength(1)
    expect(run.signal).toBeNull()
    expect(run.code).toBe(1)
    expect(resumedIds()).toHaveLength(2)
    expect(run.outputs).toMatchObject({ 'resumed-count': '2', 'stages-completed': '0', complete: 'false' })
    expect(run.outputs['next-cursor']).not.toBe('')
    expect(run.summary).toMatch(/^## ⛔ Cancelled during the watch after stage 1 of 2/)
    expect(run.summary).toContain('watch cancelled after')
    expect(run.summary).not.toContain('clean:')
    expect(run.errors.join('\n')).toContain('was cut short')
  })
})
