import type pg from 'pg';
import type { Logger } from 'pino';
import { lookupConnection } from '../connections/lookup.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { PgListener } from './listener.js';
import { driveRun, type Drive, type RunRow } from './drive.js';
import { DEFAULT_RUN_TIMEOUT_MS } from './spec.js';
import type { ActionContext, ActionRunner } from './types.js';
import { LOCAL_AGENT_ID } from '../ids.js';

/**
 * Runs playbook runs, on the leader. A run that is due (`scheduled`, or `sleeping` /
 * `retrying` whose time came) is claimed with FOR UPDATE SKIP LOCKED, set `running`, and driven
 * action by action (drive.ts) until it ends or waits again. Waking is immediate on a new or
 * approved run (NOTIFY playbook_runs_due), on time for a delay or a retry (a timer), and within
 * `pollMs` in any case. Cancels arrive as NOTIFY playbook_runs_cancel and abort the running
 * action (its processes are killed); a lost notification is caught by the next poll.
 *
 * A restart never leaves a run stuck in `running`: what was running when Vigil stopped is
 * failed with that reason ("Vigil stopped while this action was running") and the run goes on
 * with its next action, whose `if` decides (by default it is skipped and the run fails).
 */

export interface ExecutorOptions {
  pool: pg.Pool;
  log: Logger;
  actions: Record<string, ActionRunner>;
  sandbox?: Sandbox;
  mode: 'embedded' | 'cluster';
  publicUrl?: () => string | undefined;
  kubeconfig?: ActionContext['kubeconfig'];
  notifyEndpoints?: ActionContext['notifyEndpoints'];
  /** Runs driven at the same time (default 20). */
  concurrency?: number;
  /** How often due runs are looked for without a notification (default 1 s). */
  pollMs?: number;
}

const RUN_COLUMNS = `r.id, r.playbook_id, r.spec, r.start_time, r.parameters, r.request, r.created_by,
  r.config_id, r.component_id, r.check_id, extract(epoch FROM r.timeout) * 1000 AS timeout_ms`;

const RECOVERY_EVERY_MS = 30_000;

export class PlaybookExecutor {
  private readonly active = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private readonly listener: PgListener;
  private timer?: NodeJS.Timeout;
  private wakeAt?: { at: number; timer: NodeJS.Timeout };
  private claiming?: Promise<void>;
  private again = false;
  private stopped = false;
  private lastRecovery = 0;

  constructor(private readonly opts: ExecutorOptions) {
    this.listener = new PgListener(opts.pool, opts.log, {
      playbook_runs_due: () => this.wake(),
      playbook_runs_cancel: (id) => this.active.get(id)?.abort.abort('cancel'),
    });
  }

