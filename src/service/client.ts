import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici'
import type { z } from 'zod'
import { ServiceError, errorText, statusMeaning } from './errors.js'
import { retryDecision, type AttemptOutcome, type RetryPolicy } from './retry.js'
import {
  dlqEnvelopeSchema,
  readDlqMessages,
  readWorkflowRuns,
  resumeEnvelopeSchema,
  type DlqMessage,
  type DlqPage,
  type ResumePage
} from './schemas.js'
import { scheduleResumePath } from './query.js'
import { redactor } from './redact.js'

export interface ClientOptions {
  baseUrl: URL
  token: string
  timeoutMs: number
  retry: RetryPolicy
  /** One line per retry; the caller makes it safe for the log. */
  log: (line: string) => void
  /** Told of every attempt that is retried, e.g. so a 429 can narrow the concurrency. */
  onRetry?: (outcome: AttemptOutcome) => void
  /** Connection pool (and proxy); a plain pool when not given. */
  dispatcher?: Dispatcher
  sleep?: (ms: number) => Promise<void>
  now?: () => number
  random?: () => number
}

interface Answer {
  status: number
  headers: Record<string, string | undefined>
  body: string
  /** An earlier attempt of this request may have been carried out by the service, its answer lost. */
  retriedAfterLostAnswer: boolean
}

/** A hostile or broken server must not fill the runner's memory. */
const MAX_BODY_BYTES = 64 * 1024 * 1024

const defaultSleep = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms))

/** The service's three endpoints, over one retry policy, with the token only ever sent to base-url's origin. */
export class ServiceClient {
  private readonly sleep: (ms: number) => Promise<void>
  private readonly now: () => number
  private readonly random: () => number
  private dispatcher?: Dispatcher
  private readonly redact: (text: string) => string

  constructor(private readonly options: ClientOptions) {
    this.redact = redactor([options.token])
    this.sleep = options.sleep ?? defaultSleep
    this.now = options.now ?? Date.now
    this.random = options.random ?? Math.random
  }

  /** One page of `GET /v2/dlq`: its items are checked only as an array here, read with readDlqMessages. */
  async listDlqPage(query: URLSearchParams): Promise<DlqPage> {
    const answer = await this.send('list-dlq', 'GET', '/v2/dlq', query, {})
    const envelope = this.parse('list-dlq', 'GET /v2/dlq', answer, dlqEnvelopeSchema)
    const items = envelope.messages
    let messages: DlqMessage[] | undefined
    return {
      ...(envelope.cursor !== undefined ? { cursor: envelope.cursor } : {}),
      items,
      messages: () => (messages ??= readDlqMessages(items).messages)
    }
  }

  /** `POST /v2/schedules/{id}/resume`; resolves when the schedule is active. */
  async resumeSchedule(scheduleId: string): Promise<void> {
    const path = scheduleResumePath(scheduleId)
    await this.send(`resume-schedule (schedule "${scheduleId}")`, 'POST', path, new URLSearchParams(), {})
  }

  /** One request of `POST /v2/workflows/dlq/resume`: resumes at most 50 runs. */
  async resumeWorkflowsPage(
    query: URLSearchParams,
    headers: Record<string, string>
  ): Promise<ResumePage & { retriedAfterLostAnswer: boolean }> {
    const answer = await this.send('resume-workflows', 'POST', '/v2/workflows/dlq/resume', query, headers)
    const envelope = this.parse('resume-workflows', 'POST /v2/workflows/dlq/resume', answer, resumeEnvelopeSchema)
    const { runs, problems } = readWorkflowRuns(envelope.workflowRuns)
    return {
      ...(envelope.cursor !== undefined ? { cursor: envelope.cursor } : {}),
      workflowRuns: runs,
      problems,
      retriedAfterLostAnswer: answer.retriedAfterLostAnswer
    }
  }

  async close(): Promise<void> {
    await this.dispatcher?.close()
  }

  private url(path: string, query: URLSearchParams): URL {
    const base = this.options.baseUrl
    const url = new URL(base.pathname.replace(/\/+$/, '') + path, base.origin)
    url.search = query.toString()
    return url
  }

  private getDispatcher(): Dispatcher {
    if (this.options.dispatcher) return this.options.dispatcher
    // Honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY, as self-hosted runners behind a proxy need.
    this.dispatcher ??= new EnvHttpProxyAgent()
    return this.dispatcher
  }

