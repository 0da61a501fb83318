/** The health issue's GitHub side: IssueApi over Octokit, each call with a deadline and retries. */
import { createHash } from 'node:crypto'
import type { IssueApi } from '../report/boundary.js'
import { retrying, type AttemptOutcome, type RetryPolicy } from '../service/retry.js'

/** The label every health issue carries: the open issues are looked up by it, not among all open issues. */
export const HEALTH_LABEL = 'dlq-health-check'
/** Open issues with the label read at most (10 pages of 100): more means something else uses the label. */
const MAX_LABELLED_PAGES = 10
/** Recent open issues read at most (3 pages of 100) for one the token could not label. */
const MAX_RECENT_PAGES = 3

/**
 * The hidden line that ties an issue to one check, by its title and selection (`scope`, empty for the whole message
 * DLQ): a passing filtered check never closes a failing unfiltered one's issue; a title edited by hand still finds it.
 */
export function healthMarker(title: string, scope = ''): string {
  const check = scope === '' ? title : `${title}\u0000${scope}`
  return `<!-- dlq-action:health-check:${createHash('sha256').update(check).digest('hex').slice(0, 16)} -->`
}

export interface IssueApiOptions {
  /** Deadline of each attempt, from sending the request to the last byte of the answer. */
  timeoutMs: number
  /** The retry policy of the service requests, applied to every GitHub API call. */
  retry: RetryPolicy
  /** One log line per retry. */
  log: (line: string) => void
  /** The run's stop: aborts the call under way and every wait, and no call is sent after it. */
  signal?: AbortSignal
  /** What the check lists beside its title (healthMarker's scope): its source and filters. */
  scope?: string
  /** Takes the secrets out of GitHub's error messages before they are shortened (the output boundary's redactor). */
  redact?: (text: string) => string
}

class DeadlineError extends Error {}
/** A call cut or never sent because the step was cancelled. */
class CancelledCall extends Error {}

/** A GitHub API call that failed after its retries, with the status as the retry policy read it (429: rate limited). */
export class GitHubCallError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    options: { cause: unknown }
  ) {
    super(message, options)
  }
}

/** What a failed Octokit call ended with, in the retry policy's terms; a cancel is thrown on, to end the calls. */
function attemptOutcome(error: unknown): AttemptOutcome {
  if (error instanceof CancelledCall) throw error
  if (error instanceof DeadlineError) return { kind: 'error', code: 'TIMEOUT' }
  const { status, response, cause } = (error ?? {}) as {
    status?: number
    response?: { headers?: Record<string, string | undefined> }
    cause?: { code?: unknown; cause?: { code?: unknown } }
  }
  if (response && typeof status === 'number') {
    const headers = response.headers ?? {}
    // GitHub's rate limits answer 403 (or 429) with Retry-After or x-ratelimit-remaining: 0: a wait, not a refusal.
    const limited = status === 403 && (headers['retry-after'] !== undefined || headers['x-ratelimit-remaining'] === '0')
    return { kind: 'status', status: limited ? 429 : status, headers, resetHeader: 'x-ratelimit-reset' }
  }
  // Octokit wraps fetch's TypeError, whose cause carries the socket error code.
  const code = cause?.code ?? cause?.cause?.code
  return { kind: 'error', code: typeof code === 'string' ? code : 'UNKNOWN' }
}

/**
 * One line for a failed call: the status and GitHub's message, or the transport error. The message is redacted before
 * it is shortened: a secret cut in half by the shortening could no longer be recognised.
 */
function describeFailure(error: unknown, outcome: AttemptOutcome, { timeoutMs, redact }: IssueApiOptions): string {
  if (error instanceof DeadlineError) return `no complete answer within ${timeoutMs} ms`
  const text = String((error as Error | undefined)?.message ?? error)
  const [message = ''] = (redact?.(text) ?? text).split('\n')
  if (outcome.kind === 'status') return `HTTP ${(error as { status: number }).status}: ${message.slice(0, 300)}`
  return `${outcome.code === 'UNKNOWN' ? '' : `${outcome.code}: `}${message.slice(0, 300)}`
}

