/** Checks of what a bench listing produced: the ids output and the messages-file against the seeded messages. */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import type { Simulator } from '../sim/index.js'
import type { ActionRun } from '../tools/harness.js'
import type { Findings } from './findings.js'

/** Checks the message-ids output against the seeded messages: same set, and (a warning only) same order. */
export function checkMessageIds(findings: Findings, label: string, run: ActionRun, sim: Simulator): void {
  if (run.outputs['message-ids-truncated'] === 'true') return // only a prefix: checked through the file instead
  let ids: unknown
  try {
    ids = JSON.parse(run.outputs['message-ids'] ?? '')
  } catch {
    findings.fail(`${label}: the message-ids output is not JSON`)
    return
  }
  if (!Array.isArray(ids)) {
    findings.fail(`${label}: the message-ids output is not an array`)
    return
  }
  const seeded = sim.state.messages.map(m => m.messageId)
  const known = new Set(seeded)
  const unique = new Set(ids as string[])
  if (unique.size !== ids.length) findings.fail(`${label}: message-ids holds ${ids.length - unique.size} duplicates`)
  const unknown = (ids as string[]).filter(id => !known.has(id)).length
  if (unknown > 0) findings.fail(`${label}: message-ids holds ${unknown} ids that were never seeded`)
  if (unique.size !== known.size)
    findings.fail(`${label}: message-ids holds ${unique.size} distinct ids, ${known.size} seeded`)
  else if ((ids as string[]).some((id, i) => id !== seeded[i]))
    findings.warn(`${label}: message-ids are not in earliestFirst order`)
}

/** Lines of the NDJSON file, each parsed; checks they are the seeded messages, each once. */
export async function checkMessagesFile(
  findings: Findings,
  label: string,
  path: string,
  sim: Simulator
): Promise<{ lines: number; bytes: number }> {
  const bytes = (await stat(path)).size
  const known = new Set(sim.state.messages.map(m => m.messageId))
  const seen = new Set<string>()
  let lines = 0
  let bad = 0
  let duplicates = 0
  let unknown = 0
  const reader = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })
  for await (const line of reader) {
    lines++
    let id: unknown
    try {
      id = (JSON.parse(line) as { messageId?: unknown }).messageId
    } catch {
      bad++
      continue
    }
    if (typeof id !== 'string') {
      bad++
      continue
    }
    if (seen.has(id)) duplicates++
    else if (!known.has(id)) unknown++
    seen.add(id)
  }
  if (lines !== known.size)
    findings.fail(`${label}: the messages-file has ${lines} lines, ${known.size} messages were seeded`)
  if (bad > 0) findings.fail(`${label}: ${bad} lines of the messages-file are not JSON messages`)
  if (duplicates > 0) findings.fail(`${label}: the messages-file repeats ${duplicates} messages`)
  if (unknown > 0) findings.fail(`${label}: the messages-file holds ${unknown} messages never seeded`)
  return { lines, bytes }
}
