/**
 * The one stop signal of a run: the runner cancels a step with SIGINT, then SIGTERM 7.5 s later, then SIGKILL
 * 2.5 s after (docker stop: SIGTERM, then SIGKILL 10 s later). A root module: it imports no folder of src/.
 */

export type StopSignal = 'SIGINT' | 'SIGTERM'

/** After SIGINT the request under way may finish, but no longer than this: well inside the runner's 7.5 s. */
export const SIGINT_GRACE_MS = 3_000
/** Last resort: the report must be written this long after the first signal, or the watchdog writes it. */
export const WATCHDOG_AFTER_SIGNAL_MS = 5_000
/** After SIGTERM every request is aborted at once, so the report should follow almost at once. */
export const WATCHDOG_AFTER_SIGTERM_MS = 1_500

/** What a stopped run has to honour: `signal` (send nothing new, wake every wait), `hard` (abort what is under way). */
export interface StopSignals {
  /** Aborted at the first signal; its reason is the signal's name. */
  readonly signal: AbortSignal
  /** Aborted on SIGTERM, or SIGINT_GRACE_MS after SIGINT: requests under way are cut. */
  readonly hard: AbortSignal
}

/** What the operations have confirmed so far, kept up to date while they run, for the watchdog's last resort. */
export interface Progress {
  /** Messages listed, or runs resumed, that the service confirmed. */
  confirmed: number
  /** Requests whose answer was lost: up to 50 runs each may have been resumed besides `confirmed`. */
  uncertainRequests: number
  /** The cursor of the first request not yet confirmed (undefined: none, or no single cursor). */
  nextCursor?: string
}

/** Timers a StopController sets; the real ones in the action, a recorder in tests. */
export interface Timers {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

const REAL_TIMERS: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: handle => clearTimeout(handle as NodeJS.Timeout)
}

/** Turns the signals the runner sends into one StopSignals; `deadline` fires when the report is overdue. */
export class StopController implements StopSignals {
  private readonly soft = new AbortController()
  private readonly cut = new AbortController()
  private graceTimer: unknown
  private watchdogTimer: unknown
  private watchdogAt = Infinity
  private disposed = false
  /** The first signal received. */
  first?: StopSignal

  /** Called when the report is overdue after a signal: the composition root writes what it can. */
  onOverdue: (signal: StopSignal) => void = () => {}
  /** Called after onOverdue: the entry exits non-zero. */
  onExit: () => void = () => {}

  constructor(
    private readonly timers: Timers = REAL_TIMERS,
    private readonly now: () => number = Date.now
  ) {}

  get signal(): AbortSignal {
    return this.soft.signal
  }

  get hard(): AbortSignal {
    return this.cut.signal
  }

  /** Handles one signal: the first stops everything new; SIGTERM (or the grace after SIGINT) cuts what is under way. */
  receive(signal: StopSignal): void {
    if (this.disposed) return
    if (this.first === undefined) {
      this.first = signal
      this.soft.abort(signal)
      this.watchFor(WATCHDOG_AFTER_SIGNAL_MS)
    }
    if (signal === 'SIGTERM') {
      this.cutNow(signal)
      this.watchFor(WATCHDOG_AFTER_SIGTERM_MS)
    } else if (this.graceTimer === undefined && !this.cut.signal.aborted) {
      this.graceTimer = this.timers.set(() => this.cutNow(signal), SIGINT_GRACE_MS)
    }
  }

  /** Clears every timer, so that nothing keeps the process alive once the run has ended. */
  dispose(): void {
    this.disposed = true
    if (this.graceTimer !== undefined) this.timers.clear(this.graceTimer)
    if (this.watchdogTimer !== undefined) this.timers.clear(this.watchdogTimer)
  }

  private cutNow(signal: StopSignal): void {
    if (!this.cut.signal.aborted) this.cut.abort(signal)
  }

  /** Brings the watchdog forward to `ms` from now, never later than it already is. */
  private watchFor(ms: number): void {
    const at = this.now() + ms
    if (at >= this.watchdogAt) return
    this.watchdogAt = at
    if (this.watchdogTimer !== undefined) this.timers.clear(this.watchdogTimer)
    this.watchdogTimer = this.timers.set(() => {
      if (this.disposed) return
      try {
        this.onOverdue(this.first ?? 'SIGTERM')
      } finally {
        this.onExit()
      }
    }, ms)
  }
}

/** The signal a stop was asked with, when `signal` is aborted by a StopController; undefined otherwise. */
export function stopReason(signal: AbortSignal | undefined): StopSignal | undefined {
  const reason: unknown = signal?.aborted ? signal.reason : undefined
  return reason === 'SIGINT' || reason === 'SIGTERM' ? reason : undefined
}
