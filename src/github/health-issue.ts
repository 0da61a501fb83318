import type { ListResult } from '../operations/results.js'
import { escapeCell, formatCount } from '../report/escape.js'
import { breachReason, headline } from '../report/health-text.js'

/** The few issue endpoints the health check uses; Octokit in the action, a fake in tests. */
export interface IssueApi {
  /** The open issue (not pull request) with exactly this title, if any. */
  findOpen(title: string): Promise<{ number: number; url: string } | undefined>
  create(title: string, body: string): Promise<{ number: number; url: string }>
  comment(issue: number, body: string): Promise<void>
  close(issue: number): Promise<void>
}

export type IssueAction =
  { action: 'opened' | 'commented' | 'closed'; number: number; url: string } | { action: 'none'; reason: string }

const BREAKDOWN_ROWS = 10

/**
 * Keeps one issue in step with the health check: a failing check opens it (or comments on the open one);
 * a passing check comments on it and closes it. A listing that failed says nothing about health: no change.
 */
export async function syncHealthIssue(
  api: IssueApi,
  result: ListResult,
  title: string,
  runUrl: string | undefined,
  now: number
): Promise<IssueAction> {
  if (result.error !== undefined) return { action: 'none', reason: 'the listing failed, so health is unknown' }
  const failing = result.health.breaches.length > 0
  const open = await api.findOpen(title)
  if (failing) {
    const body = issueBody(result, runUrl, now)
    if (open) {
      await api.comment(open.number, body)
      return { action: 'commented', ...open }
    }
    return { action: 'opened', ...(await api.create(title, body)) }
  }
  if (!open) return { action: 'none', reason: 'the check passes and no issue is open' }
  const run = runUrl ? ` ([workflow run](${runUrl}))` : ''
  await api.comment(open.number, `✅ The DLQ health check passes again: ${headline(result, now)}.${run} Closing.`)
  await api.close(open.number)
  return { action: 'closed', ...open }
}

/** Verdict, counts and breakdown, every DLQ value escaped: the body is rendered as markdown by GitHub. */
export function issueBody(result: ListResult, runUrl: string | undefined, now: number): string {
  const lines = [
    `❌ **DLQ health check failing**: ${headline(result, now)}.`,
    '',
    ...result.health.breaches.map(b => `- ${breachReason(b)}`),
    ''
  ]
  if (runUrl) lines.push(`Details: [workflow run](${runUrl})`, '')
  for (const [title, rows] of [
    ['destination URL', result.byUrl],
    ['last response status', result.byStatus]
  ] as const) {
    if (rows.length === 0) continue
    lines.push(`| Messages by ${title} | Messages |`, '| --- | ---: |')
    for (const row of rows.slice(0, BREAKDOWN_ROWS))
      lines.push(`| ${escapeCell(row.value)} | ${formatCount(row.count)} |`)
    lines.push('')
    if (rows.length > BREAKDOWN_ROWS) lines.push(`… and ${formatCount(rows.length - BREAKDOWN_ROWS)} more`, '')
  }
  return lines.join('\n')
}

/** IssueApi over @actions/github's Octokit, which honours GITHUB_API_URL (GitHub Enterprise Server). */
export async function octokitIssueApi(token: string, repository: string): Promise<IssueApi> {
  const [owner = '', repo = ''] = repository.split('/')
  const { getOctokit } = await import('@actions/github')
  const octokit = getOctokit(token)
  return {
    async findOpen(title) {
      // Bounded: the open issues of a repository, 100 a page, at most 10 pages.
      for (let page = 1; page <= 10; page++) {
        const { data } = await octokit.rest.issues.listForRepo({ owner, repo, state: 'open', per_page: 100, page })
        const found = data.find(issue => issue.title === title && !issue.pull_request)
        if (found) return { number: found.number, url: found.html_url }
        if (data.length < 100) return undefined
      }
      return undefined
    },
    async create(title, body) {
      const { data } = await octokit.rest.issues.create({ owner, repo, title, body })
      return { number: data.number, url: data.html_url }
    },
    async comment(issue, body) {
      await octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body })
    },
    async close(issue) {
      await octokit.rest.issues.update({ owner, repo, issue_number: issue, state: 'closed', state_reason: 'completed' })
    }
  }
}
