import { invalidResult, resultFrom, type CheckRunner } from '../types.js';
import { abortable, errorText } from './sql.js';
import { UUID } from '../../ids.js';

/**
 * catalog check (crds.md §1.3-1.4): `selector` is one ResourceSelector or a list of them (§0.1):
 * {id, name, namespace, types, statuses, health, labelSelector, tagSelector, fieldSelector,
 * search, agent, scope, includeDeleted, limit}. Each is compiled to parameterised SQL over
 * `config_items` (live rows unless includeDeleted); the matches of all selectors are merged.
 * `data.results` lists the config items with `config` parsed. It fails only when the query does.
 *
 * Values: `name`, `namespace`, `id`, `health`, `types` and `statuses` take comma lists of values,
 * `*` globs and `!value` exclusions; `name: "*"` matches everything. `search` matches name, type,
 * labels and tags (case-insensitive; `;` separates alternatives). Without `limit`, a selector
 * returns at most DEFAULT_LIMIT items.
 */

const DEFAULT_LIMIT = 1000;
const MAX_LIMIT = 10_000;
const NIL_AGENT = '00000000-0000-0000-0000-000000000000';

const COLUMNS = `id, agent_id, scraper_id, parent_id, external_id, config_class, type, name,
  tags->>'namespace' AS namespace, description, status, health, ready, labels, tags, properties,
  config, source, path, icon, cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d,
  created_at, updated_at, deleted_at, last_scraped_time`;

/** Field selector names and the SQL they read. */
const FIELDS: Record<string, string> = {
  id: 'id::text',
  name: 'name',
  namespace: "tags->>'namespace'",
  type: 'type',
  config_class: 'config_class',
  status: 'status',
  health: 'health',
  ready: 'ready::text',
  agent_id: 'agent_id::text',
  scraper_id: 'scraper_id::text',
  parent_id: 'parent_id::text',
  path: 'path',
  source: 'source',
};

class Query {
  params: unknown[] = [];
  where: string[] = [];
  bind(v: unknown): string {
    this.params.push(v);
    return `$${this.params.length}`;
  }
}

class BadSelector extends Error {}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&');
const globLike = (s: string) => likeEscape(s).replace(/\*/g, '%');

/** `a,b*,!c` on one SQL expression: any of the inclusions, none of the exclusions. */
function matchValues(q: Query, expr: string, values: string[]): void {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const raw of values.map((v) => v.trim()).filter(Boolean)) {
    const neg = raw.startsWith('!');
    const v = neg ? raw.slice(1) : raw;
    if (v === '*') {
      if (neg) q.where.push('false');
      continue;
    }
    const cond = v.includes('*') ? `${expr} LIKE ${q.bind(globLike(v))}` : `${expr} = ${q.bind(v)}`;
    (neg ? exclude : include).push(cond);
  }
  if (include.length) q.where.push(`(${include.join(' OR ')})`);
  for (const c of exclude) q.where.push(`NOT coalesce(${c}, false)`);
}

