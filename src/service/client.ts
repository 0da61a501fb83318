import { Agent, EnvHttpProxyAgent, request, type Dispatcher } from 'undici'
import type { z } from 'zod'
import { stopSignalOf, type StopSignals } from '../stop.js'
import { Inputs, MAX_REQUEST_LINE_BYTES, MAX_URL_BYTES } from '../constants.js'
import type { RequestCause } from '../failure.js'
import { ServiceError, errorText } from './errors.js'
import { requestUrl, scheduleResumePath } from './query.js'
import { drainPages } from './pagination.js'
import { redactor } from './redact.js'
import type { DateFault } from '../results.js'
import { ServiceClock } from './service-clock.js'
import { retrying, type AttemptOutcome, type RetryingOptions, type RetryPolicy } from './retry.js'
import { deleteEnvelopeSchema, dlqEnvelopeSchema, isRecord, readWorkflowRuns, resumeEnvelopeSchema } from './schemas.js'
import { deletedProblem, readRetriedMessages, retryEnvelopeSchema } from './schemas.js'
import type { DlqPage, ResumePage } from './schemas.js'
import { VERBS, type BulkVerb } from '../verbs.js'

/** One answered request of a bulk write, with the attempts before it whose answer was lost. */
export type BulkPage = ResumePage & { lostAnswers: number }
import {
  RUN_EVENTS_PATH,
  RUN_LOG_PATH,
  RunLogCollector,
  runEventsQuery,
  runLogBatches,
  runLogEnvelopeSchema
} from './run-log.js'
import { runLogQuery, type RunLogPath, type RunLogRead, type RunRef } from './run-log.js'
import { describeTransportError, errorCode, mayHaveBeenCarriedOut } from './transport-errors.js'
import { readAnswer, UnreadableBody, type RawAnswer } from './transport.js'

/** `log` gets one line per retry, made safe for the log by the caller; sleep, now and random feed the retry loop. */
export interface ClientOptions extends Pick<RetryingOptions, 'log' | 'sleep' | 'now' | 'random'> {
  baseUrl: URL
  token: string
  timeoutMs: number
  retry: RetryPolicy
  /** Requests in flight at most (default 1): a 429 halves it, successes grow it back; a parallel listing backs off. */
  concurrency?: number
  /** Connection pool (and proxy); a plain pool when not given. */
  dispatcher?: Dispatcher
  /** The run's stop: nothing is sent after `signal`, waits wake at it, and `hard` cuts a request under way. */
  stop?: StopSignals
}

/** A 2xx answer, and the attempts of this POST before it whose answer was lost (each may have been carried out). */
type Answer = RawAnswer & { lostAnswers: number }

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
type HeaderMap = Record<string, string>

const DLQ_PATH = '/v2/dlq'

/** What EnvHttpProxyAgent reads a proxy from; with none of them set it sends every request directly. */
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']

/** The service's three endpoints, over one retry policy, with the token only ever sent to base-url's origin. */
export class ServiceClient {
  private dispatcher?: Dispatcher
  private readonly redact: (text: string) => string
  private readonly limit: AdaptiveLimit
  /** The service's `Date` headers, checked before they are trusted (its own clock, read where a bound must be on it). */
  private readonly clock = new ServiceClock()
  /** The run-log path that answered ('none': both answered 404), once a request has told. */
  private runLogPath?: RunLogPath | 'none'

  constructor(private readonly options: ClientOptions) {
    this.redact = redactor([options.token])
    this.limit = new AdaptiveLimit(options.concurrency ?? 1)
  }

  /** One page of `GET /v2/dlq`: its items are checked only as an array here, read with readDlqMessages. */
  async listDlqPage(query: URLSearchParams): Promise<DlqPage> {
    const json = this.parseJson('GET', DLQ_PATH, await this.send('GET', DLQ_PATH, query, {}))
    // The usual envelope is taken as it is, without copying the page through the schema; anything else is checked.
    const { messages, cursor } =
      isRecord(json) && Array.isArray(json.messages) && (json.cursor == null || typeof json.cursor === 'string')
        ? (json as { messages: unknown[]; cursor?: string | null })
        : this.check('GET', DLQ_PATH, json, dlqEnvelopeSchema)
    return { ...(cursor ? { cursor } : {}), items: messages }
  }

  /** `POST /v2/schedules/{id}/resume`; a 405 is tried once more as PATCH, which some servers (and the SDKs) want. */
  async resumeSchedule(scheduleId: string): Promise<void> {
    const path = scheduleResumePath(scheduleId)
    try {
      await this.send('POST', path, new URLSearchParams(), {})
    } catch (err) {
      if (!(err instanceof ServiceError) || err.status !== 405) throw err
      this.options.log(`POST ${path}: HTTP 405 (method not allowed); trying once more with PATCH`)
      await this.send('PATCH', path, new URLSearchParams(), {})
    }
  }