type Send<T> = (request: { signal: AbortSignal }) => Promise<T>

/**
 * Runs one GitHub API call with a deadline on each attempt, retried as the service's requests are. The deadline
 * is a race as well as an abort, because Octokit turns a body that fails part way into an empty string.
 */
async function withRetry<T>(
  what: string,
  send: Send<T>,
  options: IssueApiOptions,
  /** For a call that is not idempotent: looks whether a failed attempt was carried out after all. */
  recover?: () => Promise<T | undefined>
): Promise<T> {
  const stop = options.signal
  const cut = (): CancelledCall => new CancelledCall(`GitHub API ${what} was cut: the step was cancelled`)
  const once = async (): Promise<T> => {
    const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(stop ? [stop] : [])])
    const cutOff = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(stop?.aborted ? cut() : new DeadlineError()), { once: true })
    )
    // Settled after the race when the call won it: nobody waits for it then.
    cutOff.catch(() => {})
    try {
      return await Promise.race([send({ signal }), cutOff])
    } catch (error) {
      // A cancel is not retried, and nothing is looked up to recover: the next run brings the issue up to date.
      if (stop?.aborted) throw error instanceof CancelledCall ? error : cut()
      const done = recover && (await recover().catch(() => undefined))
      if (done === undefined) throw error
      const failure = describeFailure(error, attemptOutcome(error), options)
      options.log(`GitHub API ${what}: ${failure}; it was carried out all the same.`)
      return done
    }
  }
  return retrying(once, {
    policy: options.retry,
    signal: stop,
    classify: attemptOutcome,
    describe: (error, outcome) => `GitHub API ${what}: ${describeFailure(error, outcome, options)}`,
    log: options.log,
    giveUp: (error, attempts, outcome) =>
      new GitHubCallError(
        `GitHub API ${what} failed${attempts > 1 ? ` after ${attempts} attempts` : ''}: ` +
          describeFailure(error, outcome, options),
        outcome.kind === 'status' ? outcome.status : undefined,
        { cause: error }
      ),
    stopped: () => new CancelledCall(`GitHub API ${what} was not sent: the step was cancelled`)
  })
}

/** An open issue of the check, with its body (the state the next run compares with). */
type FoundIssue = { number: number; url: string; body?: string }
type IssueChange = { body: string } | { state: 'closed'; state_reason: 'completed' | 'not_planned' }

/** An issue as GitHub answers it, checked: a body that failed part way reaches us as an empty string. */
function issueRef(data: unknown, what: string): { number: number; url: string } {
  const { number, html_url } = (data ?? {}) as { number?: unknown; html_url?: unknown }
  if (typeof number !== 'number' || typeof html_url !== 'string') {
    throw new Error(`GitHub API ${what}: the answer is not an issue (no number or html_url)`)
  }
  return { number, url: html_url }
}

