import { describe, expect, it } from '@jest/globals'
import { atMostEvery, wakeableSleep } from '../../src/clock.js'

describe('wakeableSleep', () => {
  it('waits a delay longer than a Node timer holds (a watch of 500w polls every 4 weeks) until woken', async () => {
    const wake = new AbortController()
    let done = false
    const sleeping = wakeableSleep((500 * 7 * 24 * 3_600_000) / 120, wake.signal).then(() => {
      done = true
    })
    // A timer past 2^31 - 1 ms would fire at once: after 50 ms the wait must still be going on.
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(done).toBe(false)
    wake.abort()
    await sleeping
    expect(done).toBe(true)
  })
})

describe('atMostEvery', () => {
  it('writes the first line at once, then at most one a period of the clock, building only the lines it writes', () => {
    let now = 0
    const lines: string[] = []
    let built = 0
    const progress = atMostEvery(1000, line => lines.push(line), { now: () => now })
    for (const [at, n] of [
      [0, 1],
      [400, 2],
      [999, 3],
      [1000, 4],
      [1500, 5],
      [2100, 6]
    ] as const) {
      now = at
      progress(() => {
        built++
        return `${n} so far`
      })
    }
    expect(lines).toEqual(['1 so far', '4 so far', '6 so far'])
    expect(built).toBe(3)
  })
})
