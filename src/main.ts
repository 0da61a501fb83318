import * as core from '@actions/core'
import { Inputs } from './constants.js'
import { syncHealthIssue, octokitIssueApi } from './github/health-issue.js'
import { InputError, readSettings, unusedInputs, type ListSettings, type Settings } from './inputs/settings.js'
import { AdaptiveLimit } from './operations/adaptive-limit.js'
import { listDlq } from './operations/list-dlq.js'
import { NdjsonFile } from './operations/messages-file.js'
import type { ListResult, OperationResult, RunContext } from './operations/results.js'
import { resumeSchedules } from './operations/resume-schedule.js'
import { resumeWorkflows } from './operations/resume-workflows.js'
import { neutraliseLogLine } from './report/escape.js'
import { headline, lostAnswerText } from './report/health-text.js'
import { failureOf, outputsOf } from './report/outputs.js'
import { renderSummary } from './report/summary.js'
import { ServiceClient } from './service/client.js'
import { redactor } from './service/redact.js'
import { DEFAULT_RETRY_POLICY } from './service/retry.js'

/** Masks a secret in the log before anything else is printed; the trimmed form too, as that is what is sent. */
function maskSecret(value: string): string {
  const trimmed = value.trim()
  if (trimmed === '') return ''
  core.setSecret(trimmed)
  if (value !== trimmed) core.setSecret(value)
  return trimmed
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
  log: (line: string) => void
): Promise<OperationResult> {
  switch (settings.operation) {
    case 'list-dlq': {
      const sink = settings.messagesFile === undefined ? undefined : await NdjsonFile.open(settings.messagesFile)
      try {
        return await core.group('Listing the DLQ', () =>
          listDlq(client, settings, {
            sink,
            limit: task => limiter.run(task),
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
      return core.group('Resuming failed workflow runs', () =>
        resumeWorkflows(client, settings, (page, total) =>
          log(`request: ${page.workflowRuns.length} runs resumed (${total} so far)`)
        )
      )
  }
}

/** Opens, updates or closes the health issue. Its failure is a warning: the health verdict stands alone. */
async function syncIssue(settings: ListSettings, result: ListResult, redact: (text: string) => string): Promise<void> {
  if (!settings.issue) return
  const repository = process.env.GITHUB_REPOSITORY
  if (!repository || !settings.githubToken) {
    core.warning('issue-on-failure needs GITHUB_REPOSITORY and github-token: no issue was opened or updated.')
    return
  }
  try {
    const api = await octokitIssueApi(settings.githubToken, repository)
    const done = await syncHealthIssue(api, result, settings.issue.title, runContext().runUrl, Date.now())
    core.info(
      done.action === 'none'
        ? `Health issue: no change (${done.reason}).`
        : `Health issue #${done.number} ${done.action}: ${done.url}`
    )
  } catch (err) {
    core.warning(
      redact(
        `Could not update the health issue "${settings.issue.title}": ${(err as Error).message}. ` +
          'The workflow needs "permissions: issues: write" for issue-on-failure.'
      )
    )
  }
}

/** Writes outputs and the job summary, then fails the step if the operation did not fully succeed. */
async function report(result: OperationResult, redact: (text: string) => string): Promise<void> {
  for (const [name, value] of Object.entries(outputsOf(result))) core.setOutput(name, redact(value))
  if (result.operation === 'list-dlq') core.notice(redact(headline(result, Date.now())))
  if (result.operation === 'resume-workflows' && result.uncertainRequests > 0) {
    core.warning(lostAnswerText(result.uncertainRequests))
  }

  if (process.env.GITHUB_STEP_SUMMARY) {
    const markdown = renderSummary(result, runContext())
    await core.summary.addRaw(redact(markdown)).write()
  } else {
    core.info('GITHUB_STEP_SUMMARY is not set: no job summary written.')
  }

  const failure = failureOf(result)
  if (failure !== undefined) core.setFailed(redact(failure))
}

/** The action: read every input once, run the chosen operation, report what happened. */
export async function run(): Promise<void> {
  const redact = redactor([maskSecret(core.getInput(Inputs.Token)), maskSecret(core.getInput(Inputs.GithubToken))])
  const log = (line: string): void => core.info(neutraliseLogLine(redact(line)))

  let settings: Settings
  try {
    settings = readSettings(name => core.getInput(name))
  } catch (err) {
    if (err instanceof InputError) {
      core.setFailed(redact(err.message))
      return
    }
    throw err
  }
  for (const name of unusedInputs(name => core.getInput(name), settings.operation)) {
    core.warning(`Input '${name}' is not used by operation ${settings.operation} and was ignored.`)
  }

  const limiter = new AdaptiveLimit(settings.operation === 'list-dlq' ? settings.concurrency : 1)
  const client = new ServiceClient({
    baseUrl: settings.baseUrl,
    token: settings.token,
    timeoutMs: settings.timeoutMs,
    retry: { ...DEFAULT_RETRY_POLICY, maxAttempts: settings.maxAttempts },
    log,
    onRetry: outcome => {
      if (outcome.kind !== 'status' || outcome.status !== 429) return
      const before = limiter.current
      limiter.rateLimited()
      if (limiter.current < before) log(`rate limited: requests at once cut from ${before} to ${limiter.current}`)
    }
  })
  try {
    const result = await execute(settings, client, limiter, log)
    await report(result, redact)
    if (settings.operation === 'list-dlq' && result.operation === 'list-dlq') await syncIssue(settings, result, redact)
  } finally {
    await client.close()
  }
}
