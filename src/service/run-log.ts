/**
 * The service's run log, beyond the spec's three operations (docs/service.md, "The run log"): each run's state and
 * its steps' failed attempts. Read leniently and bounded: unknown states are kept as sent (cut), unknown fields passed
 * over, a run without a usable id named and left out, each error text redacted and then cut as a response sample is.
 */
import { z } from 'zod'
import { BODY_SAMPLE_LENGTH } from '../constants.js'
import type { RunPair } from '../requests.js'
import { copyPrefix } from './redact.js'
import { cursor, isRecord, millis, readItems, shown, type ItemProblem } from './schemas.js'

/** The documented path: the exact runs, as `id@createdAt` pairs. */
export const RUN_LOG_PATH = '/v2/workflows/logs'
/** The path the official SDK asks, one run a request: tried where the documented one answers 404. */
export const RUN_EVENTS_PATH = '/v2/workflows/events'
/** Pairs a run-log request asks for at most, and its `count`: the service's own limit in this mode. */
export const RUN_LOG_BATCH = 10

/** A state or a group's type longer than this is cut: an unknown one is kept, never a flood. */
const LABEL_LENGTH = 64
/** A step's name is cut to this. */
const STEP_NAME_LENGTH = 200
/** A run's workflowUrl or dlqId is cut to this: shown, never sent back. */
const VALUE_LENGTH = 1_000
/** Steps of a run kept: the first that say something (not a clean success); the rest are only counted. */
const STEPS_KEPT = 20

/** A run the watch asks about: the pair the service knows it by. */
export type RunRef = RunPair

/** A failed attempt of a step: the start of its error text (redacted first), its status and time. */
export interface RunLogError {
  bodySample: string
  bodyCut?: true
  status?: number
  time?: number
}

/** A step as the log gives it; `firstError` is the first error not older than the run (the others only counted). */
export interface RunLogStep {
  /** The type of the group that holds it: `sequential`, `parallel`, `next`, or another kept as sent. */
  group?: string
  stepName?: string
  /** `STEP_SUCCESS`, `STEP_PROGRESS`, `STEP_RETRY`, `STEP_FAILED`, `STEP_CANCELED`, or another kept as sent. */
  state?: string
  retries?: number
  errorCount: number
  firstError?: RunLogError
}

/** One run of the log, bounded whatever the answer held. */
export interface RunLogRun {
  workflowRunId: string
  /** `workflowRunCreatedAt`, or `workflowCreatedAt` as some answers name it. */
  workflowCreatedAt?: number
  workflowUrl?: string
  /** `RUN_STARTED`, `RUN_SUCCESS`, `RUN_FAILED`, `RUN_CANCELED`, or another kept as sent (cut). */
  state?: string
  completedAt?: number
  dlqId?: string
  /** Its steps that are not a clean success, in order, at most STEPS_KEPT. */
  steps: RunLogStep[]
  /** Every step the log gave, kept or not. */
  stepCount: number
}

const text = z.string().optional()
const time = millis.optional()

/** A run of the log. Lenient: only workflowRunId is required; steps are read group by group, step by step. */
const runLogRunSchema = z.looseObject({
  workflowRunId: z.string().min(1),
  workflowUrl: text,
  workflowState: text,
  workflowRunCreatedAt: time,
  workflowCreatedAt: time,
  workflowRunCompletedAt: time,
  dlqId: text,
  steps: z.array(z.unknown()).optional()
})
type WireRun = z.infer<typeof runLogRunSchema>

/** The answer's envelope: the cursor checked at once, the runs one by one. */
export const runLogEnvelopeSchema = z.object({ runs: z.array(z.unknown()), cursor })

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const int = (v: unknown): number | undefined => (Number.isSafeInteger(v) ? (v as number) : undefined)
const at = (v: unknown): number | undefined => {
  const read = millis.safeParse(v)
  return read.success ? read.data : undefined
}
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/** A value cut to `length` after the token is taken out, so no part of a secret survives the cut. */
function bounded(value: string, length: number, redact: (text: string) => string): string {
  const clean = redact(value)
  return clean.length <= length ? clean : `${copyPrefix(clean, length - 1)}…`
}

