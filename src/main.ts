import * as core from '@actions/core'
import { Inputs } from './constants.js'
import { syncHealthIssue, octokitIssueApi } from './github/health-issue.js'
import { checkOutputFiles } from './inputs/output-files.js'
import {
  InputError,
  readSettings,
  unusedInputs,
  type ListSettings,
  type ResumeSettings,
  type Settings
} from './inputs/settings.js'
import { AdaptiveLimit } from './operations/adaptive-limit.js'
import { listDlq } from './operations/list-dlq.js'
import { NdjsonFile } from './operations/messages-file.js'
import type { ListResult, OperationResult, ResumeResult, RunContext } from './results.js'
import { resumeSchedules } from './operations/resume-schedule.js'
import { resumeWorkflows } from './operations/resume-workflows.js'
import { OutputBoundary, type RunnerIo } from './report/boundary.js'
import { headline, itemProblemsText, lostAnswerText } from './report/health-text.js'
import { failureOf, outputsOf } from './report/outputs.js'
import { renderSummary } from './report/summary.js'
import { ServiceClient } from './service/client.js'
import { redactor } from './service/redact.js'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './service/retry.js'

/** Masks a secret in the log before anything else is printed; the trimmed form too, as that is what is sent. */
function maskSecret(value: string): string {
  const trimmed = value.trim()
  if (trimmed === '') return ''
  core.setSecret(trimmed)
  if (value !== trimmed) core.setSecret(value)
  return trimmed
}

/** The runner as @actions/core offers it; only the output boundary writes to it. */
function actionsRunner(): RunnerIo {
  return {
    info: line => core.info(line),
    debug: line => core.debug(line),
    notice: text => core.notice(text),
    warning: text => core.warning(text),
    error: text => core.error(text),
    setFailed: text => core.setFailed(text),
    setOutput: (name, value) => core.setOutput(name, value),
    async writeSummary(markdown) {
      if (!process.env.GITHUB_STEP_SUMMARY) return false
      await core.summary.addRaw(markdown).write()
      return true
    }
  }
}

/**
 * The link back to this workflow run, from the variables `github.context` reads (GITHUB_SERVER_URL,
 * GITHUB_REPOSITORY, GITHUB_RUN_ID): importing @actions/github for three variables would load Octokit on
 * every start. Undefined outside Actions.
 */
function runContext(env: NodeJS.ProcessEnv = process.env): RunContext {
  const { GITHUB_RUN_ID: runId, GITHUB_REPOSITORY: repository } = env
  if (!runId || !repository) return {}
  const server = env.GITHUB_SERVER_URL || 'https://github.com'
  return { runUrl: `${server}/${repository}/actions/runs/${runId}` }
}

async function execute(
  settings: Settings,
  client: ServiceClient,
  limiter: AdaptiveLimit,
  out: OutputBoundary
): Promise<OperationResult> {
  const log = (line: string): void => out.info(line)
  switch (settings.operation) {
    case 'list-dlq': {
      const sink =
        settings.messagesFile === undefined
          ? undefined
          : await NdjsonFile.open(settings.messagesFile, { encode: record => out.jsonLine(record) })
      try {
        return await core.group('Listing the DLQ', () =>
          listDlq(client, settings, {
            sink,
            limit: task => limiter.run(task),
            log,
            onPage: (messages, total) => log(`page: ${messages} messages (${total} so far)`)
          })
        )
      } finally {
        await sink?.close()
      }
    }
    case 'resume-schedule':
      return core.group('Resuming schedules', () =>
        resumeSchedules(client, settings, o => log(o.ok ? `schedule ${o.scheduleId}: resumed` : `${o.error}`))
      )
    case 'resume-workflows':
      return core.group('Resuming failed workflow runs', () => resumeWithRunsFile(client, settings, out))
  }
}

/**
 * A bulk resume, each resumed run written to runs-file as it arrives: runs cannot be resumed twice, so the file is
 * the one complete record of them. A file that could not be written fails the step, the outputs still stand.
 */
async function resumeWithRunsFile(
  client: ServiceClient,
  settings: ResumeSettings,
  out: OutputBoundary
): Promise<ResumeResult> {
  const path = settings.runsFile
  const sink = path === undefined ? undefined : await NdjsonFile.open(path, { encode: record => out.jsonLine(record) })
  let writeError: Error | undefined
  const result = await resumeWorkflows(client, settings, (page, total) => {
    out.info(`request: ${page.workflowRuns.length} runs resumed (${total} so far)`)
    sink?.write(page.workflowRuns).catch((err: unknown) => (writeError ??= err as Error))
  })
  try {
    await sink?.close()
  } catch (err) {
    writeError ??= err as Error
  }
  if (path === undefined) return result
  if (writeError !== undefined) {
    out.setFailed(`Could not write runs-file ${path}: ${writeError.message}; the outputs list the runs resumed.`)
    return result
  }
  return { ...result, runsFile: path }
}

