/** An operation's report, and its summary's byte budget: GitHub drops one over 1 MiB, so rows halve till it fits. */
import { SUMMARY_LIMIT_BYTES } from '../constants.js'
import type { RunContext } from '../results.js'
import { formatCount } from '../format.js'
import type { RowLimit } from './markdown.js'
import type { OutputValues } from './step-outputs.js'

/** How list.ts, schedule.ts and resume.ts report a result: each a pure function of it, written through the boundary. */
export interface OperationReport<R> {
  /** The step outputs: small scalars and JSON arrays, all together within GitHub's 1 MB. */
  outputs(result: R): OutputValues
  /** The job summary as markdown, under the 1 MiB limit of GitHub job summaries. */
  summary(result: R, ctx: RunContext, options: SummaryOptions): string
  /** The one-line notice on the run page, for an operation that has one. */
  notice?(result: R, now: number): string | undefined
  /** Warnings to annotate, in order: what may be missing from the outputs and why. */
  warnings(result: R): string[]
  /** Why the step fails, or undefined when it succeeds. */
  failure(result: R): string | undefined
}

export interface SummaryOptions {
  /** Rows per table (and values per listed filter) before `… and N more`, a whole number or Infinity. Default 50. */
  maxRows?: number
  /** "Now" for the age of the oldest and newest messages, in ms: the composition root's one clock. */
  now: number
}

/** What one rendering pass works with; every table reports its full length to `seen`. */
export interface RenderPass extends RowLimit {
  now: number
  /** Set when the tables were cut below what was asked, to fit the size limit: the rows they would have shown. */
  shortenedFrom?: number
}

const TRUNCATED_NOTE =
  '\n\n> **Note:** this summary was cut short to stay under the 1 MiB limit of GitHub job summaries; ' +
  'the action outputs and log hold the rest.\n'

/** Halving starts from the longest list the first pass reported: rows beyond it change nothing. */
export function fitSummary(render: (pass: RenderPass) => string, options: SummaryOptions): string {
  const { maxRows: requested = 50, now } = options
  let longest = 0
  const seen = (length: number) => (longest = Math.max(longest, length))
  let out = render({ maxRows: requested, now, seen })
  const useful = Math.min(requested, longest)
  let rows = useful
  while (Buffer.byteLength(out) > SUMMARY_LIMIT_BYTES) {
    if (rows === 0) return truncateToLimit(out)
    rows = Math.floor(rows / 2)
    out = render({ maxRows: rows, now, shortenedFrom: useful, seen })
  }
  return out
}

export function shortenedNote(pass: RenderPass): string | undefined {
  if (pass.shortenedFrom === undefined) return undefined
  return (
    `> **Note:** tables show at most ${formatCount(pass.maxRows)} rows (instead of ` +
    `${formatCount(pass.shortenedFrom)}) to keep this summary under the 1 MiB limit of GitHub job summaries.`
  )
}

/** Whole lines while they fit, the next cut (no half escape or entity), then a note after a blank line. */
function truncateToLimit(out: string): string {
  const budget = SUMMARY_LIMIT_BYTES - Buffer.byteLength(TRUNCATED_NOTE) - Buffer.byteLength('…')
  const kept: string[] = []
  let used = 0
  for (const line of out.split('\n')) {
    const size = Buffer.byteLength(line) + 1
    if (used + size <= budget) {
      kept.push(line)
      used += size
      continue
    }
    // Streaming, the decoder holds back a code point cut in half rather than write U+FFFD for it.
    const head = Buffer.from(line).subarray(0, Math.max(0, budget - used - 1))
    let part = new TextDecoder().decode(head, { stream: true })
    part = part.replace(/&[#A-Za-z0-9]*$/, '').replace(/<[^>]*$/, '')
    const trailing = /\\+$/.exec(part)
    if (trailing && trailing[0].length % 2 === 1) part = part.slice(0, -1)
    if (part !== '') kept.push(`${part}…`)
    break
  }
  return `${kept.join('\n').trimEnd()}${TRUNCATED_NOTE}`
}
