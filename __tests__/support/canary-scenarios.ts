/**
 * Random scenarios of a chain of resume steps (canary-chain.ts), for the properties: service behaviour within what the
 * wire contract (section 5) says real servers do, fates of the resumed runs, faults, selections and stage plans.
 */
import fc from 'fast-check'
import type { ServerVariants } from '../../sim/index.js'
import type { RunFate } from '../../sim/fates.js'
import { CHAIN_URLS, type Scenario, type Selection, type StepPlan } from './canary-chain.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** `arbitrary` `p` of the time, else undefined (absent): shrinking leaves it out when the case fails without it. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, p: number): fc.Arbitrary<T | undefined> =>
  fc.oneof(
    { withCrossShrink: true },
    { weight: Math.round((1 - p) * 100), arbitrary: fc.constant(undefined) },
    { weight: Math.round(p * 100), arbitrary }
  )

/** The keys whose value is set: a scenario reads as data, without `undefined` in it. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

/** The service's clock less the runner's: equal, seconds, minutes or hours apart, either way. */
const offsetMs = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.integer({ min: -10_000, max: 10_000 }) },
  { weight: 2, arbitrary: fc.integer({ min: -10 * MINUTE, max: 10 * MINUTE }) },
  { weight: 1, arbitrary: fc.integer({ min: -3 * HOUR, max: 3 * HOUR }) }
)

/** What the Date header says (wire contract, section 5): the service's time most often, else a fault of it. */
const dateFault: fc.Arbitrary<Partial<ServerVariants>> = fc.oneof(
  { withCrossShrink: true },
  { weight: 8, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constant({ noDateHeader: true }) },
  { weight: 1, arbitrary: fc.constantFrom('1', 'yesterday').map(text => ({ dateLiteral: text })) },
  { weight: 1, arbitrary: fc.integer({ min: 5, max: 7_200 }).map(age => ({ cachedDateAgeSeconds: age })) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.integer({ min: -10 * MINUTE, max: 10 * MINUTE }), { minLength: 1, maxLength: 3 })
      .map(offsets => ({ frontEndOffsetsMs: offsets }))
  }
)

/** The other ways a server differs that a resume and its watch meet. */
const serverVariants: fc.Arbitrary<Partial<ServerVariants>> = fc
  .record({
    ignoreResumeCount: sometimes(fc.constant(true), 0.3),
    datesOnEntryTime: sometimes(fc.constant(true), 0.3),
    omitCreatedAt: sometimes(fc.constant(true), 0.2),
    noRunLog: sometimes(fc.constant(true), 0.15),
    runLogEventsOnly: sometimes(fc.constant(true), 0.15),
    runLogWorkflowCreatedAt: sometimes(fc.constant(true), 0.2),
    runLogRepeatedIds: sometimes(fc.constant(true), 0.15),
    runLogLagMs: sometimes(fc.integer({ min: 1_000, max: 2 * MINUTE }), 0.15)
  })
  .chain(variants => dateFault.map(date => defined({ ...variants, ...date })))

/** What becomes of resumed runs: a share fails again at some time (during a watch, a later one, or after), others end. */
const fate: fc.Arbitrary<RunFate | undefined> = sometimes(
  fc
    .record({
      share: fc.constantFrom(0, 0.2, 0.5, 1),
      afterMs: fc.oneof(fc.integer({ min: 0, max: MINUTE }), fc.integer({ min: MINUTE, max: 3 * HOUR })),
      firstErrorAfterMs: sometimes(fc.integer({ min: 0, max: 10 * MINUTE }), 0.5),
      dlqDelayMs: sometimes(fc.integer({ min: 1_000, max: 10 * MINUTE }), 0.3),
      completeAfterMs: sometimes(fc.integer({ min: 0, max: 30 * MINUTE }), 0.6),
      cancelShare: sometimes(fc.constantFrom(0.2, 0.5, 1), 0.25),
      cancelAfterMs: sometimes(fc.integer({ min: 0, max: 10 * MINUTE }), 0.5),
      responseStatus: fc.constantFrom(500, 404)
    })
    .map(defined),
  0.85
)

