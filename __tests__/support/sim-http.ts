/** Requests to the simulator over real HTTP, as the sim- tests of its writes send them, with the answers read. */
import type { Simulator } from '../../sim/index.js'

/** Every field an answer of the simulator's DLQ routes may carry: each test reads those its route sends. */
interface AnswerBody {
  error?: string
  cursor?: string
  /** retry */
  responses?: Array<{ messageId: string; deduplicated?: true }>
  messageId?: string
  deduplicated?: true
  /** resume and restart */
  workflowRuns?: Array<{ workflowRunId: string; workflowCreatedAt: number }>
  workflowRunId?: string
  workflowCreatedAt?: number
  /** delete */
  deleted?: number
  /** list */
  messages?: Array<Record<string, unknown> & { messageId: string; dlqId: string }>
}

export interface Answer {
  status: number
  headers: Headers
  text: string
  /** the JSON object of the body; {} when it has none */
  body: AnswerBody
}

/** A query from pairs or a record whose arrays repeat the key (`dlqIds=a&dlqIds=b`). */
function queryOf(params: Record<string, string | number | readonly string[]>): URLSearchParams {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    for (const one of typeof value === 'object' ? value : [value]) query.append(key, String(one))
  }
  return query
}

/** One request with the simulator's default token (unless `headers` has an authorization). */
export async function call(
  sim: Simulator,
  method: string,
  path: string,
  params: Record<string, string | number | readonly string[]> = {},
  headers: Record<string, string> = {}
): Promise<Answer> {
  const query = queryOf(params).toString()
  const response = await fetch(`${sim.url}${path}${query === '' ? '' : `?${query}`}`, {
    method,
    headers: { authorization: 'Bearer sim-token', ...headers }
  })
  const text = await response.text()
  let body: AnswerBody = {}
  try {
    body = JSON.parse(text) as AnswerBody
  } catch {
    // no JSON: the text alone
  }
  return { status: response.status, headers: response.headers, text, body }
}

/**
 * A bulk write sent again with its cursor until an answer has none (or ''), as a client drains it; every answer.
 * Stops after `most` requests, so a drain that would never end fails its test rather than hanging.
 */
export async function drainWrite(
  sim: Simulator,
  method: string,
  path: string,
  params: Record<string, string | number | readonly string[]>,
  most = 1_000
): Promise<Answer[]> {
  const answers: Answer[] = []
  let cursor: string | undefined
  do {
    if (answers.length === most) throw new Error(`no end after ${most} requests`)
    const answer = await call(sim, method, path, cursor === undefined ? params : { ...params, cursor })
    answers.push(answer)
    if (answer.status >= 300) return answers
    cursor = answer.body.cursor || undefined
  } while (cursor !== undefined)
  return answers
}
