import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../../auth/identity.js';
import type { Role } from '../../auth/policy.js';
import { clearProtectedPaths, protectPath } from '../../health/protectedPaths.js';
import { searchLogs, type LogsPage } from '../../logs/search.js';
import { vigilLogs } from '../../logs/ring.js';
import { startFakeLoki, type FakeLoki } from '../../logs/lokiServer.testing.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';
import { createApp } from '../app.js';
import { parseLogsRequest } from './logs.js';

/** POST /api/logs (docs/logs.md) against a real database, real files and a loopback Loki. */
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let loki: FakeLoki;
let dir: string;
const ids: Record<string, string> = {};
const token = (name: string) => `vgl_logs_${name}_token_00000000000000`;
const as = (name: string) => ({ Authorization: `Bearer ${token(name)}` });
const NOW = Date.now();
const iso = (msAgo: number) => new Date(NOW - msAgo).toISOString();

async function person(name: string, roles: Role[]) {
  const p = await createPerson(db.pool, {
    name,
    email: `${name}@logs.test`,
    password: 'password-123',
    roles,
  });
  ids[name] = p.id;
  await ensureToken(db.pool, p.id, 'test', token(name));
}

async function insert(sql: string, params: unknown[]): Promise<string> {
  const { rows } = await db.pool.query<{ id: string }>(`${sql} RETURNING id`, params);
  return rows[0]?.id as string;
}

const backend = (name: string, labels: object | null, spec: object) =>
  insert(`INSERT INTO logging_backends (name, labels, spec, source) VALUES ($1, $2, $3, 'UI')`, [
    name,
    labels,
    spec,
  ]);

const search = (body: object, who = 'admin') =>
  request(app).post('/api/logs').set(as(who)).send(body);
const page = (res: { body: unknown }) => res.body as LogsPage;

