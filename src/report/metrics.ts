/** The health check's figures in the OpenMetrics text format (metrics-file), for a Pushgateway or a textfile collector. */
import { createHash } from 'node:crypto'
import { CHECK_NAMES, HEALTH_CHECKS, type MetricFamily } from '../health-checks.js'
import type { CountRow, ListResult } from '../results.js'
import { listingComplete } from './list-verdict.js'

/** Label values per family (statuses, destinations): the leading ones, the rest as "(other)", so labels stay bounded. */
const LABELLED_ROWS = 20
/** Characters of a label value: a destination URL stays recognisable, a hostile one stays small. */
const LABEL_VALUE_LENGTH = 200

type Sample = MetricFamily['samples'][number]

// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const LABEL_CONTROLS = /[\x00-\x09\x0b-\x1f\x7f\u0085\u2028\u2029]/g

/** Half a surrogate pair without its other half: the file's UTF-8 writes it as U+FFFD. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Characters of the hash that keeps a cut label value apart from every other value cut to the same start. */
const CUT_HASH_LENGTH = 8

/**
 * A value as a label may hold it: well-formed UTF-16 (a lone surrogate would be written as U+FFFD), control characters
 * but the newline replaced, and at most LABEL_VALUE_LENGTH characters: a longer one keeps its start and a hash of the
 * whole, so that values alike in their first 199 characters (signed URLs, long queries) stay apart.
 */
function labelText(value: string): string {
  const text = value.replace(LONE_SURROGATE, '\ufffd').replace(LABEL_CONTROLS, '\ufffd')
  if (text.length <= LABEL_VALUE_LENGTH) return text
  const hash = createHash('sha256').update(value).digest('hex').slice(0, CUT_HASH_LENGTH)
  let start = text.slice(0, LABEL_VALUE_LENGTH - CUT_HASH_LENGTH - 1)
  // Never half a surrogate pair: it would be written as U+FFFD.
  if (/[\ud800-\udbff]$/.test(start)) start = start.slice(0, -1)
  return `${start}…${hash}`
}

/** A label value as the format quotes it: backslash, quote and newline escaped (one to one, so distinct stays distinct). */
function quoted(text: string): string {
  return text.replace(/[\\"\n]/g, c => (c === '\n' ? '\\n' : `\\${c}`))
}

/** A number as the format writes it: integers whole, seconds to the millisecond. */
const number = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(3))

function familyText({ name, help, unit, samples }: MetricFamily): string[] {
  return [
    `# TYPE ${name} gauge`,
    ...(unit === undefined ? [] : [`# UNIT ${name} ${unit}`]),
    `# HELP ${name} ${help}`,
    ...samples.map(({ labels, value }) => {
      const set = Object.entries(labels ?? {}).map(([key, text]) => `${key}="${quoted(text)}"`)
      return `${name}${set.length === 0 ? '' : `{${set.join(',')}}`} ${number(value)}`
    })
  ]
}

/** The rest bucket's label value: reserved, so that a real value spelt the same is told apart, never merged. */
const REST = '(other)'

/**
 * The leading rows by `label`, and the rest of `total` as "(other)", every label set of the family unique whatever the
 * data: a value already taken (by the rest, or by a value alike once cut or cleaned) gets the first free ` #N`.
 */
function labelled(rows: readonly CountRow[], label: string, total: number): Sample[] {
  const shown = rows.slice(0, LABELLED_ROWS)
  const rest = total - shown.reduce((n, row) => n + row.count, 0)
  const taken = new Set<string>(rest > 0 ? [REST] : [])
  const samples = shown.map(row => {
    const text = labelText(row.value)
    let unique = text
    for (let n = 2; taken.has(unique); n++) unique = `${text} #${n}`
    taken.add(unique)
    return { labels: { [label]: unique }, value: row.count }
  })
  return [...samples, ...(rest > 0 ? [{ labels: { [label]: REST }, value: rest }] : [])]
}

/**
 * The figures of a health check, ending in `# EOF`. A listing that listed nothing for a failure has no figures to
 * give (0 would read as an empty DLQ): only the check's time and `dlq_check_complete 0`.
 */
export function metricsText(result: ListResult, now: number): string {
  const seconds = (ms: number): number => ms / 1000
  const known = !(result.failure !== undefined && result.count === 0)
  const families: MetricFamily[] = [
    {
      name: 'dlq_check_timestamp_seconds',
      help: 'When the health check ran.',
      unit: 'seconds',
      samples: [{ value: seconds(now) }]
    },
    {
      name: 'dlq_check_complete',
      help: 'Whether the listing reached the end (0: every figure is a lower bound).',
      samples: [{ value: listingComplete(result) ? 1 : 0 }]
    },
    {
      name: 'dlq_check_breaches',
      help: 'Thresholds the health check found exceeded (0: healthy or not judged).',
      samples: [{ value: result.health.breaches.length }]
    }
  ]
  if (known) {
    // Each check's own figures, as its entry in the table gives them.
    families.push(...CHECK_NAMES.flatMap(name => HEALTH_CHECKS[name].metrics?.(result, now) ?? []))
    families.push(
      {
        name: 'dlq_messages_without_created_at',
        help: 'Messages listed without a creation time: their age is unknown.',
        samples: [{ value: result.noCreatedAt ?? 0 }]
      },
      {
        name: 'dlq_messages_by_status',
        help: 'Messages by last response status.',
        samples: labelled(result.byStatus, 'status', result.count)
      },
      {
        name: 'dlq_messages_by_destination',
        help: 'Messages by destination URL: the leading 20, the rest as (other).',
        samples: labelled(result.byUrl, 'destination', result.count)
      }
    )
  }
  return `${[...families.flatMap(familyText), '# EOF'].join('\n')}\n`
}
