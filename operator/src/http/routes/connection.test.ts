import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../../auth/identity.js';
import { bindRequest, readTlv } from '../../connections/ldap.js';
import { startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';
import { createApp } from '../app.js';

/**
 * POST /api/connection/test/{id} against systems on loopback, one per testable type, with a
 * passing and a failing case; secrets never appear in an answer or in the log.
 */
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let logged = '';
const admin = { Authorization: 'Bearer vgl_conntest_admin_token_00000000000' };
const closers: (() => unknown)[] = [];
const SECRET = 'Sup3r-S3cret!';
const bodies: string[] = [];

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => server.close());
  return (server.address() as net.AddressInfo).port;
}

let httpPort = 0;
const received: { path: string; body: string; auth?: string }[] = [];
function fakeHttp() {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://x');
      received.push({ path: u.pathname, body, auth: req.headers.authorization });
      const basic = `Basic ${Buffer.from(`ops:${SECRET}`).toString('base64')}`;
      const send = (code: number, out: unknown = {}) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out));
      };
      if (u.pathname === '/ok') return send(200, { ok: true });
      if (u.pathname === '/private') return send(req.headers.authorization === basic ? 200 : 401);
      if (u.pathname === '/es/_cluster/health')
        return send(req.headers.authorization === basic ? 200 : 401, { status: 'green' });
      if (u.pathname === '/gh/user')
        return send(req.headers.authorization === `Bearer ${SECRET}` ? 200 : 401, { login: 'x' });
      if (u.pathname === '/api/v1/query')
        return send(200, {
          status: 'success',
          data: { resultType: 'vector', result: [{ metric: {}, value: [1, '1'] }] },
        });
      if (u.pathname === '/version')
        return req.headers.authorization === `Bearer ${SECRET}`
          ? send(200, { major: '1', minor: '33', gitVersion: 'v1.33.0' })
          : send(401, { kind: 'Status', message: 'Unauthorized', code: 401 });
      if (u.pathname.startsWith('/hook')) return send(200, {});
      if (u.pathname.startsWith('/ntfy/')) return send(200, { id: '1' });
      if (u.pathname.startsWith('/repo.git/')) {
        if (req.headers.authorization !== basic) {
          res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' });
          return res.end();
        }
        const file = path.join(gitDir, u.pathname.slice('/repo.git/'.length));
        if (!file.startsWith(gitDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory())
          return send(404);
        res.writeHead(200);
        return res.end(fs.readFileSync(file));
      }
      send(404, { message: 'not here' });
    });
  });
}

let gitDir = '';
function bareRepo(): string {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-conn-git-'));
  const git = (args: string[], cwd = work) =>
    execFileSync('git', args, {
      cwd,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@t',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@t',
        GIT_CONFIG_GLOBAL: '/dev/null',
      },
    });
  git(['init', '-q', '-b', 'main']);
  fs.writeFileSync(path.join(work, 'README'), 'hi');
  git(['add', '.']);
  git(['commit', '-q', '-m', 'first']);
  const bare = path.join(work, 'bare.git');
  git(['clone', '-q', '--bare', work, bare]);
  git(['update-server-info'], bare);
  closers.push(() => fs.rmSync(work, { recursive: true, force: true }));
  return bare;
}

async function fakeRedis(): Promise<number> {
  return listen(
    net.createServer((s) => {
      s.on('error', () => undefined);
      s.on('data', (d) => {
        const text = d.toString();
        if (/AUTH/i.test(text))
          s.write(text.includes(SECRET) ? '+OK\r\n' : '-WRONGPASS invalid password\r\n');
        else if (/PING/i.test(text)) s.write('+PONG\r\n');
        else s.write('+OK\r\n');
      });
    }),
  );
}

/** Answers binds: success for cn=admin with the secret, invalidCredentials otherwise. */
async function fakeLdap(): Promise<number> {
  return listen(
    net.createServer((s) => {
      s.on('error', () => undefined);
      s.on('data', (d: Buffer) => {
        const msg = readTlv(d);
        if (!msg) return;
        const good = d.equals(bindRequest(1, 'cn=admin,dc=test', SECRET));
        const body = Buffer.from([0x0a, 0x01, good ? 0 : 49, 0x04, 0x00, 0x04, 0x00]);
        const op = Buffer.concat([Buffer.from([0x61, body.length]), body]);
        const inner = Buffer.concat([Buffer.from([0x02, 0x01, 0x01]), op]);
        s.write(Buffer.concat([Buffer.from([0x30, inner.length]), inner]));
      });
    }),
  );
}

let smtpPort = 0;
let ids: Record<string, string> = {};

