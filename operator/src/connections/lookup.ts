import type pg from 'pg';
import type { ConnectionFields } from '../health/types.js';
import { UUID } from '../ids.js';

/**
 * A stored connection by reference, for checks and scrapers: `connection://<type or
 * namespace>/<name>`, `connection://<name>`, a bare name or an id. A name is looked up in the
 * given namespace first, then anywhere (upstream writes the type where we read a namespace).
 */
export async function lookupConnection(
  pool: pg.Pool,
  ref: string,
  namespace: string,
): Promise<ConnectionFields | undefined> {
  const path = ref.replace(/^connection:\/\//, '');
  const columns = 'url, username, password, certificate, properties, type, insecure_tls';
  if (UUID.test(path)) {
    const { rows } = await pool.query<ConnectionFields>(
      `SELECT ${columns} FROM connections WHERE id = $1 AND deleted_at IS NULL`,
      [path],
    );
    return rows[0];
  }
  const [ns, name] = path.includes('/') ? path.split('/', 2) : [namespace, path];
  const { rows } = await pool.query<ConnectionFields>(
    `SELECT ${columns} FROM connections
     WHERE name = $1 AND deleted_at IS NULL ORDER BY (namespace = $2 OR type = $2) DESC LIMIT 1`,
    [name, ns],
  );
  return rows[0];
}
