/**
 * What causes cost a listing of all-distinct messages at concurrency 16 (issue 36: at most 5% of the listing's time).
 * Each round times the listing itself (the bundle, compare's shape: 100,000 messages, 20 ms a request) and, in this
 * process over the same messages read once from the generator, the accumulator's CPU with causes and without them (the
 * same accumulator given a counter of causes that counts nothing), each in alternating order. The listing is bound by
 * CPU on this machine, so what causes add to its CPU is what they add to its time, at most.
 */
import { CauseFigures } from '../src/operations/causes.js'
import { ListAccumulator, ListedIds, type CauseCounter } from '../src/operations/accumulator.js'
import { readDlqMessages, type DlqMessage } from '../src/service/schemas.js'
import { ACTION } from '../tools/harness.js'
import { listOnce, median } from './compare.js'
import { out, type Findings } from './findings.js'
import { startGenerator } from './generator.js'
import type { Target } from './print.js'

const MESSAGES = 100_000
const PAGE_SIZE = 100
const ROUNDS = Number(process.env.DLQ_BENCH_ROUNDS) || 5
/** The goal: causes add at most this share of the listing's time. */
const MAX_SHARE = 0.05
const WINDOWS = { arrivals: { withinMs: 3_600_000 } }
const REQUEST = { filters: {}, order: 'earliestFirst' as const, pageSize: PAGE_SIZE, maxPages: 10_000, concurrency: 16 }

/** A counter of causes that counts nothing: the listing without causes. */
const NO_CAUSES: CauseCounter = {
  add: () => undefined as unknown as string,
  rows: () => [],
  undercount: 0
}

/** Every message of a generated DLQ, read as a listing reads its pages. */
async function generatedMessages(bodies: boolean): Promise<DlqMessage[]> {
  const generator = await startGenerator(MESSAGES, PAGE_SIZE, 0, 40, bodies)
  try {
    const messages: DlqMessage[] = []
    let cursor: string | undefined
    do {
      const query = new URLSearchParams({ count: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) })
      const page = (await (await fetch(`${generator.url}/v2/dlq?${query.toString()}`)).json()) as {
        messages: unknown[]
        cursor?: string
      }
      messages.push(...readDlqMessages(page.messages).messages)
      cursor = page.cursor
    } while (cursor)
    return messages
  } finally {
    await generator.close()
  }
}

/** CPU seconds of the accumulator over the messages, with the counter of causes given. */
function accumulate(messages: readonly DlqMessage[], causes: CauseCounter): number {
  const start = process.cpuUsage()
  const acc = new ListAccumulator(WINDOWS, () => Date.UTC(2026, 0, 2), causes)
  for (const message of messages) acc.add(message)
  acc.result(REQUEST, MESSAGES / PAGE_SIZE, new ListedIds())
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1e6
}

/** Causes' CPU over the messages, with and without them in alternating order: medians of the rounds, in seconds. */
function causesCpu(messages: readonly DlqMessage[]): { with: number; without: number } {
  const withCauses: number[] = []
  const without: number[] = []
  accumulate(messages, new CauseFigures())
  for (let round = 0; round < ROUNDS; round++) {
    const first = round % 2 === 0
    if (first) withCauses.push(accumulate(messages, new CauseFigures()))
    without.push(accumulate(messages, NO_CAUSES))
    if (!first) withCauses.push(accumulate(messages, new CauseFigures()))
  }
  return { with: median(withCauses), without: median(without) }
}

/** The listing's time, causes' share of it (goal <= 5%), and the same with a response body of its own per message. */
export async function causesTargets(findings: Findings): Promise<Record<string, Target>> {
  out(`causes: ${MESSAGES.toLocaleString('en-US')} all-distinct messages, concurrency 16, ${ROUNDS} rounds (${ACTION})`)
  const listing: number[] = []
  for (let round = 0; round < ROUNDS && findings.failures.length === 0; round++) {
    listing.push(await listOnce(findings, ACTION, 'causes'))
  }
  if (findings.failures.length > 0) return {}
  const wall = median(listing)
  const targets: Record<string, Target> = {}
  for (const bodies of [false, true]) {
    const cpu = causesCpu(await generatedMessages(bodies))
    const cost = Math.max(0, cpu.with - cpu.without)
    const share = cost / wall
    const shape = bodies ? 'each with a ~300-byte response body' : 'no response body (compare and scenario 7)'
    out(
      `  ${shape}: accumulator ${cpu.with.toFixed(3)} s of CPU with causes, ${cpu.without.toFixed(3)} s without: ` +
        `causes ${cost.toFixed(3)} s, ${((1e6 * cost) / MESSAGES).toFixed(2)} µs a message, ` +
        `${(100 * share).toFixed(1)}% of the listing's ${wall.toFixed(2)} s`
    )
    const name = bodies ? 'causesShareWithBodies' : 'causesShareOfListing'
    // The goal is the shape (no bodies); the share with bodies is printed beside it.
    targets[name] = {
      value: Number(share.toFixed(4)),
      target: bodies ? 'figure' : `<= ${MAX_SHARE}`,
      met: bodies ? true : share <= MAX_SHARE
    }
  }
  out(`  listing: median ${wall.toFixed(3)} s (${Math.min(...listing).toFixed(2)}-${Math.max(...listing).toFixed(2)})`)
  return targets
}
