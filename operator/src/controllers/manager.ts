import type pg from 'pg';
import type { Logger } from 'pino';
import client from 'prom-client';
import { nowTime } from '../k8s/objects.js';
import { LeaderElection } from './leader.js';
import type { Election } from './leaseElection.js';
import { WorkQueue } from './queue.js';
import { readyCondition, type Condition, type Outcome, type Reconciler } from './reconciler.js';
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
  notificationReconciler(),
  permissionReconciler(),
];

/**
 * Runs one controller per kind while this replica leads: objects come from the store (a full
 * list, then the watch hub), keys go through a serialising work queue, and each reconcile
 * projects the object and writes its status (observedGeneration and a Ready condition).
 */
export class ControllerManager {
  private readonly queues: WorkQueue[] = [];
  private readonly leader: Election;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly leadingHooks: (() => Promise<void> | void)[] = [];
  private readonly metrics;

  constructor(
    private readonly pool: pg.Pool,
    private readonly source: ResourceSource,
    private readonly log: Logger,
    registry: client.Registry,
    private readonly reconcilers: Reconciler[] = RECONCILERS(),
    elect: (onLead: () => void) => Election = (onLead) => new LeaderElection(pool, log, onLead),
  ) {
    this.leader = elect(() => {
      this.running = this.run()
        .then(async () => {
          for (const hook of this.leadingHooks) if (!this.stopped) await hook();
        })
        .catch((error: unknown) => this.log.error({ err: error }, 'controllers failed to start'));
    });
    const queueDepth = this.queues;
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
          this.set(queueDepth.reduce((n, q) => n + q.depth, 0));
        },
      }),
    };
  }

  /** Work that runs on the leader only (schedulers), started once the controllers are up. */
  whenLeading(hook: () => Promise<void> | void): void {
    this.leadingHooks.push(hook);
  }

  start(): void {
    this.leader.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    // A stop during start-up waits for it, so nothing queries a closing pool.
    await this.running;
    await this.source.stop();
    this.queues.forEach((q) => q.stop());
    await this.leader.stop();
  }

  /** Resolves when every queue is drained (tests). */
  async idle(timeoutMs?: number): Promise<void> {
    await Promise.all(this.queues.map((q) => q.idle(timeoutMs)));
  }

  private async run(): Promise<void> {
    for (const r of this.reconcilers) {
      if (this.stopped) return;
      const queue = new WorkQueue(
        (key) => this.reconcile(r, key),
        (key, error, attempt) => {
          this.metrics.errors.inc({ kind: r.kind.kind });
          this.log.warn(
            { kind: r.kind.kind, key, attempt, err: error },
            'reconcile failed; retrying',
          );
        },
      );
      this.queues.push(queue);
      await this.source.watch(r.kind, (key) => queue.add(key));
    }
  }

  private async reconcile(r: Reconciler, key: string): Promise<void> {
    if (this.stopped) return;
    const end = this.metrics.duration.startTimer({ kind: r.kind.kind });
    const [namespace = '', name = ''] = key.split('/');
    try {
      const obj = await this.source.get(r.kind, namespace, name);
      if (!obj) {
        await r.remove(this.pool, namespace, name);
        return;
      }
      let outcome: Outcome;
      let failure: unknown;
      const db = await this.pool.connect();
      try {
        await db.query('BEGIN');
        outcome = await r.apply(db, obj);
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
        await this.source.writeStatus(r.kind, obj, status);
      }
      if (failure) throw failure;
    } finally {
      end();
    }
  }
}
