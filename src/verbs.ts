// The bulk writes on the DLQ, one row each: what the one engine (operations/resume-workflows) is given to take
// entries from the DLQ page by page. Its selection and refusals, drain, ledger, bound, stages, watch, continuation and
// output budget are the verb's; only what differs between verbs is here. A root module: it imports no folder of src/.
import { DELETE_PAGE_SIZE, Outputs, RESUME_PAGE_SIZE, RETRY_PAGE_SIZE } from './constants.js'

export type BulkOperation = 'resume-workflows' | 'restart-workflows' | 'retry-messages' | 'delete-dlq'

/** What a verb's report says: `Resumed 3 workflow runs`, `resuming`, `possibly resumed`. */
interface VerbWords {
  /** The verb as an imperative: `resume`. */
  base: string
  /** `resumed`, `restarted`, `retried`. */
  past: string
  /** `resuming`: what the log says a stage is doing. */
  doing: string
  /** What one entry taken makes: `workflow run`, `message`; and several. */
  item: string
  items: string
  /** The same in short, where the context says what they are: `runs`, `messages`. */
  short: string
}

export interface BulkVerb {
  operation: BulkOperation
  /** The DLQ it takes from: the failed workflow runs (listed with source=workflow), or the failed messages. */
  dlq: 'workflow' | 'message'
  /** The bulk path (wire contract, 3 and 6): selectors in the query, a repeated key per value. */
  path: string
  method: 'POST' | 'DELETE'
  /** Most entries one request may take: the `count` every request sends (fewer when a cap leaves fewer). */
  pageSize: number
  /** What its answer names for each entry taken: the new run, or the new message; `count`: nothing, only how many. */
  makes: 'run' | 'message' | 'count'
  /** Most DLQ ids one request names, where fewer than the URL allows: an answer that only counts says no more. */
  idsPerRequest?: number
  /**
   * Set when the service refuses single entries (400) and with them a whole request by filters: what it refuses.
   * The engine then takes the rest by listed ids (operations/listed-takes).
   */
  refuses?: string
  /**
   * By dlqIds the service takes every id sent, in one answer: no count, no cursor (wire contract, section 6). The
   * engine then sends at most a request's worth, and no more than a cap or a stage has left.
   */
  idsWhole?: true
  /** The output of how many entries it took: resumed-count, restarted-count, retried-count. */
  countOutput: Outputs
  words: VerbWords
}

export const VERBS: Record<BulkOperation, BulkVerb> = {
  'resume-workflows': {
    operation: 'resume-workflows',
    dlq: 'workflow',
    path: '/v2/workflows/dlq/resume',
    method: 'POST',
    pageSize: RESUME_PAGE_SIZE,
    makes: 'run',
    countOutput: Outputs.ResumedCount,
    words: {
      base: 'resume',
      past: 'resumed',
      doing: 'resuming',
      item: 'workflow run',
      items: 'workflow runs',
      short: 'runs'
    }
  },
  // Every step runs again, from the first: what a resume cannot do when a deploy changed code before the failed step.
  'restart-workflows': {
    operation: 'restart-workflows',
    dlq: 'workflow',
    path: '/v2/workflows/dlq/restart',
    method: 'POST',
    pageSize: RESUME_PAGE_SIZE,
    makes: 'run',
    refuses: 'a run that does not support restart',
    idsWhole: true,
    countOutput: Outputs.RestartedCount,
    words: {
      base: 'restart',
      past: 'restarted',
      doing: 'restarting',
      item: 'workflow run',
      items: 'workflow runs',
      short: 'runs'
    }
  },
  // Each entry leaves the DLQ and a new message is created with its body and headers: the answer names the new ones.
  'retry-messages': {
    operation: 'retry-messages',
    dlq: 'message',
    path: '/v2/dlq/retry',
    method: 'POST',
    pageSize: RETRY_PAGE_SIZE,
    makes: 'message',
    idsWhole: true,
    countOutput: Outputs.RetriedCount,
    words: { base: 'retry', past: 'retried', doing: 'retrying', item: 'message', items: 'messages', short: 'messages' }
  },
  // Gone for good: taken only by the ids a listing archived first (operations/delete-dlq), its answer a count.
  'delete-dlq': {
    operation: 'delete-dlq',
    dlq: 'message',
    path: '/v2/dlq',
    method: 'DELETE',
    pageSize: DELETE_PAGE_SIZE,
    makes: 'count',
    idsPerRequest: DELETE_PAGE_SIZE,
    idsWhole: true,
    countOutput: Outputs.DeletedCount,
    words: { base: 'delete', past: 'deleted', doing: 'deleting', item: 'entry', items: 'entries', short: 'entries' }
  }
}

/** The rows of a verb whose DLQ an input chooses (delete-dlq's source): its row for the failed workflow runs. */
const OF_WORKFLOW_RUNS: Partial<Record<BulkOperation, BulkVerb>> = {
  'delete-dlq': { ...VERBS['delete-dlq'], dlq: 'workflow', path: '/v2/workflows/dlq' }
}

/** The verb of a request: a request that names none is a resume (the engine's first verb). */
export const verbOf = (request: { verb?: BulkOperation; source?: 'workflow' }): BulkVerb => {
  const operation = request.verb ?? 'resume-workflows'
  return (request.source === 'workflow' ? OF_WORKFLOW_RUNS[operation] : undefined) ?? VERBS[operation]
}
