import type { KindDescriptor } from '@vigil/crds';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { K8sObject } from './objects.js';
import { EVENTS_CHANNEL, eventsSince } from './store.js';

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: K8sObject;
  resourceVersion: string;
}

type Listener = (events: WatchEvent[]) => void;

/**
 * Fans change notifications out to watches. One LISTEN connection per process hears every write
 * (from any replica, through pg_notify); each kind's new events are read once and handed to all
 * of that kind's watchers in order.
 */
export class WatchHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly last = new Map<string, string>();
  private readonly pending = new Map<string, Promise<void>>();
  private client?: pg.PoolClient;
  private starting?: Promise<void>;
  private readonly streams = new Set<() => void>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly kinds: readonly KindDescriptor[],
    private readonly log: Logger,
  ) {}

  start(): Promise<void> {
    this.starting ??= (async () => {
      const client = await this.pool.connect();
      client.on('notification', (msg) => {
        const [group, kind] = (msg.payload ?? '').split('/');
        const k = this.kinds.find((d) => d.group === group && d.kind === kind);
        if (k) void this.pull(k);
      });
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      this.client = client;
    })();
    return this.starting;
  }

  /** Streams register how to end themselves, so shutdown does not wait on open watches. */
  track(end: () => void): () => void {
    this.streams.add(end);
    return () => this.streams.delete(end);
  }

  async stop(): Promise<void> {
    for (const end of [...this.streams]) end();
    await this.starting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    if (client) {
      await client.query(`UNLISTEN ${EVENTS_CHANNEL}`).catch(() => undefined);
      client.release();
    }
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

  private pull(k: KindDescriptor): Promise<void> {
    const key = `${k.group}/${k.kind}`;
    // One read at a time per kind, chained, so events are delivered once and in order.
    const next = (this.pending.get(key) ?? Promise.resolve()).then(async () => {
      if (!this.listeners.get(key)?.size) return;
      const rows = await eventsSince(this.pool, k, this.last.get(key) ?? '0');
      if (!rows.length) return;
      this.last.set(key, rows[rows.length - 1]?.resource_version as string);
      const events = rows.map((r) => ({
        type: r.type,
        object: r.object,
        resourceVersion: r.resource_version,
      }));
      for (const listener of this.listeners.get(key) ?? []) listener(events);
    });
    this.pending.set(
      key,
      next.catch((error: unknown) => this.log.error({ err: error }, 'watch fan-out failed')),
    );
    return next;
  }
}
