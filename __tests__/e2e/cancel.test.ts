/**
 * A cancelled step, end to end: the bundle is signalled as the runner cancels a step (SIGINT, SIGTERM 7.5 s later,
 * SIGKILL 2.5 s after; or SIGTERM alone) at moments the simulator chooses (a request under way, a Retry-After
 * wait, the health issue call), never after a sleep. The oracle is what the simulator did.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { setTimeout } from 'node:timers/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fakeGitHub } from '../../sim/github.js'
import { startSimulator, type Simulator } from '../../sim/index.js'
import type { Route } from '../../sim/state.js'
import { healthMarker } from '../../src/github/octokit-issues.js'
import { continuation, jsonOutput } from '../support/action.js'
import { parseOutputFile } from '../../tools/runner-files.js'
import { cancelTrigger, runAction, type ActionRun, type Cancel } from '../../tools/harness.js'

const TOKEN = 'sim-token-5c2e9a7b1d3f4860'
let sim: Simulator
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dlq-cancel-'))
})
afterEach(async () => {
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

/**
 * Runs the action and cancels it as the runner does when the simulator sees the `nth` request (from 1) on `route`.
 * The rest of the runner's schedule (SIGTERM, SIGKILL) is called off once the process has exited.
 */
async function cancelAt(
  inputs: Record<string, string>,
  first: 'SIGINT' | 'SIGTERM',
  route: Route,
  nth: number,
  env: Record<string, string> = {}
): Promise<{ run: ActionRun; cancel: Cancel }> {
  const trigger = cancelTrigger()
  let seen = 0
  sim.onRequest = request => {
    if (request.route === route && ++seen === nth) trigger.fire(first)
  }
  const run = await runAction({ token: TOKEN, 'base-url': sim.url, ...inputs }, env, { watch: trigger.watch })
  sim.onRequest = undefined
  if (trigger.cancel === undefined) throw new Error(`the simulator never saw request ${nth} on ${route}`)
  return { run, cancel: trigger.cancel }
}

/** Exited by itself, non-zero, before the runner's next signal: within the grace. */
function expectStoppedWithinGrace(run: ActionRun, cancel: Cancel): void {
  expect(run.signal).toBeNull()
  expect(run.code).toBe(1)
  expect(cancel.sent).toHaveLength(1)
  expect(run.stderr).not.toMatch(/Unexpected|Error:/)
}

/** Every line of an NDJSON file parsed (a torn line throws). */
async function ndjson(path: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(path, 'utf8')
  expect(text === '' || text.endsWith('\n')).toBe(true)
  return text
    .split('\n')
    .filter(line => line !== '')
    .map(line => JSON.parse(line) as Record<string, unknown>)
}

/** The "possibly resumed" requests the step failed with. */
function possiblyResumedRequests(run: ActionRun): number {
  const match = /(\d+) resume requests? got no readable answer/.exec(run.errors.join('\n'))
  return match ? Number(match[1]) : 0
}

const resumedIds = (): string[] => sim.state.resumedRuns.map(r => r.workflowRunId)

