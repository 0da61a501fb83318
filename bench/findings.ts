/** What went wrong during a bench: failures (a run failed or a count is wrong) and warnings, printed as they come. */
import type { ProcessRun } from '../tools/harness.js'

export const out = (line = ''): void => {
  process.stdout.write(`${line}\n`)
}

export class Findings {
  readonly failures: string[] = []
  readonly warnings: string[] = []

  fail(message: string): void {
    this.failures.push(message)
    out(`FAILED: ${message}`)
  }

  warn(message: string): void {
    this.warnings.push(message)
    out(`warning: ${message}`)
  }
}

/** One line saying how a run of the action failed, with its first errors and its stderr. */
export function describeFailure(label: string, run: ProcessRun, timeoutMs: number): string {
  const errors = run.stdout
    .split('\n')
    .filter(l => l.startsWith('::error'))
    .slice(0, 5)
    .join(' | ')
  const how = run.timedOut
    ? `timed out after ${timeoutMs / 1000} s`
    : `exit code ${run.code}${run.signal ? ` (${run.signal})` : ''}`
  return `${label}: the action ${how}${errors ? `; ${errors}` : ''}${run.stderr.trim() ? `; stderr: ${run.stderr.trim().slice(0, 500)}` : ''}`
}
