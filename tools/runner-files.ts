/** What the runner reads back from a step: its GITHUB_OUTPUT file and its `::command::` lines. Pure. */

/** Reads a GITHUB_OUTPUT file: `name<<DELIM\nvalue\nDELIM` blocks, as @actions/core writes them. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '')
    if (!m) continue
    const [, name, delimiter] = m as unknown as [string, string, string]
    const value: string[] = []
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '')
    outputs[name] = value.join('\n')
  }
  return outputs
}

/** The data of a `::command ...::data` line with its escaping (%25, %0D, %0A) undone; undefined for other lines. */
export function commandData(line: string, command: string): string | undefined {
  const m = new RegExp(`^::${command}(?: [^:]*)?::(.*)$`).exec(line)
  return m?.[1]?.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
}
