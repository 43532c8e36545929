import os from 'node:os';
import type { KubeConfig } from '@kubernetes/client-node';
import type { Logger } from 'pino';
import type pg from 'pg';
import { lookupConnection } from '../connections/lookup.js';
import { parseDuration } from '../health/runners/folder.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { globalCleanup } from './retention.js';
import { persistIncremental, runScrape, type ScrapeOutcome, type ScraperRow } from './run.js';
import { watchKubernetes } from './scrapers/kubernetes.js';
import { scraperSchedule, type ScraperSchedule } from './schedule.js';

/**
 * Runs every ScrapeConfig on its schedule, on the leader. Scrapers are few (tens, not
 * thousands), so each has its own timer; a change to one (new, edited, deleted) is noticed within
 * a poll and a new or edited one scrapes at once. A scrape never overlaps itself, stops at its
 * `timeout` (default 4 h), and always leaves a job_history row with its Scrape Summary and the
 * ScrapeConfig's `status.lastRun`.
 */

export interface CatalogEngineOptions {
  pool: pg.Pool;
  log: Logger;
  sandbox?: Sandbox;
  kubeconfig?: KubeConfig;
  /** Writes status.lastRun of a ScrapeConfig resource (namespace/name); absent: not written. */
  writeStatus?: (namespace: string, name: string, fields: Record<string, unknown>) => Promise<void>;
  pollMs?: number;
  /** Whether this replica runs the scraper (replicas share the work); absent: all run here. */
  owns?: (scraperId: string) => boolean;
}

interface State {
  row: ScraperRow & { updated: string; source: string };
  schedule: ScraperSchedule;
  timer?: NodeJS.Timeout;
  running?: Promise<ScrapeOutcome | undefined>;
  controller?: AbortController;
  /** Asked to run again while running (its spec changed): once the current run ends. */
  again?: boolean;
  /** Stops the watches of its kubernetes scrapers. */
  unwatch?: () => void;
  watchChain?: Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 4 * 3_600_000;
const CLEANUP_MS = 3_600_000;
const MAX_ERRORS_KEPT = 50;

export class CatalogEngine {
  private readonly states = new Map<string, State>();
  private pollTimer?: NodeJS.Timeout;
  private cleanupTimer?: NodeJS.Timeout;
  private stopped = true;
  private readonly hostname = os.hostname();

  constructor(private readonly opts: CatalogEngineOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.sync();
    const poll = () => {
      this.pollTimer = setTimeout(() => {
        this.sync()
          .catch((error: unknown) => this.opts.log.warn({ err: error }, 'scraper sync failed'))
          .finally(() => {
            if (!this.stopped) poll();
          });
      }, this.opts.pollMs ?? 5000);
    };
    poll();
    const cleanup = () => {
      this.cleanupTimer = setTimeout(() => {
        globalCleanup(this.opts.pool)
          .catch((error: unknown) => this.opts.log.warn({ err: error }, 'catalog cleanup failed'))
          .finally(() => {
            if (!this.stopped) cleanup();
          });
      }, CLEANUP_MS);
    };
    cleanup();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.pollTimer);
    clearTimeout(this.cleanupTimer);
    for (const s of this.states.values()) {
      clearTimeout(s.timer);
      s.unwatch?.();
      s.controller?.abort(new Error('Vigil is stopping'));
    }
    await Promise.allSettled([...this.states.values()].map((s) => s.running));
    this.states.clear();
  }

  /** Reads the scrapers again (this replica was given more of them). */
  resync(): Promise<void> {
    return this.sync();
  }

  /**
   * Stops the scrapers that are no longer this replica's: no next scrape, no watches, and a
   * scrape in flight waited for (cancelled after `graceMs`) before this resolves.
   */
  async relinquish(isReleased: (scraperId: string) => boolean, graceMs = 20_000): Promise<void> {
    const leaving = [...this.states.entries()].filter(([id]) => isReleased(id));
    for (const [id, state] of leaving) {
      clearTimeout(state.timer);
      state.unwatch?.();
      this.states.delete(id);
    }
    const running = leaving.flatMap(([, s]) => (s.running ? [s] : []));
    if (!running.length) return;
    const timer = setTimeout(() => {
      for (const s of running)
        s.controller?.abort(new Error('the scraper moved to another replica'));
    }, graceMs);
    await Promise.allSettled(running.map((s) => s.running));
    clearTimeout(timer);
  }

