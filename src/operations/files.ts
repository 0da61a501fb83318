/**
 * The operations that also write a file: every listed message to messages-file, every resumed run to runs-file,
 * each as it arrives, so the file never has to fit in memory and holds what the outputs may have to cut.
 */
import type { HealthThresholds, ListRequest, ResumeRequest } from '../requests.js'
import type { ListResult, ResumeResult } from '../results.js'
import { listDlq, type DlqLister, type ListHooks } from './list-dlq.js'
import { NdjsonFile } from './messages-file.js'
import { resumeWorkflows, type WorkflowResumer } from './resume-workflows.js'

/** How a file line is written: the output boundary redacts it. */
export type Encode = (record: unknown) => string

/** Lists the DLQ, every listed message also written to `path` (NDJSON) when given. */
export async function listDlqToFile(
  client: DlqLister,
  request: ListRequest,
  thresholds: HealthThresholds,
  path: string | undefined,
  encode: Encode,
  hooks: Omit<ListHooks, 'sink'>
): Promise<ListResult> {
  const sink = path === undefined ? undefined : await NdjsonFile.open(path, { encode })
  try {
    const result = await listDlq(client, request, thresholds, { ...hooks, ...(sink ? { sink } : {}) })
    return path === undefined ? result : { ...result, messagesFile: path }
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
