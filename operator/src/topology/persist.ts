import crypto from 'node:crypto';
import type pg from 'pg';
import { deterministicUuid, sortKeys } from '../catalog/identity.js';
import { projectChecks } from '../health/projection.js';
import type { BuiltComponent } from './build.js';
import { desiredLinks, type Link, writeLinks } from './links.js';

/**
 * Writes a built tree as rows of `components`: ids derived from the topology, the parent and
 * the component's type and name (the same component lands on the same row every build), the
 * ancestor path, and a hash of the definition so that an unchanged component is not written.
 * Components that disappeared are soft-deleted — except under a component whose lookup failed,
 * whose stored children stay. Links (selectors, configs, checks, owning team) follow, written
 * only where they differ. Statuses are the rollup's (health.ts), not written here.
 */

export interface TopologyRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  spec: Record<string, unknown>;
}

export interface PersistResult {
  rootId: string;
  /** Rows inserted, updated or soft-deleted (components and links). */
  written: number;
  errors: string[];
}

interface Flat {
  id: string;
  parentId: string | null;
  path: string;
  component: BuiltComponent;
}

export function componentId(
  topologyId: string,
  parentId: string | null,
  c: BuiltComponent,
): string {
  return c.id ?? deterministicUuid('component', topologyId, parentId ?? '', c.type ?? '', c.name);
}

function flatten(topologyId: string, root: BuiltComponent): Flat[] {
  const out: Flat[] = [];
  const walk = (c: BuiltComponent, parentId: string | null, path: string) => {
    const id = componentId(topologyId, parentId, c);
    out.push({ id, parentId, path, component: c });
    const childPath = path ? `${path}.${id}` : id;
    // Children are sorted by `order`, then name, so the tree reads the same every build.
    const sorted = [...c.children].sort(
      (a, b) => (a.order ?? 0) - (b.order ?? 0) || a.name.localeCompare(b.name),
    );
    for (const child of sorted) walk(child, id, childPath);
  };
  walk(root, null, '');
  return out;
}

function rowOf(topologyId: string, f: Flat) {
  const c = f.component;
  const row = {
    id: f.id,
    topology_id: topologyId,
    parent_id: f.parentId,
    path: f.path,
    name: c.name,
    namespace: c.namespace ?? null,
    type: c.type ?? null,
    icon: c.icon ?? null,
    tooltip: c.tooltip ?? null,
    owner: c.owner ?? null,
    external_id: c.externalId ?? c.name,
    text: c.text ?? null,
    lifecycle: c.lifecycle ?? null,
    description: c.description ?? null,
    hidden: c.hidden,
    labels: c.labels,
    properties: c.properties.length ? c.properties : null,
    own_status: c.ownStatus ?? null,
    status_reason: c.statusReason ?? null,
    status_expr: c.statusExpr ?? null,
    health_expr: c.healthExpr ?? null,
    selectors: c.selectors.length ? c.selectors : null,
    configs: c.configs.length ? c.configs : null,
    component_checks: c.checks.length ? c.checks : null,
    log_selectors: c.logs.length ? c.logs : null,
  };
  const hash = crypto
    .createHash('sha1')
    .update(JSON.stringify(sortKeys(row)))
    .digest('base64');
  return { ...row, build_hash: hash };
}