  /** One request of a bulk write (src/verbs.ts): takes at most the verb's page size of entries. */
  async bulkPage(verb: BulkVerb, query: URLSearchParams, headers: HeaderMap): Promise<BulkPage> {
    const { path, method } = verb
    const answer = await this.send(method, path, query, headers)
    // The service carried this request out (2xx): if its answer is unusable, the entries it took are unknown.
    const lost = answer.lostAnswers + 1
    const json = this.parseJson(method, path, answer, lost)
    const { lostAnswers } = answer
    if (verb.makes === 'count') {
      const { deleted, cursor } = this.check(method, path, json, deleteEnvelopeSchema, lost)
      const problem = deletedProblem(deleted, query)
      if (problem) throw requestError(method, path, { kind: 'malformed', field: 'deleted', problem }, lost)
      return { ...(cursor ? { cursor } : {}), workflowRuns: [], deleted, problems: [], lostAnswers }
    }
    if (verb.makes === 'message') {
      const { responses, cursor } = this.check('POST', path, json, retryEnvelopeSchema, lost)
      const { messages, problems } = readRetriedMessages(responses)
      return { ...(cursor ? { cursor } : {}), workflowRuns: [], messages, problems, lostAnswers }
    }
    const { workflowRuns, cursor } = this.check('POST', path, json, resumeEnvelopeSchema, lost)
    const { runs, problems } = readWorkflowRuns(workflowRuns)
    return { ...(cursor ? { cursor } : {}), workflowRuns: runs, problems, lostAnswers }
  }

  /** One request of `POST /v2/workflows/dlq/resume`: resumes at most 50 runs. */
  resumeWorkflowsPage(query: URLSearchParams, headers: HeaderMap): Promise<BulkPage> {
    return this.bulkPage(VERBS['resume-workflows'], query, headers)
  }

  /**
   * The run log of these runs (docs/service.md, "The run log"): RUN_LOG_BATCH pairs a request on the documented path,
   * or where it answers 404 the SDK's path, a run a request. The path that answered is remembered; 404 on both is a
   * service without a run log ('absent'), any other failure an error. `maxPages` bounds the pages of each request.
   */
  async readRunLog(runs: readonly RunRef[], maxPages: number): Promise<RunLogRead> {
    const found = new RunLogCollector(runs, this.redact)
    let requests = 0
    const drain = async (path: string, query: (cursor?: string) => URLSearchParams): Promise<void> => {
      const page = async (cursor: string | undefined) => {
        requests++
        const json = this.parseJson('GET', path, await this.send('GET', path, query(cursor), {}))
        return this.check('GET', path, json, runLogEnvelopeSchema)
      }
      for await (const { runs: items } of drainPages(page, { maxPages, maxPagesInput: Inputs.MaxPages }))
        found.add(items)
    }
    // Only the first request of a path tells whether it exists: a 404 later is the error it says.
    const exists = async (path: string, query: (cursor?: string) => URLSearchParams): Promise<boolean> => {
      const before = requests
      try {
        await drain(path, query)
        return true
      } catch (err) {
        if (err instanceof ServiceError && err.status === 404 && requests === before + 1) return false
        throw err
      }
    }
    const fits = (query: URLSearchParams) =>
      requestUrl(this.options.baseUrl, RUN_LOG_PATH, query).href.length <= MAX_URL_BYTES
    const { batches, unasked } = runLogBatches(runs, fits)
    for (const batch of batches) {
      let rest = batch
      if (this.runLogPath === undefined) {
        if (await exists(RUN_LOG_PATH, cursor => runLogQuery(batch, cursor))) {
          this.runLogPath = 'logs'
          continue
        }
        this.options.log(`GET ${RUN_LOG_PATH}: HTTP 404; asking GET ${RUN_EVENTS_PATH} instead, as the SDK does`)
        const [first] = batch as [RunRef]
        if (!(await exists(RUN_EVENTS_PATH, cursor => runEventsQuery(first, cursor)))) {
          this.runLogPath = 'none'
          this.options.log(`GET ${RUN_EVENTS_PATH}: HTTP 404 as well: this service keeps no run log`)
        } else this.runLogPath = 'events'
        rest = batch.slice(1)
      }
      if (this.runLogPath === 'none') return { kind: 'absent', requests }
      if (this.runLogPath === 'logs') await drain(RUN_LOG_PATH, cursor => runLogQuery(rest, cursor))
      else for (const run of rest) await drain(RUN_EVENTS_PATH, cursor => runEventsQuery(run, cursor))
    }
    if (this.runLogPath === 'none') return { kind: 'absent', requests }
    const { runs: read, problems } = found
    const path = this.runLogPath !== undefined ? { path: this.runLogPath } : {}
    return { kind: 'read', ...path, runs: read, problems, unasked, requests }
  }

