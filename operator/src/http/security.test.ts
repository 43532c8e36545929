import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../auth/firstAdmin.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { generateTls } from '../tls/selfSigned.js';
import { createApp, type AppDeps } from './app.js';

const ADMIN = {
  email: 'admin@example.com',
  password: 'admin-password-1',
  token: 'vgl_security_admin_token_0123456789',
};
const HOST = 'vigil.test';
const OWN_ORIGIN = `http://${HOST}`;
const EVIL = 'https://evil.example';
const CANARIES = '/k8s/apis/canaries.flanksource.com/v1/namespaces/default/canaries';
const bearer = { Authorization: `Bearer ${ADMIN.token}` };

let db: TestDatabase;
let app: ReturnType<typeof createApp>;
/** Every log line of `app`, to prove refused bodies leave no stack trace behind. */
const logged: { level: number; err?: unknown; msg?: string; res?: { statusCode?: number } }[] = [];

const makeApp = (config: Partial<AppDeps['config']> = {}, log = silentLog) =>
  createApp({ pool: db.pool, log, config: { consoleDir: '/nonexistent', ...config } });

beforeAll(async () => {
  db = await startTestDatabase();
  await ensureFirstAdmin(db.pool, silentLog, { ...ADMIN, dataDir: db.dataDir });
  const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  app = makeApp({}, log);
});
afterAll(async () => {
  await (app?.locals.stopWatches as (() => Promise<void>) | undefined)?.();
  await db?.close();
});

async function signIn(target = app): Promise<string> {
  const res = await request(target)
    .post('/api/auth/login')
    .send({ username: ADMIN.email, password: ADMIN.password })
    .expect(200);
  return (res.headers['set-cookie']?.[0] as string).split(';')[0] as string;
}

const canary = (name: string) =>
  JSON.stringify({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name },
    spec: { interval: 30, http: [{ name: 'h', url: 'https://example.com' }] },
  });

const exists = async (name: string) =>
  (await request(app).get(`${CANARIES}/${name}`).set(bearer)).status === 200;

describe('cross-site writes on /k8s (CSRF)', () => {
  it('refuses a text/plain POST from another origin that carries the session cookie', async () => {
    const cookie = await signIn();
    const res = await request(app)
      .post(CANARIES)
      .set('Host', HOST)
      .set('Cookie', cookie)
      .set('Origin', EVIL)
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .send(canary('csrf-text'))
      .expect(403);
    expect(res.body).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'Forbidden' });
    expect(res.body.message).toMatch(/did not come from the Vigil console/);
    expect(await exists('csrf-text')).toBe(false);
  });

  it('refuses a cookie-authenticated write from another origin even as JSON', async () => {
    const cookie = await signIn();
    for (const origin of [EVIL, 'null']) {
      await request(app)
        .post(CANARIES)
        .set('Host', HOST)
        .set('Cookie', cookie)
        .set('Origin', origin)
        .set('Content-Type', 'application/json')
        .send(canary('csrf-json'))
        .expect(403);
    }
    // No Origin and no Referer: not provably ours either.
    await request(app)
      .delete(`${CANARIES}/whatever`)
      .set('Host', HOST)
      .set('Cookie', cookie)
      .expect(403);
    expect(await exists('csrf-json')).toBe(false);
  });

  it("accepts the console's own cookie-authenticated write and reads without an Origin", async () => {
    const cookie = await signIn();
    await request(app)
      .post(CANARIES)
      .set('Host', HOST)
      .set('Cookie', cookie)
      .set('Origin', OWN_ORIGIN)
      .set('Content-Type', 'application/json')
      .send(canary('same-origin'))
      .expect(201);
    await request(app).get(`${CANARIES}/same-origin`).set('Cookie', cookie).expect(200);
  });

  it('leaves bearer-token clients (kubectl) alone: they send no Origin', async () => {
    await request(app)
      .post(CANARIES)
      .set(bearer)
      .set('Content-Type', 'application/json')
      .send(canary('by-token'))
      .expect(201);
  });
});

