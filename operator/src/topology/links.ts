import type pg from 'pg';
import type { BuiltComponent } from './build.js';

/**
 * What a topology links its components to: other components (`selectors`), checks (`checks`
 * selectors and inline canaries), catalog items (`configs`) and the team named as `owner`. Each
 * link carries `selector_id` `topology:<id>`, so a build replaces exactly its own links and
 * leaves those made by hand or by other topologies alone; only differences are written.
 */

type Obj = Record<string, unknown>;

interface Flat {
  id: string;
  component: BuiltComponent;
}

export type Link =
  | { table: 'component_relationships'; component_id: string; relationship_id: string }
  | { table: 'config_component_relationships'; component_id: string; config_id: string }
  | {
      table: 'check_component_relationships';
      component_id: string;
      check_id: string;
      canary_id: string;
    }
  | { table: 'team_components'; component_id: string; team_id: string };

class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  bind(v: unknown) {
    this.params.push(v);
    return `$${this.params.length}`;
  }
}

/** A label selector's equality terms (`a=b,c=d`) as a jsonb containment map; others ignored. */
function labelMap(selector: unknown): Record<string, string> | undefined {
  if (typeof selector !== 'string' || !selector.trim()) return undefined;
  const out: Record<string, string> = {};
  for (const term of selector.split(',')) {
    const m = /^\s*([^=!\s]+)\s*==?\s*(\S+)\s*$/.exec(term);
    if (m) out[m[1] as string] = m[2] as string;
  }
  return Object.keys(out).length ? out : undefined;
}

interface Columns {
  id: string;
  name: string;
  namespace: string;
  labels: string;
  type?: string;
}

const PLAIN: Columns = {
  id: 'id',
  name: 'name',
  namespace: 'namespace',
  labels: 'labels',
  type: 'type',
};

function selectorWhere(s: Obj, w: Where, cols: Columns) {
  if (typeof s.id === 'string' && s.id) w.parts.push(`${cols.id}::text = ${w.bind(s.id)}`);
  if (typeof s.name === 'string' && s.name && s.name !== '*')
    w.parts.push(
      s.name.includes('*')
        ? `${cols.name} LIKE ${w.bind(s.name.replace(/\*/g, '%'))}`
        : `${cols.name} = ${w.bind(s.name)}`,
    );
  if (typeof s.namespace === 'string' && s.namespace)
    w.parts.push(`${cols.namespace} = ${w.bind(s.namespace)}`);
  const labels = labelMap(s.labelSelector);
  if (labels) w.parts.push(`${cols.labels} @> ${w.bind(labels)}`);
  const types = Array.isArray(s.types) ? s.types : typeof s.type === 'string' ? [s.type] : [];
  if (types.length && cols.type) w.parts.push(`${cols.type} = ANY(${w.bind(types)}::text[])`);
  return w.parts.length > 0;
}

async function componentsMatching(pool: pg.Pool, s: Obj, self: string): Promise<string[]> {
  const w = new Where();
  if (!selectorWhere(s, w, PLAIN)) return [];
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM components WHERE deleted_at IS NULL AND id <> ${w.bind(self)} AND ${w.parts.join(' AND ')} LIMIT 1000`,
    w.params,
  );
  return rows.map((r) => r.id);
}

async function configsMatching(pool: pg.Pool, q: Obj): Promise<string[]> {
  const w = new Where();
  selectorWhere(q, w, { ...PLAIN, namespace: "tags->>'namespace'" });
  if (typeof q.class === 'string' && q.class) w.parts.push(`config_class = ${w.bind(q.class)}`);
  if (typeof q.external_id === 'string' && q.external_id)
    w.parts.push(`external_id @> ARRAY[${w.bind(q.external_id.toLowerCase())}]`);
  if (q.tags && typeof q.tags === 'object') w.parts.push(`tags @> ${w.bind(q.tags)}`);
  const tagMap = labelMap(q.tagSelector);
  if (tagMap) w.parts.push(`tags @> ${w.bind(tagMap)}`);
  if (!w.parts.length) return [];
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM config_items WHERE deleted_at IS NULL AND ${w.parts.join(' AND ')} LIMIT 1000`,
    w.params,
  );
  return rows.map((r) => r.id);
}

async function checksMatching(
  pool: pg.Pool,
  s: Obj,
): Promise<{ check_id: string; canary_id: string }[]> {
  const w = new Where();
  const cols = {
    id: 'c.id',
    name: 'c.name',
    namespace: 'c.namespace',
    labels: 'c.labels',
    type: 'c.type',
  };
  if (!selectorWhere(s, w, cols)) return [];
  const { rows } = await pool.query<{ check_id: string; canary_id: string }>(
    `SELECT c.id AS check_id, c.canary_id FROM checks c JOIN canaries ca ON ca.id = c.canary_id
      WHERE c.deleted_at IS NULL AND ca.deleted_at IS NULL AND ${w.parts.join(' AND ')} LIMIT 1000`,
    w.params,
  );
  return rows;
}

