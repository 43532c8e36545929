import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from 'pino';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');

// Any constant works; it only has to be the same for every Vigil sharing the database.
const MIGRATION_LOCK = 0x76_69_67_69; // 'vigi'

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql'));
  const migrations = files.map((file) => {
    const match = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file);
    if (!match) throw new Error(`migration file ${file} must be named NNNN_name.sql`);
    return {
      version: Number(match[1]),
      name: match[2] as string,
      sql: fs.readFileSync(path.join(dir, file), 'utf8'),
    };
  });
  migrations.sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(
        `migrations must be numbered 0001.. without gaps; found ${m.version} at position ${i + 1}`,
      );
  });
  return migrations;
}

/**
 * Applies pending migrations in order, all in one transaction under an advisory lock, so
 * replicas starting together apply each migration once and a failure leaves nothing half done.
 * Returns the versions applied (none on an up-to-date database).
 */
export async function migrate(
  pool: pg.Pool,
  log: Logger,
  migrations = readMigrations(),
): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(done.rows.map((r) => r.version));
    const pending = migrations.filter((m) => !applied.has(m.version));
    for (const m of pending) {
      try {
        await client.query(m.sql);
      } catch (error) {
        throw new Error(`migration ${m.version} (${m.name}) failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        m.version,
        m.name,
      ]);
      log.info({ version: m.version, name: m.name }, 'applied migration');
    }
    await client.query('COMMIT');
    return pending.map((m) => m.version);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