/** A resume without stages (perhaps capped), or in stages with a watch after each but the last. */
const plan: fc.Arbitrary<StepPlan> = fc.oneof(
  { withCrossShrink: true },
  { weight: 1, arbitrary: fc.record({ maxRuns: sometimes(fc.integer({ min: 1, max: 40 }), 0.4) }).map(defined) },
  {
    weight: 3,
    arbitrary: fc
      .record({
        sizes: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 2 }),
        last: fc.oneof(fc.constant('all'), fc.integer({ min: 1, max: 30 }).map(String)),
        watch: fc.constantFrom('5s', '20s', '1m', '5m', '10m', '1h'),
        maxFailed: fc.integer({ min: 0, max: 3 }),
        watchRetries: sometimes(fc.integer({ min: 0, max: 3 }), 0.5),
        minCompleted: sometimes(fc.constantFrom('1', '50%', '100%'), 0.2),
        maxRuns: sometimes(fc.integer({ min: 1, max: 40 }), 0.2)
      })
      .map(({ sizes, last, ...rest }) => defined({ stages: [...sizes, last].join(', '), ...rest }))
  }
)

/** Dates ago on the runner's clock, from-date before to-date. */
const dates = fc
  .record({
    fromAgoMs: sometimes(fc.integer({ min: MINUTE, max: 8 * 24 * HOUR }), 0.4),
    relativeFrom: sometimes(fc.constant(true), 0.5),
    toAgoMs: sometimes(fc.integer({ min: 0, max: 2 * 24 * HOUR }), 0.3)
  })
  .map(({ fromAgoMs, relativeFrom, toAgoMs }) =>
    defined({
      fromAgoMs,
      relativeFrom: fromAgoMs === undefined ? undefined : relativeFrom,
      toAgoMs: fromAgoMs !== undefined && toAgoMs !== undefined && toAgoMs >= fromAgoMs ? undefined : toAgoMs
    })
  )

const selection: fc.Arbitrary<Selection> = fc.oneof(
  { withCrossShrink: true },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...CHAIN_URLS), dates)
      .map(([url, d]) => ({ by: 'workflow-url' as const, url, ...d }))
  },
  { weight: 1, arbitrary: dates.map(d => ({ by: 'all' as const, ...d })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 30 }).map(newest => ({ by: 'dlq-ids' as const, newest })) }
)

const everyScenario: fc.Arbitrary<Scenario> = fc
  .record({
    seed: fc.integer({ min: 1, max: 1_000 }),
    workflowRuns: fc.integer({ min: 5, max: 80 }),
    offsetMs,
    variants: serverVariants,
    fate,
    // A second at least from the start: within its second, the Date header's whole seconds decide (a case of its own).
    recentMs: fc.array(fc.integer({ min: 1_001, max: 2 * HOUR }), { maxLength: 4 }),
    arrivalsMs: fc.array(fc.integer({ min: 1_000, max: 2 * HOUR }), { maxLength: 3 }),
    lostAnswers: fc.oneof(fc.constant<number[]>([]), fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 2 })),
    droppedRequests: fc.oneof(
      { weight: 3, arbitrary: fc.constant<number[]>([]) },
      { weight: 1, arbitrary: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 1 }) }
    ),
    selection,
    first: plan,
    continuation: sometimes(
      fc
        .record({
          afterMs: fc.integer({ min: 0, max: 3 * HOUR }),
          plan,
          cursorOnly: sometimes(fc.constant(true), 0.15)
        })
        .map(defined),
      0.8
    ),
    followUp: sometimes(fc.record({ afterMs: fc.integer({ min: 0, max: 3 * HOUR }) }), 0.7)
  })
  .map(defined)
  .map(withinWhatTheBoundCanKnow)

