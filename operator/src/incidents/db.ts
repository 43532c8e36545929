import type pg from 'pg';
import type { Pool } from '../db/pool.js';

/** The System person (0001) owns what the automation writes. */
export const SYSTEM_PERSON = '00000000-0000-0000-0000-000000000000';

/** Statuses of an incident still being worked: each may move to resolved (0021). */
export const LIVE_STATUSES = ['new', 'open', 'investigating', 'mitigated'] as const;

/** Runs fn in one transaction on one client: all of it is written, or none. */
export async function transaction<T>(pool: Pool, fn: (client: pg.PoolClient) => Promise<T>) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Moves an incident to `to` on behalf of the automation. `why` becomes the Changelog entry
 * (incident_status.updated, 0021): the history trigger reads it from a transaction-local
 * setting, so the status and its reason are written together. Only from one of `from`: a person
 * who changed the status meanwhile wins. `alongside` writes more in the same transaction.
 * Returns whether the incident moved.
 */
export async function moveIncident(
  pool: Pool,
  incidentId: string,
  to: string,
  from: readonly string[],
  why: string,
  alongside?: (client: pg.PoolClient) => Promise<unknown>,
): Promise<boolean> {
  return transaction(pool, async (client) => {
    await client.query(`SELECT set_config('vigil.status_reason', $1, true)`, [why]);
    const { rowCount } = await client.query(
      'UPDATE incidents SET status = $2 WHERE id = $1 AND status = ANY($3)',
      [incidentId, to, from],
    );
    if (rowCount === 1 && alongside) await alongside(client);
    return rowCount === 1;
  });
}
