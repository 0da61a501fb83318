/** Reads the DLQ ids of input dlq-ids-file, before any request: a newline list, or a listing's NDJSON messages-file. */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { Inputs } from '../constants.js'
import { verbOf, type BulkVerb } from '../verbs.js'
import { badInput, InputError, type ResumeSettings } from './settings.js'
import { dlqIdProblem } from './values.js'

const refuse = (path: string, detail: string) => new InputError([badInput(Inputs.DlqIdsFile, detail, path)])

/** The id one line holds (none on a blank line), or the refusal `bad` makes of the reason it holds none. */
function idOfLine(line: string, dlq: BulkVerb['dlq'], bad: (problem: string) => InputError): string | undefined {
  const text = line.trim()
  if (text === '') return undefined
  let id = text
  if (text.startsWith('{')) {
    let record: { dlqId?: unknown; workflowRunId?: unknown }
    try {
      record = JSON.parse(text) as typeof record
    } catch {
      throw bad('is a line starting with "{" that is not valid JSON')
    }
    const { dlqId } = record
    if (typeof dlqId !== 'string' || dlqId.trim() === '') throw bad('is a JSON line without a dlqId string')
    // A line names an entry of one DLQ: a message's dlqId means nothing to the workflow DLQ, and the reverse.
    if (dlq === 'workflow' && record.workflowRunId === undefined) {
      throw bad('is a DLQ message, not a failed workflow run (no workflowRunId): list with source: workflow')
    }
    if (dlq === 'message' && record.workflowRunId !== undefined) {
      throw bad('is a failed workflow run, not a DLQ message (it has a workflowRunId): list without source: workflow')
    }
    id = dlqId.trim()
  }
  const problem = dlqIdProblem(id)
  if (problem !== undefined) throw bad(problem)
  return id
}

/**
 * The distinct ids in file order, read line by line; throws InputError at a bad line, or when there is none. A JSON
 * line must be an entry of `dlq`, the DLQ the write takes from (src/verbs.ts).
 */
export async function readDlqIdsFile(
  path: string,
  dlq: BulkVerb['dlq'] = 'workflow'
): Promise<{ ids: string[]; lines: number[] }> {
  // Each distinct id with the line it first appears on, in file order.
  const ids = new Map<string, number>()
  const stream = createReadStream(path, { encoding: 'utf8' })
  const lines = createInterface({ input: stream, crlfDelay: Infinity })
  let number = 0
  try {
    for await (const line of lines) {
      number++
      const id = idOfLine(line, dlq, problem => refuse(path, `line ${number} ${problem}`))
      if (id !== undefined && !ids.has(id)) ids.set(id, number)
    }
  } catch (err) {
    if (err instanceof InputError) throw err
    throw refuse(path, `must be a readable file of DLQ ids (${(err as NodeJS.ErrnoException).code ?? 'error'})`)
  } finally {
    lines.close()
    stream.destroy()
  }
  if (ids.size === 0) {
    throw refuse(path, 'holds no DLQ id: an empty list would resume nothing, or without a selector everything')
  }
  return { ids: [...ids.keys()], lines: [...ids.values()] }
}

/** The settings with the ids of dlq-ids-file put where dlq-ids would be; unchanged when it is not set. */
export async function withDlqIdsFile<S extends ResumeSettings>(settings: S): Promise<S> {
  if (settings.dlqIdsFile === undefined) return settings
  const { ids, lines } = await readDlqIdsFile(settings.dlqIdsFile, verbOf(settings.resume).dlq)
  const selection = { ...settings.resume.selection, dlqIds: ids }
  return { ...settings, resume: { ...settings.resume, selection, dlqIdLines: lines } }
}
