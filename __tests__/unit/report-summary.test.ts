import { describe, expect, it } from '@jest/globals'
import MarkdownIt from 'markdown-it'
import type { ScheduleResult } from '../../src/results.js'
import { LABEL_CHAR_PX, LABEL_GAP_PX, MAX_BARS, PLOT_WIDTH_PX } from '../../src/report/chart.js'
import { listResult, resumeResult, messageFailure, statusFailure } from '../support/results.js'
import { SUMMARY_LIMIT_BYTES, type Outputs } from '../../src/constants.js'
import { listReport } from '../../src/report/list.js'
import { resumeReport } from '../../src/report/resume.js'
import { scheduleReport } from '../../src/report/schedule.js'

const T0 = Date.UTC(2026, 10, 22, 2, 45, 25) // 2026-11-22T02:45:25.000Z
const HOUR = 3_600_000
const DAY = 24 * HOUR

/** A value carrying every kind of trouble at once. */
const HOSTILE =
  'a|b <script>alert(1)</script> [x](javascript:alert(1)) `evil` line1\nline2\r\n::set-output name=x::1 ' +
  'http://evil.example $math$'

function scheduleResult(outcomes: ScheduleResult['outcomes']): ScheduleResult {
  return { operation: 'resume-schedule', outcomes }
}

/** Cells of a table row, split on pipes that are not backslash-escaped (as GFM does). */
function cells(row: string): string[] {
  const parts: string[] = []
  let current = ''
  for (let i = 0; i < row.length; i++) {
    const ch = row[i]
    if (ch === '\\') {
      current += ch + (row[i + 1] ?? '')
      i++
    } else if (ch === '|') {
      parts.push(current)
      current = ''
    } else {
      current += ch
    }
  }
  parts.push(current)
  return parts.slice(1, -1)
}

/** Every table of the markdown: runs of lines that start with `|`. */
function tables(markdown: string): string[][] {
  const found: string[][] = []
  let current: string[] = []
  for (const line of markdown.split('\n')) {
    if (line.startsWith('|')) {
      current.push(line)
    } else if (current.length > 0) {
      found.push(current)
      current = []
    }
  }
  if (current.length > 0) found.push(current)
  return found
}

/** Data rows of the table whose header row contains the heading. */
function tableRows(markdown: string, heading: string): string[] {
  const table = tables(markdown).find(t => (t[0] ?? '').includes(heading))
  if (!table) throw new Error(`no table with heading ${heading}`)
  return table.slice(2)
}

/** GFM as GitHub renders it, bare URLs linked (its autolinks): what a reader's browser gets. */
const gfm = new MarkdownIt({ html: true, linkify: true })

/** Invisible characters a copied value would carry without showing them. */
const INVISIBLE = /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u

/**
 * Rendered, no third-party text is HTML, a link or an image; it shows only inside code; the source has no
 * invisible character and no line that a runner or GFM would read as a command or a new block.
 */
