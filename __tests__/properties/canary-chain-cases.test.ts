/**
 * The cases the chain property (canary-chain.test.ts) found failing, each kept as a plain test of the invariant it
 * broke: fast-check's shrunk counterexample, its times set to the words where the shrunk one sat a second from
 * an edge. Each held once the action was fixed; each new failing seed the property finds joins them.
 */
import { describe, expect, it } from '@jest/globals'
import { runChain, type Scenario } from '../support/canary-chain.js'
import { chainText, INVARIANTS, violationsOf, type Invariant } from '../support/canary-invariants.js'

/** Runs the chain of a scenario and fails with each breach of the invariant, and the chain in a few lines. */
async function holds(scenario: Scenario, invariant: Invariant): Promise<void> {
  const chain = await runChain(scenario)
  const found = violationsOf(chain, [invariant])
  // Empty when it holds; else the invariant, each breach and the chain, as the failure shows them.
  const breaches = found.length === 0 ? '' : `${INVARIANTS[invariant]}\n${found.map(v => v.says).join('\n')}`
  expect(breaches && `${breaches}\n${chainText(chain)}`).toBe('')
}

/** The run log says RUN_FAILED a minute before the DLQ shows the entry; the canary of one stops the resume. */
const runLogAheadOfDlq: Scenario = {
  seed: 1,
  workflowRuns: 5,
  offsetMs: 0,
  variants: {},
  fate: { share: 1, afterMs: 0, dlqDelayMs: 60000 },
  recentMs: [],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'dlq-ids', newest: 2 },
  first: { stages: '1, all', watch: '5s', maxFailed: 0 }
}

/** As above, with watch-max-failed 1: the resume goes on, and the heading says none was back. */
const runLogAheadHeading: Scenario = {
  seed: 1,
  workflowRuns: 6,
  offsetMs: 0,
  variants: {},
  fate: { share: 1, afterMs: 0, dlqDelayMs: 60000 },
  recentMs: [],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'all' },
  first: { stages: '1, all', watch: '5s', maxFailed: 1 }
}

/** A continuation given next-cursor alone (the manual form), staged: its watch sees two runs fail, within watch-max-failed. */
const cursorOnly: Scenario = {
  seed: 1,
  workflowRuns: 10,
  offsetMs: 0,
  variants: {},
  fate: { share: 1, afterMs: 10000 },
  recentMs: [],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'all' },
  first: { maxRuns: 1 },
  continuation: { afterMs: 0, plan: { stages: '2, all', watch: '1m', maxFailed: 2 }, cursorOnly: true }
}

/** Every answer's Date is `1`, which Date.parse reads as 2001. */
const dateOne: Scenario = {
  seed: 1,
  workflowRuns: 5,
  offsetMs: 0,
  variants: { dateLiteral: '1' },
  recentMs: [],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'all' },
  first: {}
}

/** A cache serves the GETs two hours stale (Date and Age); a run failed an hour before the start. */
const staleDate: Scenario = {
  seed: 1,
  workflowRuns: 5,
  offsetMs: 0,
  variants: { cachedDateAgeSeconds: 7200 },
  recentMs: [3600000],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'workflow-url', url: 'https://app.example.com/api/workflow/onboarding' },
  first: {}
}

/** The front end's clock is 5 minutes behind the one that stamps; a run failed a minute before the start. */
const frontEndBehind: Scenario = {
  seed: 1,
  workflowRuns: 5,
  offsetMs: 0,
  variants: { frontEndOffsetsMs: [-300000] },
  recentMs: [60000],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'workflow-url', url: 'https://app.example.com/api/workflow/onboarding' },
  first: {}
}

/** The front end's clock is 5 minutes ahead; the canary's run fails a minute in, within watch-max-failed 1. */
const frontEndAhead: Scenario = {
  seed: 1,
  workflowRuns: 10,
  offsetMs: 0,
  variants: { frontEndOffsetsMs: [300000] },
  fate: { share: 1, afterMs: 60000 },
  recentMs: [],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'all' },
  first: { stages: '1, all', watch: '2m', maxFailed: 1 }
}

/** As above with no run log: the watch lists from the Date's time on, so it cannot see the run back in the DLQ. */
const frontEndAheadBlind: Scenario = {
  seed: 1,
  workflowRuns: 5,
  offsetMs: 0,
  variants: { noRunLog: true, frontEndOffsetsMs: [300000] },
  fate: { share: 1, afterMs: 10000 },
  recentMs: [],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'all' },
  first: { stages: '1, all', watch: '1m', maxFailed: 0 }
}

