import { lookupConnection } from '../connections/lookup.js';
import type { Logger } from 'pino';
import type client from 'prom-client';
import type { Pool } from '../db/pool.js';
import { runCanary, type CheckRun } from './canaryRun.js';
import { HealthMetrics } from './metrics.js';
import type { CanaryDefinition, CheckDefinition, FinalResult } from './pipeline.js';
import { projectChecks } from './projection.js';
import { scheduleRetention } from './retention.js';
import { canarySchedule, type CanarySchedule } from './schedule.js';
import { canaryStatus, RollingWindow } from './status.js';
import { checkTimeout, type CheckTimeout } from './timeouts.js';
import type { CheckRunner, RunContext } from './types.js';
import { ResultWriter, type StatusRow } from './writer.js';

/**
 * The health engine: keeps every local canary scheduled, runs it (never overlapping its own
 * previous run), writes results in batches and reports each Kubernetes-sourced canary's status.
 *
 * Canaries are read from the database (the Canary reconciler and the console both write them),
 * incrementally every SYNC_MS and fully every FULL_SYNC_MS. Due runs sit in one min-heap served
 * by one timer, so 10,000 schedules cost one timer, not 10,000.
 */

export interface EngineOptions {
  pool: Pool;
  log: Logger;
  registry: client.Registry;
  runners: Record<string, CheckRunner>;
  /** Writes status fields onto a Kubernetes-sourced canary (merged into its status). */
  writeStatus?: (namespace: string, name: string, status: Record<string, unknown>) => Promise<void>;
  /** Canary runs at once across the engine. */
  concurrency?: number;
  /** The longest one canary run may take before it is cancelled (default 10 min). */
  checkTimeoutMs?: number;
  /** Per-type default time limits of one check attempt, instead of those in timeouts.ts. */
  checkTimeouts?: Partial<Record<string, number>>;
  /** How long a check may still report after its limit (default TIMEOUT_GRACE_MS). */
  checkTimeoutGraceMs?: number;
  syncMs?: number;
  /**
   * Whether this replica runs the canary (replicas share the work: controllers/shares.ts).
   * Without it, every canary is run here.
   */
  owns?: (canaryId: string) => boolean;
  /** Prune old results here (default true); with replicas the leader does it, once. */
  retention?: boolean;
}

interface CanaryState {
  def: CanaryDefinition;
  source: string | null;
  checks: CheckDefinition[];
  schedule?: CanarySchedule;
  version: number;
  running: boolean;
  fingerprint: string;
  /** The run in flight, to wait for (or cancel) when the canary moves to another replica. */
  inflight?: Promise<void>;
  abort?: AbortController;
}

/** What one run has stored so far, for its job_history row. */
interface RunTally {
  passed: number;
  failed: number;
  errors: (string | null)[];
  /** check@time keys already used in this run. */
  times: Set<string>;
}

interface Due {
  at: number;
  id: string;
  version: number;
}

const NIL_AGENT = '00000000-0000-0000-0000-000000000000';
const FULL_SYNC_MS = 5 * 60_000;

export class HealthEngine {
  private readonly canaries = new Map<string, CanaryState>();
  private readonly heap: Due[] = [];
  private readonly waiting: Due[] = [];
  private readonly windows = new Map<string, RollingWindow>();
  /** Console-made canaries: the spec their checks were last projected from. */
  private readonly projected = new Map<string, string>();
  private readonly transformedIds = new Map<string, Set<string>>();
  private readonly writer: ResultWriter;
  private readonly metrics: HealthMetrics;
  private stopController = new AbortController();
  private timer?: NodeJS.Timeout;
  private syncTimer?: NodeJS.Timeout;
  private timerAt = Infinity;
  private active = 0;
  private watermark?: Date;
  private lastFull = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly runs = new Set<AbortController>();
  private started = false;
  private stopRetention: () => void = () => undefined;

  constructor(private readonly opts: EngineOptions) {
    this.writer = new ResultWriter(opts.pool, opts.log);
    this.metrics = new HealthMetrics(opts.registry);
  }

