/**
 * Token bucket per key (a character id): `ratePerSecond` tokens flow in, at most `burst` are kept, each send takes
 * one. The default 5/s with a burst of 10 lets a person type fast and paste a few lines, but not flood a channel.
 * Buckets live in this process: with N nodes behind a balancer a character could reach N times the rate; sends of
 * one stream usually stick to one node, and the limit is there against floods, not for exact accounting.
 */
export interface RateLimit {
  ratePerSecond: number;
  burst: number;
}

export const DEFAULT_SEND_LIMIT: RateLimit = { ratePerSecond: 5, burst: 10 };

interface Bucket {
  tokens: number;
  updatedMs: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweepMs = 0;

  constructor(
    private readonly limit: RateLimit = DEFAULT_SEND_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a token; returns 0 when allowed, otherwise the milliseconds until the next token. */
  take(key: string): number {
    const nowMs = this.now();
    this.sweep(nowMs);
    const bucket = this.buckets.get(key) ?? { tokens: this.limit.burst, updatedMs: nowMs };
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + ((nowMs - bucket.updatedMs) / 1000) * this.limit.ratePerSecond);
    bucket.updatedMs = nowMs;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - bucket.tokens) / this.limit.ratePerSecond) * 1000);
  }

  /** Gives back a token taken by a send that was then refused (a refused send does not count). */
  refund(key: string): void {
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens = Math.min(this.limit.burst, bucket.tokens + 1);
  }

  size(): number {
    return this.buckets.size;
  }

  /** Forget buckets that have refilled completely: they behave exactly like a new one. */
  private sweep(nowMs: number): void {
    const fullAfterMs = (this.limit.burst / this.limit.ratePerSecond) * 1000;
    if (nowMs - this.lastSweepMs < fullAfterMs) return;
    this.lastSweepMs = nowMs;
    for (const [key, bucket] of this.buckets) if (nowMs - bucket.updatedMs >= fullAfterMs) this.buckets.delete(key);
  }
}
