import type pg from 'pg';
import { can, type Subject } from '../auth/policy.js';
import { scopeFilter } from '../auth/rowPolicy.js';
import { Sql } from '../http/routes/sql.js';
import { componentColumnsSql, componentPrefix } from './components.js';
import { componentLinksSql, RAW_TEXT, type ScopeSql } from './queryLoad.js';

/**
 * The files of a topology snapshot besides component.json: each read with one or two bounded
 * queries over the components the snapshot shows, each saying its limits and whether it hit
 * them. A file about something the caller may not read says so instead of listing it.
 */

export const SNAPSHOT_LIMITS = {
  components: 5000,
  related: 1000,
  configs: 1000,
  changes: 5000,
  checks: 1000,
  results: 5000,
  incidents: 1000,
};
export type SnapshotLimits = typeof SNAPSHOT_LIMITS;

export interface Range {
  start: Date;
  end: Date;
}

type Row = Record<string, unknown>;
type File = Record<string, unknown>;

/** The first `limit` rows, and whether there were more. */
async function bounded(pool: pg.Pool, sql: Sql, text: string, limit: number) {
  const { rows } = await pool.query<Row>(`${text} LIMIT ${limit + 1}`, sql.params);
  return { rows: rows.slice(0, limit), truncated: rows.length > limit };
}

function note(truncated: string[]): { truncated: boolean; note?: string } {
  return truncated.length
    ? {
        truncated: true,
        note: `only the first ${truncated.join(' and ')} are included; narrow the time range for the rest`,
      }
    : { truncated: false };
}

const omitted = (what: string, object: string) => ({
  omitted: `${what} are left out: you may not read ${object}`,
});

/** Components related to `id` through component_relationships, either way. */
export async function relatedFile(
  pool: pg.Pool,
  id: string,
  visible: (sql: Sql) => ScopeSql,
  limits: SnapshotLimits = SNAPSHOT_LIMITS,
): Promise<File> {
  const sql = new Sql();
  const scope = visible(sql);
  const self = sql.bind(id);
  const own = scope('c');
  const limit = limits.related;
  const { rows } = await pool.query<(string | null)[]>({
    text: `SELECT ${componentColumnsSql('c')} FROM components c ${componentLinksSql('c', scope)}
     WHERE c.deleted_at IS NULL${own ? ` AND ${own}` : ''} AND c.id IN (
       SELECT r.relationship_id FROM component_relationships r WHERE r.component_id = ${self}::uuid AND r.deleted_at IS NULL
       UNION SELECT r.component_id FROM component_relationships r WHERE r.relationship_id = ${self}::uuid AND r.deleted_at IS NULL)
     ORDER BY c.name, c.id LIMIT ${limit + 1}`,
    values: sql.params,
    rowMode: 'array',
    types: RAW_TEXT,
  });
  const truncated = rows.length > limit;
  return {
    limits: { components: limits.related },
    ...note(truncated ? [`${limits.related} related components`] : []),
    components: rows.slice(0, limit).map((r) => JSON.parse(`${componentPrefix(r)}}`) as unknown),
  };
}

export async function configsFile(
  pool: pg.Pool,
  subject: Subject,
  ids: readonly string[],
  range: Range,
  limits: SnapshotLimits = SNAPSHOT_LIMITS,
): Promise<File> {
  if (!can(subject, 'database', 'read')) return omitted('configuration items', 'the catalog');
  const sql = new Sql();
  const scope = scopeFilter(
    subject,
    'database',
    'read',
    'config_items',
    [{ kind: 'config', column: 'id' }],
    'ci',
    (v) => sql.bind(v),
  );
  const list = sql.bind(ids);
  const configs = await bounded(
    pool,
    sql,
    `SELECT ci.id, ci.name, ci.type, ci.config_class, ci.status, ci.health, ci.tags, ci.labels,
       ci.created_at, ci.updated_at, ci.deleted_at,
       (SELECT array_agg(DISTINCT x.component_id) FROM (
          SELECT r.component_id FROM config_component_relationships r
          WHERE r.config_id = ci.id AND r.deleted_at IS NULL AND r.component_id = ANY(${list}::uuid[])
          UNION SELECT c.id FROM components c WHERE c.config_id = ci.id AND c.id = ANY(${list}::uuid[])) x) AS component_ids
     FROM config_items ci
     WHERE ci.id IN (
       SELECT r.config_id FROM config_component_relationships r
       WHERE r.component_id = ANY(${list}::uuid[]) AND r.deleted_at IS NULL
       UNION SELECT c.config_id FROM components c WHERE c.id = ANY(${list}::uuid[]) AND c.config_id IS NOT NULL)
       ${scope ? `AND ${scope}` : ''}
     ORDER BY ci.name, ci.id`,
    limits.configs,
  );
  const changeSql = new Sql();
  const changes = await bounded(
    pool,
    changeSql,
    `SELECT ch.id, ch.config_id, ch.change_type, ch.severity, ch.source, ch.summary, ch.count,
       ch.created_by, ch.external_created_by, ch.first_observed, ch.created_at
     FROM config_changes ch
     WHERE ch.config_id = ANY(${changeSql.bind(configs.rows.map((c) => c.id))}::uuid[])
       AND ch.created_at >= ${changeSql.bind(range.start.toISOString())}
       AND ch.created_at <= ${changeSql.bind(range.end.toISOString())}
     ORDER BY ch.created_at DESC, ch.id`,
    limits.changes,
  );
  const byConfig = group(changes.rows, 'config_id');
  return {
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    limits: { configs: limits.configs, changes: limits.changes },
    ...note([
      ...(configs.truncated ? [`${limits.configs} configuration items`] : []),
      ...(changes.truncated ? [`${limits.changes} changes (newest first)`] : []),
    ]),
    configs: configs.rows.map((c) => ({ ...c, changes: byConfig.get(c.id as string) ?? [] })),
  };
}

