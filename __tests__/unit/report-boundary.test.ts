/** The pure parts of the output boundary: redaction in every encoding, line safety, output budget, bounded counts. */
import { describe, expect, it } from '@jest/globals'
import { HourlyCounts, MAX_BUCKETS } from '../../src/operations/health.js'
import { toJson, toJsonIteratively } from '../../src/service/json.js'
import { KEY_MAX_LENGTH, Tally, boundedKey } from '../../src/operations/tally.js'
import type { ResumeResult } from '../../src/resume-results.js'
import { GITHUB_OUTPUTS_MAX_BYTES } from '../../src/constants.js'
import { OutputBoundary } from '../../src/report/boundary.js'
import { formatCount, formatMs } from '../../src/format.js'
import { listReport } from '../../src/report/list.js'
import { resumeReport } from '../../src/report/resume.js'
import { listResult } from '../support/results.js'
import { redactor } from '../../src/service/redact.js'
import { recorder } from '../support/recorder.js'

const SECRET = 'sk_live__9f8e/Tok+en=7'

describe('OutputBoundary', () => {
  const HOSTILE = `a\rb\nc\u0085d\u2028e\u2029f\u001bg ::set-output name=x::1 ${SECRET}`

  it('keeps every log line and annotation one line that is no runner command, redacted first', () => {
    const { io, lines } = recorder()
    const out = new OutputBoundary(io, redactor([SECRET]))
    out.info(`::add-mask::${HOSTILE}`)
    out.info(`\u2028::set-output name=y::2 ${SECRET}`)
    out.warning(HOSTILE)
    out.error(HOSTILE)
    out.notice(HOSTILE)
    out.setFailed(`first\n${HOSTILE}`)
    for (const line of lines.info!) expect(line).not.toContain('\n')
    for (const line of [...lines.info!, ...lines.warning!, ...lines.error!, ...lines.notice!]) {
      // eslint-disable-next-line no-control-regex -- looking for control characters is the point
      expect(line).not.toMatch(/[\r\u0085\u2028\u2029\u001b]/)
      expect(line.trimStart().startsWith('::')).toBe(false)
      expect(line).not.toContain(SECRET)
      expect(line).toContain('***')
    }
    // LF inside an annotation is kept for @actions/core to write as %0A; no other separator survives.
    expect(lines.failed![0]!.split('\n')).toHaveLength(3)
    expect(lines.failed![0]).not.toMatch(/[\r\u0085\u2028\u2029]/)
  })

  it('renders from redacted values, so markdown escaping cannot hide a secret', () => {
    const out = new OutputBoundary(recorder().io, redactor(['sk_live__9f8e']))
    const value = out.redactValue({ rows: [{ value: 'https://x/?k=sk_live__9f8e' }], n: 3 })
    expect(value).toEqual({ rows: [{ value: 'https://x/?k=***' }], n: 3 })
  })

  it('copies an own "__proto__" key as a key, redacted, never as the copy\'s prototype', () => {
    const out = new OutputBoundary(recorder().io, redactor(['sk_live__9f8e']))
    const value = out.redactValue(JSON.parse('{"__proto__":{"k":"sk_live__9f8e"},"n":1}')) as Record<string, unknown>
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(JSON.stringify(value)).toBe('{"__proto__":{"k":"***"},"n":1}')
  })

  it('redacts issue titles and bodies on their way to GitHub', async () => {
    const sent: string[] = []
    const out = new OutputBoundary(recorder().io, redactor([SECRET]))
    const api = out.issueApi({
      findOpen: async title => (sent.push(title), undefined),
      findAllOpen: async title => (sent.push(title), []),
      create: async (title, body) => (sent.push(title, body), { number: 1, url: 'u' }),
      comment: async (_n, body) => void sent.push(body),
      update: async (_n, title, body) => void sent.push(title, body),
      close: async () => undefined
    })
    await api.findOpen(`t ${SECRET}`)
    await api.findAllOpen(`t ${SECRET}`)
    await api.create(`t ${SECRET}`, `body ${encodeURIComponent(SECRET)}`)
    await api.comment(1, `c ${Buffer.from(SECRET).toString('base64')}`)
    await api.update(1, `t ${SECRET}`, `u ${SECRET}`)
    expect(sent).toHaveLength(7)
    expect(sent.join(' ')).not.toMatch(/sk_live|c2tfbGl2ZV9f/i)
  })

  it('writes NDJSON lines however deep, redacted', () => {
    const out = new OutputBoundary(recorder().io, redactor([SECRET]))
    let deep: unknown = { token: SECRET }
    for (let i = 0; i < 200_000; i++) deep = [deep]
    const line = out.jsonLine({ messageId: 'm1', deep })
    expect(line.startsWith('{"messageId":"m1","deep":[[[[')).toBe(true)
    expect(line).toContain('{"token":"***"}')
    expect(line).not.toContain(SECRET)
  })

  it('empties the biggest outputs, naming them, should redaction ever push them over 1 MB', () => {
    const { io, lines } = recorder()
    const out = new OutputBoundary(io, redactor(['x']))
    out.setOutputs({ big: 'x'.repeat(200_000), small: 'ok' })
    expect(lines.output).toEqual(['big=', 'small=ok'])
    expect(lines.warning).toEqual(['Output big was left empty: the outputs of a job must stay under 1 MB.'])
  })
})

