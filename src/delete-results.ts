// What a delete of DLQ entries found and did (operations/delete-dlq): the vocabulary between it and report/delete.
// A root module: it imports no folder of src/.
import type { Failure } from './failure.js'
import type { ResumeRequest } from './requests.js'
import type { DateFault, ListFindings } from './results.js'
import type { ResumeBound } from './resume-results.js'

/** older-than as the delete applied it: a to-date on the service's clock (its Date), else the runner's less a margin. */
export interface OlderThan {
  /** As written: `14d`. */
  text: string
  ms: number
  /** Entries created at or before this are older than `text`; later ones, and undated ones, are left. */
  toDate: number
  clock: 'service' | 'runner'
  /** With the runner's clock: taken off as well, as the service's clock may be behind it (a later bound deletes more). */
  marginMs?: number
  /** Why the service's Date was not used, when it sent one. */
  dateFault?: DateFault
}

/** The ids a delete named and what became of them: its answers count, never name, what they deleted. */
export interface DeleteOutcome {
  /** Delete requests answered, and the entries their answers counted as deleted. */
  requests: number
  deleted: number
  /** Ids the service called not found one by one (404 to that id alone) that no request with a lost answer named. */
  goneOneByOne: { count: number; named: string[] }
  /** Of the dlq-ids given, those the listing did not find: no longer in the DLQ when listed. */
  goneWhenListed: number
  /** Ids a request whose answer was lost had named, not counted deleted by another answer: maybe deleted, maybe not. */
  possiblyDeleted: number
  /** Ids named in requests whose answers counted fewer deleted, the delete having gone to its end: most likely gone. */
  uncounted: number
  /** Ids no request deleted: never sent after a stop, in the request that failed, or refused (400) one by one. */
  notDeleted: number
  /** Of notDeleted, those the service refused on their own (400). */
  refused: number
  /** How many parts the ids were sent in, when more than one (100 ids a request, each URL under 6 KB). */
  parts?: number
}

/** A delete-dlq run: what it listed into its archive, the guards that held it, and what the deletes did. */
export interface DeleteResult extends Pick<ResumeRequest, 'selection' | 'all'>, DeleteOutcome {
  kind: 'delete'
  operation: 'delete-dlq'
  dlq: 'message' | 'workflow'
  dryRun: boolean
  /** max-entries: more entries listed than this, and nothing is deleted. */
  maxEntries?: number
  expectCount?: number
  olderThan?: OlderThan
  /** The listing that found what to delete: its filters (the bound among them), its breakdowns, how it ended. */
  listing: ListFindings
  /** Entries listed, selected, each with a DLQ id: the archive's lines, what the deletes named by id. */
  listed: number
  /** The to-date the listing sent, so that nothing that fails during the listing is taken (absent: by dlq-ids). */
  bound?: ResumeBound
  /** Selected but left out by older-than: created after its to-date, or with no creation time that can be true. */
  leftOut?: { younger: number; undated: number }
  /** Entries listed without a usable DLQ id: no delete by ids can take them, so they were left. */
  withoutDlqId?: number
  /** By dlq-ids (or dlq-ids-file): how many ids were given. */
  given?: number
  /** The archive: every entry listed, written and flushed to disk before the first delete request. */
  archiveFile?: string
  /** A dry run's plan-file. */
  planFile?: string
  failure?: Failure
}
