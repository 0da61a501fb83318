/** One zod schema per operation over the raw text of its inputs (its keys), whose transform yields its settings. */
import { z } from 'zod'
import { CURSOR_ROOM_BYTES, Inputs, MAX_URL_BYTES, RESUME_PAGE_SIZE } from '../constants.js'
import type { ResumeRequest } from '../requests.js'
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
import { readDuration, readList, readOne, readOneFilter } from './readers.js'
import {
  dlqIdProblem,
  parseBaseUrl,
  parseFlowControlValue,
  parseHeaderText,
  parseToken,
  parseUnixMilliseconds
} from './values.js'
import { oneWorkflowUrl, readScheduleIds } from './selectors.js'
import { parseMinCompleted, parseStages, parseWatch, stagePlan, stagingProblems } from './staging.js'

function dateOrder(value: { [Inputs.FromDate]?: number; [Inputs.ToDate]?: number }, ctx: z.RefinementCtx): void {
  const { [Inputs.FromDate]: from, [Inputs.ToDate]: to } = value
  if (from !== undefined && to !== undefined && from > to) {
    const [later, earlier] = [new Date(from).toISOString(), new Date(to).toISOString()]
    refuse(ctx, Inputs.FromDate, `must not be after to-date (${later} is after ${earlier})`)
  }
}

// The query each request will carry, measured from the inputs before any request against MAX_URL_BYTES.
/** A date bound as the action may send it (parallel slices set their own): 13 digits until the year 2286. */
const DATE_PLACEHOLDER = 9_999_999_999_999
const CURSOR_ROOM = 'x'.repeat(CURSOR_ROOM_BYTES)

function encodedBytes(key: string, values: readonly unknown[]): number {
  const query = new URLSearchParams()
  for (const value of values) query.append(key, String(value))
  const text = query.toString()
  // Each pair after the first is joined by one '&'.
  return text === '' ? 0 : text.length + 1
}

const longer = (a: string, b: string): string => (encodedBytes('k', [b]) > encodedBytes('k', [a]) ? b : a)

/** The longest of some values, as a one-value list (each request carries one of them at most). */
function longestOf(values: readonly string[] | undefined): string[] {
  return values === undefined || values.length === 0 ? [] : [values.reduce(longer)]
}

/** Of inputs taking the same bytes, the refusal names the first in this order. */
const TIE_ORDER = (
  'dlqIds workflowUrl workflowRunId workflowCreatedAt source url topicName scheduleId queueName api callerIp ' +
  'messageId responseStatus fromDate toDate count order cursor'
).split(' ')

