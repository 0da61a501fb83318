/** Each watched run's state from the run log and the DLQ together: every state, its source, and its first error. */
import { describe, expect, it } from '@jest/globals'
import { describeItem } from '../../src/operations/item-problems.js'
import { ENDED_STATES, judgeRun, judgeRuns, runsToAsk } from '../../src/operations/run-states.js'
import type { DlqSighting } from '../../src/operations/run-states.js'
import { countStates, RUN_STATES, type RunFirstError, type RunStateSource } from '../../src/run-states.js'
import type { RunLogRun, RunLogStep } from '../../src/service/run-log.js'

const CREATED = 1_800_000_000_000
const RUN = { workflowRunId: 'wfr_1', workflowCreatedAt: CREATED }

const step = (state: string, errors: { at?: number; text?: string }[] = [], stepName = 'deliver'): RunLogStep => {
  const first = errors[0]
  return {
    stepName,
    state,
    errorCount: errors.length,
    ...(first
      ? { firstError: { bodySample: first.text ?? 'boom', status: 500, ...(first.at ? { time: first.at } : {}) } }
      : {})
  }
}
const logRun = (state: string | undefined, steps: RunLogStep[] = [], more: Partial<RunLogRun> = {}): RunLogRun => ({
  workflowRunId: 'wfr_1',
  workflowCreatedAt: CREATED,
  ...(state !== undefined ? { state } : {}),
  steps,
  stepCount: steps.length + 1,
  ...more
})
const logOf = (...runs: RunLogRun[]) => new Map(runs.map(r => [r.workflowRunId, r]))
const BACK: DlqSighting = { dlqId: 'dlq_9', failedAt: CREATED + 60_000, responseStatus: 503, bodySample: 'down' }

describe('a run judged from the run log', () => {
  it('is completed when the log says RUN_SUCCESS, with its completion time', () => {
    expect(judgeRun(RUN, logOf(logRun('RUN_SUCCESS', [], { completedAt: CREATED + 20_000 })), undefined)).toEqual({
      workflowRunId: 'wfr_1',
      state: 'completed',
      source: 'run-log',
      endedAt: CREATED + 20_000
    })
  })

  it('is failed when the log says RUN_FAILED, with the earliest error of this run', () => {
    const steps = [
      step('STEP_FAILED', [{ at: CREATED + 9_000, text: 'later' }]),
      step('STEP_FAILED', [{ at: CREATED + 5_000, text: 'first' }], 'charge')
    ]
    const judged = judgeRun(RUN, logOf(logRun('RUN_FAILED', steps, { completedAt: CREATED + 30_000 })), undefined)
    expect(judged).toMatchObject({ state: 'failed', source: 'run-log', endedAt: CREATED + 30_000 })
    expect(judged.firstError).toEqual({
      source: 'run-log',
      stepName: 'charge',
      status: 500,
      time: CREATED + 5_000,
      bodySample: 'first'
    })
  })

  it('is failing while running with a step retrying on an error since the resume', () => {
    const judged = judgeRun(
      RUN,
      logOf(logRun('RUN_STARTED', [step('STEP_RETRY', [{ at: CREATED + 3_000 }])])),
      undefined
    )
    expect(judged).toMatchObject({ state: 'failing', source: 'run-log', firstError: { time: CREATED + 3_000 } })
    const failedStep = judgeRun(RUN, logOf(logRun('RUN_STARTED', [step('STEP_FAILED', [{}])])), undefined)
    expect(failedStep.state).toBe('failing')
  })

  it('is running while its steps progress, or retry only on an error of the original run', () => {
    expect(judgeRun(RUN, logOf(logRun('RUN_STARTED', [step('STEP_PROGRESS')])), undefined)).toEqual({
      workflowRunId: 'wfr_1',
      state: 'running',
      source: 'run-log'
    })
    const old = logRun('RUN_STARTED', [step('STEP_RETRY', [{ at: CREATED - 1 }])])
    expect(judgeRun(RUN, logOf(old), undefined).state).toBe('running')
    // A step that succeeded after a failed attempt is not failing.
    expect(
      judgeRun(RUN, logOf(logRun('RUN_STARTED', [step('STEP_SUCCESS', [{ at: CREATED + 1 }])])), undefined).state
    ).toBe('running')
  })

  it('takes the creation time from the log when the watch has none', () => {
    const old = logRun('RUN_STARTED', [step('STEP_RETRY', [{ at: CREATED - 1 }])])
    expect(judgeRun({ workflowRunId: 'wfr_1' }, logOf(old), undefined).state).toBe('running')
    const noTime = { ...old, workflowCreatedAt: undefined } as unknown as RunLogRun
    expect(judgeRun({ workflowRunId: 'wfr_1' }, logOf(noTime), undefined).state).toBe('failing')
  })

  it('is cancelled when the log says RUN_CANCELED (or RUN_CANCELLED)', () => {
    expect(judgeRun(RUN, logOf(logRun('RUN_CANCELED')), undefined)).toMatchObject({
      state: 'cancelled',
      source: 'run-log'
    })
    expect(judgeRun(RUN, logOf(logRun('RUN_CANCELLED')), undefined).state).toBe('cancelled')
  })

  it('keeps a state it does not know and judges it running; no state at all is running', () => {
    expect(judgeRun(RUN, logOf(logRun('RUN_PAUSED')), undefined)).toEqual({
      workflowRunId: 'wfr_1',
      state: 'running',
      source: 'run-log',
      logState: 'RUN_PAUSED'
    })
    expect(judgeRun(RUN, logOf(logRun(undefined)), undefined).state).toBe('running')
  })

  it('is unknown when the log does not hold it, or when the service keeps no log and the DLQ has not seen it', () => {
    expect(judgeRun(RUN, new Map(), undefined)).toEqual({ workflowRunId: 'wfr_1', state: 'unknown', source: 'run-log' })
    expect(judgeRun(RUN, undefined, undefined)).toEqual({ workflowRunId: 'wfr_1', state: 'unknown', source: 'dlq' })
  })
})

