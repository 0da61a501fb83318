/** What the list report says of a health check: the edge it made on the health issue, and what it counted. */
import { describe, expect, it } from '@jest/globals'
import { judged } from '../../src/operations/health.js'
import { listReport } from '../../src/report/list.js'
import { issueOutputs } from '../../src/report/list-outputs.js'
import { judgement, thresholdsText } from '../../src/report/list-verdict.js'
import { listResult } from '../support/results.js'

const NOW = Date.UTC(2026, 10, 22, 12)
const HOUR = 3_600_000

describe('issueOutputs', () => {
  const link = (action: 'opened' | 'commented' | 'updated' | 'closed') => ({
    number: 7,
    url: 'https://github.com/acme/shop/issues/7',
    action
  })

  it('gives the edge the issue step made, and the issue it touched', () => {
    expect(issueOutputs({ link: link('opened') })).toEqual({
      transition: 'opened',
      'issue-url': 'https://github.com/acme/shop/issues/7'
    })
    expect(issueOutputs({ link: link('commented') }).transition).toBe('commented')
    expect(issueOutputs({ link: link('closed') }).transition).toBe('closed')
    // A body brought up to date without a comment is no edge, but the issue is named.
    expect(issueOutputs({ link: link('updated') })).toEqual({
      transition: 'none',
      'issue-url': 'https://github.com/acme/shop/issues/7'
    })
    expect(issueOutputs({})).toEqual({ transition: 'none', 'issue-url': '' })
  })

  it('says opened when a cancel cut the step after it opened the issue', () => {
    expect(issueOutputs({ cut: { signal: 'SIGTERM', opened: link('opened') } }).transition).toBe('opened')
    expect(issueOutputs({ cut: { signal: 'SIGTERM' } }).transition).toBe('none')
  })
})

describe('a health check of failed workflow runs', () => {
  it('calls what it counted runs, in its failure, its verdict line and what was asked', () => {
    const found = listResult({ count: 12, filters: { source: 'workflow' }, oldestCreatedAt: NOW - 7 * HOUR })
    const result = judged(found, { countAbove: 10, oldestOlderThanMs: 6 * HOUR }, NOW)
    expect(listReport.failure(result)).toBe(
      'DLQ health check failed: 12 failed workflow runs, more than fail-if-count-above (10)\n' +
        'DLQ health check failed: the oldest failed workflow run is 7h old, older than fail-if-oldest-older-than (6h)'
    )
    expect(judgement(result, NOW)).toBe(
      '**12 failed workflow runs** (limit 10: **exceeded**) · **oldest 7h** (limit 6h: **exceeded**)'
    )
    expect(thresholdsText(result)).toBe(
      'fail the step when more than 10 failed workflow runs are listed (`fail-if-count-above`), or when the oldest ' +
        'failed workflow run is older than 6h (`fail-if-oldest-older-than`)'
    )
  })
})