/** Refuses a request's query (by the service's names) at its longest past MAX_URL_BYTES, naming its largest input. */
function queryFits(ctx: z.RefinementCtx, query: Record<string, unknown>, cursor: string | undefined): void {
  const longest = {
    ...query,
    fromDate: query.fromDate ?? DATE_PLACEHOLDER,
    toDate: query.toDate ?? DATE_PLACEHOLDER,
    cursor: longer(CURSOR_ROOM, cursor ?? '')
  }
  const sizes = Object.entries(longest)
    .sort(([a], [b]) => TIE_ORDER.indexOf(a) - TIE_ORDER.indexOf(b))
    .map(([key, value]) => ({
      input: key.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`),
      bytes: encodedBytes(key, value === undefined ? [] : [value].flat())
    }))
  const total = sizes.reduce((sum, part) => sum + part.bytes, 0)
  if (total <= MAX_URL_BYTES) return
  const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a))
  refuse(
    ctx,
    largest.input,
    `makes the query of each request too long: it takes ${largest.bytes} bytes of ${total}, over the ` +
      `${MAX_URL_BYTES} bytes (6 KB) a request may carry, since servers and proxies refuse longer URLs; ` +
      'give fewer or shorter values'
  )
}

/** One of two words, or a refusal naming both. */
function either<W extends string>(a: W, b: W): (text: string) => W {
  return text => {
    const word = readOne(text)
    if (word !== a && word !== b) throw new Error(`must be ${a} or ${b}`)
    return word as W
  }
}

const maxPages = defaultInteger(Inputs.MaxPages, 1, 1_000_000)
const commonShape = {
  [Inputs.Token]: input(s => {
    if (s.trim() === '') {
      throw new Error(
        'must not be empty: pass the service API token, e.g. ${{ secrets.DLQ_TOKEN }} (a secret reads as empty ' +
          'when it is not set in this repository or environment, and in workflows run from a fork)'
      )
    }
    return parseToken(s)
  }),
  [Inputs.BaseUrl]: input(s => {
    if (s.trim() === '') throw new Error('is required: the address of the service, e.g. https://service.example.com')
    return parseBaseUrl(readOne(s))
  }),
  [Inputs.TimeoutSeconds]: defaultInteger(Inputs.TimeoutSeconds, 1, 3600),
  [Inputs.MaxAttempts]: defaultInteger(Inputs.MaxAttempts, 1, 20),
  [Inputs.GithubToken]: optional(parseToken)
}

/** How to reach the service (given to the client only), and the token for the GitHub API (issue-on-failure). */
function common(v: z.output<z.ZodObject<typeof commonShape>>) {
  return {
    service: {
      ...valuesOf(v, [Inputs.Token, Inputs.BaseUrl, Inputs.MaxAttempts]),
      timeoutMs: v[Inputs.TimeoutSeconds] * 1000
    },
    ...valuesOf(v, [Inputs.GithubToken])
  }
}

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
/** What selects failed workflow runs, besides the dates: list-dlq takes them with source workflow only. */
const runSelectors = {
  // A listing sends workflowUrl as a repeated key; workflowRunId (an id or prefix) takes one value on any server.
  [Inputs.WorkflowUrl]: filterList,
  [Inputs.WorkflowRunId]: optional(readOneFilter),
  [Inputs.WorkflowCreatedAt]: optional(s => {
    const value = readOne(s)
    if (!/^\d+$/.test(value)) throw new Error('must be the exact creation time in Unix milliseconds')
    return parseUnixMilliseconds(value, '')
  })
}
const RUN_SELECTORS = Object.keys(runSelectors) as (keyof typeof runSelectors)[]

/** The inputs that narrow a resume-workflows run: without one, only `all: true` resumes (every failed run). */
export const RESUME_SELECTORS = [Inputs.DlqIds, Inputs.DlqIdsFile, Inputs.FromDate, Inputs.ToDate, ...RUN_SELECTORS]

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
  const workflow = v[Inputs.Source] === 'workflow'
  dateOrder(v, ctx)
  const says = workflow
    ? 'does not apply with source workflow: failed workflow runs are filtered by workflow-url, workflow-run-id, ' +
      'workflow-created-at, from-date and to-date'
    : 'applies only with source workflow (the failed workflow runs); set source: workflow to use it'
  for (const name of workflow ? MESSAGE_FILTERS : RUN_SELECTORS) {
    if (v[name] !== undefined && name !== Inputs.FromDate && name !== Inputs.ToDate) refuse(ctx, name, says)
  }
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
  [Inputs.ScheduleId]: input(s => {
    if (s.trim() === '') throw new Error('is required: one or more schedule ids, separated by newlines or commas')
    return readScheduleIds(s)
  })
}

function scheduleSchema() {
  return z.object(scheduleShape).transform(v => ({
    operation: 'resume-schedule' as const,
    ...common(v),
    schedules: { scheduleIds: v[Inputs.ScheduleId] }
  }))
}

function resumeShape(now: number, workspace: string) {
  return {
    ...commonShape,
    // list-dlq's dlq-ids output is a JSON array; an id never holds a comma, a quote or a bracket (dlqIdProblem).
    [Inputs.DlqIds]: optional(s => readList(s, { commas: true, problem: dlqIdProblem })),
    [Inputs.DlqIdsFile]: filePath(workspace),
    [Inputs.MaxRuns]: integer(1, Number.MAX_SAFE_INTEGER),
    [Inputs.FromDate]: date(now),
    [Inputs.ToDate]: date(now),
    ...runSelectors,
    // Read as a listing reads it, but the bulk resume takes one workflow-url, not a repeated key.
    [Inputs.WorkflowUrl]: optional(oneWorkflowUrl),
    [Inputs.All]: boolean(Inputs.All),
    [Inputs.FlowControlKey]: optional(s => parseHeaderText(readOne(s))),
    [Inputs.FlowControlValue]: optional(s => parseFlowControlValue(readOne(s))),
    [Inputs.Retries]: integer(0, 1_000_000),
    [Inputs.Cursor]: text,
    [Inputs.MaxPages]: maxPages,
    [Inputs.RunsFile]: filePath(workspace),
    [Inputs.Stages]: optional(parseStages),
    [Inputs.Watch]: optional(parseWatch),
    [Inputs.WatchMaxFailed]: defaultInteger(Inputs.WatchMaxFailed, 0, Number.MAX_SAFE_INTEGER),
    [Inputs.WatchRetries]: integer(0, 1_000_000),
    [Inputs.WatchMinCompleted]: optional(parseMinCompleted)
  }
}

type ResumeValues = z.output<z.ZodObject<ReturnType<typeof resumeShape>>>

const selectionOf = (v: ResumeValues) => valuesOf(v, [Inputs.DlqIds, Inputs.FromDate, Inputs.ToDate, ...RUN_SELECTORS])

function resumeRules(v: ResumeValues, ctx: z.RefinementCtx): void {
  dateOrder(v, ctx)
  const selection = selectionOf(v)
  // dlq-ids are split over as many requests as needed, but each carries one at least.
  queryFits(ctx, { ...selection, dlqIds: longestOf(selection.dlqIds), count: RESUME_PAGE_SIZE }, v[Inputs.Cursor])
  if (v[Inputs.DlqIds] !== undefined && v[Inputs.DlqIdsFile] !== undefined) {
    refuse(ctx, Inputs.DlqIdsFile, 'cannot be combined with dlq-ids: give the ids in one of the two')
  }
  // A GitHub-hosted job ends at 6 hours: a plan whose watches take longer is refused there, stated elsewhere.
  const hosted = process.env.RUNNER_ENVIRONMENT === 'github-hosted'
  const staging = [v[Inputs.Stages], v[Inputs.Watch], v[Inputs.WatchMaxFailed], v[Inputs.WatchRetries]] as const
  for (const [name, says] of stagingProblems(...staging, hosted, v[Inputs.WatchMinCompleted])) refuse(ctx, name, says)
}

function resumeSchema(now: number, workspace: string) {
  return z
    .object(resumeShape(now, workspace))
    .superRefine(resumeRules)
    .transform(v => {
      // Typed as the request, which dlq-ids-file later completes with the line of each id.
      const resume: ResumeRequest = {
        selection: selectionOf(v),
        overrides: valuesOf(v, [Inputs.FlowControlKey, Inputs.FlowControlValue, Inputs.Retries]),
        ...valuesOf(v, [Inputs.All, Inputs.MaxPages, Inputs.Cursor, Inputs.MaxRuns]),
        ...stagePlan(
          v[Inputs.Stages],
          v[Inputs.Watch],
          v[Inputs.WatchMaxFailed],
          v[Inputs.WatchRetries],
          v[Inputs.WatchMinCompleted]
        )
      }
      const files = valuesOf(v, [Inputs.RunsFile, Inputs.DlqIdsFile])
      return { operation: 'resume-workflows' as const, ...common(v), resume, ...files }
    })
}

/** Each operation's schema: the keys of its object are the inputs it reads, the single source of that list. */
export const SCHEMAS = { 'list-dlq': listSchema, 'resume-schedule': scheduleSchema, 'resume-workflows': resumeSchema }
