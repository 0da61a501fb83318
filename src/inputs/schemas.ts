/** One zod schema per operation over the raw text of its inputs (its keys), whose transform yields its settings. */
import { z } from 'zod'
import { Inputs } from '../constants.js'
import {
  common,
  commonShape,
  dateOrder,
  either,
  maxPages,
  RUN_SELECTORS,
  runSelectors,
  sourceRule
} from './common-fields.js'
import {
  boolean,
  date,
  defaultInteger,
  filePath,
  filterList,
  input,
  integer,
  optional,
  refuse,
  text,
  valuesOf,
  withDefault
} from './fields.js'
import { countWindows, healthRules, healthShape, thresholdShape, thresholdsOf } from './health-inputs.js'
import { longestOf, queryFits } from './query-fits.js'
import { readDuration, readOne } from './readers.js'
import { restartSchema, resumeSchema, retrySchema } from './bulk-schema.js'
import { deleteSchema } from './delete-schema.js'
import { readScheduleIds } from './selectors.js'

/** Filters of the messages listed; from-date and to-date also bound a listing of failed workflow runs. */
function messageFilters(now: number) {
  return {
    [Inputs.MessageId]: filterList,
    [Inputs.Url]: filterList,
    [Inputs.TopicName]: filterList,
    // Read as resume-schedule reads it: a comma separates ids, as a server reads one inside a filter value.
    [Inputs.ScheduleId]: optional(readScheduleIds),
    [Inputs.QueueName]: filterList,
    [Inputs.Api]: filterList,
    [Inputs.FromDate]: date(now),
    [Inputs.ToDate]: date(now),
    [Inputs.ResponseStatus]: integer(100, 599),
    [Inputs.CallerIp]: filterList
  }
}
const MESSAGE_FILTERS = Object.keys(messageFilters(0)) as (keyof ReturnType<typeof messageFilters>)[]
function listShape(now: number, workspace: string) {
  return {
    ...commonShape,
    ...messageFilters(now),
    [Inputs.Count]: defaultInteger(Inputs.Count, 1, 100),
    [Inputs.Order]: withDefault(Inputs.Order, either('earliestFirst', 'latestFirst')),
    [Inputs.Cursor]: text,
    [Inputs.MaxMessages]: integer(1, Number.MAX_SAFE_INTEGER),
    [Inputs.MaxPages]: maxPages,
    ...thresholdShape(),
    [Inputs.MessagesFile]: filePath(workspace),
    [Inputs.KeepCredentialHeaders]: boolean(Inputs.KeepCredentialHeaders),
    [Inputs.Concurrency]: defaultInteger(Inputs.Concurrency, 1, 16),
    [Inputs.IssueOnFailure]: boolean(Inputs.IssueOnFailure),
    [Inputs.IssueTitle]: withDefault(Inputs.IssueTitle, readOne),
    [Inputs.IssueRepeatInterval]: withDefault(Inputs.IssueRepeatInterval, readDuration),
    [Inputs.Source]: withDefault(Inputs.Source, either('message', 'workflow')),
    ...runSelectors,
    ...healthShape(workspace)
  }
}

type ListValues = z.output<z.ZodObject<ReturnType<typeof listShape>>>

/** The filters a listing sends, in the order of its query. */
function listFilters(v: ListValues) {
  return {
    ...valuesOf(v, MESSAGE_FILTERS),
    ...(v[Inputs.Source] === 'workflow' ? { source: 'workflow' as const } : {}),
    ...valuesOf(v, RUN_SELECTORS)
  }
}

function listRules(v: ListValues, ctx: z.RefinementCtx): void {
  dateOrder(v, ctx)
  sourceRule(v, ctx, MESSAGE_FILTERS, 'filtered')
  const filters = listFilters(v)
  // Several message ids are listed one id a request.
  const messageId = longestOf(filters.messageId)
  queryFits(ctx, { ...filters, messageId, count: 100, order: 'earliestFirst' }, v[Inputs.Cursor])
  healthRules(v, ctx)
  for (const name of [Inputs.Cursor, Inputs.MaxMessages] as const) {
    if (v[Inputs.Concurrency] > 1 && v[name] !== undefined) {
      refuse(
        ctx,
        Inputs.Concurrency,
        `must be 1 when ${name} is set: ${name} continues one ordered listing, which parallel slices cannot`
      )
    }
    if ((v[Inputs.MessageId]?.length ?? 0) > 1 && v[name] !== undefined) {
      refuse(
        ctx,
        name,
        'cannot be combined with several message-id values: each id is listed on its own (some servers apply ' +
          'only one), so there is no single listing to continue or to stop part way'
      )
    }
  }
}

function listSchema(now: number, workspace: string) {
  return z
    .object(listShape(now, workspace))
    .superRefine(listRules)
    .transform(v => ({
      operation: 'list-dlq' as const,
      ...common(v),
      list: {
        filters: listFilters(v),
        pageSize: v[Inputs.Count],
        ...valuesOf(v, [Inputs.Order, Inputs.MaxPages, Inputs.Concurrency, Inputs.Cursor, Inputs.MaxMessages]),
        windows: countWindows(v)
      },
      health: thresholdsOf(v),
      ...valuesOf(v, [Inputs.MessagesFile, Inputs.KeepCredentialHeaders, Inputs.MetricsFile, Inputs.HistoryFile]),
      ...(v[Inputs.IssueOnFailure]
        ? {
            issue: {
              title: v[Inputs.IssueTitle],
              repeatIntervalMs: v[Inputs.IssueRepeatInterval],
              labels: v[Inputs.IssueLabels] ?? [],
              assignees: v[Inputs.IssueAssignees] ?? []
            }
          }
        : {})
    }))
}

const scheduleShape = {
  ...commonShape,
  [Inputs.DryRun]: boolean(Inputs.DryRun),
  [Inputs.ScheduleId]: input(s => {
    if (s.trim() === '') throw new Error('is required: one or more schedule ids, separated by newlines or commas')
    return readScheduleIds(s)
  })
}

function scheduleSchema() {
  return z.object(scheduleShape).transform(v => ({
    operation: 'resume-schedule' as const,
    ...common(v),
    schedules: { scheduleIds: v[Inputs.ScheduleId] },
    dryRun: v[Inputs.DryRun]
  }))
}

/** Each operation's schema: the keys of its object are the inputs it reads, the single source of that list. */
export const SCHEMAS = {
  'list-dlq': listSchema,
  'resume-schedule': scheduleSchema,
  'resume-workflows': resumeSchema,
  'restart-workflows': restartSchema,
  'retry-messages': retrySchema,
  'delete-dlq': deleteSchema
}