/** The run log finds runs by id alone and holds an older run with the same id that failed. */
const repeatedIds: Scenario = {
  seed: 1,
  workflowRuns: 5,
  offsetMs: 0,
  variants: { runLogRepeatedIds: true },
  recentMs: [],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'all' },
  first: { stages: '1, all', watch: '5s', maxFailed: 0 }
}

/** All five canary runs end RUN_CANCELED three seconds in. */
const cancelled: Scenario = {
  seed: 1,
  workflowRuns: 10,
  offsetMs: 0,
  variants: {},
  fate: { share: 0, cancelShare: 1, cancelAfterMs: 3000 },
  recentMs: [],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'all' },
  first: { stages: '5, all', watch: '10m', maxFailed: 0 }
}

/** No Date header, and the service's clock 5 minutes behind the runner's: the bound is the runner's clock less 2 minutes. */
const noDateBehind: Scenario = {
  seed: 1,
  workflowRuns: 10,
  offsetMs: -300000,
  variants: { noDateHeader: true },
  fate: { share: 1, afterMs: 60000 },
  recentMs: [],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'all' },
  first: { maxRuns: 1 },
  continuation: { afterMs: 120000, plan: {} }
}

/** No Date header: the bound is the runner's clock less 2 minutes; a run failed a minute before the start. */
const noDateMargin: Scenario = {
  seed: 1,
  workflowRuns: 5,
  offsetMs: 0,
  variants: { noDateHeader: true },
  recentMs: [60000],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'workflow-url', url: 'https://app.example.com/api/workflow/onboarding' },
  first: {}
}

/** The service's clock 0.8 s past a whole second at the start; a run failed 0.3 s before it, within that second. */
const lastSecond: Scenario = {
  seed: 1,
  workflowRuns: 5,
  offsetMs: 800,
  variants: {},
  recentMs: [300],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'all' },
  first: {}
}

/** A resume by dlq-ids asks watch-min-completed of a service that keeps no run log: refused before any resume request. */
const refusal: Scenario = {
  seed: 1,
  workflowRuns: 5,
  offsetMs: 0,
  variants: { noRunLog: true },
  recentMs: [],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: [],
  selection: { by: 'dlq-ids', newest: 2 },
  first: { stages: '1, all', watch: '5s', maxFailed: 0, minCompleted: '1' }
}

describe('the run log ahead of the DLQ: its stop names the run', () => {
  it('failed-again-count is the length of failed-again-run-ids', () => holds(runLogAheadOfDlq, 'countsMatchIds'))
  it('the stop names the run the run log says failed', () => holds(runLogAheadOfDlq, 'failedRunsNamed'))
  it('the heading, the notice and failed-again-count agree', () => holds(runLogAheadHeading, 'reportsAgree'))
})

describe('a continuation given next-cursor alone never resumes its own runs', () => {
  it('never resumes a run the chain created', () => holds(cursorOnly, 'ownRunsOnlyByFollowUp'))
})

describe("the service's Date, checked before it is trusted", () => {
  it('a Date that is no HTTP date: complete=true only with nothing of the selection left', () =>
    holds(dateOne, 'completeOnlyWhenDone'))
  it('a Date that is no HTTP date: every entry selected is resumed or a way to continue named', () =>
    holds(dateOne, 'selectionResumedOrContinued'))
  it('a stale Date (a cache): complete=true only with nothing of the selection left', () =>
    holds(staleDate, 'completeOnlyWhenDone'))
  it('a front end behind: complete=true only with nothing of the selection left', () =>
    holds(frontEndBehind, 'completeOnlyWhenDone'))
  it('a front end ahead: a later stage never resumes a run an earlier stage created', () =>
    holds(frontEndAhead, 'ownRunsOnlyByFollowUp'))
  it('a front end ahead: the watch sees the run back in the DLQ, and no stage follows', () =>
    holds(frontEndAheadBlind, 'noStageAfterTooManyBad'))
})

describe('a repeated run id is not taken for the run asked', () => {
  it('failed-again-count counts no run of another creation time', () => holds(repeatedIds, 'countsMatchIds'))
})

describe('cancelled runs are not a pass', () => {
  it('no next stage after a watch that saw runs cancelled and none completed', () =>
    holds(cancelled, 'noStageAfterTooManyBad'))
})