  /** Sends one request, retrying as the policy says; returns a 2xx answer or throws a one-line ServiceError. */
  private async send(
    label: string,
    method: 'GET' | 'POST',
    path: string,
    query: URLSearchParams,
    extraHeaders: Record<string, string>
  ): Promise<Answer> {
    const url = this.url(path, query)
    const { maxAttempts } = this.options.retry
    let retriedAfterLostAnswer = false
    for (let attempt = 1; ; attempt++) {
      let outcome: AttemptOutcome
      let answer: Answer | undefined
      try {
        answer = { ...(await this.attempt(method, url, extraHeaders)), retriedAfterLostAnswer }
        if (answer.status >= 200 && answer.status < 300) return answer
        if (answer.status >= 300 && answer.status < 400) throw this.redirectError(label, answer)
        outcome = { kind: 'status', status: answer.status, headers: answer.headers }
      } catch (err) {
        if (err instanceof ServiceError) throw err
        outcome = { kind: 'error', code: errorCode(err) }
      }

      const decision = retryDecision(attempt, outcome, this.options.retry, this.now(), this.random)
      const what = answer ? `HTTP ${answer.status}` : this.describeError(outcome)
      if (!decision.retry) {
        const tries = attempt > 1 ? ` after ${attempt} attempts` : ''
        if (answer) {
          throw this.error(
            `${label} failed${tries}: HTTP ${answer.status} ${statusMeaning(answer.status)}: ${this.serverText(answer.body)}`,
            answer.status
          )
        }
        throw this.error(`${label} failed${tries}: ${what} (${method} ${url.origin}${url.pathname})`)
      }
      const seconds = (decision.delayMs / 1000).toFixed(1)
      const cap = decision.capped
        ? `; the service asked for longer, waits are capped at ${this.options.retry.maxWaitMs / 1000} s`
        : ''
      const basis = decision.basis === 'backoff' ? '' : ` as ${decision.basis} says`
      this.options.log(
        `${method} ${url.pathname}: ${what} (attempt ${attempt} of ${maxAttempts}); retrying in ${seconds} s${basis}${cap}`
      )
      this.options.onRetry?.(outcome)
      if (method === 'POST' && mayHaveBeenCarriedOut(outcome)) retriedAfterLostAnswer = true
      await this.sleep(decision.delayMs)
    }
  }

  /** One attempt, bounded from connect to the last byte of the body by timeout-seconds. */
  private async attempt(
    method: string,
    url: URL,
    extraHeaders: Record<string, string>
  ): Promise<Omit<Answer, 'retriedAfterLostAnswer'>> {
    const dispatcher = this.getDispatcher()
    const signal = AbortSignal.timeout(this.options.timeoutMs)
    const response = await request(url, {
      method,
      dispatcher,
      signal,
      headers: {
        ...extraHeaders,
        authorization: `Bearer ${this.options.token}`,
        accept: 'application/json',
        'user-agent': 'dlq-action'
      }
    })
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        response.body.destroy()
        throw Object.assign(new Error(`response body over ${MAX_BODY_BYTES} bytes`), { code: 'BODY_TOO_LARGE' })
      }
      chunks.push(chunk)
    }
    const headers: Record<string, string | undefined> = {}
    for (const [name, value] of Object.entries(response.headers)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
    }
    return { status: response.statusCode, headers, body: Buffer.concat(chunks).toString('utf8') }
  }

  private redirectError(label: string, answer: Answer): ServiceError {
    let target = 'another address'
    try {
      target = new URL(answer.headers.location ?? '', this.options.baseUrl).origin
    } catch {
      // unreadable Location: name no target
    }
    return this.error(
      `${label} failed: HTTP ${answer.status} redirect to ${target} was not followed (the token is only sent to base-url); ` +
        'set base-url to the address the service answers at',
      answer.status
    )
  }

  /** The server's text for a message: the token taken out before it is shortened, so no part of it survives. */
  private serverText(body: string): string {
    return errorText(body, this.redact)
  }

  /** A ServiceError whose message never carries the token, whatever the server put in what it is built from. */
  private error(message: string, status?: number): ServiceError {
    return new ServiceError(this.redact(message), status)
  }

  private describeError(outcome: AttemptOutcome): string {
    if (outcome.kind !== 'error') return ''
    if (outcome.code === 'TIMEOUT')
      return `no complete answer within ${this.options.timeoutMs / 1000} s (timeout-seconds)`
    const known: Record<string, string> = {
      ECONNREFUSED: 'connection refused',
      ECONNRESET: 'connection reset',
      UND_ERR_SOCKET: 'connection closed by the server',
      ENOTFOUND: 'host not found',
      BODY_TOO_LARGE: `response body larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`
    }
    return `${known[outcome.code] ?? 'request failed'} (${outcome.code})`
  }

  private parse<S extends z.ZodType>(label: string, endpoint: string, answer: Answer, schema: S): z.output<S> {
    let json: unknown
    try {
      json = JSON.parse(answer.body)
    } catch {
      throw this.error(
        `${label} failed: ${endpoint} answered ${answer.status} with a body that is not JSON: ${this.serverText(answer.body)}`
      )
    }
    return this.check(label, endpoint, json, schema)
  }

  /** Checks a decoded answer against its wire schema; a mismatch names the endpoint and the field. */
  private check<S extends z.ZodType>(label: string, endpoint: string, json: unknown, schema: S): z.output<S> {
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(body)'
      throw this.error(`${label} failed: malformed response from ${endpoint}: ${field}: ${issue?.message ?? 'invalid'}`)
    }
    return parsed.data
  }
}

/**
 * Whether the service may have carried out a request whose answer never arrived: the request was sent and
 * then the connection broke or timed out, or a gateway gave up waiting. A refused connection, a 429, 408 or
 * 503 say the request was not carried out.
 */
export function mayHaveBeenCarriedOut(outcome: AttemptOutcome): boolean {
  if (outcome.kind === 'status') return outcome.status === 500 || outcome.status === 502 || outcome.status === 504
  return [
    'TIMEOUT',
    'ECONNRESET',
    'EPIPE',
    'UND_ERR_SOCKET',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT'
  ].includes(outcome.code)
}

/** A stable code for a transport error: Node's errno code, undici's code, or TIMEOUT for our deadline. */
export function errorCode(err: unknown): string {
  const e = err as { name?: string; code?: unknown; cause?: { code?: unknown } }
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'TIMEOUT'
  if (typeof e?.code === 'string') return e.code
  if (typeof e?.cause?.code === 'string') return e.cause.code
  return 'UNKNOWN'
}