  get size(): number {
    return this.canaries.size;
  }

  /**
   * Starts scheduling. The engine may be stopped and started again (leadership can end and come
   * back): each start reads every canary afresh. A first read that fails (the database is away)
   * is logged and retried by the sync loop.
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const stopping = new AbortController();
    this.stopController = stopping;
    if (this.opts.retention !== false)
      this.stopRetention = scheduleRetention(this.opts.pool, this.opts.log);
    await this.sync().catch((error: unknown) =>
      this.opts.log.warn({ err: error }, 'health sync failed; retrying'),
    );
    const loop = () => {
      this.syncTimer = setTimeout(() => {
        void this.sync()
          .catch((error: unknown) => this.opts.log.warn({ err: error }, 'health sync failed'))
          .finally(() => {
            if (!stopping.signal.aborted) loop();
          });
      }, this.opts.syncMs ?? 2000);
    };
    if (!stopping.signal.aborted) loop();
  }

  async stop(): Promise<void> {
    this.stopController.abort();
    for (const run of this.runs) run.abort(new Error('Vigil is stopping'));
    this.stopRetention();
    this.stopRetention = () => undefined;
    clearTimeout(this.timer);
    clearTimeout(this.syncTimer);
    await Promise.allSettled([...this.inFlight]);
    await this.writer.stop();
    // A later start() begins from nothing, as a newly elected leader elsewhere would; meanwhile
    // this replica's /metrics no longer reports checks it does not run.
    this.started = false;
    for (const id of [...this.canaries.keys()]) this.forget(id);
    this.canaries.clear();
    this.heap.length = 0;
    this.waiting.length = 0;
    this.windows.clear();
    this.projected.clear();
    this.transformedIds.clear();
    this.timerAt = Infinity;
    this.watermark = undefined;
    this.lastFull = 0;
  }

  /** Reads canaries changed since the last sync (all of them every few minutes). */
  async sync(): Promise<void> {
    const full = !this.watermark || Date.now() - this.lastFull > FULL_SYNC_MS;
    const since = full ? null : new Date((this.watermark as Date).getTime() - 5000);
    const { rows } = await this.opts.pool.query<{
      id: string;
      name: string;
      namespace: string;
      labels: Record<string, string> | null;
      annotations: Record<string, string> | null;
      spec: Record<string, unknown>;
      source: string | null;
      deleted: boolean;
      changed: Date;
      checks: {
        id: string;
        type: string;
        name: string;
        description: string | null;
        labels: Record<string, string> | null;
        spec: Record<string, unknown>;
      }[];
    }>(
      `SELECT ca.id, ca.name, ca.namespace, ca.labels, ca.annotations, ca.spec, ca.source,
         ca.deleted_at IS NOT NULL AS deleted,
         greatest(ca.updated_at, ca.deleted_at, ca.created_at,
           (SELECT max(updated_at) FROM checks k WHERE k.canary_id = ca.id)) AS changed,
         coalesce((SELECT json_agg(json_build_object('id', k.id, 'type', k.type, 'name', k.name,
             'description', k.description, 'labels', k.labels, 'spec', k.spec) ORDER BY k.created_at, k.name)
           FROM checks k WHERE k.canary_id = ca.id AND k.deleted_at IS NULL
             AND NOT coalesce(k.transformed, false)), '[]') AS checks
       FROM canaries ca
       WHERE ca.agent_id = $1
         AND ($2::timestamptz IS NULL AND ca.deleted_at IS NULL
           OR $2 IS NOT NULL AND (ca.updated_at > $2 OR ca.deleted_at > $2 OR ca.created_at > $2
             OR EXISTS (SELECT 1 FROM checks k WHERE k.canary_id = ca.id AND k.updated_at > $2)))`,
      [NIL_AGENT, since?.toISOString() ?? null],
    );
    const seen = new Set<string>();
    for (const row of rows) {
      if (!this.watermark || row.changed > this.watermark) this.watermark = row.changed;
      if (row.deleted || !this.owned(row.id)) {
        this.forget(row.id);
        continue;
      }
      seen.add(row.id);
      let checks = row.checks;
      const fromKubernetes = row.source?.startsWith('kubernetes/') ?? false;
      if (!fromKubernetes && !row.source?.startsWith('check=')) {
        // Console-made canaries have no reconciler: project their checks here.
        const fingerprint = JSON.stringify([row.spec, row.labels, row.namespace]);
        if (this.projected.get(row.id) !== fingerprint || checks.length === 0) {
          this.projected.set(row.id, fingerprint);
          await projectChecks(this.opts.pool, {
            id: row.id,
            namespace: row.namespace,
            labels: row.labels,
            spec: row.spec,
          });
          checks = await this.checksOf(row.id);
        }
      }
      this.upsert(row, checks);
    }
    if (full) {
      this.lastFull = Date.now();
      for (const id of [...this.canaries.keys()]) if (!seen.has(id)) this.forget(id);
      this.watermark ??= new Date();
    }
    this.metrics.scheduled.set(this.canaries.size);
  }

