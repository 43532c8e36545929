import type { Pool } from '../db/pool.js';
import { rowsInHalves } from './rawRows.js';

/**
 * Recent rollup buckets kept in memory for the health summary. Every change to a bucket's rows
 * moves its version in `rollup_versions` (migration 0026), so one small query tells which cached
 * buckets are still exact; only those that moved are read again. A dashboard refreshing the last
 * hour then reads the closed hour once, and the current hour only when results arrived.
 */

export type RollupTable = 'check_statuses_1h' | 'check_statuses_1d';

/** One check's rollup row for one bucket; times are JSON text (quoted ISO strings). */
export interface RollupRow {
  passed: number;
  failed: number;
  lastPass: string | null;
  lastFail: string | null;
  /** Mean duration (ms) over `total` results. */
  duration: number;
  total: number;
  /** The duration histogram as JSON text, e.g. `{"21": 3, "25": 4}`. */
  hist: string | null;
}

interface Bucket {
  version: string;
  rows: Map<string, RollupRow>;
}

/** The version of a bucket without rows (no version row has been written for it). */
const EMPTY = '0';

export class RollupCache {
  /** Insertion order is recency: a bucket read or refreshed moves to the end. */
  private readonly buckets = new Map<string, Bucket>();

  /** `maxBuckets` bounds memory: about 300 bytes per check per bucket. */
  constructor(readonly maxBuckets = 8) {}

  /**
   * The rows of each bucket start (ISO text), current as of the version query. Buckets are read
   * in one query; null when there are more buckets than the cache keeps (the caller aggregates
   * in the database instead).
   */
  async load(pool: Pool, table: RollupTable, starts: string[]): Promise<Bucket['rows'][] | null> {
    if (starts.length > this.maxBuckets) return null;
    const { rows: versions } = await pool.query<{ bucket: string; version: string }>({
      text: `SELECT to_json(bucket) #>> '{}' AS bucket, version::text FROM rollup_versions
             WHERE rollup = $1 AND bucket = ANY($2::timestamptz[])`,
      values: [table, starts],
    });
    const current = new Map(versions.map((v) => [Date.parse(v.bucket), v.version]));
    const versionOf = (start: string) => current.get(Date.parse(start)) ?? EMPTY;
    const stale = starts.filter((s) => this.buckets.get(key(table, s))?.version !== versionOf(s));
    if (stale.length > 0) await this.read(pool, table, stale, versionOf);
    return starts.map((s) => {
      const k = key(table, s);
      const bucket = this.buckets.get(k) as Bucket;
      this.buckets.delete(k);
      this.buckets.set(k, bucket);
      return bucket.rows;
    });
  }

  /** Reads whole buckets; the version was taken first, so a write in between reads again later. */
  private async read(
    pool: Pool,
    table: RollupTable,
    starts: string[],
    versionOf: (start: string) => string,
  ): Promise<void> {
    const fresh = new Map(starts.map((s) => [Date.parse(s), new Map<string, RollupRow>()]));
    const rows = await rowsInHalves(
      pool,
      (half) => `SELECT (extract(epoch FROM r.created_at) * 1000)::bigint, r.check_id::text,
           r.passed, r.failed, to_json(r.last_pass)::text, to_json(r.last_fail)::text,
           r.duration, r.total, r.durations::text
         FROM ${table} r
         WHERE r.created_at = ANY($1::timestamptz[]) AND ${half}`,
      [starts],
    );
    for (const [at, id, passed, failed, lastPass, lastFail, duration, total, hist] of rows) {
      fresh.get(Number(at))?.set(id as string, {
        passed: Number(passed),
        failed: Number(failed),
        lastPass: lastPass === 'null' ? null : (lastPass ?? null),
        lastFail: lastFail === 'null' ? null : (lastFail ?? null),
        duration: Number(duration),
        total: Number(total),
        hist: hist ?? null,
      });
    }
    for (const s of starts) {
      const k = key(table, s);
      this.buckets.delete(k);
      this.buckets.set(k, { version: versionOf(s), rows: fresh.get(Date.parse(s)) ?? new Map() });
    }
    while (this.buckets.size > this.maxBuckets) {
      this.buckets.delete(this.buckets.keys().next().value as string);
    }
  }
}

const key = (table: RollupTable, start: string) => `${table}|${Date.parse(start)}`;

const caches = new WeakMap<Pool, RollupCache>();

/** One cache per database pool (a pool is one database). */
export function rollupCacheOf(pool: Pool): RollupCache {
  let cache = caches.get(pool);
  if (!cache) caches.set(pool, (cache = new RollupCache()));
  return cache;
}
