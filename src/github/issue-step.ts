import type { OutputBoundary } from '../report/boundary.js'
import type { IssueLink, ListResult } from '../results.js'
import type { ListFilters } from '../requests.js'
import type { RetryPolicy } from '../service/retry.js'
import { runContext } from './context.js'
import { syncHealthIssue } from './health-issue.js'
import { GitHubCallError, octokitIssueApi } from './octokit-issues.js'

export interface IssueStep {
  title: string
  /** A failing run comments again, nothing material having changed, once the last comment is this old. */
  repeatIntervalMs: number
  /** The GitHub token; none: the step warns and changes nothing. */
  token?: string
  timeoutMs: number
  retry: RetryPolicy
  /** The run's one clock: the issue's figures are dated as the verdict was. */
  now: number
  /** The run's stop signal: the issue is left as it is once the step is cancelled. */
  signal?: AbortSignal
}

/**
 * Opens, updates or closes the health issue, and returns it for the summary to link (its URL made from the
 * repository and the number, not taken from GitHub's answer). Its failure is a warning: the verdict stands alone.
 */
export async function updateHealthIssue(
  step: IssueStep,
  result: ListResult,
  out: OutputBoundary
): Promise<IssueLink | undefined> {
  const repository = process.env.GITHUB_REPOSITORY
  if (!repository || !step.token) {
    out.warning('issue-on-failure needs GITHUB_REPOSITORY and github-token: no issue was opened or updated.')
    return undefined
  }
  try {
    const github = await octokitIssueApi(step.token, repository, {
      timeoutMs: step.timeoutMs,
      retry: step.retry,
      log: line => out.info(line),
      scope: checkScope(result.filters),
      redact: out.redact,
      ...(step.signal ? { signal: step.signal } : {})
    })
    const done = await syncHealthIssue(
      out.issueApi(github),
      out.redactValue(result),
      step.title,
      runContext().runUrl,
      step.now,
      step.repeatIntervalMs
    )
    out.info(
      done.action === 'none'
        ? `Health issue: no change (${done.reason}).`
        : `Health issue #${done.number} ${done.action}: ${done.url}`
    )
    if (done.action === 'none') return undefined
    const server = process.env.GITHUB_SERVER_URL || 'https://github.com'
    return { number: done.number, url: `${server}/${repository}/issues/${done.number}`, action: done.action }
  } catch (err) {
    // Only a refusal is about permissions: a rate limit, a timeout or a server error says nothing of them.
    const status = err instanceof GitHubCallError ? err.status : undefined
    const hint =
      status === 401
        ? ' GitHub refused github-token (HTTP 401): check that input (the job token by default).'
        : status === 403 || status === 404
          ? ' The workflow needs "permissions: issues: write" for issue-on-failure.'
          : ' The health verdict above stands; the issue is brought up to date on the next run.'
    out.warning(`Could not update the health issue "${step.title}": ${(err as Error).message}.${hint}`)
    return undefined
  }
}

/**
 * The selection a health check judges, as one stable text: empty for the whole message DLQ (so an issue opened
 * before filters took part in the marker is still found), else the source and every filter set, keys sorted. The
 * date bounds are left out: a relative window (`from-date: 24h`) moves on every run, and is still the same check.
 */
export function checkScope(filters: ListFilters): string {
  const set = Object.entries(filters)
    .filter(([key]) => key !== 'fromDate' && key !== 'toDate')
    .filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))
    .sort(([a], [b]) => (a < b ? -1 : 1))
  return set.length === 0 ? '' : JSON.stringify(Object.fromEntries(set))
}
