import type { Pool } from '../db/pool.js';
import { rowsInHalves } from './rawRows.js';
import { rollupCacheOf, type RollupRow } from './rollupCache.js';

/**
 * The reads behind /api/canary (docs/api/canary.md). Uptime and latency come from the hourly
 * (ranges up to 7 days) or daily rollups and their duration histograms, never from raw results,
 * so a summary costs the same for one hour or five years of history.
 */

export interface SummaryFilter {
  start: Date;
  end: Date;
  checkId?: string;
  canaryId?: string;
  namespace?: string;
  agentId?: string;
  labels?: LabelRequirement[];
  includeDeleted?: boolean;
  /** A further condition over the check `c` (object-scoped Permissions), binding with `param`. */
  where?: (param: (value: unknown) => string) => string | undefined;
}

export interface LabelRequirement {
  key: string;
  op: '=' | '!=' | 'exists' | '!exists';
  value?: string;
}

/** `env=prod,team!=b,tier,!legacy` -> requirements; throws with the bad part. */
export function parseLabelSelector(text: string): LabelRequirement[] {
  return text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((part) => {
      const m = /^(!?)([\w./-]+)(?:(!=|==|=)(.*))?$/.exec(part);
      if (!m || (m[1] && m[3])) {
        throw new Error(`labels: "${part}" is not key=value, key!=value, key or !key`);
      }
      if (m[3]) return { key: m[2] as string, op: m[3] === '!=' ? '!=' : '=', value: m[4] ?? '' };
      return { key: m[2] as string, op: m[1] ? '!exists' : 'exists' };
    });
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The start of the UTC hour (or day) holding `t`: the first rollup row a range reads. */
export function bucketStart(t: Date, daily: boolean): Date {
  const size = daily ? DAY : HOUR;
  return new Date(Math.floor(t.getTime() / size) * size);
}

export interface Uptime {
  passed: number;
  failed: number;
  last_pass: string | null;
  last_fail: string | null;
}
export interface Latency {
  p50: number | null;
  p95: number | null;
  p97: number | null;
  p99: number | null;
  avg: number | null;
}

/**
 * Each check's summary row is kept as JSON text by the database (checks.summary_json, migration
 * 0023: json renders timestamps as ISO 8601); the API splices in uptime and latency and sends the
 * text as it is, so thousands of rows cost no rendering, parsing or re-serialising per request.
 */
/** A check as the dashboard lists it. */
export interface SummaryRow {
  id: string;
  canary_id: string;
  name: string;
  type: string;
  status: string | null;
  namespace: string | null;
  canary_name: string;
  labels: Record<string, string>;
  uptime: Uptime;
  latency: Latency;
  [column: string]: unknown;
}

const PERCENTILES = [0.5, 0.95, 0.97, 0.99] as const;

/**
 * p50/p95/p97/p99 (as JSON number text, or null) of sparse histograms written as
 * `{"21": 3, "25": 4},{"3": 1}` — the integers alternate bucket and count, so a digit scanner
 * reads them without JSON parsing. `hist` is a scratch buffer of 80 buckets.
 */
export function percentilesOf(text: string, hist: Float64Array): string[] {
  hist.fill(0);
  let total = 0;
  let n = -1;
  let key = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    if (c >= 48 && c <= 57) {
      n = (n < 0 ? 0 : n * 10) + (c - 48);
    } else if (n >= 0) {
      if (key < 0) key = n;
      else {
        if (key < 80) hist[key] = (hist[key] as number) + n;
        total += n;
        key = -1;
      }
      n = -1;
    }
  }
  const out = ['null', 'null', 'null', 'null'];
  if (!total) return out;
  let seen = 0;
  let next = 0;
  for (let k = 0; k < 80 && next < 4; k++) {
    seen += hist[k] as number;
    while (next < 4 && seen >= Math.ceil((PERCENTILES[next] as number) * total)) {
      out[next++] = String(Math.max(0, Math.round(1.2 ** (k + 0.5) - 1)));
    }
  }
  return out;
}

const NO_STATS = `"uptime":${JSON.stringify({ passed: 0, failed: 0, last_pass: null, last_fail: null })},"latency":${JSON.stringify({ p50: null, p95: null, p97: null, p99: null, avg: null })}`;

/**
 * The `checks_summary` answer as JSON text: every matching check with uptime and latency over
 * the range. The range's rollup rows are grouped per check in the database; only their duration
 * histograms are merged here.
 */
