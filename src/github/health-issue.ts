import type { ListResult } from '../results.js'
import type { IssueApi } from '../report/boundary.js'
import { listingComplete } from '../report/list-verdict.js'
import {
  changeComment,
  closingComment,
  duplicateComment,
  issueBody,
  lastSpoken,
  readState,
  reasonToComment,
  stateOf
} from './issue-text.js'

export type IssueAction =
  | { action: 'opened' | 'commented' | 'updated' | 'closed'; number: number; url: string }
  | { action: 'none'; reason: string }

/** action.yml's default of issue-repeat-interval (a unit test holds the two equal). */
export const DEFAULT_REPEAT_INTERVAL_MS = 4 * 3_600_000

/**
 * Keeps one issue in step with the health check: a failing check opens it, or on the open one comments with
 * what changed (only when something material did, or the last comment is older than `repeatIntervalMs`) and
 * refreshes the body; a passing check comments (how long it failed, the thresholds) and closes it. A listing that
 * failed says nothing about health: no change.
 */
export async function syncHealthIssue(
  api: IssueApi,
  result: ListResult,
  title: string,
  runUrl: string | undefined,
  now: number,
  repeatIntervalMs = DEFAULT_REPEAT_INTERVAL_MS
): Promise<IssueAction> {
  if (result.failure !== undefined) return { action: 'none', reason: 'the listing failed, so health is unknown' }
  const failing = result.health.breaches.length > 0
  const open = await api.findOpen(title)
  // A duplicate a run opened and could not close (it was stopped) is closed by the next run that sees it.
  if (open?.duplicates !== undefined) await closeDuplicates(api, open.number, open.duplicates)
  if (failing) {
    if (open) {
      const before = readState(open.body)
      const why = before === undefined ? 'no earlier figures' : reasonToComment(result, before, now, repeatIntervalMs)
      const state = stateOf(
        result,
        before?.since ?? now,
        now,
        why === undefined && before ? lastSpoken(before) : undefined
      )
      if (why !== undefined) await api.comment(open.number, changeComment(result, before, runUrl, now, why))
      await api.update(open.number, title, issueBody(result, runUrl, now, state))
      return { action: why === undefined ? 'updated' : 'commented', number: open.number, url: open.url }
    }
    const created = await api.create(title, issueBody(result, runUrl, now, stateOf(result, now, now)))
    return converge(api, result, title, runUrl, now, created)
  }
  if (!listingComplete(result)) {
    return { action: 'none', reason: 'the listing stopped before the end, so the check cannot be said to pass' }
  }
  if (!open) return { action: 'none', reason: 'the check passes and no issue is open' }
  await api.comment(open.number, closingComment(result, readState(open.body), runUrl, now))
  await api.close(open.number)
  return { action: 'closed', number: open.number, url: open.url }
}

/**
 * Two checks that overlap both find no issue and both open one: after opening, look again. When an older issue of
 * this check is open, this run's findings go there as a comment and its own issue is closed as a duplicate; the run
 * that opened the oldest leaves it be, so every interleaving ends with one open issue and no comment twice.
 */
async function converge(
  api: IssueApi,
  result: ListResult,
  title: string,
  runUrl: string | undefined,
  now: number,
  created: { number: number; url: string }
): Promise<IssueAction> {
  const kept = (await api.findAllOpen(title))[0]
  if (kept === undefined || kept.number >= created.number) return { action: 'opened', ...created }
  const why = `another run of this check opened #${kept.number} at the same time`
  await api.comment(kept.number, changeComment(result, readState(kept.body), runUrl, now, why))
  await closeDuplicates(api, kept.number, [created.number])
  return { action: 'commented', number: kept.number, url: kept.url }
}

/** Closes newer issues of the check as duplicates of the one kept, each with a comment pointing at it. */
async function closeDuplicates(api: IssueApi, kept: number, duplicates: readonly number[]): Promise<void> {
  for (const duplicate of duplicates) {
    await api.comment(duplicate, duplicateComment(kept))
    await api.close(duplicate, 'not_planned')
  }
}
