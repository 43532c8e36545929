import type pg from 'pg';
import { query } from '../catalog/jsonpath.js';
import type { BuildContext, BuiltComponent } from './build.js';
import { runLookup } from './lookup.js';

/**
 * Properties that are looked up rather than written: `lookup` (an inline canary whose display
 * gives a scalar, a list of properties, or — on the topology's own properties — a map of
 * component name to properties merged into those components) and `configLookup` (a field of a
 * catalog item, by JSONPath). A failed lookup leaves the property as written and says why.
 */

type Obj = Record<string, unknown>;

function merge(into: Obj[], extra: Obj[]): void {
  for (const p of extra) {
    const same = into.findIndex((q) => q.name !== undefined && q.name === p.name);
    if (same >= 0) into[same] = { ...into[same], ...p };
    else into.push(p);
  }
}

async function configValue(pool: pg.Pool, lookup: Obj): Promise<unknown> {
  const q = (lookup.config ?? {}) as Obj;
  const where: string[] = ['deleted_at IS NULL'];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const id = lookup.id ?? q.id;
  if (typeof id === 'string' && id) where.push(`id::text = ${p(id)}`);
  if (typeof q.name === 'string' && q.name) where.push(`name = ${p(q.name)}`);
  if (typeof q.type === 'string' && q.type) where.push(`type = ${p(q.type)}`);
  if (Array.isArray(q.types) && q.types.length) where.push(`type = ANY(${p(q.types)}::text[])`);
  if (typeof q.namespace === 'string' && q.namespace)
    where.push(`tags->>'namespace' = ${p(q.namespace)}`);
  if (q.tags && typeof q.tags === 'object') where.push(`tags @> ${p(q.tags)}`);
  if (where.length === 1)
    throw new Error('configLookup needs an id or a config query (name, type, namespace, tags)');
  const { rows } = await pool.query<{ config: unknown }>(
    `SELECT config FROM config_items WHERE ${where.join(' AND ')} ORDER BY updated_at DESC NULLS LAST LIMIT 1`,
    params,
  );
  if (!rows[0]) throw new Error('configLookup found no configuration item');
  const field = typeof lookup.field === 'string' && lookup.field ? lookup.field : '$';
  return query(field, rows[0].config)[0];
}

async function resolveOne(
  c: BuiltComponent,
  byName: Map<string, BuiltComponent[]>,
  ctx: BuildContext,
  pool: pg.Pool,
) {
  const out: Obj[] = [];
  for (const prop of c.properties) {
    const { lookup, configLookup, ...rest } = prop;
    try {
      if (lookup && typeof lookup === 'object') {
        const { values, errors } = await runLookup(lookup as Obj, ctx.lookup);
        if (errors.length) throw new Error(errors.join('; '));
        const v = values[0];
        if (Array.isArray(v)) merge(out, v.filter((x) => x && typeof x === 'object') as Obj[]);
        else if (v && typeof v === 'object') {
          // name -> properties: for the named components.
          for (const [name, props] of Object.entries(v as Obj))
            for (const target of byName.get(name) ?? [])
              merge(target.properties, (Array.isArray(props) ? props : [props]) as Obj[]);
        } else
          out.push({
            ...rest,
            ...(typeof v === 'number' ? { value: v } : { text: String(v ?? '') }),
          });
        continue;
      }
      if (configLookup && typeof configLookup === 'object') {
        const v = await configValue(pool, configLookup as Obj);
        out.push({
          ...rest,
          ...(typeof v === 'number'
            ? { value: v }
            : { text: typeof v === 'object' ? JSON.stringify(v) : String(v ?? '') }),
        });
        continue;
      }
      out.push(prop);
    } catch (error) {
      ctx.errors.push(
        `${c.name}: property ${String(rest.name ?? '')}: ${(error as Error).message}`,
      );
      out.push(rest);
    }
  }
  c.properties = out;
}

export async function resolveProperties(
  root: BuiltComponent,
  ctx: BuildContext,
  pool: pg.Pool,
): Promise<void> {
  const all: BuiltComponent[] = [];
  const walk = (c: BuiltComponent) => {
    all.push(c);
    c.children.forEach(walk);
  };
  walk(root);
  const byName = new Map<string, BuiltComponent[]>();
  for (const c of all) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
  const needs = all.filter((c) => c.properties.some((p) => p.lookup || p.configLookup));
  for (const c of needs) await resolveOne(c, byName, ctx, pool);
}