describe('a run back in the DLQ', () => {
  it("is failed from the DLQ, with the entry's last response, when the log has not said so", () => {
    const judged = judgeRun(RUN, logOf(logRun('RUN_STARTED')), BACK)
    expect(judged).toEqual({
      workflowRunId: 'wfr_1',
      state: 'failed',
      source: 'dlq',
      dlqId: 'dlq_9',
      endedAt: CREATED + 60_000,
      firstError: { source: 'dlq', status: 503, time: CREATED + 60_000, bodySample: 'down' }
    })
    expect(judgeRun(RUN, undefined, BACK)).toMatchObject({ state: 'failed', source: 'dlq' })
  })

  it("is failed whatever the log says, and the log's earlier error is its first", () => {
    const log = logOf(logRun('RUN_SUCCESS', [step('STEP_SUCCESS', [{ at: CREATED + 2_000, text: 'early' }])]))
    const judged = judgeRun(RUN, log, BACK)
    expect(judged).toMatchObject({
      state: 'failed',
      source: 'dlq',
      firstError: { source: 'run-log', bodySample: 'early' }
    })
    const failedInLog = judgeRun(RUN, logOf(logRun('RUN_FAILED', [], { completedAt: CREATED + 59_000 })), BACK)
    expect(failedInLog).toMatchObject({ state: 'failed', source: 'run-log', endedAt: CREATED + 59_000 })
  })

  it('keeps the dlqId the run log gives a run that failed, before its entry is in the DLQ', () => {
    const log = logOf(logRun('RUN_FAILED', [], { completedAt: CREATED + 59_000, dlqId: 'dlq_from_log' }))
    expect(judgeRun(RUN, log, undefined)).toMatchObject({ state: 'failed', dlqId: 'dlq_from_log' })
    // Back in the DLQ, the entry's own id is the one.
    expect(judgeRun(RUN, log, BACK)).toMatchObject({ dlqId: 'dlq_9' })
    // A running run's log has no dlqId to give.
    expect(judgeRun(RUN, logOf(logRun('RUN_STARTED')), undefined).dlqId).toBeUndefined()
  })
})

