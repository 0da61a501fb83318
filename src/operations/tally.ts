/** Counting values in bounded memory: the breakdowns of a listing and its causes. */
import { TALLY_CAPACITY } from '../constants.js'
import type { CountRow } from '../results.js'
import { copyPrefix } from '../service/redact.js'

/** Longer values are counted by their first KEY_MAX_LENGTH - 1 characters and an ellipsis. */
export const KEY_MAX_LENGTH = 512

/** A value cut to `length` characters (KEY_MAX_LENGTH unless given), the ellipsis included. */
export function boundedKey(value: string, length = KEY_MAX_LENGTH): string {
  return value.length <= length ? value : `${copyPrefix(value, length - 1)}…`
}

/** A value kept by a tally: its count, and the figures its user keeps beside it (dropped with it). */
export interface Counted<T> {
  count: number
  figures?: T
}

/**
 * Counts values in bounded memory: exact up to `capacity` distinct values, then the Misra-Gries summary (each kept
 * count at most `undercount` low; every value more frequent than total / (capacity + 1) kept).
 */
export class Tally<T = never> {
  private counts = new Map<string, Counted<T>>()
  /** Empty between rounds: where the next round's survivors go. */
  private spare = new Map<string, Counted<T>>()
  /** How far below its true count any kept count may be: the rounds of lowering so far. */
  undercount = 0

  constructor(
    private readonly capacity: number = TALLY_CAPACITY,
    /** Longer values are cut to this many characters; Infinity for values whose parts are bounded already. */
    private readonly keyLength: number = KEY_MAX_LENGTH
  ) {}

  /** Counts the value; returns its entry (for the figures kept beside it) when kept, undefined when a round dropped it. */
  add(value: string): Counted<T> | undefined {
    const key = boundedKey(value, this.keyLength)
    const kept = this.counts.get(key)
    if (kept !== undefined) {
      kept.count++
      return kept
    }
    if (this.counts.size < this.capacity) {
      const entry: Counted<T> = { count: 1 }
      this.counts.set(key, entry)
      return entry
    }
    // Each round removes capacity + 1 occurrences (this one included), so it runs at most total / (capacity + 1) times.
    // The survivors move to the spare map and the full one is cleared, to be the next spare: deleting the dropped one
    // by one costs a third more CPU where most values are seen once; a new map each round let peak RSS swing past 200 MB.
    this.undercount++
    const left = this.spare
    for (const [k, entry] of this.counts) {
      if (entry.count > 1) {
        entry.count--
        left.set(k, entry)
      }
    }
    this.counts.clear()
    this.spare = this.counts
    this.counts = left
    return undefined
  }

  /** Kept values with their figures, most frequent first; with `undercount` above 0 each count is a lower bound. */
  entries(): ({ value: string } & Counted<T>)[] {
    return [...this.counts]
      .map(([value, { count, figures }]) => ({ value, count, ...(figures !== undefined ? { figures } : {}) }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
  }

  /** Kept values, most frequent first; with `undercount` above 0 each count is a lower bound. */
  rows(): CountRow[] {
    return this.entries().map(({ value, count }) => ({ value, count }))
  }
}