function expectNoRawHostile(markdown: string): void {
  const html = gfm.render(markdown)
  expect(html).not.toMatch(/<script|<img/i)
  expect(html.replace(/<code>[\s\S]*?<\/code>/g, '')).not.toMatch(/javascript:/i)
  const links = [...html.matchAll(/<a href="([^"]*)"/g)].map(m => m[1])
  for (const href of links) expect(href).toMatch(/^https:\/\/github\.com\//)
  expect(html).not.toContain('href="http://evil')
  // Every appearance of the hostile text is inside a code element.
  const outsideCode = html.replace(/<code>[\s\S]*?<\/code>/g, '')
  expect(outsideCode).not.toContain('evil')
  expect(outsideCode).not.toContain('&lt;script')
  expect(markdown).not.toMatch(INVISIBLE)
  for (const line of markdown.split('\n')) {
    expect(line).not.toMatch(/^\s*::/)
    expect(line.startsWith('line2')).toBe(false)
  }
}

/** The heading (the result) on the first line, a bold line right after it. */
function expectVerdictFirst(markdown: string, heading: RegExp): void {
  const lines = markdown.split('\n').filter(l => l !== '')
  expect(lines[0]).toMatch(/^## /)
  expect(lines[0]).toMatch(heading)
  expect(lines[1]).toMatch(/\*\*/)
}

function expectTablesIntact(markdown: string): void {
  const all = tables(markdown)
  expect(all.length).toBeGreaterThan(0)
  for (const table of all) {
    const width = cells(table[0] ?? '').length
    expect(width).toBeGreaterThan(0)
    for (const row of table) expect(cells(row)).toHaveLength(width)
    expect(table[1]).toMatch(/^\|( -{3,}:? \|)+$/)
  }
}

describe('hostile values', () => {
  it('are escaped everywhere in a list-dlq summary and never split a cell', () => {
    const out = listReport.summary(
      listResult({
        filters: { url: [HOSTILE], messageId: [HOSTILE], responseStatus: 500, fromDate: T0 },
        startCursor: HOSTILE,
        count: 2,
        pages: 1,
        oldestCreatedAt: T0,
        oldest: [{ messageId: HOSTILE, url: HOSTILE, responseStatus: 500, createdAt: T0 }],
        newest: [{ messageId: 'm2', url: HOSTILE, createdAt: T0 + HOUR }],
        byUrl: [{ value: HOSTILE, count: 2 }],
        byStatus: [{ value: HOSTILE, count: 2 }],
        nextCursor: HOSTILE,
        failure: messageFailure(HOSTILE)
      }),
      {},
      { now: T0 + DAY }
    )
    expectNoRawHostile(out)
    expectTablesIntact(out)
    expectVerdictFirst(out, /Listing failed part way/)
    // The value is shown as it is, backticks and all: a fence longer than its own run, pipes escaped in cells.
    const html = gfm.render(out)
    expect(html).toContain(
      '<code>a|b &lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1)) `evil` line1\\nline2'
    )
  })

  it('are escaped everywhere in a resume-schedule summary', () => {
    const out = scheduleReport.summary(
      scheduleResult([
        { scheduleId: HOSTILE, ok: true },
        { scheduleId: 'sched-2', ok: false, failure: messageFailure(HOSTILE) }
      ]),
      {},
      { now: Date.now() }
    )
    expectNoRawHostile(out)
    expectTablesIntact(out)
    expect(tableRows(out, 'Schedule id')).toHaveLength(2)
  })

  it('are escaped everywhere in a resume-workflows summary', () => {
    const out = resumeReport.summary(
      resumeResult({
        selection: {
          dlqIds: [HOSTILE, 'dlq-2'],
          workflowUrl: HOSTILE,
          workflowRunId: HOSTILE,
          fromDate: T0
        },
        overrides: { flowControlKey: HOSTILE, flowControlValue: HOSTILE, retries: 3 },
        startCursor: HOSTILE,
        runs: [{ workflowRunId: HOSTILE, workflowCreatedAt: T0 }],
        nextCursor: HOSTILE,
        failure: messageFailure(HOSTILE)
      }),
      {},
      { now: Date.now() }
    )
    expectNoRawHostile(out)
    expectTablesIntact(out)
  })

  it('cuts very long cell values', () => {
    const longId = 'x'.repeat(5000)
    const out = scheduleReport.summary(scheduleResult([{ scheduleId: longId, ok: true }]), {}, { now: Date.now() })
    const row = tableRows(out, 'Schedule id')[0] ?? ''
    expect(row).not.toContain(longId)
    expect(row).toContain('…')
    expect(row.length).toBeLessThan(400)
  })
})

describe('link to the workflow run', () => {
  it('links the run, with spaces and parentheses encoded', () => {
    const out = scheduleReport.summary(
      scheduleResult([]),
      { runUrl: 'https://github.com/o/r/actions/runs/1 (x)' },
      { now: Date.now() }
    )
    expect(out).toContain('[workflow run](https://github.com/o/r/actions/runs/1%20%28x%29)')
  })

  it('does not link a non-http URL', () => {
    const out = scheduleReport.summary(scheduleResult([]), { runUrl: 'javascript:alert(1)' }, { now: Date.now() })
    expect(out).not.toContain('](javascript')
    expect(out).not.toContain('[workflow run]')
  })

  it('is left out when there is no run URL', () => {
    expect(scheduleReport.summary(scheduleResult([]), {}, { now: Date.now() })).not.toContain('workflow run](')
  })
})

describe('list-dlq summary', () => {
  it('says clearly that an empty DLQ is empty', () => {
    const out = listReport.summary(listResult(), {}, { now: Date.now() })
    expectVerdictFirst(out, /The DLQ is empty/)
    expect(out).toContain('Filters: none')
    expect(tables(out)).toHaveLength(0)
  })

  it('does not call the DLQ empty when filters matched nothing or the listing failed', () => {
    const filtered = listReport.summary(
      listResult({ filters: { url: ['https://a.example/x'] } }),
      {},
      { now: Date.now() }
    )
    expect(filtered).not.toContain('empty')
    expectVerdictFirst(filtered, /No DLQ message matches the filters/)

    const failed = listReport.summary(
      listResult({ failure: statusFailure(401, 'token refused') }),
      {},
      { now: Date.now() }
    )
    expect(failed).not.toMatch(/empty|healthy/i)
    expectVerdictFirst(failed, /Could not list the DLQ: the service refused the token \(HTTP 401\)/)
    expect(failed).toMatch(/`list-dlq failed: HTTP 401 [^`]*: token refused`/)
    expect(failed.split('\n').filter(l => l !== '')[1]).toMatch(/unknown/)
  })

  it('shows what was asked, counts, dates, ages and both tables', () => {
    const out = listReport.summary(
      listResult({
        filters: { url: ['https://a.example/hook'], responseStatus: 503, fromDate: T0 - DAY },
        order: 'latestFirst',
        pageSize: 25,
        startCursor: 'start-cursor-1',
        count: 1234,
        pages: 50,
        oldestCreatedAt: T0,
        oldest: [{ messageId: 'msg-old', url: 'https://a.example/hook', responseStatus: 503, createdAt: T0 }],
        newest: [
          { messageId: 'msg-new', url: 'https://b.example/hook', responseStatus: 500, createdAt: T0 + 2 * HOUR }
        ],
        byUrl: [
          { value: 'https://a.example/hook', count: 1000 },
          { value: 'https://b.example/hook', count: 234 }
        ],
        byStatus: [
          { value: '503', count: 1000 },
          { value: '500', count: 234 }
        ]
      }),
      {},
      { now: T0 + 3 * DAY + 5 * HOUR }
    )
    expectVerdictFirst(out, /1,234 messages matching `url`, `from-date` and `response-status`/)
    expect(out.split('\n')[2]).toContain(
      '**1,234 messages matching `url`, `from-date` and `response-status`** · **oldest 3d 5h** (not judged: no threshold set)'
    )
    expect(out).toContain('50 pages')
    expect(out).toContain('latest first')
    expect(out).toContain('Page size: 25')
    expect(out).toContain('`start-cursor-1`')
    expect(out).toContain('2026-11-21T02:45:25.000Z') // fromDate filter
    expect(out).not.toContain('empty')
    expect(tableRows(out, 'Destination URL | Messages')).toEqual([
      '| `https://a.example/hook` | 1,000 |',
      '| `https://b.example/hook` | 234 |'
    ])
    expect(tableRows(out, 'Last response status | Messages')).toEqual(['| `503` | 1,000 |', '| `500` | 234 |'])
    const extremes = tableRows(out, 'Message id')
    expect(extremes).toHaveLength(2)
    // Age first, a short time, each group named once.
    expect(extremes[0]).toMatch(
      /^\| \*\*Oldest\*\* \| 3d 5h \| 11-22 02:45 \| 503 \| `msg-old` \| `https:\/\/a\.example\/hook` \|$/
    )
    expect(extremes[1]).toContain('**Newest**')
    expect(extremes[1]).toContain('`msg-new`')
    // What was asked comes last.
    expect(out.indexOf('### What was asked')).toBeGreaterThan(out.indexOf('Message id'))
    expectTablesIntact(out)
    expectNoRawHostile(out)
  })

  it('gives the cursor to continue from when the listing stopped early', () => {
    const out = listReport.summary(
      listResult({ count: 10, nextCursor: 'next-cur_42', maxMessages: 10, health: { countAbove: 100, breaches: [] } }),
      {},
      { now: Date.now() }
    )
    expectVerdictFirst(out, /Listing stopped early: health not judged/)
    expect(out).not.toMatch(/healthy/i)
    expect(out).toContain('**at least 10 messages** (limit 100: not judged)')
    expect(out).toContain('`max-messages` (10)')
    expect(out).toContain('re-run with input `cursor` set to `next-cur_42`')
  })

  it('says what the ids outputs hold as written, not what the listing collected', () => {
    const ids = (prefix: string, n: number): string[] =>
      Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(20, '0')}`)
    const written = (result: ReturnType<typeof listResult>) => {
      const outputs = listReport.outputs(result)
      const count = (name: 'message-ids' | 'dlq-ids') => (JSON.parse(outputs[name as Outputs]!) as string[]).length
      return { messages: count('message-ids'), dlq: count('dlq-ids'), outputs }
    }
    // 60,000 listed, the first 36,000 of each kind collected (the cap), fewer of each written (the shared budget).
    const many = listResult({
      count: 60_000,
      messageIds: ids('msg_', 36_000),
      messageIdsTruncated: true,
      dlqIds: ids('dlq_', 36_000),
      dlqIdsTruncated: true
    })
    const cut = written(many)
    expect(cut.messages).toBeLessThan(36_000)
    const summary = listReport.summary(many, {}, { now: Date.now() })
    expect(summary).toContain(`holds only the first ${cut.messages.toLocaleString('en-US')} ids of 60,000 messages`)
    expect(summary).toContain(`\`dlq-ids\` output holds only the first ${cut.dlq.toLocaleString('en-US')} DLQ ids`)
    expect(summary).not.toContain('36,000')
    // 20,000 listed and every id collected, but the outputs cut: the summary says so, as the -truncated flags do.
    const some = listResult({ count: 20_000, messageIds: ids('msg_', 20_000), dlqIds: ids('dlq_', 20_000) })
    const { messages, outputs } = written(some)
    expect(outputs['message-ids-truncated']).toBe('true')
    expect(listReport.summary(some, {}, { now: Date.now() })).toContain(
      `holds only the first ${messages.toLocaleString('en-US')} ids of 20,000 messages`
    )
  })

  it('says when the message-ids output holds only the first ids', () => {
    const out = listReport.summary(
      listResult({ count: 5000, messageIds: ['m1', 'm2'], messageIdsTruncated: true }),
      {},
      { now: Date.now() }
    )
    expect(out).toContain('The `message-ids` output holds only the first 2 ids of 5,000 messages listed')
    expect(
      listReport.summary(listResult({ count: 2, messageIds: ['m1', 'm2'] }), {}, { now: Date.now() })
    ).not.toContain('holds only')
  })

  it('shows the top 20 of each breakdown and says how many more there are', () => {
    const byUrl = Array.from({ length: 120 }, (_, i) => ({ value: `https://h${i}.example/`, count: 120 - i }))
    const out = listReport.summary(listResult({ count: 7260, byUrl }), {}, { now: Date.now(), maxRows: 50 })
    const rows = tableRows(out, 'Destination URL | Messages')
    expect(rows).toHaveLength(21)
    // The last row holds every message of the values not shown: 7,260 less the top 20 (120 + … + 101 = 2,210).
    expect(rows[20]).toBe('| *… and 100 more values* | 5,050 |')
    expect(out).not.toContain('Approximate')
    expect(out).toContain('h19')
    expect(out).not.toContain('h20.')
  })

  it('says when a breakdown kept only its most frequent values, and how far its counts may be low', () => {
    const byQueue = [{ value: 'q-hot', count: 900 }]
    const out = listReport.summary(
      listResult({ count: 5000, byQueue, undercount: { byQueue: 37 } }),
      {},
      { now: Date.now() }
    )
    const rows = tableRows(out, 'Queue | Messages')
    expect(rows).toEqual(['| `q-hot` | 900 |', '| *… and every other value* | 4,100 |'])
    expect(out).toContain('> **Approximate:** more than 1,000 distinct values were seen')
    expect(out).toContain('may be up to 37 below the true one')
  })

  it('renders a chart and times from impossible timestamps without throwing', () => {
    const histogram = {
      bucket: 'week' as const,
      points: [
        { start: 0, count: 1 },
        { start: 9e15, count: 2 },
        { start: 604_800_000, count: 3 }
      ],
      omitted: 4
    }
    const out = listReport.summary(
      listResult({ count: 6, histogram, oldestCreatedAt: 9e15, oldest: [{ messageId: 'm', createdAt: 9e15 }] }),
      {},
      { now: Date.now() }
    )
    expect(out).toContain('bar [1, 3]')
    expect(out).toContain('4 messages are left out of the chart')
    expect(out).toContain('invalid time (9000000000000000)')
  })

  it('caps other tables at maxRows', () => {
    const runs = Array.from({ length: 70 }, (_, i) => ({ workflowRunId: `wfr_${i}`, workflowCreatedAt: T0 + i * 1000 }))
    const out = resumeReport.summary(resumeResult({ runs, requests: 2 }), {}, { now: Date.now(), maxRows: 50 })
    expect(out).toContain('`wfr_49`')
    expect(out).not.toContain('wfr_50')
    expect(out).toContain('… and 20 more')
  })
})

