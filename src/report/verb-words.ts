/**
 * The words a bulk write's report says, from its verb (src/verbs.ts): `Resumed 3 workflow runs`, `Retried 3
 * messages`. Every text of the resume report reads them here, so that a verb is worded one way everywhere.
 */
import { Outputs } from '../constants.js'
import type { ResumeResult } from '../resume-results.js'
import { VERBS, type BulkOperation, type BulkVerb } from '../verbs.js'

export interface ReportWords extends Readonly<BulkVerb['words']> {
  /** One of `short`: `run`, `message`. */
  one: string
  /** `Resumed`, `Restart`: at the start of a sentence. */
  Past: string
  Base: string
  Short: string
  /** Where the entries it takes wait: `workflow DLQ`, `DLQ`. */
  dlq: string
  /** The input that caps the write: resume-workflows keeps the name its texts always said, the others the newer. */
  cap: 'max-runs' | 'max-entries'
  /** What it makes: new runs (resume, restart) or new messages (retry). */
  makes: BulkVerb['makes']
  /** The output naming what it made, and those of what failed again. */
  idsOutput: Outputs
  failedAgainIdsOutput: Outputs
}

const capital = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

function wordsOf({ words, dlq, makes, operation }: BulkVerb): ReportWords {
  const runs = makes === 'run'
  return {
    ...words,
    one: words.item.split(' ').pop() ?? words.item,
    Past: capital(words.past),
    Base: capital(words.base),
    Short: capital(words.short),
    dlq: dlq === 'workflow' ? 'workflow DLQ' : 'DLQ',
    // The result does not say which of the two names set the cap; a resume's texts always said max-runs.
    cap: operation === 'resume-workflows' ? 'max-runs' : 'max-entries',
    makes,
    idsOutput: runs ? Outputs.WorkflowRunIds : Outputs.MessageIds,
    failedAgainIdsOutput: runs ? Outputs.FailedAgainRunIds : Outputs.FailedAgainMessageIds
  }
}

const WORDS = Object.fromEntries(Object.values(VERBS).map(verb => [verb.operation, wordsOf(verb)])) as Record<
  BulkOperation,
  ReportWords
>

/** The words of the write a result is of. */
export const words = (result: Pick<ResumeResult, 'operation'>): ReportWords => WORDS[result.operation]

/** Entries the answers named as taken: the new runs, or the new messages (a retry's `runs` is empty). */
export const takenCount = (result: ResumeResult): number => result.runs.length + (result.messages?.length ?? 0)

/** What the write made, those taken without a readable id included. */
export const madeCount = (result: ResumeResult): number => takenCount(result) + (result.itemProblems?.leftOut ?? 0)
