/** Requests in flight at most: halved on a 429, one more after a run of successes, from one to the configured. */
export class AdaptiveLimit {
  private inFlight = 0
  private successes = 0
  private readonly waiting: (() => void)[] = []
  current: number

  constructor(
    readonly max: number,
    /** Successes in a row that earn one more slot. */
    private readonly growAfter = 5
  ) {
    this.current = max
  }

  /** The service said "too many requests". */
  rateLimited(): void {
    this.current = Math.max(1, Math.floor(this.current / 2))
    this.successes = 0
  }

  /** Runs `task` when a slot is free; a success counts toward growing back. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    while (this.inFlight >= this.current) await new Promise<void>(resolve => this.waiting.push(resolve))
    this.inFlight++
    try {
      const value = await task()
      if (++this.successes >= this.growAfter && this.current < this.max) {
        this.current++
        this.successes = 0
      }
      return value
    } finally {
      this.inFlight--
      this.waiting.splice(0, Math.max(0, this.current - this.inFlight)).forEach(wake => wake())
    }
  }
}