describe('toJson', () => {
  it('writes the same text as JSON.stringify', () => {
    const value = JSON.parse(
      '{"a":[1,"two",null,true,{"b":{}},[]],"c":"q\\"\\n\\u2028","d":-0.5,"e":{"f":[{"g":[[]]}]}}'
    ) as unknown
    expect(toJsonIteratively(value)).toBe(JSON.stringify(value))
    expect(toJsonIteratively({ a: undefined, b: [undefined, () => 1], c: new Date(0) })).toBe(
      JSON.stringify({ a: undefined, b: [undefined, () => 1], c: new Date(0) })
    )
    expect(toJson([1, 2])).toBe('[1,2]')
  })
})

describe('outputs', () => {
  const resume = (runs: number, nextCursor?: string): ResumeResult => ({
    operation: 'resume-workflows',
    selection: {},
    all: true,
    overrides: {},
    runs: Array.from({ length: runs }, (_, i) => ({
      workflowRunId: `wfr_${String(i).padStart(24, '0')}`,
      workflowCreatedAt: 1_780_000_000_000 + i
    })),
    requests: Math.ceil(runs / 50),
    uncertainRequests: 0,
    ...(nextCursor !== undefined ? { nextCursor } : {})
  })
  // Counted independently of the code under test: UTF-16 code units, two bytes each, as GitHub counts outputs.
  const total = (outputs: Record<string, string | undefined>): number =>
    Object.entries(outputs).reduce((n, [k, v]) => n + Buffer.byteLength(k + (v ?? ''), 'utf16le'), 0)

  it('keeps a 25,000-run resume under 1 MB counted in UTF-16, both arrays cut at the same run', () => {
    const outputs = resumeReport.outputs(resume(25_000, 'c'.repeat(4096)))
    expect(total(outputs)).toBeLessThan(GITHUB_OUTPUTS_MAX_BYTES)
    expect(total(outputs)).toBeGreaterThan(GITHUB_OUTPUTS_MAX_BYTES * 0.9)
    const ids = JSON.parse(outputs['workflow-run-ids']!) as string[]
    const runs = JSON.parse(outputs['workflow-runs']!) as { workflowRunId: string }[]
    expect(ids.length).toBeGreaterThan(1000)
    expect(ids.length).toBeLessThan(25_000)
    expect(runs.map(r => r.workflowRunId)).toEqual(ids)
    expect(outputs['workflow-run-ids-truncated']).toBe('true')
    expect(outputs['workflow-runs-truncated']).toBe('true')
    expect(outputs['resumed-count']).toBe('25000')
    expect(outputs['next-cursor']).toBe('c'.repeat(4096))
  })

  it('writes everything, untruncated, when it fits; never a cursor too long to be one', () => {
    const outputs = resumeReport.outputs(resume(3, 'x'.repeat(5000)))
    expect(JSON.parse(outputs['workflow-run-ids']!)).toHaveLength(3)
    expect(outputs['workflow-run-ids-truncated']).toBe('false')
    expect(outputs['workflow-runs-truncated']).toBe('false')
    expect(outputs['next-cursor']).toBe('')
    expect(outputs['runs-file']).toBe('')
  })
})

