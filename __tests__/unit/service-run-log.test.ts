/** The run-log reader, pure: lenient on what it does not know, bounded and redacted whatever an answer holds. */
import { describe, expect, it } from '@jest/globals'
import { BODY_SAMPLE_LENGTH } from '../../src/constants.js'
import { redactor } from '../../src/service/redact.js'
import {
  RUN_LOG_BATCH,
  RunLogCollector,
  readRunLogRuns,
  runEventsQuery,
  runLogBatches,
  runLogQuery,
  type RunLogError,
  type RunRef
} from '../../src/service/run-log.js'

const SECRET = 'Run-Log-Token-93fa1c'
const redact = redactor([SECRET])
const CREATED = 1_800_000_000_000

const run = (more: Record<string, unknown> = {}) => ({
  workflowRunId: 'wfr_1',
  workflowUrl: 'https://app.example.com/api/wf',
  workflowState: 'RUN_STARTED',
  workflowRunCreatedAt: CREATED,
  steps: [
    { type: 'sequential', steps: [{ stepName: 'init', state: 'STEP_SUCCESS', retries: 0, errors: [] }] },
    {
      type: 'parallel',
      steps: [
        {
          stepName: 'deliver',
          state: 'STEP_RETRY',
          retries: 2,
          errors: [
            { error: 'from the original run', status: 502, time: CREATED - 10 },
            { error: 'db down', status: 500, time: CREATED + 3_000 },
            { error: 'db still down', status: 500, time: CREATED + 9_000 }
          ]
        }
      ]
    }
  ],
  ...more
})

describe('readRunLogRuns', () => {
  it('reads a run: its state, creation, the steps that say something and the first error of this run', () => {
    const { runs, problems } = readRunLogRuns([run({ somethingNew: { deep: true } })], redact)
    expect(problems).toEqual([])
    expect(runs).toEqual([
      {
        workflowRunId: 'wfr_1',
        workflowCreatedAt: CREATED,
        workflowUrl: 'https://app.example.com/api/wf',
        state: 'RUN_STARTED',
        steps: [
          {
            group: 'parallel',
            stepName: 'deliver',
            state: 'STEP_RETRY',
            retries: 2,
            errorCount: 3,
            firstError: { bodySample: 'db down', status: 500, time: CREATED + 3_000 }
          }
        ],
        stepCount: 2
      }
    ])
  })

  it('accepts the creation time named workflowCreatedAt, and as a string of digits', () => {
    const { workflowRunCreatedAt: _, ...rest } = run()
    const { runs } = readRunLogRuns([{ ...rest, workflowCreatedAt: String(CREATED) }], redact)
    expect(runs[0]?.workflowCreatedAt).toBe(CREATED)
  })

  it('keeps states it does not know, as sent, cut', () => {
    const odd = run({ workflowState: 'RUN_PAUSED', steps: [{ type: 'loop', steps: [{ state: 'STEP_WAITING' }] }] })
    const { runs } = readRunLogRuns([odd, run({ workflowRunId: 'wfr_2', workflowState: 'S'.repeat(5_000) })], redact)
    expect(runs[0]).toMatchObject({
      state: 'RUN_PAUSED',
      steps: [{ group: 'loop', state: 'STEP_WAITING', errorCount: 0 }]
    })
    expect(runs[1]?.state).toHaveLength(64)
    expect(runs[1]?.state?.endsWith('…')).toBe(true)
  })

  it('names and leaves out a run without a usable id, and keeps one with a bad field without it', () => {
    const { runs, problems } = readRunLogRuns(
      [{ workflowRunId: 7 }, 'text', run({ workflowState: 12, workflowRunCompletedAt: 'soon' })],
      redact
    )
    expect(runs.map(r => r.workflowRunId)).toEqual(['wfr_1'])
    expect(runs[0]?.state).toBeUndefined()
    expect(problems).toEqual([
      { index: 0, detail: 'no usable workflowRunId (7)', kept: false },
      { index: 1, detail: 'not an object ("text")', kept: false },
      expect.objectContaining({
        index: 2,
        id: 'wfr_1',
        kept: true,
        detail: expect.stringContaining('workflowState 12')
      }),
      expect.objectContaining({
        index: 2,
        id: 'wfr_1',
        kept: true,
        detail: expect.stringContaining('workflowRunCompletedAt')
      })
    ])
  })

  it('passes over steps of the wrong shape, naming the first, and reads the rest', () => {
    const { runs, problems } = readRunLogRuns(
      [
        run({
          steps: [
            'x',
            { type: 'sequential', steps: 5 },
            { steps: [null, { state: 'STEP_FAILED', errors: [{ error: 3 }] }] }
          ]
        })
      ],
      redact
    )
    expect(runs[0]?.steps).toEqual([
      { state: 'STEP_FAILED', errorCount: 1, firstError: { bodySample: '(no error text: 3)' } }
    ])
    expect(problems).toEqual([
      { index: 0, id: 'wfr_1', detail: 'steps.0 "x" passed over: not an object or a list', kept: true }
    ])
    const wrongSteps = readRunLogRuns([run({ steps: 'all good' })], redact)
    expect(wrongSteps.runs[0]?.steps).toEqual([])
    expect(wrongSteps.problems[0]).toMatchObject({
      kept: true,
      detail: expect.stringContaining('steps "all good" left out')
    })
  })

  it('takes the token out of an error text before cutting it as a response sample', () => {
    const long = `${'x'.repeat(BODY_SAMPLE_LENGTH - 10)}${SECRET}${'y'.repeat(10_000)}`
    const errors = [{ error: long, status: 500, time: CREATED + 1 }]
    const { runs } = readRunLogRuns([run({ steps: [{ steps: [{ state: 'STEP_RETRY', errors }] }] })], redact)
    const error: RunLogError | undefined = runs[0]?.steps[0]?.firstError
    expect(error?.bodySample).toHaveLength(BODY_SAMPLE_LENGTH)
    expect(error?.bodyCut).toBe(true)
    expect(error?.bodySample).toContain('x***y')
    expect(error?.bodySample).not.toContain(SECRET.slice(0, 6))
    const named = readRunLogRuns(
      [run({ steps: [{ steps: [{ stepName: `call ${SECRET}`, state: 'STEP_RETRY' }] }] })],
      redact
    )
    expect(named.runs[0]?.steps[0]?.stepName).toBe('call ***')
  })

  it('keeps at most 20 steps of a run however many it has, and counts them all', () => {
    const steps = Array.from({ length: 5_000 }, (_, i) => ({
      stepName: `s${i}`,
      state: 'STEP_FAILED',
      errors: Array.from({ length: 50 }, () => ({ error: 'e'.repeat(100), time: CREATED + i }))
    }))
    const { runs } = readRunLogRuns([run({ steps: [{ type: 'parallel', steps }] })], redact)
    expect(runs[0]?.stepCount).toBe(5_000)
    expect(runs[0]?.steps).toHaveLength(20)
    expect(runs[0]?.steps[0]).toMatchObject({ stepName: 's0', errorCount: 50 })
  })
})

