import type pg from 'pg';
import type { Logger } from 'pino';

/**
 * One pooled connection LISTENing on a few channels, opened again (with backoff) when the
 * database drops it. Notifications only make things faster here — every consumer also polls —
 * so a LISTEN that cannot be opened is logged, not fatal.
 */
export class PgListener {
  private client?: pg.PoolClient;
  private opening?: Promise<void>;
  private retry?: NodeJS.Timeout;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly channels: Record<string, (payload: string) => void>,
  ) {}

  start(): Promise<void> {
    this.opening ??= this.open().finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.opening;
    const client = this.client;
    this.client = undefined;
    if (client) {
      await client.query('UNLISTEN *').catch(() => undefined);
      client.release();
    }
  }

  private async open(): Promise<void> {
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      const own = client;
      own.on('notification', (msg) => this.channels[msg.channel]?.(msg.payload ?? ''));
      own.on('error', (error) => {
        if (this.client !== own) return;
        this.log.warn({ err: error }, 'LISTEN connection lost; opening it again');
        this.client = undefined;
        own.release(error);
        this.later();
      });
      for (const channel of Object.keys(this.channels)) await own.query(`LISTEN ${channel}`);
      if (this.stopped) {
        own.release();
        return;
      }
      this.client = own;
      this.failures = 0;
    } catch (error) {
      client?.release(error as Error);
      this.log.warn({ err: error }, 'LISTEN failed; polling only until it can be opened');
      this.later();
    }
  }

  private later(): void {
    if (this.stopped) return;
    const delay = Math.min(30_000, 1000 * 2 ** this.failures++);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.start(), delay);
    this.retry.unref();
  }
}