  /** Length of the URL a bulk write with this query is sent to (ASCII: bytes and characters alike). */
  bulkUrlLength(verb: BulkVerb, query: URLSearchParams): number {
    return requestUrl(this.options.baseUrl, verb.path, query).href.length
  }

  /**
   * The service's time when it sent its latest answer with a usable `Date`: whole seconds, so the true time was up
   * to 1 s later (a bound taken from it errs early). Undefined until one came, or once Dates went backwards.
   */
  serviceNow(): number | undefined {
    return this.clock.now()
  }

  /** Why a Date the service sent was not used (not an HTTP date, stale, gone backwards), or undefined. */
  dateFault(): DateFault | undefined {
    return this.clock.fault
  }

  /** One line for the log, through the same channel as the retries. */
  log(line: string): void {
    this.options.log(line)
  }

  async close(): Promise<void> {
    await this.dispatcher?.close()
  }

  /** Closes the pool at once, cutting any request still under way (after a stop). */
  async destroy(): Promise<void> {
    await this.dispatcher?.destroy()
  }

  /** Sends with retries: a 2xx answer or a ServiceError, each counting a POST's answers lost after sending. */
  private async send(method: Method, path: string, query: URLSearchParams, headers: HeaderMap): Promise<Answer> {
    const url = requestUrl(this.options.baseUrl, path, query)
    // Measured in the absolute form a proxy gets, the longest: a request over the limit is never sent.
    const lineBytes = Buffer.byteLength(`${method} ${url.href} HTTP/1.1`)
    if (lineBytes > MAX_REQUEST_LINE_BYTES) {
      const cursor = query.get('cursor')
      const at = { method, path, bytes: lineBytes, limit: MAX_REQUEST_LINE_BYTES }
      throw new ServiceError({ kind: 'long-request', ...at, ...(cursor ? { cursorLength: cursor.length } : {}) })
    }
    const { stop, timeoutMs, log, sleep, now, random } = this.options
    const failed = (cause: RequestCause, lost: number, attempts = 1): ServiceError =>
      requestError(method, path, cause, lost, `${url.origin}${url.pathname}`, attempts)
    // A POST or DELETE may have been carried out when its answer is lost: one more attempt possibly done.
    const sent = method === 'POST' || method === 'DELETE' ? 1 : 0
    let lostAnswers = 0
    const once = async (): Promise<Answer> => {
      let answer: RawAnswer
      try {
        answer = await this.limit.run(() => {
          // Checked when the request would leave, after any wait for a free slot: nothing new after a stop.
          if (stop?.signal.aborted) throw this.cancelled(lostAnswers)
          return this.attempt(method, url, headers)
        })
      } catch (err) {
        if (err instanceof ServiceError) throw err
        // Cut under way: a POST may have been carried out (for a resume, up to 50 runs possibly resumed).
        if (stop?.hard.aborted) throw this.cancelled(lostAnswers + sent)
        if (!(err instanceof UnreadableBody)) throw err
        if (err.status >= 200 && err.status < 300) {
          // Carried out, but what it did cannot be read: not retried, and counted as possibly done.
          throw failed({ kind: 'unreadable', status: err.status, reason: this.redact(err.reason) }, lostAnswers + sent)
        }
        // An error whose text cannot be read is still an error with a status: decide on that.
        answer = { status: err.status, headers: err.headers, body: `(${err.reason})` }
      }
      if (answer.status >= 200 && answer.status < 300) return { ...answer, lostAnswers }
      if (answer.status >= 300 && answer.status < 400) {
        const { location } = answer.headers
        const shown = location !== undefined ? { location: this.redact(location) } : {}
        throw failed({ kind: 'redirect', status: answer.status, ...shown }, lostAnswers)
      }
      throw new ErrorAnswer(answer)
    }
    return retrying(once, {
      policy: this.options.retry,
      signal: stop?.signal,
      classify: err => {
        if (err instanceof ServiceError) throw err
        const outcome: AttemptOutcome =
          err instanceof ErrorAnswer
            ? { kind: 'status', status: err.answer.status, headers: err.answer.headers }
            : { kind: 'error', code: errorCode(err) }
        if (sent && mayHaveBeenCarriedOut(outcome)) lostAnswers++
        return outcome
      },
      describe: (_, outcome) =>
        `${method} ${url.pathname}: ` +
        (outcome.kind === 'status' ? `HTTP ${outcome.status}` : describeTransportError(outcome.code, timeoutMs)),
      onRetry: outcome => {
        if (outcome.kind !== 'status' || outcome.status !== 429) return
        // The service said "too many requests": fewer at once, said in the log when it changes anything.
        const before = this.limit.current
        this.limit.rateLimited()
        if (this.limit.current < before)
          log(`rate limited: requests at once cut from ${before} to ${this.limit.current}`)
      },
      giveUp: (error, attempts, outcome) => {
        const cause: RequestCause =
          outcome.kind === 'status'
            ? { kind: 'status', status: outcome.status, serverText: this.serverText((error as ErrorAnswer).answer) }
            : { kind: 'transport', code: outcome.code, timeoutMs }
        return failed(cause, lostAnswers, attempts)
      },
      stopped: () => this.cancelled(lostAnswers),
      log,
      sleep,
      now,
      random
    })
  }

