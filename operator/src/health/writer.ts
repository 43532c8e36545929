import os from 'node:os';
import type { Logger } from 'pino';
import type { Pool } from '../db/pool.js';

/**
 * Batches results into the database: one multi-row INSERT of check_statuses per flush (the
 * rollup trigger then folds the whole batch into the hourly/daily aggregates and the checks'
 * latest status at once), plus the runs' job_history rows and the checks' next_runtime.
 * A failed flush is retried with the next one, so results are not lost to a database blip.
 */

export interface StatusRow {
  checkId: string;
  time: Date;
  status: boolean;
  invalid: boolean;
  duration: number;
  message: string | null;
  error: string | null;
  details: unknown;
}

export interface JobRow {
  canaryId: string;
  start: Date;
  end: Date;
  passed: number;
  failed: number;
  details: unknown;
}

// crds.md §1.5: messages are kept to 4 KiB and errors to 128 KiB when stored.
const MAX_MESSAGE = 4096;
const MAX_ERROR = 128 * 1024;
const FLUSH_MS = 250;
const MAX_BATCH = 2000;
const MAX_BACKLOG = 200_000;

export class ResultWriter {
  private statuses: StatusRow[] = [];
  private jobs: JobRow[] = [];
  private nextRuns = new Map<string, Date | null>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private readonly hostname = os.hostname();
  dropped = 0;

  constructor(
    private readonly pool: Pool,
    private readonly log: Logger,
  ) {}

  add(rows: StatusRow[], job?: JobRow, nextRun?: { checkIds: string[]; at: Date | null }) {
    this.statuses.push(...rows);
    if (job) this.jobs.push(job);
    if (nextRun) for (const id of nextRun.checkIds) this.nextRuns.set(id, nextRun.at);
    if (this.statuses.length > MAX_BACKLOG) {
      // The database has been unreachable for a long time: keep the newest results.
      const drop = this.statuses.length - MAX_BACKLOG;
      this.statuses.splice(0, drop);
      this.dropped += drop;
      this.log.error({ dropped: drop }, 'result backlog full; oldest check results dropped');
    }
    if (this.statuses.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Writes everything queued so far; resolves when it is committed (or has failed). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    while (this.statuses.length || this.jobs.length || this.nextRuns.size) {
      const rows = this.statuses.splice(0, MAX_BATCH);
      const jobs = this.jobs.splice(0, MAX_BATCH);
      const next = [...this.nextRuns.entries()];
      this.nextRuns.clear();
      try {
        if (rows.length) await this.insertStatuses(rows);
        if (jobs.length) await this.insertJobs(jobs);
        if (next.length) await this.updateNextRuns(next);
      } catch (error) {
        this.log.warn(
          { err: error, rows: rows.length },
          'writing check results failed; will retry',
        );
        this.statuses.unshift(...rows);
        this.jobs.unshift(...jobs);
        for (const [id, at] of next) if (!this.nextRuns.has(id)) this.nextRuns.set(id, at);
        this.timer ??= setTimeout(() => void this.flush(), 2000);
        return;
      }
    }
  }

  private async insertStatuses(rows: StatusRow[]) {
    await this.pool.query(
      `INSERT INTO check_statuses (check_id, time, status, invalid, duration, message, error, details)
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::bool[], $4::bool[], $5::int[],
         $6::text[], $7::text[], $8::jsonb[])
       ON CONFLICT (check_id, time) DO NOTHING`,
      [
        rows.map((r) => r.checkId),
        rows.map((r) => r.time.toISOString()),
        rows.map((r) => r.status),
        rows.map((r) => r.invalid),
        rows.map((r) => Math.max(0, Math.round(r.duration))),
        rows.map((r) => (r.message ? r.message.slice(0, MAX_MESSAGE) : null)),
        rows.map((r) => (r.error ? r.error.slice(0, MAX_ERROR) : null)),
        rows.map((r) => (r.details === undefined ? null : JSON.stringify(r.details))),
      ],
    );
  }

  private async insertJobs(jobs: JobRow[]) {
    await this.pool.query(
      `INSERT INTO job_history (name, success_count, error_count, details, hostname, duration_millis,
         resource_type, resource_id, status, time_start, time_end)
       SELECT 'Canary', s, e, d, $1, dm, 'canary', r, st, ts, te
       FROM unnest($2::int[], $3::int[], $4::jsonb[], $5::int[], $6::text[], $7::text[],
         $8::timestamptz[], $9::timestamptz[]) AS t(s, e, d, dm, r, st, ts, te)`,
      [
        this.hostname,
        jobs.map((j) => j.passed),
        jobs.map((j) => j.failed),
        jobs.map((j) => JSON.stringify(j.details)),
        jobs.map((j) => j.end.getTime() - j.start.getTime()),
        jobs.map((j) => j.canaryId),
        jobs.map((j) => (j.failed ? (j.passed ? 'WARNING' : 'FAILED') : 'SUCCESS')),
        jobs.map((j) => j.start.toISOString()),
        jobs.map((j) => j.end.toISOString()),
      ],
    );
  }

  private async updateNextRuns(next: [string, Date | null][]) {
    await this.pool.query(
      `UPDATE checks c SET next_runtime = n.at
       FROM unnest($1::uuid[], $2::timestamptz[]) AS n(id, at)
       WHERE c.id = n.id AND c.next_runtime IS DISTINCT FROM n.at`,
      [next.map(([id]) => id), next.map(([, at]) => at?.toISOString() ?? null)],
    );
  }

  async stop(): Promise<void> {
    await this.flush();
  }
}