const UPSERT = `
  INSERT INTO components (id, topology_id, parent_id, path, name, namespace, type, icon, tooltip, owner,
    external_id, text, lifecycle, description, hidden, labels, properties, own_status, status, health,
    status_reason, status_expr, health_expr, selectors, configs, component_checks, log_selectors, build_hash)
  SELECT r.id, r.topology_id, r.parent_id, r.path, r.name, r.namespace, r.type, r.icon, r.tooltip, r.owner,
    r.external_id, r.text, r.lifecycle, r.description, r.hidden, r.labels, r.properties, r.own_status,
    coalesce(r.own_status, 'unknown'), coalesce(r.own_status, 'unknown'), r.status_reason, r.status_expr,
    r.health_expr, r.selectors, r.configs, r.component_checks, r.log_selectors, r.build_hash
  FROM jsonb_to_recordset($1::jsonb) AS r (id uuid, topology_id uuid, parent_id uuid, path text, name text,
    namespace text, type text, icon text, tooltip text, owner text, external_id text, text text,
    lifecycle text, description text, hidden boolean, labels jsonb, properties jsonb, own_status text,
    status_reason text, status_expr text, health_expr text, selectors jsonb, configs jsonb,
    component_checks jsonb, log_selectors jsonb, build_hash text)
  ON CONFLICT (id) DO UPDATE SET topology_id = EXCLUDED.topology_id, parent_id = EXCLUDED.parent_id,
    path = EXCLUDED.path, name = EXCLUDED.name, namespace = EXCLUDED.namespace, type = EXCLUDED.type,
    icon = EXCLUDED.icon, tooltip = EXCLUDED.tooltip, owner = EXCLUDED.owner,
    external_id = EXCLUDED.external_id, text = EXCLUDED.text, lifecycle = EXCLUDED.lifecycle,
    description = EXCLUDED.description, hidden = EXCLUDED.hidden, labels = EXCLUDED.labels,
    properties = EXCLUDED.properties, own_status = EXCLUDED.own_status,
    status_reason = EXCLUDED.status_reason, status_expr = EXCLUDED.status_expr,
    health_expr = EXCLUDED.health_expr, selectors = EXCLUDED.selectors, configs = EXCLUDED.configs,
    component_checks = EXCLUDED.component_checks, log_selectors = EXCLUDED.log_selectors,
    build_hash = EXCLUDED.build_hash, deleted_at = NULL`;

/** Resolves `parentLookup` (name, namespace, type, externalID) to a component of the tree or the database. */
async function resolveParents(
  pool: pg.Pool,
  topologyId: string,
  flat: Flat[],
  errors: string[],
): Promise<void> {
  for (const f of flat) {
    const l = f.component.parentLookup;
    if (!l) continue;
    const match = flat.find(
      (o) =>
        o !== f &&
        (!l.name || o.component.name === l.name) &&
        (!l.type || o.component.type === l.type) &&
        (!l.namespace || o.component.namespace === l.namespace) &&
        (!l.externalID || o.component.externalId === l.externalID),
    );
    let parentId = match?.id;
    if (!parentId) {
      const { rows } = await pool.query<{ id: string }>(
        `SELECT id FROM components WHERE deleted_at IS NULL
           AND ($1::text IS NULL OR name = $1) AND ($2::text IS NULL OR type = $2)
           AND ($3::text IS NULL OR namespace = $3) AND ($4::text IS NULL OR external_id = $4)
           AND id <> ALL($5::uuid[]) LIMIT 2`,
        [
          l.name ?? null,
          l.type ?? null,
          l.namespace ?? null,
          l.externalID ?? null,
          flat.map((x) => x.id),
        ],
      );
      if (rows.length === 1) parentId = rows[0]?.id;
    }
    if (parentId) f.parentId = parentId;
    else
      errors.push(
        `${f.component.name}: parentLookup found no single parent (${JSON.stringify(l)})`,
      );
  }
  // Paths follow the (possibly moved) parents.
  const byId = new Map(flat.map((f) => [f.id, f]));
  const pathOf = (f: Flat, seen = new Set<string>()): string => {
    if (!f.parentId || seen.has(f.id)) return '';
    seen.add(f.id);
    const parent = byId.get(f.parentId);
    const base = parent ? pathOf(parent, seen) : '';
    return base ? `${base}.${f.parentId}` : f.parentId;
  };
  for (const f of flat) f.path = pathOf(f);
  void topologyId;
}

