import type { ResumeResult, ScheduleResult } from '../../src/results.js'
import { listResult } from '../support/results.js'
import { SUMMARY_LIMIT_BYTES } from '../../src/report/budget.js'
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

function resumeResult(overrides: Partial<ResumeResult> = {}): ResumeResult {
  return {
    operation: 'resume-workflows',
    selection: {},
    all: false,
    overrides: {},
    runs: [],
    requests: 1,
    uncertainRequests: 0,
    ...overrides
  }
}

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

function expectNoRawHostile(markdown: string): void {
  expect(markdown).not.toContain('<script>')
  expect(markdown).not.toContain('[x](')
  expect(markdown).not.toContain('](javascript')
  expect(markdown).not.toContain('`evil`')
  expect(markdown).not.toContain('a|b')
  expect(markdown).not.toContain('::set-output')
  expect(markdown).not.toContain('http://evil')
  expect(markdown).not.toContain('$math$')
  for (const line of markdown.split('\n')) {
    expect(line).not.toMatch(/^\s*::/)
    expect(line.startsWith('line2')).toBe(false)
  }
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
        newestCreatedAt: T0 + HOUR,
        oldest: [{ messageId: HOSTILE, url: HOSTILE, responseStatus: 500, createdAt: T0 }],
        newest: [{ messageId: 'm2', url: HOSTILE, createdAt: T0 + HOUR }],
        byUrl: [{ value: HOSTILE, count: 2 }],
        byStatus: [{ value: HOSTILE, count: 2 }],
        nextCursor: HOSTILE,
        error: HOSTILE
      }),
      {},
      { now: T0 + DAY }
    )
    expectNoRawHostile(out)
    expectTablesIntact(out)
    expect(tables(out)).toHaveLength(3)
    expect(out).toContain('&lt;script&gt;')
  })

  it('are escaped everywhere in a resume-schedule summary', () => {
    const out = scheduleReport.summary(
      scheduleResult([
        { scheduleId: HOSTILE, ok: true },
        { scheduleId: 'sched-2', ok: false, error: HOSTILE }
      ]),
      {}
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
        error: HOSTILE
      }),
      {}
    )
    expectNoRawHostile(out)
    expectTablesIntact(out)
  })

  it('cuts very long cell values', () => {
    const longId = 'x'.repeat(5000)
    const out = scheduleReport.summary(scheduleResult([{ scheduleId: longId, ok: true }]), {})
    const row = tableRows(out, 'Schedule id')[0] ?? ''
    expect(row).not.toContain(longId)
    expect(row).toContain('…')
    expect(row.length).toBeLessThan(400)
  })
})

describe('link to the workflow run', () => {
  it('links the run, with spaces and parentheses encoded', () => {
    const out = scheduleReport.summary(scheduleResult([]), { runUrl: 'https://github.com/o/r/actions/runs/1 (x)' })
    expect(out).toContain('[workflow run](https://github.com/o/r/actions/runs/1%20%28x%29)')
  })

  it('does not link a non-http URL', () => {
    const out = scheduleReport.summary(scheduleResult([]), { runUrl: 'javascript:alert(1)' })
    expect(out).not.toContain('](javascript')
    expect(out).not.toContain('[workflow run]')
  })

  it('is left out when there is no run URL', () => {
    expect(scheduleReport.summary(scheduleResult([]), {})).not.toContain('workflow run](')
  })
})