describe('resume-schedule summary', () => {
  it('lists each schedule with its result and counts both', () => {
    const out = scheduleReport.summary(
      scheduleResult([
        { scheduleId: 'sched-1', ok: true },
        { scheduleId: 'sched-2', ok: false, failure: statusFailure(404, 'schedule not found') },
        { scheduleId: 'sched-3', ok: true }
      ]),
      {},
      { now: Date.now() }
    )
    expectVerdictFirst(out, /1 of 3 schedules could not be resumed/)
    expect(out).toContain('2 resumed, 1 failed')
    const rows = tableRows(out, 'Schedule id')
    expect(rows).toHaveLength(3)
    // One row per schedule, the failed first, its id once and "failed" once.
    expect(rows[0]).toBe('| `sched-2` | ❌ failed | `HTTP 404 not found from GET /v2/dlq: schedule not found` |')
    expect(rows[1]).toMatch(/^\| `sched-1` \| ✅ resumed \| +\|$/)
    const once = rows[0] ?? ''
    expect(once.split('sched-2')).toHaveLength(2)
    expect(once.split('failed')).toHaveLength(2)
  })

  it('caps the table with the count of the rest', () => {
    const outcomes = Array.from({ length: 1300 }, (_, i) => ({ scheduleId: `s-${i}`, ok: true }))
    const out = scheduleReport.summary(scheduleResult(outcomes), {}, { now: Date.now(), maxRows: 66 })
    expect(tableRows(out, 'Schedule id')).toHaveLength(66)
    expect(out).toContain('… and 1,234 more')
    expect(out).toContain('1,300 resumed, 0 failed')
  })
})

