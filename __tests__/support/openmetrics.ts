/** The metrics file read back by a real parser of the Prometheus/OpenMetrics text format (a devDependency). */
import { createRequire } from 'node:module'

export interface MetricFamily {
  name: string
  help: string
  type: string
  metrics: { value: string; labels?: Record<string, string> }[]
}

// The package ships CommonJS without types: its one function, typed here.
const require = createRequire(import.meta.url)
const parse = require('parse-prometheus-text-format') as (text: string) => MetricFamily[]

/**
 * The families of `text`, by name; throws when the parser refuses it, when it does not end in `# EOF`, or when a
 * family has two samples with the same label set (OpenMetrics forbids it, and a collector then rejects the file).
 */
export function readMetrics(text: string): Map<string, MetricFamily> {
  if (!text.endsWith('\n# EOF\n')) throw new Error('the metrics text does not end in "# EOF"')
  const families = parse(text)
  // The parser keeps one sample per label set (the last): fewer samples than lines means a label set came twice.
  const lines = new Map<string, number>()
  for (const line of text.split('\n').filter(l => l !== '' && !l.startsWith('#'))) {
    const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0] ?? line
    lines.set(name, (lines.get(name) ?? 0) + 1)
  }
  for (const family of families) {
    const written = lines.get(family.name) ?? 0
    if (written !== family.metrics.length) {
      throw new Error(`family ${family.name} has ${written} samples but ${family.metrics.length} label sets`)
    }
  }
  return new Map(families.map(family => [family.name, family]))
}

/** The value of the one sample of `name` whose labels include `labels`, as a number. */
export function sampleOf(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {}
): number {
  const family = families.get(name)
  if (family === undefined) throw new Error(`no metric family ${name}`)
  const matching = family.metrics.filter(m => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
  if (matching.length !== 1) throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}`)
  return Number(matching[0]?.value)
}
