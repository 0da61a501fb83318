// The health checks of a listing, one entry each: the input of its threshold and how that is read, how it judges the
// listing's facts, its sentences, its outputs and its metrics. Input validation (inputs/), the verdict (operations/),
// the summary and the metrics file (report/) and the health issue (github/) are derived from this table, so a check is
// added here, once. A root module: it imports no folder of src/.
import { Inputs, Outputs } from './constants.js'
import { formatAge, formatCount, formatMs, plural } from './format.js'
import type { GrowthLimit, HealthLimits, HealthThresholds } from './requests.js'
import type { BreachFields, BreachKind, Growth } from './health-verdict.js'
import type { ListFindings } from './results.js'

export type CheckName = keyof HealthLimits

/** The input that sets each check's threshold. */
export interface CheckInputs {
  countAbove: Inputs.FailIfCountAbove
  oldestOlderThanMs: Inputs.FailIfOldestOlderThan
  newAbove: Inputs.FailIfNewAbove
  expiringWithinMs: Inputs.FailIfExpiringWithin
  growthAbove: Inputs.FailIfGrowthAbove
}

/** The kinds of breach each check finds; a kind ending in `-unknown` is "cannot be judged", never "within". */
interface CheckBreaches {
  countAbove: 'count'
  oldestOlderThanMs: 'age' | 'age-unknown'
  newAbove: 'arrivals' | 'arrivals-unknown'
  expiringWithinMs: 'expiry' | 'expiry-unknown'
  growthAbove: 'growth'
}

/** How a threshold is written, and what it reads to: inputs/health-inputs.ts has one reader for each form. */
export interface ThresholdForms {
  count: number
  duration: number
  growth: GrowthLimit
}
type FormOf<T> = { [F in keyof ThresholdForms]: ThresholdForms[F] extends T ? F : never }[keyof ThresholdForms]

/** The figures of a listing the checks judge, and how the count moved against history-file's samples. */
export type HealthFacts = Pick<ListFindings, 'count' | 'oldestCreatedAt' | 'noCreatedAt' | 'arrivals' | 'expiry'> & {
  growth?: Growth
}

/** What a sentence takes from its listing. */
export interface Words {
  /** "at least " when the listing did not reach the end (every figure a lower bound), else "". */
  atLeast: string
  complete: boolean
  /** What was counted: messages, or failed workflow runs. */
  noun: { one: string; many: string }
  /** What the count is of, when filtered: `matching `url` `https://…``. */
  scope?: string
}

/** One metric family of the metrics file (report/metrics writes it). */
export interface MetricFamily {
  name: string
  help: string
  unit?: 'seconds'
  samples: { labels?: Record<string, string>; value: number }[]
}

type BreachOf<K extends BreachKind> = { [X in K]: { kind: X } & BreachFields[X] }[K]

interface HealthCheck<C extends CheckName> {
  input: CheckInputs[C]
  /** How its threshold is written. */
  reads: FormOf<HealthLimits[C]>
  /** Why the threshold as set can never be judged (completing "Input 'x' ..."), refused before any request. */
  problem?(limit: HealthLimits[C], thresholds: HealthThresholds): string | undefined
  /** The breach the facts show, or none (the threshold met). */
  judge(limit: HealthLimits[C], facts: HealthFacts, now: number): BreachOf<CheckBreaches[C]> | undefined
  /** Each kind of breach it finds, told (`atLeast`: a lower bound). */
  breaches: { [K in CheckBreaches[C]]: (breach: BreachFields[K], words: Words) => string }
  /** Its figure in the verdict line (bold there), or undefined when it shows none. */
  figure(facts: HealthFacts, now: number, words: Words, limit: HealthLimits[C] | undefined): string | undefined
  /** Whether the facts can be judged at all (growth: an earlier sample within the window); else "not judged". */
  judgeable?(facts: HealthFacts): boolean
  /** Its limit beside the figure: "limit 100". */
  limit(limit: HealthLimits[C]): string
  /** When the threshold fails the step, naming its inputs: a clause of "Fail the step when ..." (what was asked). */
  asked(limit: HealthLimits[C], thresholds: HealthThresholds, words: Words): string
  /** The outputs it fills; `known`: the listing listed something (else every figure is unknown, empty). */
  outputs?(facts: HealthFacts, known: boolean): Partial<Record<Outputs, string>>
  /** Its figures in the metrics file. */
  metrics?(facts: HealthFacts, now: number): MetricFamily[]
}

const seconds = (ms: number): number => ms / 1000

