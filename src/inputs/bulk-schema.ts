/**
 * The schema of every bulk write (src/verbs.ts) over the raw text of its inputs, whose transform yields its settings:
 * resume-workflows and restart-workflows select failed workflow runs, retry-messages failed messages.
 */
import { z } from 'zod'
import { Inputs } from '../constants.js'
import type { ResumeRequest } from '../requests.js'
import { VERBS, type BulkOperation } from '../verbs.js'
import { common, commonShape, dateOrder, maxPages, RUN_SELECTORS, runSelectors } from './common-fields.js'
import {
  boolean,
  date,
  defaultInteger,
  filePath,
  filterList,
  integer,
  optional,
  refuse,
  text,
  valuesOf
} from './fields.js'
import { longestOf, queryFits } from './query-fits.js'
import { readList, readOne, readOneFilter } from './readers.js'
import { parseRunPairs } from './run-pairs.js'
import { oneWorkflowUrl, readScheduleIds } from './selectors.js'
import { parseMinCompleted, parseStages, parseWatch, stagePlan, stagingProblems } from './staging.js'
import { dlqIdProblem, parseDelay, parseFlowControlValue, parseHeaderText } from './values.js'

/** The inputs that narrow a resume-workflows run: without one, only `all: true` resumes (every failed run). */
const RESUME_SELECTORS = [
  Inputs.DlqIds,
  Inputs.DlqIdsFile,
  Inputs.WorkflowRuns,
  Inputs.FromDate,
  Inputs.ToDate,
  ...RUN_SELECTORS
]

/** The filters a retry selects messages by, the listing's (wire contract, 6): message-id takes one value. */
export const MESSAGE_SELECTORS = [
  Inputs.MessageId,
  Inputs.Url,
  Inputs.TopicName,
  Inputs.ScheduleId,
  Inputs.QueueName,
  Inputs.ResponseStatus,
  Inputs.CallerIp
] as const

/** The inputs that narrow a retry-messages run: without one, only `all: true` retries every message. */
const RETRY_SELECTORS = [Inputs.DlqIds, Inputs.DlqIdsFile, Inputs.FromDate, Inputs.ToDate, ...MESSAGE_SELECTORS]

/** A delete's selectors: its DLQ's (input source), and older-than, which narrows it by age. */
const DELETE_SELECTORS = (dlq: 'workflow' | 'message'): Inputs[] => [
  Inputs.DlqIds,
  Inputs.DlqIdsFile,
  Inputs.OlderThan,
  Inputs.FromDate,
  Inputs.ToDate,
  ...(dlq === 'message' ? MESSAGE_SELECTORS : RUN_SELECTORS)
]

/** The selectors of an operation's write, as the refusal of a write without any names them; `dlq`: the one it takes. */
export const selectorsOf = (operation: BulkOperation, dlq = VERBS[operation].dlq): Inputs[] =>
  operation === 'delete-dlq' ? DELETE_SELECTORS(dlq) : dlq === 'message' ? RETRY_SELECTORS : RESUME_SELECTORS

/** What selects failed messages: the listing's filters, message-id one value (servers apply one only). */
export const messageSelectors = {
  [Inputs.MessageId]: optional(s => {
    const ids = readList(s)
    if (ids.length > 1) {
      throw new Error(
        'takes one value on retry-messages and delete-dlq (servers apply one message id only): give several ' +
          "entries by dlq-ids, such as list-dlq's dlq-ids output"
      )
    }
    return readOneFilter(ids[0] ?? '')
  }),
  [Inputs.Url]: filterList,
  [Inputs.TopicName]: filterList,
  [Inputs.ScheduleId]: optional(readScheduleIds),
  [Inputs.QueueName]: filterList,
  [Inputs.ResponseStatus]: integer(100, 599),
  [Inputs.CallerIp]: filterList
}

/** Every bulk write's inputs; the run selectors for the workflow verbs, the message filters for a retry. */
function bulkShape(now: number, workspace: string) {
  return {
    ...commonShape,
    // list-dlq's dlq-ids output is a JSON array; an id never holds a comma, a quote or a bracket (dlqIdProblem).
    [Inputs.DlqIds]: optional(s => readList(s, { commas: true, problem: dlqIdProblem })),
    [Inputs.DlqIdsFile]: filePath(workspace),
    [Inputs.MaxEntries]: integer(1, Number.MAX_SAFE_INTEGER),
    [Inputs.FromDate]: date(now),
    [Inputs.ToDate]: date(now),
    [Inputs.All]: boolean(Inputs.All),
    [Inputs.DryRun]: boolean(Inputs.DryRun),
    [Inputs.PlanFile]: filePath(workspace),
    [Inputs.ExpectCount]: integer(0, Number.MAX_SAFE_INTEGER),
    [Inputs.FlowControlKey]: optional(s => parseHeaderText(readOne(s))),
    [Inputs.FlowControlValue]: optional(s => parseFlowControlValue(readOne(s))),
    [Inputs.Retries]: integer(0, 1_000_000),
    [Inputs.Cursor]: text,
    [Inputs.MaxPages]: maxPages,
    [Inputs.Stages]: optional(parseStages),
    [Inputs.Watch]: optional(parseWatch),
    [Inputs.WatchMaxFailed]: defaultInteger(Inputs.WatchMaxFailed, 0, Number.MAX_SAFE_INTEGER),
    [Inputs.WatchRetries]: integer(0, 1_000_000)
  }
}

