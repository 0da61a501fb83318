import type { RunContext } from '../results.js'

/**
 * The link back to this workflow run, from the variables `github.context` reads (GITHUB_SERVER_URL,
 * GITHUB_REPOSITORY, GITHUB_RUN_ID): importing @actions/github for three variables would load Octokit on
 * every start. Empty outside Actions.
 */
export function runContext(env: NodeJS.ProcessEnv = process.env): RunContext {
  const { GITHUB_RUN_ID: runId, GITHUB_REPOSITORY: repository } = env
  if (!runId || !repository) return {}
  const server = env.GITHUB_SERVER_URL || 'https://github.com'
  return { runUrl: `${server}/${repository}/actions/runs/${runId}` }
}
