// The run's clock: the runner's time, used only to measure waits (a time compared with the service's timestamps comes
// from the service: see ServiceClient.serviceTime). A root module: it imports no folder of src/.
import { setTimeout as delay } from 'node:timers/promises'

/** The run's clock: its time, and a wait that the stop signal ends at once (real time in the action). */
export interface Clock {
  now(): number
  sleep(ms: number, wake: AbortSignal): Promise<void>
}

/** The longest delay a Node timer holds: a longer one fires at once (TimeoutOverflowWarning), so it is taken in turns. */
const MAX_TIMER_MS = 2_147_483_647

/** A wait that ends early, without error, when `wake` is aborted: a stop must not wait out a Retry-After. */
export async function wakeableSleep(ms: number, wake?: AbortSignal): Promise<void> {
  for (let left = ms; left > 0 && wake?.aborted !== true; left -= MAX_TIMER_MS) {
    await delay(Math.min(left, MAX_TIMER_MS), undefined, wake ? { signal: wake } : {}).catch(() => {})
  }
}

export const REAL_CLOCK: Clock = { now: () => Date.now(), sleep: wakeableSleep }

/**
 * Writes a progress line at most once every `everyMs` of the runner's clock, the first at once: a listing of a
 * thousand pages then writes a line a second, not one a page (each a synchronous write to the runner's pipe).
 */
export function atMostEvery(
  everyMs: number,
  log: (line: string) => void,
  clock: Pick<Clock, 'now'> = REAL_CLOCK
): (line: () => string) => void {
  let last = -Infinity
  return line => {
    const now = clock.now()
    if (now - last < everyMs) return
    last = now
    log(line())
  }
}
