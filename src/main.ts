// The composition root: read the settings, build the client, run the operation's entry of the table below, report
// its result through the output boundary.
import * as core from '@actions/core'
import { writeSync } from 'node:fs'
import { Inputs, MIN_TOKEN_LENGTH, Outputs, type Operation } from './constants.js'
import { VERBS, verbOf, type BulkOperation } from './verbs.js'
import { checkScope, runContext, updateHealthIssue } from './github/issue-step.js'
import { withDlqIdsFile } from './inputs/id-file.js'
import { checkArchiveFile, checkOutputFiles } from './inputs/output-files.js'
import { InputError, readSettings, unusedInputs, type Settings, type SettingsOf } from './inputs/settings.js'
import { listDlqToFile, resumeWorkflowsToFile } from './operations/files.js'
import { ageClock } from './operations/list-dlq.js'
import { judged } from './operations/health.js'
import { expectThenWrite, planSchedules, planWrite } from './operations/plan.js'
import { historyCheck, historyText, readHistory } from './operations/history.js'
import { resumeSchedules } from './operations/resume-schedule.js'
import { resumeWorkflows } from './operations/resume-workflows.js'
import { deleteDlq } from './operations/delete-dlq.js'
import { atMostEvery, REAL_CLOCK } from './clock.js'
import { formatCount } from './format.js'
import { OutputBoundary, type RunnerIo } from './report/boundary.js'
import { listReport } from './report/list.js'
import { issueOutputs } from './report/list-outputs.js'
import { fileText } from './report/failure-text.js'
import { metricsText } from './report/metrics.js'
import { neutraliseAnnotation } from './report/escape.js'
import { issueCutLine, issueLine } from './report/markdown.js'
import { planOr, planReport, withExpected } from './report/plan.js'
import { refusalSummary } from './report/refusal.js'
import type { OperationReport } from './report/budget.js'
import { resumeReport } from './report/resume.js'
import { deleteReport } from './report/delete.js'
import { scheduleFailureText, scheduleReport } from './report/schedule.js'
import { schedulePlanReport } from './report/schedule-plan.js'
import { continueHint } from './report/step-outputs.js'
import type { PlanResult, SchedulePlan } from './plan-results.js'
import type { IssueOutcome, ListResult, ScheduleResult } from './results.js'
import type { ResumeRequest } from './requests.js'
import type { ResumeResult } from './resume-results.js'
import type { DeleteResult } from './delete-results.js'
import { ServiceClient } from './service/client.js'
import { redactor } from './service/redact.js'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './service/retry.js'
import { type Progress, StopController, stopSignalOf, type StopSignal } from './stop.js'

/**
 * Masks a secret in the log before anything else is printed; the trimmed form too, as that is what is sent. One too
 * short to be a token is refused by its input before any request, never sent: masking it would mangle that refusal.
 */
function maskSecret(value: string): string {
  const trimmed = value.trim()
  if (trimmed.length < MIN_TOKEN_LENGTH) return ''
  core.setSecret(trimmed)
  if (value !== trimmed) core.setSecret(value)
  return trimmed
}

/** The runner as @actions/core offers it; only the output boundary writes to it. */
function actionsRunner(): RunnerIo {
  const { info, debug, notice, warning, error, setFailed, setOutput } = core
  const writeSummary = async (markdown: string) => {
    if (!process.env.GITHUB_STEP_SUMMARY) return false
    await core.summary.addRaw(markdown).write()
    return true
  }
  return { info, debug, notice, warning, error, setFailed, setOutput, writeSummary }
}

/** What an operation's run may use besides its settings. */
interface Context {
  client: ServiceClient
  out: OutputBoundary
  /** One line of the log, and one line of an NDJSON file, both through the output boundary. */
  log: (line: string) => void
  encode: (record: unknown) => string
  retry: RetryPolicy
  /** The run's one clock, read once: the settings' relative dates, the verdict, the report and the issue agree. */
  now: number
  /** Aborted when the step is cancelled: the issue step stops there. */
  signal: AbortSignal
  /** What the operation has confirmed so far, for the watchdog. */
  progress: Progress
}