/** Reads a run's steps, noting the first value that had to be passed over. */
function readSteps(
  groups: unknown[],
  createdAt: number | undefined,
  redact: (text: string) => string,
  passedOver: (where: string, value: unknown) => void
): { steps: RunLogStep[]; stepCount: number } {
  const steps: RunLogStep[] = []
  let stepCount = 0
  groups.forEach((group, g) => {
    if (!isRecord(group)) return passedOver(`steps.${g}`, group)
    const type = str(group.type)
    if (group.steps !== undefined && !Array.isArray(group.steps)) passedOver(`steps.${g}.steps`, group.steps)
    list(group.steps).forEach((step, s) => {
      stepCount++
      if (!isRecord(step)) return passedOver(`steps.${g}.steps.${s}`, step)
      const errors = list(step.errors)
      const state = str(step.state)
      if (steps.length >= STEPS_KEPT || (errors.length === 0 && state === 'STEP_SUCCESS')) return
      const first = errors.find(e => isRecord(e) && !((at(e.time) ?? Infinity) < (createdAt ?? -Infinity)))
      const error = isRecord(first) ? readError(first, redact) : undefined
      steps.push({
        ...(type !== undefined ? { group: bounded(type, LABEL_LENGTH, redact) } : {}),
        ...(str(step.stepName) !== undefined
          ? { stepName: bounded(step.stepName as string, STEP_NAME_LENGTH, redact) }
          : {}),
        ...(state !== undefined ? { state: bounded(state, LABEL_LENGTH, redact) } : {}),
        ...(int(step.retries) !== undefined ? { retries: step.retries as number } : {}),
        errorCount: errors.length,
        ...(error !== undefined ? { firstError: error } : {})
      })
    })
  })
  return { steps, stepCount }
}

