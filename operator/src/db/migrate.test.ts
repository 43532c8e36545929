import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { migrate, readMigrations } from './migrate.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase({ migrate: false });
});
afterAll(async () => db?.close());

describe('migrate', () => {
  it('applies every migration once and records it', async () => {
    const applied = await migrate(db.pool, silentLog);
    expect(applied).toEqual(readMigrations().map((m) => m.version));
    const { rows } = await db.pool.query(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    expect(rows[0]).toEqual({ version: 1, name: 'foundation' });
  });

  it('does nothing on an up-to-date database', async () => {
    expect(await migrate(db.pool, silentLog)).toEqual([]);
  });

  it('lets concurrent starts apply each migration exactly once', async () => {
    const extra = [
      ...readMigrations(),
      { version: 99, name: 'race', sql: 'CREATE TABLE race_probe (id int)' },
    ];
    const results = await Promise.all([
      migrate(db.pool, silentLog, extra),
      migrate(db.pool, silentLog, extra),
    ]);
    expect(results.flat()).toEqual([99]);
    await db.pool.query('DROP TABLE race_probe; DELETE FROM schema_migrations WHERE version = 99');
  });

  it('rolls back a failing migration completely and names it', async () => {
    const next = readMigrations().length + 1;
    const broken = [
      ...readMigrations(),
      {
        version: next,
        name: 'half',
        sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();',
      },
    ];
    await expect(migrate(db.pool, silentLog, broken)).rejects.toThrow(
      `migration ${next} (half) failed: function no_such_function() does not exist`,
    );
    const { rows } = await db.pool.query("SELECT to_regclass('half_done') AS t");
    expect(rows[0].t).toBeNull();
    const versions = await db.pool.query('SELECT max(version) AS v FROM schema_migrations');
    expect(versions.rows[0].v).toBe(readMigrations().length);
  });

  it('refuses badly named or gapped migration files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-mig-'));
    fs.writeFileSync(path.join(dir, '0001_a.sql'), 'SELECT 1');
    fs.writeFileSync(path.join(dir, '0003_c.sql'), 'SELECT 1');
    expect(() => readMigrations(dir)).toThrow('without gaps');
    fs.writeFileSync(path.join(dir, 'oops.sql'), 'SELECT 1');
    expect(() => readMigrations(dir)).toThrow('oops.sql must be named NNNN_name.sql');
    fs.rmSync(dir, { recursive: true });
  });
});