  /** Scrapes one scraper now (or waits for the scrape already running). */
  async runNow(id: string): Promise<ScrapeOutcome | undefined> {
    const state = this.states.get(id);
    if (!state) return undefined;
    return state.running ?? this.run(state);
  }

  private async sync(): Promise<void> {
    const { rows } = await this.opts.pool.query<{
      id: string;
      name: string | null;
      spec: Record<string, unknown>;
      source: string;
      updated: string;
    }>(
      `SELECT id, name, spec, source::text AS source,
         coalesce(updated_at, created_at)::text AS updated
       FROM config_scrapers
       WHERE deleted_at IS NULL AND agent_id = '00000000-0000-0000-0000-000000000000'`,
    );
    const live = new Set<string>();
    for (const r of rows) {
      if (this.opts.owns && !this.opts.owns(r.id)) continue;
      live.add(r.id);
      const known = this.states.get(r.id);
      if (known && known.row.updated === r.updated) continue;
      const [namespace, name] = (r.name ?? r.id).includes('/')
        ? ((r.name as string).split('/', 2) as [string, string])
        : ['default', r.name ?? r.id];
      const row = { id: r.id, name, namespace, spec: r.spec, source: r.source, updated: r.updated };
      if (known) {
        clearTimeout(known.timer);
        known.unwatch?.();
        known.row = row;
        known.schedule = scraperSchedule(r.id, r.spec);
      } else this.states.set(r.id, { row, schedule: scraperSchedule(r.id, r.spec) });
      const state = this.states.get(r.id) as State;
      state.unwatch = this.watch(state);
      // New or edited: scrape at once (after any scrape still running), then on schedule.
      this.kick(state);
    }
    for (const [id, state] of this.states) {
      if (live.has(id)) continue;
      clearTimeout(state.timer);
      state.unwatch?.();
      state.controller?.abort(new Error('the ScrapeConfig was deleted'));
      this.states.delete(id);
    }
  }

  /**
   * Kubernetes scrapers are also watched: a changed object or a new Event is in the catalog
   * within moments, not at the next scrape. The watches live as long as the scraper's spec.
   */
  private watch(state: State): (() => void) | undefined {
    const entries = Array.isArray(state.row.spec.kubernetes) ? state.row.spec.kubernetes : [];
    if (!entries.length) return undefined;
    const lifetime = new AbortController();
    const log = this.opts.log.child({ scraper: `${state.row.namespace}/${state.row.name}` });
    const stops = entries.map((raw) => {
      const entry = (raw ?? {}) as Record<string, unknown>;
      return watchKubernetes(
        entry,
        {
          scraper: { id: state.row.id, name: state.row.name, namespace: state.row.namespace },
          signal: lifetime.signal,
          pool: this.opts.pool,
          log,
          connection: (ref) => lookupConnection(this.opts.pool, ref, state.row.namespace),
          ...(this.opts.kubeconfig ? { kubeconfig: this.opts.kubeconfig } : {}),
        },
        (out) => {
          // Writes of one scraper's watch happen one after another, in the order seen.
          state.watchChain = (state.watchChain ?? Promise.resolve())
            .then(() => persistIncremental(this.opts.pool, state.row, entry, out))
            .then((errors) => {
              if (errors.length) log.warn({ errors: errors.slice(0, 5) }, 'kubernetes watch');
            })
            .catch((error: unknown) =>
              log.warn({ err: error }, 'could not write a watched change'),
            );
        },
      );
    });
    return () => {
      lifetime.abort();
      for (const stop of stops) stop();
    };
  }

