import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../../auth/identity.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';
import { createApp } from '../app.js';

/** POST /api/catalog/summary and /api/catalog/changes (docs/api/catalog.md). */
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
const ids: Record<string, string> = {};
const auth = { Authorization: 'Bearer vgl_catalog_routes_token_0000000' };
const viewer = { Authorization: 'Bearer vgl_catalog_routes_viewer_000000' };

async function config(name: string, type: string, cls: string, tags: object, health: string) {
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO config_items (name, type, config_class, tags, labels, health, config, cost_per_minute, cost_total_30d)
     VALUES ($1, $2, $3, $4, $5, $6, '{}', 0.01, 10) RETURNING id`,
    [name, type, cls, tags, { team: name.startsWith('pay') ? 'pay' : 'ops' }, health],
  );
  ids[name] = rows[0]?.id as string;
}

async function change(configName: string, type: string, severity: string, ago: string) {
  await db.pool.query(
    `INSERT INTO config_changes (config_id, change_type, severity, summary, source, created_at)
     VALUES ($1, $2, $3, $4, 'kubernetes', now() - $5::interval)`,
    [ids[configName], type, severity, `${type} on ${configName}`, ago],
  );
}

beforeAll(async () => {
  db = await startTestDatabase();
  const admin = await createPerson(db.pool, {
    name: 'a',
    email: 'a@c.test',
    password: 'password-1',
    roles: ['admin'],
  });
  await ensureToken(db.pool, admin.id, 't', auth.Authorization.slice(7));
  const v = await createPerson(db.pool, {
    name: 'v',
    email: 'v@c.test',
    password: 'password-1',
    roles: ['viewer'],
  });
  await ensureToken(db.pool, v.id, 't', viewer.Authorization.slice(7));
  ids.viewer = v.id;
  ids.admin = admin.id;
  await config('pay-api', 'Kubernetes::Pod', 'Pod', { cluster: 'eu', namespace: 'pay' }, 'healthy');
  await config(
    'pay-db',
    'Kubernetes::Pod',
    'Pod',
    { cluster: 'eu', namespace: 'pay' },
    'unhealthy',
  );
  await config(
    'ops-web',
    'Kubernetes::Deployment',
    'Deployment',
    { cluster: 'us', namespace: 'ops' },
    'healthy',
  );
  await db.pool.query(
    `INSERT INTO config_relationships (config_id, related_id, relation) VALUES ($1, $2, 'hard')`,
    [ids['ops-web'], ids['pay-api']],
  );
  await change('pay-api', 'diff', 'info', '1 hour');
  await change('pay-db', 'BackOff', 'high', '2 hours');
  await change('ops-web', 'ScalingReplicaSet', 'critical', '3 hours');
  await change('ops-web', 'diff', 'low', '5 days');
  app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined },
  });
});
afterAll(async () => db?.close());

describe('POST /api/catalog/summary', () => {
  it('groups by class then type with health, changes and cost', async () => {
    const res = await request(app)
      .post('/api/catalog/summary')
      .set(auth)
      .send({ groupBy: ['config_class', 'type'], changes: { since: '30d' } })
      .expect(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        config_class: 'Deployment',
        type: 'Kubernetes::Deployment',
        count: 1,
        health: { healthy: 1 },
        changes: 2,
        cost_total_30d: 10,
      }),
      expect.objectContaining({
        config_class: 'Pod',
        type: 'Kubernetes::Pod',
        count: 2,
        health: { healthy: 1, unhealthy: 1 },
        changes: 2,
      }),
    ]);
  });

  it('groups by a tag key and filters by labels and health', async () => {
    const res = await request(app)
      .post('/api/catalog/summary')
      .set(auth)
      .send({ groupBy: ['cluster__tag'], filter: { team: 'pay' }, health: '!unhealthy' })
      .expect(200);
    expect(res.body).toEqual([expect.objectContaining({ cluster: 'eu', count: 1 })]);
  });

  it('says what is wrong with a bad grouping or cost range', async () => {
    const bad = await request(app)
      .post('/api/catalog/summary')
      .set(auth)
      .send({ groupBy: ['colour'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/groupBy cannot group by "colour"/);
    const cost = await request(app).post('/api/catalog/summary').set(auth).send({ cost: '2d' });
    expect(cost.body.message).toBe('cost must be 1d, 7d or 30d');
  });
});

describe('POST /api/catalog/changes', () => {
  const changes = (body: object) => request(app).post('/api/catalog/changes').set(auth).send(body);

  it('lists the last two days newest first, with a total and a per-type summary', async () => {
    const res = await changes({}).expect(200);
    expect(res.body.total).toBe(3);
    expect(res.body.changes.map((c: { change_type: string }) => c.change_type)).toEqual([
      'diff',
      'BackOff',
      'ScalingReplicaSet',
    ]);
    expect(res.body.summary).toEqual({ diff: 1, BackOff: 1, ScalingReplicaSet: 1 });
    expect(res.body.changes[0]).toMatchObject({
      name: 'pay-api',
      type: 'Kubernetes::Pod',
      tags: { cluster: 'eu' },
    });
  });

  it('filters by minimum severity, type lists, tags and time, and pages', async () => {
    expect((await changes({ severity: 'high' })).body.total).toBe(2);
    expect((await changes({ type: '!diff' })).body.total).toBe(2);
    expect((await changes({ type: 'Scal*' })).body.total).toBe(1);
    expect((await changes({ tags: 'cluster=us', from: 'now-7d' })).body.total).toBe(2);
    const page = await changes({ from: 'now-7d', page: 2, page_size: 3, sort_by: '-created_at' });
    expect(page.body.total).toBe(4);
    expect(page.body.changes).toHaveLength(1);
  });

  it('follows relationships from a config downstream, or not at all', async () => {
    const down = await changes({ id: ids['ops-web'], from: 'now-7d' });
    expect(down.body.total).toBe(3); // its own two and its child's
    const none = await changes({ id: ids['ops-web'], recursive: 'none', from: 'now-7d' });
    expect(none.body.total).toBe(2);
  });

  it('answers 400 naming the field for bad input', async () => {
    expect((await changes({ recursive: 'sideways', id: ids['ops-web'] })).body.message).toMatch(
      /^recursive must be one of/,
    );
    expect((await changes({ from: 'now', to: 'now-1d' })).body.message).toBe(
      'from must be before to',
    );
    expect((await changes({ sort_by: 'colour' })).body.message).toMatch(
      /^sort_by cannot sort by "colour"/,
    );
    expect((await changes({ severity: 'dire' })).status).toBe(400);
    expect((await changes({ tags: 'a in b' })).status).toBe(400);
  });

  it('leaves out configs an object-scoped Permission hides', async () => {
    await request(app)
      .post('/api/db/permissions')
      .set(auth)
      .send({
        action: 'read',
        deny: true,
        object_selector: { configs: [{ tagSelector: 'cluster=us' }] },
        person_id: ids.viewer,
        created_by: ids.admin,
      })
      .expect(201);
    const seen = await request(app)
      .post('/api/catalog/changes')
      .set(viewer)
      .send({ from: 'now-7d' });
    expect(seen.body.total).toBe(2);
    const summary = await request(app).post('/api/catalog/summary').set(viewer).send({});
    expect(summary.body.map((g: { type: string }) => g.type)).toEqual(['Kubernetes::Pod']);
  });
});
