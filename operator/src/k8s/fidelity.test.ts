import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../auth/identity.js';
import type { Role } from '../auth/policy.js';
import { createApp } from '../http/app.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { isK8sRootPath } from './router.js';

/**
 * What makes /k8s behave like a real API server for every kubectl: the Kubernetes paths at the
 * host root, unknown-field pruning under fieldValidation, `auth can-i` reviews and Namespaces.
 */
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
const token = (name: string) => `vgl_fidelity_${name}_token_0000000000`;
const as = (name: string) => ({ Authorization: `Bearer ${token(name)}` });
const canaries = '/apis/canaries.flanksource.com/v1/namespaces/default/canaries';

async function person(name: string, roles: Role[]) {
  const p = await createPerson(db.pool, {
    name,
    email: `${name}@fidelity.test`,
    password: 'password-123',
    roles,
  });
  await ensureToken(db.pool, p.id, 'test', token(name));
}

const send = (
  who: string,
  method: 'post' | 'delete' | 'get' | 'patch' | 'put',
  path: string,
  body?: unknown,
  type = 'application/json',
) => {
  const call = request(app)[method](path);
  return call
    .set(as(who))
    .set('Content-Type', type)
    .send(body === undefined ? undefined : JSON.stringify(body));
};

const canary = (name: string, spec: object = {}) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name },
  spec: { interval: 30, http: [{ name: 'h', url: 'https://example.test' }], ...spec },
});

