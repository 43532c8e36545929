import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionFields } from '../../health/types.js';
import { startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';
import type { ActionContext, ActionSpec } from '../types.js';
import { actionContext } from './context.testing.js';
import { sqlAction } from './sql.js';

let db: TestDatabase;
/** Another database on the same server: a target the action may query. */
let target = '';

beforeAll(async () => {
  db = await startTestDatabase();
  await db.pool.query('CREATE DATABASE playbook_target');
  const u = new URL(db.url);
  u.pathname = '/playbook_target';
  target = u.toString();
}, 120_000);
afterAll(async () => {
  await db?.close();
});

const run = (
  spec: ActionSpec,
  opts: Partial<ActionContext> & { connections?: Record<string, ConnectionFields> } = {},
) => sqlAction(spec, actionContext({ pool: db.pool, ...opts }));

describe('sql action', () => {
  it('runs the query on its url and returns rows and count', async () => {
    const out = await run({
      url: target,
      query: "SELECT n, 'row ' || n AS label FROM generate_series(1, 2) n",
    });
    expect(out).toEqual({
      status: 'completed',
      result: {
        rows: [
          { n: 1, label: 'row 1' },
          { n: 2, label: 'row 2' },
        ],
        count: 2,
      },
    });
  });

  it('reads the URL from a stored connection', async () => {
    const out = await run(
      { connection: 'connection://default/target', query: 'SELECT current_database() AS db' },
      { connections: { 'connection://default/target': { url: target } } },
    );
    expect(out.result).toEqual({ rows: [{ db: 'playbook_target' }], count: 1 });
    const missing = await run({ connection: 'connection://default/none', query: 'SELECT 1' });
    expect(missing.error).toMatch(/^connection connection:\/\/default\/none was not found/);
  });

  it("refuses Vigil's own database, whatever URL reaches it", async () => {
    const out = await run({ url: db.url, query: 'SELECT * FROM access_tokens' });
    expect(out).toEqual({
      status: 'failed',
      result: {},
      error:
        "this connection reaches Vigil's own database, which holds its credentials and sessions: playbook actions may not query it",
    });
  });

  it('fails another driver naming it, and a bad query with the server message', async () => {
    const mysql = await run({ driver: 'mysql', url: 'mysql://x', query: 'SELECT 1' });
    expect(mysql.error).toBe(
      'driver mysql is not supported yet: the sql action runs PostgreSQL queries only (driver: postgres)',
    );
    const bad = await run({ url: target, query: 'SELEC 1' });
    expect(bad.error).toMatch(/syntax error at or near "SELEC"/);
    expect((await run({ url: target, query: ' ' })).error).toBe('query is required');
  });

  it("stops a running query at the engine's timeout", async () => {
    const out = await run(
      { url: target, query: 'SELECT pg_sleep(30)' },
      { signal: AbortSignal.timeout(300) },
    );
    expect(out).toEqual({ status: 'failed', result: {}, error: 'the action timed out' });
  });
});
