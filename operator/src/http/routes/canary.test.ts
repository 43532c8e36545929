import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createPerson, ensureToken } from '../../auth/identity.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';

let db: TestDatabase;
let app: ReturnType<typeof createApp>;
const TOKEN = 'vgl_canary_routes_test_token';
const auth = { Authorization: `Bearer ${TOKEN}` };
let checkId = '';

beforeAll(async () => {
  db = await startTestDatabase();
  const person = await createPerson(db.pool, {
    name: 'Ed',
    email: 'ed@example.com',
    password: 'password-123',
    roles: ['editor'],
  });
  await ensureToken(db.pool, person.id, 'health', TOKEN);
  const canary = await db.pool.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec, source, labels) VALUES ('web', 'prod', '{}', 'UI', '{"env":"prod"}') RETURNING id`,
  );
  const check = await db.pool.query<{ id: string }>(
    `INSERT INTO checks (canary_id, type, name, namespace, labels) VALUES ($1, 'http', 'home', 'prod', '{"tier":"web"}') RETURNING id`,
    [canary.rows[0]?.id],
  );
  checkId = check.rows[0]?.id as string;
  await db.pool.query(
    `INSERT INTO check_statuses (check_id, time, status, duration, message, error)
     SELECT $1, now() - make_interval(mins => g), g % 4 <> 0, 10 * g, 'ok ' || g, CASE WHEN g % 4 = 0 THEN 'bad' END
     FROM generate_series(1, 40) g`,
    [checkId],
  );
  app = createApp({ pool: db.pool, log: silentLog, config: { consoleDir: '/nonexistent' } });
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('/api/canary', () => {
  it('summarises checks with uptime and latency, filtered by labels and namespace', async () => {
    const res = await request(app).get('/api/canary/api/summary').set(auth).expect(200);
    expect(res.body.checks_summary).toHaveLength(1);
    const row = res.body.checks_summary[0];
    expect(row).toMatchObject({
      name: 'home',
      canary_name: 'web',
      labels: { env: 'prod', tier: 'web' },
    });
    expect(row.uptime.passed + row.uptime.failed).toBeGreaterThanOrEqual(30);
    expect(row.latency.p99).toBeGreaterThan(0);
    const none = await request(app)
      .get('/api/canary/api/summary?labels=env!=prod')
      .set(auth)
      .expect(200);
    expect(none.body.checks_summary).toHaveLength(0);
    const ns = await request(app)
      .get('/api/canary/api/summary?namespace=none')
      .set(auth)
      .expect(200);
    expect(ns.body.checks_summary).toHaveLength(0);
    const tier = await request(app)
      .get('/api/canary/api/summary?labels=tier,env=prod')
      .set(auth)
      .expect(200);
    expect(tier.body.checks_summary).toHaveLength(1);
  });

  it('pages history with status and duration filters', async () => {
    const all = await request(app)
      .get(`/api/canary/api/checks/${checkId}/statuses?pageSize=5`)
      .set(auth)
      .expect(200);
    expect(all.body.total).toBe(40);
    expect(all.body.statuses).toHaveLength(5);
    const bad = await request(app)
      .get(`/api/canary/api/checks/${checkId}/statuses?status=0`)
      .set(auth)
      .expect(200);
    expect(bad.body.total).toBe(10);
    const slow = await request(app)
      .get(`/api/canary/api/checks/${checkId}/statuses?duration=0.3s`)
      .set(auth)
      .expect(200);
    expect(slow.body.total).toBe(11);
    const wrong = await request(app)
      .get(`/api/canary/api/checks/${checkId}/statuses?duration=1m`)
      .set(auth)
      .expect(400);
    expect(wrong.body.message).toBe('duration is allowed only in milli seconds & seconds');
  });

  it('answers detail with exact percentiles, and 404 / 400 for unknown or malformed ids', async () => {
    const res = await request(app)
      .get(`/api/canary/api/checks/${checkId}?start=now-1d`)
      .set(auth)
      .expect(200);
    expect(res.body.latency).toMatchObject({ p50: 200, p99: 400 });
    expect(res.body.canary).toMatchObject({ name: 'web', source: 'UI' });
    expect(res.body.relationships).toEqual({ components: [], configs: [] });
    await request(app).get('/api/canary/api/checks/not-a-uuid').set(auth).expect(400);
    const bad = await request(app)
      .get('/api/canary/api/summary?start=yesterday')
      .set(auth)
      .expect(400);
    expect(bad.body.message).toMatch(/start: "yesterday" is not a time/);
  });

  it('buckets the graph and refuses Run Now without a running engine', async () => {
    const g = await request(app)
      .get(`/api/canary/api/checks/${checkId}/graph`)
      .set(auth)
      .expect(200);
    expect(g.body.window).toBe('raw');
    expect(g.body.points.length).toBeGreaterThan(30);
    const run = await request(app).post(`/api/canary/run/check/${checkId}`).set(auth).expect(503);
    expect(run.body.message).toMatch(/checks do not run on this replica/);
  });
});
