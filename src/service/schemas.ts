import { z } from 'zod'

/** The largest time a JavaScript Date can hold (ms); a later one would crash every date written from it. */
export const MAX_DATE_MS = 8.64e15

/** True for a number of milliseconds that a Date can hold: anything else is left out of dates and charts. */
export function isDateMs(ms: unknown): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS
}

const TIME_EXPECTED = `expected milliseconds from 0 to ${MAX_DATE_MS} (a time a JavaScript Date can hold)`

const timeNumber = z
  .number({ error: TIME_EXPECTED })
  .int(TIME_EXPECTED)
  .min(0, TIME_EXPECTED)
  .max(MAX_DATE_MS, TIME_EXPECTED)

/** Some servers send timestamps as strings of digits: accept both, keep a number. */
const millis = z.union(
  [
    timeNumber,
    z
      .string()
      .regex(/^\d{1,16}$/)
      .transform(s => Number(s))
      .pipe(timeNumber)
  ],
  { error: TIME_EXPECTED }
)

/** A cursor: absent, null and "" all mean the end. */
const cursor = z
  .string()
  .nullish()
  .transform(c => (c ? c : undefined))

const headerMap = z.record(z.string(), z.array(z.string()))

/** A DLQ message. Lenient on read: only messageId is required, unknown fields are kept. */
export const dlqMessageSchema = z.looseObject({
  messageId: z.string().min(1),
  dlqId: z.string().optional(),
  topicId: z.string().optional(),
  topicName: z.string().optional(),
  endpointName: z.string().optional(),
  url: z.string().optional(),
  method: z.string().optional(),
  header: headerMap.optional(),
  body: z.string().optional(),
  bodyBase64: z.string().optional(),
  maxRetries: z.number().optional(),
  notBefore: millis.optional(),
  createdAt: millis.optional(),
  callback: z.string().optional(),
  failureCallback: z.string().optional(),
  scheduleId: z.string().optional(),
  callerIP: z.string().optional(),
  callerIp: z.string().optional(),
  queueName: z.string().optional(),
  responseStatus: z.number().int().optional(),
  responseHeader: headerMap.optional(),
  responseBody: z.string().optional(),
  responseBodyBase64: z.string().optional(),
  state: z.string().optional(),
  // A failed workflow run's entry (source=workflow) carries these beside the message fields.
  workflowUrl: z.string().optional(),
  workflowRunId: z.string().optional(),
  workflowCreatedAt: millis.optional()
})
export type DlqMessage = z.infer<typeof dlqMessageSchema>

/** A page's envelope: the cursor is checked at once, the messages only when read. */
export const dlqEnvelopeSchema = z.object({
  messages: z.array(z.unknown()),
  cursor
})

/** One item of a page that could not be used as it stands, for a warning that names it. */
export interface ItemProblem {
  /** Position of the item in its page, from 0. */
  index: number
  /** The item's id (messageId, workflowRunId) when it has a usable one. */
  id?: string
  /** What was wrong, naming the field; third-party text, escaped where it is written. */
  detail: string
  /** false: the item was left out; true: it was kept without the field named in `detail`. */
  kept: boolean
}

/**
 * A page of the DLQ. Its cursor is checked on arrival; its items only when read with readDlqMessages, so that a
 * drain can send the next request before spending time on this page.
 */
export interface DlqPage {
  cursor?: string
  /** Checked only as an array here: the listing reads them with readDlqMessages, after the next request is sent. */
  items: unknown[]
}

const workflowRunSchema = z.looseObject({
  workflowRunId: z.string().min(1),
  workflowCreatedAt: millis.optional()
})
export interface WorkflowRun {
  workflowRunId: string
  /** Absent when the service sent none, or one that is not a usable time. */
  workflowCreatedAt?: number
}

/** A bulk resume answer's envelope: the runs are read one by one with readWorkflowRuns. */
export const resumeEnvelopeSchema = z.object({
  workflowRuns: z.array(z.unknown()),
  cursor
})

/** One answered bulk-resume request, its runs read item by item. */
export interface ResumePage {
  cursor?: string
  /** The runs whose id could be read. */
  workflowRuns: WorkflowRun[]
  /** Runs left out (no usable id: the service still resumed them) or kept without a bad field. */
  problems: ItemProblem[]
}

export const errorBodySchema = z.object({ error: z.string() })

const MAX_SHOWN = 40

/**
 * A short, type-revealing picture of a bad value: never a whole object, however deep or long. A long string is shown
 * by its length only: a piece of it could hold part of a secret that the redactor, which sees whole secrets, misses.
 */
function shown(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') {
    return value.length > MAX_SHOWN ? `a string of ${value.length} characters` : JSON.stringify(value)
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return typeof value === 'object' ? 'an object' : String(typeof value)
}

/** A JSON object (not an array, not null): what a wire shape is read from. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Reads the items of a page one by one against an object schema: a valid item as it is; otherwise `null` in an
 * optional field is read as absent, a field with an unusable value is dropped (problem kept: true), and an item
 * without a usable `idKey` is left out (problem kept: false). Unknown fields stay. Never throws.
 */
