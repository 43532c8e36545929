import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { summary } from './queries.js';
import { RollupCache } from './rollupCache.js';

let db: TestDatabase;
let checkId = '';
const HOUR = 3_600_000;
// Two whole hours in the past, so the test's own "now" never moves the buckets.
const hourA = new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR);
const hourB = new Date(hourA.getTime() + HOUR);
const starts = [hourA.toISOString(), hourB.toISOString()];

/** Counts the statements the cache sends, by their first words. */
function counting(pool: TestDatabase['pool']) {
  const sent: string[] = [];
  const query = pool.query.bind(pool);
  const spy = ((config: unknown, values?: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    sent.push(/FROM rollup_versions/.test(text) ? 'versions' : 'rows');
    return (query as (c: unknown, v?: unknown) => unknown)(config, values);
  }) as typeof pool.query;
  return { pool: Object.assign(Object.create(pool) as typeof pool, { query: spy }), sent };
}

const result = (at: Date, status: boolean, duration: number) =>
  db.pool.query(
    `INSERT INTO check_statuses (check_id, time, status, duration) VALUES ($1, $2, $3, $4)`,
    [checkId, at.toISOString(), status, duration],
  );

beforeAll(async () => {
  db = await startTestDatabase();
  const {
    rows: [canary],
  } = await db.pool.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec, source) VALUES ('c', 'ns', '{}', 'UI') RETURNING id`,
  );
  const {
    rows: [check],
  } = await db.pool.query<{ id: string }>(
    `INSERT INTO checks (canary_id, type, name) VALUES ($1, 'http', 'home') RETURNING id`,
    [canary?.id],
  );
  checkId = check?.id ?? '';
  await result(new Date(hourA.getTime() + 60_000), true, 20);
  await result(new Date(hourB.getTime() + 60_000), false, 40);
});

afterAll(async () => {
  await db?.close();
});

describe('rollup cache', () => {
  it('reads a bucket once and again only after its rows change', async () => {
    const cache = new RollupCache();
    const { pool, sent } = counting(db.pool);
    const first = await cache.load(pool, 'check_statuses_1h', starts);
    expect(first?.map((b) => b.get(checkId)?.total)).toEqual([1, 1]);
    expect(sent.filter((s) => s === 'rows').length).toBeGreaterThan(0);

    sent.length = 0;
    await cache.load(pool, 'check_statuses_1h', starts);
    expect(sent).toEqual(['versions']);

    // A late result in the older hour moves only that bucket's version.
    await result(new Date(hourA.getTime() + 120_000), false, 30);
    sent.length = 0;
    const after = await cache.load(pool, 'check_statuses_1h', starts);
    expect(sent[0]).toBe('versions');
    expect(sent.filter((s) => s === 'rows')).toHaveLength(2);
    expect(after?.[0]?.get(checkId)).toMatchObject({ passed: 1, failed: 1, total: 2 });
    expect(after?.[1]?.get(checkId)).toMatchObject({ passed: 0, failed: 1, total: 1 });
  });

  it('sees deletes and truncation', async () => {
    const cache = new RollupCache();
    await cache.load(db.pool, 'check_statuses_1h', starts);
    await db.pool.query(`DELETE FROM check_statuses_1h WHERE created_at = $1`, [starts[0]]);
    const deleted = await cache.load(db.pool, 'check_statuses_1h', starts);
    expect(deleted?.[0]?.size).toBe(0);
    expect(deleted?.[1]?.size).toBe(1);

    await db.pool.query('TRUNCATE check_statuses_1h');
    const truncated = await cache.load(db.pool, 'check_statuses_1h', starts);
    expect(truncated?.map((b) => b.size)).toEqual([0, 0]);
  });

  it('keeps at most its bucket limit and declines longer ranges', async () => {
    const cache = new RollupCache(2);
    const day = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000).toISOString();
    expect(await cache.load(db.pool, 'check_statuses_1h', starts)).toHaveLength(2);
    expect(await cache.load(db.pool, 'check_statuses_1d', [day])).toHaveLength(1);
    expect(await cache.load(db.pool, 'check_statuses_1h', [...starts, day])).toBeNull();
  });

  it('gives the summary the same answer from memory as from the database', async () => {
    await result(new Date(hourA.getTime() + 180_000), true, 25);
    await result(new Date(hourB.getTime() + 180_000), true, 35);
    const range = { start: hourA, end: new Date(hourB.getTime() + HOUR) };
    // Two buckets: read once into memory, then answered from it.
    const [cached] = await summary(db.pool, range);
    const [again] = await summary(db.pool, range);
    expect(again).toEqual(cached);
    expect(cached?.uptime).toMatchObject({ passed: 2, failed: 0 });
    expect(cached?.latency.avg).toBe(30);
    expect(Date.parse(cached?.uptime.last_pass ?? '')).toBe(hourB.getTime() + 180_000);
    // Longer ranges are summed in the database from the daily rollups, which the truncation of
    // the hourly table did not touch: all five results.
    const [daily] = await summary(db.pool, {
      start: new Date(hourA.getTime() - 9 * 86_400_000),
      end: range.end,
    });
    expect(daily?.uptime).toMatchObject({ passed: 3, failed: 2 });
  });
});
