/**
 * The scenes of `npm start`, in order: each one run of the action, what it is given, what a newcomer should see in
 * it and how it should end. A scene may read the runs before it (a staged resume continues from the cursor the
 * first stage gave). To add a scene, add an entry here.
 */
import { join } from 'node:path'
import { ROOT } from './action-yml.js'
import type { ActionRun } from './harness.js'
import type { Simulator } from '../sim/index.js'

/** Where `npm start` writes the summaries, and leaves them for `npm run render` to read. */
export const DEMO_DIR = join(ROOT, '.tmp', 'demo')

/** What a scene's inputs may depend on. */
interface SceneContext {
  /** token and base-url of the simulator */
  common: { token: string; 'base-url': string }
  simulator: Simulator
  /** The runs of the scenes before this one, by scene name. */
  runs: ReadonlyMap<string, ActionRun>
}

export interface Scene {
  /** Names its summary file, `.tmp/demo/<n>-<name>.md`, and its run for the scenes after it. */
  name: string
  title: string
  /** What to look at, a sentence or two. */
  explain: string
  inputs(ctx: SceneContext): Record<string, string>
  /** What the simulator is told before the run (the fate of the runs it resumes), when the scene needs it. */
  before?(simulator: Simulator): void
  /** The exit code this scene should end with: 1 where the point is a failing step. */
  expectedExit: 0 | 1
}

/** The workflow whose failed runs the staged resume takes, as sim/seed-realistic.ts seeds it. */
const STAGED_WORKFLOW = 'https://app.shop.example/api/workflows/order-fulfilment'

/** The workflow whose resumed runs the canary scene sees fail again (sim/seed-realistic.ts seeds 15 of its runs). */
const CANARY_WORKFLOW = 'https://app.shop.example/api/workflows/refund'

/** The workflow whose resumed runs complete in the run log, so that the canary goes on early. */
const REPORT_WORKFLOW = 'https://app.shop.example/api/workflows/nightly-report'

/** The payments callback whose failed messages the retry scenes re-deliver (120 of the 300 seeded messages). */
const PAYMENTS_URL = 'https://payments.shop.example/webhooks/payment-succeeded'

/** Where the retry's dry run writes its plan, in the demo's workspace (.tmp/demo), and the reviewed retry reads it. */
const RETRY_PLAN = 'payments-retry-plan.ndjson'

/**
 * The inputs that continue an earlier scene, each set from its output as the docs say: cursor from next-cursor, and
 * the dates that cursor was made under; throws when it gave no cursor, since the scene after needs one.
 */
function continuationOf(ctx: SceneContext, scene: string): Record<string, string> {
  const outputs = ctx.runs.get(scene)?.outputs ?? {}
  const cursor = outputs['next-cursor'] ?? ''
  if (cursor === '') throw new Error(`scene ${scene} gave no next-cursor to continue from`)
  const dates = { 'from-date': outputs['next-from-date'] ?? '', 'to-date': outputs['next-to-date'] ?? '' }
  return { cursor, ...Object.fromEntries(Object.entries(dates).filter(([, value]) => value !== '')) }
}

/** An output of an earlier scene that the scene after needs; throws when it is empty. */
function outputOf(ctx: SceneContext, scene: string, output: string): string {
  const value = ctx.runs.get(scene)?.outputs[output] ?? ''
  if (value === '') throw new Error(`scene ${scene} gave no ${output}`)
  return value
}

