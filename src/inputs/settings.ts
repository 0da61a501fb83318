import { resolve as resolvePath } from 'node:path'
import { z } from 'zod'
import { COMMON_INPUTS, INPUT_DEFAULTS, Inputs, OPERATION_INPUTS, Operations, type Operation } from '../constants.js'
import type { ListFilters, Order, ResumeOverrides, WorkflowSelection } from '../results.js'
import { scheduleResumePath } from '../service/query.js'
import { cursorPart, datePart, longestOf, oversizedQuery, type QueryPart } from './query-size.js'
import {
  CONTROL_CHARACTERS,
  parseBaseUrl,
  parseBoolean,
  parseDate,
  parseDuration,
  parseFilterList,
  parseFilterValue,
  parseFlowControlValue,
  parseHeaderText,
  parseInteger,
  parseList,
  parseToken,
  parseUnixMilliseconds
} from './values.js'

/** Reads one input's raw text; `core.getInput` in the action, a plain record in tests. */
export type ReadInput = (name: string) => string

export interface CommonSettings {
  token: string
  /** Token for the GitHub API (issue-on-failure); the job's token by default. */
  githubToken?: string
  baseUrl: URL
  timeoutMs: number
  maxAttempts: number
}

export interface ListSettings extends CommonSettings {
  operation: 'list-dlq'
  filters: ListFilters
  count: number
  order: Order
  cursor?: string
  maxMessages?: number
  maxPages: number
  failIfCountAbove?: number
  failIfOldestOlderThanMs?: number
  /** Absolute path of the NDJSON file to write every listed message to. */
  messagesFile?: string
  /** Date slices to drain at the same time (1: one sequential listing). */
  concurrency: number
  /** Open, update or close an issue with the health check's verdict. */
  issue?: { title: string }
}

export interface ScheduleSettings extends CommonSettings {
  operation: 'resume-schedule'
  scheduleIds: string[]
}

export interface ResumeSettings extends CommonSettings {
  operation: 'resume-workflows'
  selection: WorkflowSelection
  all: boolean
  overrides: ResumeOverrides
  cursor?: string
  maxPages: number
  /** Absolute path of the NDJSON file to write every resumed run to. */
  runsFile?: string
}

export type Settings = ListSettings | ScheduleSettings | ResumeSettings

/** Bad inputs, each line naming the input and what it allows. Expected: shown without a stack trace. */
export class InputError extends Error {
  override name = 'InputError'
}

/** A value of one input: the parser turns text into a value or throws what is allowed. */
function input<T>(parse: (text: string) => T) {
  return z.string().transform((text, ctx): T => {
    try {
      return parse(text)
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message })
      return z.NEVER
    }
  })
}

/** The same, but an empty input means "not set". */
function optional<T>(parse: (text: string) => T) {
  return input(text => (text.trim() === '' ? undefined : parse(text)))
}

const text = optional(s => s.trim())
const filterList = optional(parseFilterList)
const commaList = optional(s => parseList(s, true))
const integer = (min: number, max: number) => optional(s => parseInteger(s, min, max))
const date = (now: number) => optional(s => parseDate(s, now))
const filePath = (workspace: string) =>
  optional(s => {
    if (/[/\\]$/.test(s.trim())) throw new Error('must be a file path, not a directory')
    return resolvePath(workspace, s.trim())
  })

function commonShape() {
  return {
    [Inputs.Token]: input(s => {
      if (s.trim() === '')
        throw new Error('must not be empty: pass the service API token, e.g. ${{ secrets.DLQ_TOKEN }}')
      return parseToken(s)
    }),
    [Inputs.BaseUrl]: input(s => {
      if (s.trim() === '') throw new Error('is required: the address of the service, e.g. https://service.example.com')
      return parseBaseUrl(s)
    }),
    [Inputs.TimeoutSeconds]: integer(1, 3600),
    [Inputs.MaxAttempts]: integer(1, 20),
    [Inputs.GithubToken]: optional(parseToken)
  }
}