beforeAll(async () => {
  db = await startTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-logs-route-'));
  await person('admin', ['admin']);
  await person('viewer', ['viewer']);
  await person('blind', ['viewer']);
  await person('notopology', ['viewer']);
  // payments.log: one line a minute for two hours, every tenth an error; a rotated file older.
  const lines = Array.from({ length: 120 }, (_, i) => {
    const at = iso((120 - i) * 60_000);
    return i % 10 === 0
      ? JSON.stringify({ time: at, level: 'error', msg: `payment ${i} declined` })
      : `${at} INFO payment ${i} accepted`;
  });
  fs.writeFileSync(path.join(dir, 'payments.log'), `${lines.join('\n')}\n`);
  fs.writeFileSync(
    path.join(dir, 'payments.log.1'),
    `${iso(180 * 60_000)} ERROR payment old declined\n`,
  );
  fs.writeFileSync(path.join(dir, 'payments.log.2.gz'), 'not text');
  fs.writeFileSync(path.join(dir, 'other.txt'), `${iso(1000)} ERROR other app declined\n`);
  loki = await startFakeLoki([
    {
      ns: BigInt(NOW - 5000) * 1_000_000n,
      line: 'edge 502 upstream declined',
      stream: { app: 'edge', namespace: 'shop' },
    },
  ]);

  await backend('payments-files', { app: 'payments' }, { file: { paths: `${dir}/payments.log*` } });
  await backend('other-files', { app: 'other' }, { file: { paths: [`${dir}/other.txt`] } });
  await backend('broken', { app: 'payments' }, { elasticsearch: {} });
  await backend('vigil', null, { vigil: {} });
  await backend(
    'loki',
    { cluster: 'eu' },
    { loki: { url: loki.url, selector: '{namespace="shop"}' } },
  );
  await backend('secrets', { app: 'secrets' }, { file: { paths: [`${db.dataDir}/*`] } });
  const component = (name: string, selectors: unknown) =>
    insert(
      `INSERT INTO components (name, external_id, status, log_selectors) VALUES ($1, $1, 'healthy', $2)`,
      [name, JSON.stringify(selectors)],
    );
  ids.payments = await component('payments', [
    { name: 'app', type: 'file', labels: { app: 'payments' } },
    { name: 'vigil', type: 'vigil', labels: { service: 'vigil' } },
    { name: 'edge', type: 'loki', labels: { app: 'edge' } },
    { name: 'secrets', labels: { app: 'secrets' } },
  ]);
  ids.plain = await component('plain', null);
  protectPath(db.dataDir);
  app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined },
  });
  await request(app)
    .post('/api/db/permissions')
    .set(as('admin'))
    .send({
      created_by: ids.admin,
      person_id: ids.blind,
      component_id: ids.payments,
      action: 'read',
      deny: true,
    })
    .expect(201);
  await request(app)
    .post('/api/db/permissions')
    .set(as('admin'))
    .send({
      created_by: ids.admin,
      person_id: ids.notopology,
      object: 'topology',
      action: 'read',
      deny: true,
    })
    .expect(201);
});
afterAll(async () => {
  clearProtectedPaths();
  await loki?.close();
  await db?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('POST /api/logs', () => {
  it('searches the files of the backends that serve the selector, newest first', async () => {
    const res = await search({ id: ids.payments, name: 'app', query: 'declined', start: 'now-4h' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = page(res);
    expect(body.results.map((r) => r.message)).toEqual([
      'payment 110 declined',
      'payment 100 declined',
      'payment 90 declined',
      'payment 80 declined',
      'payment 70 declined',
      'payment 60 declined',
      'payment 50 declined',
      'payment 40 declined',
      'payment 30 declined',
      'payment 20 declined',
      'payment 10 declined',
      'payment 0 declined',
      'ERROR payment old declined',
    ]);
    expect(body.total).toBe(13);
    expect(body.results[0]).toEqual({
      timestamp: iso(10 * 60_000),
      message: 'payment 110 declined',
      labels: { level: 'error', app: 'payments', file: path.join(dir, 'payments.log') },
    });
    // The backend whose spec is not one of ours says so; the other app's file is not read.
    expect(body.errors).toEqual([
      { backend: 'broken', message: expect.stringMatching(/^invalid spec: .*file, vigil or loki/) },
    ]);
  });

  it('keeps to the time range, 1 hour back by default', async () => {
    const body = page(await search({ id: ids.payments, name: 'app', query: 'declined' }));
    expect(body.results.map((r) => r.message)).toEqual([
      'payment 110 declined',
      'payment 100 declined',
      'payment 90 declined',
      'payment 80 declined',
      'payment 70 declined',
    ]);
    const older = page(
      await search({ id: ids.payments, name: 'app', start: 'now-200m', end: 'now-115m' }),
    );
    expect(older.results.map((r) => r.message)).toEqual([
      'INFO payment 5 accepted',
      'INFO payment 4 accepted',
      'INFO payment 3 accepted',
      'INFO payment 2 accepted',
      'INFO payment 1 accepted',
      'payment 0 declined',
      'ERROR payment old declined',
    ]);
  });

  it('pages with the cursor it answers, until there is none', async () => {
    const all = page(await search({ id: ids.payments, name: 'app', start: 'now-4h', limit: 1000 }));
    expect(all.results).toHaveLength(121);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const body = page(
        await search({ id: ids.payments, name: 'app', start: 'now-4h', limit: 17, cursor }),
      );
      seen.push(...body.results.map((r) => `${r.timestamp} ${r.message}`));
      cursor = body.next;
      if (!cursor) break;
    }
    expect(seen).toEqual(all.results.map((r) => `${r.timestamp} ${r.message}`));
    const wrong = await search({
      id: ids.payments,
      name: 'app',
      query: 'x',
      cursor: all.next ?? 'x',
    });
    expect(wrong.status).toBe(400);
  });

  it("reads Vigil's own recent log lines", async () => {
    vigilLogs.write(
      `${JSON.stringify({ level: 40, time: NOW - 1000, service: 'vigil', component: 'health', msg: 'check slow' })}\n`,
    );
    const body = page(await search({ id: ids.payments, name: 'vigil', query: 'check slow' }));
    expect(body.results[0]).toMatchObject({
      message: 'check slow',
      labels: { level: 'warn', component: 'health', service: 'vigil' },
    });
  });

  it('asks a Loki backend with the selector labels and the query', async () => {
    const body = page(await search({ id: ids.payments, name: 'edge', query: 'declined' }));
    expect(body.results).toEqual([
      {
        timestamp: new Date(NOW - 5000).toISOString(),
        message: 'edge 502 upstream declined',
        labels: { app: 'edge', namespace: 'shop', cluster: 'eu' },
      },
    ]);
    expect(loki.requests[0]?.get('query')).toBe('{namespace="shop", app="edge"} |= `declined`');
  });

  it("never reads Vigil's data directory", async () => {
    fs.writeFileSync(path.join(db.dataDir, 'planted.log'), 'secret\n');
    const body = page(await search({ id: ids.payments, name: 'secrets' }));
    expect(body.results).toEqual([]);
    expect(body.errors?.[0]?.message).toMatch(/inside Vigil's own data/);
  });

  it('says which logs a component has, and answers 400 and 404 for bad searches', async () => {
    const unknown = await search({ id: ids.payments, name: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'component "payments" has no logs named "nope"; it has: app, vigil, edge, secrets',
    );
    expect((await search({ id: ids.plain })).body.message).toBe('component "plain" has no logs');
    expect((await search({ id: '00000000-0000-0000-0000-00000000c0de' })).status).toBe(404);
    expect((await search({})).body.message).toBe('id (the component) is required');
    expect((await search({ id: ids.payments, limit: 0 })).status).toBe(400);
    expect((await search({ id: ids.payments, start: 'now', end: 'now-1h' })).status).toBe(400);
  });

  it('the first log is the default; viewers may search; denied components are not found', async () => {
    const body = page(await search({ id: ids.payments, query: 'declined' }, 'viewer'));
    expect(body.results[0]?.message).toBe('payment 110 declined');
    expect((await search({ id: ids.payments }, 'blind')).status).toBe(404);
    expect((await search({ id: ids.payments }, 'notopology')).status).toBe(403);
    expect((await request(app).post('/api/logs').send({ id: ids.payments })).status).toBe(401);
  });
});

describe('searchLogs out of time', () => {
  it('answers what it has as partial, with a cursor that goes on from there', async () => {
    const admin = { roles: ['admin'] };
    const q = parseLogsRequest({
      id: ids.payments,
      name: 'app',
      query: 'declined',
      start: 'now-4h',
    });
    const first = await searchLogs(db.pool, admin, q, { budgetMs: -1 });
    expect(first).toMatchObject({ total: 0, partial: true });
    const rest = await searchLogs(db.pool, admin, { ...q, cursor: first.next });
    expect(rest.results).toHaveLength(13);
  });
});

describe('parseLogsRequest', () => {
  it('fills in the defaults', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(parseLogsRequest({ id: ids.payments ?? '0' }, now)).toMatchObject({
      query: '',
      labels: {},
      limit: 100,
      start: now - 3_600_000,
      end: now,
    });
    expect(() => parseLogsRequest({ id: ids.payments, query: 'a\nb' })).toThrow(/one line/);
    expect(() => parseLogsRequest({ id: ids.payments, labels: { a: 1 } })).toThrow(/labels.a/);
  });
});
