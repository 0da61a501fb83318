/**
 * The operations that also write a file: every listed message to messages-file, every resumed run to runs-file,
 * each as it arrives, so the file never has to fit in memory and holds what the outputs may have to cut.
 */
import { Inputs } from '../constants.js'
import type { Progress } from '../stop.js'
import type { HealthThresholds, ListRequest, ResumeRequest } from '../requests.js'
import type { ListResult, ResumeResult } from '../results.js'
import { listDlq, type DlqLister, type ListHooks } from './list-dlq.js'
import { FileWriteError, NdjsonFile } from './messages-file.js'
import { resumeWorkflows, type WorkflowResumer } from './resume-workflows.js'

/** How a file line is written: the output boundary redacts it. */
export type Encode = (record: unknown) => string

/**
 * Lists the DLQ, every listed message also written to `path` (NDJSON) when given. A file that cannot be written
 * stops the listing (no more listing into a broken file): the result fails naming the input, the path and the errno.
 */
export async function listDlqToFile(
  client: DlqLister,
  request: ListRequest,
  thresholds: HealthThresholds,
  path: string | undefined,
  encode: Encode,
  hooks: Omit<ListHooks, 'sink'>
): Promise<ListResult> {
  const sink = path === undefined ? undefined : await NdjsonFile.open(path, { encode, input: Inputs.MessagesFile })
  const result = await listDlq(client, request, thresholds, { ...hooks, ...(sink ? { sink } : {}) })
  if (sink === undefined) return result
  try {
    await sink.close()
  } catch (err) {
    if (!(err instanceof FileWriteError)) throw err
  }
  const failed = sink.error
  if (failed === undefined) return { ...result, messagesFile: path }
  if (result.failure?.file !== undefined)
    return { ...result, error: `${result.error ?? failed.message}; listing stopped there` }
  // Found only when the file was closed: the write error wins over a cancel or a failure found after it.
  return { ...result, error: fileStopped(failed, result.error), failure: failed.failure }
}

/** Why a listing stopped when its file broke, and what else was wrong by then. */
function fileStopped(failed: FileWriteError, before: string | undefined): string {
  const why = `${failed.message}; listing stopped there`
  return before === undefined ? why : `${why} (then: ${before})`
}

/**
 * A bulk resume, each resumed run written to `path` (NDJSON) as it arrives when given: runs cannot be resumed
 * twice, so the file is the one complete record of them. A file that could not be written is returned as
 * `fileError` (the step fails; the outputs keep every run); `runsFile` is set only when the file is complete.
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
  return { ...result, fileError: `${failed.message}; the outputs list every run resumed` }
}
