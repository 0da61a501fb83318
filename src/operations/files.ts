/**
 * The operations that also write a file: every listed message to messages-file, every resumed run to runs-file,
 * each as it arrives, so the file never has to fit in memory and holds what the outputs may have to cut.
 */
import { Inputs } from '../constants.js'
import type { Progress } from '../stop.js'
import type { HealthThresholds, ListRequest, ResumeRequest } from '../requests.js'
import type { ListResult, ResumeResult } from '../results.js'
import type { DlqMessage } from '../service/schemas.js'
import { redactCredentialHeaders } from './credential-headers.js'
import { listDlq } from './list-dlq.js'
import type { DlqLister, ListHooks } from './list-hooks.js'
import { FileWriteError, NdjsonFile, type MessageSink } from './messages-file.js'
import { resumeWorkflows, type WorkflowResumer } from './resume-workflows.js'

/** How a file line is written: the output boundary redacts it. */
export type Encode = (record: unknown) => string

/**
 * A sink that replaces the values of credential headers before handing each page on, counting them: the copy of a
 * page lives only until it is written.
 */
class CredentialRedactingSink implements MessageSink {
  redacted = 0

  constructor(private readonly inner: MessageSink) {}

  write(messages: readonly DlqMessage[]): Promise<void> {
    const page = messages.map(message => {
      const done = redactCredentialHeaders(message)
      this.redacted += done.redacted
      return done.message
    })
    return this.inner.write(page)
  }

  async restart(): Promise<void> {
    await this.inner.restart()
    // The file starts over, so does what it holds.
    this.redacted = 0
  }

  close(): Promise<void> {
    return this.inner.close()
  }
}

/**
 * Lists the DLQ, every listed message also written to `path` (NDJSON) when given, the values of its credential
 * headers replaced unless `keepCredentialHeaders`. A file that cannot be written stops the listing (no more listing
 * into a broken file): the result fails naming the input, the path and the errno.
 */
export async function listDlqToFile(
  client: DlqLister,
  request: ListRequest,
  thresholds: HealthThresholds,
  now: number,
  path: string | undefined,
  encode: Encode,
  hooks: Omit<ListHooks, 'sink'>,
  keepCredentialHeaders = false
): Promise<ListResult> {
  const file = path === undefined ? undefined : await NdjsonFile.open(path, { encode, input: Inputs.MessagesFile })
  const redacting = file === undefined || keepCredentialHeaders ? undefined : new CredentialRedactingSink(file)
  const sink = redacting ?? file
  const listed = await listDlq(client, request, thresholds, now, { ...hooks, ...(sink ? { sink } : {}) })
  if (file === undefined) return listed
  try {
    await file.close()
  } catch (err) {
    if (!(err instanceof FileWriteError)) throw err
  }
  const redacted = redacting?.redacted ?? 0
  if (redacted > 0) {
    hooks.log?.(
      `${redacted} credential header ${redacted === 1 ? 'value was' : 'values were'} redacted from messages-file; ` +
        `set ${Inputs.KeepCredentialHeaders}: true to keep them.`
    )
  }
  const result = redacting === undefined ? listed : { ...listed, redactedHeaderValues: redacted }
  const failed = file.error
  if (failed === undefined) return { ...result, messagesFile: path }
  if (result.failure?.kind === 'file') return result
  // Found only when the file was closed: the write error wins over a cancel or a failure found after it.
  const then = result.failure
  return { ...result, failure: { ...failed.failure, ...(then !== undefined ? { then } : {}) } }
}

/**
 * A bulk resume, each resumed run written to `path` (NDJSON) as it arrives when given: runs cannot be resumed
 * twice, so the file is the one complete record of them. A file that could not be written is returned as
 * `fileError` (the step fails; resumed-count counts every run); `runsFile` is set only when the file is complete.
 */
export async function resumeWorkflowsToFile(
  client: WorkflowResumer,
  request: ResumeRequest,
  path: string | undefined,
  encode: Encode,
  log: (line: string) => void,
  progress?: Progress
): Promise<ResumeResult> {
  const sink = path === undefined ? undefined : await NdjsonFile.open(path, { encode, input: Inputs.RunsFile })
  const result = await resumeWorkflows(
    client,
    request,
    (page, total) => {
      log(`request: ${page.workflowRuns.length} runs resumed (${total} so far)`)
      // Failures are kept by the file and reported once below; the resume goes on, its runs all in the outputs.
      sink?.write(page.workflowRuns).catch(() => {})
    },
    progress
  )
  if (sink === undefined) return result
  try {
    await sink.close()
  } catch (err) {
    if (!(err instanceof FileWriteError)) throw err
  }
  const failed = sink.error
  if (failed === undefined) return { ...result, runsFile: path }
  return { ...result, fileError: failed.failure }
}
