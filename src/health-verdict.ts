// The health verdict's vocabulary: each kind of breach and what it carries, and the verdict of a listing. A root
// module: it imports no folder of src/.
import type { GrowthLimit, HealthThresholds } from './requests.js'

/** What each kind of breach carries besides its kind: the one list of kinds, so a new one asks for its sentence. */
export interface BreachFields {
  count: { count: number; limit: number }
  age: { ageMs: number; limitMs: number }
  /** Messages without a creation time under an age threshold: their age is unknown, so the limit cannot be judged. */
  'age-unknown': { messages: number; limitMs: number }
  arrivals: { count: number; limit: number; withinMs: number }
  /** Arrivals within the limit, unless the messages without a creation time arrived lately: cannot be judged. */
  'arrivals-unknown': { messages: number; limit: number; withinMs: number }
  /** `inMs`: until the first is deleted. */
  expiry: { count: number; withinMs: number; retentionMs: number; inMs: number }
  'expiry-unknown': { messages: number; withinMs: number }
  /** The count grew by more than the limit within its window: from the lowest kept sample in it to now. */
  growth: { growth: Growth; limit: GrowthLimit }
}
export type BreachKind = keyof BreachFields
/** A threshold the listing exceeded, with both numbers. */
export type Breach = { [K in BreachKind]: { kind: K } & BreachFields[K] }[BreachKind]

/** The thresholds of a health check and the breaches the listing found (none: healthy). */
export interface HealthVerdict extends HealthThresholds {
  breaches: Breach[]
}

/** One run's figures as history-file keeps them: numbers only, each on the service's clock where it is a time. */
export interface HistorySample {
  at: number
  count: number
  /** 1: the listing reached the end; 0: the count is a lower bound (never a baseline for growth). */
  complete: 0 | 1
  oldestAgeMs?: number
  new?: number
  expiring?: number
}

/** The history a check read and wrote back: the kept samples, this run's last, and why there was none before. */
export interface History {
  samples: HistorySample[]
  /** Why no earlier figures were read: the file is missing, damaged or another check's ("no history yet"). */
  none?: string
}

/** How the count moved within the window of fail-if-growth-above, from the lowest complete sample in it to now. */
export interface Growth {
  withinMs: number
  /** The lowest count of the earlier complete samples within the window, and when; absent: no such sample. */
  from?: { count: number; at: number }
  to: number
  /** to - from.count (negative: it shrank), and as a percentage of from.count (of 1 when it was 0). */
  delta?: number
  percent?: number
  /** The kept samples reach back to the window's start: otherwise the rise is measured over what they cover. */
  covered: boolean
}
