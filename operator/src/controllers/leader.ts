import type pg from 'pg';
import type { Logger } from 'pino';
import { backoffDelay, jittered } from '../db/backoff.js';

// Any constant works; it only has to be the same for every Vigil sharing the database.
const LEADER_LOCK = 0x76_69_67_6c; // 'vigl'

export interface LeaderTiming {
  /** How often a follower tries to take the lock (jittered). */
  retryMs: number;
  /** How often the leader checks that its lock session is alive. */
  heartbeatMs: number;
  /** How long that check may take before the session counts as lost. */
  heartbeatTimeoutMs: number;
}
const TIMING: LeaderTiming = { retryMs: 5000, heartbeatMs: 5000, heartbeatTimeoutMs: 5000 };

/**
 * One leader among replicas sharing a database: whoever holds a session-level advisory lock on
 * a dedicated connection. The lock lives exactly as long as that session, so when the session
 * ends (the backend was terminated, PostgreSQL restarted or failed over, the network dropped)
 * the leader has lost the lock, and another replica may take it within the retry interval.
 *
 * The leader therefore watches its session: an error on the connection, or a heartbeat that
 * fails or overstays, calls `onLose` at once — the leader stops leading before anyone else can
 * have acquired the lock — and it then competes again (with backoff and jitter while the
 * database is unreachable) and calls `onLead` only once it holds the lock again.
 */
export class LeaderElection {
  private client?: pg.PoolClient;
  private onError?: (error: Error) => void;
  private timer?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private stopped = false;
  private failures = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly onLead: () => void,
    private readonly onLose: () => void = () => undefined,
    private readonly timing: LeaderTiming = TIMING,
  ) {}

  get leading(): boolean {
    return this.client !== undefined;
  }

  start(): void {
    void this.attempt();
  }

  private async attempt(): Promise<void> {
    this.timer = undefined;
    if (this.stopped || this.client) return;
    let client: pg.PoolClient | undefined;
    const onError = (error: Error) => this.lost(client as pg.PoolClient, error);
    try {
      client = await this.pool.connect();
      client.on('error', onError);
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS ok',
        [LEADER_LOCK],
      );
      this.failures = 0;
      if (rows[0]?.ok && !this.stopped) {
        this.client = client;
        this.onError = onError;
        this.log.info('leading: controllers and schedulers run here');
        this.beat(client);
        this.onLead();
        return;
      }
      // Another replica leads (or we are stopping): back to the pool, without our listener.
      if (rows[0]?.ok)
        await client.query('SELECT pg_advisory_unlock($1)', [LEADER_LOCK]).catch(() => undefined);
      client.removeListener('error', onError);
      client.release();
      this.later(jittered(this.timing.retryMs));
    } catch (error) {
      client?.removeListener('error', onError);
      client?.release(error as Error);
      const delayMs = backoffDelay(this.failures++, { baseMs: 1000, maxMs: 30_000 });
      this.log.warn({ err: error, delayMs }, 'leader election failed; retrying');
      this.later(delayMs);
    }
  }

  private later(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.attempt(), ms);
  }

  /** Checks now and then that the lock's session still answers. */
  private beat(client: pg.PoolClient): void {
    this.heartbeat = setTimeout(() => {
      // query_timeout (per query) is a pg option missing from the typings.
      const query = { text: 'SELECT 1', query_timeout: this.timing.heartbeatTimeoutMs };
      client.query(query as pg.QueryConfig).then(
        () => {
          if (this.client === client) this.beat(client);
        },
        (error: unknown) => this.lost(client, error as Error),
      );
    }, this.timing.heartbeatMs);
  }

  /** The lock's session is gone (or no longer answers): stop leading, then compete again. */
  private lost(client: pg.PoolClient, error: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    clearTimeout(this.heartbeat);
    if (this.onError) client.removeListener('error', this.onError);
    this.onError = undefined;
    // Destroys the connection, so a session that merely stopped answering ends too and cannot
    // keep the lock while another replica waits for it.
    client.release(error);
    this.log.error(
      { err: error },
      'lost the leader lock with its database session: stopped leading until it is re-acquired',
    );
    this.onLose();
    this.later(backoffDelay(this.failures++, { baseMs: 1000, maxMs: 30_000 }));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.heartbeat);
    const client = this.client;
    this.client = undefined;
    if (client) {
      await client.query('SELECT pg_advisory_unlock($1)', [LEADER_LOCK]).catch(() => undefined);
      if (this.onError) client.removeListener('error', this.onError);
      client.release();
    }
  }
}