/** A growth threshold as written back: `+500/1h`, `200%/24h`. */
const growthLimitText = ({ amount, percent, withinMs }: GrowthLimit): string =>
  `${percent ? `${amount}%` : `+${formatCount(amount)}`}/${formatAge(withinMs).replace(/ /g, '')}`

/** A rise told: `+4,380 messages (120 to 4,500)`, or in percent `+3,650% (120 to 4,500)`. */
function growthText(growth: Growth, percent: boolean, noun: Words['noun']): string {
  const { delta = 0, from, to } = growth
  const sign = delta >= 0 ? '+' : ''
  const amount = percent
    ? `${sign}${formatCount(Math.round(growth.percent ?? 0))}%`
    : `${sign}${plural(delta, noun.one, noun.many)}`
  return from === undefined ? amount : `${amount} (${formatCount(from.count)} to ${formatCount(to)})`
}

/** `oldest 3h`, `oldest 3h (unknown for 12 messages)`, `oldest: unknown for 400 messages`; or "oldest seen". */
export function oldestText(facts: HealthFacts, now: number, words: Pick<Words, 'complete'>): string {
  const word = words.complete ? 'oldest' : 'oldest seen'
  const unknown = facts.noCreatedAt ? `unknown for ${plural(facts.noCreatedAt, 'message', 'messages')}` : undefined
  if (facts.oldestCreatedAt === undefined) return `${word}: ${unknown ?? 'unknown'}`
  const age = `${word} ${formatAge(now - facts.oldestCreatedAt)}`
  return unknown === undefined ? age : `${age} (${unknown})`
}