beforeAll(async () => {
  db = await startTestDatabase();
  await person('admin', ['admin']);
  await person('viewer', ['viewer']);
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

describe('the Kubernetes paths at the root', () => {
  it('picks exactly the Kubernetes paths, leaving /api/<area> to Vigil', () => {
    for (const p of ['/api', '/api/', '/api/v1', '/api/v1/namespaces', '/apis', '/apis/x/v1'])
      expect(isK8sRootPath(p), p).toBe(true);
    for (const p of ['/openapi/v2', '/openapi/v3/apis/g/v1', '/version'])
      expect(isK8sRootPath(p), p).toBe(true);
    for (const p of ['/api/db/people', '/api/about', '/api/v1x', '/apisx', '/versions', '/'])
      expect(isK8sRootPath(p), p).toBe(false);
  });

  it('answers /version, discovery and OpenAPI at the root and under /k8s alike', async () => {
    const version = await request(app).get('/version').expect(200);
    expect(version.headers['content-type']).toMatch(/^application\/json/);
    expect(version.body.gitVersion).toMatch(/^v1\./);
    for (const base of ['', '/k8s']) {
      const apis = await request(app).get(`${base}/apis`).set(as('admin')).expect(200);
      expect(apis.body.kind).toBe('APIGroupList');
      const v3 = await request(app).get(`${base}/openapi/v3`).set(as('admin')).expect(200);
      expect(Object.keys(v3.body.paths)).toContain('apis/canaries.flanksource.com/v1');
    }
    const core = await request(app).get('/api').set(as('admin')).expect(200);
    expect(core.body).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
  });

  it('never answers an API path with the console', async () => {
    const apis = await request(app).get('/apis/nope.example/v1').set(as('admin')).expect(404);
    expect(apis.body).toMatchObject({ kind: 'Status', reason: 'NotFound' });
    const openapi = await request(app).get('/openapi/v9').set(as('admin')).expect(404);
    expect(openapi.body).toMatchObject({ kind: 'Status', code: 404 });
    const api = await request(app).get('/api/nope').set(as('admin')).expect(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    // Vigil's own /api routes still answer.
    await request(app).get('/api/about').set(as('admin')).expect(200);
  });

  it('serves OpenAPI v2 as JSON, and as protobuf to kubectl 1.27/1.28', async () => {
    const json = await request(app).get('/openapi/v2').set(as('admin')).expect(200);
    expect(json.body.swagger).toBe('2.0');
    const patch =
      json.body.paths['/apis/canaries.flanksource.com/v1/namespaces/{namespace}/canaries/{name}']
        .patch;
    expect(patch['x-kubernetes-group-version-kind']).toEqual({
      group: 'canaries.flanksource.com',
      version: 'v1',
      kind: 'Canary',
    });
    expect(patch.parameters.map((p: { name: string }) => p.name)).toContain('fieldValidation');
    const pb = await request(app)
      .get('/openapi/v2')
      .set(as('admin'))
      .set('Accept', 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf')
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    // `@` may not appear in a Content-Type: Go's mime parser refuses it.
    expect(pb.headers['content-type']).toBe(
      'application/com.github.proto-openapi.spec.v2.v1.0+protobuf',
    );
    const body = pb.body as Buffer;
    expect(body.subarray(0, 5).toString('binary')).toBe('\n\u00032.0');
  });
});

describe('unknown fields (fieldValidation)', () => {
  const misspelt = (name: string) => canary(name, { intervall: 5 });

  it('prunes and warns by default and under Warn', async () => {
    for (const [name, query] of [
      ['warn-default', ''],
      ['warn-explicit', '?fieldValidation=Warn'],
    ] as const) {
      const res = await send('admin', 'post', `${canaries}${query}`, misspelt(name)).expect(201);
      expect(res.headers.warning).toBe('299 - "unknown field \\"spec.intervall\\""');
      expect(res.body.spec).not.toHaveProperty('intervall');
      const stored = await send('admin', 'get', `${canaries}/${name}`).expect(200);
      expect(stored.body.spec).toEqual({
        interval: 30,
        http: [{ name: 'h', url: 'https://example.test' }],
      });
    }
  });

  it('refuses under Strict, naming each field, and stores nothing', async () => {
    const body = { ...misspelt('strict'), extra: 1, metadata: { name: 'strict', colour: 'red' } };
    const res = await send('admin', 'post', `${canaries}?fieldValidation=Strict`, body).expect(400);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'BadRequest' });
    expect(res.body.message).toBe(
      'Canary in version "v1" cannot be handled as a Canary: strict decoding error: unknown field "extra", unknown field "metadata.colour", unknown field "spec.intervall"',
    );
    await send('admin', 'get', `${canaries}/strict`).expect(404);
  });

  it('keeps quiet under Ignore, and still prunes', async () => {
    const res = await send(
      'admin',
      'post',
      `${canaries}?fieldValidation=Ignore`,
      misspelt('ignored'),
    ).expect(201);
    expect(res.headers.warning).toBeUndefined();
    expect(res.body.spec).not.toHaveProperty('intervall');
  });

  it('checks patches and server-side apply too, blaming only what the write brings', async () => {
    await send('admin', 'post', canaries, canary('patched')).expect(201);
    const merge = await send(
      'admin',
      'patch',
      `${canaries}/patched?fieldValidation=Strict`,
      { spec: { http: [{ name: 'h', url: 'https://example.test', tyop: true }] } },
      'application/merge-patch+json',
    ).expect(400);
    expect(merge.body.message).toContain('unknown field "spec.http[0].tyop"');
    const ssa = await send(
      'admin',
      'patch',
      `${canaries}/patched?fieldManager=kubectl&fieldValidation=Warn`,
      misspelt('patched'),
      'application/apply-patch+yaml',
    ).expect(200);
    expect(ssa.headers.warning).toContain('unknown field \\"spec.intervall\\"');
    expect(ssa.body.spec).not.toHaveProperty('intervall');
  });

  it('keeps fields under x-kubernetes-preserve-unknown-fields and leaves status alone', async () => {
    await send('admin', 'post', canaries, canary('status-kept')).expect(201);
    const res = await send(
      'admin',
      'put',
      `${canaries}/status-kept/status?fieldValidation=Strict`,
      { ...canary('status-kept'), status: { anything: 'goes' } },
    ).expect(200);
    expect(res.body.status).toEqual({ anything: 'goes' });
  });

  it('refuses an unknown directive', async () => {
    await send('admin', 'post', `${canaries}?fieldValidation=Loud`, canary('loud')).expect(400);
  });
});

describe('kubectl auth can-i', () => {
  const ssar = (who: string, resourceAttributes: object) =>
    send(who, 'post', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectAccessReview',
      spec: { resourceAttributes },
    }).expect(201);
  const canaryAttrs = (verb: string) => ({
    namespace: 'default',
    verb,
    group: 'canaries.flanksource.com',
    resource: 'canaries',
  });

  it('answers per role, from the policy module', async () => {
    expect((await ssar('admin', canaryAttrs('create'))).body.status.allowed).toBe(true);
    const viewer = await ssar('viewer', canaryAttrs('create'));
    expect(viewer.body).toMatchObject({
      kind: 'SelfSubjectAccessReview',
      status: { allowed: false },
    });
    expect(viewer.body.status.reason).toContain('permission denied');
    expect((await ssar('viewer', canaryAttrs('list'))).body.status.allowed).toBe(true);
    expect((await ssar('viewer', canaryAttrs('*'))).body.status.allowed).toBe(false);
    const pods = await ssar('admin', { namespace: 'default', verb: 'get', resource: 'pods' });
    expect(pods.body.status.allowed).toBe(false);
  });

  it('decodes kubectl protobuf reviews', async () => {
    // k8s\0 + Unknown{raw(2): SSAR{spec(2): {resourceAttributes(1): {verb(2), group(3), resource(5)}}}}
    const str = (field: number, s: string) =>
      Buffer.concat([Buffer.from([(field << 3) | 2, s.length]), Buffer.from(s)]);
    const msg = (field: number, b: Buffer) =>
      Buffer.concat([Buffer.from([(field << 3) | 2, b.length]), b]);
    const attrs = Buffer.concat([
      str(1, 'default'),
      str(2, 'create'),
      str(3, 'canaries.flanksource.com'),
      str(5, 'canaries'),
    ]);
    const body = Buffer.concat([Buffer.from('k8s\0', 'binary'), msg(2, msg(2, msg(1, attrs)))]);
    const res = await request(app)
      .post('/apis/authorization.k8s.io/v1/selfsubjectaccessreviews')
      .set(as('viewer'))
      .set('Content-Type', 'application/vnd.kubernetes.protobuf')
      .send(body)
      .expect(201);
    expect(res.body.spec.resourceAttributes).toMatchObject({
      verb: 'create',
      resource: 'canaries',
    });
    expect(res.body.status.allowed).toBe(false);
  });

  it('lists the rules (auth can-i --list)', async () => {
    const res = await send(
      'viewer',
      'post',
      '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews',
      { spec: { namespace: 'default' } },
    ).expect(201);
    const rule = res.body.status.resourceRules.find((r: { resources: string[] }) =>
      r.resources.includes('canaries'),
    );
    expect(rule.verbs).toEqual(['get', 'list', 'watch']);
  });
});

describe('namespaces', () => {
  it('exist once created or once an object lives in them', async () => {
    await send('admin', 'post', '/api/v1/namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'made' },
    }).expect(201);
    await send(
      'admin',
      'post',
      '/apis/canaries.flanksource.com/v1/namespaces/implied/canaries',
      canary('c1'),
    ).expect(201);
    const list = await send('admin', 'get', '/api/v1/namespaces').expect(200);
    expect(list.body.kind).toBe('NamespaceList');
    const names = list.body.items.map((n: { metadata: { name: string } }) => n.metadata.name);
    expect(names).toEqual(expect.arrayContaining(['default', 'made', 'implied']));
    const one = await send('admin', 'get', '/api/v1/namespaces/made').expect(200);
    expect(one.body).toMatchObject({ kind: 'Namespace', status: { phase: 'Active' } });
    const missing = await send('admin', 'get', '/api/v1/namespaces/nowhere').expect(404);
    expect(missing.body.message).toBe('namespaces "nowhere" not found');
    await send('admin', 'post', '/api/v1/namespaces', { metadata: { name: 'made' } }).expect(409);
  });

  it('lets only those who may create objects create one', async () => {
    const res = await send('viewer', 'post', '/api/v1/namespaces', {
      metadata: { name: 'viewers' },
    }).expect(403);
    expect(res.body.reason).toBe('Forbidden');
  });

  it('deletes what a namespace holds, and keeps default', async () => {
    await send(
      'admin',
      'post',
      '/apis/canaries.flanksource.com/v1/namespaces/doomed/canaries',
      canary('c2'),
    ).expect(201);
    await send('viewer', 'delete', '/api/v1/namespaces/doomed').expect(403);
    await send('admin', 'delete', '/api/v1/namespaces/doomed').expect(200);
    await send(
      'admin',
      'get',
      '/apis/canaries.flanksource.com/v1/namespaces/doomed/canaries/c2',
    ).expect(404);
    await send('admin', 'get', '/api/v1/namespaces/doomed').expect(404);
    await send('admin', 'delete', '/api/v1/namespaces/made').expect(200);
    await send('admin', 'get', '/api/v1/namespaces/made').expect(404);
    await send('admin', 'delete', '/api/v1/namespaces/default').expect(403);
  });
});
