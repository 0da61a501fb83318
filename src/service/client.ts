import { promisify } from 'node:util'
import zlib from 'node:zlib'
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
import { requestUrl, scheduleResumePath } from './query.js'
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
  /** Attempts of this POST whose answer was lost after sending: each may have been carried out. */
  lostAnswers: number
}

type Method = 'GET' | 'POST' | 'PATCH'

/** A hostile or broken server must not fill the runner's memory: the cap holds before and after decoding. */
const MAX_BODY_BYTES = 64 * 1024 * 1024

/** Longest Location header an error quotes: enough to recognise it, never a flood. */
const MAX_LOCATION_SHOWN = 500

/** An answer whose status arrived but whose body cannot be read (too large, undecodable, not UTF-8). */
class UnreadableBody extends Error {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string | undefined>,
    readonly reason: string
  ) {
    super(reason)
  }
}

const DECODERS: Record<string, (data: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>> = {
  gzip: promisify<Buffer, zlib.ZlibOptions, Buffer>(zlib.gunzip),
  'x-gzip': promisify<Buffer, zlib.ZlibOptions, Buffer>(zlib.gunzip),
  // RFC 9110's "deflate" is zlib-wrapped, but some servers send it raw: the first two bytes tell which.
  deflate: (data, options) =>
    data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0
      ? promisify<Buffer, zlib.ZlibOptions, Buffer>(zlib.inflate)(data, options)
      : promisify<Buffer, zlib.ZlibOptions, Buffer>(zlib.inflateRaw)(data, options),
  br: (data, options) => promisify<Buffer, zlib.BrotliOptions, Buffer>(zlib.brotliDecompress)(data, options)
}

const defaultSleep = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms))