describe('list-dlq outputs: message-ids and dlq-ids', () => {
  const total = (outputs: Record<string, string | undefined>): number =>
    Object.entries(outputs).reduce((n, [k, v]) => n + Buffer.byteLength(k + (v ?? ''), 'utf16le'), 0)
  const ids = (prefix: string, n: number): string[] =>
    Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(20, '0')}`)

  it('share the budget when both are long: each cut, each flagged, all under 1 MB counted in UTF-16', () => {
    const outputs = listReport.outputs(
      listResult({ count: 40_000, messageIds: ids('msg_', 40_000), dlqIds: ids('dlq_', 40_000) })
    )
    expect(total(outputs)).toBeLessThan(GITHUB_OUTPUTS_MAX_BYTES)
    const messages = JSON.parse(outputs['message-ids']!) as string[]
    const dlq = JSON.parse(outputs['dlq-ids']!) as string[]
    expect(messages).toEqual(ids('msg_', messages.length))
    expect(dlq).toEqual(ids('dlq_', dlq.length))
    expect(Math.min(messages.length, dlq.length)).toBeGreaterThan(5000)
    expect(outputs['message-ids-truncated']).toBe('true')
    expect(outputs['dlq-ids-truncated']).toBe('true')
  })

  it('leave message-ids the whole budget when there are no dlq-ids, and write both whole when they fit', () => {
    const alone = listReport.outputs(listResult({ count: 12_000, messageIds: ids('msg_', 12_000) }))
    expect(JSON.parse(alone['message-ids']!)).toHaveLength(12_000)
    expect(alone['message-ids-truncated']).toBe('false')
    expect(alone['dlq-ids']).toBe('[]')
    const both = listReport.outputs(listResult({ count: 3, messageIds: ids('m', 3), dlqIds: ids('d', 2) }))
    expect(JSON.parse(both['dlq-ids']!)).toEqual(ids('d', 2))
    expect(both['dlq-ids-truncated']).toBe('false')
  })
})

describe('bounded counts', () => {
  it('is exact up to its capacity, then keeps the frequent values and says by how much counts may be low', () => {
    const exact = new Tally(3)
    for (const v of ['a', 'b', 'a', 'c']) exact.add(v)
    expect(exact.rows()).toEqual([
      { value: 'a', count: 2 },
      { value: 'b', count: 1 },
      { value: 'c', count: 1 }
    ])
    expect(exact.undercount).toBe(0)

    const tally = new Tally(10)
    for (let i = 0; i < 100_000; i++) tally.add(i % 4 === 0 ? 'hot' : `cold-${i}`)
    const rows = tally.rows()
    expect(rows.length).toBeLessThanOrEqual(10)
    expect(rows[0]?.value).toBe('hot')
    expect(rows[0]!.count).toBeLessThanOrEqual(25_000)
    expect(rows[0]!.count).toBeGreaterThanOrEqual(25_000 - tally.undercount)
    expect(tally.undercount).toBeGreaterThan(0)
    expect(tally.undercount).toBeLessThanOrEqual(100_000 / 11)
  })

  it('cuts long keys to a bounded length without splitting a surrogate pair', () => {
    const long = `${'a'.repeat(KEY_MAX_LENGTH - 2)}😀${'b'.repeat(5000)}`
    const key = boundedKey(long)
    expect(key.length).toBeLessThanOrEqual(KEY_MAX_LENGTH)
    expect(key.endsWith('…')).toBe(true)
    expect(key).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/)
    expect(boundedKey('short')).toBe('short')
  })

  it('keeps the hourly histogram bounded however spread the timestamps, and ignores impossible ones', () => {
    const counts = new HourlyCounts()
    counts.add(9e15)
    counts.add(Number.NaN)
    for (let i = 0; i < 200_000; i++) counts.add(i * 3_600_000 * 7)
    const h = counts.histogram()
    expect(h.bucket).toBe('week')
    expect(h.points.length).toBeLessThanOrEqual(MAX_BUCKETS)
    expect(h.points.reduce((n, p) => n + p.count, 0) + (h.omitted ?? 0)).toBe(200_000)
  })

  it('formats impossible times and counts without throwing', () => {
    expect(formatMs(9e15)).toBe('invalid time (9000000000000000)')
    expect(formatMs(0)).toBe('1970-01-01T00:00:00.000Z')
    expect(formatCount(1234567)).toBe('1,234,567')
    expect(formatCount(-1234.4)).toBe('-1,234')
    expect(formatCount(Number.NaN)).toBe('NaN')
  })
})
