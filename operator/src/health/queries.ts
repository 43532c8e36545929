import type { Pool } from '../db/pool.js';
import { histogramPercentile } from './timeRange.js';

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

interface RollupRow {
  check_id: string;
  passed: number;
  failed: number;
  last_pass: Date | null;
  last_fail: Date | null;
  duration: number;
  total: number;
  durations: Record<string, number> | null;
}

export interface Uptime {
  passed: number;
  failed: number;
  last_pass: Date | null;
  last_fail: Date | null;
}
export interface Latency {
  p50: number | null;
  p95: number | null;
  p97: number | null;
  p99: number | null;
  avg: number | null;
}

/** Uptime and latency per check over [start, end) from the rollups. */
export async function rollupStats(
  pool: Pool,
  checkIds: string[],
  start: Date,
  end: Date,
): Promise<Map<string, { uptime: Uptime; latency: Latency }>> {
  const daily = end.getTime() - start.getTime() > 7 * DAY;
  const { rows } = await pool.query<RollupRow>(
    `SELECT check_id, passed, failed, last_pass, last_fail, duration, total, durations
     FROM ${daily ? 'check_statuses_1d' : 'check_statuses_1h'}
     WHERE check_id = ANY($1::uuid[])
       AND created_at >= date_trunc(${daily ? "'day'" : "'hour'"}, $2::timestamptz, 'UTC')
       AND created_at < $3`,
    [checkIds, start.toISOString(), end.toISOString()],
  );
  const acc = new Map<string, { rows: RollupRow[] }>();
  for (const r of rows) {
    const a = acc.get(r.check_id) ?? { rows: [] };
    a.rows.push(r);
    acc.set(r.check_id, a);
  }
  const out = new Map<string, { uptime: Uptime; latency: Latency }>();
  for (const [id, { rows: list }] of acc) {
    const hist: number[] = new Array<number>(80).fill(0);
    let passed = 0;
    let failed = 0;
    let total = 0;
    let sum = 0;
    let lastPass: Date | null = null;
    let lastFail: Date | null = null;
    for (const r of list) {
      passed += r.passed;
      failed += r.failed;
      total += r.total;
      sum += r.duration * r.total;
      if (r.last_pass && (!lastPass || r.last_pass > lastPass)) lastPass = r.last_pass;
      if (r.last_fail && (!lastFail || r.last_fail > lastFail)) lastFail = r.last_fail;
      for (const [k, n] of Object.entries(r.durations ?? {}))
        hist[Number(k)] = (hist[Number(k)] ?? 0) + n;
    }
    out.set(id, {
      uptime: { passed, failed, last_pass: lastPass, last_fail: lastFail },
      latency: {
        p50: histogramPercentile(hist, 0.5),
        p95: histogramPercentile(hist, 0.95),
        p97: histogramPercentile(hist, 0.97),
        p99: histogramPercentile(hist, 0.99),
        avg: total ? Math.round(sum / total) : null,
      },
    });
  }
  return out;
}

const CHECK_COLUMNS = `c.id, c.canary_id, c.name, c.type, c.status, c.description, c.icon, c.namespace,
  ca.name AS canary_name, ca.namespace AS canary_namespace,
  coalesce(ca.labels, '{}') || coalesce(c.labels, '{}') AS labels, c.severity, c.owner, c.agent_id,
  coalesce(a.name, 'local') AS agent_name, c.last_runtime, c.next_runtime, c.last_transition_time,
  c.latest_message, c.latest_duration, c.silenced_at, c.deleted_at, c.created_at, c.transformed,
  coalesce(c.spec ->> 'url', c.spec ->> 'endpoint', c.spec ->> 'query', c.spec ->> 'path') AS endpoint`;

/** A check as the dashboard lists it (columns of CHECK_COLUMNS). */
export interface SummaryRow {
  id: string;
  canary_id: string;
  name: string;
  type: string;
  status: string | null;
  namespace: string | null;
  canary_name: string;
  labels: Record<string, string>;
  [column: string]: unknown;
}

export async function summary(pool: Pool, f: SummaryFilter) {
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
  const { rows } = await pool.query<SummaryRow>(
    `SELECT ${CHECK_COLUMNS}
     FROM checks c JOIN canaries ca ON ca.id = c.canary_id LEFT JOIN agents a ON a.id = c.agent_id
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY c.name, c.id`,
    params,
  );
  const stats = await rollupStats(
    pool,
    rows.map((r) => r.id),
    f.start,
    f.end,
  );
  return rows.map((r) => {
    const s = stats.get(r.id);
    return {
      ...r,
      uptime: s?.uptime ?? { passed: 0, failed: 0, last_pass: null, last_fail: null },
      latency: s?.latency ?? { p50: null, p95: null, p97: null, p99: null, avg: null },
    };
  });
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
