import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../db/pool.js';
import { startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';
import type { ScraperSpec } from '../types.js';
import { scrapeContext } from './context.testing.js';
import { sqlScraper } from './sql.js';

describe('sql scraper', () => {
  let db: TestDatabase;
  /** Vigil's own database, beside the one the scraper reads on the same server. */
  let own: Pool;
  beforeAll(async () => {
    db = await startTestDatabase({ migrate: false });
    await db.pool.query('CREATE DATABASE vigil_own');
    const u = new URL(db.url);
    u.pathname = '/vigil_own';
    own = createPool(u.toString());
  });
  afterAll(async () => {
    await own?.end();
    await db?.close();
  });

  const scrape = (spec: ScraperSpec, ctx = scrapeContext({ pool: own })) => sqlScraper(spec, ctx);

  it('makes each row a json document, and a single column its value', async () => {
    const rows = await scrape({
      connection: db.url,
      query: "SELECT g AS n, 'x' || g AS label FROM generate_series(1, 3) g",
    });
    expect(rows).toEqual({
      documents: [1, 2, 3].map((n) => ({ content: { n, label: `x${n}` }, format: 'json' })),
      errors: [],
    });
    const single = await scrape({
      connection: db.url,
      driver: 'postgres',
      query:
        "SELECT jsonb_build_object('id', g, 'tags', jsonb_build_array('a')) FROM generate_series(1, 2) g",
    });
    expect(single.documents).toEqual([
      { content: { id: 1, tags: ['a'] }, format: 'json' },
      { content: { id: 2, tags: ['a'] }, format: 'json' },
    ]);
  });

  it("refuses Vigil's own database, as the postgres check does", async () => {
    const out = await scrape(
      { connection: db.url, query: 'SELECT 1' },
      scrapeContext({ pool: db.pool }),
    );
    expect(out.documents).toEqual([]);
    expect(out.errors).toEqual([expect.stringMatching(/reaches Vigil's own database/)]);
  });

  it('takes a connection:// reference, with auth filling in the credentials', async () => {
    const u = new URL(db.url);
    const username = decodeURIComponent(u.username);
    const password = decodeURIComponent(u.password);
    u.username = '';
    u.password = '';
    const ctx = scrapeContext({
      pool: own,
      connections: { 'connection://default/pg': { url: u.toString() } },
    });
    const out = await scrape(
      {
        connection: 'connection://default/pg',
        auth: { username: { value: username }, password: { value: password } },
        query: 'SELECT current_user AS who',
      },
      ctx,
    );
    expect(out).toEqual({ documents: [{ content: username, format: 'json' }], errors: [] });
  });

  it('reports what it cannot do and failing queries as errors', async () => {
    const errorsOf = async (spec: ScraperSpec) => (await scrape(spec)).errors;
    expect(await errorsOf({ connection: db.url, driver: 'mysql', query: 'SELECT 1' })).toEqual([
      'driver "mysql" is not supported yet: the sql scraper reads PostgreSQL only (driver: postgres)',
    ]);
    expect(await errorsOf({ query: 'SELECT 1' })).toEqual([
      expect.stringMatching(/^connection is required/),
    ]);
    expect(await errorsOf({ connection: db.url })).toEqual(['query is required']);
    expect(
      await errorsOf({
        connection: db.url,
        query: 'SELECT 1',
        auth: { password: { valueFrom: { secretKeyRef: { name: 's', key: 'k' } } } },
      }),
    ).toEqual([expect.stringMatching(/^auth.password.valueFrom is not supported by scrapers yet/)]);
    expect(await errorsOf({ connection: db.url, query: 'SELEC 1' })).toEqual([
      expect.stringMatching(/syntax error/),
    ]);
  });

  it('stops when the scrape is cancelled', async () => {
    const ac = new AbortController();
    const pending = scrape(
      { connection: db.url, query: 'SELECT pg_sleep(30)' },
      scrapeContext({ pool: own, signal: ac.signal }),
    );
    // Cancel once the statement is running on the server, not after a guessed delay.
    for (let i = 0; i < 200; i++) {
      const { rows } = await db.pool.query(
        "SELECT 1 FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(30)' AND state = 'active'",
      );
      if (rows.length) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    ac.abort();
    expect(await pending).toEqual({ documents: [], errors: ['the scrape was cancelled'] });
  });
});
