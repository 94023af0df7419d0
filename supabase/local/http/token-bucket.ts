// Per-key token buckets (e.g. per client address): `capacity` requests at once, refilled at
// `capacity` per `windowMs`. Idle full buckets are dropped so the map stays small.

export interface TokenBucketOptions {
  capacity: number;
  windowMs: number;
  now?: () => number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;
  private readonly now: () => number;
  private lastSweep = 0;

  constructor(private readonly opts: TokenBucketOptions) {
    this.perMs = opts.capacity / opts.windowMs;
    this.now = opts.now ?? Date.now;
  }

  /** Takes one token; returns 0 when allowed, else the milliseconds until a token is back. */
  take(key: string): number {
    const now = this.now();
    this.sweep(now);
    const b = this.buckets.get(key) ?? { tokens: this.opts.capacity, at: now };
    b.tokens = Math.min(this.opts.capacity, b.tokens + (now - b.at) * this.perMs);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - b.tokens) / this.perMs);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.opts.windowMs) return;
    this.lastSweep = now;
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.perMs >= this.opts.capacity) this.buckets.delete(key);
    }
  }
}