function listSchema(now: number, workspace: string) {
  return z
    .object({
      ...commonShape(),
      [Inputs.MessageId]: filterList,
      [Inputs.Url]: filterList,
      [Inputs.TopicName]: filterList,
      [Inputs.ScheduleId]: filterList,
      [Inputs.QueueName]: filterList,
      [Inputs.Api]: filterList,
      [Inputs.FromDate]: date(now),
      [Inputs.ToDate]: date(now),
      [Inputs.ResponseStatus]: integer(100, 599),
      [Inputs.CallerIp]: filterList,
      [Inputs.Count]: integer(1, 100),
      [Inputs.Order]: optional(s => {
        const order = s.trim()
        if (order !== 'earliestFirst' && order !== 'latestFirst')
          throw new Error('must be earliestFirst or latestFirst')
        return order
      }),
      [Inputs.Cursor]: text,
      [Inputs.MaxMessages]: integer(1, Number.MAX_SAFE_INTEGER),
      [Inputs.MaxPages]: integer(1, 1_000_000),
      [Inputs.FailIfCountAbove]: integer(0, Number.MAX_SAFE_INTEGER),
      [Inputs.FailIfOldestOlderThan]: optional(s => {
        const ms = parseDuration(s)
        if (ms === undefined || ms === 0) throw new Error('must be a duration such as 30m, 6h, 2d or 1w')
        return ms
      }),
      [Inputs.MessagesFile]: filePath(workspace),
      [Inputs.Concurrency]: integer(1, 16),
      [Inputs.IssueOnFailure]: optional(parseBoolean),
      [Inputs.IssueTitle]: text
    })
    .superRefine(dateOrder)
    .superRefine((value, ctx) =>
      queryFits(ctx, [
        { input: Inputs.Url, key: 'url', values: value[Inputs.Url] ?? [] },
        { input: Inputs.TopicName, key: 'topicName', values: value[Inputs.TopicName] ?? [] },
        { input: Inputs.ScheduleId, key: 'scheduleId', values: value[Inputs.ScheduleId] ?? [] },
        { input: Inputs.QueueName, key: 'queueName', values: value[Inputs.QueueName] ?? [] },
        { input: Inputs.Api, key: 'api', values: value[Inputs.Api] ?? [] },
        { input: Inputs.CallerIp, key: 'callerIp', values: value[Inputs.CallerIp] ?? [] },
        // Several message ids are listed one id a request.
        { input: Inputs.MessageId, key: 'messageId', values: longestOf(value[Inputs.MessageId]) },
        { input: Inputs.ResponseStatus, key: 'responseStatus', values: given(value[Inputs.ResponseStatus]) },
        datePart(Inputs.FromDate, 'fromDate', value[Inputs.FromDate]),
        datePart(Inputs.ToDate, 'toDate', value[Inputs.ToDate]),
        { input: Inputs.Count, key: 'count', values: [100] },
        { input: Inputs.Order, key: 'order', values: ['earliestFirst'] },
        cursorPart(Inputs.Cursor, value[Inputs.Cursor])
      ])
    )
    .superRefine((value, ctx) => {
      const thresholds = value[Inputs.FailIfCountAbove] ?? value[Inputs.FailIfOldestOlderThan]
      if (value[Inputs.IssueOnFailure] && thresholds === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [Inputs.IssueOnFailure],
          message: 'needs a threshold to judge by: set fail-if-count-above or fail-if-oldest-older-than'
        })
      }
      const concurrency = value[Inputs.Concurrency] ?? 1
      for (const name of [Inputs.Cursor, Inputs.MaxMessages] as const) {
        if (concurrency > 1 && value[name] !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [Inputs.Concurrency],
            message: `must be 1 when ${name} is set: ${name} continues one ordered listing, which parallel slices cannot`
          })
        }
        if ((value[Inputs.MessageId]?.length ?? 0) > 1 && value[name] !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message:
              'cannot be combined with several message-id values: each id is listed on its own (some servers apply ' +
              'only one), so there is no single listing to continue or to stop part way'
          })
        }
      }
    })
}

function scheduleSchema() {
  return z.object({
    ...commonShape(),
    [Inputs.ScheduleId]: input(s => {
      const ids = parseList(s, true)
      if (ids.length === 0) throw new Error('is required: one or more schedule ids, separated by newlines or commas')
      for (const id of ids) scheduleResumePath(id)
      return [...new Set(ids)]
    })
  })
}