/** One operation: all the action knows of it, from its inputs to what a cancel with no time for the report says. */
interface Entry<S, R> {
  group: string
  /** The files it writes, by the input naming each (no path when unset): checked before any request. */
  files?(settings: S): [Inputs, string | undefined][]
  /** Settings completed from files the inputs name, before any request. */
  prepare?(settings: S): Promise<S>
  concurrency?(settings: S): number
  run(settings: S, ctx: Context): Promise<R>
  report: OperationReport<R>
  after?(settings: S, result: R, ctx: Context): Promise<IssueOutcome>
  /** The report overdue after a cancel: the output of the confirmed count (next-cursor only with one), what to say. */
  overdue: { count?: Outputs; what: (progress: Progress) => string }
}

/** A write given dry-run (or refused by expect-count) sent no write: its result is its plan; a delete's says both. */
type Results = {
  'list-dlq': ListResult
  'resume-schedule': ScheduleResult | SchedulePlan
  'delete-dlq': DeleteResult
} & Record<Exclude<BulkOperation, 'delete-dlq'>, ResumeResult | PlanResult>

const OPERATIONS: { [O in Operation]: Entry<SettingsOf<O>, Results[O]> } = {
  'list-dlq': {
    group: 'Listing the DLQ',
    files: s => [
      [Inputs.MessagesFile, s.messagesFile],
      [Inputs.MetricsFile, s.metricsFile],
      [Inputs.HistoryFile, s.historyFile]
    ],
    concurrency: s => s.list.concurrency,
    run: async (s, { client, log, encode, progress, now, signal }) => {
      const progressLine = atMostEvery(1000, log)
      const onPage = (_messages: number, total: number) =>
        progressLine(() => `${formatCount(total)} messages listed so far`)
      const hooks = { log, onPage, progress, signal, now }
      const earlier = s.historyFile === undefined ? undefined : await readHistory(s.historyFile, historyOf(s), now)
      if (earlier?.none !== undefined) log(`history-file: no history yet: ${earlier.none}.`)
      const file = {
        path: s.messagesFile,
        input: Inputs.MessagesFile as const,
        keepCredentialHeaders: s.keepCredentialHeaders
      }
      const found = await listDlqToFile(client, s.list, file, encode, hooks)
      // Ages are compared with the service's createdAt: judged on its clock (its last usable Date), else the runner's.
      const { now: at, clock } = ageClock(client, now)
      return { ...judged(found, s.health, at, earlier), clock }
    },
    report: listReport,
    after: async (s, result, ctx) => {
      if (s.metricsFile !== undefined) await writeMetrics(s.metricsFile, result, ctx.out, ctx.now)
      if (s.historyFile !== undefined && result.history !== undefined) {
        const text = historyText(historyOf(s), result.history.samples)
        await writeFile(Inputs.HistoryFile, s.historyFile, text, ctx.out)
      }
      const issue = await healthIssue(s, result, ctx)
      // The issue step runs after the report: its edge is written as outputs once it is known.
      ctx.out.setOutputs(issueOutputs(issue))
      return issue
    },
    overdue: { count: Outputs.DlqCount, what: p => `at least ${p.confirmed} messages listed before the cancel` }
  },
  'resume-schedule': {
    group: 'Resuming schedules',
    run: async (s, { client, log }) =>
      s.dryRun
        ? planSchedules(s.schedules)
        : resumeSchedules(client, s.schedules, o =>
            log(o.ok ? `schedule ${o.scheduleId}: resumed` : scheduleFailureText(o))
          ),
    report: planOr(schedulePlanReport, scheduleReport),
    overdue: { what: () => 'the schedules resumed are named in the log above' }
  },
  'resume-workflows': bulkEntry('resume-workflows'),
  'restart-workflows': bulkEntry('restart-workflows'),
  'retry-messages': bulkEntry('retry-messages'),
  // Lists into archive-file and flushes it, then deletes exactly the ids listed (operations/delete-dlq).
  'delete-dlq': {
    group: 'Deleting DLQ entries',
    files: s => (s.dryRun ? [[Inputs.PlanFile, s.planFile]] : [[Inputs.ArchiveFile, s.archiveFile]]),
    prepare: async s => {
      if (!s.dryRun) await checkArchiveFile(s.archiveFile)
      return withDlqIdsFile(s)
    },
    run: (s, { client, log, encode, progress, signal, now }) => {
      const { resume: request, dryRun, expectCount, olderThan, archiveFile, planFile } = s
      const asked = { request, dryRun, expectCount, olderThan, archiveFile, planFile }
      return deleteDlq(client, asked, { clock: REAL_CLOCK, log, encode, progress, signal, now })
    },
    report: deleteReport,
    overdue: {
      count: Outputs.DeletedCount,
      what: ({ confirmed, uncertainRequests: lost, planned }) =>
        planned !== undefined
          ? `at least ${planned} entries listed before the cancel; no delete request was sent`
          : `${confirmed} entries deleted before the cancel` +
            (lost > 0 ? `, and possibly more (${lost} requests got no answer)` : '') +
            '; every entry listed is in archive-file (named in the log above): give it as dlq-ids-file to finish'
    }
  }
}

