import client from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { HealthEngine } from './engine.js';
import { graph, statuses, summary } from './queries.js';
import { resultFrom, type CheckRunner } from './types.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
}, 120_000);
afterAll(async () => {
  await db?.close();
});

/** A fake http runner: passes unless the url contains "down"; takes `delay` ms. */
function fakeRunners(calls: string[], delay = 5): Record<string, CheckRunner> {
  return {
    http: async (spec) => {
      calls.push(String(spec.name));
      await new Promise((r) => setTimeout(r, delay));
      const url = String(spec.url);
      return [
        resultFrom(new Date(), !url.includes('down'), {
          error: url.includes('down') ? 'down' : undefined,
          data: { code: 200 },
        }),
      ];
    },
  };
}

async function insertCanary(name: string, spec: Record<string, unknown>, source = 'UI') {
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec, source, labels) VALUES ($1, 'default', $2, $3, '{"team":"a"}') RETURNING id`,
    [name, spec, source],
  );
  return rows[0]?.id as string;
}

const until = async (fn: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
};

describe('health engine', () => {
  it('projects a console-made canary, runs it at once and on schedule, and stores results', async () => {
    const calls: string[] = [];
    const engine = new HealthEngine({
      pool: db.pool,
      log: silentLog,
      registry: new client.Registry(),
      runners: fakeRunners(calls),
      syncMs: 100,
    });
    const id = await insertCanary('web', {
      schedule: '@every 1s',
      http: [
        { name: 'home', url: 'http://up.example' },
        { name: 'api', url: 'http://down.example', test: { expr: 'code == 200' } },
      ],
    });
    await engine.start();
    try {
      await until(async () => calls.filter((c) => c === 'home').length >= 3);
      await engine.flush();
      const { rows: checks } = await db.pool.query(
        `SELECT name, status, next_runtime, latest_message FROM checks WHERE canary_id = $1 ORDER BY name`,
        [id],
      );
      expect(checks.map((c) => [c.name, c.status])).toEqual([
        ['api', 'unhealthy'],
        ['home', 'healthy'],
      ]);
      expect(checks[0]?.next_runtime).not.toBeNull();
      const { rows: jobs } = await db.pool.query(
        `SELECT status, success_count, error_count FROM job_history WHERE resource_type = 'canary' AND resource_id = $1`,
        [id],
      );
      expect(jobs.length).toBeGreaterThanOrEqual(2);
      expect(jobs[0]).toMatchObject({ status: 'WARNING', success_count: 1, error_count: 1 });

      // The summary reads uptime and latency from the rollups.
      const rows = await summary(db.pool, {
        start: new Date(Date.now() - 3_600_000),
        end: new Date(Date.now() + 1000),
        canaryId: id,
      });
      const home = rows.find((r) => r.name === 'home');
      expect(home?.uptime.passed).toBeGreaterThanOrEqual(2);
      expect(home?.uptime.failed).toBe(0);
      expect(home?.latency.p95).toBeGreaterThanOrEqual(1);
      expect(home?.labels).toEqual({ team: 'a' });
      const api = rows.find((r) => r.name === 'api');
      expect(api?.uptime.passed).toBe(0);

      const history = await statuses(db.pool, api?.id as string, { page: 0, pageSize: 1 });
      expect(history.total).toBeGreaterThanOrEqual(2);
      expect(history.statuses).toHaveLength(1);
      expect(history.statuses[0]).toMatchObject({ status: false, error: 'down' });
      const points = await graph(
        db.pool,
        api?.id as string,
        new Date(Date.now() - 3_600_000),
        new Date(Date.now() + 1000),
      );
      expect(points.window).toBe('raw');
      expect(points.points.length).toBeGreaterThanOrEqual(2);

      // Run Now returns the stored result of that one check.
      const now = await engine.runCheckNow(home?.id as string);
      expect(now).toMatchObject({ status: true });

      // A spec change is picked up; deleting the canary stops it.
      await db.pool.query(`UPDATE canaries SET spec = $2 WHERE id = $1`, [
        id,
        { schedule: '@every 1s', http: [{ name: 'home', url: 'http://up.example' }] },
      ]);
      await until(async () => {
        const { rows: r } = await db.pool.query(
          `SELECT deleted_at FROM checks WHERE canary_id = $1 AND name = 'api'`,
          [id],
        );
        return r[0]?.deleted_at !== null;
      });
      await db.pool.query(`UPDATE canaries SET deleted_at = now() WHERE id = $1`, [id]);
      await until(async () => engine.size === 0);
      const before = calls.length;
      await new Promise((r) => setTimeout(r, 1500));
      expect(calls.length).toBe(before);
    } finally {
      await engine.stop();
    }
  }, 30_000);

  it('never overlaps a canary with its own previous run', async () => {
    const calls: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const engine = new HealthEngine({
      pool: db.pool,
      log: silentLog,
      registry: new client.Registry(),
      syncMs: 100,
      runners: {
        http: async () => {
          calls.push('x');
          running++;
          maxRunning = Math.max(maxRunning, running);
          await new Promise((r) => setTimeout(r, 2500));
          running--;
          return [resultFrom(new Date(), true)];
        },
      },
    });
    const id = await insertCanary('slow', {
      schedule: '@every 1s',
      http: [{ name: 'slow', url: 'http://x' }],
    });
    await engine.start();
    try {
      await new Promise((r) => setTimeout(r, 3500));
      expect(maxRunning).toBe(1);
      expect(calls.length).toBeLessThanOrEqual(2);
    } finally {
      await db.pool.query(`UPDATE canaries SET deleted_at = now() WHERE id = $1`, [id]);
      await engine.stop();
    }
  }, 30_000);

  it('writes the run-derived status of a Kubernetes-sourced canary', async () => {
    const written: Record<string, unknown>[] = [];
    const engine = new HealthEngine({
      pool: db.pool,
      log: silentLog,
      registry: new client.Registry(),
      runners: fakeRunners([]),
      syncMs: 100,
      writeStatus: async (ns, name, status) => {
        written.push({ ns, name, ...status });
      },
    });
    const id = await insertCanary(
      'k8s',
      { schedule: '@hourly', http: [{ name: 'home', url: 'http://up' }] },
      'kubernetes/default/k8s',
    );
    const { rows } = await db.pool.query(
      `INSERT INTO checks (canary_id, type, name, spec) VALUES ($1, 'http', 'home', '{"name":"home","url":"http://up"}') RETURNING id`,
      [id],
    );
    await engine.start();
    try {
      await until(async () => written.length > 0);
      expect(written[0]).toMatchObject({
        ns: 'default',
        name: 'k8s',
        status: 'Passed',
        uptime1h: '1/1 (100%)',
      });
      expect(
        (written[0]?.checkStatus as Record<string, unknown>)[rows[0]?.id as string],
      ).toBeDefined();
    } finally {
      await db.pool.query(`UPDATE canaries SET deleted_at = now() WHERE id = $1`, [id]);
      await engine.stop();
    }
  }, 30_000);

  it('keeps long-range summaries on the rollups with percentiles from their histograms', async () => {
    const id = await insertCanary('old', { http: [{ name: 'old', url: 'http://x' }] });
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO checks (canary_id, type, name, spec) VALUES ($1, 'http', 'old', '{}') RETURNING id`,
      [id],
    );
    const checkId = rows[0]?.id as string;
    // 30 days of hourly results: durations 1..100 ms, every 10th a failure.
    await db.pool.query(
      `INSERT INTO check_statuses (check_id, time, status, duration)
       SELECT $1, now() - make_interval(hours => g), g % 10 <> 0, 1 + g % 100 FROM generate_series(1, 720) g`,
      [checkId],
    );
    const [row] = await summary(db.pool, {
      start: new Date(Date.now() - 30 * 86_400_000),
      end: new Date(),
      checkId,
    });
    expect(row?.uptime.failed).toBe(72);
    expect(row?.uptime.passed).toBeGreaterThanOrEqual(640);
    const p95 = row?.latency.p95 as number;
    expect(p95).toBeGreaterThan(85);
    expect(p95).toBeLessThan(105);
    const g = await graph(db.pool, checkId, new Date(Date.now() - 30 * 86_400_000), new Date());
    expect(g.window).toBe('6h');
    expect(g.points.length).toBeGreaterThan(90);
  });
});

