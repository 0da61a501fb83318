/** The health issue step: keeps one issue in step with the health check, through Octokit; and the link to the run. */
import type { IssueApi, IssueOpening, OutputBoundary } from '../report/boundary.js'
import { listingComplete } from '../report/list-verdict.js'
import type { IssueChange, IssueLink, IssueOutcome, ListResult, RunContext } from '../results.js'
import type { ListFilters } from '../requests.js'
import { stopSignalOf } from '../stop.js'
import { GitHubCallError, octokitIssueApi, type IssueApiOptions } from './octokit-issues.js'
import { changeComment, closingComment, issueBody, readState, reasonToComment } from './issue-text.js'

export interface IssueStep extends Pick<IssueApiOptions, 'timeoutMs' | 'retry' | 'signal'>, IssueOpening {
  title: string
  /** A failing run comments again, nothing material having changed, once the last comment is this old. */
  repeatIntervalMs: number
  /** The GitHub token; none: the step warns and changes nothing. */
  token?: string
  /** The run's one clock: the issue's figures are dated as the verdict was. */
  now: number
}

/** The link back to this run, from the variables `github.context` reads (Octokit not loaded); none outside Actions. */
export function runContext(): RunContext {
  const { GITHUB_RUN_ID: runId, GITHUB_REPOSITORY: repository, GITHUB_SERVER_URL: server } = process.env
  return runId && repository ? { runUrl: `${server || 'https://github.com'}/${repository}/actions/runs/${runId}` } : {}
}

type IssueAction = { action: IssueLink['action']; number: number; url: string } | { action: 'none'; reason: string }

/** action.yml's default of issue-repeat-interval (a unit test holds the two equal). */
export const DEFAULT_REPEAT_INTERVAL_MS = 4 * 3_600_000

/**
 * Opens, updates or closes the health issue, and returns it for the summary to link (its URL made from the
 * repository and the number, not taken from GitHub's answer). Its failure is a warning: the verdict stands alone.
 */
export async function updateHealthIssue(
  step: IssueStep,
  result: ListResult,
  out: OutputBoundary
): Promise<IssueOutcome> {
  const repository = process.env.GITHUB_REPOSITORY
  const { title, token, now, repeatIntervalMs, labels, assignees, ...limits } = step
  if (!repository || !token) {
    out.warning('issue-on-failure needs GITHUB_REPOSITORY and github-token: no issue was opened or updated.')
    return {}
  }
  const server = process.env.GITHUB_SERVER_URL || 'https://github.com'
  const linkTo = (number: number, action: IssueLink['action']): IssueLink => ({
    number,
    url: `${server}/${repository}/issues/${number}`,
    action
  })
  const changes: IssueChanges = {}
  try {
    const github = await octokitIssueApi(token, repository, {
      ...limits,
      log: line => out.info(line),
      scope: checkScope(result.filters),
      redact: out.redact
    })
    const api = tracked(out.issueApi(github), changes)
    const opening = { labels, assignees }
    const redacted = out.redactValue(result)
    const done = await syncHealthIssue(api, redacted, title, runContext().runUrl, now, repeatIntervalMs, opening)
    if (done.action === 'none') {
      out.info(`Health issue: no change (${done.reason}).`)
      return {}
    }
    out.info(`Health issue #${done.number} ${done.action}: ${done.url}`)
    return { link: linkTo(done.number, done.action) }
  } catch (err) {
    if (step.signal?.aborted) {
      // A cancel, not a failure of GitHub: the summary says what was done and what may have been.
      out.warning(`The step was cancelled: the health issue "${title}" was not brought up to date.`)
      const signal = stopSignalOf(step.signal)
      const opened = changes.opened === undefined ? {} : { opened: linkTo(changes.opened, 'opened') }
      return { cut: { signal, ...opened, ...(changes.underWay ? { underWay: changes.underWay } : {}) } }
    }
    // Only a refusal is about permissions: a rate limit, a timeout or a server error says nothing of them.
    const status = err instanceof GitHubCallError ? err.status : undefined
    const hint =
      status === 401
        ? ' GitHub refused github-token (HTTP 401): check that input (the job token by default).'
        : status === 403 || status === 404
          ? ' The workflow needs "permissions: issues: write" for issue-on-failure.'
          : ' The health verdict above stands; the issue is brought up to date on the next run.'
    out.warning(`Could not update the health issue "${title}": ${(err as Error).message}.${hint}`)
    return {}
  }
}

/** What the issue step changed so far: the issue it opened, and the change under way. */
interface IssueChanges {
  opened?: number
  underWay?: IssueChange
}