/** Every health check, in the order the verdict, the summary and the metrics file name them. */
export const HEALTH_CHECKS: { [C in CheckName]: HealthCheck<C> } = {
  countAbove: {
    input: Inputs.FailIfCountAbove,
    reads: 'count',
    judge: (limit, { count }) => (count > limit ? { kind: 'count', count, limit } : undefined),
    breaches: {
      count: (b, { atLeast, noun }) =>
        `${atLeast}${plural(b.count, noun.one, noun.many)}, more than fail-if-count-above (${formatCount(b.limit)})`
    },
    figure: ({ count }, _now, { atLeast, noun, scope }) =>
      `${atLeast}${plural(count, noun.one, noun.many)}${scope === undefined ? '' : ` ${scope}`}`,
    limit: limit => `limit ${formatCount(limit)}`,
    asked: (limit, _t, { noun }) =>
      `more than ${plural(limit, noun.one, noun.many)} are listed (\`fail-if-count-above\`)`,
    metrics: ({ count }) => [{ name: 'dlq_messages', help: 'Messages listed.', samples: [{ value: count }] }]
  },
  oldestOlderThanMs: {
    input: Inputs.FailIfOldestOlderThan,
    reads: 'duration',
    // Messages of unknown age (noCreatedAt) fail an age threshold too, unless a known age already does.
    judge: (limitMs, { oldestCreatedAt, noCreatedAt = 0 }, now) => {
      if (oldestCreatedAt !== undefined && now - oldestCreatedAt > limitMs) {
        return { kind: 'age', ageMs: now - oldestCreatedAt, limitMs }
      }
      return noCreatedAt > 0 ? { kind: 'age-unknown', messages: noCreatedAt, limitMs } : undefined
    },
    breaches: {
      age: (b, { noun }) =>
        `the oldest ${noun.one} is ${formatAge(b.ageMs)} old, older than fail-if-oldest-older-than (${formatAge(b.limitMs)})`,
      'age-unknown': (b, { atLeast, noun }) =>
        `${atLeast}${plural(b.messages, noun.one, noun.many)} had no usable creation time (createdAt), so their age is ` +
        `unknown and fail-if-oldest-older-than (${formatAge(b.limitMs)}) cannot be judged`
    },
    figure: (facts, now, words) => oldestText(facts, now, words),
    limit: limitMs => `limit ${formatAge(limitMs)}`,
    asked: (limitMs, _t, { noun }) =>
      `the oldest ${noun.one} is older than ${formatAge(limitMs)} (\`fail-if-oldest-older-than\`)`,
    metrics: ({ oldestCreatedAt }, now) =>
      oldestCreatedAt === undefined
        ? []
        : [
            {
              name: 'dlq_oldest_message_age_seconds',
              help: 'Age of the oldest listed message, from its createdAt.',
              unit: 'seconds',
              samples: [{ value: seconds(now - oldestCreatedAt) }]
            }
          ]
  },
  newAbove: {
    input: Inputs.FailIfNewAbove,
    reads: 'count',
    // Messages of unknown age may be new: within the limit only if they could not take the count over it.
    judge: (limit, { arrivals, noCreatedAt = 0 }) => {
      if (arrivals === undefined) return undefined
      const { count, withinMs } = arrivals
      if (count > limit) return { kind: 'arrivals', count, limit, withinMs }
      return count + noCreatedAt > limit
        ? { kind: 'arrivals-unknown', messages: noCreatedAt, limit, withinMs }
        : undefined
    },
    breaches: {
      arrivals: (b, { atLeast, noun }) =>
        `${atLeast}${plural(b.count, noun.one, noun.many)} created within the last ${formatAge(b.withinMs)}, more ` +
        `than fail-if-new-above (${formatCount(b.limit)})`,
      'arrivals-unknown': (b, { atLeast, noun }) =>
        `${atLeast}${plural(b.messages, noun.one, noun.many)} had no usable creation time (createdAt), so whether more ` +
        `than fail-if-new-above (${formatCount(b.limit)}) arrived within ${formatAge(b.withinMs)} cannot be judged`
    },
    figure: ({ arrivals }, _now, { atLeast }, limit) =>
      limit === undefined || arrivals === undefined
        ? undefined
        : `${atLeast}${formatCount(arrivals.count)} new within ${formatAge(arrivals.withinMs)}`,
    limit: limit => `limit ${formatCount(limit)}`,
    asked: (limit, { newWithinMs }, { noun }) =>
      `more than ${plural(limit, noun.one, noun.many)} were created within ${formatAge(newWithinMs ?? 0)} ` +
      '(`fail-if-new-above`, `new-within`)',
    outputs: ({ arrivals }, known) => ({
      [Outputs.NewCount]: !known || arrivals === undefined ? '' : String(arrivals.count)
    }),
    metrics: ({ arrivals }) =>
      arrivals === undefined
        ? []
        : [
            {
              name: 'dlq_new_messages',
              help: 'Messages created within the new-within window.',
              samples: [{ labels: { window_seconds: String(seconds(arrivals.withinMs)) }, value: arrivals.count }]
            }
          ]
  },
  expiringWithinMs: {
    input: Inputs.FailIfExpiringWithin,
    reads: 'duration',
    problem: (withinMs, { retentionMs }) =>
      retentionMs === undefined
        ? "needs retention: set retention to your plan's DLQ retention (such as 3d, 7d, 30d or 90d), from which the " +
          'time each message is deleted is forecast'
        : withinMs >= retentionMs
          ? 'must be shorter than retention: every message is deleted within the retention, so the check could never pass'
          : undefined,
    // The age counts from createdAt, before the message entered the DLQ: the forecast errs early, never late.
    judge: (_limit, { expiry, noCreatedAt = 0 }, now) => {
      if (expiry === undefined) return undefined
      const { count, withinMs, retentionMs, nextAt = now } = expiry
      if (count > 0) return { kind: 'expiry', count, withinMs, retentionMs, inMs: Math.max(0, nextAt - now) }
      return noCreatedAt > 0 ? { kind: 'expiry-unknown', messages: noCreatedAt, withinMs } : undefined
    },
    breaches: {
      expiry: (b, { atLeast, noun }) =>
        `${atLeast}${plural(b.count, noun.one, noun.many)} will be deleted by the service within ` +
        `${formatAge(b.withinMs)} (fail-if-expiring-within; retention ${formatAge(b.retentionMs)}); the first ` +
        (b.inMs === 0 ? 'is already past the retention' : `in ${formatAge(b.inMs)}`),
      'expiry-unknown': (b, { atLeast, noun }) =>
        `${atLeast}${plural(b.messages, noun.one, noun.many)} had no usable creation time (createdAt), so when the ` +
        `service deletes them is unknown and fail-if-expiring-within (${formatAge(b.withinMs)}) cannot be judged`
    },
    figure: ({ expiry }, _now, { atLeast }) =>
      expiry === undefined
        ? undefined
        : `${atLeast}${formatCount(expiry.count)} deleted by the service within ${formatAge(expiry.withinMs)}`,
    limit: () => 'none allowed',
    asked: (withinMs, { retentionMs }, { noun }) =>
      `a ${noun.one} will be deleted by the service within ${formatAge(withinMs)}, its retention being ` +
      `${formatAge(retentionMs ?? 0)} (\`fail-if-expiring-within\`, \`retention\`)`,
    outputs: ({ expiry }, known) => ({
      [Outputs.ExpiringCount]: !known || expiry === undefined ? '' : String(expiry.count),
      [Outputs.NextExpiryAt]: expiry?.nextAt === undefined ? '' : formatMs(expiry.nextAt)
    }),
    metrics: ({ expiry }) =>
      expiry === undefined
        ? []
        : [
            {
              name: 'dlq_expiring_messages',
              help: 'Messages the service deletes within the window, forecast from createdAt and retention.',
              samples: [{ labels: { window_seconds: String(seconds(expiry.withinMs)) }, value: expiry.count }]
            },
            ...(expiry.nextAt === undefined
              ? []
              : [
                  {
                    name: 'dlq_next_expiry_timestamp_seconds',
                    help: 'When the service deletes the first listed message.',
                    unit: 'seconds' as const,
                    samples: [{ value: seconds(expiry.nextAt) }]
                  }
                ])
          ]
  },
  growthAbove: {
    input: Inputs.FailIfGrowthAbove,
    reads: 'growth',
    problem: (_limit, { history }) =>
      history === true
        ? undefined
        : "needs history-file: the growth is measured against the earlier runs' figures, which that file keeps " +
          '(restore and save it with actions/cache)',
    // A lower bound now against a complete sample can only understate a rise: a breach found is certain.
    judge: (limit, { growth }) => {
      if (growth?.delta === undefined) return undefined
      const over = limit.percent ? (growth.percent ?? 0) > limit.amount : growth.delta > limit.amount
      return over ? { kind: 'growth', growth, limit } : undefined
    },
    breaches: {
      growth: ({ growth, limit }, { atLeast, noun }) =>
        `the DLQ grew by ${atLeast}${growthText(growth, limit.percent, noun)} within ` +
        `${formatAge(growth.withinMs)}, more than fail-if-growth-above (${growthLimitText(limit)})`
    },
    judgeable: ({ growth }) => growth?.delta !== undefined,
    figure: ({ growth }, _now, { atLeast, noun }, limit) => {
      if (limit === undefined || growth === undefined) return undefined
      const within = `within ${formatAge(growth.withinMs)}`
      if (growth.delta === undefined) return `growth ${within}: no earlier complete figures in that window`
      const covered = growth.covered ? '' : ` (the history kept does not reach back ${formatAge(growth.withinMs)} yet)`
      return `${atLeast}${growthText(growth, limit.percent, noun)} ${within}${covered}`
    },
    limit: limit => `limit ${growthLimitText(limit)}`,
    asked: limit =>
      `the count grew by more than ${growthLimitText(limit)} (\`fail-if-growth-above\`, against \`history-file\`)`,
    outputs: ({ growth }, known) => ({
      [Outputs.Growth]: !known || growth?.delta === undefined ? '' : String(growth.delta)
    }),
    metrics: ({ growth }) =>
      growth?.delta === undefined
        ? []
        : [
            {
              name: 'dlq_growth_messages',
              help: 'How the count moved within the window of fail-if-growth-above, from its lowest earlier figure.',
              samples: [{ labels: { window_seconds: String(seconds(growth.withinMs)) }, value: growth.delta }]
            }
          ]
  }
}

