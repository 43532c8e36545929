import type { ReadQuery } from './ast.js';
import type { Relation } from './catalog.js';
import { bodyError, PgrstError } from './errors.js';
import { orderSql } from './expressions.js';
import { ReadBuilder } from './read.js';
import { bind, columnOf, ident, type SqlContext } from './sqlContext.js';

export const MAX_ROWS = 2000;

export interface Plan {
  sql: string;
  sqlWithCount?: string;
  params: unknown[];
  /** For count=exact/planned: the count query and how many leading params it uses. */
  countSql?: string;
  countParams?: unknown[];
  /**
   * Writes: the refusal message of each access check, in the order of the `refused` counts the
   * statement returns; any non-zero count refuses the whole write (it is rolled back).
   */
  refusals?: string[];
}

const ROOT = 'p';

function rootWhere(builder: ReadBuilder, relation: Relation, query: ReadQuery): string {
  const conditions = builder.where(relation, ROOT, query.select, '');
  return conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
}

function rejectArgs(query: ReadQuery): void {
  const [key, value] = query.args.entries().next().value ?? [];
  if (key !== undefined) {
    throw new PgrstError(
      400,
      'PGRST100',
      `"${key}=${value}" is not a filter: expected ${key}=operator.value, e.g. ${key}=eq.${value}`,
    );
  }
}

/** SELECT: one JSON array text built by Postgres, plus an optional count over the same filters. */
export function planRead(
  ctx: SqlContext,
  relation: Relation,
  query: ReadQuery,
  page: { limit: number; offset: number },
  from = ident(relation.name),
): Plan {
  if (from === ident(relation.name)) rejectArgs(query);
  const builder = new ReadBuilder(ctx, query);
  const where = rootWhere(builder, relation, query);
  const countParams = [...ctx.params];
  const countSql = `SELECT count(*)::bigint AS n FROM ${from} ${ROOT}${where}`;
  const cols = builder.columns(relation, ROOT, query.select, '');
  const root = query.nodes.get('');
  const order = orderSql(ctx, relation, ROOT, root?.order ?? []);
  builder.assertAllPathsUsed();
  const inner = `SELECT ${cols.join(', ') || 'NULL'} FROM ${from} ${ROOT}${where}${order} LIMIT ${page.limit} OFFSET ${page.offset}`;
  return {
    sql: `SELECT coalesce(json_agg(r), '[]'::json)::text AS body, count(*)::int AS n FROM (${inner}) r`,
    // The same page with its exact total in one statement: one round trip, one snapshot.
    sqlWithCount: `SELECT coalesce(json_agg(r), '[]'::json)::text AS body, count(*)::int AS n, (${countSql})::int AS total FROM (${inner}) r`,
    params: ctx.params,
    countSql,
    countParams,
  };
}

export type Body = Record<string, unknown> | Record<string, unknown>[];

function keysOf(relation: Relation, rows: Record<string, unknown>[], columns?: string[]): string[] {
  if (columns) {
    for (const c of columns) {
      if (!relation.columns.has(c))
        throw new PgrstError(
          400,
          'PGRST204',
          `Could not find the '${c}' column of '${relation.name}' in the schema cache`,
        );
    }
    return columns;
  }
  const first = Object.keys(rows[0] ?? {});
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== first.length || keys.some((k) => !first.includes(k))) {
      throw new PgrstError(400, 'PGRST102', 'All object keys must match');
    }
  }
  for (const k of first) {
    if (!relation.columns.has(k)) {
      throw new PgrstError(
        400,
        'PGRST204',
        `Could not find the '${k}' column of '${relation.name}' in the schema cache`,
      );
    }
  }
  return first;
}

/** The representation of written rows (alias p over the CTE `w`), shaped by select. */
function representation(
  ctx: SqlContext,
  relation: Relation,
  query: ReadQuery,
  returning: boolean,
): { cols: string; builder: ReadBuilder } {
  const builder = new ReadBuilder(ctx, query);
  if (!returning) return { cols: '', builder };
  const cols = builder.columns(relation, ROOT, query.select, '').join(', ');
  return { cols, builder };
}

/**
 * Access checks of a write, counted in the same statement: rows it would touch that fail a check
 * (`before`, over the table as it was) and rows it produced that fail one (over `w`).
 */
interface Guard {
  sql: string;
  message: string;
}

function guards(ctx: SqlContext, relation: Relation): Guard[] {
  const scope = ctx.rowFilter?.(relation, ROOT, 'write');
  return [
    ...(scope
      ? [
          {
            sql: scope,
            message:
              ctx.rowRefusal?.(relation) ??
              `permission denied: a Permission does not let you write some of these ${relation.name} rows`,
          },
        ]
      : []),
    ...(ctx.writeChecks?.(relation, ROOT) ?? []),
  ];
}

function refusedSql(
  relation: Relation,
  checks: Guard[],
  before: string | undefined,
  after: boolean,
): string {
  if (!checks.length) return '';
  const counts = checks.map((g) => {
    const fail = `NOT coalesce((${g.sql}), false)`;
    const parts = [
      ...(before !== undefined
        ? [
            `(SELECT count(*) FROM ${ident(relation.name)} ${ROOT} WHERE ${before}${before ? ' AND ' : ''}${fail})`,
          ]
        : []),
      ...(after ? [`(SELECT count(*) FROM w ${ROOT} WHERE ${fail})`] : []),
    ];
    return `(${parts.join(' + ') || '0'})::int`;
  });
  return `, ARRAY[${counts.join(', ')}] AS refused`;
}