/** The issue API, recording each change as it starts and ends: what a cancel's line in the summary says. */
function tracked(api: IssueApi, changes: IssueChanges): IssueApi {
  const change = async <T>(kind: IssueChange, call: () => Promise<T>): Promise<T> => {
    changes.underWay = kind
    const value = await call()
    delete changes.underWay
    return value
  }
  return {
    findOpen: title => api.findOpen(title),
    findAllOpen: title => api.findAllOpen(title),
    create: async (title, body, opening) => {
      const made = await change('open', () => api.create(title, body, opening))
      changes.opened = made.number
      return made
    },
    comment: (issue, body) => change('comment', () => api.comment(issue, body)),
    update: (issue, title, body) => change('update', () => api.update(issue, title, body)),
    close: (issue, reason) => change('close', () => api.close(issue, reason))
  }
}

/**
 * Keeps one issue in step with the health check: a failing check opens it, or comments on it when something material
 * changed and refreshes its body; a passing check closes it. A failed listing says nothing about health: no change.
 */
export async function syncHealthIssue(
  api: IssueApi,
  result: ListResult,
  title: string,
  runUrl: string | undefined,
  now: number,
  repeatIntervalMs = DEFAULT_REPEAT_INTERVAL_MS,
  opening: IssueOpening = {}
): Promise<IssueAction> {
  if (result.failure !== undefined) return { action: 'none', reason: 'the listing failed, so health is unknown' }
  const open = await api.findOpen(title)
  // A duplicate a run opened and could not close (it was stopped) is closed by the next run that sees it.
  if (open?.duplicates !== undefined) await closeDuplicates(api, open.number, open.duplicates)
  if (result.health.breaches.length > 0) {
    if (open) {
      const before = readState(open.body)
      const why = reasonToComment(result, before, now, repeatIntervalMs)
      if (why !== undefined) await api.comment(open.number, changeComment(result, before, runUrl, now, why))
      await api.update(open.number, title, issueBody(result, runUrl, now, before, why === undefined))
      return { action: why === undefined ? 'updated' : 'commented', number: open.number, url: open.url }
    }
    const created = await api.create(title, issueBody(result, runUrl, now), opening)
    // Two checks that overlap both find no issue and both open one, so look again: when an older issue of this check
    // is open, this run's findings go there and its own issue is closed as a duplicate. The run that opened the
    // oldest leaves it be, so every interleaving ends with one open issue and no comment twice.
    const kept = (await api.findAllOpen(title))[0]
    if (kept === undefined || kept.number >= created.number) return { action: 'opened', ...created }
    const why = `another run of this check opened #${kept.number} at the same time`
    await api.comment(kept.number, changeComment(result, readState(kept.body), runUrl, now, why))
    await closeDuplicates(api, kept.number, [created.number])
    return { action: 'commented', number: kept.number, url: kept.url }
  }
  if (!listingComplete(result)) {
    return { action: 'none', reason: 'the listing stopped before the end, so the check cannot be said to pass' }
  }
  if (!open) return { action: 'none', reason: 'the check passes and no issue is open' }
  await api.comment(open.number, closingComment(result, readState(open.body), runUrl, now))
  await api.close(open.number)
  return { action: 'closed', number: open.number, url: open.url }
}

/** Closes newer issues of the check as duplicates of the one kept, each with a comment pointing at it. */
async function closeDuplicates(api: IssueApi, kept: number, duplicates: readonly number[]): Promise<void> {
  for (const duplicate of duplicates) {
    await api.comment(
      duplicate,
      `Duplicate of #${kept}: two runs of this health check overlapped and each opened an issue; the findings are there.`
    )
    await api.close(duplicate, 'not_planned')
  }
}

/**
 * The selection a health check judges, as one stable text: empty for the whole message DLQ (so an issue opened
 * before filters took part in the marker is still found), else the source and every filter set, keys sorted and
 * each filter's values as a set (sorted, once each: they are ORed, so their order says nothing). The date bounds are
 * left out: a relative window (`from-date: 24h`) moves on every run, and is still the same check.
 */
export function checkScope(filters: ListFilters): string {
  const set = Object.entries(filters)
    .filter(([key]) => key !== 'fromDate' && key !== 'toDate')
    .filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))
    .map(([key, value]): [string, unknown] => [key, Array.isArray(value) ? valueSet(value) : value])
    .sort(([a], [b]) => (a < b ? -1 : 1))
  return set.length === 0 ? '' : JSON.stringify(Object.fromEntries(set))
}

/** A filter's values in one order whatever the order given, each once; by code unit, as no locale may differ. */
function valueSet(values: readonly unknown[]): unknown[] {
  return [...new Set(values)].sort((a, b) => {
    const [x, y] = [String(a), String(b)]
    return x < y ? -1 : x > y ? 1 : 0
  })
}