function splitTerms(input: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of input) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** A Kubernetes label selector over a jsonb map column (labels or tags). */
function mapSelector(q: Query, column: string, selector: string, field: string): void {
  for (const term of splitTerms(selector)) {
    let m: RegExpExecArray | null;
    if ((m = /^(\S+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(term))) {
      const [, key, op, list] = m as unknown as [string, string, string, string];
      const values = list
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      const cond = `${column}->>${q.bind(key)} = ANY(${q.bind(values)}::text[])`;
      q.where.push(op === 'in' ? `coalesce(${cond}, false)` : `NOT coalesce(${cond}, false)`);
    } else if ((m = /^([^!=\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(term))) {
      const [, key, op, value] = m as unknown as [string, string, string, string];
      const expr = `${column}->>${q.bind(key)}`;
      q.where.push(
        op === '!=' ? `${expr} IS DISTINCT FROM ${q.bind(value)}` : `${expr} = ${q.bind(value)}`,
      );
    } else if ((m = /^!\s*(\S+)$/.exec(term))) {
      q.where.push(`NOT coalesce(${column} ? ${q.bind(m[1])}, false)`);
    } else if (/^[^\s!=(),]+$/.test(term)) {
      q.where.push(`coalesce(${column} ? ${q.bind(term)}, false)`);
    } else {
      throw new BadSelector(
        `${field}: cannot read "${term}" (use key=value, key!=value, key in (a,b), key or !key)`,
      );
    }
  }
}

function fieldSelector(q: Query, selector: string): void {
  for (const term of splitTerms(selector)) {
    const m = /^([a-z_]+)\s*(==|=|!=)\s*(.*)$/.exec(term);
    if (!m)
      throw new BadSelector(
        `fieldSelector: cannot read "${term}" (use field=value or field!=value)`,
      );
    const [, field, op, value] = m as unknown as [string, string, string, string];
    const expr = FIELDS[field];
    if (!expr)
      throw new BadSelector(
        `fieldSelector: unknown field ${field} (one of ${Object.keys(FIELDS).join(', ')})`,
      );
    q.where.push(
      op === '!=' ? `${expr} IS DISTINCT FROM ${q.bind(value)}` : `${expr} = ${q.bind(value)}`,
    );
  }
}

const str = (v: unknown, field: string): string | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') throw new BadSelector(`${field} must be a string`);
  return v.trim() || undefined;
};
const list = (v: unknown, field: string): string[] | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v.split(',');
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    throw new BadSelector(`${field} must be a list of strings`);
  return v as string[];
};

/** One selector as a SELECT with bound values. */
export function selectorQuery(
  sel: Record<string, unknown>,
  at: string,
): { sql: string; params: unknown[] } {
  const q = new Query();
  let criteria = 0;
  const id = str(sel.id, `${at}.id`);
  if (id) {
    criteria++;
    matchValues(q, 'id::text', id.split(','));
  }
  const name = str(sel.name, `${at}.name`);
  if (name) {
    criteria++;
    matchValues(q, 'name', name.split(','));
  }
  const namespace = str(sel.namespace, `${at}.namespace`);
  if (namespace) {
    criteria++;
    matchValues(q, "tags->>'namespace'", namespace.split(','));
  }
  for (const [key, column] of [
    ['types', 'type'],
    ['statuses', 'status'],
    ['health', 'health'],
  ] as const) {
    const values = list(sel[key], `${at}.${key}`);
    if (values?.length) {
      criteria++;
      matchValues(q, column, values);
    }
  }
  const labels = str(sel.labelSelector, `${at}.labelSelector`);
  if (labels) {
    criteria++;
    mapSelector(q, 'labels', labels, `${at}.labelSelector`);
  }
  const tags = str(sel.tagSelector, `${at}.tagSelector`);
  if (tags) {
    criteria++;
    mapSelector(q, 'tags', tags, `${at}.tagSelector`);
  }
  const fields = str(sel.fieldSelector, `${at}.fieldSelector`);
  if (fields) {
    criteria++;
    fieldSelector(q, fields);
  }
  const search = str(sel.search, `${at}.search`);
  if (search) {
    criteria++;
    const alts = search
      .split(';')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => {
        const p = q.bind(`%${globLike(t)}%`);
        return `(name ILIKE ${p} OR type ILIKE ${p} OR labels::text ILIKE ${p} OR tags::text ILIKE ${p})`;
      });
    if (alts.length) q.where.push(`(${alts.join(' OR ')})`);
  }
  const agent = str(sel.agent, `${at}.agent`);
  if (agent && agent !== 'all') {
    if (agent === 'self' || agent === 'local')
      q.where.push(`agent_id = ${q.bind(NIL_AGENT)}::uuid`);
    else if (UUID.test(agent)) q.where.push(`agent_id = ${q.bind(agent)}::uuid`);
    else q.where.push(`agent_id IN (SELECT id FROM agents WHERE name = ${q.bind(agent)})`);
  }
  const scope = str(sel.scope, `${at}.scope`);
  if (scope) {
    if (!UUID.test(scope)) throw new BadSelector(`${at}.scope must be the id of a scraper`);
    q.where.push(`scraper_id = ${q.bind(scope)}::uuid`);
  }
  if (criteria === 0)
    throw new BadSelector(
      `${at} selects nothing: set name ("*" for everything), types, id, namespace, labelSelector, search, …`,
    );
  if (sel.includeDeleted !== true) q.where.push('deleted_at IS NULL');
  const limitRaw = sel.limit;
  if (
    limitRaw !== undefined &&
    (typeof limitRaw !== 'number' || !Number.isInteger(limitRaw) || limitRaw < 1)
  )
    throw new BadSelector(`${at}.limit must be a positive whole number`);
  const limit = Math.min(typeof limitRaw === 'number' ? limitRaw : DEFAULT_LIMIT, MAX_LIMIT);
  const where = q.where.length ? `WHERE ${q.where.join(' AND ')}` : '';
  return {
    sql: `SELECT ${COLUMNS} FROM config_items ${where} ORDER BY type, name, id LIMIT ${q.bind(limit)}`,
    params: q.params,
  };
}

function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (v instanceof Date) out[k] = v.toISOString();
    else if (k === 'config' && typeof v === 'string') {
      try {
        out[k] = JSON.parse(v);
      } catch {
        out[k] = v;
      }
    } else out[k] = v;
  }
  return out;
}

export const catalogRunner: CheckRunner = async (spec, ctx) => {
  const start = new Date();
  const raw = spec.selector;
  if (raw === undefined || raw === null)
    return [
      invalidResult(
        start,
        'catalog check needs a selector, e.g. selector: [{types: [Kubernetes::Pod]}]',
      ),
    ];
  const selectors = Array.isArray(raw) ? raw : [raw];
  if (selectors.length === 0)
    return [invalidResult(start, 'selector is an empty list: add a ResourceSelector')];
  const queries: { sql: string; params: unknown[] }[] = [];
  try {
    for (const [i, s] of selectors.entries()) {
      const at = Array.isArray(raw) ? `selector[${i}]` : 'selector';
      if (!s || typeof s !== 'object' || Array.isArray(s))
        throw new BadSelector(`${at} must be an object`);
      queries.push(selectorQuery(s as Record<string, unknown>, at));
    }
  } catch (err) {
    if (err instanceof BadSelector) return [invalidResult(start, err.message)];
    throw err;
  }

  const seen = new Set<string>();
  const results: Record<string, unknown>[] = [];
  try {
    for (const q of queries) {
      const res = await abortable(ctx.pool.query(q.sql, q.params), ctx.signal);
      for (const row of res.rows as Record<string, unknown>[]) {
        const id = String(row.id);
        if (seen.has(id)) continue;
        seen.add(id);
        results.push(plainRow(row));
      }
    }
  } catch (err) {
    return [resultFrom(start, false, { error: `the catalog query failed: ${errorText(err)}` })];
  }
  return [resultFrom(start, true, { data: { results } })];
};
