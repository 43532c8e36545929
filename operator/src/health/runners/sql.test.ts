import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  MARIADB_ITEMS,
  startMariaDb,
  type MariaDbService,
} from '../../../../test/support/services.js';
import { createPool, type Pool } from '../../db/pool.js';
import { startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';
import type { CheckSpec, ConnectionFields, RunContext } from '../types.js';
import { mysqlOptions, mysqlRunner, postgresRunner, resolveConnection } from './sql.js';

/** Vigil's own database, as the runners see it (checks may not reach it). */
let ownPool = {} as Pool;

function ctx(
  opts: { signal?: AbortSignal; connections?: Record<string, ConnectionFields>; pool?: Pool } = {},
): RunContext {
  return {
    canary: { id: 'c1', name: 'canary', namespace: 'default', labels: {} },
    check: { id: 'k1', name: 'sql', type: 'postgres' },
    signal: opts.signal ?? new AbortController().signal,
    pool: opts.pool ?? ownPool,
    connection: (ref) => Promise.resolve(opts.connections?.[ref]),
  };
}

type Rows = { rows: Record<string, unknown>[]; count: number };
const rowsOf = (r: { data?: Record<string, unknown> } | undefined) => r?.data?.results as Rows;

describe('inline connections', () => {
  it('fills $(username), $(password) (escaped), $(domain) and properties from a connection', async () => {
    const conn = await resolveConnection(
      {
        connection: 'connection://prod/db',
        url: 'postgres://$(username):$(password)@$(properties.host)/app?d=$(domain)',
      },
      ctx({
        connections: {
          'connection://prod/db': {
            username: 'ops@corp.example',
            password: 'p@ss word',
            properties: { host: 'db.internal:5432' },
          },
        },
      }),
    );
    expect(conn).toMatchObject({
      url: 'postgres://ops%40corp.example:p%40ss%20word@db.internal:5432/app?d=corp.example',
      username: 'ops@corp.example',
    });
  });

  it('takes a connection value that is not a connection:// reference as the URL', async () => {
    const conn = await resolveConnection({ connection: 'postgres://h/db' }, ctx());
    expect(conn).toMatchObject({ url: 'postgres://h/db' });
  });

  it('names a connection that does not exist, and unresolved secrets', async () => {
    expect(await resolveConnection({ connection: 'connection://x/y' }, ctx())).toBe(
      'connection connection://x/y was not found: create it, or fix the reference',
    );
    expect(
      await resolveConnection(
        { url: 'x', password: { valueFrom: { secretKeyRef: { name: 's', key: 'p' } } } },
        ctx(),
      ),
    ).toMatch(/^password.valueFrom could not be resolved/);
  });

  it('reads Go DSNs and mysql:// URLs for mysql', () => {
    const none = { properties: {} };
    expect(mysqlOptions('u:p@ss@tcp(db.local:3307)/shop?tls=skip-verify', none)).toEqual({
      user: 'u',
      password: 'p@ss',
      database: 'shop',
      host: 'db.local',
      port: 3307,
      ssl: { rejectUnauthorized: false },
    });
    expect(
      mysqlOptions('mysql://tcp(db.local)/shop', { ...none, username: 'a', password: 'b' }),
    ).toMatchObject({
      user: 'a',
      password: 'b',
      host: 'db.local',
      port: 3306,
    });
    expect(mysqlOptions('mysql://u:p%2F@db.local:3308/shop', none)).toEqual({
      host: 'db.local',
      port: 3308,
      user: 'u',
      password: 'p/',
      database: 'shop',
    });
  });
});

describe('postgres runner', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startTestDatabase({ migrate: false });
    // Vigil's own database lives beside the one the checks query, on the same server.
    await db.pool.query('CREATE DATABASE vigil_own');
    const own = new URL(db.url);
    own.pathname = '/vigil_own';
    ownPool = createPool(own.toString());
  });
  afterAll(async () => {
    await ownPool.end?.();
    ownPool = {} as Pool;
    await db?.close();
  });

  it("refuses to query Vigil's own database, whatever address reaches it", async () => {
    const vigil = ctx({ pool: db.pool });
    for (const url of [db.url, db.url.replace('127.0.0.1', 'localhost')]) {
      const r = (await postgresRunner({ url, query: 'SELECT * FROM pg_tables' }, vigil))[0];
      expect(r?.invalid, url).toBe(true);
      expect(r?.error ?? r?.message).toMatch(/reaches Vigil's own database/);
    }
  });

  const run = async (spec: CheckSpec, c = ctx()) => {
    const results = await postgresRunner(spec, c);
    expect(results).toHaveLength(1);
    return results[0];
  };

  it('runs SELECT 1 by default', async () => {
    const r = await run({ url: db.url });
    expect(r?.pass).toBe(true);
    expect(rowsOf(r)).toEqual({ rows: [{ '?column?': 1 }], count: 1 });
    // sslmode as Go's lib/pq reads it (disable: no TLS), as canary-checker manifests write it.
    expect((await run({ url: `${db.url}?sslmode=disable` }))?.pass).toBe(true);
    const tls = await run({ url: `${db.url}?sslmode=require` });
    expect(tls?.pass).toBe(false);
    expect(tls?.error).toMatch(/does not support SSL/);
  });

  it('passes with at least `results` rows and fails with fewer', async () => {
    const query = "SELECT g AS n, 'x' || g AS label FROM generate_series(1, 3) g";
    const ok = await run({ url: db.url, query, results: 3 });
    expect(ok?.pass).toBe(true);
    expect(rowsOf(ok).rows[2]).toEqual({ n: 3, label: 'x3' });
    const few = await run({ url: db.url, query, results: 5 });
    expect(few?.pass).toBe(false);
    expect(few?.error).toBe('expected at least 5 rows, got 3');
    expect(rowsOf(few).count).toBe(3);
  });

  it('fails an empty answer only with markFailOnEmpty', async () => {
    const query = 'SELECT 1 WHERE false';
    expect((await run({ url: db.url, query }))?.pass).toBe(true);
    const empty = await run({ url: db.url, query, markFailOnEmpty: true });
    expect(empty?.pass).toBe(false);
    expect(empty?.error).toBe('the query returned no rows');
  });

  it('fails on SQL errors and bad credentials', async () => {
    const bad = await run({ url: db.url, query: 'SELEC nothing' });
    expect(bad?.pass).toBe(false);
    expect(bad?.invalid).toBeUndefined();
    expect(bad?.error).toMatch(/syntax error/);
    const u = new URL(db.url);
    u.password = 'wrong';
    const denied = await run({ url: u.toString() });
    expect(denied?.pass).toBe(false);
    expect(denied?.error).toMatch(/password authentication failed/);
  });

  it('fails when nothing listens', async () => {
    const r = await run({ url: `postgres://u:p@127.0.0.1:${await freePort()}/x` });
    expect(r?.pass).toBe(false);
    expect(r?.error).toMatch(/ECONNREFUSED/);
  });

  it('uses a connection and the username/password fields', async () => {
    const u = new URL(db.url);
    const user = decodeURIComponent(u.username);
    const password = decodeURIComponent(u.password);
    u.username = '';
    u.password = '';
    const viaConnection = await run(
      { connection: 'connection://default/pg', query: 'SELECT current_user AS who' },
      ctx({
        connections: { 'connection://default/pg': { url: u.toString(), username: user, password } },
      }),
    );
    expect(viaConnection?.pass).toBe(true);
    expect(rowsOf(viaConnection).rows).toEqual([{ who: user }]);
    const inline = await run({
      url: u.toString(),
      username: { value: user },
      password: { value: password },
      query: 'SELECT 1 AS one',
    });
    expect(inline?.pass).toBe(true);
  });

  it('times out a slow query, and stops when the run is cancelled', async () => {
    const t0 = Date.now();
    const slow = await run({ url: db.url, query: 'SELECT pg_sleep(10)', timeout: 1 });
    expect(slow?.pass).toBe(false);
    expect(slow?.error).toBe('timed out after 1s');
    expect(Date.now() - t0).toBeLessThan(5000);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    const cancelled = await run(
      { url: db.url, query: 'SELECT pg_sleep(10)' },
      ctx({ signal: ac.signal }),
    );
    expect(cancelled?.error).toBe('the run was cancelled');
  });

  it('leaves no connection open', async () => {
    for (let i = 0; i < 3; i++) await run({ url: db.url });
    let open = -1;
    for (let i = 0; i < 40 && open !== 0; i++) {
      const res = await db.pool.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'vigil-health-check'",
      );
      open = (res.rows[0] as { n: number }).n;
      if (open) await new Promise((r) => setTimeout(r, 50));
    }
    expect(open).toBe(0);
  });

  it('says what is wrong with an unusable spec', async () => {
    const none = await run({});
    expect(none).toMatchObject({ invalid: true, pass: false });
    expect(none?.error).toMatch(/^postgres check needs url \(or connection\)/);
    const notPg = await run({ url: 'mysql://h/db' });
    expect(notPg?.error).toBe('url must start with postgres:// (got mysql://)');
    const badMin = await run({ url: db.url, results: -1 });
    expect(badMin?.invalid).toBe(true);
  });
});