function resumeSchema(now: number, workspace: string) {
  return z
    .object({
      ...commonShape(),
      [Inputs.DlqIds]: commaList,
      [Inputs.FromDate]: date(now),
      [Inputs.ToDate]: date(now),
      [Inputs.WorkflowUrl]: optional(parseFilterValue),
      [Inputs.WorkflowRunId]: optional(parseFilterValue),
      [Inputs.WorkflowCreatedAt]: optional(s => {
        if (!/^\d+$/.test(s.trim())) throw new Error('must be the exact creation time in Unix milliseconds')
        return parseUnixMilliseconds(s.trim(), '')
      }),
      [Inputs.All]: optional(parseBoolean),
      [Inputs.FlowControlKey]: optional(parseHeaderText),
      [Inputs.FlowControlValue]: optional(parseFlowControlValue),
      [Inputs.Retries]: integer(0, 1_000_000),
      [Inputs.Cursor]: text,
      [Inputs.MaxPages]: integer(1, 1_000_000),
      [Inputs.RunsFile]: filePath(workspace)
    })
    .superRefine(dateOrder)
    .superRefine((value, ctx) =>
      queryFits(ctx, [
        // dlq-ids are split over as many requests as needed, but each carries one at least.
        { input: Inputs.DlqIds, key: 'dlqIds', values: longestOf(value[Inputs.DlqIds]) },
        { input: Inputs.WorkflowUrl, key: 'workflowUrl', values: given(value[Inputs.WorkflowUrl]) },
        { input: Inputs.WorkflowRunId, key: 'workflowRunId', values: given(value[Inputs.WorkflowRunId]) },
        { input: Inputs.WorkflowCreatedAt, key: 'workflowCreatedAt', values: given(value[Inputs.WorkflowCreatedAt]) },
        datePart(Inputs.FromDate, 'fromDate', value[Inputs.FromDate]),
        datePart(Inputs.ToDate, 'toDate', value[Inputs.ToDate]),
        { input: Inputs.Count, key: 'count', values: [50] },
        cursorPart(Inputs.Cursor, value[Inputs.Cursor])
      ])
    )
}

/** A value the user may have set, as the values of one query part. */
function given<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value]
}

/** Refuses, under the name of the input taking the most bytes, a query longer than one request may carry. */
function queryFits(ctx: z.RefinementCtx, parts: QueryPart[]): void {
  const problem = oversizedQuery(parts)
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.input], message: problem.message })
}

function dateOrder(value: { [Inputs.FromDate]?: number; [Inputs.ToDate]?: number }, ctx: z.RefinementCtx): void {
  const from = value[Inputs.FromDate]
  const to = value[Inputs.ToDate]
  if (from !== undefined && to !== undefined && from > to) {
    ctx.addIssue({
      code: 'custom',
      path: [Inputs.FromDate],
      message: `must not be after to-date (${new Date(from).toISOString()} is after ${new Date(to).toISOString()})`
    })
  }
}

/** Raw text of every input an operation reads. */
function rawInputs(read: ReadInput, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map(name => [name, read(name)]))
}

function describe(issues: z.core.$ZodIssue[], raw: Record<string, string>): string {
  return issues
    .map(issue => {
      const name = String(issue.path[0] ?? 'inputs')
      const given = SECRET_INPUTS.has(name) || raw[name] === undefined ? '' : ` (got "${shorten(raw[name] ?? '')}")`
      return `Input '${name}' ${issue.message}${given}.`
    })
    .join('\n')
}

/** Inputs whose value is never quoted back, even when refused. */
const SECRET_INPUTS: ReadonlySet<string> = new Set([Inputs.Token, Inputs.GithubToken])

