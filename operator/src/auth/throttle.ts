/**
 * Counts failed sign-ins per key (an account, a client address) in a sliding window. After
 * `limit` failures the key is locked for `lockMs`. In memory: each replica throttles what it
 * sees, which still bounds guessing to limit x replicas per window.
 */
export class Throttle {
  private readonly failures = new Map<string, number[]>();
  private readonly lockedUntil = new Map<string, number>();

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 15 * 60_000,
    private readonly lockMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may try again, or 0. */
  retryAfter(key: string): number {
    const until = this.lockedUntil.get(key) ?? 0;
    const left = until - this.now();
    if (left <= 0 && until) this.lockedUntil.delete(key);
    return Math.max(0, left);
  }

  fail(key: string): void {
    const now = this.now();
    const recent = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    recent.push(now);
    this.failures.set(key, recent);
    if (recent.length >= this.limit) {
      this.lockedUntil.set(key, now + this.lockMs);
      this.failures.delete(key);
    }
    this.sweep(now);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  // Keeps memory bounded under a spray of distinct keys.
  private sweep(now: number): void {
    if (this.failures.size < 10_000) return;
    for (const [key, times] of this.failures)
      if (times.every((t) => now - t >= this.windowMs)) this.failures.delete(key);
  }
}
