import crypto from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import type { Logger } from 'pino';

/** Buckets the work is cut into: enough to spread evenly over a handful of replicas. */
export const BUCKETS = 256;
// The advisory-lock class of bucket locks (the two-key form: class, bucket).
const LOCK_CLASS = 0x76_73_68_72; // 'vshr'

export interface ShareTiming {
  /** How often a replica heartbeats and re-reads who is alive. */
  heartbeatMs: number;
  /** A replica silent for this long is taken for dead. */
  ttlMs: number;
}
// Dead replicas' work moves within ttl + heartbeat (20 s): the target is 30 s.
const TIMING: ShareTiming = { heartbeatMs: 5000, ttlMs: 15_000 };

/** FNV-1a, 32 bits: the same on every replica, and cheap enough to run per canary. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export const bucketOf = (id: string) => fnv1a(id) % BUCKETS;

/** A well-mixed 32-bit score: replica ids differ in a few characters only. */
const score32 = (text: string) => crypto.createHash('md5').update(text).digest().readUInt32BE(0);

/** Rendezvous hashing: the bucket goes to the live replica scoring highest for it. */
export function ownerOf(bucket: number, replicas: readonly string[]): string | undefined {
  let best: string | undefined;
  let score = -1;
  for (const r of replicas) {
    const s = score32(`${r}/${bucket}`);
    if (s > score || (s === score && r < (best as string))) {
      best = r;
      score = s;
    }
  }
  return best;
}

export interface ShareHooks {
  /**
   * Buckets are about to be let go: stop their work (and wait for runs in flight) before this
   * returns — only then is the lock released and may another replica start them.
   */
  release(isReleased: (id: string) => boolean): Promise<void>;
  /** New buckets are held: pick up their work. */
  acquired(): Promise<void>;
}

/**
 * Shares canary runs and scrapes between the replicas on one database (ADR 0012). Every live
 * replica heartbeats in `replicas`; each bucket of work belongs to the live replica that scores
 * highest for it (rendezvous hashing, so a join or a death moves only its share), and that
 * replica runs the bucket only while it holds the bucket's session advisory lock on its own
 * connection. PostgreSQL's locks are the mutual exclusion: a new owner gets the lock only once the
 * old one let go (after stopping the work) or its session ended (it died) — never two at once.
 */
export class WorkShares {
  readonly id = `${os.hostname()}-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  private held = new Set<number>();
  private client?: pg.PoolClient;
  private timer?: NodeJS.Timeout;
  private round?: Promise<void>;
  private stopped = false;
  private hooks?: ShareHooks[];

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly timing: ShareTiming = TIMING,
  ) {}

  /** Whether this replica runs the work with this id now. */
  owns(id: string): boolean {
    return this.held.has(bucketOf(id));
  }

  get bucketCount(): number {
    return this.held.size;
  }

  async start(hooks: ShareHooks[]): Promise<void> {
    this.hooks = hooks;
    this.stopped = false;
    await this.tick();
  }

  private schedule() {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.timing.heartbeatMs);
  }

  /**
   * One round: heartbeat, read who lives, let go of what is no longer ours, take what is.
   * Rounds never overlap: a call during one waits for it and then runs its own.
   */
  tick(): Promise<void> {
    const previous = this.round ?? Promise.resolve();
    const round = previous.then(async () => {
      try {
        if (!this.stopped) await this.rebalance();
      } catch (error) {
        this.log.warn({ err: error }, 'sharing work with other replicas failed; retrying');
      } finally {
        if (this.round === round) this.schedule();
      }
    });
    this.round = round;
    return round;
  }

  private async rebalance(): Promise<void> {
    const client = await this.session();
    const { rows } = await client.query<{ id: string }>(
      `WITH beat AS (
         INSERT INTO replicas (id, hostname, buckets) VALUES ($1, $2, $4)
         ON CONFLICT (id) DO UPDATE SET heartbeat_at = now(), buckets = $4)
       SELECT id FROM replicas WHERE heartbeat_at > now() - make_interval(secs => $3)
       UNION SELECT $1`,
      [this.id, os.hostname(), this.timing.ttlMs / 1000, this.held.size],
    );
    const live = rows.map((r) => r.id);
    const wanted = new Set<number>();
    for (let b = 0; b < BUCKETS; b++) if (ownerOf(b, live) === this.id) wanted.add(b);
    const lose = [...this.held].filter((b) => !wanted.has(b));
    if (lose.length) await this.letGo(client, lose);
    const gain = [...wanted].filter((b) => !this.held.has(b));
    if (gain.length && !this.stopped) {
      const got = await client.query<{ b: number }>(
        `SELECT b FROM unnest($1::int[]) AS b WHERE pg_try_advisory_lock($2, b)`,
        [gain, LOCK_CLASS],
      );
      for (const { b } of got.rows) this.held.add(b);
      if (got.rows.length) {
        this.log.info(
          { taken: got.rows.length, held: this.held.size, replicas: live.length },
          'took a share of the checks and scrapes',
        );
        for (const h of this.hooks ?? []) await h.acquired();
      }
    }
    // Replicas gone for an hour are forgotten.
    await client.query(`DELETE FROM replicas WHERE heartbeat_at < now() - interval '1 hour'`);
  }

  private async letGo(client: pg.PoolClient | undefined, buckets: number[]): Promise<void> {
    const gone = new Set(buckets);
    for (const b of buckets) this.held.delete(b);
    for (const h of this.hooks ?? []) await h.release((id) => gone.has(bucketOf(id)));
    if (client)
      await client.query(`SELECT pg_advisory_unlock($2, b) FROM unnest($1::int[]) AS b`, [
        buckets,
        LOCK_CLASS,
      ]);
    this.log.info(
      { released: buckets.length, held: this.held.size },
      'let go of a share of the work',
    );
  }

  /** The connection the locks live on; when it breaks the locks are gone: stop at once. */
  private async session(): Promise<pg.PoolClient> {
    if (this.client) return this.client;
    const client = await this.pool.connect();
    client.on('error', (error: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.release(error);
      this.log.error({ err: error }, 'lost the session holding the work shares: stopping them');
      void this.letGo(undefined, [...this.held]);
    });
    this.client = client;
    return client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round?.catch(() => undefined);
    const client = this.client;
    if (this.held.size) await this.letGo(client, [...this.held]).catch(() => undefined);
    if (client) {
      await client.query('DELETE FROM replicas WHERE id = $1', [this.id]).catch(() => undefined);
      this.client = undefined;
      client.release();
    }
  }
}
