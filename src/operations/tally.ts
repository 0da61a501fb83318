import type { CountRow } from './results.js'

/** Counts occurrences of values; rows come out most frequent first, ties by value. */
export class Tally {
  private readonly counts = new Map<string, number>()

  add(value: string): void {
    this.counts.set(value, (this.counts.get(value) ?? 0) + 1)
  }

  rows(): CountRow[] {
    return [...this.counts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
  }
}

/** Keeps the `size` items with the smallest keys seen so far, smallest first, without holding the rest. */
export class Smallest<T> {
  private readonly items: { key: number; item: T }[] = []

  constructor(
    private readonly size: number,
    private readonly direction: 1 | -1 = 1
  ) {}

  add(key: number, item: T): void {
    const k = key * this.direction
    const last = this.items[this.items.length - 1]
    if (this.items.length >= this.size && last && k >= last.key) return
    let i = this.items.length
    while (i > 0 && (this.items[i - 1] as { key: number }).key > k) i--
    this.items.splice(i, 0, { key: k, item })
    if (this.items.length > this.size) this.items.pop()
  }

  values(): T[] {
    return this.items.map(e => e.item)
  }
}
