import type pg from 'pg';
import type { Logger } from 'pino';
import client from 'prom-client';
import { nowTime } from '../k8s/objects.js';
import { backoffDelay } from '../db/backoff.js';
import { LeaderElection } from './leader.js';
import type { Election } from './leaseElection.js';
import { WorkQueue } from './queue.js';
import {
  readyCondition,
  type Condition,
  type Lookup,
  type Outcome,
  type Reconciler,
} from './reconciler.js';
import { canaryReconciler } from './reconcilers/canary.js';
import type { ResourceSource } from './source.js';
import { notificationReconciler } from './reconcilers/notification.js';
import { permissionReconciler } from './reconcilers/permission.js';
import {
  playbookReconciler,
  scrapeConfigReconciler,
  topologyReconciler,
} from './reconcilers/simple.js';

/** Deep equality of JSON values, ignoring key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) =>
    sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

export const RECONCILERS = () => [
  canaryReconciler(),
  topologyReconciler(),
  scrapeConfigReconciler(),
  playbookReconciler(),
  notificationReconciler('NotificationRule'),
  notificationReconciler('Notification'),
  permissionReconciler(),
];

/** Ends what a leading hook started (called when this replica stops leading). */
export type StopLeading = () => Promise<void> | void;
/** Starts work on the leader; returns how to stop it (or nothing when there is none). */
export type LeadingWork = () => Promise<StopLeading | undefined> | StopLeading | undefined;

/** What one stretch of leadership started, so stepping down can undo exactly that. */
interface Term {
  queues: WorkQueue[];
  queueOf: Map<Reconciler, WorkQueue>;
  unwatch: (() => Promise<void> | void)[];
  stops: StopLeading[];
  /** Reconciles asked for later (Outcome.requeueAfterMs), by kind and key. */
  later: Map<string, NodeJS.Timeout>;
}

/**
 * Runs one controller per kind while this replica leads: objects come from the store (a full
 * list, then the watch hub), keys go through a serialising work queue, and each reconcile
 * projects the object and writes its status (observedGeneration and a Ready condition).
 *
 * Leadership can end and come back (the leader's database session dropped): stepping down stops
 * the queues, the watches and every leading hook's work before anything else can lead, and
 * leading again starts them afresh from a full list.
 */
export class ControllerManager {
  private readonly leader: Election;
  private transitions: Promise<void> = Promise.resolve();
  private term?: Term;
  private elected = false;
  private stopped = false;
  private retryTimer?: NodeJS.Timeout;
  private startFailures = 0;
  private readonly leadingHooks: LeadingWork[] = [];
  private readonly metrics;
  /** The uid each object had when last reconciled, by kind and key: removal matches on it. */
  private readonly uids = new Map<string, string>();
  private readonly lookup: Lookup = (k, namespace, name) => this.source.get(k, namespace, name);

  constructor(
    private readonly pool: pg.Pool,
    private readonly source: ResourceSource,
    private readonly log: Logger,
    registry: client.Registry,
    private readonly reconcilers: Reconciler[] = RECONCILERS(),
    elect: (onLead: () => void, onLose: () => void) => Election = (onLead, onLose) =>
      new LeaderElection(pool, log, onLead, onLose),
  ) {
    this.leader = elect(
      () => {
        this.elected = true;
        this.transition(() => this.lead());
      },
      () => {
        // Checked by a term still starting, so it stops at its next step.
        this.elected = false;
        this.transition(() => this.stepDown());
      },
    );
    const current = () => this.term;
    this.metrics = {
      duration: new client.Histogram({
        name: 'vigil_reconcile_duration_seconds',
        help: 'Reconcile duration by kind',
        labelNames: ['kind'] as const,
        registers: [registry],
      }),
      errors: new client.Counter({
        name: 'vigil_reconcile_errors_total',
        help: 'Failed reconciles by kind',
        labelNames: ['kind'] as const,
        registers: [registry],
      }),
      depth: new client.Gauge({
        name: 'vigil_controller_queue_depth',
        help: 'Keys waiting in the controller work queues',
        registers: [registry],
        collect() {
          this.set((current()?.queues ?? []).reduce((n, q) => n + q.depth, 0));
        },
      }),
      leader: new client.Gauge({
        name: 'vigil_leader',
        help: '1 while this replica leads (runs the controllers and schedulers), else 0',
        registers: [registry],
      }),
    };
    this.metrics.leader.set(0);
  }