describe('resume-workflows summary', () => {
  const runs = [
    { workflowRunId: 'wfr_aaa', workflowCreatedAt: T0 },
    { workflowRunId: 'wfr_bbb', workflowCreatedAt: T0 + 1000 },
    { workflowRunId: 'wfr_ccc', workflowCreatedAt: T0 + 2000 }
  ]

  it('groups new runs by the second they were created in, the first time of each group shown, in order seen', () => {
    const grouped = [
      { workflowRunId: 'wfr_a', workflowCreatedAt: T0 + 1 },
      { workflowRunId: 'wfr_b', workflowCreatedAt: T0 + 999 },
      { workflowRunId: 'wfr_c', workflowCreatedAt: T0 + 1000 },
      { workflowRunId: 'wfr_d' },
      { workflowRunId: 'wfr_e', workflowCreatedAt: T0 + 500 },
      { workflowRunId: 'wfr_f', workflowCreatedAt: 9e15 },
      { workflowRunId: 'wfr_g', workflowCreatedAt: 9e15 + 1 }
    ]
    const out = resumeReport.summary(resumeResult({ runs: grouped }), {}, { now: Date.now() })
    expect(tableRows(out, 'New run id')).toEqual([
      '| 2026-11-22T02:45:25.001Z | 3 | `wfr_a` `wfr_b` `wfr_e` |',
      '| 2026-11-22T02:45:26.000Z | 1 | `wfr_c` |',
      '| — | 1 | `wfr_d` |',
      '| invalid time (9000000000000000) | 2 | `wfr_f` `wfr_g` |'
    ])
  })

  it('lists new runs with creation times and explains what a resume does', () => {
    const out = resumeReport.summary(
      resumeResult({
        selection: { workflowUrl: 'https://app.example/api/workflow', fromDate: T0 - DAY },
        overrides: { flowControlKey: 'tenant-1', flowControlValue: 'parallelism=5', retries: 2 },
        runs,
        requests: 1
      }),
      {},
      { now: Date.now() }
    )
    expectVerdictFirst(out, /Resumed 3 workflow runs/)
    expect(out).toContain('**3 new runs** created by 1 request')
    expect(tableRows(out, 'New run id')).toEqual([
      '| 2026-11-22T02:45:25.000Z | 1 | `wfr_aaa` |',
      '| 2026-11-22T02:45:26.000Z | 1 | `wfr_bbb` |',
      '| 2026-11-22T02:45:27.000Z | 1 | `wfr_ccc` |'
    ])
    // The caveat comes before the table.
    expect(out.indexOf('What a resume does')).toBeLessThan(out.indexOf('| Created'))
    expect(out).toContain('parallelism=5')
    expect(out).toContain('tenant-1')
    expect(out).toContain('app.example/api/workflow')
    expect(out).not.toContain('failed part way')
    const note = out
      .split('\n')
      .filter(l => l.startsWith('>'))
      .join(' ')
    expect(note).toContain('**new** run')
    expect(note).toContain('keep their results')
    expect(note).toContain('only failed or pending steps run again')
    expect(note).toMatch(/change \*\*after\*\* the failed step/)
    expect(note).toMatch(/change \*\*before\*\* it is unsupported and may make the resume fail/)
  })

  it('says max-runs stopped it, gives the cursor, passes, and says how many went past the cap', () => {
    const capped = resumeResult({
      all: true,
      runs,
      requests: 1,
      maxRuns: 2,
      stoppedByCap: true,
      pastCap: 1,
      nextCursor: 'r1-next'
    })
    const out = resumeReport.summary(capped, {}, { now: Date.now() })
    expectVerdictFirst(out, /max-runs \(2\) reached/)
    expect(out).toMatch(/Stopped by `max-runs` \(2\)[^\n]*re-run with input `cursor` set to `r1-next`/)
    expect(out).toContain('- At most (`max-runs`): 2 runs')
    expect(out).toContain('1 run was resumed past max-runs (2)')
    expect(resumeReport.failure(capped)).toBeUndefined()
    expect(resumeReport.warnings({ ...capped, pastCap: 1 })).toEqual([
      expect.stringMatching(/ignored count: 1 run was/)
    ])
    expect(resumeReport.warnings({ ...capped, pastCap: undefined })).toEqual([])
  })

  it('names the dlq-ids-file line to continue from when the cap stopped inside the ids', () => {
    const ids = ['dlq-1', 'dlq-2', 'dlq-3']
    const out = resumeReport.summary(
      resumeResult({
        selection: { dlqIds: ids },
        runs,
        maxRuns: 3,
        stoppedByCap: true,
        continueFrom: { position: 2, dlqId: 'dlq-2', remaining: 2, line: 7 }
      }),
      {},
      { now: Date.now() }
    )
    expect(out).toContain('re-run with input `dlq-ids` from `dlq-2` on')
    expect(out).toContain('line 7 of `dlq-ids-file`')
    expect(out).toContain('`tail -n +7`')
  })

  it('says the whole DLQ was selected for all: true', () => {
    const out = resumeReport.summary(resumeResult({ all: true, runs, requests: 1 }), {}, { now: Date.now() })
    expect(out).toContain('the whole DLQ was selected')
  })

  it('does not claim the whole DLQ when selectors were given', () => {
    const out = resumeReport.summary(
      resumeResult({ selection: { dlqIds: ['dlq-1', 'dlq-2'] } }),
      {},
      { now: Date.now() }
    )
    expect(out).not.toContain('whole DLQ')
    expect(out).toContain('dlq-1')
    expect(out).toContain('dlq-2')
    expectVerdictFirst(out, /No failed workflow run matched; selection: /)
  })

  it('gives the creation time once for runs created together', () => {
    const same = Array.from({ length: 120 }, (_, i) => ({ workflowRunId: `wfr_${i}`, workflowCreatedAt: T0 }))
    const out = resumeReport.summary(resumeResult({ all: true, runs: same, requests: 3 }), {}, { now: Date.now() })
    const rows = tableRows(out, 'New run id')
    expect(rows).toHaveLength(1)
    // As many ids as a table shows rows (50), so a failed resume's summary still names what it did.
    expect(rows[0]).toMatch(/^\| 2026-11-22T02:45:25\.000Z \| 120 \| `wfr_0` .*`wfr_49` … and 70 more/)
    expectVerdictFirst(out, /Resumed 120 workflow runs/)
  })

  it('shows a partial failure: runs resumed before it, the error, and the cursor to continue', () => {
    const out = resumeReport.summary(
      resumeResult({
        selection: { fromDate: T0 - DAY },
        runs,
        requests: 2,
        nextCursor: 'cursor-after-2',
        failure: messageFailure('HTTP 500: internal error')
      }),
      {},
      { now: Date.now() }
    )
    expectVerdictFirst(out, /Resume failed part way: the request got no usable answer; 3 workflow runs resumed before/)
    expect(out).toContain('`HTTP 500: internal error`')
    expect(out).toContain('re-run with input `cursor` set to `cursor-after-2`')
    expect(tableRows(out, 'New run id')).toHaveLength(3)
    // The failure is said before the table, so it cannot be missed.
    expect(out.indexOf('failed part way')).toBeLessThan(out.indexOf('| Created'))
  })

  it('says when a failed resume left no cursor', () => {
    const out = resumeReport.summary(
      resumeResult({ runs: [], failure: statusFailure(403, 'token refused') }),
      {},
      { now: Date.now() }
    )
    expectVerdictFirst(out, /the service refused the token \(HTTP 403\); 0 workflow runs resumed before/)
    expect(out).toContain('No cursor to continue from')
    expect(out).not.toContain('No failed workflow run matched')
  })
})