export async function writeSummary(
  pool: Pool,
  f: SummaryFilter,
  write: (chunk: string) => void,
): Promise<void> {
  const daily = f.end.getTime() - f.start.getTime() > 7 * DAY;
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (!f.includeDeleted) where.push('c.deleted_at IS NULL', 'ca.deleted_at IS NULL');
  if (f.checkId) where.push(`c.id = ${param(f.checkId)}`);
  if (f.canaryId) where.push(`c.canary_id = ${param(f.canaryId)}`);
  if (f.agentId) where.push(`c.agent_id = ${param(f.agentId)}`);
  if (f.namespace !== undefined) {
    where.push(
      f.namespace === 'none'
        ? `coalesce(c.namespace, '') = ''`
        : `c.namespace = ${param(f.namespace)}`,
    );
  }
  for (const l of f.labels ?? []) {
    const labels = `(coalesce(ca.labels, '{}') || coalesce(c.labels, '{}'))`;
    if (l.op === 'exists') where.push(`${labels} ? ${param(l.key)}`);
    else if (l.op === '!exists') where.push(`NOT ${labels} ? ${param(l.key)}`);
    else if (l.op === '=') where.push(`${labels} ->> ${param(l.key)} = ${param(l.value)}`);
    else where.push(`${labels} ->> ${param(l.key)} IS DISTINCT FROM ${param(l.value)}`);
  }
  const scoped = f.where?.(param);
  if (scoped) where.push(scoped);
  // The checks query takes the filter's parameters; the rollup query also the range's.
  const checkParams = [...params];
  const from = param(bucketStart(f.start, daily).toISOString());
  const to = param(f.end.toISOString());
  const filtered = `FROM checks c JOIN canaries ca ON ca.id = c.canary_id
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  // Rows of deleted checks are simply not asked for by the checks query; other filters also
  // narrow the rollup rows.
  const narrowed = where.length > (f.includeDeleted ? 0 : 2);
  const table = daily ? 'check_statuses_1d' : 'check_statuses_1h';
  // The recent buckets come from memory when their versions have not moved (rollupCache.ts);
  // longer ranges are summed per check in the database, in two halves on two connections.
  const grouped = () =>
    rowsInHalves(
      pool,
      (half) => `SELECT r.check_id::text, sum(r.passed), sum(r.failed),
           to_json(max(r.last_pass))::text, to_json(max(r.last_fail))::text,
           round(sum(r.duration::float8 * r.total) / nullif(sum(r.total), 0)),
           string_agg(r.durations::text, ',')
         FROM ${table} r
         WHERE r.created_at >= ${from} AND r.created_at < ${to} AND ${half}
           ${narrowed ? `AND r.check_id IN (SELECT c.id ${filtered})` : ''}
         GROUP BY r.check_id`,
      params,
    ).then(byCheckId);
  const [checks, byCheck] = await Promise.all([
    pool.query<{ check: string; name: string; id: string }>(
      `SELECT coalesce(c.summary_json, check_summary_json(c)) AS check, c.name, c.id
       FROM checks c JOIN canaries ca ON ca.id = c.canary_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      checkParams,
    ),
    rollupCacheOf(pool)
      .load(pool, table, bucketStarts(f.start, f.end, daily))
      .then((buckets) => (buckets ? mergedLookup(buckets) : grouped())),
  ]);
  const rows = checks.rows;
  // Sorted here by name then id: the database would sort the wide JSON rows themselves.
  rows.sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  // Thousands of rows: the tail is written as text, the histograms read with a digit scanner,
  // and the answer leaves in chunks rather than as one multi-megabyte string.
  const hist = new Float64Array(80);
  const CHUNK = 250;
  write('{"checks_summary":[');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const parts: string[] = [];
    for (const r of rows.slice(i, i + CHUNK)) {
      const st = byCheck.get(r.id);
      if (!st) {
        parts.push(`${r.check.slice(0, -1)},${NO_STATS}}`);
        continue;
      }
      const [p50, p95, p97, p99] = percentilesOf(st.hists ?? '', hist);
      parts.push(
        `${r.check.slice(0, -1)},"uptime":{"passed":${st.passed},"failed":${st.failed},"last_pass":${st.last_pass ?? 'null'},"last_fail":${st.last_fail ?? 'null'}},"latency":{"p50":${p50},"p95":${p95},"p97":${p97},"p99":${p99},"avg":${st.avg ?? 'null'}}}`,
      );
    }
    write((i ? ',' : '') + parts.join(','));
  }
  write(']}');
}