function readItems<T>(
  schema: z.ZodObject,
  idKey: string,
  items: readonly unknown[]
): { values: T[]; problems: ItemProblem[] } {
  const shape = schema.shape as Record<string, z.ZodType>
  const idSchema = shape[idKey] as z.ZodType
  const values: T[] = []
  const problems: ItemProblem[] = []
  items.forEach((item, index) => {
    const whole = schema.safeParse(item)
    if (whole.success) {
      values.push(whole.data as T)
      return
    }
    if (!isRecord(item)) {
      problems.push({ index, detail: `not an object (${shown(item)})`, kept: false })
      return
    }
    const id = idSchema.safeParse(item[idKey])
    if (!id.success) {
      problems.push({ index, detail: `no usable ${idKey} (${shown(item[idKey])})`, kept: false })
      return
    }
    const entries: [string, unknown][] = []
    for (const [key, value] of Object.entries(item)) {
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined
      if (field === undefined) {
        entries.push([key, value])
        continue
      }
      if (value === null) continue
      const read = field.safeParse(value)
      if (read.success) {
        entries.push([key, read.data])
      } else {
        const why = read.error.issues[0]?.message ?? 'invalid'
        problems.push({ index, id: id.data as string, detail: `${key} ${shown(value)} left out: ${why}`, kept: true })
      }
    }
    // fromEntries defines own properties, so even a "__proto__" key stays plain data.
    const again = schema.safeParse(Object.fromEntries(entries))
    if (again.success) values.push(again.data as T)
    else problems.push({ index, id: id.data as string, detail: 'unreadable', kept: false })
  })
  return { values, problems }
}

const isNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v)
const isTime = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_DATE_MS

/** A header map as sent, checked without a copy: every value an array of strings. */
function isHeaderMap(v: unknown): boolean {
  if (!isRecord(v)) return false
  for (const key in v) {
    if (!Object.hasOwn(v, key)) continue
    const values = v[key]
    if (!Array.isArray(values)) return false
    for (const one of values) if (typeof one !== 'string') return false
  }
  return true
}

/**
 * True when the schema would return the item as it stands (digit strings for times are not: the schema turns them
 * into numbers): then the item itself is used, not a copy, and no other key of it is walked. Named reads, which
 * stay fast on objects of one shape, where a parse would walk every key. Every field of dlqMessageSchema is checked
 * here (a unit test holds it so).
 */
function usableAsSent(item: unknown): item is DlqMessage {
  if (!isRecord(item)) return false
  const m = item
  const id = m.messageId
  if (typeof id !== 'string' || id.length === 0) return false
  const str = (v: unknown): boolean => v === undefined || typeof v === 'string'
  const time = (v: unknown): boolean => v === undefined || isTime(v)
  const headers = (v: unknown): boolean => v === undefined || isHeaderMap(v)
  return (
    str(m.dlqId) &&
    str(m.topicId) &&
    str(m.topicName) &&
    str(m.endpointName) &&
    str(m.url) &&
    str(m.method) &&
    headers(m.header) &&
    str(m.body) &&
    str(m.bodyBase64) &&
    (m.maxRetries === undefined || isNumber(m.maxRetries)) &&
    time(m.notBefore) &&
    time(m.createdAt) &&
    str(m.callback) &&
    str(m.failureCallback) &&
    str(m.scheduleId) &&
    str(m.callerIP) &&
    str(m.callerIp) &&
    str(m.queueName) &&
    (m.responseStatus === undefined || Number.isSafeInteger(m.responseStatus)) &&
    headers(m.responseHeader) &&
    str(m.responseBody) &&
    str(m.responseBodyBase64) &&
    str(m.state) &&
    str(m.workflowUrl) &&
    str(m.workflowRunId) &&
    time(m.workflowCreatedAt)
  )
}

/**
 * The usable messages of a list page's items, and what was wrong with the others. Never throws. An item the
 * schema would take unchanged is kept as the very object the service's JSON became; only the others go through
 * the schema, field by field.
 */
export function readDlqMessages(items: unknown[]): { messages: DlqMessage[]; problems: ItemProblem[] } {
  const messages: DlqMessage[] = []
  let problems: ItemProblem[] = []
  for (let i = 0; i < items.length; i++) {
    const item = items[i]
    if (usableAsSent(item)) {
      messages.push(item)
      continue
    }
    const one = readItems<DlqMessage>(dlqMessageSchema, 'messageId', [item])
    messages.push(...one.values)
    if (one.problems.length > 0) problems = problems.concat(one.problems.map(p => ({ ...p, index: i })))
  }
  return { messages, problems }
}

/**
 * The runs of a bulk-resume answer whose id could be read, and what was wrong with the others. Only the two
 * fields the action reports are kept. Never throws.
 */
export function readWorkflowRuns(items: unknown[]): { runs: WorkflowRun[]; problems: ItemProblem[] } {
  const { values, problems } = readItems<z.infer<typeof workflowRunSchema>>(workflowRunSchema, 'workflowRunId', items)
  const runs = values.map(({ workflowRunId, workflowCreatedAt }) =>
    workflowCreatedAt === undefined ? { workflowRunId } : { workflowRunId, workflowCreatedAt }
  )
  return { runs, problems }
}
