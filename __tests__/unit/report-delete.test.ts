/**
 * The report of delete-dlq, from results shaped as the operation builds them: `all` on the first line, counts said as
 * the answers gave them ("at least", "possibly deleted"), how to finish after a stop, the archive, the outputs; and
 * third-party values (ids, URLs) as code spans only.
 */
import { describe, expect, it } from '@jest/globals'
import { Outputs } from '../../src/constants.js'
import type { DeleteResult } from '../../src/delete-results.js'
import { deleteReport as report } from '../../src/report/delete.js'
import { listResult } from '../support/results.js'
import { renderLikeGitHub } from '../support/markdown.js'

const T0 = Date.UTC(2026, 10, 28, 9, 0, 0)
const ARCHIVE = '/home/runner/work/_temp/dlq-archive/delete-dlq.ndjson'
const HOOK = 'https://gone.example.com/hook'

/** A delete of `listed` messages that deleted them all; tests override what they look at. */
function deleted(more: Partial<DeleteResult> = {}): DeleteResult {
  const listed = more.listed ?? 240
  return {
    kind: 'delete',
    operation: 'delete-dlq',
    dlq: 'message',
    dryRun: false,
    selection: {},
    all: true,
    listing: listResult({
      count: listed,
      byUrl: [{ value: HOOK, count: listed }],
      byDestination: [{ url: HOOK, count: listed, status: 410, oldestCreatedAt: T0 - 20 * 86_400_000 }]
    }),
    listed,
    archiveFile: ARCHIVE,
    requests: 3,
    deleted: listed,
    goneOneByOne: { count: 0, named: [] },
    goneWhenListed: 0,
    possiblyDeleted: 0,
    uncounted: 0,
    notDeleted: 0,
    refused: 0,
    ...more
  }
}

const render = (result: DeleteResult) => report.summary(result, {}, { now: T0 })
const firstLine = (result: DeleteResult) => render(result).split('\n')[0]