function finish(write: string, cols: string, returning: boolean, refused = ''): string {
  if (!returning)
    return `WITH w AS (${write} RETURNING ${refused ? '*' : '1'}) SELECT NULL::text AS body, count(*)::int AS n${refused} FROM w`;
  // The representation reads the written rows through the CTE, shaped like the relation.
  return `WITH w AS (${write} RETURNING *) SELECT coalesce(json_agg(r), '[]'::json)::text AS body, count(*)::int AS n${refused} FROM (SELECT ${cols || 'NULL'} FROM w ${ROOT}) r`;
}

function whereOf(where: string): string {
  return where.replace(/^ WHERE /, '');
}

export function planInsert(
  ctx: SqlContext,
  relation: Relation,
  query: ReadQuery,
  body: unknown,
  opts: { returning: boolean; resolution?: 'merge' | 'ignore' },
): Plan {
  const rows = Array.isArray(body) ? body : [body];
  if (rows.length === 0) return { sql: `SELECT '[]'::text AS body, 0 AS n`, params: [] };
  if (!rows.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) {
    throw bodyError('the body must be a JSON object or an array of objects');
  }
  const keys = keysOf(relation, rows as Record<string, unknown>[], query.columns);
  const table = ident(relation.name);
  const list = keys.map(ident).join(', ');
  const payload = bind(ctx, JSON.stringify(rows));
  let write = keys.length
    ? `INSERT INTO ${table} AS ${ROOT} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${payload}::json)`
    : `INSERT INTO ${table} AS ${ROOT} DEFAULT VALUES`;
  if (opts.resolution) {
    const target = query.onConflict ?? relation.primaryKey;
    if (target.length === 0)
      throw new PgrstError(
        400,
        'PGRST100',
        `${relation.name} has no primary key: give on_conflict=columns to upsert`,
      );
    target.forEach((c) => columnOf(ctx, relation, c));
    const updates = keys
      .filter((k) => !target.includes(k))
      .map((k) => `${ident(k)} = EXCLUDED.${ident(k)}`);
    write += ` ON CONFLICT (${target.map(ident).join(', ')}) ${opts.resolution === 'ignore' || updates.length === 0 ? 'DO NOTHING' : `DO UPDATE SET ${updates.join(', ')}`}`;
  }
  const { cols, builder } = representation(ctx, relation, query, opts.returning);
  if (opts.returning) builder.assertAllPathsUsed();
  const checks = guards(ctx, relation);
  // An upsert also changes the rows it conflicts with: those must be writable as they were.
  const conflicting =
    opts.resolution && checks.length
      ? `(${(query.onConflict ?? relation.primaryKey).map((c) => `${ROOT}.${ident(c)}`).join(', ')}) IN (SELECT ${(query.onConflict ?? relation.primaryKey).map(ident).join(', ')} FROM json_populate_recordset(NULL::${table}, ${payload}::json))`
      : undefined;
  return {
    sql: finish(write, cols, opts.returning, refusedSql(relation, checks, conflicting, true)),
    params: ctx.params,
    refusals: checks.map((g) => g.message),
  };
}

export function planUpdate(
  ctx: SqlContext,
  relation: Relation,
  query: ReadQuery,
  body: unknown,
  opts: { returning: boolean },
): Plan {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw bodyError('PATCH needs a JSON object of the columns to change');
  rejectArgs(query);
  const keys = keysOf(relation, [body as Record<string, unknown>]);
  const builder = new ReadBuilder(ctx, query, false);
  const where = rootWhere(builder, relation, query);
  if (keys.length === 0) {
    // Nothing to change: answer with the matching rows, as an update of no columns would.
    return planRead(ctx, relation, query, { limit: 0, offset: 0 });
  }
  const table = ident(relation.name);
  const payload = bind(ctx, JSON.stringify(body));
  const list = keys.map(ident).join(', ');
  const write = `UPDATE ${table} AS ${ROOT} SET (${list}) = (SELECT ${list} FROM json_populate_record(NULL::${table}, ${payload}::json))${where}`;
  const { cols } = representation(ctx, relation, query, opts.returning);
  builder.assertAllPathsUsed();
  const checks = guards(ctx, relation);
  return {
    sql: finish(write, cols, opts.returning, refusedSql(relation, checks, whereOf(where), true)),
    params: ctx.params,
    refusals: checks.map((g) => g.message),
  };
}

export function planDelete(
  ctx: SqlContext,
  relation: Relation,
  query: ReadQuery,
  opts: { returning: boolean },
): Plan {
  rejectArgs(query);
  const builder = new ReadBuilder(ctx, query, false);
  const where = rootWhere(builder, relation, query);
  const { cols } = representation(ctx, relation, query, opts.returning);
  builder.assertAllPathsUsed();
  const checks = guards(ctx, relation);
  return {
    sql: finish(
      `DELETE FROM ${ident(relation.name)} AS ${ROOT}${where}`,
      cols,
      opts.returning,
      refusedSql(relation, checks, whereOf(where), false),
    ),
    params: ctx.params,
    refusals: checks.map((g) => g.message),
  };
}
