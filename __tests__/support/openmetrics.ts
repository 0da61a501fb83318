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

/** The families of `text`, by name; throws when the parser refuses it or it does not end in `# EOF`. */
export function readMetrics(text: string): Map<string, MetricFamily> {
  if (!text.endsWith('\n# EOF\n')) throw new Error('the metrics text does not end in "# EOF"')
  return new Map(parse(text).map(family => [family.name, family]))
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