/** An error of a step: its text redacted and cut as a response sample is; a text that is not a string is named. */
function readError(error: Record<string, unknown>, redact: (text: string) => string): RunLogError {
  const words = typeof error.error === 'string' ? error.error : `(no error text: ${shown(error.error)})`
  const clean = redact(words)
  const status = int(error.status)
  const when = at(error.time)
  return {
    bodySample: copyPrefix(clean, BODY_SAMPLE_LENGTH),
    ...(clean.length > BODY_SAMPLE_LENGTH ? { bodyCut: true as const } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(when !== undefined ? { time: when } : {})
  }
}

/** The runs of one answer page whose id could be read, bounded, and the problems (one per run at most for steps). */
export function readRunLogRuns(
  items: unknown[],
  redact: (text: string) => string
): { runs: RunLogRun[]; problems: ItemProblem[] } {
  const { values, problems } = readItems<WireRun>(runLogRunSchema, 'workflowRunId', items)
  const runs = values.map((wire): RunLogRun => {
    const createdAt = wire.workflowRunCreatedAt ?? wire.workflowCreatedAt
    let passed: string | undefined
    const { steps, stepCount } = readSteps(wire.steps ?? [], createdAt, redact, (where, value) => {
      passed ??= `${where} ${shown(value)} passed over: not an object or a list`
    })
    if (passed !== undefined) {
      const index = items.findIndex(item => isRecord(item) && item.workflowRunId === wire.workflowRunId)
      problems.push({ index, id: wire.workflowRunId, detail: passed, kept: true })
    }
    return {
      workflowRunId: wire.workflowRunId,
      ...(createdAt !== undefined ? { workflowCreatedAt: createdAt } : {}),
      ...(wire.workflowUrl !== undefined ? { workflowUrl: bounded(wire.workflowUrl, VALUE_LENGTH, redact) } : {}),
      ...(wire.workflowState !== undefined ? { state: bounded(wire.workflowState, LABEL_LENGTH, redact) } : {}),
      ...(wire.workflowRunCompletedAt !== undefined ? { completedAt: wire.workflowRunCompletedAt } : {}),
      ...(wire.dlqId !== undefined ? { dlqId: bounded(wire.dlqId, VALUE_LENGTH, redact) } : {}),
      steps,
      stepCount
    }
  })
  return { runs, problems }
}

/** Query of one request of the documented path: the exact runs as `id@createdAt` pairs, and the cursor. */
export function runLogQuery(runs: readonly RunRef[], next?: string): URLSearchParams {
  const query = new URLSearchParams({
    workflowRuns: runs.map(r => `${r.workflowRunId}@${r.workflowCreatedAt}`).join(','),
    count: String(runs.length)
  })
  if (next !== undefined) query.set('cursor', next)
  return query
}

/** Query of one request of the SDK's path: one run, grouped by run. */
export function runEventsQuery(run: RunRef, next?: string): URLSearchParams {
  const query = new URLSearchParams({
    groupBy: 'workflowRunId',
    workflowRunId: run.workflowRunId,
    workflowCreatedAt: String(run.workflowCreatedAt)
  })
  if (next !== undefined) query.set('cursor', next)
  return query
}

/**
 * The runs split into requests of at most RUN_LOG_BATCH pairs whose URL `fits`; `unasked`: runs no request can name
 * (an id with a comma is not one pair, one alone too long for a URL), which stay unknown.
 */
export function runLogBatches(
  runs: readonly RunRef[],
  fits: (query: URLSearchParams) => boolean
): { batches: RunRef[][]; unasked: string[] } {
  const batches: RunRef[][] = []
  const unasked: string[] = []
  let batch: RunRef[] = []
  for (const run of runs) {
    if (run.workflowRunId.includes(',') || !fits(runLogQuery([run]))) {
      unasked.push(run.workflowRunId)
      continue
    }
    if (batch.length === RUN_LOG_BATCH || (batch.length > 0 && !fits(runLogQuery([...batch, run])))) {
      batches.push(batch)
      batch = []
    }
    batch.push(run)
  }
  if (batch.length > 0) batches.push(batch)
  return { batches, unasked }
}

/** Which path answers: remembered by the client after the first request that told. */
export type RunLogPath = 'logs' | 'events'

/** What one reading of the run log gave. */
export type RunLogRead =
  /** Both paths answered 404: this service keeps no run log. */
  | { kind: 'absent'; requests: number }
  | {
      kind: 'read'
      /** The path that answered; none when nothing needed asking. */
      path?: RunLogPath
      /** The runs asked about that the log holds, by id (the first one an answer gave). */
      runs: ReadonlyMap<string, RunLogRun>
      /** Runs of the answers left out or kept without a field, for a warning that names them. */
      problems: ItemProblem[]
      /** Runs no request could name (see runLogBatches): unknown, as a run the log does not hold. */
      unasked: string[]
      requests: number
    }

/**
 * Keeps, of each page, the runs that were asked about, once each, each matched by the pair asked: run ids are set by
 * the caller and repeat, so an entry of the same id and another creation time is another run, never this one. Runs
 * of other ids (a filter ignored) are dropped.
 */
export class RunLogCollector {
  /** Each run asked about: its id, and the creation time the service knows it by. */
  private readonly asked: Map<string, number>
  readonly runs = new Map<string, RunLogRun>()
  readonly problems: ItemProblem[] = []
  /** Ids already seen in an answer for the pair asked (read, or left out for a bad field). */
  private readonly pending = new Set<string>()

  constructor(
    runs: readonly RunRef[],
    private readonly redact: (text: string) => string
  ) {
    this.asked = new Map(runs.map(r => [r.workflowRunId, r.workflowCreatedAt]))
  }

  add(items: unknown[]): void {
    // Only the first of each run asked about is read (with the items that name no run, to be named): a server that
    // ignores the filter, or repeats a run, cannot make the reading grow.
    const positions: number[] = []
    items.forEach((item, index) => {
      const record = isRecord(item) ? item : undefined
      const id = record?.workflowRunId
      if (typeof id === 'string' && (!this.asked.has(id) || this.pending.has(id) || !this.isPairAsked(record, id))) {
        return
      }
      if (typeof id === 'string') this.pending.add(id)
      positions.push(index)
    })
    const { runs, problems } = readRunLogRuns(
      positions.map(index => items[index]),
      this.redact
    )
    for (const problem of problems) this.problems.push({ ...problem, index: positions[problem.index] ?? problem.index })
    for (const run of runs) if (!this.runs.has(run.workflowRunId)) this.runs.set(run.workflowRunId, run)
  }

  /** The item is the run asked, not another of the same id: its creation time, where it gives one, is the one asked. */
  private isPairAsked(item: Record<string, unknown> | undefined, id: string): boolean {
    const created = millis.safeParse(item?.workflowRunCreatedAt ?? item?.workflowCreatedAt)
    return !created.success || created.data === undefined || created.data === this.asked.get(id)
  }
}
