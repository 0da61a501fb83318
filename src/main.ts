import * as core from '@actions/core'
import { Inputs } from './constants.js'
import { InputError, readSettings, unusedInputs, type Settings } from './inputs/settings.js'
import { AdaptiveLimit } from './operations/adaptive-limit.js'
import { listDlq } from './operations/list-dlq.js'
import { NdjsonFile } from './operations/messages-file.js'
import type { OperationResult, RunContext } from './operations/results.js'
import { resumeSchedules } from './operations/resume-schedule.js'
import { resumeWorkflows } from './operations/resume-workflows.js'
import { neutraliseLogLine } from './report/escape.js'
import { headline } from './report/health-text.js'
import { failureOf, outputsOf } from './report/outputs.js'
import { renderSummary } from './report/summary.js'
import { ServiceClient } from './service/client.js'
import { DEFAULT_RETRY_POLICY } from './service/retry.js'

/** Replaces every occurrence of the token, so it cannot leak through text the runner does not mask. */
function redactor(token: string): (text: string) => string {
  return token === '' ? text => text : text => text.split(token).join('***')
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

async function execute(settings: Settings, client: ServiceClient, log: (line: string) => void): Promise<OperationResult> {
  switch (settings.operation) {
    case 'list-dlq': {
      const sink = settings.messagesFile === undefined ? undefined : await NdjsonFile.open(settings.messagesFile)
      const limiter = new AdaptiveLimit(settings.concurrency)
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

/** Writes outputs and the job summary, then fails the step if the operation did not fully succeed. */
async function report(result: OperationResult, redact: (text: string) => string): Promise<void> {
  for (const [name, value] of Object.entries(outputsOf(result))) core.setOutput(name, redact(value))
  if (result.operation === 'list-dlq') core.notice(redact(headline(result, Date.now())))

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
  const token = core.getInput(Inputs.Token)
  if (token.trim() !== '') {
    core.setSecret(token)
    core.setSecret(token.trim())
  }
  const redact = redactor(token.trim())
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

  const client = new ServiceClient({
    baseUrl: settings.baseUrl,
    token: settings.token,
    timeoutMs: settings.timeoutMs,
    retry: { ...DEFAULT_RETRY_POLICY, maxAttempts: settings.maxAttempts },
    log
  })
  try {
    const result = await execute(settings, client, log)
    await report(result, redact)
  } finally {
    await client.close()
  }
}