describe('bodies in media types /k8s does not speak (415)', () => {
  const refuses = async (
    method: 'post' | 'put' | 'patch' | 'delete',
    path: string,
    type: string | undefined,
    accepted: string,
  ) => {
    const call = request(app)[method](path).set(bearer);
    if (type) call.set('Content-Type', type);
    // A Buffer body keeps supertest from adding a Content-Type of its own.
    const res = await call.send(Buffer.from(canary('typed'))).expect(415);
    expect(res.body).toMatchObject({
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      reason: 'UnsupportedMediaType',
      code: 415,
    });
    expect(res.body.message).toContain(`accepted media types include: ${accepted}`);
  };

  it('refuses create and update bodies that are not application/json', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'])
      await refuses('post', CANARIES, type, 'application/json');
    await refuses('post', CANARIES, undefined, 'application/json');
    await refuses('put', `${CANARIES}/by-token`, 'text/plain', 'application/json');
    await refuses('post', CANARIES, 'application/yaml', 'application/json');
    expect(await exists('typed')).toBe(false);
  });

  it('refuses patches that are not JSON patch, merge patch or apply', async () => {
    const accepted =
      'application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml';
    for (const type of [
      'text/plain',
      'application/json',
      'application/strategic-merge-patch+json',
      undefined,
    ])
      await refuses('patch', `${CANARIES}/by-token`, type, accepted);
  });

  it('still takes every type kubectl sends, charset parameters included', async () => {
    await request(app)
      .post(CANARIES)
      .set(bearer)
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(canary('kubectl-like'))
      .expect(201);
    for (const [type, body] of [
      ['application/merge-patch+json', { metadata: { labels: { a: 'b' } } }],
      ['application/json-patch+json', [{ op: 'add', path: '/metadata/labels/c', value: 'd' }]],
    ] as const)
      await request(app)
        .patch(`${CANARIES}/kubectl-like`)
        .set(bearer)
        .set('Content-Type', type)
        .send(JSON.stringify(body))
        .expect(200);
    await request(app)
      .patch(`${CANARIES}/applied?fieldManager=kubectl`)
      .set(bearer)
      .set('Content-Type', 'application/apply-patch+yaml')
      .send(canary('applied'))
      .expect(201);
    const gone = await request(app)
      .delete(`${CANARIES}/kubectl-like`)
      .set(bearer)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ kind: 'DeleteOptions', propagationPolicy: 'Background' }))
      .expect(200);
    expect(gone.body.metadata.labels).toEqual({ a: 'b', c: 'd' });
  });
});

describe('cross-site sign-out', () => {
  it('refuses a sign-out from another origin and keeps the session', async () => {
    const cookie = await signIn();
    await request(app)
      .post('/api/auth/logout')
      .set('Host', HOST)
      .set('Cookie', cookie)
      .set('Origin', EVIL)
      .expect(403);
    await request(app).get('/api/about').set('Cookie', cookie).expect(200);
  });

  it('signs out from the console, and answers a cookie-less sign-out as before', async () => {
    const cookie = await signIn();
    await request(app)
      .post('/api/auth/logout')
      .set('Host', HOST)
      .set('Cookie', cookie)
      .set('Origin', OWN_ORIGIN)
      .expect(200);
    await request(app).get('/api/about').set('Cookie', cookie).expect(401);
    await request(app).post('/api/auth/logout').expect(200);
  });
});