describe('size limit', () => {
  const hugeRuns = Array.from({ length: 20_000 }, (_, i) => ({
    workflowRunId: `${String(i).padStart(6, '0')}-${'r'.repeat(143)}`,
    // A second apart: one row each (runs created in the same second share a row).
    workflowCreatedAt: T0 + i * 1000
  }))

  it('caps 20,000 runs at the default 50 rows', () => {
    const out = resumeReport.summary(resumeResult({ runs: hugeRuns, requests: 400 }), {}, { now: Date.now() })
    expect(tableRows(out, 'New run id')).toHaveLength(50)
    expect(out).toContain('… and 19,950 more')
    expect(out).toContain('**20,000 new runs** created by 400 requests')
  })

  it('halves the rows until the summary fits under the limit', () => {
    const out = resumeReport.summary(resumeResult({ runs: hugeRuns }), {}, { now: Date.now(), maxRows: 100_000 })
    expect(Buffer.byteLength(out, 'utf8')).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES)
    const shown = tableRows(out, 'New run id').length
    // Every row at its size: the whole table alone would not fit, so the budget had work to do.
    const rowBytes = Buffer.byteLength(`${tableRows(out, 'New run id')[0]}\n`, 'utf8')
    expect(rowBytes * 20_000).toBeGreaterThan(SUMMARY_LIMIT_BYTES)
    expect(out).toContain(`tables show at most ${shown.toLocaleString('en-US')} rows (instead of 20,000)`)
    expect(shown).toBeGreaterThan(1000)
    expect(shown).toBeLessThan(20_000)
    // 20,000 rows halved until it fits: 20,000 → 10,000 → 5,000 → 2,500 …
    expect([10_000, 5_000, 2_500, 1_250]).toContain(shown)
    expect(out).toContain(`… and ${(20_000 - shown).toLocaleString('en-US')} more`)
    expect(out).toContain('under the 1 MiB limit')
    expectTablesIntact(out)
  })

  it('cuts the text safely when even no rows would fit', () => {
    const runUrl = `https://github.com/o/r/actions/runs/${'9'.repeat(1_200_000)}`
    const out = resumeReport.summary(resumeResult({ runs: hugeRuns }), { runUrl }, { now: Date.now() })
    expect(Buffer.byteLength(out, 'utf8')).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES)
    expect(out).toMatch(/^## ✅ Resumed 20,000 workflow runs/)
    expect(out).toContain('this summary was cut short')
  })
})

