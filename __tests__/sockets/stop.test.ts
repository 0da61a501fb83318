/**
 * The stop of a run, in process: the controller's two signals and its timers (recorded, never slept), the client
 * against the loopback simulator when stopped, the NDJSON file on a full disk, and the watchdog's last resort.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator, type Simulator } from '../../sim/index.js'
import { lastResort, type LiveRun } from '../../src/main.js'
import { FileWriteError, NdjsonFile } from '../../src/operations/messages-file.js'
import { OutputBoundary, type RunnerIo } from '../../src/report/boundary.js'
import { ServiceError } from '../../src/service/errors.js'
import { fileText } from '../../src/report/failure-text.js'
import { redactor } from '../../src/service/redact.js'
import { SIGINT_GRACE_MS, StopController, WATCHDOG_AFTER_SIGNAL_MS, WATCHDOG_AFTER_SIGTERM_MS } from '../../src/stop.js'
import { parseOutputFile } from '../../tools/runner-files.js'
import { recordingClient } from '../support/client.js'

/** Timers that run only when the test says so. */
function manualTimers() {
  const pending = new Map<number, { fn: () => void; ms: number }>()
  let next = 0
  return {
    pending,
    timers: {
      set: (fn: () => void, ms: number) => {
        pending.set(++next, { fn, ms })
        return next
      },
      clear: (handle: unknown) => void pending.delete(handle as number)
    },
    /** Runs the timer set for `ms`, as if that time had passed. */
    fire(ms: number) {
      for (const [id, timer] of pending) {
        if (timer.ms !== ms) continue
        pending.delete(id)
        timer.fn()
        return
      }
      throw new Error(`no timer of ${ms} ms`)
    }
  }
}

describe('StopController', () => {
  it('SIGINT stops new work at once and cuts the request under way only after the grace', () => {
    const t = manualTimers()
    const stop = new StopController(t.timers, () => 0)
    stop.receive('SIGINT')
    expect(stop.signal.aborted).toBe(true)
    expect(stop.signal.reason).toBe('SIGINT')
    expect(stop.hard.aborted).toBe(false)
    t.fire(SIGINT_GRACE_MS)
    expect(stop.hard.aborted).toBe(true)
  })

  it('SIGTERM alone cuts everything at once and brings the watchdog close', () => {
    const t = manualTimers()
    const stop = new StopController(t.timers, () => 0)
    stop.receive('SIGTERM')
    expect(stop.signal.aborted).toBe(true)
    expect(stop.hard.aborted).toBe(true)
    expect([...t.pending.values()].map(p => p.ms)).toEqual([WATCHDOG_AFTER_SIGTERM_MS])
  })

  it('SIGINT then SIGTERM: the second signal cuts at once, and the watchdog comes forward', () => {
    const t = manualTimers()
    let now = 0
    const stop = new StopController(t.timers, () => now)
    const overdue: string[] = []
    stop.onOverdue = signal => overdue.push(signal)
    stop.onExit = () => overdue.push('exit')
    stop.receive('SIGINT')
    expect([...t.pending.values()].map(p => p.ms).sort((a, b) => a - b)).toEqual([
      SIGINT_GRACE_MS,
      WATCHDOG_AFTER_SIGNAL_MS
    ])
    now = 2_000
    stop.receive('SIGTERM')
    expect(stop.hard.aborted).toBe(true)
    expect([...t.pending.values()].map(p => p.ms)).toContain(WATCHDOG_AFTER_SIGTERM_MS)
    expect([...t.pending.values()].map(p => p.ms)).not.toContain(WATCHDOG_AFTER_SIGNAL_MS)
    t.fire(WATCHDOG_AFTER_SIGTERM_MS)
    // The first signal names the cancel; the exit follows the last resort.
    expect(overdue).toEqual(['SIGINT', 'exit'])
  })

  it('dispose clears every timer, so that nothing keeps the process alive after the run', () => {
    const t = manualTimers()
    const stop = new StopController(t.timers, () => 0)
    stop.receive('SIGINT')
    expect(t.pending.size).toBe(2)
    stop.dispose()
    expect(t.pending.size).toBe(0)
    stop.receive('SIGTERM')
    expect(stop.hard.aborted).toBe(false)
  })
})

