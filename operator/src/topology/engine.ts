import os from 'node:os';
import type { Logger } from 'pino';
import type pg from 'pg';
import { scheduleError } from '../controllers/schedule.js';
import { canarySchedule, type CanarySchedule } from '../health/schedule.js';
import type { CheckRunner } from '../health/types.js';
import { buildTopology } from './build.js';
import { refreshHealth } from './health.js';
import { persistTopology, type TopologyRow } from './persist.js';
import { resolveProperties } from './properties.js';

/**
 * Builds every Topology on its schedule, on the leader: at once when applied or changed, then by
 * `schedule` (default `@every 10m`; `@never` builds only when the spec changes), never two builds
 * of one topology at a time. Between builds, statuses are refreshed every few seconds from the
 * checks and catalog items the components link to, so a failing check shows at once. Each build
 * leaves a job_history row and the Topology's status (persistentID, status).
 */

export interface TopologyEngineOptions {
  pool: pg.Pool;
  log: Logger;
  runners: Record<string, CheckRunner>;
  writeStatus?: (namespace: string, name: string, fields: Record<string, unknown>) => Promise<void>;
  pollMs?: number;
  healthMs?: number;
  /** How long one build (its lookups) may take. */
  buildTimeoutMs?: number;
}

export interface BuildOutcome {
  rootId: string;
  components: number;
  written: number;
  errors: string[];
}

interface State {
  row: TopologyRow & { updated: string; source: string };
  schedule?: CanarySchedule;
  timer?: NodeJS.Timeout;
  running?: Promise<BuildOutcome | undefined>;
  controller?: AbortController;
  /** Asked to run again while running (its spec changed): once the current run ends. */
  again?: boolean;
  rootId?: string;
}

export const DEFAULT_TOPOLOGY_SCHEDULE = '@every 10m';

export class TopologyEngine {
  private readonly states = new Map<string, State>();
  private pollTimer?: NodeJS.Timeout;
  private healthTimer?: NodeJS.Timeout;
  private stopped = true;
  private readonly hostname = os.hostname();

  constructor(private readonly opts: TopologyEngineOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.sync();
    const loop = (ms: number, fn: () => Promise<unknown>, set: (t: NodeJS.Timeout) => void) => {
      const tick = () =>
        set(
          setTimeout(() => {
            fn()
              .catch((error: unknown) =>
                this.opts.log.warn({ err: error }, 'topology upkeep failed'),
              )
              .finally(() => {
                if (!this.stopped) tick();
              });
          }, ms),
        );
      tick();
    };
    loop(
      this.opts.pollMs ?? 5000,
      () => this.sync(),
      (t) => (this.pollTimer = t),
    );
    loop(
      this.opts.healthMs ?? 5000,
      () => this.refreshAll(),
      (t) => (this.healthTimer = t),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.pollTimer);
    clearTimeout(this.healthTimer);
    for (const s of this.states.values()) {
      clearTimeout(s.timer);
      s.controller?.abort(new Error('Vigil is stopping'));
    }
    await Promise.allSettled([...this.states.values()].map((s) => s.running));
    this.states.clear();
  }

  /** Builds one topology now (or waits for the build already running). */
  async buildNow(id: string): Promise<BuildOutcome | undefined> {
    const state = this.states.get(id);
    if (!state) return undefined;
    return state.running ?? this.build(state);
  }

  private async refreshAll(): Promise<void> {
    for (const state of this.states.values())
      if (!state.running) await refreshHealth(this.opts.pool, state.row.id);
  }

  private async sync(): Promise<void> {
    const { rows } = await this.opts.pool.query<
      TopologyRow & { schedule: string | null; source: string; updated: string }
    >(
      `SELECT id, name, namespace, labels, coalesce(spec, '{}') AS spec, schedule, source::text AS source,
         coalesce(updated_at, created_at)::text AS updated
       FROM topologies WHERE deleted_at IS NULL AND agent_id = '00000000-0000-0000-0000-000000000000'`,
    );
    const live = new Set<string>();
    for (const r of rows) {
      live.add(r.id);
      const known = this.states.get(r.id);
      if (known && known.row.updated === r.updated) continue;
      const text = (
        r.schedule ??
        (r.spec.schedule as string | undefined) ??
        DEFAULT_TOPOLOGY_SCHEDULE
      ).trim();
      const schedule = scheduleError(text)
        ? undefined
        : canarySchedule({ id: r.id, spec: { schedule: text } });
      if (scheduleError(text))
        this.opts.log.warn(
          { topology: `${r.namespace}/${r.name}`, schedule: text },
          'invalid schedule',
        );
      const row = { ...r };
      if (known) {
        clearTimeout(known.timer);
        known.row = row;
        known.schedule = schedule;
      } else this.states.set(r.id, { row, ...(schedule ? { schedule } : {}) });
      const state = this.states.get(r.id) as State;
      this.kick(state);
    }
    for (const [id, state] of this.states) {
      if (live.has(id)) continue;
      clearTimeout(state.timer);
      state.controller?.abort(new Error('the Topology was deleted'));
      this.states.delete(id);
      // Its components go with it.
      await this.opts.pool.query(
        `UPDATE components SET deleted_at = now() WHERE topology_id = $1 AND deleted_at IS NULL`,
        [id],
      );
    }
  }

