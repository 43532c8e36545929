import { Router, type Request } from 'express';
import type pg from 'pg';
import type { Principal } from '../../auth/identity.js';
import { scopeFilter } from '../../auth/rowPolicy.js';
import { badRequest, HttpError, notFound } from '../../errors.js';
import type { CatalogRef } from '../../controllers/engineRefs.js';
import { UUID } from '../../ids.js';
import { parseDuration } from '../../health/runners/folder.js';
import { requirePermission } from '../authn.js';
import { changesQuery } from './catalogChanges.js';
import { Sql } from './sql.js';

/**
 * The catalog calls /api/db cannot express (docs/api/catalog.md): grouped summaries, and change
 * searches that follow relationships. Rows an object-scoped Permission hides are left out.
 */
export function catalogRoutes(pool: pg.Pool, catalog: CatalogRef = {}): Router {
  const router = Router();
  const read = requirePermission('database', 'read');

  // Scrape now: runs the scraper at once (or waits for the scrape already running) and answers
  // with its summary and errors, as its job history will record them.
  router.post(
    '/scrapers/:id/run',
    requirePermission('config_scrapers', 'run'),
    async (req, res) => {
      const id = req.params.id as string;
      if (!UUID.test(id)) throw badRequest(`scraper id "${id}" is not a UUID`);
      const { rowCount } = await pool.query(
        'SELECT 1 FROM config_scrapers WHERE id = $1 AND deleted_at IS NULL',
        [id],
      );
      if (!rowCount) throw notFound(`scraper ${id} not found`);
      if (!catalog.engine)
        throw new HttpError(
          503,
          'unavailable',
          'scrapes do not run on this replica (VIGIL_CONTROLLERS or VIGIL_SCRAPERS is off)',
        );
      // With replicas, the one that owns the scraper runs it (controllers/ownerRelay.ts).
      const outcome = catalog.runNow ? await catalog.runNow(id) : await catalog.engine.runNow(id);
      if (!outcome)
        throw new HttpError(
          409,
          'conflict',
          `scraper ${id} is not scheduled here yet (it may have just been created); try again in a few seconds`,
        );
      res.json({ summary: outcome.summary, errors: outcome.errors, items: outcome.items });
    },
  );

  router.post('/summary', read, async (req, res) => {
    const sql = new Sql();
    const q = summaryQuery(
      sql,
      (req.body ?? {}) as Record<string, unknown>,
      scoped(req, res.locals.principal, sql),
    );
    const { rows } = await pool.query<{ body: unknown }>(q, sql.params);
    res.json(rows[0]?.body ?? []);
  });

  router.post('/changes', read, async (req, res) => {
    const sql = new Sql();
    const { text } = changesQuery(
      sql,
      (req.body ?? {}) as Record<string, unknown>,
      scoped(req, res.locals.principal, sql),
    );
    const { rows } = await pool.query<{ total: number; changes: Record<string, unknown>[] }>(
      text,
      sql.params,
    );
    const changes = rows[0]?.changes ?? [];
    const summary: Record<string, number> = {};
    for (const c of changes)
      summary[c.change_type as string] = (summary[c.change_type as string] ?? 0) + 1;
    res.json({ total: rows[0]?.total ?? 0, changes, summary });
  });

  return router;
}

/** The object-scoped condition over the config alias `c`, if the principal has one. */
function scoped(_req: Request, principal: Principal | undefined, sql: Sql) {
  return scopeFilter(
    principal as Principal,
    'database',
    'read',
    'config_items',
    [{ kind: 'config', column: 'id' }],
    'c',
    (v) => sql.bind(v),
  );
}

const GROUP_COLUMNS: Record<string, string> = {
  type: 'c.type',
  config_class: 'c.config_class',
  name: 'c.name',
  status: 'c.status',
  health: 'c.health',
  namespace: "c.tags->>'namespace'",
  agent: 'c.agent_id::text',
};

/** A comma list with `!x` exclusions as a condition over `column`. */
export function listCondition(sql: Sql, column: string, list: string): string | undefined {
  const items = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const include = items.filter((i) => !i.startsWith('!'));
  const exclude = items.filter((i) => i.startsWith('!')).map((i) => i.slice(1));
  const match = (v: string) =>
    v.startsWith('*') && v.length > 1
      ? `${column} LIKE ${sql.bind(`%${v.slice(1)}`)}`
      : v.endsWith('*') && v.length > 1
        ? `${column} LIKE ${sql.bind(`${v.slice(0, -1)}%`)}`
        : `${column} = ${sql.bind(v)}`;
  const parts: string[] = [];
  if (include.length) parts.push(`(${include.map(match).join(' OR ')})`);
  for (const e of exclude) parts.push(`${column} IS DISTINCT FROM ${sql.bind(e)}`);
  return parts.length ? parts.join(' AND ') : undefined;
}

function windowOf(value: unknown, field: string): number {
  if (value === undefined) return 30 * 86_400_000;
  const since = typeof value === 'object' && value ? (value as { since?: unknown }).since : value;
  if (since === undefined || since === '') return 30 * 86_400_000;
  const ms = parseDuration(String(since));
  if (ms === undefined) throw badRequest(`${field}.since must be a duration such as 3d, 7d or 30d`);
  return ms;
}

