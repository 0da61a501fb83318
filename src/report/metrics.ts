/** The health check's figures in the OpenMetrics text format (metrics-file), for a Pushgateway or a textfile collector. */
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

/** A label value as the format quotes it: backslash, quote and newline escaped, other controls replaced. */
function labelValue(value: string): string {
  const cut = value.length <= LABEL_VALUE_LENGTH ? value : `${value.slice(0, LABEL_VALUE_LENGTH - 1)}…`
  return cut.replace(/[\\"\n]/g, c => (c === '\n' ? '\\n' : `\\${c}`)).replace(LABEL_CONTROLS, '\ufffd')
}

/** A number as the format writes it: integers whole, seconds to the millisecond. */
const number = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(3))

function familyText({ name, help, unit, samples }: MetricFamily): string[] {
  return [
    `# TYPE ${name} gauge`,
    ...(unit === undefined ? [] : [`# UNIT ${name} ${unit}`]),
    `# HELP ${name} ${help}`,
    ...samples.map(({ labels, value }) => {
      const set = Object.entries(labels ?? {}).map(([key, text]) => `${key}="${labelValue(text)}"`)
      return `${name}${set.length === 0 ? '' : `{${set.join(',')}}`} ${number(value)}`
    })
  ]
}

/** The leading rows by `label`, and the rest of `total` as "(other)". */
function labelled(rows: readonly CountRow[], label: string, total: number): Sample[] {
  const shown = rows.slice(0, LABELLED_ROWS)
  const rest = total - shown.reduce((n, row) => n + row.count, 0)
  return [
    ...shown.map(row => ({ labels: { [label]: row.value }, value: row.count })),
    ...(rest > 0 ? [{ labels: { [label]: '(other)' }, value: rest }] : [])
  ]
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