describe("no Date header: the runner's clock less 2 minutes bounds the resume", () => {
  it("a continuation never resumes a run the chain created, the service's clock 5 minutes behind", () =>
    holds(noDateBehind, 'ownRunsOnlyByFollowUp'))
  it('complete=true only with no run that failed before the start left in the DLQ', () =>
    holds(noDateMargin, 'completeOnlyWhenDone'))
})

describe("the Date header's whole seconds (docs/staged-resume.md: the bound can be up to a second early)", () => {
  it('complete=true only with no run that failed before the start left in the DLQ', () =>
    holds(lastSecond, 'completeOnlyWhenDone'))
})

describe('a step refused before its first resume request', () => {
  it('never says nothing is left to continue', () => holds(refusal, 'selectionResumedOrContinued'))
})

/**
 * Each case's world without the behaviour that breaks it: there its invariant holds today, so what fails above is the
 * behaviour, not the harness.
 */
const controls: [string, Invariant, Scenario][] = [
  ['the DLQ in step with the run log', 'countsMatchIds', { ...runLogAheadOfDlq, fate: { share: 1, afterMs: 0 } }],
  ['the DLQ in step with the run log', 'failedRunsNamed', { ...runLogAheadOfDlq, fate: { share: 1, afterMs: 0 } }],
  ['the DLQ in step with the run log', 'reportsAgree', { ...runLogAheadHeading, fate: { share: 1, afterMs: 0 } }],
  [
    'the continuation given its dates too',
    'ownRunsOnlyByFollowUp',
    { ...cursorOnly, continuation: { afterMs: 0, plan: cursorOnly.continuation!.plan } }
  ],
  ['the Date an HTTP date', 'completeOnlyWhenDone', { ...dateOne, variants: {} }],
  ['the Date an HTTP date', 'selectionResumedOrContinued', { ...dateOne, variants: {} }],
  ['the Date not stale', 'completeOnlyWhenDone', { ...staleDate, variants: {} }],
  ["the front end on the service's clock", 'completeOnlyWhenDone', { ...frontEndBehind, variants: {} }],
  ["the front end on the service's clock", 'ownRunsOnlyByFollowUp', { ...frontEndAhead, variants: {} }],
  [
    "the front end on the service's clock",
    'noStageAfterTooManyBad',
    { ...frontEndAheadBlind, variants: { noRunLog: true } }
  ],
  ['run ids that do not repeat', 'countsMatchIds', { ...repeatedIds, variants: {} }],
  [
    'some runs completed beside the cancelled',
    'noStageAfterTooManyBad',
    { ...cancelled, fate: { share: 0, cancelShare: 0.5, cancelAfterMs: 3_000, completeAfterMs: 3_000 } }
  ],
  ["the service's clock the runner's", 'ownRunsOnlyByFollowUp', { ...noDateBehind, offsetMs: 0 }],
  ['a Date header', 'completeOnlyWhenDone', { ...noDateMargin, variants: {} }],
  ['a run log', 'selectionResumedOrContinued', { ...refusal, variants: {} }],
  ["the service's clock on a whole second", 'completeOnlyWhenDone', { ...lastSecond, offsetMs: 0 }]
]