/** The `checks_summary` answer as one JSON text (small answers, tests). */
export async function summaryJson(pool: Pool, f: SummaryFilter): Promise<string> {
  const chunks: string[] = [];
  await writeSummary(pool, f, (c) => chunks.push(c));
  return chunks.join('');
}

/** Per-check sums of the range's rollup rows; times arrive as JSON text. */
function byCheckId(rows: (string | null)[][]): Map<string, RollupStats> {
  const out = new Map<string, RollupStats>();
  for (const [id, passed, failed, lastPass, lastFail, avg, hists] of rows) {
    out.set(id as string, {
      passed: Number(passed),
      failed: Number(failed),
      last_pass: lastPass ?? null,
      last_fail: lastFail ?? null,
      avg: avg === null || avg === undefined ? null : Number(avg),
      hists: hists ?? null,
    });
  }
  return out;
}

/** The starts (ISO text) of the rollup buckets a range reads: its first bucket's to its end. */
export function bucketStarts(start: Date, end: Date, daily: boolean): string[] {
  const size = daily ? DAY : HOUR;
  const out: string[] = [];
  for (let t = bucketStart(start, daily).getTime(); t < end.getTime(); t += size) {
    out.push(new Date(t).toISOString());
  }
  return out;
}

/** Per-check sums over cached buckets, computed for the checks asked about. */
function mergedLookup(buckets: Map<string, RollupRow>[]): {
  get(id: string): RollupStats | undefined;
} {
  return {
    get(id) {
      let st: RollupStats | undefined;
      let weighted = 0;
      let total = 0;
      for (const bucket of buckets) {
        const r = bucket.get(id);
        if (!r) continue;
        st ??= { passed: 0, failed: 0, last_pass: null, last_fail: null, avg: null, hists: null };
        st.passed += r.passed;
        st.failed += r.failed;
        if (r.lastPass && (!st.last_pass || r.lastPass > st.last_pass)) st.last_pass = r.lastPass;
        if (r.lastFail && (!st.last_fail || r.lastFail > st.last_fail)) st.last_fail = r.lastFail;
        weighted += r.duration * r.total;
        total += r.total;
        if (r.hist) st.hists = st.hists ? `${st.hists},${r.hist}` : r.hist;
      }
      if (st && total) st.avg = Math.round(weighted / total);
      return st;
    },
  };
}

interface RollupStats {
  passed: number;
  failed: number;
  /** JSON text of the time (a quoted string), or null. */
  last_pass: string | null;
  last_fail: string | null;
  avg: number | null;
  hists: string | null;
}

export async function summary(pool: Pool, f: SummaryFilter): Promise<SummaryRow[]> {
  return (JSON.parse(await summaryJson(pool, f)) as { checks_summary: SummaryRow[] })
    .checks_summary;
}

export async function checkDetail(pool: Pool, id: string, start: Date, end: Date) {
  const [row] = await summary(pool, { start, end, checkId: id, includeDeleted: true });
  if (!row) return undefined;
  const exact = await exactLatency(pool, id, start, end);
  const { rows: canary } = await pool.query(
    `SELECT ca.id, ca.name, ca.namespace, ca.source, ca.spec, ca.labels, k.spec AS check_spec
     FROM checks k JOIN canaries ca ON ca.id = k.canary_id WHERE k.id = $1`,
    [id],
  );
  const { rows: components } = await pool.query(
    `SELECT co.id, co.name, co.type, co.icon, co.health, co.status
     FROM check_component_relationships r JOIN components co ON co.id = r.component_id
     WHERE r.check_id = $1 AND r.deleted_at IS NULL AND co.deleted_at IS NULL ORDER BY co.name LIMIT 200`,
    [id],
  );
  const { rows: configs } = await pool.query(
    `SELECT ci.id, ci.name, ci.type, ci.health, ci.status
     FROM check_config_relationships r JOIN config_items ci ON ci.id = r.config_id
     WHERE r.check_id = $1 AND r.deleted_at IS NULL AND ci.deleted_at IS NULL ORDER BY ci.name LIMIT 200`,
    [id],
  );
  const c = canary[0] as Record<string, unknown> & { check_spec: unknown };
  const { check_spec: spec, ...canaryFields } = c;
  return {
    ...row,
    latency: exact ?? row.latency,
    canary: canaryFields,
    spec,
    relationships: { components, configs },
  };
}

