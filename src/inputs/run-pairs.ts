/**
 * workflow-runs: runs to resume, each named by the pair the service knows it by, its run id and its creation time (run
 * ids are set by the caller and repeat). The JSON array outputs failed-again-runs and workflow-runs give it as it is.
 */
import type { RunPair } from '../requests.js'
import { parseUnixMilliseconds } from './values.js'

/** Runs one step may be given: each is found by a listing of its own before any resume request. */
const MAX_RUN_PAIRS = 1_000

const SHAPE =
  'must be a JSON array of runs, each {"workflowRunId": "...", "workflowCreatedAt": <Unix ms>}, as the outputs ' +
  'failed-again-runs and workflow-runs give it'

/** One item of the array as a pair, or what is wrong with it. */
function pairOf(item: unknown, position: number): RunPair {
  const where = `run ${position} of the array`
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw new Error(`${SHAPE}: ${where} is not an object`)
  }
  const { workflowRunId: id, workflowCreatedAt: created } = item as Record<string, unknown>
  if (typeof id !== 'string' || id.trim() === '' || /\p{Cc}/u.test(id)) {
    throw new Error(`${SHAPE}: ${where} has no workflowRunId that is a non-empty string on one line`)
  }
  const text = typeof created === 'number' || typeof created === 'string' ? String(created) : ''
  if (!/^\d{1,16}$/.test(text)) {
    throw new Error(`${SHAPE}: ${where} (${JSON.stringify(id)}) has no workflowCreatedAt in Unix milliseconds`)
  }
  return { workflowRunId: id, workflowCreatedAt: parseUnixMilliseconds(text, '') }
}

/** The pairs in the order given, each once; an empty array, another shape or more than MAX_RUN_PAIRS is refused. */
export function parseRunPairs(text: string): RunPair[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(text.trim())
  } catch {
    throw new Error(SHAPE)
  }
  if (!Array.isArray(parsed)) throw new Error(SHAPE)
  if (parsed.length === 0) {
    throw new Error('is an empty JSON array: no run to resume (run the step only when failed-again-count is not 0)')
  }
  if (parsed.length > MAX_RUN_PAIRS) {
    throw new Error(`holds ${parsed.length} runs, more than the ${MAX_RUN_PAIRS} one step finds: split it over steps`)
  }
  const pairs = new Map<string, RunPair>()
  parsed.forEach((item: unknown, i) => {
    const pair = pairOf(item, i + 1)
    pairs.set(`${pair.workflowRunId}@${pair.workflowCreatedAt}`, pair)
  })
  return [...pairs.values()]
}
