/**
 * A work queue that serialises by key: a key is never processed twice at once, a key added
 * while it is being processed runs again afterwards, and failures retry with exponential
 * backoff (0.5 s doubling to 5 min), as client-go's rate-limited queue does.
 */
export class WorkQueue {
  private readonly waiting = new Set<string>();
  private readonly active = new Set<string>();
  private readonly dirty = new Set<string>();
  private readonly failures = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private running = 0;
  private stopped = false;

  constructor(
    private readonly process: (key: string) => Promise<void>,
    private readonly onError: (key: string, error: unknown, attempt: number) => void,
    private readonly concurrency = 2,
    private readonly baseDelayMs = 500,
    private readonly maxDelayMs = 300_000,
  ) {}

  get depth(): number {
    return this.waiting.size + this.timers.size;
  }

  add(key: string): void {
    if (this.stopped) return;
    if (this.active.has(key)) {
      this.dirty.add(key);
      return;
    }
    this.waiting.add(key);
    this.pump();
  }

  stop(): void {
    this.stopped = true;
    this.timers.forEach(clearTimeout);
    this.timers.clear();
    this.waiting.clear();
  }

  /** Resolves when nothing is waiting or running (tests and benchmarks use it). */
  async idle(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.waiting.size || this.active.size) {
      if (Date.now() > deadline) throw new Error('work queue did not drain');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private pump(): void {
    while (!this.stopped && this.running < this.concurrency) {
      const key = [...this.waiting].find((k) => !this.active.has(k));
      if (!key) return;
      this.waiting.delete(key);
      this.active.add(key);
      this.running++;
      void this.process(key)
        .then(
          () => this.failures.delete(key),
          (error: unknown) => {
            const attempt = (this.failures.get(key) ?? 0) + 1;
            this.failures.set(key, attempt);
            this.onError(key, error, attempt);
            const delay = Math.min(this.baseDelayMs * 2 ** (attempt - 1), this.maxDelayMs);
            this.timers.set(
              key,
              setTimeout(() => {
                this.timers.delete(key);
                this.add(key);
              }, delay),
            );
          },
        )
        .finally(() => {
          this.active.delete(key);
          this.running--;
          if (this.dirty.delete(key)) this.add(key);
          this.pump();
        });
    }
  }
}