const RESUME_PATH = '/v2/workflows/dlq/resume'

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

  /**
   * `POST /v2/schedules/{id}/resume`; resolves when the schedule is active. Some servers accept only PATCH (as the
   * official SDKs send): a 405 to the POST is tried once more as PATCH, and the log says so.
   */
  async resumeSchedule(scheduleId: string): Promise<void> {
    const path = scheduleResumePath(scheduleId)
    const label = `resume-schedule (schedule "${scheduleId}")`
    try {
      await this.send(label, 'POST', path, new URLSearchParams(), {})
    } catch (err) {
      if (!(err instanceof ServiceError) || err.status !== 405) throw err
      this.options.log(`POST ${path}: HTTP 405 (method not allowed); trying once more with PATCH`)
      await this.send(label, 'PATCH', path, new URLSearchParams(), {})
    }
  }

  /** One request of `POST /v2/workflows/dlq/resume`: resumes at most 50 runs. */
  async resumeWorkflowsPage(
    query: URLSearchParams,
    headers: Record<string, string>
  ): Promise<ResumePage & { retriedAfterLostAnswer: boolean; lostAnswers: number }> {
    const answer = await this.send('resume-workflows', 'POST', RESUME_PATH, query, headers)
    let envelope: z.output<typeof resumeEnvelopeSchema>
    try {
      envelope = this.parse('resume-workflows', `POST ${RESUME_PATH}`, answer, resumeEnvelopeSchema)
    } catch (err) {
      // The service carried this request out (2xx): the runs it resumed are unknown, not absent.
      const error = err as ServiceError
      throw new ServiceError(error.message, error.status, answer.lostAnswers + 1)
    }
    const { runs, problems } = readWorkflowRuns(envelope.workflowRuns)
    return {
      ...(envelope.cursor !== undefined ? { cursor: envelope.cursor } : {}),
      workflowRuns: runs,
      problems,
      retriedAfterLostAnswer: answer.retriedAfterLostAnswer,
      lostAnswers: answer.lostAnswers
    }
  }

  /** Length of the URL a bulk resume with this query is sent to (ASCII: bytes and characters alike). */
  resumeUrlLength(query: URLSearchParams): number {
    return this.url(RESUME_PATH, query).href.length
  }

  /** One line for the log, through the same channel as the retries. */
  log(line: string): void {
    this.options.log(line)
  }

  async close(): Promise<void> {
    await this.dispatcher?.close()
  }

  private url(path: string, query: URLSearchParams): URL {
    return requestUrl(this.options.baseUrl, path, query)
  }

  private getDispatcher(): Dispatcher {
    if (this.options.dispatcher) return this.options.dispatcher
    // Honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY, as self-hosted runners behind a proxy need.
    this.dispatcher ??= new EnvHttpProxyAgent()
    return this.dispatcher
  }

  /**
   * Sends one request, retrying as the policy says; returns a 2xx answer or throws a one-line ServiceError. A
   * POST's attempts whose answer was lost after sending are counted, on the answer and on the error alike.
   */
  private async send(
    label: string,
    method: Method,
    path: string,
    query: URLSearchParams,
    extraHeaders: Record<string, string>
  ): Promise<Answer> {
    const url = this.url(path, query)
    const endpoint = `${method} ${path}`
    const { maxAttempts } = this.options.retry
    let retriedAfterLostAnswer = false
    let lostAnswers = 0
    for (let attempt = 1; ; attempt++) {
      let outcome: AttemptOutcome
      let answer: Answer | undefined
      try {
        answer = { ...(await this.attempt(method, url, extraHeaders)), retriedAfterLostAnswer, lostAnswers }
      } catch (err) {
        if (!(err instanceof UnreadableBody)) {
          outcome = { kind: 'error', code: errorCode(err) }
        } else if (err.status >= 200 && err.status < 300) {
          // Carried out, but what it did cannot be read: not retried, and counted as possibly done.
          throw this.error(
            `${label} failed: ${endpoint} answered ${err.status} with ${err.reason}`,
            err.status,
            lostAnswers + (method === 'POST' ? 1 : 0)
          )
        } else {
          // An error whose text cannot be read is still an error with a status: decide on that.
          answer = {
            status: err.status,
            headers: err.headers,
            body: `(${err.reason})`,
            retriedAfterLostAnswer,
            lostAnswers
          }
        }
      }
      if (answer) {
        if (answer.status >= 200 && answer.status < 300) return answer
        if (answer.status >= 300 && answer.status < 400) throw this.redirectError(label, answer, lostAnswers)
        outcome = { kind: 'status', status: answer.status, headers: answer.headers }
      }
      outcome ??= { kind: 'error', code: 'UNKNOWN' }
      if (method === 'POST' && mayHaveBeenCarriedOut(outcome)) lostAnswers++

      const decision = retryDecision(attempt, outcome, this.options.retry, this.now(), this.random)
      const what = answer ? `HTTP ${answer.status}` : this.describeError(outcome)
      if (!decision.retry) {
        const tries = attempt > 1 ? ` after ${attempt} attempts` : ''
        if (answer) {
          throw this.error(
            `${label} failed${tries}: HTTP ${answer.status} ${statusMeaning(answer.status)}: ${this.serverText(answer.body)}`,
            answer.status,
            lostAnswers
          )
        }
        throw this.error(
          `${label} failed${tries}: ${what} (${method} ${url.origin}${url.pathname})`,
          undefined,
          lostAnswers
        )
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

  /**
   * One attempt, bounded from connect to the last byte of the body by timeout-seconds. A body that arrives but
   * cannot be read throws UnreadableBody with the status, so the caller can tell "done, unreadable" from "lost".
   */
  private async attempt(
    method: Method,
    url: URL,
    extraHeaders: Record<string, string>
  ): Promise<Pick<Answer, 'status' | 'headers' | 'body'>> {
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
    const status = response.statusCode
    const headers: Record<string, string | undefined> = {}
    for (const [name, value] of Object.entries(response.headers)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
    }
    const unreadable = (reason: string): UnreadableBody => new UnreadableBody(status, headers, reason)

    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        response.body.destroy()
        throw unreadable(`a body larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`)
      }
      chunks.push(chunk)
    }
    let bytes: Buffer = Buffer.concat(chunks)

    // Applied in the order listed, so undone last first.
    const encodings = (headers['content-encoding'] ?? '')
      .split(',')
      .map(e => e.trim().toLowerCase())
      .filter(e => e !== '' && e !== 'identity')
    const unknown = encodings.filter(e => !Object.hasOwn(DECODERS, e))
    if (unknown.length > 0) {
      const names = unknown.map(e => `"${e.slice(0, 40)}"`).join(', ')
      throw unreadable(`content-encoding ${names}, which this action cannot decode (it reads gzip, deflate and br)`)
    }
    for (const encoding of encodings.reverse()) {
      try {
        bytes = await (DECODERS[encoding] as (typeof DECODERS)[string])(bytes, { maxOutputLength: MAX_BODY_BYTES })
      } catch (err) {
        const tooLarge = (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
        throw unreadable(
          tooLarge
            ? `a ${encoding} body that decodes to more than ${MAX_BODY_BYTES / 1024 / 1024} MiB`
            : `a ${encoding} body that does not decode (${errorCode(err)})`
        )
      }
    }
    let body: string
    try {
      // fatal: a byte that is not UTF-8 must not silently become another id; a leading byte-order mark is dropped.
      body = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      throw unreadable('a body that is not valid UTF-8')
    }
    return { status, headers, body }
  }

  private redirectError(label: string, answer: Answer, lostAnswers: number): ServiceError {
    const location = answer.headers.location
    let target = 'without a Location header'
    if (location !== undefined) {
      const shown =
        location.length > MAX_LOCATION_SHOWN
          ? `${location.slice(0, MAX_LOCATION_SHOWN)}…" (${location.length} characters)`
          : `${location}"`
      target = `to "${shown}`
    }
    return this.error(
      `${label} failed: HTTP ${answer.status} redirect ${target} was not followed (the token is only sent to base-url); ` +
        'set base-url to the address the service answers at',
      answer.status,
      lostAnswers
    )
  }

  /** The server's text for a message: the token taken out before it is shortened, so no part of it survives. */
  private serverText(body: string): string {
    return errorText(body, this.redact)
  }

  /** A ServiceError whose message never carries the token, whatever the server put in what it is built from. */
  private error(message: string, status?: number, lostAnswers = 0): ServiceError {
    return new ServiceError(this.redact(message), status, lostAnswers)
  }

  private describeError(outcome: AttemptOutcome): string {
    if (outcome.kind !== 'error') return ''
    if (outcome.code === 'TIMEOUT')
      return `no complete answer within ${this.options.timeoutMs / 1000} s (timeout-seconds)`
    const known: Record<string, string> = {
      ECONNREFUSED: 'connection refused',
      ECONNRESET: 'connection reset',
      UND_ERR_SOCKET: 'connection closed by the server',
      ENOTFOUND: 'host not found'
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
