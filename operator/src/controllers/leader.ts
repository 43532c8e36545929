import type pg from 'pg';
import type { Logger } from 'pino';

// Any constant works; it only has to be the same for every Vigil sharing the database.
const LEADER_LOCK = 0x76_69_67_6c; // 'vigl'

/**
 * One leader among replicas sharing a database: whoever holds a session-level advisory lock on
 * a dedicated connection. If that connection drops, the lock is released and another replica
 * takes over within the retry interval.
 */
export class LeaderElection {
  private client?: pg.PoolClient;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly onLead: () => void,
    private readonly retryMs = 5000,
  ) {}

  start(): void {
    void this.attempt();
  }

  private async attempt(): Promise<void> {
    if (this.stopped) return;
    try {
      const client = await this.pool.connect();
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS ok',
        [LEADER_LOCK],
      );
      if (rows[0]?.ok) {
        this.client = client;
        client.on('error', () => undefined);
        this.log.info('leading: controllers and schedulers run here');
        this.onLead();
        return;
      }
      client.release();
    } catch (error) {
      this.log.warn({ err: error }, 'leader election failed; retrying');
    }
    this.timer = setTimeout(() => void this.attempt(), this.retryMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.client) {
      await this.client
        .query('SELECT pg_advisory_unlock($1)', [LEADER_LOCK])
        .catch(() => undefined);
      this.client.release();
      this.client = undefined;
    }
  }
}
