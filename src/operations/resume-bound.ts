/**
 * The bound that keeps a resume off its own runs: the to-date every request of a resume by filters sends, on the
 * service's clock, so that no run the resume creates (it fails after its creation) is taken by the same resume.
 */
import { CLOCK_SKEW_MARGIN_MS, CLOCK_TOLERANCE_MS } from '../constants.js'
import type { Clock } from '../clock.js'
import type { ServiceClient } from '../service/client.js'
import { listQuery } from '../service/query.js'
import type { ResumeRequest } from '../requests.js'
import type { ResumeBound } from '../resume-results.js'
import type { Progress } from '../stop.js'

/**
 * The to-date a resume by filters sends with every request: the service's time at its start, less a millisecond, so
 * that no run the resume creates (it fails after its creation, on the service's clock) is taken by the same resume.
 * Read from the Date header of a one-entry listing, as far as it can be used (service/service-clock.ts), or the
 * runner's clock where that is earlier; BoundKeeper checks it against the first run the service creates. None for dlq-ids (a run that fails again comes back
 * under a new id); with a cursor, the to-date given with it (the bound the cursor was made under).
 */
export async function startBound(
  client: Pick<ServiceClient, 'listDlqPage' | 'serviceNow' | 'dateFault'>,
  request: ResumeRequest,
  clock: Clock
): Promise<ResumeBound | undefined> {
  if (request.selection.dlqIds !== undefined) return undefined
  const asked = request.selection.toDate
  if (request.cursor !== undefined) return asked === undefined ? undefined : { toDate: asked, clock: 'input' }
  try {
    await client.listDlqPage(listQuery({ source: 'workflow' }, 1, 'earliestFirst', undefined))
  } catch {
    // Any answer's Date will do, an error's too; with none, the runner's clock is said to be used.
  }
  const serviceNow = client.serviceNow()
  const fault = client.dateFault()
  const known = {
    ...(serviceNow !== undefined ? { serviceStart: Math.floor(serviceNow) } : {}),
    ...(fault !== undefined ? { dateFault: fault } : {})
  }
  // The earlier of a usable Date and the runner's clock: the first request cannot take a run it creates should either
  // be ahead (a lost answer would hide that run from the check below). With no usable Date, the runner's clock less
  // a margin, as the service's clock may be behind it.
  // Less 1 ms, as a Date's bound is: a run created as the step starts is past it.
  const runner = clock.now() - 1
  const fromDate = serviceNow !== undefined ? Math.floor(serviceNow) - 1 : undefined
  const bound: ResumeBound =
    fromDate === undefined
      ? { toDate: runner + 1 - CLOCK_SKEW_MARGIN_MS, clock: 'runner', marginMs: CLOCK_SKEW_MARGIN_MS, ...known }
      : fromDate <= runner
        ? { toDate: fromDate, clock: 'service', ...known }
        : { toDate: runner, clock: 'runner', ...known }
  // An earlier to-date asked is the bound; the watches still start at the service's time at the start.
  return asked !== undefined && asked <= bound.toDate ? { toDate: asked, clock: 'input', ...known } : bound
}

/**
 * Holds a resume's bound, and checks it once against the first run the service created (its creation is the clock
 * that stamps the failures the bound is compared with): a bound at or past it could take the runs the resume creates,
 * one too far before it left out runs that failed before the resume began (not a to-date given): further than
 * CLOCK_TOLERANCE_MS where the Date agreed with the runner, any gap where it could not be checked so. Either is moved
 * to that creation less 1 ms, and the drain goes on without its cursor, which belongs to the bound it came with.
 */
export class BoundKeeper {
  private checked = false
  /** The runner's time at the start, to tell a Date far behind it (which may leave runs out) from one that agrees. */
  private readonly runnerStart: number

  constructor(
    public bound: ResumeBound | undefined,
    private readonly progress?: Progress,
    /** The runner's clock: a creation time far from both it and the service's Date is no evidence of either. */
    private readonly runnerNow: () => number = Date.now,
    /** The to-date asked: the bound never moves past it (the user's selection). */
    private readonly asked: number = Infinity
  ) {
    this.runnerStart = runnerNow()
    if (bound !== undefined && progress !== undefined) progress.toDate = bound.toDate
  }