describe('from one poll to the next', () => {
  it('keeps an ended state, turns it failed when the run comes back in the DLQ, and keeps a state the log lost', () => {
    const completed = judgeRun(RUN, logOf(logRun('RUN_SUCCESS')), undefined)
    expect(judgeRun(RUN, new Map(), undefined, completed)).toBe(completed)
    expect(judgeRun(RUN, new Map(), BACK, completed)).toMatchObject({ state: 'failed', source: 'dlq' })
    const failing = judgeRun(RUN, logOf(logRun('RUN_STARTED', [step('STEP_RETRY', [{}])])), undefined)
    expect(judgeRun(RUN, new Map(), undefined, failing)).toBe(failing)
    // A failing run that recovers completes.
    expect(judgeRun(RUN, logOf(logRun('RUN_SUCCESS')), undefined, failing).state).toBe('completed')
  })
})

describe('the watched runs together', () => {
  const runs = [RUN, { workflowRunId: 'wfr_2', workflowCreatedAt: CREATED }, { workflowRunId: 'wfr_3' }]

  it('counts every state, zeros included, and says when every run has ended', () => {
    const log = logOf(logRun('RUN_SUCCESS'), { ...logRun('RUN_STARTED'), workflowRunId: 'wfr_2' })
    const judged = judgeRuns(runs, log, new Map([['wfr_3', BACK]]))
    expect(judged.runs.map(r => r.state)).toEqual(['completed', 'running', 'failed'])
    expect(judged.counts).toEqual({ completed: 1, failed: 1, failing: 0, cancelled: 0, running: 1, unknown: 0 })
    expect(judged.allEnded).toBe(false)
    const later = judgeRuns(
      runs,
      logOf({ ...logRun('RUN_CANCELED'), workflowRunId: 'wfr_2' }),
      new Map(),
      new Map(judged.runs.map(r => [r.workflowRunId, r]))
    )
    expect(later.runs.map(r => r.state)).toEqual(['completed', 'cancelled', 'failed'])
    expect(later.allEnded).toBe(true)
    expect(countStates([])).toEqual({ completed: 0, failed: 0, failing: 0, cancelled: 0, running: 0, unknown: 0 })
  })

  it('asks the log only about runs not ended that have a creation time', () => {
    expect(runsToAsk(runs)).toEqual([RUN, { workflowRunId: 'wfr_2', workflowCreatedAt: CREATED }])
    const previous = new Map([['wfr_1', judgeRun(RUN, logOf(logRun('RUN_SUCCESS')), undefined)]])
    expect(runsToAsk(runs, previous)).toEqual([{ workflowRunId: 'wfr_2', workflowCreatedAt: CREATED }])
  })
})

describe('the names the watch reports with', () => {
  it('lists the six states in summary order, three of them ended', () => {
    expect(RUN_STATES).toEqual(['completed', 'failed', 'failing', 'cancelled', 'running', 'unknown'])
    expect(RUN_STATES.filter(state => ENDED_STATES.has(state))).toEqual(['completed', 'failed', 'cancelled'])
  })

  it('gives each first error its own source', () => {
    const sources: RunStateSource[] = ['run-log', 'dlq']
    const log = logOf(logRun('RUN_STARTED', [step('STEP_RETRY', [{ at: CREATED + 1 }])]))
    const errors: (RunFirstError | undefined)[] = [
      judgeRun(RUN, log, undefined).firstError,
      judgeRun(RUN, undefined, BACK).firstError
    ]
    expect(errors.map(e => e?.source)).toEqual(sources)
  })

  it('names a run of the log that could not be read, as a listing names a message', () => {
    const describe = describeItem('run')
    expect(describe({ index: 3, id: 'wfr_1', detail: 'workflowState 12 left out', kept: true })).toBe(
      'run "wfr_1": workflowState 12 left out'
    )
    expect(describe({ index: 3, detail: 'not an object (5)', kept: false })).toBe(
      'item 3 of a page: not an object (5) (left out)'
    )
  })
})
