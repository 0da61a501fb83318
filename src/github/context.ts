import type { RunContext } from '../results.js'

/**
 * The link back to this workflow run, from the variables `github.context` reads: importing @actions/github for
 * three variables would load Octokit on every start. Empty outside Actions.
 */
export function runContext(): RunContext {
  const { GITHUB_RUN_ID: runId, GITHUB_REPOSITORY: repository, GITHUB_SERVER_URL: server } = process.env
  return runId && repository ? { runUrl: `${server || 'https://github.com'}/${repository}/actions/runs/${runId}` } : {}
}
