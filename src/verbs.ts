// The bulk writes on the DLQ, one row each: what the one engine (operations/resume-workflows) is given to take
// entries from the DLQ page by page. Its selection and refusals, drain, ledger, bound, stages, watch, continuation and
// output budget are the verb's; only what differs between verbs is here. A root module: it imports no folder of src/.
import { RESUME_PAGE_SIZE } from './constants.js'

export type BulkOperation = 'resume-workflows'

/** What a verb's report says: `Resumed 3 workflow runs`, `resuming`, `possibly resumed`. */
export interface VerbWords {
  /** The verb as an imperative: `resume`. */
  base: string
  /** `resumed`, `restarted`, `retried`. */
  past: string
  /** `resuming`: what the log says a stage is doing. */
  doing: string
  /** What one entry taken makes: `workflow run`, `message`; and several. */
  item: string
  items: string
}

export interface BulkVerb {
  operation: BulkOperation
  /** The DLQ it takes from: the failed workflow runs (listed with source=workflow), or the failed messages. */
  dlq: 'workflow' | 'message'
  /** The bulk path (wire contract, 3 and 6): selectors in the query, a repeated key per value. */
  path: string
  /** Most entries one request may take: the `count` every request sends (fewer when a cap leaves fewer). */
  pageSize: number
  /** What its answer names for each entry taken: the new run, or the new message. */
  makes: 'run' | 'message'
  words: VerbWords
}

export const VERBS: Record<BulkOperation, BulkVerb> = {
  'resume-workflows': {
    operation: 'resume-workflows',
    dlq: 'workflow',
    path: '/v2/workflows/dlq/resume',
    pageSize: RESUME_PAGE_SIZE,
    makes: 'run',
    words: { base: 'resume', past: 'resumed', doing: 'resuming', item: 'workflow run', items: 'workflow runs' }
  }
}

/** The verb of a request: a request that names none is a resume (the engine's first verb). */
export const verbOf = (request: { verb?: BulkOperation }): BulkVerb => VERBS[request.verb ?? 'resume-workflows']
