import type { RunnerIo } from '../../src/report/boundary.js'

/** A runner that keeps what each of its calls was given, by kind: what the output boundary really wrote. */
export function recorder(): { io: RunnerIo; lines: Record<string, string[]> } {
  const lines: Record<string, string[]> = {}
  const push = (kind: string) => (text: string) => (lines[kind] ??= []).push(text)
  return {
    lines,
    io: {
      info: push('info'),
      debug: push('debug'),
      notice: push('notice'),
      warning: push('warning'),
      error: push('error'),
      setFailed: push('failed'),
      setOutput: (name, value) => push('output')(`${name}=${value}`),
      writeSummary: async markdown => {
        push('summary')(markdown)
        return true
      }
    }
  }
}