  /**
   * Work that runs on the leader only (schedulers), started once the controllers are up. The
   * hook returns how to stop that work; it is called when this replica stops leading.
   */
  whenLeading(hook: LeadingWork): void {
    this.leadingHooks.push(hook);
  }

  /** Whether the controllers are running here now. */
  get leading(): boolean {
    return this.term !== undefined;
  }

  start(): void {
    this.leader.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    // A stop during start-up waits for it, so nothing queries a closing pool.
    await this.transitions;
    if (this.term) await this.endTerm(this.term);
    await this.source.stop();
    await this.leader.stop();
  }

  /** Resolves when every queue is drained (tests). */
  async idle(timeoutMs?: number): Promise<void> {
    await Promise.all((this.term?.queues ?? []).map((q) => q.idle(timeoutMs)));
  }

  /** Leadership changes run one at a time, in the order they happened. */
  private transition(fn: () => Promise<void>): void {
    this.transitions = this.transitions
      .then(fn)
      .catch((error: unknown) => this.log.error({ err: error }, 'leadership change failed'));
  }

  private async lead(): Promise<void> {
    if (this.stopped || this.term || !this.elected) return;
    const term: Term = {
      queues: [],
      queueOf: new Map(),
      unwatch: [],
      stops: [],
      later: new Map(),
    };
    this.term = term;
    this.metrics.leader.set(1);
    const current = () => this.term === term && this.elected && !this.stopped;
    try {
      for (const r of this.reconcilers) {
        if (!current()) break;
        const queue = new WorkQueue(
          (key) => (this.term === term ? this.reconcile(r, key) : Promise.resolve()),
          (key, error, attempt) => {
            this.metrics.errors.inc({ kind: r.kind.kind });
            this.log.warn(
              { kind: r.kind.kind, key, attempt, err: error },
              'reconcile failed; retrying',
            );
          },
        );
        term.queues.push(queue);
        term.queueOf.set(r, queue);
        term.unwatch.push(await this.source.watch(r.kind, (key) => queue.add(key)));
      }
      for (const r of this.reconcilers) {
        if (!current()) break;
        if (r.refreshStatus) term.stops.push(this.refreshStatuses(term, r, r.refreshStatus));
      }
      for (const hook of this.leadingHooks) {
        if (!current()) break;
        const stop = await hook();
        if (stop) term.stops.push(stop);
      }
      this.startFailures = 0;
    } catch (error) {
      // Still elected but could not start (the database went away meanwhile): undo the
      // partial start and try again, rather than lead with half the controllers.
      const delayMs = backoffDelay(this.startFailures++, { baseMs: 1000, maxMs: 30_000 });
      this.log.error({ err: error, delayMs }, 'controllers failed to start; retrying');
      await this.endTerm(term);
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => this.transition(() => this.lead()), delayMs);
    }
  }

  private async stepDown(): Promise<void> {
    clearTimeout(this.retryTimer);
    if (this.term) {
      this.log.warn('stepping down: stopping controllers and schedulers');
      await this.endTerm(this.term);
    }
  }

  /** Stops a term's leading work, queues and watches (each even if another fails). */
  private async endTerm(term: Term): Promise<void> {
    if (this.term === term) this.term = undefined;
    this.metrics.leader.set(this.term ? 1 : 0);
    term.queues.forEach((q) => q.stop());
    term.later.forEach(clearTimeout);
    term.later.clear();
    const ends = [...term.stops.splice(0).reverse(), ...term.unwatch.splice(0)];
    for (const end of ends) {
      try {
        await end();
      } catch (error) {
        this.log.warn({ err: error }, 'stopping leader work failed');
      }
    }
  }

  private async reconcile(r: Reconciler, key: string): Promise<void> {
    if (this.stopped) return;
    const end = this.metrics.duration.startTimer({ kind: r.kind.kind });
    const [namespace = '', name = ''] = key.split('/');
    try {
      const obj = await this.source.get(r.kind, namespace, name);
      const uidKey = `${r.kind.kind}/${key}`;
      if (!obj) {
        await r.remove(this.pool, namespace, name, {
          uid: this.uids.get(uidKey),
          lookup: this.lookup,
        });
        this.uids.delete(uidKey);
        this.requeueSiblings(r, key);
        return;
      }
      if (obj.metadata.uid) this.uids.set(uidKey, obj.metadata.uid);
      let outcome: Outcome;
      let failure: unknown;
      const db = await this.pool.connect();
      try {
        await db.query('BEGIN');
        outcome = await r.apply(db, obj, this.lookup);
        await db.query('COMMIT');
      } catch (error) {
        await db.query('ROLLBACK').catch(() => undefined);
        failure = error;
        outcome = { notReady: { reason: 'ReconcileError', message: (error as Error).message } };
      } finally {
        db.release();
      }
      const previous = (obj.status ?? {}) as Record<string, unknown> & { conditions?: Condition[] };
      const generation = obj.metadata.generation ?? 1;
      const ready = readyCondition(previous.conditions, outcome, generation, nowTime());
      const status = {
        ...previous,
        ...outcome.status,
        observedGeneration: generation,
        conditions: [ready, ...(previous.conditions ?? []).filter((c) => c.type !== 'Ready')],
      };
      // Writing only on change keeps the status write from triggering reconciles forever. jsonb
      // reorders keys, so compare by value, not by text.
      if (!sameJson(status, obj.status)) {
        try {
          await this.source.writeStatus(r.kind, obj, status);
        } catch (error) {
          // A conflict means a newer version is queued already. Anything else must not leave
          // the object without a word: say why on its Ready condition (best effort; the retry
          // and the log line follow either way).
          if ((error as { code?: number }).code !== 409) {
            const reason = { reason: 'StatusWriteFailed', message: (error as Error).message };
            const notReady = readyCondition(
              previous.conditions,
              { notReady: reason },
              generation,
              nowTime(),
            );
            await this.source
              .writeStatus(r.kind, obj, {
                ...previous,
                observedGeneration: generation,
                conditions: [
                  notReady,
                  ...(previous.conditions ?? []).filter((c) => c.type !== 'Ready'),
                ],
              })
              .catch(() => undefined);
          }
          throw error;
        }
      }
      if (failure) throw failure;
      if (outcome.requeueAfterMs) this.requeueLater(r, key, outcome.requeueAfterMs);
    } finally {
      end();
    }
  }

  /** An object is gone: the kinds that share its rows reconcile the same name again. */
  private requeueSiblings(r: Reconciler, key: string): void {
    const term = this.term;
    if (!term || !r.siblings?.length) return;
    for (const [other, queue] of term.queueOf) {
      if (other !== r && r.siblings.includes(other.kind.kind)) queue.add(key);
    }
  }

  /** Reconciles a key again after a while (at most one pending per kind and key). */
  private requeueLater(r: Reconciler, key: string, delayMs: number): void {
    const term = this.term;
    const queue = term?.queueOf.get(r);
    const id = `${r.kind.kind}/${key}`;
    if (!term || !queue || term.later.has(id)) return;
    const timer = setTimeout(() => {
      term.later.delete(id);
      queue.add(key);
    }, delayMs);
    timer.unref();
    term.later.set(id, timer);
  }

  /**
   * Every `everyMs`, reads the status fields an engine changes for this kind's objects and
   * writes those that differ from the object's status. What a pass found is remembered by uid,
   * so an object is read again only when its fields change.
   */
  private refreshStatuses(
    term: Term,
    r: Reconciler,
    refresh: NonNullable<Reconciler['refreshStatus']>,
  ): StopLeading {
    const known = new Map<string, string>();
    let running = false;
    const pass = async () => {
      if (running || this.term !== term) return;
      running = true;
      try {
        const rows = await refresh.read(this.pool);
        const uids = new Set(rows.map((row) => row.uid));
        for (const uid of known.keys()) if (!uids.has(uid)) known.delete(uid);
        for (const row of rows) {
          if (this.term !== term) return;
          const fields = JSON.stringify(row.fields);
          if (known.get(row.uid) === fields) continue;
          try {
            const obj = await this.source.get(r.kind, row.namespace, row.name);
            // Rows of a kind that shares the table belong to other objects.
            if (obj && obj.metadata.uid === row.uid) {
              const status = (obj.status ?? {}) as Record<string, unknown>;
              const same = Object.entries(row.fields).every(([f, v]) => sameJson(v, status[f]));
              if (!same) await this.source.writeStatus(r.kind, obj, { ...status, ...row.fields });
            }
            known.set(row.uid, fields);
          } catch (error) {
            // A conflict or an outage: the next pass tries again.
            this.log.debug(
              { kind: r.kind.kind, key: `${row.namespace}/${row.name}`, err: error },
              'status refresh failed',
            );
          }
        }
      } catch (error) {
        this.log.warn({ kind: r.kind.kind, err: error }, 'status refresh failed');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void pass(), refresh.everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
