import type pg from 'pg';
import { badRequest, forbidden, HttpError } from '../errors.js';
import {
  PUSH_TABLE,
  PUSH_TABLES,
  pushedColumns,
  type PushedColumn,
  type PushTable,
  type PushTableName,
} from './tables.js';

/** The most rows one push may carry; the agent sends more in several pushes. */
export const MAX_PUSH_ROWS = 10_000;

export interface PushingAgent {
  id: string;
  name: string;
  /** Labels added to everything the agent creates (its properties, without `type`). */
  labels: Record<string, string>;
}

export type PushBatch = Partial<Record<PushTableName, Record<string, unknown>[]>>;

export interface PushResult {
  accepted: Partial<Record<PushTableName, number>>;
  /** Rows left out because what they refer to has not arrived (the agent sends it first). */
  skipped: Partial<Record<PushTableName, number>>;
}

/** Checks the shape of a push before any of it is written; says what is wrong. */
export function parseBatch(body: unknown): PushBatch {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('a push is a JSON object of table name to an array of rows');
  let total = 0;
  for (const [table, rows] of Object.entries(body)) {
    if (!PUSH_TABLE.has(table))
      throw badRequest(
        `${table} cannot be pushed: use ${PUSH_TABLES.map((t) => t.name).join(', ')}`,
      );
    if (!Array.isArray(rows)) throw badRequest(`${table} must be an array of rows`);
    const def = PUSH_TABLE.get(table) as PushTable;
    for (const row of rows) {
      if (row === null || typeof row !== 'object' || Array.isArray(row))
        throw badRequest(`each row of ${table} must be an object`);
      for (const key of def.key.filter((k) => !NULLABLE_KEYS.has(k)))
        if ((row as Record<string, unknown>)[key] == null)
          throw badRequest(`a row of ${table} has no ${key}`);
    }
    total += rows.length;
  }
  if (total > MAX_PUSH_ROWS)
    throw new HttpError(
      413,
      'too_large',
      `a push holds at most ${MAX_PUSH_ROWS} rows (got ${total})`,
    );
  return body as PushBatch;
}

/** Key columns that may be null (a relationship without a selector or relation name). */
const NULLABLE_KEYS = new Set(['relation', 'selector_id']);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Applies one push in one transaction: everything or nothing, so a push retried after a lost
 * answer applies again without duplicates (rows are matched by their key). Rows of another
 * agent, or of this Vigil, are refused whole (403) — an agent writes only its own.
 */
export class Ingest {
  private columns?: Promise<Map<PushTableName, PushedColumn[]>>;

  constructor(private readonly pool: pg.Pool) {}

  async apply(agent: PushingAgent, batch: PushBatch): Promise<PushResult> {
    this.columns ??= pushedColumns(this.pool);
    const columns = await this.columns;
    const result: PushResult = { accepted: {}, skipped: {} };
    const client = await this.pool.connect();
    let received = 0;
    try {
      await client.query('BEGIN');
      for (const table of PUSH_TABLES) {
        const rows = batch[table.name];
        if (!rows?.length) continue;
        received += rows.length;
        const json = JSON.stringify(rows);
        await refuseOthers(client, table, json, agent.id);
        const counts = await upsert(client, table, columns.get(table.name) ?? [], json, agent);
        result.accepted[table.name] = counts.accepted;
        if (counts.received > counts.accepted)
          result.skipped[table.name] = counts.received - counts.accepted;
      }
      await client.query(
        `UPDATE agents SET last_seen = now(),
           last_received = CASE WHEN $2 THEN now() ELSE last_received END
         WHERE id = $1`,
        [agent.id, received > 0],
      );
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw asHttpError(error);
    } finally {
      client.release();
    }
  }
}

const rowsOf = (table: PushTable) =>
  `SELECT * FROM jsonb_populate_recordset(NULL::${ident(table.name)}, $1::jsonb)`;

/**
 * Rows with the same key. Plain `=` wherever the key cannot be null, so the table's unique index
 * answers (IS NOT DISTINCT FROM would make PostgreSQL compare every stored row); NULLs equal only
 * on the relationship columns that may hold them.
 */
const keyMatch = (table: PushTable, a: string, b: string) =>
  table.key
    .map((k) =>
      NULLABLE_KEYS.has(k)
        ? `${a}.${ident(k)} IS NOT DISTINCT FROM ${b}.${ident(k)}`
        : `${a}.${ident(k)} = ${b}.${ident(k)}`,
    )
    .join(' AND ');

