import type pg from 'pg';
import type { ResourceAttrs } from './scope.js';

/**
 * What object-scoped Permissions weigh about one resource, read from its table: a check comes
 * with its canary (rules on the canary apply to its checks). Undefined when it does not exist.
 */
export async function checkResources(
  pool: pg.Pool,
  checkId: string,
): Promise<ResourceAttrs[] | undefined> {
  const { rows } = await pool.query<{ check: ResourceAttrs; canary: ResourceAttrs }>(
    `SELECT json_build_object('kind', 'check', 'id', c.id, 'name', c.name, 'namespace', c.namespace,
              'labels', c.labels, 'type', c.type) AS check,
            json_build_object('kind', 'canary', 'id', ca.id, 'name', ca.name,
              'namespace', ca.namespace, 'labels', ca.labels) AS canary
       FROM checks c JOIN canaries ca ON ca.id = c.canary_id WHERE c.id = $1`,
    [checkId],
  );
  const row = rows[0];
  return row && [row.check, row.canary];
}