  private owned(canaryId: string): boolean {
    return this.opts.owns?.(canaryId) ?? true;
  }

  /** Reads every canary again (this replica was given more of them). */
  resync(): Promise<void> {
    this.lastFull = 0;
    return this.sync();
  }

  /**
   * Stops running the canaries that are no longer this replica's: their schedule is dropped and
   * a run in flight is waited for (cancelled after `graceMs`), so that when this resolves none
   * of them runs here and the next owner may start them.
   */
  async relinquish(isReleased: (canaryId: string) => boolean, graceMs = 20_000): Promise<void> {
    const leaving = [...this.canaries.values()].filter((s) => isReleased(s.def.id));
    for (const state of leaving) this.forget(state.def.id);
    const inflight = leaving.flatMap((s) => (s.inflight ? [s] : []));
    if (!inflight.length) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        for (const s of inflight) s.abort?.abort(new Error('the canary moved to another replica'));
        resolve();
      }, graceMs);
    });
    await Promise.race([Promise.allSettled(inflight.map((s) => s.inflight)), late]);
    await Promise.allSettled(inflight.map((s) => s.inflight));
    clearTimeout(timer);
  }

  private async checksOf(canaryId: string) {
    const { rows } = await this.opts.pool.query<{
      id: string;
      type: string;
      name: string;
      description: string | null;
      labels: Record<string, string> | null;
      spec: Record<string, unknown>;
    }>(
      `SELECT id, type, name, description, labels, spec FROM checks
       WHERE canary_id = $1 AND deleted_at IS NULL AND NOT coalesce(transformed, false)
       ORDER BY created_at, name`,
      [canaryId],
    );
    return rows;
  }

  private upsert(
    row: {
      id: string;
      name: string;
      namespace: string;
      labels: Record<string, string> | null;
      annotations: Record<string, string> | null;
      spec: Record<string, unknown>;
      source: string | null;
    },
    checks: {
      id: string;
      type: string;
      name: string;
      description: string | null;
      labels: Record<string, string> | null;
      spec: Record<string, unknown>;
    }[],
  ) {
    const fingerprint = JSON.stringify([row.spec, row.annotations, checks.map((c) => c.id)]);
    const old = this.canaries.get(row.id);
    if (old && old.fingerprint === fingerprint) return;
    const state: CanaryState = {
      def: {
        id: row.id,
        name: row.name,
        namespace: row.namespace,
        labels: row.labels ?? {},
        spec: row.spec,
      },
      source: row.source,
      checks: checks.map((c) => ({
        id: c.id,
        type: c.type,
        name: c.name,
        description: c.description,
        labels: c.labels ?? {},
        spec: c.spec,
      })),
      schedule: canarySchedule({ id: row.id, spec: row.spec, annotations: row.annotations }),
      version: (old?.version ?? 0) + 1,
      running: old?.running ?? false,
      fingerprint,
    };
    this.canaries.set(row.id, state);
    if (state.schedule && state.checks.length) {
      // Newly scheduled or changed canaries run at once (crds.md §1.7 run-now).
      this.push({ at: Date.now(), id: row.id, version: state.version });
    } else {
      this.recordNextRun(state, null);
    }
  }

  private forget(id: string) {
    const state = this.canaries.get(id);
    if (!state) return;
    this.canaries.delete(id);
    this.projected.delete(id);
    for (const c of state.checks) {
      this.windows.delete(c.id);
      this.metrics.forget(c.id);
    }
  }

  private push(due: Due) {
    heapPush(this.heap, due);
    if (due.at < this.timerAt) this.arm();
  }

  private arm() {
    clearTimeout(this.timer);
    const top = this.heap[0];
    if (!top || this.stopController.signal.aborted) {
      this.timerAt = Infinity;
      return;
    }
    this.timerAt = top.at;
    this.timer = setTimeout(() => this.tick(), Math.max(0, top.at - Date.now()));
  }

  private tick() {
    const now = Date.now();
    while (this.heap.length && (this.heap[0] as Due).at <= now) {
      const due = heapPop(this.heap) as Due;
      const state = this.canaries.get(due.id);
      if (!state || state.version !== due.version) continue;
      this.scheduleNext(state, due.at);
      if (state.running) {
        // Never overlap a canary's own previous run: this slot is skipped.
        this.metrics.skipped.inc();
        continue;
      }
      this.waiting.push(due);
    }
    this.drain();
    this.arm();
  }

  private scheduleNext(state: CanaryState, after: number) {
    const next = state.schedule?.next(after + 1);
    if (next === undefined) return;
    this.push({ at: next, id: state.def.id, version: state.version });
  }

  private drain() {
    if (this.stopController.signal.aborted) return;
    const limit = this.opts.concurrency ?? 256;
    while (this.active < limit && this.waiting.length) {
      const due = this.waiting.shift() as Due;
      const state = this.canaries.get(due.id);
      if (!state || state.version !== due.version || state.running) continue;
      // Moving to another replica: not started here again.
      if (!this.owned(state.def.id)) continue;
      this.metrics.lateness.observe(Math.max(0, Date.now() - due.at) / 1000);
      const run = this.runScheduled(state).finally(() => {
        this.inFlight.delete(run);
        if (state.inflight === run) state.inflight = undefined;
        this.active--;
        this.drain();
      });
      this.active++;
      state.inflight = run;
      this.inFlight.add(run);
    }
  }

  private async runScheduled(state: CanaryState): Promise<void> {
    state.running = true;
    try {
      const runs = await this.execute(state, state.checks);
      const next = state.schedule?.next(Date.now() + 1);
      this.recordNextRun(state, next === undefined ? null : new Date(next));
      await this.report(state, runs);
    } catch (error) {
      this.opts.log.error({ err: error, canary: state.def.name }, 'canary run failed');
    } finally {
      state.running = false;
    }
  }

  private recordNextRun(state: CanaryState, at: Date | null) {
    this.writer.add([], undefined, { checkIds: state.checks.map((c) => c.id), at });
  }

  /**
   * Runs checks of one canary, stores their results and returns them. Each check's results go
   * to the writer as soon as that check is done (a slow check does not hold back the others';
   * each attempt is bounded by its check's time limit); the run's job row follows at the end.
   */
  private async execute(state: CanaryState, checks: CheckDefinition[]): Promise<CheckRun[]> {
    const start = new Date();
    // One controller per run, aborted on stop or when the run overstays; no timers or
    // listeners outlive the run (AbortSignal.timeout/any would keep them for minutes).
    const run = new AbortController();
    this.runs.add(run);
    state.abort = run;
    const timer = setTimeout(
      () => run.abort(new Error('the run took too long and was cancelled')),
      this.opts.checkTimeoutMs ?? 10 * 60_000,
    );
    const tally: RunTally = { passed: 0, failed: 0, errors: [], times: new Set() };
    // Stored one check after the other, in the order they finish.
    let stored = Promise.resolve();
    const store = (done: CheckRun) => {
      stored = stored
        .then(() => this.store(state, done, tally))
        .catch((error: unknown) =>
          this.opts.log.error(
            { err: error, canary: state.def.name, check: done.check.name },
            'storing check results failed',
          ),
        );
    };
    let runs: CheckRun[];
    try {
      runs = await runCanary(state.def, checks, {
        runners: this.opts.runners,
        context: (check) => this.context(state, check, run.signal),
        lastResult: (checkId) => this.lastResult(checkId),
        onCheckDone: store,
        timeoutOf: (check) => this.timeoutOf(check),
      });
    } finally {
      clearTimeout(timer);
      this.runs.delete(run);
      if (state.abort === run) state.abort = undefined;
    }
    // resultMode junit reports once, with every check's outcome in one result.
    if (state.def.spec.resultMode === 'junit') runs.forEach(store);
    await stored;
    this.writer.add([], {
      canaryId: state.def.id,
      start,
      end: new Date(),
      passed: tally.passed,
      failed: tally.failed,
      details: tally.failed ? { errors: tally.errors.slice(0, 10) } : {},
    });
    return runs;
  }

  private timeoutOf(check: CheckDefinition): CheckTimeout {
    const own = checkTimeout(check.type, check.spec);
    const override = this.opts.checkTimeouts?.[check.type];
    const limit = override !== undefined && own.from === 'default' ? { ...own, ms: override } : own;
    const graceMs = this.opts.checkTimeoutGraceMs;
    return graceMs === undefined ? limit : { ...limit, graceMs };
  }

  /** Queues one check's results for writing and counts them into the run. */
  private async store(state: CanaryState, done: CheckRun, tally: RunTally): Promise<void> {
    const rows: StatusRow[] = [];
    for (const result of done.results) {
      const checkId = result.name
        ? await this.transformedCheck(state, done.check, result)
        : done.check.id;
      rows.push(toRow(checkId, result));
      if (result.pass) tally.passed++;
      else tally.failed++;
      this.windowOf(checkId).add(result);
      this.metrics.record(state.def, done.check, checkId, result);
    }
    // Distinct times per check: two results in the same millisecond would collide on the key.
    dedupeTimes(rows, tally.times);
    for (const r of rows)
      if (!r.status && tally.errors.length < 10) tally.errors.push(r.error ?? r.message);
    this.writer.add(rows);
  }

  /** Checks a transform created are stored as checks of their own (transformed = true). */
  private async transformedCheck(
    state: CanaryState,
    parent: CheckDefinition,
    result: FinalResult,
  ): Promise<string> {
    const { rows } = await this.opts.pool.query<{ id: string }>(
      `INSERT INTO checks (canary_id, type, name, namespace, labels, description, transformed, spec)
       VALUES ($1, $2, $3, $4, $5, $6, true, '{}')
       ON CONFLICT (canary_id, type, name, agent_id) DO UPDATE SET deleted_at = NULL,
         labels = EXCLUDED.labels, description = coalesce(EXCLUDED.description, checks.description)
       RETURNING id`,
      [
        state.def.id,
        parent.type,
        result.name,
        state.def.namespace,
        { ...parent.labels, ...result.labels },
        result.description ?? null,
      ],
    );
    const id = (rows[0] as { id: string }).id;
    const known = this.transformedIds.get(state.def.id) ?? new Set<string>();
    this.transformedIds.set(state.def.id, known.add(id));
    return id;
  }

  private windowOf(checkId: string): RollingWindow {
    let w = this.windows.get(checkId);
    if (!w) this.windows.set(checkId, (w = new RollingWindow()));
    return w;
  }

  private async report(state: CanaryState, runs: CheckRun[]) {
    if (!this.opts.writeStatus || !state.source?.startsWith('kubernetes/')) return;
    const [, namespace = '', name = ''] = state.source.split('/');
    const ids = new Set(state.checks.map((c) => c.id));
    for (const run of runs) ids.add(run.check.id);
    for (const id of this.transformedIds.get(state.def.id) ?? []) ids.add(id);
    const status = canaryStatus([...ids], (id) => this.windows.get(id));
    try {
      await this.opts.writeStatus(namespace, name, status);
    } catch (error) {
      this.opts.log.warn(
        { err: error, canary: `${namespace}/${name}` },
        'canary status write failed',
      );
    }
  }

  private context(state: CanaryState, check: CheckDefinition, signal: AbortSignal): RunContext {
    return {
      canary: {
        id: state.def.id,
        name: state.def.name,
        namespace: state.def.namespace,
        labels: state.def.labels,
      },
      check: { id: check.id, name: check.name, type: check.type },
      signal,
      pool: this.opts.pool,
      connection: (ref) => lookupConnection(this.opts.pool, ref, state.def.namespace),
    };
  }

  private async lastResult(checkId: string) {
    const { rows } = await this.opts.pool.query(
      `SELECT CASE WHEN status THEN 'healthy' ELSE 'unhealthy' END AS status, invalid,
         time AS "createdAt", duration, message, error, details AS results
       FROM check_statuses WHERE check_id = $1 ORDER BY time DESC LIMIT 1`,
      [checkId],
    );
    return rows[0] as Record<string, unknown> | undefined;
  }

  /**
   * Run Now for one check (its canary's other checks are not run); resolves with the stored
   * result, or undefined when the check is not one this engine runs.
   */
  async runCheckNow(checkId: string): Promise<StatusRow | undefined> {
    let state = [...this.canaries.values()].find((s) => s.checks.some((c) => c.id === checkId));
    if (!state) {
      await this.sync();
      state = [...this.canaries.values()].find((s) => s.checks.some((c) => c.id === checkId));
    }
    const check = state?.checks.find((c) => c.id === checkId);
    if (!state || !check) return undefined;
    const alone = { ...check, spec: { ...check.spec, dependsOn: undefined } };
    const runs = await this.execute(state, [alone]);
    await this.writer.flush();
    await this.report(state, runs);
    const first = runs[0]?.results[0];
    return first ? toRow(checkId, first) : undefined;
  }

  /** Waits until queued results are written (tests, shutdown). */
  flush(): Promise<void> {
    return this.writer.flush();
  }
}

