import type pg from 'pg';
import { checkResources } from './resources.js';
import type { ResourceAttrs, ScopeKind } from './scope.js';

/**
 * What object-scoped Permissions weigh about one resource of any kind (the access explain tool
 * names it by id): the same fields rowPolicy.ts compiles selectors against. A check comes with
 * its canary. Undefined when it does not exist.
 */
const SQL: Record<Exclude<ScopeKind, 'check'>, string> = {
  config: `SELECT json_build_object('kind', 'config', 'id', c.id, 'name', c.name,
             'namespace', c.tags->>'namespace', 'labels', c.labels, 'tags', c.tags, 'type', c.type,
             'health', c.health) AS attrs FROM config_items c WHERE c.id = $1`,
  component: `SELECT json_build_object('kind', 'component', 'id', c.id, 'name', c.name,
             'namespace', c.namespace, 'labels', c.labels, 'type', c.type,
             'health', coalesce(c.health, c.status)) AS attrs FROM components c WHERE c.id = $1`,
  canary: `SELECT json_build_object('kind', 'canary', 'id', c.id, 'name', c.name,
             'namespace', c.namespace, 'labels', c.labels) AS attrs FROM canaries c WHERE c.id = $1`,
  playbook: `SELECT json_build_object('kind', 'playbook', 'id', p.id, 'name', p.name,
             'namespace', p.namespace) AS attrs FROM playbooks p WHERE p.id = $1`,
  connection: `SELECT json_build_object('kind', 'connection', 'id', c.id, 'name', c.name,
             'namespace', c.namespace, 'type', c.type) AS attrs FROM connections c WHERE c.id = $1`,
};

export async function loadResourceAttrs(
  pool: pg.Pool,
  kind: ScopeKind,
  id: string,
): Promise<ResourceAttrs[] | undefined> {
  if (kind === 'check') return checkResources(pool, id);
  const { rows } = await pool.query<{ attrs: ResourceAttrs }>(SQL[kind], [id]);
  return rows[0] && [rows[0].attrs];
}
