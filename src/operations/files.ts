/** The operations that also write each listed message or resumed run to a file (NDJSON) as it arrives. */
import { Inputs } from '../constants.js'
import { formatCount, plural } from '../format.js'
import type { ResumePage } from '../service/schemas.js'
import type { ListRequest } from '../requests.js'
import type { ListFindings } from '../results.js'
import type { ResumeResult } from '../resume-results.js'
import type { BulkVerb } from '../verbs.js'
import { redactCredentialHeaders } from './credential-headers.js'
import { listDlq, type DlqLister, type ListHooks } from './list-dlq.js'
import { FileWriteError, NdjsonFile, type Encode, type MessageSink } from './messages-file.js'
import type { OnResumePage } from './resume-drain.js'

/** Flushes and closes the file; the error that stopped it, if any, is returned to be reported with the result. */
async function closeFile(file: NdjsonFile): Promise<FileWriteError | undefined> {
  try {
    await file.close()
  } catch (err) {
    if (err instanceof FileWriteError) return err
    throw err
  }
  return undefined
}

/** The NDJSON file a listing writes, by the input naming it; credential values redacted unless kept. */
export interface ListingFile {
  path: string | undefined
  input: Inputs.MessagesFile | Inputs.PlanFile | Inputs.ArchiveFile
  /** Set where an input can keep them (list-dlq's keep-credential-headers); a plan always redacts them. */
  keepCredentialHeaders?: boolean
}

/**
 * Lists the DLQ, each message also written to the file when it has a path; a write error stops the listing and fails
 * it. A sink in `hooks` is told of each page after the file.
 */
export async function listDlqToFile(
  client: DlqLister,
  request: ListRequest,
  { path, input, keepCredentialHeaders = false }: ListingFile,
  encode: Encode,
  hooks: ListHooks
): Promise<ListFindings> {
  if (path === undefined) return listDlq(client, request, hooks)
  const file = await NdjsonFile.open(path, { encode, input })
  let redacted = 0
  // Replaces the credential values of each page before it is written: the copy of a page lives only until then.
  const redacting: MessageSink = {
    write: messages => {
      const page = messages.map(message => redactCredentialHeaders(message))
      redacted += page.reduce((sum, done) => sum + done.redacted, 0)
      return file.write(page.map(done => done.message))
    },
    restart: async () => {
      await file.restart()
      // The file starts over, so does what it holds.
      redacted = 0
    }
  }
  const written = keepCredentialHeaders ? file : redacting
  const also = hooks.sink
  const sink: MessageSink =
    also === undefined
      ? written
      : {
          write: async messages => {
            await written.write(messages)
            await also.write(messages)
          },
          restart: async () => {
            await written.restart()
            await also.restart()
          }
        }
  const listed = await listDlq(client, request, { ...hooks, sink })
  const failed = await closeFile(file)
  if (redacted > 0) {
    // Only list-dlq has an input that keeps them.
    const keep = input === Inputs.MessagesFile ? `; set ${Inputs.KeepCredentialHeaders}: true to keep them.` : '.'
    hooks.log?.(
      `${redacted} credential header ${redacted === 1 ? 'value was' : 'values were'} redacted from ${input}${keep}`
    )
  }
  const result = keepCredentialHeaders ? listed : { ...listed, redactedHeaderValues: redacted }
  if (failed === undefined) return { ...result, messagesFile: path }
  if (result.failure?.kind === 'file') return result
  // Found only when the file was closed: the write error wins over a cancel or a failure found after it.
  return { ...result, failure: { ...failed.failure, then: result.failure } }
}

/**
 * A bulk write (one drain, or staged), each run or message it made also written to `path` when given: the record of
 * what it made, logged in its verb's words.
 */
export async function resumeWorkflowsToFile(
  path: string | undefined,
  verb: BulkVerb,
  encode: Encode,
  log: (line: string) => void,
  resume: (onPage: OnResumePage) => Promise<ResumeResult>
): Promise<ResumeResult> {
  const sink = path === undefined ? undefined : await NdjsonFile.open(path, { encode, input: Inputs.RunsFile })
  const onPage = (page: ResumePage, total: number) => {
    const made: unknown[] = verb.makes === 'message' ? (page.messages ?? []) : page.workflowRuns
    log(
      `request: ${plural(made.length, verb.words.item, verb.words.items)} ${verb.words.past} (${formatCount(total)} so far)`
    )
    // Failures are kept by the file and reported once below; the write goes on, what it made all in the outputs.
    sink?.write(made).catch(() => {})
  }
  const result = await resume(onPage)
  if (sink === undefined) return result
  const failed = await closeFile(sink)
  return failed === undefined ? { ...result, runsFile: path } : { ...result, fileError: failed.failure }
}