function toRow(checkId: string, r: FinalResult): StatusRow {
  return {
    checkId,
    time: r.start,
    status: r.pass,
    invalid: r.invalid ?? false,
    duration: r.invalid ? r.duration : Math.max(1, r.duration),
    message: r.message ?? null,
    error: r.error ?? null,
    details: r.data ?? null,
  };
}

function dedupeTimes(rows: StatusRow[], seen: Set<string>) {
  for (const row of rows) {
    let key = `${row.checkId}@${row.time.getTime()}`;
    while (seen.has(key)) {
      row.time = new Date(row.time.getTime() + 1);
      key = `${row.checkId}@${row.time.getTime()}`;
    }
    seen.add(key);
  }
}

function heapPush(heap: Due[], item: Due) {
  heap.push(item);
  let i = heap.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if ((heap[p] as Due).at <= item.at) break;
    heap[i] = heap[p] as Due;
    i = p;
  }
  heap[i] = item;
}

function heapPop(heap: Due[]): Due | undefined {
  const top = heap[0];
  const last = heap.pop() as Due;
  if (!heap.length) return top;
  heap[0] = last;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < heap.length && (heap[l] as Due).at < (heap[m] as Due).at) m = l;
    if (r < heap.length && (heap[r] as Due).at < (heap[m] as Due).at) m = r;
    if (m === i) break;
    [heap[i], heap[m]] = [heap[m] as Due, heap[i] as Due];
    i = m;
  }
  return top;
}
