import { describe, expect, it } from '@jest/globals'
import { seedRealisticMessages, seedRealisticWorkflowEntries } from '../../sim/seed-realistic.js'

const NOW = 1_800_000_000_000
const HOUR = 3_600_000

describe('the realistic seed of the demo', () => {
  const messages = seedRealisticMessages(300, NOW)

  it('is the same every time, sorted by distinct creation times, hours to days old', () => {
    expect(seedRealisticMessages(300, NOW)).toEqual(messages)
    expect(messages.every((m, i) => i === 0 || m.createdAt > messages[i - 1]!.createdAt)).toBe(true)
    const ages = messages.map(m => NOW - m.createdAt)
    expect(Math.min(...ages)).toBeLessThan(HOUR)
    expect(Math.max(...ages)).toBeGreaterThan(5 * 24 * HOUR)
    expect(new Set(messages.map(m => m.dlqId)).size).toBe(300)
    expect(new Set(messages.map(m => m.messageId)).size).toBe(300)
  })

  it('answers each status with a body that says that status', () => {
    for (const m of messages) {
      const words: Record<number, RegExp> = {
        500: /database connection/,
        503: /unavailable/,
        429: /rate limit/,
        413: /too large/,
        502: /502 Bad Gateway/,
        504: /timeout/,
        401: /expired/,
        404: /not found/,
        400: /must be/
      }
      expect(m.responseBody).toMatch(words[m.responseStatus] ?? /^never$/)
    }
  })

  it('seeds failed runs of three workflows, sorted by distinct failure times', () => {
    const runs = seedRealisticWorkflowEntries(60, NOW)
    expect(new Set(runs.map(r => r.workflowUrl)).size).toBe(3)
    expect(runs.every((r, i) => i === 0 || r.failedAt > runs[i - 1]!.failedAt)).toBe(true)
    expect(runs.every(r => r.workflowCreatedAt < r.failedAt && r.failedAt < NOW)).toBe(true)
  })
})
