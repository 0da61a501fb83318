/** What several operations' schemas share: the service's fields, the run selectors, the order of two dates. */
import { z } from 'zod'
import { Inputs } from '../constants.js'
import { defaultInteger, filterList, input, optional, refuse, valuesOf } from './fields.js'
import { readOne, readOneFilter } from './readers.js'
import { parseBaseUrl, parseToken, parseUnixMilliseconds } from './values.js'

export function dateOrder(value: { [Inputs.FromDate]?: number; [Inputs.ToDate]?: number }, ctx: z.RefinementCtx): void {
  const { [Inputs.FromDate]: from, [Inputs.ToDate]: to } = value
  if (from !== undefined && to !== undefined && from > to) {
    const [later, earlier] = [new Date(from).toISOString(), new Date(to).toISOString()]
    refuse(ctx, Inputs.FromDate, `must not be after to-date (${later} is after ${earlier})`)
  }
}

export /** One of two words, or a refusal naming both. */
function either<W extends string>(a: W, b: W): (text: string) => W {
  return text => {
    const word = readOne(text)
    if (word !== a && word !== b) throw new Error(`must be ${a} or ${b}`)
    return word as W
  }
}

export const maxPages = defaultInteger(Inputs.MaxPages, 1, 1_000_000)
export const commonShape = {
  [Inputs.Token]: input(s => {
    if (s.trim() === '') {
      throw new Error(
        'must not be empty: pass the service API token, e.g. ${{ secrets.DLQ_TOKEN }} (a secret reads as empty ' +
          'when it is not set in this repository or environment, and in workflows run from a fork)'
      )
    }
    return parseToken(s)
  }),
  [Inputs.BaseUrl]: input(s => {
    if (s.trim() === '') throw new Error('is required: the address of the service, e.g. https://service.example.com')
    return parseBaseUrl(readOne(s))
  }),
  [Inputs.TimeoutSeconds]: defaultInteger(Inputs.TimeoutSeconds, 1, 3600),
  [Inputs.MaxAttempts]: defaultInteger(Inputs.MaxAttempts, 1, 20),
  [Inputs.GithubToken]: optional(parseToken)
}

/** How to reach the service (given to the client only), and the token for the GitHub API (issue-on-failure). */
export function common(v: z.output<z.ZodObject<typeof commonShape>>) {
  return {
    service: {
      ...valuesOf(v, [Inputs.Token, Inputs.BaseUrl, Inputs.MaxAttempts]),
      timeoutMs: v[Inputs.TimeoutSeconds] * 1000
    },
    ...valuesOf(v, [Inputs.GithubToken])
  }
}

/** What selects failed workflow runs, besides the dates: list-dlq takes them with source workflow only. */
export const runSelectors = {
  // A listing sends workflowUrl as a repeated key; workflowRunId (an id or prefix) takes one value on any server.
  [Inputs.WorkflowUrl]: filterList,
  [Inputs.WorkflowRunId]: optional(readOneFilter),
  [Inputs.WorkflowCreatedAt]: optional(s => {
    const value = readOne(s)
    if (!/^\d+$/.test(value)) throw new Error('must be the exact creation time in Unix milliseconds')
    return parseUnixMilliseconds(value, '')
  })
}
export const RUN_SELECTORS = Object.keys(runSelectors) as (keyof typeof runSelectors)[]

/**
 * `source` chooses the DLQ: the message inputs `messageNames` apply without `source: workflow`, the run selectors only
 * with it (the dates apply to both); any other is refused, naming it. `how`: what the operation does with them.
 */
export function sourceRule(
  v: Record<string, unknown>,
  ctx: z.RefinementCtx,
  messageNames: readonly Inputs[],
  how: 'filtered' | 'selected'
): void {
  const workflow = v[Inputs.Source] === 'workflow'
  const says = workflow
    ? `does not apply with source workflow: failed workflow runs are ${how} by workflow-url, workflow-run-id, ` +
      'workflow-created-at, from-date and to-date'
    : 'applies only with source workflow (the failed workflow runs); set source: workflow to use it'
  for (const name of workflow ? messageNames : RUN_SELECTORS) {
    if (v[name] !== undefined && name !== Inputs.FromDate && name !== Inputs.ToDate) refuse(ctx, name, says)
  }
}