describe('the requests', () => {
  const refs = (n: number, id = (i: number) => `wfr_${i}`): RunRef[] =>
    Array.from({ length: n }, (_, i) => ({ workflowRunId: id(i), workflowCreatedAt: CREATED + i }))

  it('names the exact runs as id@createdAt pairs, count as many, and the cursor', () => {
    expect(runLogQuery(refs(2), 'c1').toString()).toBe(
      `workflowRuns=wfr_0%40${CREATED}%2Cwfr_1%40${CREATED + 1}&count=2&cursor=c1`
    )
    expect(runEventsQuery(refs(1)[0] as RunRef).toString()).toBe(
      `groupBy=workflowRunId&workflowRunId=wfr_0&workflowCreatedAt=${CREATED}`
    )
  })

  it('asks at most 10 runs a request, fewer where the URL would be too long, and never an id it cannot name', () => {
    expect(RUN_LOG_BATCH).toBe(10)
    expect(runLogBatches(refs(25), () => true).batches.map(b => b.length)).toEqual([10, 10, 5])
    const short = (query: URLSearchParams) => query.toString().length <= 100
    const { batches, unasked } = runLogBatches(
      [
        ...refs(4),
        { workflowRunId: 'a,b', workflowCreatedAt: 1 },
        { workflowRunId: 'x'.repeat(200), workflowCreatedAt: 1 }
      ],
      short
    )
    expect(batches.map(b => b.length)).toEqual([3, 1])
    expect(unasked).toEqual(['a,b', 'x'.repeat(200)])
  })
})

describe('RunLogCollector', () => {
  it('keeps only the runs asked about, the first of each, and names bad items by their place in the page', () => {
    const collector = new RunLogCollector([{ workflowRunId: 'wfr_1', workflowCreatedAt: CREATED }], redact)
    collector.add([
      run({ workflowRunId: 'other' }),
      run({ workflowState: 'RUN_SUCCESS' }),
      5,
      run({ workflowState: 'RUN_FAILED' })
    ])
    collector.add([run({ workflowState: 'RUN_CANCELED' })])
    expect([...collector.runs.keys()]).toEqual(['wfr_1'])
    expect(collector.runs.get('wfr_1')?.state).toBe('RUN_SUCCESS')
    expect(collector.problems).toEqual([{ index: 2, detail: 'not an object (5)', kept: false }])
  })
})

describe('a run id that names several runs', () => {
  it('is matched by the pair asked: an older run of the same id, first in the answer, is not the run asked', () => {
    const collector = new RunLogCollector([{ workflowRunId: 'wfr_1', workflowCreatedAt: CREATED }], redact)
    collector.add([
      run({ workflowRunCreatedAt: CREATED - 86_400_000, workflowState: 'RUN_FAILED' }),
      run({ workflowRunCreatedAt: CREATED, workflowState: 'RUN_STARTED' })
    ])
    expect(collector.runs.get('wfr_1')?.state).toBe('RUN_STARTED')
    expect(collector.runs.get('wfr_1')?.workflowCreatedAt).toBe(CREATED)
  })

  it('reads the creation time under either name, and a digit string as the number it is', () => {
    const collector = new RunLogCollector([{ workflowRunId: 'wfr_1', workflowCreatedAt: CREATED }], redact)
    const older = { ...run({ workflowState: 'RUN_FAILED' }), workflowRunCreatedAt: undefined }
    collector.add([{ ...older, workflowCreatedAt: String(CREATED - 1) }, run({ workflowState: 'RUN_SUCCESS' })])
    expect(collector.runs.get('wfr_1')?.state).toBe('RUN_SUCCESS')
  })

  it('takes an entry that gives no creation time as the run asked: nothing says it is another', () => {
    const collector = new RunLogCollector([{ workflowRunId: 'wfr_1', workflowCreatedAt: CREATED }], redact)
    collector.add([{ ...run({ workflowState: 'RUN_SUCCESS' }), workflowRunCreatedAt: undefined }])
    expect(collector.runs.get('wfr_1')?.state).toBe('RUN_SUCCESS')
  })
})