export async function persistTopology(
  pool: pg.Pool,
  topology: TopologyRow,
  root: BuiltComponent,
): Promise<PersistResult> {
  const errors: string[] = [];
  const flat = flatten(topology.id, root);
  await resolveParents(pool, topology.id, flat, errors);
  const rows = flat.map((f) => rowOf(topology.id, f));
  const { rows: stored } = await pool.query<{
    id: string;
    build_hash: string | null;
    deleted: boolean;
    path: string | null;
  }>(
    `SELECT id, build_hash, deleted_at IS NOT NULL AS deleted, path FROM components WHERE topology_id = $1`,
    [topology.id],
  );
  const known = new Map(stored.map((s) => [s.id, s]));
  const changed = rows.filter((r) => {
    const s = known.get(r.id);
    return !s || s.deleted || s.build_hash !== r.build_hash;
  });
  let written = 0;
  // Parents first (the path orders them), so foreign keys hold within each statement.
  changed.sort((a, b) => a.path.length - b.path.length);
  for (let i = 0; i < changed.length; i += 1000) {
    const part = changed.slice(i, i + 1000);
    await pool.query(UPSERT, [JSON.stringify(part)]);
    written += part.length;
  }
  // Gone from the tree: soft-deleted, unless below a component whose lookup failed.
  const present = new Set(rows.map((r) => r.id));
  const kept = flat.filter((f) => f.component.keepChildren).map((f) => f.id);
  const gone = stored
    .filter((s) => !s.deleted && !present.has(s.id))
    .filter((s) => !kept.some((k) => (s.path ?? '').split('.').includes(k)))
    .map((s) => s.id);
  if (gone.length) {
    await pool.query(
      `UPDATE components SET deleted_at = now() WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
      [gone],
    );
    written += gone.length;
  }
  const inline = await inlineCanaries(pool, topology, flat);
  const links: Link[] = await desiredLinks(pool, topology.id, flat, inline.checks, errors);
  written += inline.written;
  written += await writeLinks(pool, topology.id, links);
  return { rootId: flat[0]?.id as string, written, errors };
}

/**
 * Inline checks of components run as canaries of their own (source `component/<id>`), on their
 * schedule like any canary; their checks are linked to the component.
 */
async function inlineCanaries(
  pool: pg.Pool,
  topology: TopologyRow,
  flat: Flat[],
): Promise<{ checks: Map<string, { checkId: string; canaryId: string }[]>; written: number }> {
  const checks = new Map<string, { checkId: string; canaryId: string }[]>();
  let written = 0;
  const wanted: string[] = [];
  for (const f of flat) {
    for (const [i, c] of f.component.checks.entries()) {
      const spec = c.inline;
      if (!spec || typeof spec !== 'object') continue;
      const canaryId = deterministicUuid('component-canary', f.id, String(i));
      wanted.push(canaryId);
      const source = `component/${f.id}`;
      const name = `${f.component.name}-${i}`
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-')
        .slice(0, 63);
      const { rows } = await pool.query<{ changed: boolean }>(
        `INSERT INTO canaries (id, name, namespace, labels, spec, source)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO UPDATE SET spec = EXCLUDED.spec, name = EXCLUDED.name, deleted_at = NULL
           WHERE canaries.spec IS DISTINCT FROM EXCLUDED.spec OR canaries.deleted_at IS NOT NULL
             OR canaries.name IS DISTINCT FROM EXCLUDED.name
         RETURNING true AS changed`,
        [canaryId, name, topology.namespace, topology.labels ?? {}, spec, source],
      );
      written += rows.length;
      // Checks are projected when the canary changed; otherwise they are what they were.
      const ids = rows.length
        ? Object.values(
            await projectChecks(pool, {
              id: canaryId,
              namespace: topology.namespace,
              labels: topology.labels,
              spec: spec as Record<string, unknown>,
            }),
          )
        : (
            await pool.query<{ id: string }>(
              'SELECT id FROM checks WHERE canary_id = $1 AND deleted_at IS NULL AND NOT coalesce(transformed, false)',
              [canaryId],
            )
          ).rows.map((r) => r.id);
      checks.set(f.id, [
        ...(checks.get(f.id) ?? []),
        ...ids.map((checkId) => ({ checkId, canaryId })),
      ]);
    }
  }
  // Inline canaries of components that no longer have them stop running.
  const { rowCount } = await pool.query(
    `UPDATE canaries SET deleted_at = now()
      WHERE deleted_at IS NULL AND source LIKE 'component/%' AND NOT (id = ANY($2::uuid[]))
        AND try_uuid(substring(source from 11)) IN (SELECT id FROM components WHERE topology_id = $1)`,
    [topology.id, wanted],
  );
  written += rowCount ?? 0;
  return { checks, written };
}
