import { z } from 'zod'
import type { RetriedMessage } from '../resume-results.js'
import { MAX_DATE_MS } from '../format.js'

const TIME_EXPECTED = `expected milliseconds from 0 to ${MAX_DATE_MS} (a time a JavaScript Date can hold)`

const timeNumber = z
  .number({ error: TIME_EXPECTED })
  .refine(ms => Number.isInteger(ms) && ms >= 0 && ms <= MAX_DATE_MS, TIME_EXPECTED)

/** Some servers send timestamps as strings of digits: accept both, keep a number. */
export const millis = z.preprocess(v => (typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : v), timeNumber)

/** A cursor: absent, null and "" all mean the end. */
export const cursor = z.nullish(z.string()).transform(c => c || undefined)

const id = z.string().min(1)
const text = z.string().optional()
const optionalTime = millis.optional()
const optionalHeaders = z.record(z.string(), z.array(z.string())).optional()

/** Optional text fields, in the order given: a message read field by field takes the schema's key order. */
const texts = <K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map(key => [key, text])) as Record<K, typeof text>

/** A DLQ message. Lenient on read: only messageId is required, unknown fields are kept. */
export const dlqMessageSchema = z.looseObject({
  messageId: id,
  ...texts('dlqId', 'topicId', 'topicName', 'endpointName', 'url', 'method'),
  header: optionalHeaders,
  ...texts('body', 'bodyBase64'),
  maxRetries: z.number().optional(),
  notBefore: optionalTime,
  createdAt: optionalTime,
  ...texts('callback', 'failureCallback', 'scheduleId', 'callerIP', 'callerIp', 'queueName'),
  responseStatus: z.number().int().optional(),
  responseHeader: optionalHeaders,
  ...texts('responseBody', 'responseBodyBase64', 'state'),
  // A failed workflow run's entry (source=workflow) carries these beside the message fields.
  ...texts('workflowUrl', 'workflowRunId'),
  workflowCreatedAt: optionalTime
})
export type DlqMessage = z.infer<typeof dlqMessageSchema>

/** A page's envelope: the cursor is checked at once, the messages only when read. */
export const dlqEnvelopeSchema = z.object({ messages: z.array(z.unknown()), cursor })

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

/** A page of the DLQ: its cursor checked on arrival, its items only when read with readDlqMessages. */
export interface DlqPage {
  cursor?: string
  /** Read after the next request is sent, so that a drain does not wait on this page. */
  items: unknown[]
}

/** A resumed run: only the two fields reported are kept; no workflowCreatedAt when the service sent no usable one. */
const workflowRunSchema = z.object({ workflowRunId: id, workflowCreatedAt: optionalTime })
export type WorkflowRun = z.infer<typeof workflowRunSchema>

/** A bulk resume answer's envelope: the runs are read one by one with readWorkflowRuns. */
export const resumeEnvelopeSchema = z.object({ workflowRuns: z.array(z.unknown()), cursor })

/** A message a retry created: the entry left the DLQ; `deduplicated`: the service did not deliver it again. */
const retriedMessageSchema = z.object({
  messageId: id,
  deduplicated: z.preprocess(v => (v === null ? undefined : v), z.optional(z.boolean()))
})

/** A bulk retry answer's envelope: the new messages are read one by one with readRetriedMessages. */
export const retryEnvelopeSchema = z.object({ responses: z.array(z.unknown()), cursor })

/** A bulk delete's answer (wire contract, 6): how many entries it deleted, never which. */
export const deleteEnvelopeSchema = z.object({ deleted: z.number().int().nonnegative(), cursor })

/**
 * Why a delete's count cannot be true of its request: more than the DLQ ids it named means it did not select by them
 * (with no selector, a delete takes everything), so the delete stops at once, saying so.
 */
export function deletedProblem(deleted: number, query: URLSearchParams): string | undefined {
  const named = query.getAll('dlqIds').length
  if (named === 0 || deleted <= named) return undefined
  return `${deleted} for a request naming ${named} DLQ ids: it may have deleted by another selection`
}

/** One answered bulk-write request (src/verbs.ts), what it made read item by item. */
export interface ResumePage {
  cursor?: string
  /** Entries a delete said it deleted: its answer names none. */
  deleted?: number
  /** The runs whose id could be read (a resume or a restart). */
  workflowRuns: WorkflowRun[]
  /** The new messages whose id could be read (a retry). */
  messages?: RetriedMessage[]
  /** Runs left out (no usable id: the service still resumed them) or kept without a bad field. */
  problems: ItemProblem[]
}