describe('retention', () => {
  it('prunes raw results past the window, rollups later, and keeps recent canary jobs', async () => {
    const { pruneHealth } = await import('./retention.js');
    const id = await insertCanary('retained', {});
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO checks (canary_id, type, name, spec) VALUES ($1, 'http', 'r', '{}') RETURNING id`,
      [id],
    );
    const checkId = rows[0]?.id as string;
    await db.pool.query(
      `INSERT INTO check_statuses (check_id, time, status, duration)
       SELECT $1, now() - make_interval(days => g), true, 5 FROM generate_series(0, 40) g`,
      [checkId],
    );
    await db.pool.query(
      `INSERT INTO properties (name, value) VALUES ('check.status.retention.days', '10')`,
    );
    await db.pool.query(
      `INSERT INTO job_history (name, resource_type, resource_id, status) SELECT 'Canary', 'canary', $1, 'SUCCESS' FROM generate_series(1, 30)`,
      [id],
    );
    const { days, deleted } = await pruneHealth(db.pool);
    expect(days).toBe(10);
    const count = async (sql: string) => Number((await db.pool.query(sql, [checkId])).rows[0]?.n);
    expect(await count(`SELECT count(*) AS n FROM check_statuses WHERE check_id = $1`)).toBe(10);
    // Hourly rollups live 3x as long (30 days), daily ones 9x (all 41 days here).
    expect(await count(`SELECT count(*) AS n FROM check_statuses_1h WHERE check_id = $1`)).toBe(30);
    expect(
      await count(`SELECT count(*) AS n FROM check_statuses_1d WHERE check_id = $1`),
    ).toBeGreaterThanOrEqual(41);
    expect(deleted.jobs).toBeGreaterThanOrEqual(10);
    await db.pool.query(`DELETE FROM properties WHERE name = 'check.status.retention.days'`);
  });
});