describe('the report of a delete', () => {
  it('says on its first line that all: true selected the whole DLQ', () => {
    expect(firstLine(deleted())).toBe(
      '## ✅ Deleted 240 messages; selection: every message in the DLQ (`all: true`), of any age'
    )
    expect(report.notice!(deleted(), T0)).toBe(
      'Deleted 240 messages; selection: every message in the DLQ (all: true), of any age'
    )
    expect(report.outputs(deleted())).toMatchObject({
      [Outputs.DeletedCount]: '240',
      [Outputs.AlreadyGoneCount]: '0',
      [Outputs.ArchiveFile]: ARCHIVE,
      [Outputs.Complete]: 'true'
    })
    expect(report.failure(deleted())).toBeUndefined()
  })

  it('says older-than on the first line, and whose clock judged it', () => {
    const toDate = T0 - 14 * 86_400_000
    const service = deleted({ all: false, olderThan: { text: '14d', ms: 14 * 86_400_000, toDate, clock: 'service' } })
    expect(firstLine(service)).toBe(
      "## ✅ Deleted 240 messages; selection: every message in the DLQ, older than 14d (created at or before 2026-11-14T09:00:00.000Z, on the service's clock)"
    )
    const undated = deleted({
      olderThan: { text: '14d', ms: 14 * 86_400_000, toDate, clock: 'service' },
      leftOut: { younger: 7, undated: 2 }
    })
    expect(report.outputs(undated)[Outputs.Complete]).toBe('false')
    expect(report.warnings(undated)).toContain(
      '2 entries were selected without a creation time that can be true: their age cannot be judged against ' +
        'older-than, so they were left in the DLQ'
    )
    expect(render(undated)).toContain(
      'Left in the DLQ by `older-than`: 7 selected but created after 2026-11-14T09:00:00.000Z, 2 without a creation ' +
        'time that can be true.'
    )
    const runner = deleted({
      olderThan: { text: '14d', ms: 14 * 86_400_000, toDate, clock: 'runner', marginMs: 120_000 }
    })
    expect(render(runner)).toContain("on the runner's clock less 2m, as the service sent no Date header")
  })

  it('counts ids already gone as such, not as a failure', () => {
    const result = deleted({ deleted: 230, goneWhenListed: 4, goneOneByOne: { count: 6, named: ['dlq_a', 'dlq_b'] } })
    expect(report.outputs(result)).toMatchObject({ [Outputs.AlreadyGoneCount]: '10', [Outputs.Complete]: 'true' })
    expect(report.failure(result)).toBeUndefined()
    expect(firstLine(result)).toMatch(/^## ✅ Deleted 230 messages; 10 already gone; /)
    expect(render(result)).toContain(
      '**Already gone:** 4 of the DLQ ids given were not in it when listed; 6 left it between the listing and the ' +
        'delete, each told by a request of its own: `dlq_a`, `dlq_b` and 4 more'
    )
  })

  it('says "at least" and "possibly deleted" when answers were lost, and fails the step', () => {
    const result = deleted({ deleted: 140, possiblyDeleted: 100 })
    expect(firstLine(result)).toMatch(/^## ⚠️ Deleted at least 140 messages; 100 more possibly; /)
    expect(report.outputs(result)).toMatchObject({ [Outputs.DeletedCount]: '140', [Outputs.Complete]: 'false' })
    expect(report.failure(result)).toMatch(
      /^100 more entries were possibly deleted: the requests that named them got no readable answer/
    )
    expect(render(result)).toContain('**⚠️ Possibly deleted:** 100 more')
  })

  it('after a cancel, says what was deleted and what not, and how to finish with the archive', () => {
    const result = deleted({
      deleted: 200,
      possiblyDeleted: 0,
      notDeleted: 40,
      failure: { kind: 'cancelled', signal: 'SIGINT' }
    })
    expect(firstLine(result)).toMatch(/^## ⛔ Cancelled: 200 messages deleted before the cancel, 40 not; /)
    const failure = report.failure(result) ?? ''
    expect(failure).toMatch(/^the step was cancelled \(SIGINT\); 200 messages deleted before it, 40 not; /)
    expect(failure).toContain('run the step again with dlq-ids-file set to this archive')
    expect(render(result)).toContain('**To finish:** to delete exactly the rest of what was listed')
    expect(report.outputs(result)[Outputs.Complete]).toBe('false')
  })

  it('refused before any delete: nothing deleted, the archive said to hold entries none of which was deleted', () => {
    const result = deleted({
      deleted: 0,
      requests: 0,
      notDeleted: 241,
      listed: 241,
      maxEntries: 240,
      failure: { kind: 'cap-exceeded', input: 'max-entries', cap: 240, found: 241 }
    })
    expect(firstLine(result)).toMatch(
      /^## ❌ Refused by max-entries: more than 240 messages selected; nothing was deleted/
    )
    expect(render(result)).toContain(`The entries listed are in \`${ARCHIVE}\` (output \`archive-file\`); none of them`)
    expect(render(result)).not.toContain('To finish')
    expect(report.failure(result)).toMatch(/^the selection holds more than 240 entries \(max-entries\): at least 241/)
    expect(report.notice!(result, T0)).toBeUndefined()
  })

  it('a service without the delete: nothing deleted, in its own words', () => {
    const result = deleted({
      deleted: 0,
      requests: 0,
      notDeleted: 240,
      failure: { kind: 'verb-missing', operation: 'delete-dlq', path: '/v2/dlq', status: 404, listedIds: 32 }
    })
    expect(firstLine(result)).toMatch(/^## ❌ Nothing deleted: the service does not offer delete-dlq; /)
    expect(report.failure(result)).toMatch(/this service does not offer delete-dlq: .*; nothing was deleted$/)
  })

  it('a dry run says what it would delete, and writes no archive', () => {
    const result = deleted({
      dryRun: true,
      deleted: 0,
      requests: 0,
      archiveFile: undefined,
      planFile: '/w/plan.ndjson'
    })
    expect(firstLine(result)).toMatch(/^## 🔍 Dry run: would delete 240 messages; no delete request was sent; /)
    expect(report.outputs(result)).toMatchObject({
      [Outputs.PlannedCount]: '240',
      [Outputs.PlanFile]: '/w/plan.ndjson',
      [Outputs.ArchiveFile]: '',
      [Outputs.DeletedCount]: '0',
      [Outputs.Complete]: 'true'
    })
    expect(render(result)).toContain('**No delete request was sent.**')
    expect(render(result)).toContain('### What it would delete')
  })

  it('shows what was deleted by destination, with its age', () => {
    const summary = render(deleted())
    expect(summary).toContain('### What was deleted')
    expect(summary).toContain('#### By destination')
    expect(summary).toContain('| 240 | 410 | 20d | — | `https://gone.example.com/hook` |')
    const partial = render(
      deleted({ deleted: 100, notDeleted: 140, failure: { kind: 'cancelled', signal: 'SIGTERM' } })
    )
    expect(partial).toContain('### What was listed and archived (deleted in part, as said above)')
  })

  it('says nothing matched, and no archive, when the listing found nothing to delete', () => {
    const none = deleted({ listed: 0, deleted: 0, requests: 0, listing: listResult() })
    expect(firstLine(none)).toBe(
      '## ℹ️ Nothing to delete: no message matched; selection: every message in the DLQ (`all: true`), of any age'
    )
    expect(render(none)).not.toContain(ARCHIVE)
    expect(report.outputs(none)[Outputs.Complete]).toBe('true')
  })

  it('of failed workflow runs, says runs', () => {
    expect(firstLine(deleted({ dlq: 'workflow', deleted: 3, listed: 3 }))).toBe(
      '## ✅ Deleted 3 failed workflow runs; selection: every failed workflow run in the DLQ (`all: true`), of any age'
    )
  })

  it('keeps third-party values (ids, URLs, the path) in code spans: no tag or link reaches the page', () => {
    const evil = 'https://evil.example.com/<script>alert(1)</script>'
    const result = deleted({
      all: false,
      selection: { url: [evil] },
      goneOneByOne: { count: 1, named: ['dlq_[x](https://evil.example.com)'] },
      archiveFile: '/tmp/a`b<img src=x>.ndjson'
    })
    const html = renderLikeGitHub(render(result))
    expect(html).not.toMatch(/<script|<img|href="https:\/\/evil/)
  })
})
