/** The output boundary: all the action writes is redacted as raw text (an escape could hide a secret), then escaped. */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { GITHUB_OUTPUTS_MAX_BYTES } from '../constants.js'
import { toJson } from '../service/json.js'
import { neutraliseAnnotation, neutraliseLogLine } from './escape.js'

/** What the runner offers an action (@actions/core in the action, a recorder in tests). */
export interface RunnerIo {
  info(line: string): void
  debug(line: string): void
  notice(text: string): void
  warning(text: string): void
  error(text: string): void
  setFailed(text: string): void
  setOutput(name: string, value: string): void
  /** Appends markdown to the job summary; false when the runner gives no summary file. */
  writeSummary(markdown: string): Promise<boolean>
}

/** The few issue endpoints the health check writes through; Octokit in the action (github/), a fake in tests. */
export interface IssueApi {
  /** The open issue (not pull request) of the check with this title: the oldest, the newer ones in `duplicates`. */
  findOpen(title: string): Promise<{ number: number; url: string; body?: string; duplicates?: number[] } | undefined>
  /** Every open issue of the check with this title, oldest first: one, unless checks overlapped. */
  findAllOpen(title: string): Promise<{ number: number; url: string; body?: string }[]>
  /** Opens the issue with the check's label, and `opening`'s labels and assignees. */
  create(title: string, body: string, opening?: IssueOpening): Promise<{ number: number; url: string }>
  comment(issue: number, body: string): Promise<void>
  /** Replaces the body of the check's issue, its marker kept. */
  update(issue: number, title: string, body: string): Promise<void>
  /** 'completed' when the check passes, 'not_planned' for a duplicate of an older one. */
  close(issue: number, reason?: 'completed' | 'not_planned'): Promise<void>
}

/** Who and what a new health issue is given besides its own label (inputs issue-labels and issue-assignees). */
export interface IssueOpening {
  labels?: readonly string[]
  assignees?: readonly string[]
}

/** An output's size as GitHub counts it. */
export function githubBytes(text: string): number {
  return text.length * 2
}

/** Result objects are our own shapes, a few levels deep; deeper values are third-party data, dropped. */
const MAX_REDACT_DEPTH = 8

export class OutputBoundary {
  constructor(
    private readonly io: RunnerIo,
    /** Redacts secrets from raw text (service/redact.ts). */
    readonly redact: (text: string) => string
  ) {}

  /** One line of the log: never two, never a runner command. */
  info(text: string): void {
    this.io.info(neutraliseLogLine(this.redact(text)))
  }

  debug(text: string): void {
    this.io.debug(neutraliseLogLine(this.redact(text)))
  }

  notice(text: string): void {
    this.io.notice(neutraliseAnnotation(this.redact(text)))
  }

  warning(text: string): void {
    this.io.warning(neutraliseAnnotation(this.redact(text)))
  }

  error(text: string): void {
    this.io.error(neutraliseAnnotation(this.redact(text)))
  }

  setFailed(text: string): void {
    this.io.setFailed(neutraliseAnnotation(this.redact(text)))
  }

  /** Writes the outputs, redacted; if that makes them too big for GitHub, the biggest are emptied, with a warning. */
  setOutputs(outputs: Readonly<Record<string, string>>): void {
    const redacted = Object.entries(outputs).map(([name, value]) => [name, this.redact(value)] as [string, string])
    let total = redacted.reduce((n, [name, value]) => n + githubBytes(name) + githubBytes(value), 0)
    for (const entry of [...redacted].sort((a, b) => b[1].length - a[1].length)) {
      if (total <= GITHUB_OUTPUTS_MAX_BYTES) break
      total -= githubBytes(entry[1])
      this.warning(`Output ${entry[0]} was left empty: the outputs of a job must stay under 1 MB.`)
      entry[1] = ''
    }
    for (const [name, value] of redacted) this.io.setOutput(name, value)
  }

  /** Writes a whole text file (metrics-file), redacted; a write error is thrown with its errno code. */
  async textFile(path: string, text: string): Promise<void> {
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, this.redact(text))
  }

  /** One line of an NDJSON file: the record as JSON, however deeply nested, redacted. */
  jsonLine(record: unknown): string {
    return this.redact(toJson(record))
  }

  /** Writes markdown rendered from redactValue'd data, redacting once more; false without a summary file. */
  summary(markdown: string): Promise<boolean> {
    return this.io.writeSummary(this.redact(markdown))
  }

  /** A copy with every string redacted: escaping first would change how a secret looks (`sk\_live`), hiding it. */
  redactValue<T>(value: T): T {
    return redactDeep(value, this.redact, 0) as T
  }

  /** The issue API with every title and body redacted; what GitHub answers is logged through info(). */
  issueApi(api: IssueApi): IssueApi {
    return {
      findOpen: title => api.findOpen(this.redact(title)),
      findAllOpen: title => api.findAllOpen(this.redact(title)),
      create: (title, body, opening) => api.create(this.redact(title), this.redact(body), opening),
      comment: (issue, body) => api.comment(issue, this.redact(body)),
      update: (issue, title, body) => api.update(issue, this.redact(title), this.redact(body)),
      close: (issue, reason) => api.close(issue, reason)
    }
  }
}

function redactDeep(value: unknown, redact: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return redact(value)
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_REDACT_DEPTH) return undefined
  if (Array.isArray(value)) return value.map(item => redactDeep(item, redact, depth + 1))
  // A loop, not fromEntries(entries()): a resume's result holds an object per run, thousands of them.
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const item = redactDeep((value as Record<string, unknown>)[key], redact, depth + 1)
    // An own "__proto__" key (JSON.parse makes them) stays a key: assigned, it would set the copy's prototype.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true })
    else copy[key] = item
  }
  return copy
}
