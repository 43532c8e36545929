import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';

/** The embedded PostgreSQL runs with a minimal environment: Vigil's secrets stay in Vigil. */
describe('embedded PostgreSQL', () => {
  let db: TestDatabase;
  const secret = 'vgl_embedded_env_must_not_leak_0000';
  beforeAll(async () => {
    process.env.VIGIL_ADMIN_TOKEN = secret;
    db = await startTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    delete process.env.VIGIL_ADMIN_TOKEN;
    await db?.close();
  });

  it("does not hand Vigil's environment (admin token, passwords) to the database processes", async () => {
    const pid = Number(
      fs.readFileSync(`${db.dataDir}/postgres/postmaster.pid`, 'utf8').split('\n')[0],
    );
    const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environ.some((e) => e.startsWith('PATH='))).toBe(true);
    expect(environ.join('\n')).not.toContain(secret);
    expect(environ.filter((e) => e.startsWith('VIGIL_'))).toEqual([]);
  });
});