describe('the byte budget', () => {
  it('leaves a small summary as the rows asked for render it', () => {
    const now = T0 + DAY
    const list = listResult({ count: 1, oldestCreatedAt: T0 })
    expect(listReport.summary(list, {}, { now })).toBe(listReport.summary(list, {}, { now, maxRows: Infinity }))
    const sched = scheduleResult([{ scheduleId: 's', ok: true }])
    expect(scheduleReport.summary(sched, {}, { now: Date.now() })).toBe(
      scheduleReport.summary(sched, {}, { now: Date.now(), maxRows: Infinity })
    )
    const resume = resumeResult({ all: true })
    expect(resumeReport.summary(resume, {}, { now: Date.now() })).toBe(
      resumeReport.summary(resume, {}, { now: Date.now(), maxRows: Infinity })
    )
    for (const out of [listReport.summary(list, {}, { now }), resumeReport.summary(resume, {}, { now: Date.now() })]) {
      expect(out).not.toContain('tables show at most')
      expect(out).not.toContain('cut short')
    }
  })
})

describe('the chart', () => {
  /** The mermaid block's x labels and bars, and its y-axis top. */
  function chartOf(markdown: string): { labels: string[]; bars: number[]; top: number } | undefined {
    const block = /```mermaid\n([\s\S]*?)```/.exec(markdown)?.[1]
    if (block === undefined) return undefined
    const labels = JSON.parse(`[${/x-axis \[(.*)\]/.exec(block)?.[1] ?? ''}]`) as string[]
    const bars = JSON.parse(`[${/bar \[(.*)\]/.exec(block)?.[1] ?? ''}]`) as number[]
    const top = Number(/y-axis "Messages" 0 --> (\d+)/.exec(block)?.[1])
    return { labels, bars, top }
  }

  const hourly = (hours: number, count: (i: number) => number) => ({
    bucket: 'hour' as const,
    points: Array.from({ length: hours }, (_, i) => ({
      start: T0 - (T0 % HOUR) - (hours - 1 - i) * HOUR,
      count: count(i)
    }))
  })

  it('collapses a breakdown whose messages nearly all have no value, and keeps one that says something open', () => {
    const result = listResult({
      count: 100,
      byQueue: [
        { value: '(none)', count: 95 },
        { value: 'billing', count: 5 }
      ],
      byTopic: [
        { value: 'orders', count: 60 },
        { value: '(none)', count: 40 }
      ]
    })
    const out = listReport.summary(result, {}, { now: T0 })
    expect(out).toMatch(/<summary>Messages by queue \(95 of 100 have none\)<\/summary>/)
    expect(out).not.toMatch(/#### Messages by queue/)
    expect(out).toMatch(/#### Messages by URL group/)
    expect(out).not.toMatch(/<summary>Messages by URL group/)
  })

  it('never cuts a URL or message id short in a table, so what is copied is the value (up to 200 characters)', () => {
    const url = `https://hooks.example.com/${'p'.repeat(150)}`
    const id = `msg_${'i'.repeat(120)}`
    const result = listResult({
      count: 1,
      byUrl: [{ value: url, count: 1 }],
      byDestination: [{ url, count: 1, status: 500 }],
      oldest: [{ messageId: id, url, createdAt: T0 - 1000 }],
      newest: [{ messageId: id, url, createdAt: T0 - 1000 }],
      oldestCreatedAt: T0 - 1000
    })
    const out = listReport.summary(result, {}, { now: T0 })
    expect(out).toContain(`\`${url}\``)
    expect(out).toContain(`\`${id}\``)
    expect(out).not.toMatch(/`https:\/\/hooks\.example\.com\/p+`…/)
  })

  it('has at most MAX_BARS bars with short labels, whole-number ticks and the current bucket marked', () => {
    for (const hours of [5, 24, 64, 71, 150, 260]) {
      const histogram = hourly(hours, i => (i % 3) + 1)
      const total = histogram.points.reduce((n, p) => n + p.count, 0)
      const out = listReport.summary(listResult({ count: total, histogram }), {}, { now: T0 })
      const chart = chartOf(out)
      expect(chart).toBeDefined()
      expect(chart!.bars.length).toBeLessThanOrEqual(MAX_BARS)
      expect(chart!.bars.reduce((a, b) => a + b, 0)).toBe(total)
      for (const label of chart!.labels) expect(label.length).toBeLessThanOrEqual(16)
      // Mermaid stacks bars that share a label in one place: each must differ, or bars vanish from the picture.
      expect(new Set(chart!.labels).size).toBe(chart!.labels.length)
      // Labels side by side within the plot's width, or they smear into each other.
      const longest = Math.max(...chart!.labels.map(l => l.replace(/ now$/, '').length))
      expect(chart!.bars.length * (longest * LABEL_CHAR_PX + LABEL_GAP_PX)).toBeLessThanOrEqual(PLOT_WIDTH_PX)
      expect(chart!.labels).toHaveLength(chart!.bars.length)
      // d3 ticks over [0, top] are whole numbers when top is 10 or more, on 1, 2 or 5 times a power of ten.
      expect(chart!.top).toBeGreaterThanOrEqual(Math.max(10, ...chart!.bars))
      expect(String(chart!.top)).toMatch(/^[125]0*$/)
      expect(chart!.labels[chart!.labels.length - 1]).toMatch(/now$/)
      expect(chart!.labels.filter(l => l.endsWith('now'))).toHaveLength(1)
    }
  })

  it('keeps the date labels of three weeks of daily counts apart (22 labels must not smear into one another)', () => {
    const days = 22
    const histogram = {
      bucket: 'day' as const,
      points: Array.from({ length: days }, (_, i) => ({ start: T0 - (days - 1 - i) * 86_400_000, count: 1000 + i }))
    }
    const total = histogram.points.reduce((n, p) => n + p.count, 0)
    const chart = chartOf(listReport.summary(listResult({ count: total, histogram }), {}, { now: T0 }))
    expect(chart).toBeDefined()
    expect(chart!.bars.reduce((a, b) => a + b, 0)).toBe(total)
    const longest = Math.max(...chart!.labels.map(l => l.replace(/ now$/, '').length))
    expect(chart!.bars.length * (longest * LABEL_CHAR_PX + LABEL_GAP_PX)).toBeLessThanOrEqual(PLOT_WIDTH_PX)
    expect(new Set(chart!.labels).size).toBe(chart!.labels.length)
  })

  it('draws no chart for a failed listing, and marks the chart of a listing stopped early as partial', () => {
    const histogram = hourly(10, () => 2)
    const failed = listReport.summary(
      listResult({ count: 20, histogram, failure: messageFailure('HTTP 503') }),
      {},
      { now: T0 }
    )
    expect(chartOf(failed)).toBeUndefined()
    expect(failed).toMatch(/No chart/)
    const stopped = listReport.summary(listResult({ count: 20, histogram, nextCursor: 'c' }), {}, { now: T0 })
    // Ten hours across midnight: labels name the day, so 2-hour bars keep them apart.
    expect(stopped).toMatch(/#### Messages per (?:hour|\d+ hours) \(UTC\), partial/)
    expect(stopped).toMatch(/title "First 20 messages listed, per (?:hour|\d+ hours)"/)
  })
})

describe('what is failing', () => {
  it('leads with the top destinations: count, status, oldest age and a short escaped body sample', () => {
    const body = '<html>`#1` owner/repo#3 @team\n' + 'x'.repeat(400)
    const out = listReport.summary(
      listResult({
        count: 30,
        oldestCreatedAt: T0 - 2 * HOUR,
        byUrl: [
          { value: 'https://a.example/x|y', count: 20 },
          { value: 'https://b.example/', count: 10 }
        ],
        byDestination: [
          {
            url: 'https://a.example/x|y',
            count: 20,
            status: 503,
            otherStatuses: 5,
            oldestCreatedAt: T0 - 2 * HOUR,
            bodySample: body.slice(0, 200),
            bodyCut: true
          },
          { url: 'https://b.example/', count: 10, binaryBody: 12 }
        ],
        health: { countAbove: 10, breaches: [{ kind: 'count', count: 30, limit: 10 }] }
      }),
      {},
      { now: T0 }
    )
    expectVerdictFirst(out, /DLQ health check failed/)
    expect(out.split('\n')[2]).toBe('**30 messages** (limit 10: **exceeded**) · **oldest 2h**')
    // The table comes right after the verdict, before any breakdown.
    const lines = out.split('\n').filter(l => l !== '')
    expect(lines.findIndex(l => l === '### What is failing')).toBeLessThan(5)
    const rows = tableRows(out, 'Last status')
    // The URL last, so that it never pushes the response out of view.
    expect(rows[0]).toMatch(
      /^\| 20 \| 503 \(75% of its messages\) \| 2h \| ``<html>`#1` owner\/repo#3 @team\\nx+``… \| ``?https:\/\/a\.example\/x\\\|y``? \|$/
    )
    expect(rows[1]).toContain('(binary, 12 base64 characters)')
    expectTablesIntact(out)
    expectNoRawHostile(out)
    // Issue references and mentions stay inside code.
    expect(gfm.render(out).replace(/<code>[\s\S]*?<\/code>/g, '')).not.toMatch(/#1|repo#3|@team/)
  })
})

describe('the failed workflow runs of a source: workflow listing', () => {
  const runs = Array.from({ length: 100 }, (_, i) => ({
    workflowUrl: `https://app.example.com/api/workflows/${'long-segment/'.repeat(6)}${i}`,
    workflowRunId: `wfr_${i}`,
    dlqId: `dlq_${i}`,
    failedAt: Date.UTC(2026, 10, 20, 12, 0, i),
    responseStatus: 500,
    responseBody: '{"error":"db pool exhausted"}'
  }))

  it('leads with the run and why it failed, the URL last, and counts the runs not shown out of all listed', () => {
    const summary = listReport.summary(
      listResult({ count: 1000, filters: { source: 'workflow' }, workflowRuns: runs }),
      {},
      { now: Date.now() }
    )
    const head = summary.split('\n').find(line => line.startsWith('| Run id'))
    expect(head).toBe('| Run id | DLQ id | Failed (UTC) | Last response | Workflow URL |')
    const rows = summary.split('\n').filter(line => line.startsWith('| `wfr_'))
    expect(rows).toHaveLength(50)
    expect(rows[0]).toMatch(/^\| `wfr_0` \| `dlq_0` \| [^|]+ \| 500 `\{"error":"db pool exhausted"\}` \| `https:/)
    expect(summary).toContain('… and 950 more runs listed: set `messages-file` to keep every one')
    const withFile = listReport.summary(
      listResult({ count: 1000, filters: { source: 'workflow' }, workflowRuns: runs, messagesFile: '/w/runs.ndjson' }),
      {},
      { now: Date.now() }
    )
    expect(withFile).toContain('… and 950 more runs listed: `messages-file` holds every one.')
  })
})

describe('a capped resume and a resume with lost answers', () => {
  const made = (n: number) => Array.from({ length: n }, (_, i) => ({ workflowRunId: `wfr_${i}` }))

  it('says how far past the cap a service that ignores count went, and that more only may remain', () => {
    const result = resumeResult({ runs: made(150), maxRuns: 120, stoppedByCap: true, pastCap: 30, nextCursor: 'c-1' })
    const summary = resumeReport.summary(result, {}, { now: Date.now() })
    expect(summary).toMatch(
      /^## ⏸️ Resumed 150 workflow runs: max-runs \(120\) reached, 30 past it as the service ignored count; more may remain; selection: every failed run in the DLQ \(all\), of any age$/m
    )
    expect(resumeReport.notice?.(result, Date.now())).toBe(
      'Resumed 150 workflow runs: max-runs (120) reached, 30 past it as the service ignored count; more may remain; ' +
        'selection: every failed run in the DLQ (all), of any age'
    )
  })

  it('counts the requests without a readable answer beside those that created the runs', () => {
    const result = resumeResult({ runs: made(100), requests: 2, uncertainRequests: 1 })
    const summary = resumeReport.summary(result, {}, { now: Date.now() })
    expect(summary).toContain('**100 new runs** created by 2 requests (and 1 without a readable answer).')
  })
})

describe('the verdict of a source: workflow listing', () => {
  it('counts failed workflow runs, not messages, in the bold line and the notice', () => {
    const result = listResult({ count: 12, filters: { source: 'workflow' } })
    const summary = listReport.summary(result, {}, { now: Date.now() })
    expect(summary).toMatch(/^\*\*12 failed workflow runs\*\*/m)
    expect(listReport.notice?.(result, Date.now())).toMatch(/^DLQ: 12 failed workflow runs/)
    expect(summary).not.toMatch(/\b12 messages\b/)
  })
})

describe('the notice of a resume that only possibly resumed runs', () => {
  it('does not say "at least 0"', () => {
    const notice = resumeReport.notice?.(resumeResult({ runs: [], uncertainRequests: 1 }), Date.now())
    expect(notice).toBe(
      'Possibly resumed up to 50 workflow runs; none confirmed (1 request got no readable answer); selection: every failed run in the DLQ (all), of any age'
    )
  })
})