describe('list-dlq summary', () => {
  it('says clearly that an empty DLQ is empty', () => {
    const out = listReport.summary(listResult(), {})
    expect(out).toContain('## DLQ listing')
    expect(out).toContain('The DLQ is empty.')
    expect(out).toContain('Filters: none')
    expect(tables(out)).toHaveLength(0)
  })

  it('does not call the DLQ empty when filters matched nothing or the listing failed', () => {
    const filtered = listReport.summary(listResult({ filters: { url: ['https://a.example/x'] } }), {})
    expect(filtered).not.toContain('The DLQ is empty.')
    expect(filtered).toContain('No DLQ message matches the filters.')

    const failed = listReport.summary(listResult({ error: 'HTTP 401: token refused' }), {})
    expect(failed).not.toContain('The DLQ is empty.')
    expect(failed).toContain('Listing failed part way')
    expect(failed).toContain('HTTP 401: token refused')
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
        newestCreatedAt: T0 + 2 * HOUR,
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
    expect(out).toContain('**1,234**')
    expect(out).toContain('50 pages')
    expect(out).toContain('2026-11-22T02:45:25.000Z (age 3d 5h)')
    expect(out).toContain('2026-11-22T04:45:25.000Z (age 3d 3h)')
    expect(out).toContain('latest first')
    expect(out).toContain('Page size: 25')
    expect(out).toContain('`start-cursor-1`')
    expect(out).toContain('503')
    expect(out).toContain('2026-11-21T02:45:25.000Z') // fromDate filter
    expect(out).not.toContain('The DLQ is empty')
    expect(tableRows(out, 'Destination URL | Messages')).toEqual([
      '| https:\u200b//a.example/hook | 1,000 |',
      '| https:\u200b//b.example/hook | 234 |'
    ])
    expect(tableRows(out, 'Last response status | Messages')).toEqual(['| 503 | 1,000 |', '| 500 | 234 |'])
    const extremes = tableRows(out, 'Message id')
    expect(extremes).toHaveLength(2)
    expect(extremes[0]).toContain('msg-old')
    expect(extremes[0]).toContain('2026-11-22T02:45:25.000Z')
    expect(extremes[1]).toContain('msg-new')
    expectTablesIntact(out)
  })

  it('gives the cursor to continue from when the listing stopped early', () => {
    const out = listReport.summary(listResult({ count: 10, nextCursor: 'next-cur_42' }), {})
    expect(out).toMatch(/stopped early; continue with cursor:\*\* `next-cur_42`/)
  })

  it('says when the message-ids output holds only the first ids', () => {
    const out = listReport.summary(listResult({ count: 5000, messageIds: ['m1', 'm2'], messageIdsTruncated: true }), {})
    expect(out).toContain('The `message-ids` output holds only the first 2 ids of 5,000.')
    expect(listReport.summary(listResult({ count: 2, messageIds: ['m1', 'm2'] }), {})).not.toContain('holds only')
  })

  it('shows the top 20 of each breakdown and says how many more there are', () => {
    const byUrl = Array.from({ length: 120 }, (_, i) => ({ value: `https://h${i}.example/`, count: 120 - i }))
    const out = listReport.summary(listResult({ count: 7260, byUrl }), {}, { maxRows: 50 })
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
    const out = listReport.summary(listResult({ count: 5000, byQueue, undercount: { byQueue: 37 } }), {})
    const rows = tableRows(out, 'Queue | Messages')
    expect(rows).toEqual(['| q-hot | 900 |', '| *… and every other value* | 4,100 |'])
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
    const out = listReport.summary(listResult({ count: 6, histogram, oldestCreatedAt: 9e15 }), {})
    expect(out).toContain('bar [1, 3]')
    expect(out).toContain('4 messages are left out of the chart')
    expect(out).toContain('invalid time (9000000000000000)')
  })

  it('caps other tables at maxRows', () => {
    const runs = Array.from({ length: 70 }, (_, i) => ({ workflowRunId: `wfr_${i}`, workflowCreatedAt: T0 }))
    const out = resumeReport.summary(resumeResult({ runs, requests: 2 }), {}, { maxRows: 50 })
    expect(out).toContain('wfr_49')
    expect(out).not.toContain('wfr_50')
    expect(out).toContain('… and 20 more')
  })
})

