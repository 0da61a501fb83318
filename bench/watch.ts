/**
 * The requests a staged resume's watch sends: a 10-minute watch and a 1-hour one, run through the real client over
 * sockets against the simulator, on a clock that moves only when the watch waits (no real time is spent); and a
 * 3-stage canary's while other runs of its workflow fail. Each listing asks for what is new since the one before.
 */
import type { Clock } from '../src/clock.js'
import { stagedResume } from '../src/operations/staged-resume.js'
import { watchStage, WatchState } from '../src/operations/watch.js'
import { ServiceClient } from '../src/service/client.js'
import { DEFAULT_RETRY_POLICY } from '../src/service/retry.js'
import { startSimulator, type Simulator } from '../sim/index.js'
import type { RunFate } from '../sim/fates.js'
import { out } from './findings.js'
import type { Target } from './print.js'

/** Goals: a 10-minute watch lists every 5 s (120 listings, the last at its end); a 1-hour one at most 120 times too. */
const WATCHES = [
  { name: 'watch10mRequests', watchMs: 600_000, goal: 120 },
  { name: 'watch1hRequests', watchMs: 3_600_000, goal: 120 }
] as const

/** A simulator and a client on a clock that moves only when the code under test waits; `run` gets them, then both close. */
async function onSimulator<T>(
  fates: RunFate[],
  run: (ctx: { sim: Simulator; client: ServiceClient; clock: Clock }) => Promise<T>
): Promise<T> {
  let time = Date.UTC(2026, 0, 1)
  const clock: Clock = {
    now: () => time,
    sleep: ms => {
      time += ms
      return Promise.resolve()
    }
  }
  const sim = await startSimulator({ token: 'bench', workflowRuns: 500, now: time, clock: () => time, fates })
  const client = new ServiceClient({
    baseUrl: new URL(sim.url),
    token: 'bench',
    timeoutMs: 5_000,
    retry: DEFAULT_RETRY_POLICY,
    log: () => {}
  })
  try {
    return await run({ sim, client, clock })
  } finally {
    await client.close()
    await sim.close()
  }
}

function requestsOfWatch(watchMs: number): Promise<number> {
  return onSimulator([], async ({ sim, client, clock }) => {
    const state = new WatchState(clock.now())
    state.add(1, ['wfr_x'])
    await watchStage(
      client,
      { stage: 1, watchMs, maxPages: 10_000 },
      state,
      clock,
      new AbortController().signal,
      () => undefined
    )
    return sim.requests.filter(r => r.route === 'list').length
  })
}

/**
 * A 3-stage canary (10, 40, all; watch 10m) whose runs each complete 90 s after their resume: the run-log requests
 * of its two watches per watched run. Each poll asks one request per 10 runs still open, none for a run that ended,
 * and the watch ends once every run has: 18 polls a watch, so 18 x (1 + 4) = 90 requests for 50 runs, 1.8 a run.
 */
const CANARY_GOAL = 2

function runLogRequestsPerRun(): Promise<{ perRun: number; requests: number; watched: number }> {
  return onSimulator([{ share: 0, completeAfterMs: 90_000 }], async ({ sim, client, clock }) => {
    const plan = { sizes: [10, 40, Infinity], watchMs: 600_000, maxFailed: 0 }
    const request = { selection: {}, all: true, overrides: {}, maxPages: 10_000 }
    const result = await stagedResume(client, request, plan, {
      clock,
      stop: new AbortController().signal,
      log: () => {}
    })
    const watched = result.staged?.judged?.length ?? 0
    const requests = sim.requests.filter(r => r.route === 'run-log').length
    return { perRun: watched === 0 ? Infinity : requests / watched, requests, watched }
  })
}

/** Unrelated failures of the canary's own workflow while it is watched, and the stages and watch of the canary. */
const UNRELATED = 1_000
/** Over the first 200 s: the canary's runs complete in 90 s, so each watch ends at about 95 s. */
const UNRELATED_OVER_MS = 200_000
const CANARY = { sizes: [10, 10, Infinity], watchMs: 600_000, maxFailed: 0 }
/**
 * Goal: a listing lists from the latest entry the one before saw, held back only by watched runs still open (an
 * entry's createdAt may precede its entry into the DLQ by its retries): about the polls, plus the entries once while
 * the canary's runs are open. Listing everything since the start at each poll costs about 230 here.
 */