/** The cases the property found once the canary's fixes were in, each shrunk, each kept as it was found. */
const base = {
  seed: 1,
  workflowRuns: 5,
  recentMs: [],
  arrivalsMs: [],
  lostAnswers: [],
  droppedRequests: []
} satisfies Partial<Scenario>
const onboarding = { by: 'workflow-url' as const, url: 'https://app.example.com/api/workflow/onboarding' }
const refusedForMinCompleted = { stages: '1, all', watch: '5s', maxFailed: 0, minCompleted: '1' }
const found: Array<[string, Invariant, Scenario]> = [
  [
    'a bound moved up by the first run never passes the to-date given',
    'onlyTheSelection',
    {
      ...base,
      offsetMs: 996,
      variants: { ignoreResumeCount: true, noRunLog: true, cachedDateAgeSeconds: 5 },
      recentMs: [1001],
      selection: { by: 'all', toAgoMs: 6 },
      first: {}
    }
  ],
  [
    'a step refused for watch-min-completed names its bound, so its continuation takes nothing that failed after it',
    'onlyTheSelection',
    {
      ...base,
      offsetMs: 0,
      variants: { noRunLog: true },
      arrivalsMs: [1000],
      selection: { ...onboarding, fromAgoMs: 60_000 },
      first: refusedForMinCompleted,
      continuation: { afterMs: 2_000, plan: {} }
    }
  ],
  [
    'a step refused with no usable Date says to run it again later, and that finishes the job',
    'selectionResumedOrContinued',
    {
      ...base,
      offsetMs: 0,
      variants: { noRunLog: true, dateLiteral: '1' },
      recentMs: [1001],
      selection: onboarding,
      first: refusedForMinCompleted,
      continuation: { afterMs: 0, plan: {} }
    }
  ],
  [
    "a refused step's continuation sends its bound: an arrival after the start is not taken",
    'selectionResumedOrContinued',
    {
      ...base,
      offsetMs: 60_001,
      variants: { noRunLog: true },
      recentMs: [1001],
      arrivalsMs: [1000],
      selection: onboarding,
      first: refusedForMinCompleted,
      continuation: { afterMs: 1_000, plan: {} }
    }
  ],
  [
    'answers lost with no usable Date name the runs that may be left',
    'selectionResumedOrContinued',
    {
      ...base,
      offsetMs: 0,
      variants: { dateLiteral: '1' },
      recentMs: [1001],
      lostAnswers: [0],
      selection: { by: 'all' },
      first: {}
    }
  ],
  [
    'a from-date past the bound leaves nothing to continue, and no continuation of inverted dates',
    'selectionResumedOrContinued',
    {
      ...base,
      offsetMs: -60_001,
      variants: {},
      droppedRequests: [0],
      selection: { ...onboarding, fromAgoMs: 60_000 },
      first: {},
      continuation: { afterMs: 0, plan: {} }
    }
  ],
  [
    "a usable Date is the bound, not the runner's later clock: a continuation takes no first failure after the start",
    'onlyTheSelection',
    {
      ...base,
      offsetMs: -121_000,
      variants: {},
      arrivalsMs: [1000],
      lostAnswers: [0],
      selection: onboarding,
      first: {},
      continuation: { afterMs: 750, plan: {} }
    }
  ],
  [
    "a Date the runner's clock disagrees with is checked against the first run to the millisecond",
    'completeOnlyWhenDone',
    {
      ...base,
      offsetMs: -6_343,
      variants: { omitCreatedAt: true, runLogEventsOnly: true, frontEndOffsetsMs: [-53_658, 0] },
      recentMs: [1001, 54_658],
      selection: onboarding,
      first: {}
    }
  ],
  [
    "the runner's clock, earlier than a Date a minute ahead, is checked against the first run to the millisecond",
    'completeOnlyWhenDone',
    {
      ...base,
      offsetMs: 1_004,
      variants: { datesOnEntryTime: true, omitCreatedAt: true, noRunLog: true, frontEndOffsetsMs: [59_996] },
      recentMs: [1001, 1004],
      selection: onboarding,
      first: {}
    }
  ],
  [
    "nothing checked the runner's clock against a Date a minute ahead: complete is false, and the step says why",
    'completeOnlyWhenDone',
    {
      ...base,
      offsetMs: 1_004,
      variants: { datesOnEntryTime: true, omitCreatedAt: true, noRunLog: true, frontEndOffsetsMs: [58_997] },
      recentMs: [1001],
      selection: onboarding,
      first: {}
    }
  ]
]

describe('each case the property found after the fixes', () => {
  it.each(found)('%s', (_, invariant, scenario) => holds(scenario, invariant))
})

describe('each case without the behaviour that breaks it', () => {
  it.each(controls)('with %s, holds %s', (_, invariant, scenario) => holds(scenario, invariant))
})

describe('each case', () => {
  const cases = {
    runLogAheadOfDlq,
    runLogAheadHeading,
    cursorOnly,
    dateOne,
    staleDate,
    frontEndBehind,
    frontEndAhead,
    frontEndAheadBlind,
    repeatedIds,
    cancelled,
    noDateBehind,
    noDateMargin,
    lastSecond,
    refusal
  }
  // Each chain must run to its end, every step taking its inputs (the manual form may be refused), so that a case
  // above tests its invariant, not a step that could not run.
  it.each(Object.entries(cases))('%s runs its chain to the end', async (_, scenario) => {
    const chain = await runChain(scenario)
    expect(chain.steps.length).toBeGreaterThan(0)
    expect(chain.steps.filter(step => step.report.refused !== undefined && !step.cursorOnly)).toEqual([])
  })
})