  /** The step was stopped, by SIGINT or else SIGTERM: nothing is sent after it, one under way may have been cut. */
  private cancelled(lostAnswers: number): ServiceError {
    const signal = stopSignalOf(this.options.stop?.signal)
    return new ServiceError({ kind: 'cancelled', signal }, lostAnswers)
  }

  /** One attempt, bounded from connect to the last byte of the body by timeout-seconds. */
  private async attempt(method: Method, url: URL, headers: HeaderMap): Promise<RawAnswer> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs)
    const hard = this.options.stop?.hard
    const signal = hard ? AbortSignal.any([deadline, hard]) : deadline
    // Honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY (self-hosted runners); without any, a plain pool does the same.
    // Chosen once: the environment is not read again on every request.
    const proxied = () => PROXY_VARIABLES.some(name => process.env[name])
    const response = await request(url, {
      method,
      dispatcher: this.options.dispatcher ?? (this.dispatcher ??= proxied() ? new EnvHttpProxyAgent() : new Agent()),
      signal,
      headers: {
        ...headers,
        authorization: `Bearer ${this.options.token}`,
        accept: 'application/json',
        'user-agent': 'dlq-action'
      }
    })
    const answer = await readAnswer(response)
    this.clock.observe(answer.headers.date, answer.headers.age, Date.now())
    return answer
  }

  /** The server's text for a message: the token taken out before it is shortened, so no part of it survives. */
  private serverText(answer: RawAnswer): string {
    return errorText(answer.body, this.redact)
  }

  private parseJson(method: Method, path: string, answer: Answer, lost = 0): unknown {
    try {
      return JSON.parse(answer.body) as unknown
    } catch {
      const cause: RequestCause = { kind: 'not-json', status: answer.status, serverText: this.serverText(answer) }
      throw requestError(method, path, cause, lost)
    }
  }

  /** Checks a decoded answer against its wire schema; a mismatch names the endpoint and the field. */
  private check<S extends z.ZodType>(method: Method, path: string, json: unknown, schema: S, lost = 0): z.output<S> {
    const parsed = schema.safeParse(json)
    if (parsed.success) return parsed.data
    const issue = parsed.error.issues[0]
    const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(body)'
    const problem = this.redact(issue?.message ?? 'invalid')
    throw requestError(method, path, { kind: 'malformed', field: this.redact(field), problem }, lost)
  }
}

/** A failed request; `url` (no query: it may be long) is the path alone when the answer arrived but is unusable. */
const requestError = (method: Method, path: string, cause: RequestCause, lost: number, url = path, attempts = 1) =>
  new ServiceError({ kind: 'request', request: { method, path, url, attempts, cause } }, lost)

/** An answer with an error status: what the retry loop judges. */
class ErrorAnswer extends Error {
  constructor(readonly answer: RawAnswer) {
    super(`HTTP ${answer.status}`)
  }
}

/** Requests in flight at most: halved on a 429, one more after a run of successes, from one to the configured. */
export class AdaptiveLimit {
  private inFlight = 0
  private successes = 0
  private readonly waiting: (() => void)[] = []
  current: number

  constructor(
    readonly max: number,
    /** Successes in a row that earn one more slot. */
    private readonly growAfter = 5
  ) {
    this.current = max
  }

  /** The service said "too many requests". */
  rateLimited(): void {
    this.current = Math.max(1, Math.floor(this.current / 2))
    this.successes = 0
  }

  /** Runs `task` when a slot is free; a success counts toward growing back. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    while (this.inFlight >= this.current) await new Promise<void>(resolve => this.waiting.push(resolve))
    this.inFlight++
    try {
      const value = await task()
      if (++this.successes >= this.growAfter && this.current < this.max) {
        this.current++
        this.successes = 0
      }
      return value
    } finally {
      this.inFlight--
      this.waiting.splice(0, Math.max(0, this.current - this.inFlight)).forEach(wake => wake())
    }
  }
}
