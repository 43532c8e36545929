import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../auth/firstAdmin.js';
import { createPerson } from '../auth/identity.js';
import { createPool } from '../db/pool.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { createApp } from './app.js';

const ADMIN = {
  email: 'admin@example.com',
  password: 'admin-password-1',
  token: 'vgl_test_admin_token_0123456789',
};
const ORIGIN = 'http://127.0.0.1';

let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let consoleDir: string;

beforeAll(async () => {
  db = await startTestDatabase();
  await ensureFirstAdmin(db.pool, silentLog, { ...ADMIN, dataDir: db.dataDir });
  await createPerson(db.pool, {
    name: 'Vera Viewer',
    email: 'viewer@example.com',
    password: 'viewer-password',
    roles: ['viewer'],
  });
  consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-console-'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>Vigil</title>');
  fs.mkdirSync(path.join(consoleDir, 'assets'));
  fs.writeFileSync(path.join(consoleDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.mkdirSync(path.join(consoleDir, 'docs'));
  fs.writeFileSync(path.join(consoleDir, 'docs', 'README.md'), '# Vigil docs');
  app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir, publicUrl: undefined, docsDir: path.join(consoleDir, 'docs') },
  });
});
afterAll(async () => {
  await db?.close();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

async function signIn(username: string, password: string): Promise<string> {
  const res = await request(app)
    .post('/api/auth/login')
    .set('Origin', ORIGIN)
    .send({ username, password })
    .expect(200);
  const cookie = res.headers['set-cookie']?.[0] as string;
  return cookie.split(';')[0] as string;
}

describe('probes and metrics', () => {
  it('answers /healthz and /readyz without credentials', async () => {
    await request(app).get('/healthz').expect(200, { status: 'ok' });
    await request(app).get('/readyz').expect(200);
  });

  it('reports not ready when the database is unreachable', async () => {
    const broken = createPool('postgresql://nobody:x@127.0.0.1:1/none');
    const brokenApp = createApp({
      pool: broken,
      log: silentLog,
      config: { consoleDir, publicUrl: undefined },
    });
    const res = await request(brokenApp).get('/readyz').expect(503);
    expect(res.body.status).toBe('unavailable');
    await broken.end();
  });

  it('exposes default and HTTP metrics by route pattern', async () => {
    await request(app).get('/healthz');
    const res = await request(app).get('/metrics').expect(200);
    expect(res.text).toContain('process_cpu_seconds_total');
    expect(res.text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} \d+/,
    );
  });

  it('echoes a request id', async () => {
    const res = await request(app).get('/healthz').set('X-Request-Id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await request(app).get('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('authentication', () => {
  it('refuses the API without credentials', async () => {
    const res = await request(app).get('/api/about').expect(401);
    expect(res.body).toEqual({
      error: 'unauthorized',
      message: 'Sign in to continue: this request has no valid session or token',
    });
  });

  it('rejects a wrong password with the identity message and no cookie', async () => {
    const res = await request(app)
      .post('/api/auth/login')
      .send({ username: ADMIN.email, password: 'wrong' })
      .expect(401);
    expect(res.body.message).toMatch(/^The provided credentials are invalid/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('asks for missing fields', async () => {
    const res = await request(app)
      .post('/api/auth/login')
      .send({ username: ADMIN.email })
      .expect(400);
    expect(res.body.message).toBe('password is required');
  });

  it('signs in with an HttpOnly SameSite=Lax session cookie and answers whoami', async () => {
    const res = await request(app)
      .post('/api/auth/login')
      .send({ username: 'ADMIN@example.com', password: ADMIN.password })
      .expect(200);
    const cookie = res.headers['set-cookie']?.[0] as string;
    expect(cookie).toMatch(/^vigil_session=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const who = await request(app)
      .get('/api/auth/whoami')
      .set('Cookie', cookie.split(';')[0] as string)
      .expect(200);
    expect(who.body.message).toBe('success');
    expect(who.body.payload.user).toMatchObject({ name: 'Admin', email: ADMIN.email });
    expect(who.body.payload.roles).toEqual(['admin']);
    expect(who.body.payload.permissions).toContainEqual({ object: 'connections', action: 'write' });
    expect(JSON.stringify(who.body)).not.toMatch(/scrypt|password_hash/);
  });

  it('accepts the VIGIL_ADMIN_TOKEN as a bearer token', async () => {
    const res = await request(app)
      .get('/api/about')
      .set('Authorization', `Bearer ${ADMIN.token}`)
      .expect(200);
    expect(res.body.Version).toMatch(/^\d+\.\d+\.\d+/);
    await request(app).get('/api/about').set('Authorization', 'Bearer vgl_wrong').expect(401);
  });

  it('ends the session on sign out', async () => {
    const cookie = await signIn(ADMIN.email, ADMIN.password);
    await request(app).get('/api/about').set('Cookie', cookie).expect(200);
    await request(app)
      .post('/api/auth/logout')
      .set('Cookie', cookie)
      .set('Host', '127.0.0.1')
      .set('Origin', ORIGIN)
      .expect(200);
    await request(app).get('/api/about').set('Cookie', cookie).expect(401);
  });

  it('refuses cookie-authenticated writes from another origin (CSRF)', async () => {
    const cookie = await signIn(ADMIN.email, ADMIN.password);
    const res = await request(app)
      .put('/api/properties/x.disable')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .send({ value: 'true' })
      .expect(403);
    expect(res.body.message).toMatch(/did not come from the Vigil console/);
    await request(app)
      .put('/api/properties/x.disable')
      .set('Cookie', cookie)
      .send({ value: 'true' })
      .expect(403);
  });
});

describe('properties (feature flags)', () => {
  it('lets an admin set, list and delete a flag', async () => {
    const cookie = await signIn(ADMIN.email, ADMIN.password);
    const host = `127.0.0.1`;
    const put = await request(app)
      .put('/api/properties/logs.disable')
      .set('Cookie', cookie)
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .send({ value: 'true' })
      .expect(200);
    expect(put.body).toMatchObject({ name: 'logs.disable', value: 'true' });
    const list = await request(app).get('/api/properties').set('Cookie', cookie).expect(200);
    expect(list.body).toContainEqual(
      expect.objectContaining({
        name: 'logs.disable',
        value: 'true',
        source: 'db',
        type: '',
        description: '',
      }),
    );
    await request(app)
      .delete('/api/properties/logs.disable')
      .set('Authorization', `Bearer ${ADMIN.token}`)
      .expect(204);
    await request(app)
      .delete('/api/properties/logs.disable')
      .set('Authorization', `Bearer ${ADMIN.token}`)
      .expect(404);
  });

  it('rejects bad names and values without storing anything', async () => {
    const auth = { Authorization: `Bearer ${ADMIN.token}` };
    const bad = await request(app)
      .put('/api/properties/has%20space')
      .set(auth)
      .send({ value: 'x' })
      .expect(400);
    expect(bad.body.message).toMatch(/property name must be/);
    await request(app).put('/api/properties/ok.name').set(auth).send({ value: 42 }).expect(400);
    const malformed = await request(app)
      .put('/api/properties/ok.name')
      .set(auth)
      .set('Content-Type', 'application/json')
      .send('{"value":')
      .expect(400);
    expect(malformed.body.message).toMatch(/^invalid request body/);
    const list = await request(app).get('/api/properties').set(auth);
    expect(list.body.map((p: { name: string }) => p.name)).not.toContain('ok.name');
  });

  it('lets a viewer read flags but not change them, saying which permission is missing', async () => {
    const cookie = await signIn('viewer@example.com', 'viewer-password');
    await request(app).get('/api/properties').set('Cookie', cookie).expect(200);
    const res = await request(app)
      .put('/api/properties/logs.disable')
      .set('Cookie', cookie)
      .set('Host', '127.0.0.1')
      .set('Origin', 'http://127.0.0.1')
      .send({ value: 'true' })
      .expect(403);
    expect(res.body.message).toBe(
      'permission denied: write on properties is not granted to roles viewer',
    );
  });
});

describe('kubeconfig', () => {
  it('downloads a kubeconfig whose fresh token works', async () => {
    const res = await request(app)
      .get('/api/kubeconfig')
      .set('Authorization', `Bearer ${ADMIN.token}`)
      .set('Host', 'vigil.test:8080')
      .expect(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename=vigil-vigil-test-8080-kubeconfig.yaml',
    );
    expect(res.text).toContain('server: "http://vigil.test:8080"');
    expect(res.text).toContain('insecure-skip-tls-verify: true');
    const token = /token: (vgl_\S+)/.exec(res.text)?.[1] as string;
    expect(token).not.toBe(ADMIN.token);
    await request(app).get('/api/about').set('Authorization', `Bearer ${token}`).expect(200);
  });
});

describe('routing', () => {
  it('answers unknown API paths with JSON 404', async () => {
    const res = await request(app)
      .get('/api/nope')
      .set('Authorization', `Bearer ${ADMIN.token}`)
      .expect(404);
    expect(res.body).toEqual({ error: 'not_found', message: 'no API endpoint GET /nope' });
  });

  it('answers /k8s like a Kubernetes server', async () => {
    const anonymous = await request(app).get('/k8s/apis').expect(401);
    expect(anonymous.body).toMatchObject({ kind: 'Status', reason: 'Unauthorized', code: 401 });
    const version = await request(app).get('/k8s/version').expect(200);
    expect(version.body.gitVersion).toMatch(/^v1\.\d+\.\d+/);
    const unknown = await request(app)
      .get('/k8s/apis/nope.example.com/v1')
      .set('Authorization', `Bearer ${ADMIN.token}`)
      .expect(404);
    expect(unknown.body).toMatchObject({ kind: 'Status', reason: 'NotFound', code: 404 });
  });

  it('serves the console with a history fallback and cacheable assets', async () => {
    const page = await request(app).get('/incidents/123?x=1').expect(200);
    expect(page.text).toContain('<title>Vigil</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await request(app).get('/assets/app-abc123.js').expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    await request(app).get('/assets/missing.js').expect(404);
  });

  it('serves the docs as plain text', async () => {
    await request(app).get('/docs/').expect(302).expect('Location', '/docs/README.md');
    const res = await request(app).get('/docs/README.md').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('# Vigil docs');
  });

  it('explains when the console is not built', async () => {
    const bare = createApp({
      pool: db.pool,
      log: silentLog,
      config: { consoleDir: '/nonexistent', publicUrl: undefined },
    });
    const res = await request(bare).get('/').expect(503);
    expect(res.text).toContain("Run 'npm run build'");
  });
});