  async start(): Promise<void> {
    await this.recover();
    await this.listener.start();
    this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.wakeAt) clearTimeout(this.wakeAt.timer);
    for (const { abort } of this.active.values()) abort.abort('stopping');
    await this.claiming?.catch(() => undefined);
    await Promise.all([...this.active.values()].map((a) => a.done));
    await this.listener.stop();
  }

  /** Runs being driven here now (for tests and the bench). */
  get running(): number {
    return this.active.size;
  }

  /** Looks for due runs now. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.claiming) {
      this.again = true;
      return this.claiming;
    }
    this.claiming = (async () => {
      do {
        this.again = false;
        await this.claim();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.claiming = undefined;
    });
    return this.claiming;
  }

  /** Wakes at `at` (ms since epoch) unless an earlier wake is already set. */
  private wakeLater(at: number): void {
    if (this.stopped) return;
    if (this.wakeAt && this.wakeAt.at <= at) return;
    if (this.wakeAt) clearTimeout(this.wakeAt.timer);
    const timer = setTimeout(
      () => {
        this.wakeAt = undefined;
        void this.wake().catch(() => undefined);
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
    this.wakeAt = { at, timer };
  }

  private tick(): void {
    if (this.stopped) return;
    void Promise.all([this.wake(), this.sweepCancelled()])
      .catch((error: unknown) => this.opts.log.warn({ err: error }, 'playbook run poll failed'))
      .finally(() => {
        if (this.stopped) return;
        this.timer = setTimeout(() => this.tick(), this.opts.pollMs ?? 1000);
        this.timer.unref();
      });
  }

  /**
   * Runs marked `running` that no one here drives — left by a previous process, or by a drive
   * that lost the database half-way — are taken up again: the action that was running is failed
   * with the reason, and the run goes on. Only the leader runs an executor, so a `running` run
   * not in `active` has no other driver.
   */
  private async recover(): Promise<void> {
    this.lastRecovery = Date.now();
    const { rowCount } = await this.opts.pool.query(
      `WITH orphans AS (
         UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now()
          WHERE status = 'running' AND NOT (id = ANY($1::uuid[])) RETURNING id)
       UPDATE playbook_run_actions SET status = 'failed', end_time = now(),
              error = 'Vigil stopped while this action was running; it was not run again'
        WHERE status = 'running' AND playbook_run_id IN (SELECT id FROM orphans)`,
      [[...this.active.keys()]],
    );
    if (rowCount)
      this.opts.log.warn({ actions: rowCount }, 'failed actions interrupted by a restart');
  }

  /** Runs cancelled while their cancel notification was lost are stopped here. */
  private async sweepCancelled(): Promise<void> {
    if (!this.active.size) return;
    const { rows } = await this.opts.pool.query<{ id: string }>(
      `SELECT id FROM playbook_runs WHERE id = ANY($1) AND status <> 'running'`,
      [[...this.active.keys()]],
    );
    for (const { id } of rows) this.active.get(id)?.abort.abort('cancel');
  }

  private async claim(): Promise<void> {
    if (Date.now() - this.lastRecovery > RECOVERY_EVERY_MS) await this.recover();
    const room = (this.opts.concurrency ?? 20) - this.active.size;
    if (room <= 0) return;
    const { rows } = await this.opts.pool.query<RunRow & { first_start: boolean }>(
      `WITH due AS (
         SELECT id, start_time IS NULL AS first_start FROM playbook_runs
          WHERE (status IN ('scheduled', 'sleeping', 'retrying') AND scheduled_time <= clock_timestamp())
             -- A run waiting for an agent is taken up again at its deadline, to time it out.
             OR (status = 'waiting' AND agent_id IS DISTINCT FROM '${LOCAL_AGENT_ID}'
                 AND start_time + coalesce(timeout, make_interval(secs => $2 / 1000.0)) <= clock_timestamp())
          ORDER BY scheduled_time LIMIT $1 FOR UPDATE SKIP LOCKED)
       UPDATE playbook_runs r SET status = 'running', start_time = coalesce(r.start_time, now())
         FROM due WHERE r.id = due.id
       RETURNING ${RUN_COLUMNS}, due.first_start`,
      [room, DEFAULT_RUN_TIMEOUT_MS],
    );
    for (const row of rows) this.launch(row);
    // More may be due than there was room for: look again when a run finishes (launch).
  }

  private launch(row: RunRow & { first_start: boolean }): void {
    const abort = new AbortController();
    const drive: Drive = {
      pool: this.opts.pool,
      log: this.opts.log.child({ run: row.id }),
      actions: this.opts.actions,
      sandbox: this.opts.sandbox,
      mode: this.opts.mode,
      publicUrl: this.opts.publicUrl?.(),
      kubeconfig: this.opts.kubeconfig,
      notifyEndpoints: this.opts.notifyEndpoints,
      signal: abort.signal,
      connection: (ref, namespace) => lookupConnection(this.opts.pool, ref, namespace),
      wakeAt: (at) => this.wakeLater(at),
    };
    const done = driveRun(drive, row, row.first_start)
      .catch((error: unknown) =>
        this.opts.log.error({ err: error, run: row.id }, 'playbook run failed unexpectedly'),
      )
      .finally(() => {
        this.active.delete(row.id);
        if (!this.stopped) void this.wake().catch(() => undefined);
      });
    this.active.set(row.id, { abort, done });
  }
}
