import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../auth/firstAdmin.js';
import { createApp } from '../http/app.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';

const TOKEN = 'vgl_k8s_router_admin_token_000000';
const base = '/k8s/apis/canaries.flanksource.com/v1/namespaces/default/canaries';
let db: TestDatabase;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  db = await startTestDatabase();
  await ensureFirstAdmin(db.pool, silentLog, {
    email: 'a@x.io',
    password: 'password-123',
    token: TOKEN,
    dataDir: db.dataDir,
  });
  app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined },
  });
});
afterAll(async () => {
  await (app?.locals.stopWatches as (() => Promise<void>) | undefined)?.();
  await db?.close();
});

const auth = { Authorization: `Bearer ${TOKEN}` };
const canary = (
  name: string,
  spec: object = { interval: 30, http: [{ name: 'h', url: 'https://example.com' }] },
) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name },
  spec,
});
const send = (
  method: 'post' | 'put' | 'patch' | 'delete' | 'get',
  path: string,
  body?: object,
  type = 'application/json',
) => {
  const call = request(app)[method](path);
  return call
    .set(auth)
    .set('Content-Type', type)
    .send(body === undefined ? undefined : JSON.stringify(body));
};

describe('/k8s semantics', () => {
  it('names each bad field in a 422 Invalid', async () => {
    const res = await send('post', base, canary('bad', { http: [{ name: 'h' }] })).expect(422);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'Invalid', code: 422 });
    expect(res.body.details.causes).toContainEqual(
      expect.objectContaining({ field: 'spec.http[0].url' }),
    );
    expect(res.body.message).toMatch(/^Canary "bad" is invalid: spec\.http\[0\]\.url/);
  });

  it('refuses a stale resourceVersion on update with 409 Conflict', async () => {
    const created = (await send('post', base, canary('cas')).expect(201)).body;
    const first = await send('put', `${base}/cas`, {
      ...created,
      spec: { ...created.spec, interval: 60 },
    }).expect(200);
    expect(first.body.metadata.generation).toBe(2);
    const stale = await send('put', `${base}/cas`, {
      ...created,
      spec: { ...created.spec, interval: 90 },
    }).expect(409);
    expect(stale.body).toMatchObject({ reason: 'Conflict' });
    expect(stale.body.message).toContain('the object has been modified');
    // A label change does not bump generation.
    const labelled = await send(
      'patch',
      `${base}/cas`,
      { metadata: { labels: { a: 'b' } } },
      'application/merge-patch+json',
    ).expect(200);
    expect(labelled.body.metadata.generation).toBe(2);
  });

  it('answers 409 AlreadyExists, 404 NotFound and 415 for strategic merge', async () => {
    expect((await send('post', base, canary('cas')).expect(409)).body.reason).toBe('AlreadyExists');
    expect((await send('get', `${base}/nope`).expect(404)).body.message).toBe(
      'canaries.canaries.flanksource.com "nope" not found',
    );
    const smp = await send(
      'patch',
      `${base}/cas`,
      { spec: {} },
      'application/strategic-merge-patch+json',
    ).expect(415);
    expect(smp.body.reason).toBe('UnsupportedMediaType');
  });

  it('server-side apply reports conflicts between managers unless forced', async () => {
    const applied = canary('ssa', {
      interval: 30,
      http: [{ name: 'h', url: 'https://example.com' }],
    });
    await send(
      'patch',
      `${base}/ssa?fieldManager=alice`,
      applied,
      'application/apply-patch+yaml',
    ).expect(201);
    const clash = await send(
      'patch',
      `${base}/ssa?fieldManager=bob`,
      { ...applied, spec: { ...applied.spec, interval: 60 } },
      'application/apply-patch+yaml',
    ).expect(409);
    expect(clash.body.message).toContain('conflicts with');
    expect(clash.body.message).toContain('alice: .spec.interval');
    const forced = await send(
      'patch',
      `${base}/ssa?fieldManager=bob&force=true`,
      { ...applied, spec: { ...applied.spec, interval: 60 } },
      'application/apply-patch+yaml',
    ).expect(200);
    expect(forced.body.spec.interval).toBe(60);
    expect(forced.body.metadata.managedFields.map((f: { manager: string }) => f.manager)).toEqual([
      'alice',
      'bob',
    ]);
  });

  it('does not persist dry runs', async () => {
    await send('post', `${base}?dryRun=All`, canary('dry')).expect(201);
    await send('get', `${base}/dry`).expect(404);
  });

  it('honours finalizers: delete marks, removing the last finalizer deletes', async () => {
    const obj = { ...canary('fin'), metadata: { name: 'fin', finalizers: ['example.com/hold'] } };
    await send('post', base, obj).expect(201);
    const marked = await send('delete', `${base}/fin`).expect(200);
    expect(marked.body.metadata.deletionTimestamp).toBeTruthy();
    await send('get', `${base}/fin`).expect(200);
    await send(
      'patch',
      `${base}/fin`,
      [{ op: 'remove', path: '/metadata/finalizers' }],
      'application/json-patch+json',
    ).expect(200);
    await send('get', `${base}/fin`).expect(404);
  });

  it('writes status only through the status subresource', async () => {
    const live = (await send('get', `${base}/cas`).expect(200)).body;
    const ignored = await send('put', `${base}/cas`, { ...live, status: { message: 'hi' } }).expect(
      200,
    );
    expect(ignored.body.status).toBeUndefined();
    const written = await send('put', `${base}/cas/status`, {
      ...ignored.body,
      status: { message: 'hi' },
      spec: { interval: 1 },
    }).expect(200);
    expect(written.body.status).toEqual({ message: 'hi' });
    expect(written.body.spec.interval).toBe(60);
  });

  it('pages lists with limit and continue, and filters by label and field', async () => {
    await send('post', base, canary('zeta')).expect(201);
    const page1 = (await send('get', `${base}?limit=2`).expect(200)).body;
    expect(page1.items).toHaveLength(2);
    const page2 = (
      await send('get', `${base}?limit=2&continue=${page1.metadata.continue}`).expect(200)
    ).body;
    expect(page2.items.map((i: { metadata: { name: string } }) => i.metadata.name)).not.toContain(
      page1.items[0].metadata.name,
    );
    expect(
      (await send('get', `${base}?labelSelector=a%3Db`).expect(200)).body.items.map(
        (i: { metadata: { name: string } }) => i.metadata.name,
      ),
    ).toEqual(['cas']);
    expect(
      (await send('get', `${base}?fieldSelector=metadata.name%3Dssa`).expect(200)).body.items,
    ).toHaveLength(1);
  });

  it('answers a watch from a compacted version with 410 Expired', async () => {
    await db.pool.query(
      'DELETE FROM resource_events WHERE resource_version < (SELECT max(resource_version) FROM resource_events)',
    );
    const res = await send('get', `${base}?watch=true&resourceVersion=1`).expect(200);
    const event = JSON.parse(res.text.trim().split('\n')[0] as string);
    expect(event).toMatchObject({
      type: 'ERROR',
      object: { kind: 'Status', reason: 'Expired', code: 410 },
    });
  });
});