async function create(name: string, row: Record<string, unknown>): Promise<string> {
  const res = await request(app)
    .post('/api/db/connections')
    .set(admin)
    .set('Prefer', 'return=representation')
    .send({ name, ...row });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  bodies.push(JSON.stringify(res.body));
  return (res.body as { id: string }[])[0]?.id as string;
}

async function test(id: string) {
  const res = await request(app).post(`/api/connection/test/${id}`).set(admin);
  bodies.push(JSON.stringify(res.body));
  return res;
}

beforeAll(async () => {
  db = await startTestDatabase();
  const person = await createPerson(db.pool, {
    name: 'admin',
    email: 'admin@conntest.test',
    password: 'password-123',
    roles: ['admin'],
  });
  await ensureToken(db.pool, person.id, 'test', admin.Authorization.slice(7));
  // The test database gets a role whose password is the secret.
  // (in a database of its own: checks may not query Vigil's own).
  await db.pool.query(`CREATE ROLE tester LOGIN PASSWORD '${SECRET}'`);
  await db.pool.query('CREATE DATABASE conntest OWNER tester');
  gitDir = bareRepo();
  httpPort = await listen(fakeHttp());
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _s, cb) {
      if (auth.username === 'mailer' && auth.password === SECRET) cb(null, { user: 'mailer' });
      else cb(new Error('Invalid username or password'));
    },
  });
  smtpPort = await listen(smtp.server as unknown as net.Server);
  closers.push(() => smtp.close(() => undefined));
  const sink = new Writable({
    write(chunk: Buffer, _e, cb) {
      logged += chunk.toString();
      cb();
    },
  });
  app = createApp({
    pool: db.pool,
    log: pino({ level: 'trace' }, sink),
    config: {
      consoleDir: '/nonexistent',
      publicUrl: undefined,
      notifyEndpoints: { ntfy: `http://127.0.0.1:${httpPort}/ntfy` },
    },
  });
  const pg = new URL(db.url);
  const dbUrl = `postgres://${pg.host}/conntest?sslmode=disable`;
  const base = `http://127.0.0.1:${httpPort}`;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-conn-folder-'));
  closers.push(() => fs.rmSync(folder, { recursive: true, force: true }));
  const sftp = await listen(net.createServer((s) => s.end('SSH-2.0-FakeSSH_1.0\r\n')));
  const notSsh = await listen(net.createServer((s) => s.end('HTTP/1.1 400 Bad Request\r\n\r\n')));
  const kubeconfig = (token: string) => `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: '${base}', insecure-skip-tls-verify: true}}]
users: [{name: u, user: {token: '${token}'}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
`;
  const redis = await fakeRedis();
  const ldap = await fakeLdap();
  const rows: Record<string, Record<string, unknown>> = {
    'postgres-ok': { type: 'postgres', url: dbUrl, username: 'tester', password: SECRET },
    'postgres-bad': { type: 'postgres', url: dbUrl, username: 'tester', password: 'wrong' },
    'http-ok': { type: 'http', url: `${base}/private`, username: 'ops', password: SECRET },
    'http-bad': { type: 'http', url: `${base}/private`, username: 'ops', password: 'nope' },
    'es-ok': { type: 'elasticsearch', url: `${base}/es`, username: 'ops', password: SECRET },
    'gh-ok': { type: 'github', url: `${base}/gh`, password: SECRET },
    'prom-ok': { type: 'prometheus', url: base },
    'redis-ok': { type: 'redis', url: `127.0.0.1:${redis}`, password: SECRET },
    'redis-bad': { type: 'redis', url: `127.0.0.1:${redis}`, password: 'wrong' },
    'email-ok': {
      type: 'email',
      username: 'mailer',
      password: SECRET,
      properties: { host: '127.0.0.1', port: String(smtpPort), encryption: 'None', auth: 'Plain' },
    },
    'email-bad': {
      type: 'email',
      username: 'mailer',
      password: 'wrong',
      properties: { host: '127.0.0.1', port: String(smtpPort), encryption: 'None' },
    },
    'webhook-ok': {
      type: 'generic_webhook',
      url: `${base}/hook/abc`,
      properties: { contentType: 'application/json', requestMethod: 'POST', messageKey: 'text' },
    },
    'webhook-bad': { type: 'generic_webhook', url: `${base}/missing` },
    'ntfy-ok': { type: 'ntfy', properties: { host: 'ntfy.sh', topic: 'alerts' }, password: SECRET },
    'git-ok': {
      type: 'git',
      url: `${base}/repo.git`,
      username: 'ops',
      password: SECRET,
      properties: { auth: 'basic', ref: 'main' },
    },
    'git-noref': {
      type: 'git',
      url: `${base}/repo.git`,
      username: 'ops',
      password: SECRET,
      properties: { auth: 'basic', ref: 'release' },
    },
    'git-bad': {
      type: 'git',
      url: `${base}/repo.git`,
      username: 'ops',
      password: 'wrong',
      properties: { auth: 'basic', ref: 'main' },
    },
    'ldap-ok': {
      type: 'ldap',
      url: `ldap://127.0.0.1:${ldap}`,
      username: 'cn=admin,dc=test',
      password: SECRET,
    },
    'ldap-bad': {
      type: 'ldap',
      url: `ldap://127.0.0.1:${ldap}`,
      username: 'cn=admin,dc=test',
      password: 'x',
    },
    'k8s-ok': { type: 'kubernetes', certificate: kubeconfig(SECRET) },
    'k8s-bad': { type: 'kubernetes', certificate: kubeconfig('wrong') },
    'folder-ok': { type: 'folder', properties: { path: folder } },
    'folder-bad': { type: 'folder', properties: { path: path.join(folder, 'missing') } },
    'sftp-ok': { type: 'sftp', properties: { host: '127.0.0.1', port: String(sftp) } },
    'sftp-bad': { type: 'sftp', properties: { host: '127.0.0.1', port: String(notSsh) } },
    aws: { type: 'aws', username: 'AKIA', password: SECRET },
    vaulted: {
      type: 'postgres',
      url: dbUrl,
      password: { secretKeyRef: { name: 'pg', key: 'password' } },
    },
  };
  ids = {};
  for (const [name, row] of Object.entries(rows)) ids[name] = await create(name, row);
}, 120_000);