export async function checksFile(
  pool: pg.Pool,
  subject: Subject,
  ids: readonly string[],
  range: Range,
  limits: SnapshotLimits = SNAPSHOT_LIMITS,
): Promise<File> {
  if (!can(subject, 'canaries', 'read')) return omitted('checks', 'health checks');
  const sql = new Sql();
  const scope = scopeFilter(
    subject,
    'canaries',
    'read',
    'checks',
    [{ kind: 'check', column: 'id' }],
    'ch',
    (v) => sql.bind(v),
  );
  const list = sql.bind(ids);
  const checks = await bounded(
    pool,
    sql,
    `SELECT ch.id, ch.canary_id, ch.name, ch.type, ch.namespace, ch.status, ch.severity,
       ch.description, ch.labels, ch.last_runtime,
       (SELECT array_agg(DISTINCT r.component_id) FROM check_component_relationships r
        WHERE r.check_id = ch.id AND r.deleted_at IS NULL AND r.component_id = ANY(${list}::uuid[])) AS component_ids
     FROM checks ch
     WHERE ch.deleted_at IS NULL AND ch.id IN (
       SELECT r.check_id FROM check_component_relationships r
       WHERE r.component_id = ANY(${list}::uuid[]) AND r.deleted_at IS NULL)
       ${scope ? `AND ${scope}` : ''}
     ORDER BY ch.name, ch.id`,
    limits.checks,
  );
  const resultSql = new Sql();
  const results = await bounded(
    pool,
    resultSql,
    `SELECT s.check_id, s.time, s.status, s.duration, s.message, s.error, s.invalid
     FROM check_statuses s
     WHERE s.check_id = ANY(${resultSql.bind(checks.rows.map((c) => c.id))}::uuid[])
       AND s.time >= ${resultSql.bind(range.start.toISOString())}
       AND s.time <= ${resultSql.bind(range.end.toISOString())}
     ORDER BY s.time DESC, s.check_id`,
    limits.results,
  );
  const byCheck = group(results.rows, 'check_id');
  return {
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    limits: { checks: limits.checks, results: limits.results },
    ...note([
      ...(checks.truncated ? [`${limits.checks} checks`] : []),
      ...(results.truncated ? [`${limits.results} results (newest first)`] : []),
    ]),
    checks: checks.rows.map((c) => ({ ...c, results: byCheck.get(c.id as string) ?? [] })),
  };
}

/** Incidents whose evidence names one of the components and that were open within the range. */
export async function incidentsFile(
  pool: pg.Pool,
  subject: Subject,
  ids: readonly string[],
  range: Range,
  limits: SnapshotLimits = SNAPSHOT_LIMITS,
): Promise<File> {
  if (!can(subject, 'incident', 'read')) return omitted('incidents', 'incidents');
  const sql = new Sql();
  const incidents = await bounded(
    pool,
    sql,
    `SELECT i.id, i.incident_id, i.title, i.type, i.status, i.severity, i.description,
       i.created_at, i.acknowledged, i.resolved, i.closed,
       array_agg(DISTINCT e.component_id) AS component_ids
     FROM incidents i
     JOIN hypotheses h ON h.incident_id = i.id
     JOIN evidences e ON e.hypothesis_id = h.id
     WHERE e.component_id = ANY(${sql.bind(ids)}::uuid[])
       AND i.created_at <= ${sql.bind(range.end.toISOString())}
       AND coalesce(i.closed, i.resolved, 'infinity') >= ${sql.bind(range.start.toISOString())}
     GROUP BY i.id
     ORDER BY i.created_at DESC, i.id`,
    limits.incidents,
  );
  return {
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    limits: { incidents: limits.incidents },
    ...note(incidents.truncated ? [`${limits.incidents} incidents (newest first)`] : []),
    incidents: incidents.rows,
  };
}

function group(rows: readonly Row[], key: string): Map<string, Row[]> {
  const out = new Map<string, Row[]>();
  for (const r of rows) {
    const k = r[key] as string;
    let list = out.get(k);
    if (!list) out.set(k, (list = []));
    const { [key]: _drop, ...rest } = r;
    list.push(rest);
  }
  return out;
}