/**
 * The entry of one bulk write (src/verbs.ts): the one engine, given the verb. dry-run lists what it would take and
 * writes nothing; expect-count lists first, then writes the entries listed, by their DLQ ids, if they are as many.
 */
function bulkEntry<O extends Exclude<BulkOperation, 'delete-dlq'>>(
  operation: O
): Entry<SettingsOf<O>, ResumeResult | PlanResult> {
  const { words, pageSize, countOutput } = VERBS[operation]
  return {
    group: `${words.doing[0]?.toUpperCase()}${words.doing.slice(1)} failed ${words.items}`,
    files: s => [
      [Inputs.RunsFile, s.runsFile],
      [Inputs.PlanFile, s.planFile]
    ],
    prepare: withDlqIdsFile,
    run: (s, { client, log, encode, progress, signal, now }) => {
      const write = (request: ResumeRequest) =>
        resumeWorkflowsToFile(s.runsFile, verbOf(request), encode, log, onPage =>
          resumeWorkflows(client, request, { clock: REAL_CLOCK, stop: signal, log, onPage, progress })
        )
      const hooks = { clock: REAL_CLOCK, log, encode, progress, signal, now }
      if (s.dryRun) return planWrite(client, s.resume, s.planFile, hooks, s.expectCount)
      if (s.expectCount === undefined) return write(s.resume)
      return expectThenWrite(client, s.resume, s.expectCount, s.planFile, hooks, write)
    },
    report: planOr(planReport, withExpected(resumeReport)),
    overdue: {
      count: countOutput,
      what: ({ confirmed, uncertainRequests: lost, uncertainRuns, planned }) =>
        planned !== undefined
          ? `at least ${planned} entries planned before the cancel; no write request was sent`
          : `${confirmed} ${words.short} ${words.past} before the cancel` +
            (lost > 0 ? `, and up to ${uncertainRuns ?? lost * pageSize} more possibly ${words.past}` : '')
    }
  }
}

/** Opens, comments on or closes the health issue as issue-on-failure asks; a cancel before it leaves it as it is. */
async function healthIssue(
  s: SettingsOf<'list-dlq'>,
  result: ListResult,
  { out, retry, signal, now }: Context
): Promise<IssueOutcome> {
  if (s.issue === undefined) return {}
  if (signal.aborted) {
    out.warning('The step was cancelled: the health issue was left as it is (the next run brings it up to date).')
    return { cut: { signal: stopSignalOf(signal) } }
  }
  const step = { ...s.issue, token: s.githubToken, timeoutMs: s.service.timeoutMs, retry, now, signal }
  return updateHealthIssue(step, result, out)
}

