// In-memory request limits as GoTrue keeps them: token buckets (e.g. /verify per e-mail and per client
// address) and the minimum interval between two e-mails to one address.

/** `capacity` requests per `windowMs`, refilled continuously; an empty bucket refuses. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`; false when none is left. */
  take(key: string): boolean {
    const now = this.now();
    const prev = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    const refilled = Math.min(this.capacity, prev.tokens + ((now - prev.at) * this.capacity) / this.windowMs);
    if (this.buckets.size > 50_000) this.buckets.clear(); // bounded memory under a flood of keys
    if (refilled < 1) {
      this.buckets.set(key, { tokens: refilled, at: now });
      return false;
    }
    this.buckets.set(key, { tokens: refilled - 1, at: now });
    return true;
  }
}

/** At most one e-mail per address per interval; unknown addresses are gated the same way. */
export class SendInterval {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds still to wait (0 = allowed, and the send is recorded). */
  claim(address: string): number {
    const key = address.toLowerCase();
    const now = this.now();
    const prev = this.last.get(key);
    if (prev !== undefined && now - prev < this.intervalMs) return Math.ceil((this.intervalMs - (now - prev)) / 1000);
    if (this.last.size > 50_000) {
      for (const [k, t] of this.last) if (now - t >= this.intervalMs) this.last.delete(k);
    }
    this.last.set(key, now);
    return 0;
  }
}
