import { labelsMatch, parseLine } from './line.js';
import type { LineFilter, LineSource, SourceLine } from './source.js';

/** How many of Vigil's own log lines are kept in memory, and how long one may be. */
export const RING_LINES = 5000;
export const RING_LINE_BYTES = 16 * 1024;

/**
 * The most recent lines Vigil logged (pino's JSON lines), for the `vigil` log backend: a fixed
 * ring, oldest dropped first, each line numbered so a page cursor can resume below it.
 * main.ts tees the logger into `vigilLogs`; pino calls write() once per line.
 */
export class LogRing {
  private readonly lines: string[];
  /** The number of the next line written; line n sits at n % capacity. */
  private seq = 0;

  constructor(readonly capacity = RING_LINES) {
    this.lines = new Array<string>(capacity);
  }

  write(chunk: string | Uint8Array): boolean {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      this.lines[this.seq % this.capacity] =
        line.length > RING_LINE_BYTES ? line.slice(0, RING_LINE_BYTES) : line;
      this.seq++;
    }
    return true;
  }

  /** The number of the newest line kept (-1 when empty), and of the oldest. */
  get newest(): number {
    return this.seq - 1;
  }

  get oldest(): number {
    return Math.max(0, this.seq - this.capacity);
  }

  at(n: number): string | undefined {
    return n >= this.oldest && n <= this.newest ? this.lines[n % this.capacity] : undefined;
  }

  clear(): void {
    this.lines.fill(undefined as unknown as string);
    this.seq = 0;
  }
}

/** Vigil's own logs, as the `vigil` log backend reads them. */
export const vigilLogs = new LogRing();

/** Where a ring source resumes: at line number `n` (and below). */
export interface RingResume {
  n: number;
}

export class RingSource implements LineSource {
  private n: number;
  private done = false;

  constructor(
    readonly key: string,
    private readonly ring: LogRing,
    private readonly labels: Record<string, string>,
    private readonly filter: LineFilter,
    resume?: RingResume,
  ) {
    this.n = Math.min(resume?.n ?? ring.newest, ring.newest);
  }

  initial(): RingResume {
    return { n: this.n };
  }

  upper(): number {
    return Number.POSITIVE_INFINITY;
  }

  async next(): Promise<SourceLine | undefined> {
    const { query, start, end } = this.filter;
    while (!this.done && this.n >= this.ring.oldest) {
      const n = this.n--;
      const raw = this.ring.at(n);
      if (raw === undefined || (query && !raw.includes(query))) continue;
      const parsed = parseLine(raw, 'auto');
      const ts = parsed.ts ?? 0;
      if (ts > end) continue;
      if (ts < start) {
        this.done = true;
        break;
      }
      const labels = { ...parsed.labels, ...this.labels };
      if (!labelsMatch(labels, this.filter.labels)) continue;
      return { ts, message: parsed.message, labels, resume: { n }, after: { n: n - 1 } };
    }
    this.done = true;
    return undefined;
  }

  async close(): Promise<void> {}
}