/** Writes the check's figures to metrics-file; a write error fails the step, the outputs and summary standing. */
async function writeMetrics(path: string, result: ListResult, out: OutputBoundary, now: number): Promise<void> {
  await writeFile(Inputs.MetricsFile, path, metricsText(out.redactValue(result), now), out)
}

/** Writes a whole file an input names; a write error fails the step naming the input, the outputs and summary standing. */
async function writeFile(input: Inputs, path: string, text: string, out: OutputBoundary): Promise<void> {
  try {
    await out.textFile(path, text)
    out.info(`${input} written: ${path}`)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException)?.code ?? 'EIO'
    out.setFailed(fileText({ input, path, code }))
  }
}

/** The check a history-file belongs to: the service and the listing's filters, as the health issue scopes them. */
const historyOf = (s: SettingsOf<'list-dlq'>): string => historyCheck(s.service.baseUrl, checkScope(s.list.filters))

/** The table entry of one operation, typed by its settings. */
const entryOf = <O extends Operation>(operation: O): Entry<SettingsOf<O>, Results[O]> => OPERATIONS[operation]

/** The files a run will write (checked before any request), by the input naming each, as its entry says. */
export const outputFiles = (settings: Settings) => entryOf(settings.operation).files?.(settings) ?? []

/** Writes outputs, the notice, warnings and the job summary, then fails the step if the operation did not succeed. */
async function report<R>(raw: R, how: OperationReport<R>, out: OutputBoundary, now: number): Promise<void> {
  // Rendered from redacted values: escaping first would change how a secret looks and hide it from the redactor.
  const result = out.redactValue(raw)
  out.setOutputs(how.outputs(result))
  const notice = how.notice?.(result, now)
  if (notice !== undefined) out.notice(notice)
  for (const warning of how.warnings(result)) out.warning(warning)
  if (!(await out.summary(how.summary(result, runContext(), { now })))) {
    out.info('GITHUB_STEP_SUMMARY is not set: no job summary written.')
  }
  const failure = how.failure(result)
  if (failure !== undefined) out.setFailed(failure)
}

/**
 * The action: read every input once, run the chosen operation, report what happened. Without a stop (as
 * `npx @github/local-action` calls it) the run has one of its own that no signal reaches.
 */
export async function run(stop: StopController = new StopController()): Promise<void> {
  const secrets = [maskSecret(core.getInput(Inputs.Token)), maskSecret(core.getInput(Inputs.GithubToken))]
  const out = new OutputBoundary(actionsRunner(), redactor(secrets))
  const live: LiveRun = { progress: { confirmed: 0, uncertainRequests: 0 }, reported: false }
  stop.onOverdue = signal => lastResort(signal, live, out)
  try {
    await runWith(out, live, Date.now(), stop)
  } catch (err) {
    // Expected failures are reported where they happen; this is a bug, so keep the stack for the debug log.
    out.debug((err as Error).stack ?? String(err))
    out.setFailed(`Unexpected error: ${(err as Error).message}`)
  }
}

/** What the watchdog needs of a run under way. */
export interface LiveRun {
  operation?: Operation
  progress: Progress
  reported: boolean
}

