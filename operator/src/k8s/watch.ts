import type { KindDescriptor } from '@vigil/crds';
import type pg from 'pg';
import type { Logger } from 'pino';
import { backoffDelay } from '../db/backoff.js';
import type { K8sObject } from './objects.js';
import { EVENTS_CHANNEL, eventsSince } from './store.js';

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: K8sObject;
  resourceVersion: string;
}

type Listener = (events: WatchEvent[]) => void;

/** How often the LISTEN connection must answer a query, and how fast, to count as alive. */
export interface HubTiming {
  heartbeatMs: number;
  heartbeatTimeoutMs: number;
}
const TIMING: HubTiming = { heartbeatMs: 15_000, heartbeatTimeoutMs: 5000 };

/**
 * Fans change notifications out to watches. One LISTEN connection per process hears every write
 * (from any replica, through pg_notify); each kind's new events are read once and handed to all
 * of that kind's watchers in order.
 *
 * The LISTEN connection outlives any one database session: when it drops (the backend was
 * terminated, PostgreSQL restarted or failed over) it is opened again with backoff, and every
 * kind with watchers is read again from its last delivered version, so what was written during
 * the outage is delivered once the connection is back. A failed read is retried the same way.
 */
export class WatchHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly last = new Map<string, string>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly retries = new Map<string, { timer?: NodeJS.Timeout; failures: number }>();
  private client?: pg.PoolClient;
  private connecting?: Promise<void>;
  private reconnectTimer?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private failures = 0;
  private wanted = false;
  private everConnected = false;
  private readonly streams = new Set<() => void>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly kinds: readonly KindDescriptor[],
    private readonly log: Logger,
    private readonly timing: HubTiming = TIMING,
  ) {}

  /**
   * Opens the LISTEN connection (once; later calls return at once while it is up). Rejects when
   * the database cannot be reached, and keeps trying in the background.
   */
  start(): Promise<void> {
    this.wanted = true;
    if (this.client) return Promise.resolve();
    return this.connect();
  }

  /** False while the hub should be listening and is not (readiness); true before start(). */
  get listening(): boolean {
    return !this.wanted || this.client !== undefined;
  }

  /** Streams register how to end themselves, so shutdown does not wait on open watches. */
  track(end: () => void): () => void {
    this.streams.add(end);
    return () => this.streams.delete(end);
  }

  async stop(): Promise<void> {
    this.wanted = false;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.heartbeat);
    for (const { timer } of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
    for (const end of [...this.streams]) end();
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    // Closed rather than returned to the pool, where it would keep our listeners.
    client?.release(true);
  }

  /** Registers a listener from version `from`; returns the unsubscribe function. */
  subscribe(k: KindDescriptor, from: string, listener: Listener): () => void {
    const key = `${k.group}/${k.kind}`;
    if (!this.last.has(key) || BigInt(this.last.get(key) as string) > BigInt(from))
      this.last.set(key, from);
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return () => set.delete(listener);
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      const own = client;
      // Without this listener a dropped session would be an unhandled 'error' event.
      own.on('error', (error) => this.lost(own, error));
      own.on('notification', (msg) => {
        const [group, kind] = (msg.payload ?? '').split('/');
        const k = this.kinds.find((d) => d.group === group && d.kind === kind);
        if (k) void this.pull(k);
      });
      await own.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      client?.release(error as Error);
      this.retryConnect(error);
      throw error;
    }
    if (!this.wanted) {
      // Stopped while connecting.
      client.release(true);
      return;
    }
    this.client = client;
    this.failures = 0;
    this.beat(client);
    if (this.everConnected) {
      this.log.info('watch LISTEN connection re-established; catching up on missed changes');
      // Whatever was written while nobody listened is read now, from each kind's last version.
      for (const k of this.kinds) void this.pull(k);
    }
    this.everConnected = true;
  }

  /**
   * A connection that silently stopped working (a half-open TCP connection after a failover)
   * raises no error and delivers no notification: a query now and then finds out.
   */
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

  private lost(client: pg.PoolClient, error: Error): void {
    // Errors while connecting surface through the failing query and are handled there.
    if (this.client !== client) return;
    this.client = undefined;
    clearTimeout(this.heartbeat);
    client.release(error);
    this.retryConnect(error);
  }

  private retryConnect(error: unknown): void {
    if (!this.wanted || this.reconnectTimer) return;
    const delayMs = backoffDelay(this.failures++);
    this.log.warn({ err: error, delayMs }, 'watch LISTEN connection down; reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect().catch(() => undefined);
    }, delayMs);
  }

  private pull(k: KindDescriptor): Promise<void> {
    const key = `${k.group}/${k.kind}`;
    // One read at a time per kind, chained, so events are delivered once and in order.
    const next = (this.pending.get(key) ?? Promise.resolve()).then(async () => {
      if (!this.listeners.get(key)?.size) return;
      const rows = await eventsSince(this.pool, k, this.last.get(key) ?? '0');
      this.clearRetry(key);
      if (!rows.length) return;
      this.last.set(key, rows[rows.length - 1]?.resource_version as string);
      const events = rows.map((r) => ({
        type: r.type,
        object: r.object,
        resourceVersion: r.resource_version,
      }));
      for (const listener of this.listeners.get(key) ?? []) {
        // One failing watcher must not keep the others (a controller) from their events.
        try {
          listener(events);
        } catch (error) {
          this.log.error({ err: error, kind: k.kind }, 'a watcher failed on its events');
        }
      }
    });
    this.pending.set(
      key,
      next.catch((error: unknown) => this.retryPull(k, key, error)),
    );
    return next;
  }

  /** A read that failed is tried again (nothing may be written to wake the hub up again). */
  private retryPull(k: KindDescriptor, key: string, error: unknown): void {
    if (!this.wanted) return;
    const retry = this.retries.get(key) ?? { failures: 0 };
    this.retries.set(key, retry);
    if (retry.timer) return;
    const delayMs = backoffDelay(retry.failures++);
    this.log.error({ err: error, kind: k.kind, delayMs }, 'watch fan-out failed; retrying');
    retry.timer = setTimeout(() => {
      retry.timer = undefined;
      void this.pull(k);
    }, delayMs);
  }

  private clearRetry(key: string): void {
    clearTimeout(this.retries.get(key)?.timer);
    this.retries.delete(key);
  }
}