export const SCENES: readonly Scene[] = [
  {
    name: 'health-check',
    title: 'Scheduled health check: fail above 100 messages, or with a message older than 1 day',
    explain:
      'The step fails (exit 1) on both thresholds. Its summary leads with the verdict, then what is failing: ' +
      'each destination with its count, last status, oldest age and what it last answered.',
    inputs: ({ common }) => ({
      operation: 'list-dlq',
      ...common,
      'fail-if-count-above': '100',
      'fail-if-oldest-older-than': '1d'
    }),
    expectedExit: 1
  },
  {
    name: 'resume-first-10',
    title: 'Staged resume, stage 1: at most 10 failed runs of the order-fulfilment workflow',
    explain:
      'max-runs stops the step after 10 runs with exit 0 and a next-cursor output: in a workflow, check that ' +
      'the resumed runs succeed before the next stage.',
    inputs: ({ common }) => ({
      operation: 'resume-workflows',
      ...common,
      'workflow-url': STAGED_WORKFLOW,
      'max-runs': '10',
      'flow-control-value': 'parallelism=5'
    }),
    expectedExit: 0
  },
  {
    name: 'resume-the-rest',
    title: 'Staged resume, stage 2: the rest of that workflow, from the next-cursor and next-to-date of stage 1',
    explain:
      'The same selector plus cursor and to-date set to next-cursor and next-to-date (the bound every request of ' +
      'stage 1 sent): each run is resumed once, and the selection is drained (complete).',
    inputs: ctx => ({
      operation: 'resume-workflows',
      ...ctx.common,
      'workflow-url': STAGED_WORKFLOW,
      ...continuationOf(ctx, 'resume-first-10'),
      'flow-control-value': 'parallelism=5'
    }),
    expectedExit: 0
  },
  {
    name: 'canary-stopped',
    title: 'Post-deploy canary: the refund workflow in stages of 3, 5, then all, each watched 3 s, no retries',
    explain:
      'The simulator is told that resumed refund runs fail again 4 s after their resume. The watch after stage 1 ' +
      'sees none yet; the watch after stage 2 finds stage 1 runs back in the workflow DLQ under their new run ids, ' +
      'and stops: no stage 3, exit 1 naming the runs, their stage and the last response, and the inputs that ' +
      'continue the rest. A real watch would be minutes, with watch-retries 0 or 1 so that a failure is back within it.',
    before: simulator => {
      simulator.fates = [
        {
          workflowUrl: CANARY_WORKFLOW,
          afterMs: 4_000,
          responseStatus: 500,
          responseBody: '{"error":"refund ledger: column \\"reason_code\\" does not exist"}'
        }
      ]
    },
    inputs: ({ common }) => ({
      operation: 'resume-workflows',
      ...common,
      'workflow-url': CANARY_WORKFLOW,
      stages: '3, 5, all',
      watch: '3s',
      'watch-retries': '0'
    }),
    expectedExit: 1
  },
  {
    name: 'resume-schedules',
    title: 'Resume the paused schedules',
    explain: 'Each schedule is reported on its own.',
    inputs: ({ common, simulator }) => ({
      operation: 'resume-schedule',
      ...common,
      'schedule-id': [...simulator.state.schedules]
        .filter(([, s]) => !s.active)
        .map(([id]) => id)
        .join(',')
    }),
    expectedExit: 0
  },
  {
    name: 'canary-completed',
    title: 'Canary that goes on early: the nightly-report workflow in stages of 3, then all, watched up to 1 minute',
    explain:
      "The simulator's run log says each resumed run completed (RUN_SUCCESS) a second after its resume. The watch " +
      'reads the run log with the DLQ every 5 s, sees every canary run completed at its first poll, and starts the ' +
      'last stage then, not after the minute; watch-min-completed: 100% asks that all of them completed.',
    before: simulator => {
      simulator.fates = [{ workflowUrl: REPORT_WORKFLOW, share: 0, completeAfterMs: 1_000 }]
    },
    inputs: ({ common }) => ({
      operation: 'resume-workflows',
      ...common,
      'workflow-url': REPORT_WORKFLOW,
      stages: '3, all',
      watch: '1m',
      'watch-min-completed': '100%'
    }),
    expectedExit: 0
  },
  {
    name: 'canary-failing',
    title:
      'Canary stopped by a failing run: the rest of the refund workflow in stages of 2, then all, watched 10 minutes',
    explain:
      'The resumed refund runs now fail their first attempt half a second in and keep retrying: none is back in ' +
      'the DLQ for half an hour. The run log shows the failed attempts, so the watch stops the resume at its first ' +
      'poll, 5 s in: exit 1 naming the first error, failed-again-count 2 (both in failed-again-runs, which the ' +
      'follow-up gives as workflow-runs; no DLQ id yet), run-states {"failing": 2, ...}.',
    before: simulator => {
      simulator.fates = [
        {
          workflowUrl: CANARY_WORKFLOW,
          afterMs: 30 * 60_000,
          firstErrorAfterMs: 500,
          responseStatus: 503,
          responseBody: '{"error":"refund ledger: connection pool exhausted"}'
        }
      ]
    },
    inputs: ({ common }) => ({
      operation: 'resume-workflows',
      ...common,
      'workflow-url': CANARY_WORKFLOW,
      stages: '2, all',
      watch: '10m'
    }),
    expectedExit: 1
  },
  {
    name: 'retry-plan',
    title: 'Retry the payments callback, dry run: what would be re-delivered, written to a plan file',
    explain:
      'The payments service is fixed. dry-run lists exactly what retry-messages would take, with the bound it ' +
      'would send, and sends no write: the summary says "would retry 120 messages" with the breakdowns the health ' +
      'check has (by destination, by cause, oldest), planned-count is 120, and plan-file holds every entry.',
    inputs: ({ common }) => ({
      operation: 'retry-messages',
      ...common,
      url: PAYMENTS_URL,
      'dry-run': 'true',
      'plan-file': RETRY_PLAN
    }),
    expectedExit: 0
  },
  {
    name: 'retry-reviewed',
    title: 'Retry the reviewed plan exactly: the plan file as dlq-ids-file, held to its planned-count',
    explain:
      'The plan of the dry run, applied by its DLQ ids (never by the filter again), and refused before any write ' +
      'unless its entries are still exactly planned-count. The simulator is told that the payment provider sent a ' +
      'tenth of these events again since, under the same deduplication id: the service answers them deduplicated ' +
      '(taken from the DLQ, not delivered twice). retried-count, deduplicated-count and the new message ids are ' +
      'outputs; flow-control-value parallelism=5 spares the mended callback a burst of 120 deliveries at once.',
    before: simulator => {
      simulator.messageFates = [{ url: PAYMENTS_URL, deduplicatedShare: 0.1, share: 0 }]
    },
    inputs: ctx => ({
      operation: 'retry-messages',
      ...ctx.common,
      'dlq-ids-file': outputOf(ctx, 'retry-plan', 'plan-file'),
      'expect-count': outputOf(ctx, 'retry-plan', 'planned-count'),
      'flow-control-value': 'parallelism=5'
    }),
    expectedExit: 0
  },
  {
    name: 'restart-refund',
    title: 'Restart the failed refund runs from their first step, one of which the service refuses to restart',
    explain:
      'The fix of the refund workflow changed its code before the failing step, so a resume would replay results ' +
      'the new code does not expect: a restart runs every step again, side effects included, as the summary says. ' +
      'The simulator is told that the oldest of these runs does not support restart: the service refuses the ' +
      'request by filter (400), so the action takes the runs by their DLQ ids, names the refused run in ' +
      'refused-dlq-ids (it stays in the DLQ) and restarts the others.',
    before: simulator => {
      simulator.fates = []
      const oldest = simulator.state.workflowDlq.find(entry => entry.workflowUrl === CANARY_WORKFLOW)
      simulator.unrestartable = { dlqIds: oldest === undefined ? [] : [oldest.dlqId] }
    },
    inputs: ({ common }) => ({
      operation: 'restart-workflows',
      ...common,
      'workflow-url': CANARY_WORKFLOW
    }),
    expectedExit: 0
  }
]
