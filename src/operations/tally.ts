/** Counting values in bounded memory: the breakdowns of a listing and its causes. */
import { TALLY_CAPACITY } from '../constants.js'
import type { CountRow } from '../results.js'
import { copyPrefix } from '../service/redact.js'

/** Longer values are counted by their first KEY_MAX_LENGTH - 1 characters and an ellipsis. */
export const KEY_MAX_LENGTH = 512

/** A value cut to KEY_MAX_LENGTH characters, the ellipsis included. */
export function boundedKey(value: string): string {
  return value.length <= KEY_MAX_LENGTH ? value : `${copyPrefix(value, KEY_MAX_LENGTH - 1)}…`
}

/**
 * Counts values in bounded memory: exact up to `capacity` distinct values, then the Misra-Gries summary (each kept
 * count at most `undercount` low; every value more frequent than total / (capacity + 1) kept).
 */
export class Tally {
  private readonly counts = new Map<string, number>()
  /** How far below its true count any kept count may be: the rounds of lowering so far. */
  undercount = 0

  constructor(
    private readonly capacity: number = TALLY_CAPACITY,
    /** Hears each key dropped, so that figures kept beside a key can go with it. */
    private readonly onDrop?: (key: string) => void
  ) {}

  /** Counts the value; returns its key when the value is kept, undefined when this round dropped it. */
  add(value: string): string | undefined {
    const key = boundedKey(value)
    const count = this.counts.get(key)
    if (count !== undefined || this.counts.size < this.capacity) {
      this.counts.set(key, (count ?? 0) + 1)
      return key
    }
    // Each round removes capacity + 1 occurrences (this one included), so it runs at most total / (capacity + 1) times.
    this.undercount++
    for (const [k, n] of this.counts) {
      if (n <= 1) {
        this.counts.delete(k)
        this.onDrop?.(k)
      } else this.counts.set(k, n - 1)
    }
    return undefined
  }

  /** Kept values, most frequent first; with `undercount` above 0 each count is a lower bound. */
  rows(): CountRow[] {
    return [...this.counts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
  }
}