/** The inputs of a write on failed workflow runs (resume, restart): the run selectors, or the runs by their pairs. */
function runShape(now: number, workspace: string) {
  return {
    ...bulkShape(now, workspace),
    ...runSelectors,
    // Read as a listing reads it, but the bulk resume takes one workflow-url, not a repeated key.
    [Inputs.WorkflowUrl]: optional(oneWorkflowUrl),
    [Inputs.WorkflowRuns]: optional(parseRunPairs),
    [Inputs.RunsFile]: filePath(workspace),
    // Judged by the run log, which knows workflow runs only.
    [Inputs.WatchMinCompleted]: optional(parseMinCompleted),
    // The cap's first name, from before max-entries: still read, never with it.
    [Inputs.MaxRuns]: integer(1, Number.MAX_SAFE_INTEGER)
  }
}

/** What the workflow verbs and a retry may set: each schema has its own keys, its values' types in common. */
type BulkValues = z.output<z.ZodObject<ReturnType<typeof bulkShape>>> &
  Partial<z.output<z.ZodObject<ReturnType<typeof runShape>>>> &
  Partial<z.output<z.ZodObject<typeof messageSelectors>>> & { [Inputs.Delay]?: string }

/** The selection as the service names it: the verb's own selectors only (its schema reads no others). */
function selectionOf(v: BulkValues) {
  return {
    ...valuesOf(v, [Inputs.DlqIds, Inputs.FromDate, Inputs.ToDate]),
    ...valuesOf(v, RUN_SELECTORS),
    ...valuesOf(v, MESSAGE_SELECTORS)
  }
}

function bulkRules(operation: BulkOperation, v: BulkValues, ctx: z.RefinementCtx): void {
  const verb = VERBS[operation]
  dateOrder(v, ctx)
  const selection = selectionOf(v)
  // dlq-ids are split over as many requests as needed, but each carries one at least.
  queryFits(ctx, { ...selection, dlqIds: longestOf(selection.dlqIds), count: verb.pageSize }, v[Inputs.Cursor])
  if (v[Inputs.MaxRuns] !== undefined && v[Inputs.MaxEntries] !== undefined) {
    refuse(ctx, Inputs.MaxRuns, 'cannot be combined with max-entries, its newer name: set max-entries only')
  }
  writePlanRules(verb.words.base, v, ctx)
  if (v[Inputs.DlqIds] !== undefined && v[Inputs.DlqIdsFile] !== undefined) {
    refuse(ctx, Inputs.DlqIdsFile, 'cannot be combined with dlq-ids: give the ids in one of the two')
  }
  const byIds = v[Inputs.DlqIds] !== undefined || v[Inputs.DlqIdsFile] !== undefined
  if (
    v[Inputs.Cursor] !== undefined &&
    !byIds &&
    v[Inputs.WorkflowRuns] === undefined &&
    v[Inputs.ToDate] === undefined
  ) {
    // The cursor continues selectors bounded by a to-date: sent without it, the rest would take what the write made.
    refuse(
      ctx,
      Inputs.ToDate,
      `is required with cursor in a ${verb.words.base} by filters: set it to the output next-to-date of the step ` +
        'that gave the cursor (and from-date to next-from-date when that is not empty), the bound every request of ' +
        `that ${verb.words.base} sent; without it the continuation could take the ${verb.words.items} it created, ` +
        'back in the DLQ'
    )
  }
  if (v[Inputs.WorkflowRuns] !== undefined) {
    // The runs are the whole selection: each is found by its pair, then resumed by the dlqId found.
    const others = [...RESUME_SELECTORS.filter(name => name !== Inputs.WorkflowRuns), Inputs.Cursor].filter(
      name => v[name as keyof BulkValues] !== undefined
    )
    if (v[Inputs.All]) others.push(Inputs.All)
    if (others.length > 0) {
      refuse(
        ctx,
        Inputs.WorkflowRuns,
        `cannot be combined with ${others.join(', ')}: the runs given are the whole selection (each found by its ` +
          'run id and creation time)'
      )
    }
  }

  // A GitHub-hosted job ends at 6 hours: a plan whose watches take longer is refused there, stated elsewhere.
  const hosted = process.env.RUNNER_ENVIRONMENT === 'github-hosted'
  const staging = [v[Inputs.Stages], v[Inputs.Watch], v[Inputs.WatchMaxFailed], v[Inputs.WatchRetries]] as const
  for (const [name, says] of stagingProblems(...staging, hosted, v[Inputs.WatchMinCompleted])) refuse(ctx, name, says)
}

