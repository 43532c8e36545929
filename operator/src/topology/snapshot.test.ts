import { PassThrough } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBufferPromise, type Entry } from 'yauzl';
import { createPerson, ensureToken } from '../auth/identity.js';
import { createApp } from '../http/app.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { seedTopology, type Fixture } from './queryFixture.testing.js';
import { topologySnapshot } from './snapshot.js';
import { SNAPSHOT_LIMITS } from './snapshotData.js';
import type { TopologyNode } from './serialize.js';

/** GET /api/snapshot/topology/{id}: the zip unzipped and its files read. */
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let fx: Fixture;
const auth = { Authorization: 'Bearer vgl_topology_snapshot_admin_000000' };
const viewer = { Authorization: 'Bearer vgl_topology_snapshot_viewer_00000' };

beforeAll(async () => {
  db = await startTestDatabase();
  fx = await seedTopology(db.pool);
  for (const [name, role, token] of [
    ['admin', 'admin', auth],
    ['viewer', 'viewer', viewer],
  ] as const) {
    const p = await createPerson(db.pool, {
      name,
      email: `${name}@snapshot.test`,
      password: 'password-1',
      roles: [role],
    });
    await ensureToken(db.pool, p.id, 't', token.Authorization.slice(7));
    fx.ids[name] = p.id;
  }
  app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined },
  });
});
afterAll(async () => db?.close());

/** Every file of a zip, parsed as JSON. */
async function unzip(zip: Buffer): Promise<Record<string, Record<string, unknown>>> {
  const archive = await fromBufferPromise(zip, { lazyEntries: true });
  const files: Record<string, Record<string, unknown>> = {};
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: Entry) => {
      archive
        .openReadStreamPromise(entry)
        .then(async (stream) => {
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          files[entry.fileName] = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          archive.readEntry();
        })
        .catch(reject);
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return files;
}

const snapshot = (id: string, query: Record<string, string> = {}, as = auth) =>
  request(app)
    .get(`/api/snapshot/topology/${id}`)
    .query(query)
    .set(as)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('GET /api/snapshot/topology/{id}', () => {
  it('zips the component tree, related components, configs, checks and incidents', async () => {
    const res = await snapshot(fx.ids.payments as string, { related: 'true' }).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="topology-payments-[\dT-]+Z\.zip"$/,
    );
    const files = await unzip(res.body as Buffer);
    expect(Object.keys(files).sort()).toEqual([
      'checks.json',
      'component.json',
      'configs.json',
      'incidents.json',
      'related.json',
    ]);

    const component = files['component.json'] as Record<string, unknown>;
    const tree = component.components as TopologyNode[];
    expect(tree.map((c) => c.name)).toEqual(['payments']);
    expect(tree[0]?.components.map((c) => c.name)).toEqual(['api', 'db', 'worker']);
    expect(component).toMatchObject({ truncated: false, depth: 10, limits: { components: 5000 } });

    expect(files['related.json']).toMatchObject({ truncated: false });
    expect((files['related.json']?.components as { name: string }[]).map((c) => c.name)).toEqual([
      'worker',
    ]);

    const configs = files['configs.json'] as { configs: Record<string, unknown>[] };
    expect(configs).toMatchObject({ truncated: false, limits: { configs: 1000, changes: 5000 } });
    expect(configs.configs).toEqual([
      expect.objectContaining({
        id: fx.ids.config,
        name: 'payments-db',
        component_ids: [fx.ids.db],
        // Only the change inside the default range (the last day).
        changes: [expect.objectContaining({ summary: 'max_connections 100 -> 200' })],
      }),
    ]);

    const checks = files['checks.json'] as { checks: Record<string, unknown>[] };
    expect(checks.checks.map((c) => c.name)).toEqual(['api-http', 'pod-http']);
    expect(checks.checks[0]?.results).toEqual([
      expect.objectContaining({ status: false, duration: 12, message: 'ok' }),
    ]);

    const incidents = files['incidents.json'] as { incidents: Record<string, unknown>[] };
    expect(incidents.incidents).toEqual([
      expect.objectContaining({
        id: fx.ids.incident,
        title: 'Pods crash',
        component_ids: [fx.ids['api-pod-2']],
      }),
    ]);
  });

  it('takes the time range and leaves related components out unless asked', async () => {
    const res = await snapshot(fx.ids.db as string, { start: 'now-7d', end: 'now' }).expect(200);
    const files = await unzip(res.body as Buffer);
    expect(files['related.json']).toHaveProperty('omitted');
    const configs = files['configs.json'] as { configs: { changes: unknown[] }[] };
    expect(configs.configs[0]?.changes).toHaveLength(2);
    const checks = files['checks.json'] as { checks: unknown[] };
    expect(checks.checks).toEqual([]);
  });

  it('answers 404 for a missing component or one a Permission hides, 400 for bad input', async () => {
    await snapshot('01940000-0000-7000-8000-000000000002').expect(404);
    await request(app)
      .post('/api/db/permissions')
      .set(auth)
      .send({
        action: 'read',
        deny: true,
        object_selector: { components: [{ id: fx.ids.api }] },
        person_id: fx.ids.viewer,
        created_by: fx.ids.admin,
      })
      .expect(201);
    await snapshot(fx.ids.api as string, {}, viewer).expect(404);
    await snapshot(fx.ids['api-pod-1'] as string, {}, viewer).expect(404);
    const seen = await snapshot(fx.ids.payments as string, {}, viewer).expect(200);
    const files = await unzip(seen.body as Buffer);
    expect(JSON.stringify(files)).not.toContain(fx.ids['api-pod-2']);

    const bad = async (path: string, message: RegExp) => {
      const res = await request(app).get(path).set(auth).expect(400);
      expect(res.body.message).toMatch(message);
    };
    await bad('/api/snapshot/topology/nope', /^id must be a component id/);
    await bad(`/api/snapshot/topology/${fx.ids.db}?start=yesterday`, /^start: /);
    await bad(`/api/snapshot/topology/${fx.ids.db}?start=now&end=now-1h`, /^start must be before/);
    await bad(
      `/api/snapshot/topology/${fx.ids.db}?related=maybe`,
      /^related must be true or false/,
    );
  });

  it('caps the rows of every file and says so in the file', async () => {
    const limits = { ...SNAPSHOT_LIMITS, components: 5, changes: 1, checks: 1, results: 0 };
    const snap = await topologySnapshot(
      db.pool,
      { roles: ['admin'] },
      { id: fx.ids.payments as string, start: new Date(0), end: new Date(), related: false },
      limits,
    );
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((r) => out.on('end', r));
    await snap?.write(out);
    await ended;
    const files = await unzip(Buffer.concat(chunks));
    const component = files['component.json'] as Record<string, unknown>;
    // payments and its 3 children fit in 5; their 3 children do not.
    expect(component).toMatchObject({ truncated: true, depth: 1 });
    expect(component.note).toMatch(/^more than 5 components: only 1 level of descendants/);
    expect(files['configs.json']).toMatchObject({ truncated: true, limits: { changes: 1 } });
    expect(files['configs.json']?.note).toMatch(/only the first 1 changes \(newest first\)/);
    expect(files['checks.json']).toMatchObject({ truncated: true });
    expect(files['checks.json']?.note).toMatch(/only the first 0 results \(newest first\)/);
    expect((files['checks.json']?.checks as unknown[]).length).toBe(1);
    expect(files['incidents.json']).toMatchObject({ truncated: false });
  });
});