/** The report overdue after a signal, written synchronously: the confirmed count and cursor, one error line. */
export function lastResort(
  signal: StopSignal,
  live: LiveRun,
  out: OutputBoundary,
  writeLine: (line: string) => void = line => writeSync(1, line)
): void {
  if (live.reported || live.operation === undefined) return
  const { confirmed, nextCursor, toDate, fromDate, planned } = live.progress
  const { count, what } = OPERATIONS[live.operation].overdue
  // A cursor continues the selectors it came from: the dates every request sent go with it, as dates.
  const from = fromDate !== undefined ? `, input from-date: ${fromDate}` : ''
  const bound = nextCursor !== undefined && toDate !== undefined ? `${from} and input to-date: ${toDate}` : ''
  // A plan under way has sent no write: a listing's cursor continues none.
  const cursor = planned === undefined ? nextCursor : undefined
  const next = continueHint(cursor) + (continueHint(cursor).startsWith('; to continue') ? bound : '')
  const text = `Cancelled (${signal}) and the report could not be written in time: ${what(live.progress)}${next}`
  process.exitCode = 1
  // The error line first: @actions/core throws when the output file is gone, and the line must still be said.
  writeLine(`::error::${neutraliseAnnotation(out.redact(text))}\n`)
  if (!process.env.GITHUB_OUTPUT) return
  // Every operation has `complete`: what a workflow reads to know the run did not do everything asked.
  core.setOutput(Outputs.Complete, 'false')
  // A plan under way: its count is what it listed.
  if (planned !== undefined) {
    core.setOutput(Outputs.PlannedCount, String(planned))
    return
  }
  if (count !== undefined) {
    core.setOutput(count, out.redact(String(confirmed)))
    core.setOutput(Outputs.NextCursor, out.redact(nextCursor ?? ''))
    if (bound !== '') core.setOutput(Outputs.NextToDate, String(toDate))
    if (bound !== '' && fromDate !== undefined) core.setOutput(Outputs.NextFromDate, String(fromDate))
  }
}

async function runWith(out: OutputBoundary, live: LiveRun, now: number, stop: StopController): Promise<void> {
  let settings: Settings
  try {
    settings = readSettings(name => core.getInput(name), now)
    await checkOutputFiles(outputFiles(settings))
    settings = (await entryOf(settings.operation).prepare?.(settings)) ?? settings
  } catch (err) {
    if (!(err instanceof InputError)) throw err
    await out.summary(refusalSummary(err.message, err.narrow))
    out.setFailed(err.message)
    return
  }
  for (const name of unusedInputs(name => core.getInput(name), settings.operation)) {
    out.warning(`Input '${name}' is not used by operation ${settings.operation} and was ignored.`)
  }

  const entry = entryOf(settings.operation)
  const { maxAttempts, ...service } = settings.service
  const retry = { ...DEFAULT_RETRY_POLICY, maxAttempts }
  const log = (line: string) => out.info(line)
  const encode = (record: unknown) => out.jsonLine(record)
  const client = new ServiceClient({ ...service, retry, log, concurrency: entry.concurrency?.(settings) ?? 1, stop })
  live.operation = settings.operation
  const ctx: Context = { client, out, log, encode, retry, now, progress: live.progress, signal: stop.signal }
  try {
    const result = await core.group(entry.group, () => entry.run(settings, ctx))
    // The report says ages on the clock the verdict was judged on: the service's, where it sent a Date.
    const judgedNow = client.serviceNow() ?? now
    // The verdict first, the issue after: a cancel during the issue call costs the issue, never the outputs.
    await report(result, entry.report, out, judgedNow)
    live.reported = true
    const issue = await entry.after?.(settings, result, { ...ctx, now: judgedNow })
    // The summary was written before the issue step: its line follows, a cut one too.
    const line = issue?.cut !== undefined ? issueCutLine(issue.cut) : issueLine(issue?.link)
    if (line !== undefined) await out.summary(`${line}\n\n`)
    // A cancel that came after the operation ended still ends the step non-zero: the runner asked it to stop.
    if (stop.first !== undefined && process.exitCode !== 1) {
      out.setFailed(`The step was cancelled (${stop.first}) after its work was done: the outputs and summary stand.`)
    }
  } finally {
    // After a stop nothing more is needed of a request still under way (a prefetched page): cut it.
    await (stop.signal.aborted ? client.destroy() : client.close())
  }
}