const CANARY_LISTINGS_GOAL = 200

/**
 * The requests of a 3-stage canary (10, 10, all; 10-minute watches) while 1,000 other runs of the same workflow fail
 * during its watches, spread evenly: the listings a watch sends, and the resume requests.
 */
async function requestsOfCanary(): Promise<{ listings: number; resumes: number }> {
  const url = 'https://app.example.com/api/workflow/onboarding'
  // The canary's own runs complete 90 s after their resume (a healthy canary): the watches stop holding the listings
  // back for them, and each lists what is new.
  return onSimulator([{ share: 0, completeAfterMs: 90_000 }], async ({ sim, client, clock }) => {
    const start = clock.now()
    let added = 0
    // 1,000 spread over the first 200 s: about 25 other runs of the workflow fail between two listings.
    const failing: Clock = {
      now: () => clock.now(),
      sleep: async (ms, wake) => {
        await clock.sleep(ms, wake)
        const now = clock.now()
        for (
          const target = Math.min(UNRELATED, Math.round(((now - start) / UNRELATED_OVER_MS) * UNRELATED));
          added < target;
          added++
        ) {
          const id = `other_${added}`
          sim.addFailedRun({
            dlqId: `dlq_${id}`,
            workflowRunId: `wfr_${id}`,
            workflowUrl: url,
            workflowCreatedAt: now - 60_000,
            failedAt: now
          })
        }
      }
    }
    const request = { selection: { workflowUrl: url }, all: false, overrides: {}, maxPages: 10_000 }
    await stagedResume(client, request, CANARY, { clock: failing, stop: new AbortController().signal, log: () => {} })
    return {
      listings: sim.requests.filter(r => r.route === 'list').length,
      resumes: sim.requests.filter(r => r.route === 'resume').length
    }
  })
}

/** Each watch's requests against its goal, and a canary's. */
export async function watchTargets(): Promise<Record<string, Target>> {
  const targets: Record<string, Target> = {}
  const canary = await requestsOfCanary()
  const canaryMet = canary.listings <= CANARY_LISTINGS_GOAL
  targets.canaryListingRequests = {
    value: canary.listings,
    target: `<= ${CANARY_LISTINGS_GOAL} requests`,
    met: canaryMet
  }
  out(
    `a 3-stage canary (10, 10, all; watch 10m) with ${UNRELATED} unrelated failures of its workflow during the ` +
      `watches sends ${canary.listings} listing requests (goal <= ${CANARY_LISTINGS_GOAL}) and ${canary.resumes} ` +
      `resume requests: ${canaryMet ? 'target met' : 'TARGET MISSED'}`
  )
  for (const { name, watchMs, goal } of WATCHES) {
    const requests = await requestsOfWatch(watchMs)
    const met = requests <= goal
    targets[name] = { value: requests, target: `<= ${goal} requests`, met }
    out(
      `a ${watchMs / 60_000}-minute watch sends ${requests} listing requests (goal <= ${goal}): ` +
        `${met ? 'target met' : 'TARGET MISSED'}`
    )
  }
  const runLog = await runLogRequestsPerRun()
  const met = runLog.perRun <= CANARY_GOAL
  targets.canaryRunLogRequestsPerRun = {
    value: Math.round(runLog.perRun * 100) / 100,
    target: `<= ${CANARY_GOAL} run-log requests per watched run`,
    met
  }
  out(
    `a 3-stage canary (10, 40, all; watch 10m; runs complete in 90 s) sends ${runLog.requests} run-log requests ` +
      `for ${runLog.watched} watched runs: ${runLog.perRun.toFixed(2)} a run (goal <= ${CANARY_GOAL}): ` +
      `${met ? 'target met' : 'TARGET MISSED'}`
  )
  return targets
}