export async function desiredLinks(
  pool: pg.Pool,
  _topologyId: string,
  flat: Flat[],
  inline: Map<string, { checkId: string; canaryId: string }[]>,
  errors: string[],
): Promise<Link[]> {
  const links: Link[] = [];
  for (const { id, component: c } of flat) {
    try {
      for (const s of c.selectors)
        for (const child of await componentsMatching(pool, s, id))
          links.push({
            table: 'component_relationships',
            component_id: child,
            relationship_id: id,
          });
      // relationships [{type, ref}]: ref names another component (an id, or its name).
      for (const r of c.relationships) {
        const ref = typeof r.ref === 'string' ? r.ref : '';
        if (!ref) continue;
        const by = /^[0-9a-f-]{36}$/i.test(ref)
          ? { id: ref }
          : { name: ref, ...(typeof r.type === 'string' ? { type: r.type } : {}) };
        for (const other of await componentsMatching(pool, by, id))
          links.push({
            table: 'component_relationships',
            component_id: other,
            relationship_id: id,
          });
      }
      for (const q of c.configs)
        for (const config of await configsMatching(pool, q))
          links.push({
            table: 'config_component_relationships',
            component_id: id,
            config_id: config,
          });
      for (const chk of c.checks)
        if (chk.selector && typeof chk.selector === 'object')
          for (const m of await checksMatching(pool, chk.selector as Obj))
            links.push({ table: 'check_component_relationships', component_id: id, ...m });
      for (const m of inline.get(id) ?? [])
        links.push({
          table: 'check_component_relationships',
          component_id: id,
          check_id: m.checkId,
          canary_id: m.canaryId,
        });
      if (c.owner) {
        const { rows } = await pool.query<{ id: string }>(
          'SELECT id FROM teams WHERE name = $1 AND deleted_at IS NULL LIMIT 1',
          [c.owner],
        );
        if (rows[0])
          links.push({ table: 'team_components', component_id: id, team_id: rows[0].id });
      }
    } catch (error) {
      errors.push(`${c.name}: links: ${(error as Error).message}`);
    }
  }
  return links;
}

const KEYS: Record<Link['table'], string[]> = {
  component_relationships: ['component_id', 'relationship_id'],
  config_component_relationships: ['component_id', 'config_id'],
  check_component_relationships: ['component_id', 'check_id', 'canary_id'],
  team_components: ['component_id', 'team_id'],
};

/** Makes the topology's links exactly `links`; returns the rows written. */
export async function writeLinks(
  pool: pg.Pool,
  topologyId: string,
  links: Link[],
): Promise<number> {
  const selector = `topology:${topologyId}`;
  let written = 0;
  for (const table of Object.keys(KEYS) as Link['table'][]) {
    const keys = KEYS[table];
    const want = links
      .filter((l) => l.table === table)
      .map((l) => {
        const { table: _t, ...rest } = l;
        return rest as Record<string, string>;
      });
    const live = table === 'team_components' ? '' : 'AND deleted_at IS NULL';
    const { rows: have } = await pool.query<Record<string, string>>(
      `SELECT ${keys.join(', ')} FROM ${table} WHERE selector_id = $1 ${live}`,
      [selector],
    );
    const key = (r: Record<string, string>) => keys.map((k) => r[k]).join('|');
    const haveKeys = new Set(have.map(key));
    const wantKeys = new Set(want.map(key));
    const add = [
      ...new Map(want.filter((r) => !haveKeys.has(key(r))).map((r) => [key(r), r])).values(),
    ];
    const drop = have.filter((r) => !wantKeys.has(key(r)));
    if (add.length) {
      const cols = keys.join(', ');
      // A live link someone else made (by hand, another topology) is left as it is.
      const conflict =
        table === 'team_components'
          ? 'ON CONFLICT (team_id, component_id) DO NOTHING'
          : table === 'config_component_relationships'
            ? `ON CONFLICT (component_id, config_id) DO UPDATE SET deleted_at = NULL, selector_id = EXCLUDED.selector_id
               WHERE ${table}.deleted_at IS NOT NULL`
            : `ON CONFLICT (${cols}, selector_id) DO UPDATE SET deleted_at = NULL`;
      const { rowCount } = await pool.query(
        `INSERT INTO ${table} (${cols}, selector_id)
         SELECT ${keys.map((k) => `r.${k}`).join(', ')}, $2 FROM jsonb_to_recordset($1::jsonb) AS r (${keys.map((k) => `${k} uuid`).join(', ')})
         ${conflict}`,
        [JSON.stringify(add), selector],
      );
      written += rowCount ?? 0;
    }
    if (drop.length) {
      const match = `(${keys.join(', ')}) IN (SELECT ${keys.map((k) => `d.${k}`).join(', ')} FROM jsonb_to_recordset($2::jsonb) AS d (${keys.map((k) => `${k} uuid`).join(', ')}))`;
      const { rowCount } = await pool.query(
        table === 'team_components'
          ? `DELETE FROM ${table} WHERE selector_id = $1 AND ${match}`
          : `UPDATE ${table} SET deleted_at = now() WHERE selector_id = $1 AND ${match}`,
        [selector, JSON.stringify(drop)],
      );
      written += rowCount ?? 0;
    }
  }
  return written;
}
