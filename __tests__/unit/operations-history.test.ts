/** history-file: what is read as history and what is "no history yet", what is kept, and growth against it. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HISTORY_SAMPLES } from '../../src/constants.js'
import { judged } from '../../src/operations/health.js'
import { growthOf, historyCheck, historyText, readHistory, withSample } from '../../src/operations/history.js'
import type { HistorySample } from '../../src/health-verdict.js'
import { describeBreach, judgement } from '../../src/report/list-verdict.js'
import { listResult } from '../support/results.js'

const NOW = Date.UTC(2026, 10, 22, 12)
const HOUR = 3_600_000
const CHECK = historyCheck(new URL('https://service.example.com'), '')
const sample = (hoursAgo: number, count: number, complete: 0 | 1 = 1): HistorySample => ({
  at: NOW - hoursAgo * HOUR,
  count,
  complete
})

let dir: string | undefined
afterEach(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true })
  dir = undefined
})

/** A history-file holding `text`, read as this check's at NOW. */
async function readBack(text: string | undefined) {
  dir = await mkdtemp(join(tmpdir(), 'history-'))
  const path = join(dir, 'dlq-history.json')
  if (text !== undefined) await writeFile(path, text)
  return readHistory(path, CHECK, NOW)
}

describe('readHistory', () => {
  it('reads back what it wrote', async () => {
    const samples = [sample(2, 120), { ...sample(1, 300), oldestAgeMs: 5000, new: 3, expiring: 0 }]
    expect(await readBack(historyText(CHECK, samples))).toEqual({ samples })
  })

  it.each([
    ['missing', undefined, 'the file does not exist yet'],
    ['not JSON', '{"format":"dlq-action-history",', 'it is not JSON (damaged)'],
    ['foreign JSON', '{"hello":"world"}', "it is not this action's history"],
    ['a sample with text', historyText(CHECK, [sample(1, 1)]).replace('"count":1', '"count":"1"'), 'it is damaged'],
    [
      'a sample with more fields',
      historyText(CHECK, [{ ...sample(1, 1), url: 'x' } as HistorySample]),
      'it is damaged'
    ],
    ['another version', historyText(CHECK, []).replace('"version":1', '"version":2'), 'it is of another version (2)'],
    ['another check', historyText('0123456789abcdef', []), "it is another check's"],
    ['times after this run', historyText(CHECK, [sample(-1, 5)]), 'its times are not in order'],
    ['times out of order', historyText(CHECK, [sample(1, 5), sample(2, 5)]), 'its times are not in order'],
    ['too large', ' '.repeat(1_000_001), 'it is larger than a history can be']
  ])('reads a file %s as no history yet, saying why', async (_, text, why) => {
    const read = await readBack(text)
    expect(read.samples).toEqual([])
    expect(read.none).toContain(why)
  })

  it('tells checks of other services and filters apart', () => {
    expect(historyCheck(new URL('https://a.example.com'), '')).not.toBe(CHECK)
    expect(historyCheck(new URL('https://service.example.com'), '{"url":["x"]}')).not.toBe(CHECK)
    expect(historyCheck(new URL('https://service.example.com/'), '')).toBe(CHECK)
  })
})

describe('withSample', () => {
  it('keeps the last HISTORY_SAMPLES, this run last', () => {
    const many = Array.from({ length: HISTORY_SAMPLES }, (_, i) => sample(HISTORY_SAMPLES - i, i))
    const kept = withSample(many, sample(0, 9999))
    expect(kept).toHaveLength(HISTORY_SAMPLES)
    expect(kept[0]?.count).toBe(1)
    expect(kept.at(-1)?.count).toBe(9999)
  })
})

describe('growthOf', () => {
  it('measures from the lowest complete earlier count within the window', () => {
    const samples = [sample(7, 10), sample(6, 4500), sample(3, 120), sample(2, 200, 0), sample(1, 300)]
    expect(growthOf(samples, NOW, 4500, 6 * HOUR)).toEqual({
      withinMs: 6 * HOUR,
      from: { count: 120, at: NOW - 3 * HOUR },
      to: 4500,
      delta: 4380,
      percent: 3650,
      covered: true
    })
  })

  it('measures nothing without an earlier complete count in the window, and says when history is shorter', () => {
    expect(growthOf([sample(2, 5)], NOW, 50, HOUR)).toEqual({ withinMs: HOUR, to: 50, covered: true })
    expect(growthOf([sample(1, 5, 0)], NOW, 50, 2 * HOUR).delta).toBeUndefined()
    expect(growthOf([sample(1, 5)], NOW, 50, 24 * HOUR)).toMatchObject({ delta: 45, covered: false })
    // From an empty DLQ a percentage is of one message.
    expect(growthOf([sample(1, 0)], NOW, 4, 2 * HOUR).percent).toBe(400)
  })
})

describe('the growth check', () => {
  const found = (count: number) => listResult({ count })
  const earlier = { samples: [sample(3, 120), sample(1, 150)] }

  it('fails above the limit, in messages or in percent, and says how it grew', () => {
    const limit = { amount: 500, percent: false, withinMs: 6 * HOUR }
    const result = judged(found(4500), { growthAbove: limit, history: true }, NOW, earlier)
    expect(result.growth?.delta).toBe(4380)
    expect(result.health.breaches.map(b => describeBreach(b, listResult()))).toEqual([
      'the DLQ grew by +4,380 messages (120 to 4,500) within 6h, more than fail-if-growth-above (+500/6h)'
    ])
    expect(judged(found(620), { growthAbove: limit, history: true }, NOW, earlier).health.breaches).toEqual([])
    const percent = { amount: 200, percent: true, withinMs: 24 * HOUR }
    const [breach] = judged(found(500), { growthAbove: percent, history: true }, NOW, earlier).health.breaches
    expect(describeBreach(breach!, listResult())).toBe(
      'the DLQ grew by +317% (120 to 500) within 1d, more than fail-if-growth-above (200%/1d)'
    )
  })

  it('is not judged, never failed, without history, and this run starts it', () => {
    const limit = { amount: 0, percent: false, withinMs: HOUR }
    const none = { samples: [], none: 'the file does not exist yet' }
    const result = judged(found(10_000), { growthAbove: limit, history: true }, NOW, none)
    expect(result.health.breaches).toEqual([])
    expect(result.history?.samples).toEqual([{ at: NOW, count: 10_000, complete: 1 }])
    expect(judgement(result, NOW)).toContain(
      '**growth within 1h: no earlier complete figures in that window** (limit +0/1h: not judged)'
    )
  })
})