/** A value quoted back in one short line: whitespace folded, other control characters shown as escapes. */
export function shorten(value: string): string {
  const flat = value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(CONTROL_CHARACTERS, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat
}

function parseWith<S extends z.ZodType>(schema: S, raw: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new InputError(describe(parsed.error.issues, raw))
  return parsed.data
}

type CommonValues = z.output<z.ZodObject<ReturnType<typeof commonShape>>>

function common(value: CommonValues): CommonSettings {
  return {
    token: value[Inputs.Token],
    baseUrl: value[Inputs.BaseUrl],
    timeoutMs: (value[Inputs.TimeoutSeconds] ?? 30) * 1000,
    maxAttempts: value[Inputs.MaxAttempts] ?? 5,
    ...defined({ githubToken: value[Inputs.GithubToken] })
  }
}

/** Drops keys whose value is undefined, so a settings object shows only what the user set. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

export const DEFAULT_MAX_PAGES = 10_000
export const DEFAULT_ISSUE_TITLE = 'DLQ health check failing'

/**
 * Reads and validates every input of the chosen operation into one settings object.
 * Throws InputError naming each bad input and what it allows; nothing has been sent yet.
 */
export function readSettings(
  read: ReadInput,
  now: number = Date.now(),
  workspace: string = process.env.GITHUB_WORKSPACE || process.cwd()
): Settings {
  const operation = read(Inputs.Operation).trim()
  if (!(Operations as readonly string[]).includes(operation)) {
    const got = operation === '' ? 'it is empty' : `got "${shorten(operation)}"`
    throw new InputError(`Input 'operation' must be one of ${Operations.join(', ')} (${got}).`)
  }
  const op = operation as Operation
  const raw = rawInputs(read, [...COMMON_INPUTS.filter(n => n !== Inputs.Operation), ...OPERATION_INPUTS[op]])

  switch (op) {
    case 'list-dlq': {
      const v = parseWith(listSchema(now, workspace), raw)
      return {
        operation: op,
        ...common(v),
        filters: defined({
          messageId: v[Inputs.MessageId],
          url: v[Inputs.Url],
          topicName: v[Inputs.TopicName],
          scheduleId: v[Inputs.ScheduleId],
          queueName: v[Inputs.QueueName],
          api: v[Inputs.Api],
          fromDate: v[Inputs.FromDate],
          toDate: v[Inputs.ToDate],
          responseStatus: v[Inputs.ResponseStatus],
          callerIp: v[Inputs.CallerIp]
        }),
        count: v[Inputs.Count] ?? 100,
        order: v[Inputs.Order] ?? 'earliestFirst',
        ...defined({
          cursor: v[Inputs.Cursor],
          maxMessages: v[Inputs.MaxMessages],
          failIfCountAbove: v[Inputs.FailIfCountAbove],
          failIfOldestOlderThanMs: v[Inputs.FailIfOldestOlderThan],
          messagesFile: v[Inputs.MessagesFile]
        }),
        maxPages: v[Inputs.MaxPages] ?? DEFAULT_MAX_PAGES,
        concurrency: v[Inputs.Concurrency] ?? 1,
        ...(v[Inputs.IssueOnFailure] ? { issue: { title: v[Inputs.IssueTitle] ?? DEFAULT_ISSUE_TITLE } } : {})
      }
    }
    case 'resume-schedule': {
      const v = parseWith(scheduleSchema(), raw)
      return { operation: op, ...common(v), scheduleIds: v[Inputs.ScheduleId] }
    }
    case 'resume-workflows': {
      const v = parseWith(resumeSchema(now, workspace), raw)
      const selection: WorkflowSelection = defined({
        dlqIds: v[Inputs.DlqIds],
        fromDate: v[Inputs.FromDate],
        toDate: v[Inputs.ToDate],
        workflowUrl: v[Inputs.WorkflowUrl],
        workflowRunId: v[Inputs.WorkflowRunId],
        workflowCreatedAt: v[Inputs.WorkflowCreatedAt]
      })
      const all = v[Inputs.All] ?? false
      if (Object.keys(selection).length === 0 && !all) {
        throw new InputError(
          "Input 'all' must be true to resume every failed workflow run in the DLQ: no selector was given " +
            '(set dlq-ids, from-date, to-date, workflow-url, workflow-run-id or workflow-created-at to narrow it).'
        )
      }
      return {
        operation: op,
        ...common(v),
        selection,
        all,
        overrides: defined({
          flowControlKey: v[Inputs.FlowControlKey],
          flowControlValue: v[Inputs.FlowControlValue],
          retries: v[Inputs.Retries]
        }),
        ...defined({ cursor: v[Inputs.Cursor], runsFile: v[Inputs.RunsFile] }),
        maxPages: v[Inputs.MaxPages] ?? DEFAULT_MAX_PAGES
      }
    }
  }
}

/** Inputs that were set but that the chosen operation does not read: worth a warning, not a failure. */
export function unusedInputs(read: ReadInput, operation: Operation): string[] {
  const used = new Set<string>([...COMMON_INPUTS, ...OPERATION_INPUTS[operation]])
  return Object.values(Inputs).filter(name => {
    const value = read(name).trim()
    return !used.has(name) && value !== '' && value !== INPUT_DEFAULTS[name]
  })
}