/** The checks, in the table's order. */
export const CHECK_NAMES = Object.keys(HEALTH_CHECKS) as CheckName[]

/** One check's entry, typed by its name. */
export const checkOf = <C extends CheckName>(name: C): HealthCheck<C> => HEALTH_CHECKS[name]

/** Every kind of breach with the check that finds it, in the table's order. */
const KIND_CHECKS = new Map(
  CHECK_NAMES.flatMap(name => Object.keys(HEALTH_CHECKS[name].breaches).map(kind => [kind as BreachKind, name]))
)
export const BREACH_KINDS = [...KIND_CHECKS.keys()]

/** The check that finds a kind of breach. */
export const checkOfBreach = (kind: BreachKind): CheckName => KIND_CHECKS.get(kind) as CheckName

/** Whether a kind of breach says the threshold cannot be judged (rather than exceeded). */
export const cannotBeJudged = (kind: BreachKind): boolean => kind.endsWith('-unknown')

/** A breach told: its check's sentence for its kind. */
export function breachText<K extends BreachKind>(breach: { kind: K } & BreachFields[K], words: Words): string {
  const says = (
    HEALTH_CHECKS[checkOfBreach(breach.kind)].breaches as Record<K, (b: BreachFields[K], w: Words) => string>
  )[breach.kind]
  return says(breach, words)
}

/** Whether any threshold is set: only then is the listing judged. */
export const anyThreshold = (thresholds: HealthThresholds): boolean =>
  CHECK_NAMES.some(name => thresholds[name] !== undefined)
