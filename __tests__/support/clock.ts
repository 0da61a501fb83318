/** A clock for the watch of a staged resume: time moves only when the code waits, and a test acts at given waits. */
import type { Clock } from '../../src/clock.js'

export class TestClock implements Clock {
  /** Every wait asked, in ms, in order (a wait the stop signal had already ended is not recorded). */
  readonly sleeps: number[] = []
  /** Called after each wait, with its number (1 for the first) and the time: a test changes the world there. */
  onSleep: (count: number, now: number) => void = () => {}

  constructor(public time: number) {}

  now(): number {
    return this.time
  }

  async sleep(ms: number, wake: AbortSignal): Promise<void> {
    if (wake.aborted) return
    this.sleeps.push(ms)
    this.time += ms
    this.onSleep(this.sleeps.length, this.time)
  }
}