describe('resume-workflows cancelled', () => {
  const resume = (extra: Record<string, string> = {}) => ({
    operation: 'resume-workflows',
    all: 'true',
    'runs-file': join(dir, 'runs.ndjson'),
    ...extra
  })

  /** The outputs account for every run the simulator resumed, within the possibly-resumed bound. */
  async function expectAccounted(run: ActionRun): Promise<string[]> {
    const listed = jsonOutput(run, 'workflow-run-ids') as string[]
    expect(run.outputs['resumed-count']).toBe(String(listed.length))
    expect(resumedIds()).toEqual(expect.arrayContaining(listed))
    const unaccounted = resumedIds().length - listed.length
    expect(unaccounted).toBeGreaterThanOrEqual(0)
    expect(unaccounted).toBeLessThanOrEqual(50 * possiblyResumedRequests(run))
    // The runs-file holds every run in the outputs, each line whole.
    const lines = await ndjson(join(dir, 'runs.ndjson'))
    expect(lines.map(l => l.workflowRunId)).toEqual(listed)
    return listed
  }

  /** A second run from next-cursor finishes; every run of the DLQ was resumed exactly once over both. */
  async function expectContinues(run: ActionRun, total: number): Promise<void> {
    const cursor = run.outputs['next-cursor'] ?? ''
    expect(cursor).not.toBe('')
    sim.clearFaults()
    const again = await runAction({ token: TOKEN, 'base-url': sim.url, ...resume(continuation(run)) })
    expect(again.errors).toEqual([])
    expect(again.code).toBe(0)
    expect(new Set(resumedIds()).size).toBe(resumedIds().length)
    expect(resumedIds()).toHaveLength(total)
    expect(sim.state.workflowDlq).toHaveLength(0)
  }

  it('SIGINT while a request hangs: the request is cut, counted as possibly resumed, and the cursor continues', async () => {
    sim = await startSimulator({ token: TOKEN, workflowRuns: 2000, seed: 5 })
    sim.inject({ route: 'resume', fault: { kind: 'hang' }, skip: 12 })
    const { run, cancel } = await cancelAt(resume(), 'SIGINT', 'resume', 13)
    expectStoppedWithinGrace(run, cancel)
    const listed = await expectAccounted(run)
    expect(listed).toHaveLength(600)
    expect(possiblyResumedRequests(run)).toBe(1)
    expect(run.summary).toMatch(
      /^## ⛔ Cancelled: 600 runs resumed before the cancel, and possibly more; selection: every failed run in the DLQ \(all\), of any age$/m
    )
    expect(run.summary).toMatch(/re-run with input `cursor`/)
    await expectContinues(run, 2000)
  })

  it('SIGTERM alone while an answer is delayed: cut at once, the outputs still account for every run', async () => {
    sim = await startSimulator({ token: TOKEN, workflowRuns: 2000, seed: 6 })
    sim.inject({ route: 'resume', fault: { kind: 'delay', ms: 20_000 }, skip: 5 })
    const { run, cancel } = await cancelAt(resume(), 'SIGTERM', 'resume', 6)
    expectStoppedWithinGrace(run, cancel)
    const listed = await expectAccounted(run)
    expect(listed).toHaveLength(250)
    expect(run.summary).toMatch(/^## ⛔ Cancelled: 250 runs resumed before the cancel/m)
    await expectContinues(run, 2000)
  })

  it('SIGINT during a Retry-After wait: the wait ends at once and nothing more is sent', async () => {
    sim = await startSimulator({ token: TOKEN, workflowRuns: 400, seed: 7 })
    sim.inject({
      route: 'resume',
      fault: { kind: 'status', status: 429, headers: { 'retry-after': '50' } },
      skip: 4
    })
    const { run, cancel } = await cancelAt(resume(), 'SIGINT', 'resume', 5)
    expectStoppedWithinGrace(run, cancel)
    const listed = await expectAccounted(run)
    expect(listed).toEqual(resumedIds())
    expect(listed).toHaveLength(200)
    expect(possiblyResumedRequests(run)).toBe(0)
    expect(sim.requests.filter(r => r.route === 'resume')).toHaveLength(5)
    expect(run.summary).toMatch(
      /^## ⛔ Cancelled: 200 runs resumed before the cancel; selection: every failed run in the DLQ \(all\), of any age$/m
    )
    await expectContinues(run, 400)
  })
})

describe('resume-workflows with many dlq-ids cancelled', () => {
  it('names the dlq-ids to continue with, and a second run with them resumes the rest, each run once', async () => {
    sim = await startSimulator({ token: TOKEN, workflowRuns: 700, seed: 14 })
    const chosen = sim.state.workflowDlq.slice(0, 600).map(e => e.dlqId)
    sim.inject({ route: 'resume', fault: { kind: 'hang' }, skip: 6 })
    const inputs = { operation: 'resume-workflows', 'dlq-ids': chosen.join('\n') }
    const { run, cancel } = await cancelAt(inputs, 'SIGTERM', 'resume', 7)
    expectStoppedWithinGrace(run, cancel)
    expect(run.outputs['next-cursor']).toBe('')
    // The hanging request was never carried out: the outputs hold exactly what the simulator resumed.
    expect(jsonOutput(run, 'workflow-run-ids')).toEqual(resumedIds())
    expect(resumedIds().length).toBeGreaterThan(0)
    const from = /re-run with input `dlq-ids` from `([^`]+)` on/.exec(run.summary)?.[1]
    expect(from).toBeDefined()
    const rest = chosen.slice(chosen.indexOf(from as string))
    // The ids left start no later than the first id not yet resumed.
    const resumedFrom = new Set(sim.state.resumedRuns.map(r => r.fromDlqId))
    expect(chosen.slice(0, chosen.indexOf(from as string)).every(id => resumedFrom.has(id))).toBe(true)

    sim.clearFaults()
    const again = await runAction({ token: TOKEN, 'base-url': sim.url, ...inputs, 'dlq-ids': rest.join('\n') })
    expect(again.code).toBe(0)
    const byDlqId = sim.state.resumedRuns.map(r => r.fromDlqId)
    expect(new Set(byDlqId).size).toBe(byDlqId.length)
    expect([...byDlqId].sort()).toEqual([...chosen].sort())
  })
})

describe('list-dlq cancelled', () => {
  const list = (extra: Record<string, string> = {}) => ({
    operation: 'list-dlq',
    'page-size': '100',
    'fail-if-count-above': '100000',
    'messages-file': join(dir, 'messages.ndjson'),
    ...extra
  })

  it('SIGINT while a page hangs (sequential): at least N, never healthy, and the cursor lists the rest', async () => {
    sim = await startSimulator({ token: TOKEN, messages: 1000, seed: 8 })
    sim.inject({ route: 'list', fault: { kind: 'hang' }, skip: 4 })
    const { run, cancel } = await cancelAt(list(), 'SIGINT', 'list', 5)
    expectStoppedWithinGrace(run, cancel)
    expect(run.outputs['dlq-count']).toBe('400')
    expect(run.summary).toMatch(/^## ⛔ Listing cancelled: at least 400 messages$/m)
    expect(run.summary).not.toMatch(/healthy/i)
    const first = await ndjson(join(dir, 'messages.ndjson'))
    expect(first).toHaveLength(400)

    const cursor = run.outputs['next-cursor'] ?? ''
    expect(cursor).not.toBe('')
    sim.clearFaults()
    const rest = await runAction({ token: TOKEN, 'base-url': sim.url, ...list({ cursor }) })
    expect(rest.code).toBe(0)
    const second = await ndjson(join(dir, 'messages.ndjson'))
    const ids = new Set([...first, ...second].map(m => m.messageId))
    expect(ids.size).toBe(1000)
    expect(Number(rest.outputs['dlq-count'])).toBe(600)
  })

  it('SIGTERM during a parallel listing (concurrency 4): an honest lower bound, and no cursor claimed', async () => {
    sim = await startSimulator({ token: TOKEN, messages: 3000, seed: 9 })
    sim.inject({ route: 'list', fault: { kind: 'hang' }, skip: 10 })
    const { run, cancel } = await cancelAt(list({ concurrency: '4' }), 'SIGTERM', 'list', 11)
    expectStoppedWithinGrace(run, cancel)
    const lines = await ndjson(join(dir, 'messages.ndjson'))
    const count = Number(run.outputs['dlq-count'])
    expect(count).toBe(lines.length)
    expect(count).toBeLessThan(3000)
    expect(new Set(lines.map(m => m.messageId)).size).toBe(lines.length)
    expect(run.outputs['next-cursor']).toBe('')
    expect(run.summary).toMatch(/^## ⛔ Listing cancelled/m)
    expect(run.summary).toMatch(/no single cursor to continue from/)
  })

  it('SIGINT during the health issue call: the verdict and outputs stand, the issue is left open', async () => {
    sim = await startSimulator({ token: TOKEN, messages: 120, seed: 10 })
    const github = await fakeGitHub({ hang: true })
    try {
      const title = 'DLQ health check failing'
      github.seed({ title, body: `${healthMarker(title)}\nfailing`, labels: ['dlq-health-check'] })
      const trigger = cancelTrigger()
      github.options.onRequest = () => trigger.fire('SIGINT')
      const run = await runAction(
        {
          token: TOKEN,
          'base-url': sim.url,
          operation: 'list-dlq',
          'fail-if-count-above': '500',
          'issue-on-failure': 'true',
          'github-token': 'gh-secret-2',
          'issue-title': title
        },
        { GITHUB_API_URL: github.url },
        { watch: trigger.watch }
      )
      expect(trigger.cancel).toBeDefined()
      expectStoppedWithinGrace(run, trigger.cancel as Cancel)
      expect(run.outputs['dlq-count']).toBe('120')
      expect(run.summary).toMatch(/^## ✅ DLQ healthy$/m)
      expect(github.issues[0]?.state).toBe('open')
      expect(github.issues[0]?.comments).toEqual([])
      expect(run.errors.join('\n')).toMatch(/cancelled \(SIGINT\)/)
      expect(run.summary).toContain(
        'Health issue: the update was cut short by the cancel (SIGINT): nothing was changed; the next run brings it up to date.'
      )
    } finally {
      await github.close()
    }
  })

  it('SIGTERM after the health issue was opened: the summary links it and says the update was cut short', async () => {
    sim = await startSimulator({ token: TOKEN, messages: 120, seed: 10 })
    const github = await fakeGitHub()
    try {
      const trigger = cancelTrigger()
      let created = false
      // The look for a duplicate that follows the opening hangs, and the step is cancelled there.
      github.options.onRequest = (method, path) => {
        if (method === 'POST' && path.endsWith('/issues')) created = true
        else if (created && trigger.cancel === undefined) {
          github.options.hang = true
          trigger.fire('SIGTERM')
        }
      }
      const run = await runAction(
        {
          token: TOKEN,
          'base-url': sim.url,
          operation: 'list-dlq',
          'fail-if-count-above': '10',
          'issue-on-failure': 'true',
          'github-token': 'gh-secret-3'
        },
        { GITHUB_API_URL: github.url },
        { watch: trigger.watch }
      )
      expect(trigger.cancel).toBeDefined()
      expectStoppedWithinGrace(run, trigger.cancel as Cancel)
      expect(github.issues).toHaveLength(1)
      expect(run.summary).toMatch(/^## ❌ DLQ health check failed/m)
      expect(run.summary).toContain(
        'Health issue: the update was cut short by the cancel (SIGTERM): [#1](https://github.com/acme/shop/issues/1) ' +
          'was opened; the next run brings it up to date.'
      )
    } finally {
      await github.close()
    }
  })
})

describe('the watchdog', () => {
  it('writes the counts to GITHUB_OUTPUT itself and exits 1 when the report cannot be finished in time', async () => {
    sim = await startSimulator({ token: TOKEN, workflowRuns: 400, seed: 13 })
    sim.inject({ route: 'resume', fault: { kind: 'hang' }, skip: 2 })
    // A job summary that is a FIFO no one reads yet: writing it blocks, so the report cannot finish.
    const fifo = join(dir, 'summary-fifo')
    execFileSync('mkfifo', [fifo])
    const output = join(dir, 'output')
    await writeFile(output, '')
    // Once the watchdog has written the outputs a second time, read the FIFO: the blocked write ends and so can
    // the process (an exit waits for the file system's threads).
    let unblocked = false
    let ended = false
    const unblock = async (): Promise<void> => {
      while (!ended && (await readFile(output, 'utf8')).split('resumed-count<<').length < 3) await setTimeout(20)
      if (ended) return
      unblocked = true
      await readFile(fifo)
    }
    const reader = unblock()
    const { run, cancel } = await cancelAt({ operation: 'resume-workflows', all: 'true' }, 'SIGTERM', 'resume', 3, {
      GITHUB_STEP_SUMMARY: fifo,
      GITHUB_OUTPUT: output
    })
    ended = true
    await reader
    expect(unblocked).toBe(true)
    expect(run.signal).toBeNull()
    expect(run.code).toBe(1)
    expect(cancel.sent).toEqual(['SIGTERM'])
    expect(run.errors.join('\n')).toMatch(/Cancelled \(SIGTERM\) and the report could not be written in time: 100 runs/)
    const outputs = parseOutputFile(await readFile(output, 'utf8'))
    expect(outputs['resumed-count']).toBe('100')
    expect(outputs['next-cursor']).not.toBe('')
  })
})

describe('a file that cannot be written (/dev/full)', () => {
  it('messages-file: the step fails naming the input, the path and ENOSPC, with outputs and a summary', async () => {
    sim = await startSimulator({ token: TOKEN, messages: 3000, seed: 11 })
    const run = await runAction({
      token: TOKEN,
      'base-url': sim.url,
      operation: 'list-dlq',
      'page-size': '100',
      'messages-file': '/dev/full'
    })
    expect(run.code).toBe(1)
    expect(run.errors.join('\n')).toMatch(/messages-file \/dev\/full could not be written: ENOSPC/)
    expect(run.outputs['dlq-count']).toMatch(/^\d+$/)
    expect(run.outputs['messages-file']).toBe('')
    expect(run.outputs.complete).toBe('false')
    expect(run.summary).toMatch(/^## ❌ Listing failed part way: messages-file could not be written$/m)
    // It stopped listing (and says so) rather than list on into a broken file: 30 pages were there to list.
    expect(run.errors.join('\n')).toMatch(/listing stopped there/)
    expect(sim.requests.filter(r => r.route === 'list').length).toBeLessThan(10)
    expect(Number(run.outputs['dlq-count'])).toBeLessThan(3000)
  })

  it('runs-file: the step fails naming the input, the path and ENOSPC; every run is in the outputs', async () => {
    sim = await startSimulator({ token: TOKEN, workflowRuns: 800, seed: 12 })
    const run = await runAction({
      token: TOKEN,
      'base-url': sim.url,
      operation: 'resume-workflows',
      all: 'true',
      'runs-file': '/dev/full'
    })
    expect(run.code).toBe(1)
    expect(run.errors.join('\n')).toMatch(/runs-file \/dev\/full could not be written: ENOSPC/)
    expect(jsonOutput(run, 'workflow-run-ids')).toEqual(resumedIds())
    expect(resumedIds()).toHaveLength(800)
    expect(run.outputs['runs-file']).toBe('')
    expect(run.outputs.complete).toBe('false')
    expect(run.summary).toMatch(
      /^## ❌ Resumed 800 workflow runs, but runs-file could not be written; selection: every failed run in the DLQ \(all\), of any age$/m
    )
    expect(run.summary).not.toMatch(/✅/)
  })
})

describe('a cancelled resume-schedule', () => {
  it('is headed as cancelled, names the schedules not confirmed once, and a re-run with them resumes the rest', async () => {
    sim = await startSimulator({ token: TOKEN, schedules: 12, seed: 3 })
    const ids = Array.from({ length: 12 }, (_, i) => `sched-${i + 1}`)
    sim.inject({ route: 'schedule', fault: { kind: 'hang' }, skip: 4 })
    const { run, cancel } = await cancelAt(
      { operation: 'resume-schedule', 'schedule-id': ids.join('\n') },
      'SIGTERM',
      'schedule',
      5
    )
    expectStoppedWithinGrace(run, cancel)
    expect(jsonOutput(run, 'schedule-ids')).toEqual(ids.slice(0, 4))
    expect(run.outputs.complete).toBe('false')
    expect(run.summary).toMatch(/^## ⛔ Cancelled: 4 of 12 schedules resumed before the cancel$/m)
    expect(run.summary).toMatch(/^\| `sched-5` \| ⛔ not confirmed \|/m)
    expect(run.summary.match(/⏭️ not tried/g)).toHaveLength(7)
    // One error line, naming the ids not confirmed, not one line per schedule.
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain(`not confirmed: ${ids.slice(4).join(', ')}.`)
    // Only the cut request reached the simulator after the signal: nothing new was sent.
    expect(sim.requests.filter(r => r.route === 'schedule')).toHaveLength(5)

    sim.clearFaults()
    const rest = await runAction({
      token: TOKEN,
      'base-url': sim.url,
      operation: 'resume-schedule',
      'schedule-id': ids.slice(4).join('\n')
    })
    expect(rest.code).toBe(0)
    expect([...sim.state.schedules.values()].every(s => s.active)).toBe(true)
  })
})