/**
 * dry-run, plan-file and expect-count: a plan lists what the write would take and writes nothing; expect-count
 * lists first and writes only the entries listed, when they are exactly as many.
 */
function writePlanRules(base: string, v: BulkValues, ctx: z.RefinementCtx): void {
  if (v[Inputs.PlanFile] !== undefined && !v[Inputs.DryRun] && v[Inputs.ExpectCount] === undefined) {
    refuse(
      ctx,
      Inputs.PlanFile,
      `applies with dry-run: true (the plan of what the ${base} would take) or expect-count (the entries listed ` +
        'before the write)'
    )
  }
  if (v[Inputs.PlanFile] !== undefined && v[Inputs.PlanFile] === v[Inputs.DlqIdsFile]) {
    refuse(ctx, Inputs.PlanFile, 'must not be the file dlq-ids-file reads: the plan would overwrite what it reads')
  }
  if (v[Inputs.DryRun] && v[Inputs.Stages] !== undefined) {
    refuse(ctx, Inputs.Stages, `does not apply with dry-run: true (a plan takes nothing, so nothing is watched)`)
  }
  if (v[Inputs.DryRun] && v[Inputs.Cursor] !== undefined) {
    refuse(
      ctx,
      Inputs.Cursor,
      `does not apply with dry-run: true: a plan lists the whole selection (the cursor of a ${base} continues no ` +
        'listing); run it without cursor'
    )
  }
  if (v[Inputs.ExpectCount] !== undefined && v[Inputs.WorkflowRuns] !== undefined) {
    refuse(
      ctx,
      Inputs.ExpectCount,
      'cannot be combined with workflow-runs: the runs given are already exact (each found by its run id and ' +
        'creation time), and the resume says which were not in the DLQ'
    )
  }
  const cap =
    v[Inputs.MaxEntries] !== undefined
      ? Inputs.MaxEntries
      : v[Inputs.MaxRuns] !== undefined
        ? Inputs.MaxRuns
        : undefined
  const byIds = v[Inputs.DlqIds] !== undefined || v[Inputs.DlqIdsFile] !== undefined
  if (v[Inputs.ExpectCount] !== undefined && byIds && cap !== undefined) {
    refuse(
      ctx,
      cap,
      'cannot be combined with expect-count and dlq-ids: the count is of the ids given, taken whole; to take part ' +
        'of a plan, give fewer ids'
    )
  }
  if (v[Inputs.ExpectCount] !== undefined && v[Inputs.Cursor] !== undefined) {
    refuse(
      ctx,
      Inputs.ExpectCount,
      'cannot be combined with cursor: the count is of the whole selection, listed before any write'
    )
  }
}

/** The schema of one bulk write (src/verbs.ts) over its inputs' shape: selectors, overrides, stages, plan, files. */
function bulkSchema<O extends BulkOperation, S extends z.ZodRawShape>(
  operation: O,
  shapeOf: (now: number, workspace: string) => S
) {
  return (now: number, workspace: string) =>
    z
      .object(shapeOf(now, workspace))
      .superRefine((v, ctx) => bulkRules(operation, v as BulkValues, ctx))
      .transform(raw => {
        const v = raw as BulkValues
        const maxRuns = v[Inputs.MaxEntries] ?? v[Inputs.MaxRuns]
        // Typed as the request, which dlq-ids-file later completes with the line of each id.
        const resume: ResumeRequest = {
          ...(operation !== 'resume-workflows' ? { verb: operation } : {}),
          selection: selectionOf(v),
          overrides: valuesOf(v, [Inputs.FlowControlKey, Inputs.FlowControlValue, Inputs.Retries, Inputs.Delay]),
          ...valuesOf(v, [Inputs.All, Inputs.MaxPages, Inputs.Cursor]),
          ...(maxRuns !== undefined ? { maxRuns } : {}),
          ...(v[Inputs.WorkflowRuns] !== undefined ? { runs: v[Inputs.WorkflowRuns] } : {}),
          ...stagePlan(
            v[Inputs.Stages],
            v[Inputs.Watch],
            v[Inputs.WatchMaxFailed],
            v[Inputs.WatchRetries],
            v[Inputs.WatchMinCompleted]
          )
        }
        const files = valuesOf(v, [Inputs.RunsFile, Inputs.DlqIdsFile, Inputs.PlanFile])
        const plan = { dryRun: v[Inputs.DryRun], ...valuesOf(v, [Inputs.ExpectCount]) }
        return { operation, ...common(v), resume, ...plan, ...files }
      })
}

const delay = { [Inputs.Delay]: optional(s => parseDelay(readOne(s))) }
export const resumeSchema = bulkSchema('resume-workflows', runShape)
export const restartSchema = bulkSchema('restart-workflows', (now, ws) => ({ ...runShape(now, ws), ...delay }))
export const retrySchema = bulkSchema('retry-messages', (now, ws) => ({
  ...bulkShape(now, ws),
  ...messageSelectors,
  ...delay
}))