describe('mysql runner (MariaDB)', () => {
  let maria: MariaDbService;
  beforeAll(async () => {
    maria = await startMariaDb();
  });
  afterAll(async () => {
    await maria?.stop();
  });

  const run = async (spec: CheckSpec, c = ctx()) => {
    const results = await mysqlRunner(spec, c);
    expect(results).toHaveLength(1);
    return results[0];
  };

  it('queries rows over a mysql:// URL', async () => {
    const r = await run({
      url: maria.url,
      query: 'SELECT id, name, status FROM items ORDER BY id',
      results: 3,
    });
    expect(r?.error).toBeUndefined();
    expect(r?.pass).toBe(true);
    expect(rowsOf(r)).toEqual({ rows: MARIADB_ITEMS.map((i) => ({ ...i })), count: 3 });
  });

  it('takes the Go DSN form, with or without mysql://, and credentials from fields', async () => {
    expect((await run({ url: maria.dsn }))?.pass).toBe(true);
    expect((await run({ connection: `mysql://${maria.dsn}` }))?.pass).toBe(true);
    const fields = await run({
      url: `tcp(127.0.0.1:${maria.port})/vigil`,
      username: 'vigil',
      password: { value: 'vigil' },
      query: 'SELECT CURRENT_USER() AS who',
    });
    expect(fields?.pass).toBe(true);
    expect(rowsOf(fields).rows[0]?.who).toBe('vigil@%');
  });

  it('fails with fewer rows than results, or none with markFailOnEmpty', async () => {
    const few = await run({
      url: maria.url,
      query: "SELECT * FROM items WHERE status = 'healthy'",
      results: 3,
    });
    expect(few?.pass).toBe(false);
    expect(few?.error).toBe('expected at least 3 rows, got 2');
    const empty = await run({
      url: maria.url,
      query: 'SELECT * FROM items WHERE id > 100',
      markFailOnEmpty: true,
    });
    expect(empty?.error).toBe('the query returned no rows');
  });

  it('fails on a wrong password and on bad SQL', async () => {
    const denied = await run({ url: `mysql://vigil:nope@127.0.0.1:${maria.port}/vigil` });
    expect(denied?.pass).toBe(false);
    expect(denied?.error).toMatch(/Access denied for user 'vigil'/);
    const bad = await run({ url: maria.url, query: 'SELECT * FROM missing_table' });
    expect(bad?.error).toMatch(/missing_table' doesn't exist/);
  });

  it('times out a slow query', async () => {
    const r = await run({ url: maria.url, query: 'SELECT SLEEP(10)', timeout: 1 });
    expect(r?.pass).toBe(false);
    expect(r?.error).toBe('timed out after 1s');
  });

  it('leaves no connection open', async () => {
    for (let i = 0; i < 3; i++) await run({ url: maria.url });
    const probe = await mysql.createConnection({
      host: maria.host,
      port: maria.port,
      user: 'vigil',
      password: 'vigil',
    });
    try {
      let others = -1;
      for (let i = 0; i < 40 && others !== 0; i++) {
        const [rows] = await probe.query(
          "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE USER = 'vigil' AND ID <> CONNECTION_ID() AND COMMAND <> 'Killed'",
        );
        others = Number((rows as { n: number }[])[0]?.n);
        if (others) await new Promise((r) => setTimeout(r, 50));
      }
      expect(others).toBe(0);
    } finally {
      await probe.end();
    }
  });
});
