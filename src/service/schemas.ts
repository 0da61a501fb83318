import { z } from 'zod'

/** Some servers send timestamps as strings of digits: accept both, keep a number. */
const millis = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d+$/, 'expected milliseconds as digits')
    .transform(s => Number(s))
])

/** A cursor: absent and "" both mean the end. */
const cursor = z
  .string()
  .nullish()
  .transform(c => (c ? c : undefined))

const headerMap = z.record(z.string(), z.array(z.string()))

/** A DLQ message. Lenient on read: only messageId is required, unknown fields are kept. */
export const dlqMessageSchema = z.looseObject({
  messageId: z.string(),
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
  state: z.string().optional()
})
export type DlqMessage = z.infer<typeof dlqMessageSchema>

/** A page's envelope: the cursor is checked at once, the messages only when read. */
export const dlqEnvelopeSchema = z.object({
  messages: z.array(z.unknown()),
  cursor
})

export const dlqMessagesSchema = z.object({ messages: z.array(dlqMessageSchema) })

/**
 * A page of the DLQ. Its cursor is checked on arrival; its messages are checked when first read, so that a
 * drain can send the next request before spending time on this page.
 */
export interface DlqPage {
  cursor?: string
  /** The messages, checked against the wire schema; throws a ServiceError naming the bad field. */
  messages(): DlqMessage[]
}

export const workflowRunSchema = z.object({
  workflowRunId: z.string(),
  workflowCreatedAt: millis
})
export type WorkflowRun = z.infer<typeof workflowRunSchema>

export const resumePageSchema = z.object({
  workflowRuns: z.array(workflowRunSchema),
  cursor
})
export type ResumePage = z.infer<typeof resumePageSchema>

export const errorBodySchema = z.object({ error: z.string() })