afterAll(async () => {
  for (const c of closers.reverse()) await c();
  await db?.close();
});

const id = (name: string) => ids[name] as string;

describe('POST /api/connection/test/{id}', () => {
  it.each([
    ['postgres-ok'],
    ['http-ok'],
    ['es-ok'],
    ['gh-ok'],
    ['prom-ok'],
    ['redis-ok'],
    ['email-ok'],
    ['webhook-ok'],
    ['ntfy-ok'],
    ['git-ok'],
    ['ldap-ok'],
    ['k8s-ok'],
    ['folder-ok'],
    ['sftp-ok'],
  ])('%s: 200 ok', async (name) => {
    const res = await test(id(name));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('ok');
  });

  it.each([
    ['postgres-bad', /password authentication failed/],
    ['http-bad', /401/],
    ['redis-bad', /WRONGPASS/],
    ['email-bad', /Invalid username or password/],
    ['webhook-bad', /404/],
    ['git-noref', /has no branch or tag release/],
    ['git-bad', /./],
    ['ldap-bad', /invalidCredentials \(49\)/],
    ['k8s-bad', /./],
    ['folder-bad', /does not exist/],
    ['sftp-bad', /is not an SSH server|closed the connection/],
  ])('%s: 400 with the reason', async (name, reason) => {
    const res = await test(id(name));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ error: 'test_failed' });
    expect(res.body.message).toMatch(reason);
  });

  it('sends the webhook a message with the configured keys, and ntfy through its endpoint', () => {
    const hook = received.find((r) => r.path === '/hook/abc');
    expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({
      title: 'Vigil connection test',
      text: expect.stringContaining('webhook-ok'),
    });
    expect(received.some((r) => r.path === '/ntfy/alerts')).toBe(true);
  });

  it('answers 501 for types it cannot test', async () => {
    const res = await test(id('aws'));
    expect(res.status).toBe(501);
    expect(res.body.message).toBe('We currently do not support testing this connection type');
  });

  it('says why a reference cannot be used in embedded mode', async () => {
    const res = await test(id('vaulted'));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /refers to secret:\/\/pg\/password: secret default\/pg \(key password\) cannot be read: Vigil runs without Kubernetes/,
    );
  });

  it('answers 404 for no such connection and 400 for a bad id', async () => {
    expect((await test('00000000-0000-0000-0000-00000000c0de')).status).toBe(404);
    expect((await test('nope')).status).toBe(400);
  });

  it('never shows a secret: not in answers, reads or the log', async () => {
    for (const p of [
      '/api/db/connections?select=*',
      '/api/db/connection_details?select=*',
      '/api/db/connections_list?select=*',
      '/api/db/permissions?select=*,connection:connection_id(*)',
      '/api/db/connection_details?select=*,createdBy:created_by(id,name,avatar)&order=name',
    ]) {
      const res = await request(app).get(p).set(admin);
      expect(res.status, p).toBe(200);
      bodies.push(JSON.stringify(res.body));
    }
    const all = bodies.join('\n');
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain(encodeURIComponent(SECRET));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).not.toContain(SECRET);
  });
});
