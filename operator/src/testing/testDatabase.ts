import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { startEmbeddedPostgres } from '../db/embeddedPostgres.js';
import { migrate } from '../db/migrate.js';
import { createPool, type Pool } from '../db/pool.js';

export const silentLog = pino({ level: 'silent' });

export interface TestDatabase {
  pool: Pool;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A real PostgreSQL for one test file: the embedded server in a temp dir, migrated unless told
 * otherwise. Tests hit the real thing, never a mock of our own database code.
 */
export async function startTestDatabase(opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-test-'));
  // As root the database runs as the postgres user, which must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  const db = await startEmbeddedPostgres(dataDir, silentLog);
  const pool = createPool(db.url);
  if (opts.migrate !== false) await migrate(pool, silentLog);
  return {
    pool,
    url: db.url,
    dataDir,
    async close() {
      await pool.end();
      await db.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
