import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../auth/identity.js';
import type { Role } from '../auth/policy.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { createApp } from './app.js';

/**
 * Settings and operations: local feature flags from VIGIL_PROPERTIES_FILE, retrying and
 * discarding failed event-queue items, and the access explain tool with 403s that name the rule.
 */
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let dir: string;
let flagsFile: string;
const ids: Partial<Record<Role, string>> = {};
const token = (role: Role) => `vgl_settings_${role}_token_000000000`;
const as = (role: Role) => ({ Authorization: `Bearer ${token(role)}` });

beforeAll(async () => {
  db = await startTestDatabase();
  for (const role of ['admin', 'editor', 'viewer'] as const) {
    const person = await createPerson(db.pool, {
      name: `${role} person`,
      email: `${role}@settings.test`,
      password: 'password-123',
      roles: [role],
    });
    ids[role] = person.id;
    await ensureToken(db.pool, person.id, 'settings', token(role));
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-settings-'));
  flagsFile = path.join(dir, 'flags.properties');
  fs.writeFileSync(flagsFile, '# Logs live elsewhere here\nlogs.disable=true\nshadowed=local\n');
  app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined, propertiesFile: flagsFile },
  });
});
afterAll(async () => {
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('feature flags with a properties file', () => {
  it('lists local flags first, read-only, shadowing database rows of the same name', async () => {
    await db.pool.query(`INSERT INTO properties (name, value) VALUES ('shadowed', 'db')`);
    await request(app)
      .put('/api/properties/from.db')
      .set(as('admin'))
      .send({ value: 'yes' })
      .expect(200);
    const list = await request(app).get('/api/properties').set(as('viewer')).expect(200);
    expect(list.body.slice(0, 2)).toEqual([
      {
        name: 'logs.disable',
        value: 'true',
        source: 'local',
        type: '',
        description: 'Logs live elsewhere here',
        created_by: null,
        created_at: null,
        updated_at: null,
      },
      expect.objectContaining({ name: 'shadowed', value: 'local', source: 'local' }),
    ]);
    const fromDb = list.body.find((p: { name: string }) => p.name === 'from.db');
    expect(fromDb).toMatchObject({
      source: 'db',
      value: 'yes',
      created_by: { id: ids.admin, name: 'admin person', avatar: null },
    });
    expect(list.body.filter((p: { name: string }) => p.name === 'shadowed')).toHaveLength(1);
  });

  it('refuses to change or remove a local flag, saying so', async () => {
    for (const call of [
      request(app).put('/api/properties/logs.disable').send({ value: 'false' }),
      request(app).post('/api/properties').send({ name: 'logs.disable', value: 'false' }),
      request(app).delete('/api/properties/logs.disable'),
    ]) {
      const res = await call.set(as('admin'));
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(
        /^Cannot edit local feature flags: logs\.disable is set in the properties file/,
      );
    }
  });

  it('adds a flag once, asking for all details', async () => {
    const missing = await request(app)
      .post('/api/properties')
      .set(as('admin'))
      .send({ name: 'new.flag', value: ' ' })
      .expect(400);
    expect(missing.body.message).toMatch(/^please provide all details/);
    const added = await request(app)
      .post('/api/properties')
      .set(as('admin'))
      .send({ name: 'new.flag', value: 'on' })
      .expect(201);
    expect(added.body).toMatchObject({ name: 'new.flag', value: 'on', created_by: ids.admin });
    const again = await request(app)
      .post('/api/properties')
      .set(as('admin'))
      .send({ name: 'new.flag', value: 'off' })
      .expect(409);
    expect(again.body.message).toBe('feature flag new.flag exists already: edit it instead');
    // An editor does not write feature flags (admins only, unless a Permission grants it).
    const editor = await request(app)
      .post('/api/properties')
      .set(as('editor'))
      .send({ name: 'other.flag', value: 'on' })
      .expect(403);
    expect(editor.body.message).toBe(
      'permission denied: write on properties is not granted to roles editor',
    );
  });

  it('lets the file decide server-side flags too (registration.enabled)', async () => {
    const closed = await request(app).post('/api/auth/registration').send({
      firstName: 'Reg',
      lastName: 'Istered',
      email: 'reg@settings.test',
      password: 'p-12345678',
    });
    expect(closed.status).toBe(403);
    fs.appendFileSync(flagsFile, 'registration.enabled=true\n');
    const open = await request(app).post('/api/auth/registration').send({
      firstName: 'Reg',
      lastName: 'Istered',
      email: 'reg@settings.test',
      password: 'p-12345678',
    });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
  });
});

describe('failed event-queue items', () => {
  const failed = async (name: string, n: number) => {
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO event_queue (name, properties, attempts, error, last_attempt)
       SELECT $1, jsonb_build_object('id', gen_random_uuid()), 5, 'boom ' || i, now()
         FROM generate_series(1, $2) i RETURNING id`,
      [name, n],
    );
    return rows.map((r) => r.id);
  };

  it('retries failed items: attempts start again and the consumer is woken', async () => {
    const [first, second] = await failed('test.retry', 2);
    await db.pool.query(`INSERT INTO event_queue (name, properties) VALUES ('test.retry', '{}')`);
    const listener = await db.pool.connect();
    const woken: string[] = [];
    listener.on('notification', (m) => woken.push(m.payload ?? ''));
    await listener.query('LISTEN event_queue_updates');
    try {
      const one = await request(app)
        .post('/api/event-queue/retry')
        .set(as('admin'))
        .send({ name: 'test.retry', ids: [first] })
        .expect(200);
      expect(one.body).toEqual({ retried: 1, busy: 0 });
      const { rows } = await db.pool.query(
        `SELECT id, attempts, error, last_attempt, delay FROM event_queue WHERE name = 'test.retry' AND id = ANY($1)`,
        [[first, second]],
      );
      expect(rows.find((r) => r.id === first)).toMatchObject({
        attempts: 0,
        error: null,
        last_attempt: null,
        delay: null,
      });
      expect(rows.find((r) => r.id === second)).toMatchObject({ attempts: 5, error: 'boom 2' });
      await new Promise((r) => setTimeout(r, 50));
      expect(woken).toContain('test.retry');
      const all = await request(app)
        .post('/api/event-queue/retry')
        .set(as('admin'))
        .send({ name: 'test.retry' })
        .expect(200);
      expect(all.body).toEqual({ retried: 1, busy: 0 });
    } finally {
      await listener.query('UNLISTEN event_queue_updates');
      listener.release();
    }
    const none = await request(app)
      .post('/api/event-queue/retry')
      .set(as('admin'))
      .send({ name: 'test.retry' })
      .expect(404);
    expect(none.body.message).toBe('there is no failed test.retry event');
  });

  it('leaves an item a consumer is handling as it is, counting it busy', async () => {
    const [held] = await failed('test.busy', 1);
    const consumer = await db.pool.connect();
    try {
      await consumer.query('BEGIN');
      await consumer.query('SELECT id FROM event_queue WHERE id = $1 FOR UPDATE', [held]);
      const res = await request(app)
        .post('/api/event-queue/discard')
        .set(as('admin'))
        .send({ name: 'test.busy' })
        .expect(200);
      expect(res.body).toEqual({ discarded: 0, busy: 1 });
    } finally {
      await consumer.query('ROLLBACK');
      consumer.release();
    }
  });

  it('discards failed items only, and only for those allowed', async () => {
    const [a] = await failed('test.discard', 3);
    await db.pool.query(`INSERT INTO event_queue (name, properties) VALUES ('test.discard', '{}')`);
    const editor = await request(app)
      .post('/api/event-queue/discard')
      .set(as('editor'))
      .send({ name: 'test.discard' })
      .expect(403);
    expect(editor.body.message).toBe(
      'permission denied: delete on event_queue is not granted to roles editor',
    );
    // Nor through the generic database API.
    await request(app)
      .delete('/api/db/event_queue?name=eq.test.discard')
      .set(as('editor'))
      .expect(403);
    await request(app)
      .post('/api/event-queue/discard')
      .set(as('admin'))
      .send({ name: 'test.discard', ids: [a] })
      .expect(200, { discarded: 1, busy: 0 });
    await request(app)
      .post('/api/event-queue/discard')
      .set(as('admin'))
      .send({ name: 'test.discard' })
      .expect(200, { discarded: 2, busy: 0 });
    const summary = await request(app)
      .get('/api/db/event_queue_summary?name=eq.test.discard')
      .set(as('viewer'))
      .expect(200);
    expect(summary.body).toMatchObject([{ name: 'test.discard', pending: 1, failed: 0 }]);
  });

  it('checks what it is given', async () => {
    for (const body of [{}, { name: '' }, { name: 'x', ids: [] }, { name: 'x', ids: ['nope'] }]) {
      const res = await request(app).post('/api/event-queue/retry').set(as('admin')).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('access explain and 403s that name the rule', () => {
  let configId: string;
  beforeAll(async () => {
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO config_items (name, type, config_class, tags)
       VALUES ('checkout', 'Kubernetes::Deployment', 'Deployment', '{"env":"prod"}') RETURNING id`,
    );
    configId = rows[0]?.id as string;
    // Through the API, as /settings/permissions does, so cached principals are forgotten.
    for (const row of [
      {
        description: 'No prod edits',
        action: 'update',
        deny: true,
        object_selector: { configs: [{ tagSelector: 'env=prod' }] },
      },
      { action: 'read', deny: true, object: 'canaries' },
    ])
      await request(app)
        .post('/api/db/permissions')
        .set(as('admin'))
        .send({ ...row, person_id: ids.editor, created_by: ids.admin })
        .expect(201);
  });

  it('explains a deny Permission on a resource, and a role grant elsewhere', async () => {
    const denied = await request(app)
      .get(
        `/api/rbac/explain?person_id=${ids.editor}&object=database&action=update&config_id=${configId}`,
      )
      .set(as('admin'))
      .expect(200);
    expect(denied.body).toMatchObject({
      person: { id: ids.editor, name: 'editor person' },
      allowed: false,
      decidedBy: 'permission',
      rule: { description: 'No prod edits', deny: true, action: 'update' },
      roles: ['editor'],
      grantingRoles: ['editor'],
      reason:
        "update on database is denied by Permission 'No prod edits' (a deny wins over role editor)",
      denial: "permission denied: update on database is denied by Permission 'No prod edits'",
    });
    expect(denied.body.resources).toEqual([
      expect.objectContaining({ kind: 'config', id: configId, tags: { env: 'prod' } }),
    ]);
    const granted = await request(app)
      .get(`/api/rbac/explain?person_id=${ids.editor}&object=database&action=update`)
      .set(as('admin'))
      .expect(200);
    expect(granted.body).toMatchObject({
      allowed: true,
      decidedBy: 'roles',
      rule: null,
      reason: 'update on database is granted by role editor',
    });
  });

  it('defaults to the caller and the resource kind, and bounds who may ask', async () => {
    const own = await request(app)
      .get(`/api/rbac/explain?config_id=${configId}`)
      .set(as('viewer'))
      .expect(200);
    expect(own.body).toMatchObject({ object: 'database', action: 'read', allowed: true });
    const other = await request(app)
      .get(`/api/rbac/explain?person_id=${ids.admin}&object=rbac`)
      .set(as('viewer'))
      .expect(403);
    expect(other.body.message).toBe(
      "permission denied: read on rbac is not granted to roles viewer (explaining someone else's access)",
    );
    await request(app).get('/api/rbac/explain?object=nothing').set(as('admin')).expect(400);
    await request(app)
      .get(`/api/rbac/explain?config_id=00000000-0000-0000-0000-00000000c0de`)
      .set(as('admin'))
      .expect(404);
  });

  it('names the Permission in 403 answers of /api routes and /api/db', async () => {
    const summary = await request(app).get('/api/canary/api/summary').set(as('editor'));
    expect(summary.status).toBe(403);
    expect(summary.body.message).toMatch(
      /^permission denied: read on canaries is denied by Permission [0-9a-f-]{36}$/,
    );
    const write = await request(app)
      .patch(`/api/db/config_items?id=eq.${configId}`)
      .set(as('editor'))
      .send({ description: 'x' });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe(
      "permission denied: update on database is denied for some of these rows by Permission 'No prod edits' (config_items)",
    );
  });
});
