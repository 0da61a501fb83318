/**
 * The operations that also write a file: every listed message to messages-file, every resumed run to runs-file,
 * each as it arrives, so the file never has to fit in memory and holds what the outputs may have to cut.
 */
import type { HealthThresholds, ListRequest, ResumeRequest } from '../requests.js'
import { Inputs } from '../constants.js'
import type { ListResult, ResumeResult } from '../results.js'
import type { DlqMessage } from '../service/schemas.js'
import { redactCredentialHeaders } from './credential-headers.js'
import { listDlq, type DlqLister, type ListHooks } from './list-dlq.js'
import { NdjsonFile, type MessageSink } from './messages-file.js'
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
 * headers replaced unless `keepCredentialHeaders`.
 */
export async function listDlqToFile(
  client: DlqLister,
  request: ListRequest,
  thresholds: HealthThresholds,
  path: string | undefined,
  encode: Encode,
  hooks: Omit<ListHooks, 'sink'>,
  keepCredentialHeaders = false
): Promise<ListResult> {
  const file = path === undefined ? undefined : await NdjsonFile.open(path, { encode })
  const redacting = file === undefined || keepCredentialHeaders ? undefined : new CredentialRedactingSink(file)
  const sink = redacting ?? file
  try {
    const result = await listDlq(client, request, thresholds, { ...hooks, ...(sink ? { sink } : {}) })
    if (path === undefined) return result
    if (redacting === undefined) return { ...result, messagesFile: path }
    const redacted = redacting.redacted
    if (redacted > 0) {
      hooks.log?.(
        `${redacted} credential header ${redacted === 1 ? 'value was' : 'values were'} redacted from messages-file; ` +
          `set ${Inputs.KeepCredentialHeaders}: true to keep them.`
      )
    }
    return { ...result, messagesFile: path, redactedHeaderValues: redacted }
  } finally {
    await sink?.close()
  }
}

/**
 * A bulk resume, each resumed run written to `path` (NDJSON) as it arrives when given: runs cannot be resumed
 * twice, so the file is the one complete record of them. A file that could not be written is returned as
 * `writeError` (the step fails; the outputs still stand); `runsFile` is set only when the file is complete.
 */
export async function resumeWorkflowsToFile(
  client: WorkflowResumer,
  request: ResumeRequest,
  path: string | undefined,
  encode: Encode,
  log: (line: string) => void
): Promise<{ result: ResumeResult; writeError?: string }> {
  const sink = path === undefined ? undefined : await NdjsonFile.open(path, { encode })
  let writeError: Error | undefined
  const result = await resumeWorkflows(client, request, (page, total) => {
    log(`request: ${page.workflowRuns.length} runs resumed (${total} so far)`)
    sink?.write(page.workflowRuns).catch((err: unknown) => (writeError ??= err as Error))
  })
  try {
    await sink?.close()
  } catch (err) {
    writeError ??= err as Error
  }
  if (path === undefined) return { result }
  if (writeError !== undefined) {
    return {
      result,
      writeError: `Could not write runs-file ${path}: ${writeError.message}; the outputs list the runs resumed.`
    }
  }
  return { result: { ...result, runsFile: path } }
}