export function summaryQuery(
  sql: Sql,
  body: Record<string, unknown>,
  scope: string | undefined,
): string {
  const groupBy =
    Array.isArray(body.groupBy) && body.groupBy.length ? body.groupBy.map(String) : ['type'];
  const groups = groupBy.map((g) => {
    if (g.endsWith('__tag')) {
      const key = g.slice(0, -5);
      if (!key) throw badRequest('groupBy: a tag group is written <tag key>__tag');
      return { key, expr: `c.tags->>${sql.bind(key)}` };
    }
    const expr = GROUP_COLUMNS[g];
    if (!expr)
      throw badRequest(
        `groupBy cannot group by "${g}": use ${Object.keys(GROUP_COLUMNS).join(', ')} or <tag key>__tag`,
      );
    return { key: g, expr };
  });
  const cost = typeof body.cost === 'string' && body.cost ? body.cost : '30d';
  if (!['1d', '7d', '30d'].includes(cost)) throw badRequest('cost must be 1d, 7d or 30d');
  const where: string[] = [];
  if (body.deleted !== true) where.push('c.deleted_at IS NULL');
  for (const [field, column] of [
    ['status', 'c.status'],
    ['health', 'c.health'],
  ] as const) {
    if (typeof body[field] === 'string' && body[field]) {
      const cond = listCondition(sql, column, body[field] as string);
      if (cond) where.push(cond);
    }
  }
  if (body.filter && typeof body.filter === 'object')
    for (const [label, list] of Object.entries(body.filter as Record<string, unknown>)) {
      const cond = listCondition(sql, `c.labels->>${sql.bind(label)}`, String(list));
      if (cond) where.push(cond);
    }
  if (typeof body.search === 'string' && body.search.trim()) {
    const q = sql.bind(`%${body.search.trim()}%`);
    where.push(
      `(c.name ILIKE ${q} OR c.type ILIKE ${q} OR c.description ILIKE ${q} OR c.tags->>'namespace' ILIKE ${q})`,
    );
  }
  if (scope) where.push(scope);
  const changesSince = sql.bind(windowOf(body.changes, 'changes'));
  const analysisSince = sql.bind(windowOf(body.analysis, 'analysis'));
  const filtered = `FROM config_items c ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const g = groups.map((x, i) => `${x.expr} AS g${i}`).join(', ');
  const gs = groups.map((_, i) => `g${i}`).join(', ');
  const on = (a: string) =>
    groups.map((_, i) => `${a}.g${i} IS NOT DISTINCT FROM x.g${i}`).join(' AND ');
  const keys = groups.map((x, i) => `${sql.bind(x.key)}::text, x.g${i}`).join(', ');
  const xs = groups.map((_, i) => `x.g${i}`).join(', ');
  // One pass over the items grouped by (groups, health), rolled up to the groups; changes and
  // insights are read from their recent rows only, joined to their items by key.
  return `WITH by_health AS (
      SELECT ${g}, coalesce(c.health, 'unknown') AS health, count(*)::int AS n,
        max(c.created_at) AS created_at, max(c.updated_at) AS updated_at,
        sum(c.cost_per_minute) AS cost_per_minute, sum(c.cost_total_${cost}) AS cost
      ${filtered} GROUP BY ${groups.map((_, i) => i + 1).join(', ')}, ${groups.length + 1}),
    grouped AS (
      SELECT ${gs}, sum(n)::int AS count, jsonb_object_agg(health, n) AS health,
        max(created_at) AS created_at, max(updated_at) AS updated_at,
        sum(cost_per_minute) AS cost_per_minute, sum(cost) AS cost
      FROM by_health GROUP BY ${gs}),
    changes AS (
      SELECT ${g}, count(*)::int AS changes
      FROM config_changes ch JOIN config_items c ON c.id = ch.config_id
      WHERE ch.created_at > now() - make_interval(secs => ${changesSince}::float8 / 1000)
        ${where.length ? `AND ${where.join(' AND ')}` : ''}
      GROUP BY ${groups.map((_, i) => i + 1).join(', ')}),
    analysis AS (
      SELECT ${gs}, jsonb_object_agg(analysis_type, n) AS analysis FROM (
        SELECT ${g}, coalesce(a.analysis_type, 'other') AS analysis_type, count(*)::int AS n
        FROM config_analysis a JOIN config_items c ON c.id = a.config_id
        WHERE a.status = 'open' AND a.first_observed > now() - make_interval(secs => ${analysisSince}::float8 / 1000)
          ${where.length ? `AND ${where.join(' AND ')}` : ''}
        GROUP BY ${groups.map((_, i) => i + 1).join(', ')}, ${groups.length + 1}) t GROUP BY ${gs})
    SELECT coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object(${keys},
        'count', x.count, 'created_at', x.created_at, 'updated_at', x.updated_at,
        'health', x.health, 'changes', coalesce(ch.changes, 0),
        'analysis', coalesce(an.analysis, '{}'), 'cost_per_minute', x.cost_per_minute,
        ${sql.bind(`cost_total_${cost}`)}::text, x.cost)) ORDER BY ${xs}), '[]') AS body
    FROM grouped x
    LEFT JOIN changes ch ON ${on('ch')}
    LEFT JOIN analysis an ON ${on('an')}`;
}