const MAX_SHOWN = 40

/**
 * A short, type-revealing picture of a bad value: never a whole object, however deep or long. A long string is shown
 * by its length only: a piece of it could hold part of a secret that the redactor, which sees whole secrets, misses.
 */
export function shown(value: unknown): string {
  if (typeof value === 'string') {
    return value.length > MAX_SHOWN ? `a string of ${value.length} characters` : JSON.stringify(value)
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value !== 'object') return typeof value
  return Array.isArray(value) ? 'an array' : 'an object'
}

/** A JSON object (not an array, not null): what a wire shape is read from. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Reads a page's items against an object schema, never throwing: one `asSent` accepts as the very object it is, a
 * valid one as the schema returns it; otherwise `null` in an optional field is read as absent, a field with an
 * unusable value is dropped (problem kept: true), and an item without a usable `idKey` is left out (kept: false).
 */
export function readItems<T>(
  schema: z.ZodObject,
  idKey: string,
  items: readonly unknown[],
  asSent: (item: unknown) => boolean = () => false
): { values: T[]; problems: ItemProblem[] } {
  const problems: ItemProblem[] = []
  const read = (item: unknown, index: number): T | undefined => {
    if (asSent(item)) return item as T
    const whole = schema.safeParse(item)
    if (whole.success) return whole.data as T
    if (!isRecord(item)) {
      problems.push({ index, detail: `not an object (${shown(item)})`, kept: false })
      return undefined
    }
    // The first problem of each field, by name.
    const why = new Map<PropertyKey | undefined, string>()
    for (const issue of whole.error.issues) if (!why.has(issue.path[0])) why.set(issue.path[0], issue.message)
    if (why.has(idKey)) {
      problems.push({ index, detail: `no usable ${idKey} (${shown(item[idKey])})`, kept: false })
      return undefined
    }
    const id = item[idKey] as string
    const entries = Object.entries(item).filter(([key, value]) => {
      const problem = why.get(key)
      if (problem !== undefined && value !== null)
        problems.push({ index, id, detail: `${key} ${shown(value)} left out: ${problem}`, kept: true })
      return problem === undefined
    })
    // fromEntries defines own properties, so even a "__proto__" key stays plain data.
    const again = schema.safeParse(Object.fromEntries(entries))
    if (again.success) return again.data as T
    problems.push({ index, id, detail: 'unreadable', kept: false })
    return undefined
  }
  return { values: items.map(read).filter(value => value !== undefined), problems }
}

/**
 * True when the schema would return the item as it stands (not for a digit-string time): then the item itself is
 * kept. Named reads stay fast on objects of one shape, where a parse walks every key. Every field of
 * dlqMessageSchema is checked here (a unit test holds it so).
 */
function usableAsSent(m: unknown): m is DlqMessage {
  if (!isRecord(m) || typeof m.messageId !== 'string' || m.messageId === '') return false
  const str = (v: unknown): boolean => v === undefined || typeof v === 'string'
  const time = (v: unknown): boolean =>
    v === undefined || (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_DATE_MS)
  const headers = (v: unknown): boolean =>
    v === undefined ||
    (isRecord(v) && Object.values(v).every(list => Array.isArray(list) && list.every(one => typeof one === 'string')))
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
    (m.maxRetries === undefined || (typeof m.maxRetries === 'number' && Number.isFinite(m.maxRetries))) &&
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

/** The usable messages of a page's items (as sent where the schema would not change them), and the problems. */
export function readDlqMessages(items: unknown[]): { messages: DlqMessage[]; problems: ItemProblem[] } {
  const { values, problems } = readItems<DlqMessage>(dlqMessageSchema, 'messageId', items, usableAsSent)
  return { messages: values, problems }
}

/** The runs of a bulk-resume answer whose id could be read, and the problems. */
export function readWorkflowRuns(items: unknown[]): { runs: WorkflowRun[]; problems: ItemProblem[] } {
  const { values, problems } = readItems<WorkflowRun>(workflowRunSchema, 'workflowRunId', items)
  return { runs: values, problems }
}

/** The new messages of a bulk-retry answer whose id could be read (deduplicated only when true), and the problems. */
export function readRetriedMessages(items: unknown[]): { messages: RetriedMessage[]; problems: ItemProblem[] } {
  const { values, problems } = readItems<z.infer<typeof retriedMessageSchema>>(retriedMessageSchema, 'messageId', items)
  const messages = values.map(({ messageId, deduplicated }) =>
    deduplicated === true ? { messageId, deduplicated: true as const } : { messageId }
  )
  return { messages, problems }
}