/** Exact percentiles from raw results, for one check over ranges short enough to read them. */
async function exactLatency(pool: Pool, id: string, start: Date, end: Date) {
  if (end.getTime() - start.getTime() > 2 * DAY) return undefined;
  const { rows } = await pool.query<Latency & { n: number }>(
    `SELECT count(*)::int AS n,
       percentile_disc(0.5) WITHIN GROUP (ORDER BY duration) AS p50,
       percentile_disc(0.95) WITHIN GROUP (ORDER BY duration) AS p95,
       percentile_disc(0.97) WITHIN GROUP (ORDER BY duration) AS p97,
       percentile_disc(0.99) WITHIN GROUP (ORDER BY duration) AS p99,
       round(avg(duration))::int AS avg
     FROM check_statuses WHERE check_id = $1 AND time >= $2 AND time < $3 AND NOT coalesce(invalid, false)`,
    [id, start.toISOString(), end.toISOString()],
  );
  const r = rows[0];
  if (!r?.n) return undefined;
  const { n: _n, ...latency } = r;
  return latency;
}

export interface StatusFilter {
  start?: Date;
  end?: Date;
  status?: boolean;
  minDuration?: number;
  page: number;
  pageSize: number;
}

export async function statuses(pool: Pool, id: string, f: StatusFilter) {
  const where = ['check_id = $1'];
  const params: unknown[] = [id];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.start) where.push(`time >= ${param(f.start.toISOString())}`);
  if (f.end) where.push(`time < ${param(f.end.toISOString())}`);
  if (f.status !== undefined) where.push(`status = ${param(f.status)}`);
  if (f.minDuration !== undefined) where.push(`duration >= ${param(f.minDuration)}`);
  const cond = where.join(' AND ');
  const [{ rows }, count] = await Promise.all([
    pool.query(
      `SELECT time, status, invalid, duration, message, error, details FROM check_statuses
       WHERE ${cond} ORDER BY time DESC LIMIT ${param(f.pageSize)} OFFSET ${param(f.page * f.pageSize)}`,
      params,
    ),
    pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM check_statuses WHERE ${cond}`,
      params.slice(0, where.length),
    ),
  ]);
  return { total: count.rows[0]?.n ?? 0, statuses: rows };
}

const WINDOWS: [string, number][] = [
  ['1m', 60_000],
  ['5m', 300_000],
  ['15m', 900_000],
  ['30m', 1_800_000],
  ['1h', 3_600_000],
  ['3h', 10_800_000],
  ['6h', 21_600_000],
  ['12h', 43_200_000],
  ['24h', DAY],
  ['1w', 7 * DAY],
];

/** The window among WINDOWS whose bucket count over the range is nearest 100. */
export function graphWindow(rangeMs: number): [string, number] {
  let best = WINDOWS[0] as [string, number];
  for (const w of WINDOWS) {
    if (Math.abs(rangeMs / w[1] - 100) < Math.abs(rangeMs / best[1] - 100)) best = w;
  }
  return best;
}

export async function graph(pool: Pool, id: string, start: Date, end: Date) {
  const range = [id, start.toISOString(), end.toISOString()];
  const { rows: count } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM check_statuses
       WHERE check_id = $1 AND time >= $2 AND time < $3 LIMIT 101) t`,
    range,
  );
  if ((count[0]?.n ?? 0) <= 100) {
    const { rows } = await pool.query(
      `SELECT time, status, status::int AS passed, (NOT status)::int AS failed, duration
       FROM check_statuses WHERE check_id = $1 AND time >= $2 AND time < $3 ORDER BY time`,
      range,
    );
    return { window: 'raw', points: rows };
  }
  const [name, ms] = graphWindow(end.getTime() - start.getTime());
  // Windows of an hour or more read the hourly rollup; shorter ones raw results of the range.
  const source =
    ms >= 3_600_000
      ? `SELECT created_at AS time, passed, failed, duration::numeric * total AS dsum, total
         FROM check_statuses_1h WHERE check_id = $1 AND created_at >= date_trunc('hour', $2::timestamptz, 'UTC') AND created_at < $3`
      : `SELECT time, status::int AS passed, (NOT status)::int AS failed, duration::numeric AS dsum, 1 AS total
         FROM check_statuses WHERE check_id = $1 AND time >= $2 AND time < $3`;
  const { rows } = await pool.query(
    `SELECT date_bin(make_interval(secs => $4), time, TIMESTAMPTZ '2000-01-03 00:00:00+00') AS time,
       sum(failed) = 0 AS status, sum(passed)::int AS passed, sum(failed)::int AS failed,
       round(sum(dsum) / nullif(sum(total), 0))::int AS duration
     FROM (${source}) s GROUP BY 1 ORDER BY 1`,
    [...range, ms / 1000],
  );
  return { window: name, points: rows };
}