describe('the service client, stopped', () => {
  let sim: Simulator
  afterEach(async () => {
    await sim.close()
  })

  const stopped = () => {
    const soft = new AbortController()
    const hard = new AbortController()
    return { soft, hard, stop: { signal: soft.signal, hard: hard.signal } }
  }

  it('sends nothing after a stop', async () => {
    sim = await startSimulator({ token: 't', messages: 5 })
    const { soft, stop } = stopped()
    soft.abort('SIGINT')
    const { client } = recordingClient(sim.url, 't', { stop })
    const err = await client.listDlqPage(new URLSearchParams()).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ServiceError)
    expect((err as ServiceError).failure).toEqual({ kind: 'cancelled', signal: 'SIGINT' })
    expect((err as ServiceError).lostAnswers).toBe(0)
    expect(sim.requestCount).toBe(0)
    await client.close()
  })

  it('lets a request under way finish after SIGINT', async () => {
    sim = await startSimulator({ token: 't', messages: 5 })
    sim.inject({ route: 'list', fault: { kind: 'delay', ms: 100 } })
    const { soft, stop } = stopped()
    sim.onRequest = () => soft.abort('SIGINT')
    const { client } = recordingClient(sim.url, 't', { stop })
    const page = await client.listDlqPage(new URLSearchParams())
    expect(page.items).toHaveLength(5)
    await client.close()
  })

  it('counts a resume request cut under way as possibly carried out', async () => {
    sim = await startSimulator({ token: 't', workflowRuns: 60 })
    sim.inject({ route: 'resume', fault: { kind: 'hang' } })
    const { soft, hard, stop } = stopped()
    sim.onRequest = () => {
      soft.abort('SIGTERM')
      hard.abort('SIGTERM')
    }
    const { client } = recordingClient(sim.url, 't', { stop })
    const err = await client.resumeWorkflowsPage(new URLSearchParams({ count: '50' }), {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ServiceError)
    expect((err as ServiceError).lostAnswers).toBe(1)
    expect((err as ServiceError).failure).toEqual({ kind: 'cancelled', signal: 'SIGTERM' })
    await client.destroy()
  })

  it('wakes from a Retry-After wait at once and sends nothing more', async () => {
    sim = await startSimulator({ token: 't', messages: 5 })
    sim.inject({ route: 'list', fault: { kind: 'status', status: 429, headers: { 'retry-after': '3600' } } })
    const { soft, stop } = stopped()
    const waits: number[] = []
    const { client } = recordingClient(sim.url, 't', {
      stop,
      // The wait is where the stop arrives; it must be woken by it.
      sleep: (ms, wake) => {
        waits.push(ms)
        soft.abort('SIGINT')
        expect(wake?.aborted).toBe(true)
        return Promise.resolve()
      }
    })
    const err = await client.listDlqPage(new URLSearchParams()).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ServiceError)
    expect((err as ServiceError).failure).toEqual({ kind: 'cancelled', signal: 'SIGINT' })
    expect(waits).toEqual([60_000])
    expect(sim.requestCount).toBe(1)
    await client.close()
  })
})

describe('an NDJSON file on a full disk', () => {
  it('rejects every write and the close with the errno, naming the input and the path; nothing waits for ever', async () => {
    const file = await NdjsonFile.open('/dev/full', { encode: JSON.stringify, input: 'runs-file' })
    // A line larger than the stream's buffer waits for the disk, which refuses it.
    const first = await file.write([{ big: 'x'.repeat(64 * 1024) }]).catch((e: unknown) => e)
    const after = await file.write([{ b: 2 }]).catch((e: unknown) => e)
    const closed = await file.close().catch((e: unknown) => e)
    for (const err of [first, after, closed]) {
      expect(err).toBeInstanceOf(FileWriteError)
      expect((err as FileWriteError).failure.code).toBe('ENOSPC')
    }
    expect(fileText((closed as FileWriteError).failure)).toBe(
      'runs-file /dev/full could not be written: ENOSPC (no space left on device)'
    )
  })
})

/** The last resort run on `live` with GITHUB_OUTPUT a fresh file: the outputs it wrote, its lines, the exit code. */
async function lastResortOf(live: LiveRun) {
  const dir = await mkdtemp(join(tmpdir(), 'dlq-last-'))
  const file = join(dir, 'output')
  await writeFile(file, '')
  const saved = process.env.GITHUB_OUTPUT
  const savedCode = process.exitCode
  process.env.GITHUB_OUTPUT = file
  try {
    const quiet = (): void => {}
    const io: RunnerIo = {
      info: quiet,
      debug: quiet,
      notice: quiet,
      warning: quiet,
      error: quiet,
      setFailed: quiet,
      setOutput: quiet,
      writeSummary: () => Promise.resolve(false)
    }
    const out = new OutputBoundary(io, redactor(['s3cret']))
    const lines: string[] = []
    lastResort('SIGINT', live, out, line => lines.push(line))
    const exitCode = process.exitCode
    // Once the report is written, the last resort writes nothing.
    const after: string[] = []
    lastResort('SIGINT', { ...live, reported: true }, out, line => after.push(line))
    return { outputs: parseOutputFile(await readFile(file, 'utf8')), lines, after, exitCode }
  } finally {
    process.env.GITHUB_OUTPUT = saved
    process.exitCode = savedCode
    await rm(dir, { recursive: true, force: true })
  }
}

describe('the last resort', () => {
  it('writes the confirmed count, complete=false and the cursor to GITHUB_OUTPUT synchronously, and one error line', async () => {
    const { outputs, lines, after, exitCode } = await lastResortOf({
      operation: 'resume-workflows',
      progress: {
        confirmed: 600,
        uncertainRequests: 1,
        uncertainRuns: 20,
        nextCursor: 'cur-12-s3cret',
        toDate: 1795694399999,
        fromDate: 1795600000000
      },
      reported: false
    })
    expect(outputs).toEqual({
      'resumed-count': '600',
      complete: 'false',
      'next-cursor': 'cur-12-***',
      'next-to-date': '1795694399999',
      'next-from-date': '1795600000000'
    })
    expect(lines).toHaveLength(1)
    // What the lost request asked for (20), and the dates a re-run sends with the cursor.
    expect(lines[0]).toMatch(/^::error::Cancelled \(SIGINT\).*600 runs resumed.*up to 20 more possibly resumed/)
    expect(lines[0]).toContain(
      're-run with input cursor: cur-12-***, input from-date: 1795600000000 and input to-date: 1795694399999'
    )
    expect(exitCode).toBe(1)
    expect(after).toEqual([])
  })

  it('says how many entries a dry run had planned, as planned-count, and no cursor: a listing continues no write', async () => {
    const { outputs, lines } = await lastResortOf({
      operation: 'retry-messages',
      progress: { confirmed: 0, uncertainRequests: 0, planned: 1_234, nextCursor: 'listing-cursor' },
      reported: false
    })
    expect(outputs).toEqual({ complete: 'false', 'planned-count': '1234' })
    expect(lines).toEqual([
      '::error::Cancelled (SIGINT) and the report could not be written in time: at least 1234 entries planned ' +
        'before the cancel; no write request was sent\n'
    ])
  })
})
