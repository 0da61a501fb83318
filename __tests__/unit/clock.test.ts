import { describe, expect, it } from '@jest/globals'
import { wakeableSleep } from '../../src/clock.js'

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
