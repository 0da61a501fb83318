/**
 * What the end-to-end tests of the bulk writes read: what the simulator says each verb took and made, the write
 * requests it saw, and how a run accounts for the ids it was given (taken, refused, gone, counted without a name).
 */
import { expect } from '@jest/globals'
import type { Simulator } from '../../sim/index.js'
import type { ActionRun } from '../../tools/harness.js'
import { jsonOutput } from './action.js'

export type Verb = 'resume-workflows' | 'restart-workflows' | 'retry-messages'

/** The output of how many entries each verb took. */
export const COUNT_OUTPUT: Record<Verb, string> = {
  'resume-workflows': 'resumed-count',
  'restart-workflows': 'restarted-count',
  'retry-messages': 'retried-count'
}

/** The output naming what each verb made: new runs, or new messages. */
export const IDS_OUTPUT: Record<Verb, string> = {
  'resume-workflows': 'workflow-run-ids',
  'restart-workflows': 'workflow-run-ids',
  'retry-messages': 'message-ids'
}

/** The inputs selecting one destination of the verb's DLQ, and the DLQ ids they select, oldest first. */
export function oneDestination(s: Simulator, verb: Verb): { inputs: Record<string, string>; ids: string[] } {
  if (verb === 'retry-messages') {
    const url = s.state.messages[0]!.url
    return { inputs: { url }, ids: s.state.messages.filter(m => m.url === url).map(m => m.dlqId) }
  }
  const url = s.state.workflowDlq[0]!.workflowUrl
  const ids = s.state.workflowDlq.filter(e => e.workflowUrl === url).map(e => e.dlqId)
  return { inputs: { 'workflow-url': url }, ids }
}

/** Every request that was not a GET: a write (a dry run and a refusal send none). */
export const writeRequests = (sim: Simulator) => sim.requests.filter(r => r.method !== 'GET')

/** The DLQ ids the simulator says the verb took, in the order taken. */
export function takenBy(sim: Simulator, verb: Verb): string[] {
  if (verb === 'retry-messages') return sim.state.retriedMessages.map(m => m.fromDlqId)
  const restarted = verb === 'restart-workflows'
  return sim.state.resumedRuns.filter(r => (r.restarted === true) === restarted).map(r => r.fromDlqId)
}

/** What the verb made, as the simulator created it: the new run ids, or the new message ids. */
export function madeBy(sim: Simulator, verb: Verb): string[] {
  if (verb === 'retry-messages') return sim.state.retriedMessages.map(m => m.messageId)
  const restarted = verb === 'restart-workflows'
  return sim.state.resumedRuns.filter(r => (r.restarted === true) === restarted).map(r => r.workflowRunId)
}

/** The DLQ ids of the verb's DLQ, as the simulator holds it now. */
export const dlqIdsOf = (sim: Simulator, verb: Verb): string[] =>
  verb === 'retry-messages' ? sim.state.messages.map(m => m.dlqId) : sim.state.workflowDlq.map(e => e.dlqId)

/** A number as the report writes it (`1,240`). */
const count = (text: string): number => Number(text.replace(/,/g, ''))

/** How a run accounts for the dlq-ids it was given, from its outputs and warnings only. */
function accounting(run: ActionRun, verb: Verb) {
  const unnamed = run.warnings
    .map(w => /(\d[\d,]*) (?:more )?of the dlq-ids given (?:was|were) neither/.exec(w)?.[1])
    .find(n => n !== undefined)
  return {
    taken: count(run.outputs[COUNT_OUTPUT[verb]] ?? 'NaN'),
    refused: verb === 'restart-workflows' ? (jsonOutput(run, 'refused-dlq-ids') as string[]).length : 0,
    gone: count(run.outputs['gone-count'] ?? 'NaN'),
    unnamed: unnamed === undefined ? 0 : count(unnamed)
  }
}

/** The invariant of a write by ids that went to its end: taken + refused + gone + counted-unnamed = the ids given. */
export function expectEveryIdAccounted(run: ActionRun, verb: Verb, given: number): void {
  const { taken, refused, gone, unnamed } = accounting(run, verb)
  expect({ sum: taken + refused + gone + unnamed, taken, refused, gone, unnamed }).toEqual({
    sum: given,
    taken,
    refused,
    gone,
    unnamed
  })
}
