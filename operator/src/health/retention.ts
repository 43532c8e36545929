import os from 'node:os';
import type { Logger } from 'pino';
import type { Pool } from '../db/pool.js';

/**
 * Keeps the health tables bounded (crds.md §1.10): raw check_statuses older than the retention
 * window (property `check.status.retention.days`, default 7), hourly rollups after 3x and daily
 * ones after 9x that window (so long-range uptime outlives the raw rows), and the newest
 * canary job_history rows per canary. Deletes go in batches so no statement holds locks for
 * long; each pass is recorded as a job_history row.
 */
export const RETENTION_PROPERTY = 'check.status.retention.days';
const DEFAULT_DAYS = 7;
const BATCH = 10_000;
const JOBS_KEPT_PER_CANARY = 20;

export async function retentionDays(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ value: string }>(
    'SELECT value FROM properties WHERE name = $1 AND deleted_at IS NULL',
    [RETENTION_PROPERTY],
  );
  const days = Number(rows[0]?.value);
  return Number.isFinite(days) && days > 0 ? days : DEFAULT_DAYS;
}

export async function pruneHealth(pool: Pool, now = new Date()) {
  const days = await retentionDays(pool);
  const cutoff = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
  const deleted = { statuses: 0, hourly: 0, daily: 0, jobs: 0 };
  const batched = async (sql: string, param: string) => {
    let total = 0;
    for (;;) {
      const r = await pool.query(sql, [param, BATCH]);
      total += r.rowCount ?? 0;
      if ((r.rowCount ?? 0) < BATCH) return total;
    }
  };
  deleted.statuses = await batched(
    `DELETE FROM check_statuses WHERE ctid = ANY(ARRAY(
       SELECT ctid FROM check_statuses WHERE time < $1 LIMIT $2))`,
    cutoff(days),
  );
  deleted.hourly = await batched(
    `DELETE FROM check_statuses_1h WHERE ctid = ANY(ARRAY(
       SELECT ctid FROM check_statuses_1h WHERE created_at < $1 LIMIT $2))`,
    cutoff(days * 3),
  );
  deleted.daily = await batched(
    `DELETE FROM check_statuses_1d WHERE ctid = ANY(ARRAY(
       SELECT ctid FROM check_statuses_1d WHERE created_at < $1 LIMIT $2))`,
    cutoff(days * 9),
  );
  const jobs = await pool.query(
    `DELETE FROM job_history j USING (
       SELECT id FROM (
         SELECT id, row_number() OVER (PARTITION BY resource_id ORDER BY created_at DESC) AS n
         FROM job_history WHERE resource_type = 'canary') ranked
       WHERE n > $1) old
     WHERE j.id = old.id`,
    [JOBS_KEPT_PER_CANARY],
  );
  deleted.jobs = jobs.rowCount ?? 0;
  return { days, deleted };
}

/** Runs pruneHealth now and then every `everyMs`, recording each pass; returns a stopper. */
export function scheduleRetention(pool: Pool, log: Logger, everyMs = 3_600_000): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const pass = async () => {
    const start = new Date();
    try {
      const { days, deleted } = await pruneHealth(pool);
      await pool.query(
        `INSERT INTO job_history (name, success_count, error_count, details, hostname, duration_millis,
           resource_type, status, time_start, time_end)
         VALUES ('DeleteOldCheckStatuses', $1, 0, $2, $3, $4, 'canary', 'SUCCESS', $5, now())`,
        [
          deleted.statuses + deleted.hourly + deleted.daily + deleted.jobs,
          { retentionDays: days, deleted },
          os.hostname(),
          Date.now() - start.getTime(),
          start.toISOString(),
        ],
      );
      if (deleted.statuses) log.info({ days, deleted }, 'pruned old check results');
    } catch (error) {
      log.warn({ err: error }, 'pruning old check results failed; will retry');
    }
    if (!stopped) timer = setTimeout(() => void pass(), everyMs);
  };
  timer = setTimeout(() => void pass(), 10_000);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