/** One retry policy for the service and the GitHub API. */
function retryPolicy(settings: Settings): RetryPolicy {
  return { ...DEFAULT_RETRY_POLICY, maxAttempts: settings.maxAttempts }
}

/** Opens, updates or closes the health issue. Its failure is a warning: the health verdict stands alone. */
async function syncIssue(settings: ListSettings, result: ListResult, out: OutputBoundary): Promise<void> {
  if (!settings.issue) return
  const repository = process.env.GITHUB_REPOSITORY
  if (!repository || !settings.githubToken) {
    out.warning('issue-on-failure needs GITHUB_REPOSITORY and github-token: no issue was opened or updated.')
    return
  }
  try {
    const github = await octokitIssueApi(settings.githubToken, repository, {
      timeoutMs: settings.timeoutMs,
      retry: retryPolicy(settings),
      log: line => out.info(line)
    })
    const api = out.issueApi(github)
    const done = await syncHealthIssue(
      api,
      out.redactValue(result),
      settings.issue.title,
      runContext().runUrl,
      Date.now()
    )
    out.info(
      done.action === 'none'
        ? `Health issue: no change (${done.reason}).`
        : `Health issue #${done.number} ${done.action}: ${done.url}`
    )
  } catch (err) {
    out.warning(
      `Could not update the health issue "${settings.issue.title}": ${(err as Error).message}. ` +
        'The workflow needs "permissions: issues: write" for issue-on-failure.'
    )
  }
}

/** Writes outputs and the job summary, then fails the step if the operation did not fully succeed. */
async function report(raw: OperationResult, out: OutputBoundary): Promise<void> {
  // Rendered from redacted values: escaping first would change how a secret looks and hide it from the redactor.
  const result = out.redactValue(raw)
  out.setOutputs(outputsOf(result))
  if (result.operation === 'list-dlq') out.notice(headline(result, Date.now()))
  if (result.operation === 'resume-workflows' && result.uncertainRequests > 0) {
    out.warning(lostAnswerText(result.uncertainRequests))
  }
  if (result.operation !== 'resume-schedule' && result.itemProblems !== undefined) {
    out.warning(itemProblemsText(result.itemProblems))
  }

  if (!(await out.summary(renderSummary(result, runContext())))) {
    out.info('GITHUB_STEP_SUMMARY is not set: no job summary written.')
  }

  const failure = failureOf(result)
  if (failure !== undefined) out.setFailed(failure)
}

/** The action: read every input once, run the chosen operation, report what happened. */
export async function run(io: RunnerIo = actionsRunner()): Promise<void> {
  const out = new OutputBoundary(
    io,
    redactor([maskSecret(core.getInput(Inputs.Token)), maskSecret(core.getInput(Inputs.GithubToken))])
  )
  try {
    await runWith(out)
  } catch (err) {
    // Expected failures are reported where they happen; this is a bug, so keep the stack for the debug log.
    out.debug((err as Error).stack ?? String(err))
    out.setFailed(`Unexpected error: ${(err as Error).message}`)
  }
}

async function runWith(out: OutputBoundary): Promise<void> {
  let settings: Settings
  try {
    settings = readSettings(name => core.getInput(name))
    await checkOutputFiles(settings)
  } catch (err) {
    if (err instanceof InputError) {
      out.setFailed(err.message)
      return
    }
    throw err
  }
  for (const name of unusedInputs(name => core.getInput(name), settings.operation)) {
    out.warning(`Input '${name}' is not used by operation ${settings.operation} and was ignored.`)
  }

  const log = (line: string): void => out.info(line)
  const limiter = new AdaptiveLimit(settings.operation === 'list-dlq' ? settings.concurrency : 1)
  const client = new ServiceClient({
    baseUrl: settings.baseUrl,
    token: settings.token,
    timeoutMs: settings.timeoutMs,
    retry: retryPolicy(settings),
    log,
    onRetry: outcome => {
      if (outcome.kind !== 'status' || outcome.status !== 429) return
      const before = limiter.current
      limiter.rateLimited()
      if (limiter.current < before) log(`rate limited: requests at once cut from ${before} to ${limiter.current}`)
    }
  })
  try {
    const result = await execute(settings, client, limiter, out)
    await report(result, out)
    if (settings.operation === 'list-dlq' && result.operation === 'list-dlq') await syncIssue(settings, result, out)
  } finally {
    await client.close()
  }
}