  /** Starts a run now, or right after the one running (never two at once). */
  private kick(state: State): void {
    if (state.running) state.again = true;
    else void this.build(state);
  }

  private plan(state: State): void {
    clearTimeout(state.timer);
    const next = state.schedule?.next(Date.now() + 1);
    if (next === undefined || this.stopped) return;
    state.timer = setTimeout(
      () => {
        if (Date.now() + 5 < next) this.plan(state);
        else if (!state.running) void this.build(state);
        else this.plan(state);
      },
      Math.max(0, Math.min(next - Date.now(), 2 ** 31 - 1)),
    );
  }

  private build(state: State): Promise<BuildOutcome | undefined> {
    const controller = new AbortController();
    state.controller = controller;
    const timer = setTimeout(
      () => controller.abort(new Error('the build took too long')),
      this.opts.buildTimeoutMs ?? 10 * 60_000,
    );
    const started = new Date();
    const log = this.opts.log.child({ topology: `${state.row.namespace}/${state.row.name}` });
    const run = (async () => {
      let outcome: BuildOutcome | undefined;
      let failure: string | undefined;
      try {
        const errors: string[] = [];
        const ctx = {
          errors,
          lookup: {
            pool: this.opts.pool,
            log,
            runners: this.opts.runners,
            signal: controller.signal,
            owner: { id: state.row.id, name: state.row.name, namespace: state.row.namespace },
          },
        };
        const root = await buildTopology(state.row, ctx);
        await resolveProperties(root, ctx, this.opts.pool);
        const result = await persistTopology(this.opts.pool, state.row, root);
        const refreshed = await refreshHealth(this.opts.pool, state.row.id);
        let count = 0;
        const walk = (c: typeof root) => {
          count++;
          c.children.forEach(walk);
        };
        walk(root);
        outcome = {
          rootId: result.rootId,
          components: count,
          written: result.written + refreshed,
          errors: [...errors, ...result.errors],
        };
        state.rootId = result.rootId;
      } catch (error) {
        failure = (error as Error).message;
        log.error({ err: error }, 'topology build failed');
      } finally {
        clearTimeout(timer);
      }
      await this.record(state, started, outcome, failure).catch((error: unknown) =>
        log.warn({ err: error }, 'could not record the build'),
      );
      return outcome;
    })().finally(() => {
      if (state.running === run) state.running = undefined;
      if (state.controller === controller) state.controller = undefined;
      if (this.stopped || this.states.get(state.row.id) !== state) return;
      if (state.again) {
        state.again = false;
        void this.build(state);
      } else this.plan(state);
    });
    state.running = run;
    return run;
  }

  private async record(
    state: State,
    started: Date,
    outcome: BuildOutcome | undefined,
    failure: string | undefined,
  ) {
    const errors = failure ? [failure] : (outcome?.errors ?? []);
    const ended = new Date();
    await this.opts.pool.query(
      `INSERT INTO job_history (name, success_count, error_count, details, hostname, duration_millis,
         resource_type, resource_id, status, time_start, time_end)
       VALUES ('TopologyBuild', $1, $2, $3, $4, $5, 'topology', $6, $7, $8, $9)`,
      [
        outcome?.components ?? 0,
        errors.length,
        {
          summary: { components: outcome?.components ?? 0, written: outcome?.written ?? 0 },
          ...(errors.length ? { errors: errors.slice(0, 50) } : {}),
        },
        this.hostname,
        ended.getTime() - started.getTime(),
        state.row.id,
        errors.length ? (outcome ? 'WARNING' : 'FAILED') : 'SUCCESS',
        started.toISOString(),
        ended.toISOString(),
      ],
    );
    if (state.row.source === 'KubernetesCRD' && this.opts.writeStatus && state.rootId) {
      const { rows } = await this.opts.pool.query<{ status: string }>(
        'SELECT status FROM components WHERE id = $1',
        [state.rootId],
      );
      await this.opts.writeStatus(state.row.namespace, state.row.name, {
        persistentID: state.rootId,
        status: rows[0]?.status ?? 'unknown',
      });
    }
  }
}
