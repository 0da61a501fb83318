// The one stop of a run: the runner cancels a step with SIGINT, then SIGTERM 7.5 s later, then SIGKILL 2.5 s after
// (docker stop: SIGTERM, then SIGKILL 10 s later). A root module: it imports no folder of src/.

export type StopSignal = 'SIGINT' | 'SIGTERM'

/** After SIGINT the request under way may finish, but no longer than this: well inside the runner's 7.5 s. */
export const SIGINT_GRACE_MS = 3_000
/** Last resort: the report must be written this long after the first signal, or the watchdog writes it. */
export const WATCHDOG_AFTER_SIGNAL_MS = 5_000
/** After SIGTERM every request is aborted at once, so the report should follow almost at once. */
export const WATCHDOG_AFTER_SIGTERM_MS = 1_500

/** The signal that stopped a run, from its abort reason: SIGINT, else SIGTERM (a reason not set reads as the harder). */
export function stopSignalOf(signal: AbortSignal | undefined): StopSignal {
  return signal?.reason === 'SIGINT' ? 'SIGINT' : 'SIGTERM'
}

/** What a stopped run honours: `signal` (first signal: send nothing new, wake every wait; reason: its name). */
export interface StopSignals {
  readonly signal: AbortSignal
  /** Aborted on SIGTERM, or SIGINT_GRACE_MS after SIGINT: requests under way are cut. */
  readonly hard: AbortSignal
}

/** What the operations have confirmed so far, kept up to date while they run, for the watchdog's last resort. */
export interface Progress {
  /** Messages listed, or runs resumed, that the service confirmed. */
  confirmed: number
  /** Requests whose answer was lost: each may have resumed runs besides `confirmed`... */
  uncertainRequests: number
  /** ...up to this many in all (the count each asked for); unset: 50 each. */
  uncertainRuns?: number
  /** The cursor of the first request not yet confirmed (undefined: none, or no single cursor). */
  nextCursor?: string
  /** The to-date every request of the resume sends with the cursor: a re-run must send it too. */
  toDate?: number
  /** The from-date it sends, as a date (a relative one re-read later would mean another): a re-run sends it too. */
  fromDate?: number
  /** Entries a write's plan listed so far (dry-run, expect-count): set until a write follows, none sent before. */
  planned?: number
}

/** Timers a StopController sets; the real ones in the action, a recorder in tests. */
interface Timers {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

/** Turns the signals the runner sends into one StopSignals, with a watchdog for an overdue report. */
export class StopController implements StopSignals {
  private readonly soft = new AbortController()
  private readonly cut = new AbortController()
  readonly signal = this.soft.signal
  readonly hard = this.cut.signal
  private graceTimer: unknown
  private watchdogTimer: unknown
  private watchdogAt = Infinity
  private disposed = false
  first?: StopSignal

  /** Called when the report is overdue after a signal: the composition root writes what it can. */
  onOverdue: (signal: StopSignal) => void = () => {}
  /** Called after onOverdue: the entry exits non-zero. */
  onExit: () => void = () => {}

  constructor(
    private readonly timers: Timers = { set: setTimeout, clear: clearTimeout },
    private readonly now: () => number = Date.now
  ) {}

  /** The first signal stops everything new; SIGTERM (or the grace after SIGINT) cuts what is under way. */
  receive(signal: StopSignal): void {
    if (this.disposed) return
    if (this.first === undefined) {
      this.first = signal
      this.soft.abort(signal)
      this.watchFor(WATCHDOG_AFTER_SIGNAL_MS)
    }
    // A second abort() leaves the first reason in place.
    if (signal === 'SIGTERM') {
      this.cut.abort(signal)
      this.watchFor(WATCHDOG_AFTER_SIGTERM_MS)
    } else if (this.graceTimer === undefined && !this.hard.aborted) {
      this.graceTimer = this.timers.set(() => this.cut.abort(signal), SIGINT_GRACE_MS)
    }
  }

  /** Clears every timer, so that nothing keeps the process alive once the run has ended. */
  dispose(): void {
    this.disposed = true
    if (this.graceTimer !== undefined) this.timers.clear(this.graceTimer)
    if (this.watchdogTimer !== undefined) this.timers.clear(this.watchdogTimer)
  }

  /** Brings the watchdog forward to `ms` from now, never later than it already is. */
  private watchFor(ms: number): void {
    const at = this.now() + ms
    if (at >= this.watchdogAt) return
    this.watchdogAt = at
    if (this.watchdogTimer !== undefined) this.timers.clear(this.watchdogTimer)
    this.watchdogTimer = this.timers.set(() => {
      if (this.disposed) return // a clock that cannot clear a timer must not end a run that is over
      try {
        this.onOverdue(this.first ?? 'SIGTERM')
      } finally {
        this.onExit()
      }
    }, ms)
  }
}