  /** Starts a run now, or right after the one running (never two at once). */
  private kick(state: State): void {
    if (state.running) state.again = true;
    else void this.run(state);
  }

  private plan(state: State): void {
    clearTimeout(state.timer);
    const next = state.schedule.schedule?.next(Date.now() + 1);
    if (next === undefined || this.stopped) return;
    // Timers cannot wait longer than ~24.8 days; re-plan in steps.
    const wait = Math.min(next - Date.now(), 2 ** 31 - 1);
    state.timer = setTimeout(
      () => {
        if (Date.now() + 5 < next) this.plan(state);
        else if (!state.running) void this.run(state);
        else this.plan(state); // still running: this slot is skipped (never overlaps)
      },
      Math.max(0, wait),
    );
  }

  private run(state: State): Promise<ScrapeOutcome | undefined> {
    const controller = new AbortController();
    state.controller = controller;
    const timeoutMs = parseDuration(String(state.row.spec.timeout ?? '')) ?? DEFAULT_TIMEOUT_MS;
    const timer = setTimeout(
      () => controller.abort(new Error(`the scrape took longer than its timeout`)),
      timeoutMs,
    );
    const started = new Date();
    const run = (async () => {
      let outcome: ScrapeOutcome | undefined;
      let failure: string | undefined;
      try {
        outcome = await runScrape(this.opts.pool, state.row, {
          signal: controller.signal,
          pool: this.opts.pool,
          log: this.opts.log.child({ scraper: `${state.row.namespace}/${state.row.name}` }),
          connection: (ref) => lookupConnection(this.opts.pool, ref, state.row.namespace),
          ...(this.opts.sandbox ? { sandbox: this.opts.sandbox } : {}),
          ...(this.opts.kubeconfig ? { kubeconfig: this.opts.kubeconfig } : {}),
        });
      } catch (error) {
        failure = (error as Error).message;
        this.opts.log.error({ err: error, scraper: state.row.id }, 'scrape failed');
      } finally {
        clearTimeout(timer);
      }
      await this.record(state, started, outcome, failure).catch((error: unknown) =>
        this.opts.log.warn({ err: error, scraper: state.row.id }, 'could not record the scrape'),
      );
      return outcome;
    })().finally(() => {
      if (state.running === run) state.running = undefined;
      if (state.controller === controller) state.controller = undefined;
      if (this.stopped || this.states.get(state.row.id) !== state) return;
      if (state.again) {
        state.again = false;
        void this.run(state);
      } else this.plan(state);
    });
    state.running = run;
    return run;
  }

  private async record(
    state: State,
    started: Date,
    outcome: ScrapeOutcome | undefined,
    failure: string | undefined,
  ): Promise<void> {
    const errors = failure ? [failure] : (outcome?.errors ?? []);
    const success = outcome?.items ?? 0;
    const status = errors.length ? (success ? 'WARNING' : 'FAILED') : 'SUCCESS';
    const ended = new Date();
    await this.opts.pool.query(
      `INSERT INTO job_history (name, success_count, error_count, details, hostname, duration_millis,
         resource_type, resource_id, status, time_start, time_end)
       VALUES ('ConfigScraper', $1, $2, $3, $4, $5, 'config_scraper', $6, $7, $8, $9)`,
      [
        success,
        errors.length,
        {
          scrape_summary: outcome?.summary ?? {},
          ...(errors.length ? { errors: errors.slice(0, MAX_ERRORS_KEPT) } : {}),
          ...(state.schedule.note ? { schedule: state.schedule.note } : {}),
        },
        this.hostname,
        ended.getTime() - started.getTime(),
        state.row.id,
        status,
        started.toISOString(),
        ended.toISOString(),
      ],
    );
    if (state.row.source === 'KubernetesCRD' && this.opts.writeStatus)
      await this.opts.writeStatus(state.row.namespace, state.row.name, {
        lastRun: {
          success,
          error: errors.length,
          ...(errors.length ? { errors: errors.slice(0, 10) } : {}),
          timestamp: ended.toISOString(),
        },
      });
  }
}
