// The health verdict's vocabulary: each kind of breach and what it carries, and the verdict of a listing. A root
// module: it imports no folder of src/.
import type { HealthThresholds } from './requests.js'

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
}
export type BreachKind = keyof BreachFields
/** A threshold the listing exceeded, with both numbers. */
export type Breach = { [K in BreachKind]: { kind: K } & BreachFields[K] }[BreachKind]

/** The thresholds of a health check and the breaches the listing found (none: healthy). */
export interface HealthVerdict extends HealthThresholds {
  breaches: Breach[]
}