  /**
   * An answer: its runs, the service's time by its usable Date since, and whether more requests follow it. True when
   * the bound moved, so that the drain must send the new one without its cursor (past the first run's creation, only
   * where more requests follow: no request is left to take one). Where the start had no usable Date (the runner's clock was sent),
   * an answer without runs but with a fresh Date tells the service's time before any run was created.
   */
  stamped(runs: readonly { workflowCreatedAt?: number }[], serviceNow: number | undefined, more: boolean): boolean {
    if (this.bound === undefined || this.checked) return false
    let first = Infinity
    for (const run of runs) if (run.workflowCreatedAt !== undefined) first = Math.min(first, run.workflowCreatedAt)
    if (first === Infinity) return this.dated(serviceNow)
    this.checked = true
    const bound = this.bound
    // A creation time a day or more from the runner's clock is no creation of now (a server that sends the original
    // run's): it tells nothing. Within that, the service's clock may be skewed, its front end's Date more so.
    if (Math.abs(first - this.runnerNow()) > MAX_SKEW_MS) return false
    const takesOwn = bound.toDate >= first && more
    // A Date the runner's clock agrees with allows for the latency to the first run; any other bound, not a millisecond.
    const agreed =
      bound.clock === 'service' &&
      bound.serviceStart !== undefined &&
      Math.abs(bound.serviceStart - this.runnerStart) <= CLOCK_TOLERANCE_MS
    const slack = agreed ? CLOCK_TOLERANCE_MS : 1
    const leftOut = bound.clock !== 'input' && bound.toDate < first - slack
    if (!takesOwn && !leftOut) return false
    // The Date was right where it agrees with the run's creation to its second: the runner's clock was the one off.
    const confirmed = bound.serviceStart !== undefined && Math.abs(first - bound.serviceStart) <= DATE_ROUNDING_MS
    return this.move(first - 1, confirmed ? 'service' : 'stamps')
  }

  /**
   * A bound of the action's own that nothing checked (no run created) and that may be early: the runner's clock less
   * its margin, or the earlier of a Date and the runner's clock that disagree by more than they may. Runs may be left.
   */
  get unconfirmed(): boolean {
    const bound = this.bound
    if (bound === undefined || this.checked || bound.clock === 'input' || bound.clock === 'stamps') return false
    // No usable Date, or one the runner's clock disagrees with: either may be the one that is off.
    return bound.serviceStart === undefined || Math.abs(bound.serviceStart - this.runnerStart) > CLOCK_TOLERANCE_MS
  }

  /** The bound as the result reports it: said unconfirmed where nothing checked the runner's guess. */
  result(): ResumeBound | undefined {
    return this.bound === undefined || !this.unconfirmed ? this.bound : { ...this.bound, unconfirmed: true }
  }

  /** The runner's margin, replaced by the service's first usable Date once one came (no run created yet). */
  private dated(serviceNow: number | undefined): boolean {
    const noDate = this.bound?.serviceStart === undefined
    if (this.bound?.clock !== 'runner' || this.checked || !noDate || serviceNow === undefined) return false
    this.checked = true
    const at = Math.floor(serviceNow) - 1
    return at > this.bound.toDate ? this.move(at, 'service', { serviceStart: Math.floor(serviceNow) }) : false
  }

  /** Moves the bound to `to` (never past the to-date asked); false when that changes nothing. */
  private move(to: number, clock: ResumeBound['clock'], more: Partial<ResumeBound> = {}): boolean {
    const toDate = Math.min(to, this.asked)
    if (this.bound === undefined || toDate === this.bound.toDate) return false
    const { marginMs: _margin, movedFrom: _before, ...rest } = this.bound
    // Within a Date's rounding the move is no news: the summary names only a bound that was off.
    const far = Math.abs(rest.toDate - toDate) > DATE_ROUNDING_MS
    this.bound = { ...rest, ...more, toDate, clock, ...(far ? { movedFrom: rest.toDate } : {}) }
    if (this.progress !== undefined) this.progress.toDate = toDate
    return true
  }
}

/** A Date has whole seconds, and its answer took some time: within this of a run's creation, the two agree. */
const DATE_ROUNDING_MS = 2_000
/** A run's creation this far from the runner's clock is still the service's clock, skewed. */
const MAX_SKEW_MS = 24 * 3_600_000

/** The request with its selection bounded; the watchdog's progress learns the bound, to say it with the cursor. */
export function withBound(request: ResumeRequest, bound: ResumeBound | undefined, progress?: Progress): ResumeRequest {
  if (bound === undefined) return request
  if (progress !== undefined) {
    progress.toDate = bound.toDate
    if (request.selection.fromDate !== undefined) progress.fromDate = request.selection.fromDate
  }
  return { ...request, selection: { ...request.selection, toDate: bound.toDate } }
}