/** 403 when a row, or a row it refers to, belongs to another agent or to this Vigil. */
async function refuseOthers(client: pg.PoolClient, table: PushTable, json: string, agent: string) {
  const checks: { sql: string; what: string }[] = [];
  if (table.owned)
    checks.push({
      sql: `SELECT 1 FROM (${rowsOf(table)}) r JOIN ${ident(table.name)} cur ON ${keyMatch(table, 'cur', 'r')}
             WHERE cur.agent_id <> $2 LIMIT 1`,
      what: `${table.name} holds rows that belong to another agent`,
    });
  const refs: [string, string][] = Object.entries(table.refs);
  if (table.parent) refs.push([table.parent, table.name]);
  for (const [column, target] of refs)
    checks.push({
      sql: `SELECT 1 FROM (${rowsOf(table)}) r JOIN ${ident(target)} x ON x.id = r.${ident(column)}
             WHERE x.agent_id <> $2 LIMIT 1`,
      what: `${table.name}.${column} refers to ${target} that belong to another agent`,
    });
  // A table without agent_id is owned through its parents: the row already stored under the
  // same key must hang from this agent's rows too, or the push would rewrite another's.
  if (!table.owned)
    for (const [column, target] of Object.entries(table.refs))
      checks.push({
        sql: `SELECT 1 FROM (${rowsOf(table)}) r JOIN ${ident(table.name)} cur ON ${keyMatch(table, 'cur', 'r')}
               JOIN ${ident(target)} x ON x.id = cur.${ident(column)}
               WHERE x.agent_id <> $2 LIMIT 1`,
        what: `${table.name} holds rows of ${target} that belong to another agent`,
      });
  for (const check of checks) {
    const { rowCount } = await client.query(check.sql, [json, agent]);
    if (rowCount) throw forbidden(`${check.what}: an agent pushes only its own rows`);
  }
}

/**
 * Updates the rows whose key exists and inserts the others, in one statement. A row whose
 * reference has not arrived is left out (counted as skipped); a tree's missing parent is
 * dropped from the row instead, so the row itself is kept.
 */
async function upsert(
  client: pg.PoolClient,
  table: PushTable,
  pushed: readonly PushedColumn[],
  json: string,
  agent: PushingAgent,
): Promise<{ received: number; accepted: number }> {
  const t = ident(table.name);
  const columns = pushed.map((c) => c.name);
  const fallback = new Map(pushed.flatMap((c) => (c.fallback ? [[c.name, c.fallback]] : [])));
  const present = Object.entries(table.refs).map(
    ([column, target]) =>
      `(r.${ident(column)} IS NULL OR EXISTS (SELECT 1 FROM ${ident(target)} x WHERE x.id = r.${ident(column)}))`,
  );
  // A left-out NOT NULL column: its default on insert, its stored value on update.
  const value = (column: string, updating = false): string => {
    if (table.labels && column === 'labels') return `coalesce(ok.labels, '{}') || $3::jsonb`;
    if (column === table.parent)
      return `CASE WHEN ok.${ident(column)} IS NULL
        OR EXISTS (SELECT 1 FROM ${t} p WHERE p.id = ok.${ident(column)})
        OR ok.${ident(column)} IN (SELECT id FROM ok) THEN ok.${ident(column)} END`;
    const own = updating ? `cur.${ident(column)}` : fallback.get(column);
    return own && fallback.has(column)
      ? `coalesce(ok.${ident(column)}, ${own})`
      : `ok.${ident(column)}`;
  };
  const settable = columns.filter((c) => !table.key.includes(c));
  const ownedBy = table.owned ? ` AND cur.agent_id = $2` : '';
  const update =
    table.appendOnly || !settable.length
      ? `upd AS (SELECT 1 WHERE false)`
      : `upd AS (UPDATE ${t} AS cur SET ${settable.map((c) => `${ident(c)} = ${value(c, true)}`).join(', ')}
           FROM ok WHERE ${keyMatch(table, 'cur', 'ok')}${ownedBy} RETURNING 1)`;
  const insertColumns = [...columns, ...(table.owned ? ['agent_id'] : [])];
  const insertValues = [...columns.map((c) => value(c)), ...(table.owned ? ['$2::uuid'] : [])];
  const sql = `WITH r AS (SELECT DISTINCT ON (${table.key.map(ident).join(', ')}) * FROM (${rowsOf(table)}) r0),
    ok AS (SELECT * FROM r WHERE ${present.length ? present.join(' AND ') : 'true'}),
    ${update},
    ins AS (INSERT INTO ${t} (${insertColumns.map(ident).join(', ')})
      SELECT ${insertValues.join(', ')} FROM ok
       WHERE NOT EXISTS (SELECT 1 FROM ${t} cur WHERE ${keyMatch(table, 'cur', 'ok')})
      RETURNING 1)
    SELECT (SELECT count(*) FROM r)::int AS received,
      ((SELECT count(*) FROM upd) + (SELECT count(*) FROM ins))::int AS written,
      (SELECT count(*) FROM ok)::int AS accepted,
      -- Every statement names all three parameters, used or not.
      $2::uuid AS agent, $3::jsonb AS labels`;
  const { rows } = await client.query<{ received: number; accepted: number }>(sql, [
    json,
    agent.id,
    JSON.stringify(agent.labels),
  ]);
  return rows[0] ?? { received: 0, accepted: 0 };
}

/** Bad values in a row (not a uuid, not a time) are the agent's mistake: 400 with the reason. */
function asHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code && /^22/.test(code))
    return badRequest(`a pushed row has a bad value: ${(error as Error).message}`);
  if (code === '23503' || code === '23505' || code === '23502')
    return new HttpError(409, 'conflict', `a pushed row does not fit: ${(error as Error).message}`);
  return error;
}