/**
 * What the bound cannot know (docs/staged-resume.md), kept out of the scenarios: where answers are lost, nothing the
 * service sent tells when the runs they created were made, and the bound is the earlier of its Date and the runner's
 * clock (the runner's less 2 minutes with no usable Date). Should both run ahead of the clock that stamps runs, a
 * retry or a continuation can take a run that failed again in between. The scenarios keep one of the two clocks from
 * running ahead where answers are lost.
 */
function withinWhatTheBoundCanKnow(s: Scenario): Scenario {
  if (s.lostAnswers.length === 0) return s
  const { noDateHeader, dateLiteral, cachedDateAgeSeconds, frontEndOffsetsMs } = s.variants
  const noDate = noDateHeader === true || dateLiteral !== undefined || cachedDateAgeSeconds !== undefined
  // The runner's clock is ahead of the service's by -offsetMs; its bound, by that less its margin without a Date.
  const runnerAhead = -s.offsetMs - (noDate ? 2 * MINUTE : 0) > 0
  const dateAhead = !noDate && (frontEndOffsetsMs?.[0] ?? 0) > 0
  if (!runnerAhead || !dateAhead) return noDate && runnerAhead ? { ...s, offsetMs: -2 * MINUTE } : s
  return { ...s, variants: { ...s.variants, frontEndOffsetsMs: [0, ...(frontEndOffsetsMs ?? []).slice(1)] } }
}

/** Behaviours a scenario may leave out, each a way of the service or of the user that a world can do without. */
export type Behaviour =
  /** a Date that is no HTTP date, a stale one (a cache), or one from a front end off the stamping clock */
  | 'date-faults'
  /** no Date header at all */
  | 'no-date-header'
  /** a run log that holds an older run with the same id first */
  | 'repeated-run-ids'
  /** a DLQ that shows a failed run's entry after the run log says RUN_FAILED */
  | 'dlq-behind-run-log'
  /** resumed runs that end RUN_CANCELED */
  | 'cancelled-runs'
  /** a continuation given next-cursor alone, without its dates (the manual form) */
  | 'cursor-only-continuation'
  /** watch-min-completed asked of a service that keeps no run log */
  | 'min-completed-without-run-log'

/** The scenario with these behaviours taken out. */
function leaveOut(s: Scenario, left: ReadonlySet<Behaviour>): Scenario {
  const { dateLiteral: _l, cachedDateAgeSeconds: _c, frontEndOffsetsMs: _f, ...withoutDates } = s.variants
  let variants = left.has('date-faults') ? withoutDates : s.variants
  if (left.has('no-date-header')) variants = defined({ ...variants, noDateHeader: undefined })
  if (left.has('repeated-run-ids')) variants = defined({ ...variants, runLogRepeatedIds: undefined })
  const fate =
    s.fate &&
    defined({
      ...s.fate,
      ...(left.has('dlq-behind-run-log') ? { dlqDelayMs: undefined } : {}),
      ...(left.has('cancelled-runs') ? { cancelShare: undefined } : {})
    })
  const plain = (plan: StepPlan): StepPlan =>
    left.has('min-completed-without-run-log') && variants.noRunLog
      ? defined({ ...plan, minCompleted: undefined })
      : plan
  const continuation = s.continuation && {
    ...s.continuation,
    plan: plain(s.continuation.plan),
    ...(left.has('cursor-only-continuation') ? { cursorOnly: undefined } : {})
  }
  return defined({ ...s, variants, fate, first: plain(s.first), continuation: continuation && defined(continuation) })
}

/** Random scenarios, with every behaviour but those left out. */
export function scenarios(without: readonly Behaviour[] = []): fc.Arbitrary<Scenario> {
  const left = new Set(without)
  return left.size === 0 ? everyScenario : everyScenario.map(s => leaveOut(s, left))
}
