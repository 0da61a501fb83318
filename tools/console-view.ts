/**
 * A run of the action as a terminal shows it: its log with runner commands turned into words, long output values
 * shortened, and no line that the runner would read as a command (`npm start` and `npm run try` may run in a workflow).
 */

const MAX_SHOWN = 100

/** The line with each of `secrets` masked as the runner masks them, and a leading `::` broken so it is no command. */
export function safe(line: string, secrets: readonly string[]): string {
  const masked = secrets.filter(secret => secret !== '').reduce((text, secret) => text.split(secret).join('***'), line)
  return masked.trimStart().startsWith('::') ? masked.replace('::', ':\u200b:') : masked
}

/** The action's stdout as the runner's log view would show it: groups opened, commands turned into words. */
export function renderLog(stdout: string, secrets: readonly string[]): string[] {
  const lines: string[] = []
  let depth = 0
  let masks = 0
  for (const raw of stdout.replace(/\r?\n$/, '').split(/\r?\n/)) {
    const command = /^::([a-z-]+)(?: [^:]*)?::(.*)$/.exec(raw)
    const pad = '  '.repeat(depth)
    if (!command) {
      lines.push(pad + safe(raw, secrets))
      continue
    }
    const [, name, data] = command as unknown as [string, string, string]
    const text = data.replace(/%0D/g, '').replace(/%0A/g, ' / ').replace(/%25/g, '%')
    if (name === 'add-mask') masks++
    else if (name === 'group') {
      lines.push(`${pad}▸ ${safe(text, secrets)}`)
      depth++
    } else if (name === 'endgroup') depth = Math.max(0, depth - 1)
    else if (name === 'error' || name === 'warning' || name === 'notice')
      lines.push(`${pad}${name}: ${safe(text, secrets)}`)
    else if (name !== 'debug') lines.push(pad + safe(raw, secrets))
  }
  if (masks > 0) lines.unshift(`(${masks} value${masks === 1 ? '' : 's'} registered for masking)`)
  return lines
}

/** Long values (JSON arrays of ids) shortened to their first items and a count. */
function shorten(value: string): string {
  if (value.length <= MAX_SHOWN) return value
  try {
    const parsed: unknown = JSON.parse(value)
    if (Array.isArray(parsed)) {
      const head: string[] = []
      for (const item of parsed) {
        const text = JSON.stringify(item)
        if (head.length > 0 && head.join(',').length + text.length > MAX_SHOWN - 20) break
        head.push(text)
      }
      return `[${head.join(',')},…] (${parsed.length} items, ${value.length} chars)`
    }
  } catch {
    // not JSON: cut it below
  }
  return `${value.slice(0, MAX_SHOWN)}… (${value.length} chars)`
}

/** The outputs as `name = value` lines, names aligned, long values shortened. */
export function outputLines(outputs: Record<string, string>, secrets: readonly string[]): string[] {
  const entries = Object.entries(outputs)
  if (entries.length === 0) return ['(none)']
  const width = Math.max(...entries.map(([name]) => name.length))
  return entries.map(([name, value]) => `${name.padEnd(width)} = ${safe(shorten(value), secrets)}`)
}

/** A job summary as text for a terminal: its markdown, with the HTML of folded sections and charts put in words. */
export function summaryLines(markdown: string, secrets: readonly string[]): string[] {
  const lines: string[] = []
  let chart = false
  for (const line of markdown.trimEnd().split('\n')) {
    if (chart) {
      if (line.startsWith('```')) chart = false
      continue
    }
    if (line === '```mermaid') {
      chart = true
      lines.push('(a mermaid chart, which GitHub draws here; --summary FILE keeps its source)')
      continue
    }
    if (line === '<details>' || line === '</details>') continue
    const fold = /^<summary>(.*)<\/summary>$/.exec(line)
    lines.push(safe(fold ? `▸ ${fold[1] ?? ''}` : line, secrets))
  }
  return lines
}