describe('resume-schedule summary', () => {
  it('lists each schedule with its result and counts both', () => {
    const out = scheduleReport.summary(
      scheduleResult([
        { scheduleId: 'sched-1', ok: true },
        { scheduleId: 'sched-2', ok: false, error: 'HTTP 404: schedule not found' },
        { scheduleId: 'sched-3', ok: true }
      ]),
      {}
    )
    expect(out).toContain('## Schedule resume')
    expect(out).toContain('2 resumed, 1 failed')
    const rows = tableRows(out, 'Schedule id')
    expect(rows).toHaveLength(3)
    expect(rows[0]).toMatch(/^\| sched-1 \| .*resumed \|$/)
    expect(rows[1]).toMatch(/^\| sched-2 \| .*failed: HTTP 404: schedule not found \|$/)
  })

  it('caps the table with the count of the rest', () => {
    const outcomes = Array.from({ length: 1300 }, (_, i) => ({ scheduleId: `s-${i}`, ok: true }))
    const out = scheduleReport.summary(scheduleResult(outcomes), {}, { maxRows: 66 })
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

  it('lists new runs with creation times and explains what a resume does', () => {
    const out = resumeReport.summary(
      resumeResult({
        selection: { workflowUrl: 'https://app.example/api/workflow', fromDate: T0 - DAY },
        overrides: { flowControlKey: 'tenant-1', flowControlValue: 'parallelism=5', retries: 2 },
        runs,
        requests: 1
      }),
      {}
    )
    expect(out).toContain('## Workflow resume')
    expect(out).toContain('**3 new runs** created by 1 request')
    expect(tableRows(out, 'New run id')).toEqual([
      '| wfr_aaa | 2026-11-22T02:45:25.000Z |',
      '| wfr_bbb | 2026-11-22T02:45:26.000Z |',
      '| wfr_ccc | 2026-11-22T02:45:27.000Z |'
    ])
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

  it('says the whole DLQ was selected for all: true', () => {
    const out = resumeReport.summary(resumeResult({ all: true, runs, requests: 1 }), {})
    expect(out).toContain('the whole DLQ was selected')
  })

  it('does not claim the whole DLQ when selectors were given', () => {
    const out = resumeReport.summary(resumeResult({ selection: { dlqIds: ['dlq-1', 'dlq-2'] } }), {})
    expect(out).not.toContain('whole DLQ')
    expect(out).toContain('dlq-1')
    expect(out).toContain('dlq-2')
    expect(out).toContain('No failed workflow run matched the selection.')
  })

  it('shows a partial failure: runs resumed before it, the error, and the cursor to continue', () => {
    const out = resumeReport.summary(
      resumeResult({
        selection: { fromDate: T0 - DAY },
        runs,
        requests: 2,
        nextCursor: 'cursor-after-2',
        error: 'HTTP 500: internal error'
      }),
      {}
    )
    expect(out).toContain('The resume failed part way.')
    expect(out).toContain('3 runs were resumed before the failure')
    expect(out).toContain('HTTP 500: internal error')
    expect(out).toContain('re-run with input `cursor` set to: `cursor-after-2`')
    expect(tableRows(out, 'New run id')).toHaveLength(3)
    // The failure is said before the table, so it cannot be missed.
    expect(out.indexOf('failed part way')).toBeLessThan(out.indexOf('| New run id'))
  })

  it('says when a failed resume left no cursor', () => {
    const out = resumeReport.summary(resumeResult({ runs: [], error: 'HTTP 403: token refused' }), {})
    expect(out).toContain('0 runs were resumed before the failure')
    expect(out).toContain('No cursor to continue from')
    expect(out).not.toContain('No failed workflow run matched')
  })
})

describe('size limit', () => {
  const hugeRuns = Array.from({ length: 20_000 }, (_, i) => ({
    workflowRunId: `${String(i).padStart(6, '0')}-${'r'.repeat(143)}`,
    workflowCreatedAt: T0 + i
  }))

  it('caps 20,000 runs at the default 50 rows', () => {
    const out = resumeReport.summary(resumeResult({ runs: hugeRuns, requests: 400 }), {})
    expect(tableRows(out, 'New run id')).toHaveLength(50)
    expect(out).toContain('… and 19,950 more')
    expect(out).toContain('**20,000 new runs** created by 400 requests')
  })

  it('halves the rows until the summary fits under the limit', () => {
    const out = resumeReport.summary(resumeResult({ runs: hugeRuns }), {}, { maxRows: 100_000 })
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
    const out = resumeReport.summary(resumeResult({ runs: hugeRuns }), { runUrl })
    expect(Buffer.byteLength(out, 'utf8')).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES)
    expect(out).toContain('## Workflow resume')
    expect(out).toContain('this summary was cut short')
  })
})

describe('the byte budget', () => {
  it('leaves a small summary as the rows asked for render it', () => {
    const now = T0 + DAY
    const list = listResult({ count: 1, oldestCreatedAt: T0, newestCreatedAt: T0 })
    expect(listReport.summary(list, {}, { now })).toBe(listReport.summary(list, {}, { now, maxRows: Infinity }))
    const sched = scheduleResult([{ scheduleId: 's', ok: true }])
    expect(scheduleReport.summary(sched, {})).toBe(scheduleReport.summary(sched, {}, { maxRows: Infinity }))
    const resume = resumeResult({ all: true })
    expect(resumeReport.summary(resume, {})).toBe(resumeReport.summary(resume, {}, { maxRows: Infinity }))
    for (const out of [listReport.summary(list, {}, { now }), resumeReport.summary(resume, {})]) {
      expect(out).not.toContain('tables show at most')
      expect(out).not.toContain('cut short')
    }
  })
})