/** IssueApi over @actions/github's Octokit, which honours GITHUB_API_URL (GitHub Enterprise Server) and proxies. */
export async function octokitIssueApi(token: string, repository: string, options: IssueApiOptions): Promise<IssueApi> {
  const [owner = '', repo = ''] = repository.split('/')
  const { getOctokit } = await import('@actions/github')
  // Octokit's own warnings (deprecations, rate limits) carry GitHub's text: through the caller's safe log, not stdout.
  const relay = (line: string): void => options.log(`GitHub API: ${line}`)
  const octokit = getOctokit(token, { log: { debug: () => {}, info: () => {}, warn: relay, error: relay } })
  const call = <T>(what: string, send: Send<T>, recover?: () => Promise<T | undefined>) =>
    withRetry(what, send, options, recover)
  const marked = (title: string, body: string): string => `${healthMarker(title, options.scope)}\n${body}`

  /**
   * The open issues of this check, oldest (lowest number) first: those with the label, and, when none has it or
   * `everywhere`, those among the most recent open issues.
   */
  const findAllOpen = async (title: string, everywhere: boolean): Promise<FoundIssue[]> => {
    const marker = healthMarker(title, options.scope)
    // Up to `pages` pages of 100 (stopping at the first page holding one when `first`); `more`: the pages ran out.
    const scan = async (which: string, filter: Record<string, string>, pages: number, first: boolean) => {
      const found: FoundIssue[] = []
      for (let page = 1; page <= pages; page++) {
        const what = `list ${which} (page ${page})`
        const { data } = await call(what, request =>
          octokit.rest.issues.listForRepo({ owner, repo, state: 'open', ...filter, per_page: 100, page, request })
        )
        if (!Array.isArray(data)) throw new Error(`GitHub API ${what}: the answer is not a list of issues`)
        for (const issue of data) {
          if (!issue.pull_request && typeof issue.body === 'string' && issue.body.includes(marker)) {
            found.push({ ...issueRef(issue, what), body: issue.body })
          }
        }
        if (data.length < 100 || (first && found.length > 0)) return { found, more: false }
      }
      return { found, more: true }
    }
    const labelled = await scan(
      `open issues labelled ${HEALTH_LABEL}`,
      { labels: HEALTH_LABEL },
      MAX_LABELLED_PAGES,
      !everywhere
    )
    if (labelled.more) {
      throw new Error(
        `more than ${MAX_LABELLED_PAGES * 100} open issues are labelled ${HEALTH_LABEL}: close some, or the check ` +
          'could open a second issue'
      )
    }
    const all = new Map(labelled.found.map(issue => [issue.number, issue]))
    if (all.size === 0 || everywhere) {
      // GitHub drops a new issue's labels, without an error, when the token may not set them: such an issue is found
      // among the most recent open issues by its marker, so a second check does not open a second issue.
      const recent = await scan('recent open issues', { sort: 'created', direction: 'desc' }, MAX_RECENT_PAGES, false)
      // Past the pages read, an issue is too old to be one a check opened moments ago: what was found still counts.
      for (const issue of recent.found) if (!all.has(issue.number)) all.set(issue.number, issue)
    }
    return [...all.values()].sort((a, b) => a.number - b.number)
  }
  const findOpen = async (title: string) => {
    const [oldest, ...newer] = await findAllOpen(title, false)
    if (oldest === undefined) return undefined
    return newer.length === 0 ? oldest : { ...oldest, duplicates: newer.map(issue => issue.number) }
  }
  const edit = async (what: string, issue: number, change: IssueChange): Promise<void> => {
    await call(what, request => octokit.rest.issues.update({ owner, repo, issue_number: issue, ...change, request }))
  }

  return {
    findOpen,
    findAllOpen: title => findAllOpen(title, true),
    async create(title, body, opening = {}) {
      const what = 'create the health issue'
      const labels = [...new Set([HEALTH_LABEL, ...(opening.labels ?? [])])]
      const assignees = opening.assignees?.length ? { assignees: [...opening.assignees] } : {}
      const issue = { owner, repo, title, body: marked(title, body), labels, ...assignees }
      // A create whose answer was lost may have been carried out: look before trying again, or a second issue opens.
      return call(
        what,
        async request => {
          const { data } = await octokit.rest.issues.create({ ...issue, request })
          const labels = Array.isArray(data.labels) ? data.labels : []
          if (!labels.some(label => (typeof label === 'string' ? label : label.name) === HEALTH_LABEL)) {
            options.log(
              `The health issue was opened without the label ${HEALTH_LABEL} (the token may not set labels): later ` +
                'checks find it among the most recent open issues.'
            )
          }
          return issueRef(data, what)
        },
        () => findOpen(title)
      )
    },
    async comment(issue, body) {
      await call(`comment on issue #${issue}`, request =>
        octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body, request })
      )
    },
    update: (issue, title, body) => edit(`update issue #${issue}`, issue, { body: marked(title, body) }),
    close: (issue, reason = 'completed') =>
      edit(`close issue #${issue}`, issue, { state: 'closed', state_reason: reason })
  }
}