describe('security headers (clickjacking, sniffing, referrer leaks, downgrade)', () => {
  const csp = (res: request.Response) =>
    Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values.join(' ')]),
    );

  it('sends a CSP that refuses framing, inline script and eval on every answer', async () => {
    for (const path of ['/', '/health', '/api/about', '/k8s/version', '/healthz']) {
      const res = await request(app).get(path).set(bearer);
      const policy = csp(res);
      expect(policy['frame-ancestors'], path).toBe("'none'");
      expect(policy['script-src'], path).toBe("'self'");
      expect(policy['object-src'], path).toBe("'none'");
      expect(policy).not.toHaveProperty('upgrade-insecure-requests');
      expect(res.headers['content-security-policy'], path).not.toContain('unsafe-eval');
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['referrer-policy'], path).toBe('same-origin');
      // Plain HTTP: no HSTS.
      expect(res.headers['strict-transport-security'], path).toBeUndefined();
    }
  });

  it('lets any origin frame the public topology card, and only it', async () => {
    for (const path of ['/view/topology/0192-abc', '/view/topology/0192-abc?theme=dark']) {
      const res = await request(app).get(path);
      expect(csp(res)['frame-ancestors'], path).toBe('*');
      expect(res.headers['x-frame-options'], path).toBeUndefined();
    }
    for (const path of ['/view/topology', '/view/topology/a/b', '/topology/abc', '/view/other/a']) {
      const res = await request(app).get(path);
      expect(csp(res)['frame-ancestors'], path).toBe("'none'");
      expect(res.headers['x-frame-options'], path).toBe('DENY');
    }
  });

  it('sends HSTS on HTTPS answers only', async () => {
    const tls = generateTls(['127.0.0.1']);
    const server = https.createServer({ cert: tls.cert, key: tls.key }, app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        https
          .get(
            {
              host: '127.0.0.1',
              port: (server.address() as AddressInfo).port,
              path: '/healthz',
              ca: tls.ca,
            },
            (res) => {
              res.resume();
              resolve(res.headers);
            },
          )
          .on('error', reject);
      });
      expect(headers['strict-transport-security']).toBe('max-age=31536000');
      expect(headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // Over HTTP, a forged X-Forwarded-Proto from an untrusted client changes nothing.
    const res = await request(app).get('/healthz').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Behind a trusted proxy that terminated TLS, the answer is an HTTPS answer.
    const proxied = makeApp({ trustedProxies: ['loopback'] });
    const behind = await request(proxied).get('/healthz').set('X-Forwarded-Proto', 'https');
    expect(behind.headers['strict-transport-security']).toBe('max-age=31536000');
    // Unless users reach Vigil over plain http: HSTS covers every port of the host.
    const httpPublic = makeApp({ trustedProxies: ['loopback'], publicUrl: 'http://vigil.test' });
    const plain = await request(httpPublic).get('/healthz').set('X-Forwarded-Proto', 'https');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('X-Forwarded-For spoofing past the sign-in throttle', () => {
  // The address throttle locks an address after 50 failures (accounts lock after 5, so each
  // attempt names a different account).
  const fail = (target: typeof app, i: number, forwardedFor: string) =>
    request(target)
      .post('/api/auth/login')
      .set('X-Forwarded-For', forwardedFor)
      .send({ username: `nobody-${i}@example.com`, password: 'wrong' });

  it('counts the socket address by default, whatever X-Forwarded-For says', async () => {
    const target = makeApp();
    for (let i = 0; i < 50; i++) expect((await fail(target, i, `203.0.113.${i}`)).status).toBe(401);
    const locked = await fail(target, 50, '198.51.100.7');
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('counts the forwarded address when VIGIL_TRUSTED_PROXIES names the proxy', async () => {
    const target = makeApp({ trustedProxies: ['loopback'] });
    for (let i = 0; i < 50; i++) expect((await fail(target, i, '203.0.113.9')).status).toBe(401);
    expect((await fail(target, 50, '203.0.113.9')).status).toBe(429);
    // Another client behind the same proxy is not locked out.
    expect((await fail(target, 51, '198.51.100.7')).status).toBe(401);
  });
});

describe('oversized bodies (413, not 500 or 400)', () => {
  const big = (bytes: number) => JSON.stringify({ value: 'x'.repeat(bytes) });

  it('answers /api with 413 in its JSON error shape, naming the limit', async () => {
    const res = await request(app)
      .put('/api/properties/too.big')
      .set(bearer)
      .set('Content-Type', 'application/json')
      .send(big(5 * 1024 * 1024))
      .expect(413);
    expect(res.body).toEqual({
      error: 'request_entity_too_large',
      message: 'the request body is larger than the limit of 5 MiB (5242880 bytes)',
    });
  });

  it("answers /api/db with 413 in PostgREST's error shape, naming the limit", async () => {
    const res = await request(app)
      .post('/api/db/properties')
      .set(bearer)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify([{ name: 'too.big', value: 'x'.repeat(10 * 1024 * 1024) }]))
      .expect(413);
    expect(res.body).toEqual({
      code: 'PGRST102',
      message: 'the request body is larger than the limit of 10 MiB (10485760 bytes)',
      details: null,
      hint: 'Split the write into smaller requests.',
    });
  });

  it('answers /k8s with a 413 RequestEntityTooLarge Status, naming the limit', async () => {
    const res = await request(app)
      .post(CANARIES)
      .set(bearer)
      .set('Content-Type', 'application/json')
      .send(big(3 * 1024 * 1024))
      .expect(413);
    expect(res.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Request entity too large: the limit is 3 MiB (3145728 bytes)',
      reason: 'RequestEntityTooLarge',
      code: 413,
    });
  });

  it('logs no error and no stack trace for any of them', () => {
    const tooLarge = logged.filter((l) => l.res?.statusCode === 413);
    expect(tooLarge.length).toBeGreaterThanOrEqual(3);
    expect(tooLarge.filter((l) => l.err !== undefined || l.level >= 50)).toEqual([]);
    expect(logged.filter((l) => /request failed/.test(l.msg ?? ''))).toEqual([]);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  });
});
