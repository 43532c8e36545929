import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../auth/identity.js';
import type { Role } from '../auth/policy.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { createApp } from './app.js';

/**
 * Object-scoped Permissions (a Permission on some configs, canaries or connections chosen by
 * id, name, namespace, labels or tags) hold on every read and write path: /api/db lists and
 * embeds, single reads, counts, writes, and the health API. Allow and deny both.
 */
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
const ids: Record<string, string> = {};
const token = (name: string) => `vgl_scopes_${name}_token_000000000000`;
const as = (name: string) => ({ Authorization: `Bearer ${token(name)}` });

async function person(name: string, roles: Role[]) {
  const p = await createPerson(db.pool, {
    name,
    email: `${name}@scopes.test`,
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

let rules: string[] = [];
async function permit(row: Record<string, unknown>) {
  const res = await request(app)
    .post('/api/db/permissions')
    .set(as('admin'))
    .set('Prefer', 'return=representation')
    .send({ created_by: ids.admin, ...row })
    .expect(201);
  rules.push((res.body as { id: string }[])[0]?.id as string);
}

const names = (body: { name: string }[]) => body.map((r) => r.name).sort();

beforeAll(async () => {
  db = await startTestDatabase();
  await person('admin', ['admin']);
  await person('editor', ['editor']);
  await person('responder', ['responder']);
  await person('viewer', ['viewer']);
  const config = (name: string, ns: string, env: string) =>
    insert(
      `INSERT INTO config_items (name, type, config_class, labels, tags, config) VALUES ($1, 'Kubernetes::Pod', 'Pod', $2, $3, '{}')`,
      [name, { env }, { namespace: ns, cluster: 'eu-1' }],
    );
  ids.prodDb = await config('payments-db', 'prod', 'prod');
  ids.prodWeb = await config('payments-web', 'prod', 'prod');
  ids.devDb = await config('dev-db', 'dev', 'dev');
  await db.pool.query(
    `INSERT INTO config_changes (config_id, change_type, summary) VALUES ($1, 'diff', 'prod change'), ($2, 'diff', 'dev change')`,
    [ids.prodDb, ids.devDb],
  );
  const canary = (name: string, ns: string) =>
    insert(
      `INSERT INTO canaries (name, namespace, labels, spec, source) VALUES ($1, $2, $3, '{}', 'UI')`,
      [name, ns, { env: ns }],
    );
  ids.prodCanary = await canary('prod-web', 'prod');
  ids.devCanary = await canary('dev-web', 'dev');
  const check = (canaryId: string, name: string) =>
    insert(`INSERT INTO checks (canary_id, type, name, spec) VALUES ($1, 'http', $2, '{}')`, [
      canaryId,
      name,
    ]);
  ids.prodCheck = await check(ids.prodCanary, 'prod-home');
  ids.devCheck = await check(ids.devCanary, 'dev-home');
  const connection = (name: string) =>
    insert(
      `INSERT INTO connections (name, type, url) VALUES ($1, 'http', 'https://example.test')`,
      [name],
    );
  ids.smtp = await connection('smtp');
  ids.vault = await connection('vault');
  app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined },
  });
});
afterAll(async () => db?.close());
beforeEach(async () => {
  for (const id of rules)
    await request(app).delete(`/api/db/permissions?id=eq.${id}`).set(as('admin'));
  rules = [];
});

describe('a deny on one config (by id)', () => {
  beforeEach(() =>
    permit({ action: 'read', deny: true, config_id: ids.prodDb, person_id: ids.editor }),
  );

  it('hides it from lists, views, counts and single reads', async () => {
    const list = await request(app)
      .get('/api/db/config_items?select=name')
      .set(as('editor'))
      .set('Prefer', 'count=exact');
    expect(names(list.body)).toEqual(['dev-db', 'payments-web']);
    expect(list.headers['content-range']).toBe('0-1/2');
    for (const view of ['configs', 'config_detail', 'config_names']) {
      const one = await request(app).get(`/api/db/${view}?id=eq.${ids.prodDb}`).set(as('editor'));
      expect(one.body, view).toEqual([]);
    }
    const admin = await request(app)
      .get(`/api/db/config_detail?id=eq.${ids.prodDb}`)
      .set(as('admin'));
    expect(admin.body).toHaveLength(1);
  });

  it('hides its changes, and nulls it where another row embeds it', async () => {
    const changes = await request(app)
      .get('/api/db/config_changes?select=summary')
      .set(as('editor'));
    expect(changes.body).toEqual([{ summary: 'dev change' }]);
    const embedded = await request(app)
      .get('/api/db/config_changes?select=summary,config:config_id(name)&order=summary')
      .set(as('viewer'));
    expect(embedded.body).toEqual([
      { summary: 'dev change', config: { name: 'dev-db' } },
      { summary: 'prod change', config: { name: 'payments-db' } },
    ]);
  });

  it('refuses a write that would touch it, and changes nothing', async () => {
    await permit({ action: 'update', deny: true, config_id: ids.prodDb, person_id: ids.editor });
    const res = await request(app)
      .patch('/api/db/config_items?type=eq.Kubernetes::Pod')
      .set(as('editor'))
      .send({ description: 'edited' });
    expect(res.status).toBe(403);
    const { rows } = await db.pool.query(
      `SELECT count(*)::int AS n FROM config_items WHERE description = 'edited'`,
    );
    expect(rows[0]?.n).toBe(0);
    await request(app)
      .patch(`/api/db/config_items?id=eq.${ids.devDb}`)
      .set(as('editor'))
      .send({ description: 'edited' })
      .expect(204);
  });
});

describe('selectors by name, namespace, labels and tags', () => {
  it.each([
    [{ name: 'payments-*' }, ['dev-db']],
    [{ namespace: 'prod' }, ['dev-db']],
    [{ labelSelector: 'env=prod' }, ['dev-db']],
    [{ labelSelector: 'env notin (prod)' }, ['payments-db', 'payments-web']],
    [{ tagSelector: 'cluster=eu-1' }, []],
    [{ name: 'payments-db', namespace: 'prod' }, ['dev-db', 'payments-web']],
  ])('a deny on configs %j leaves %j', async (selector, left) => {
    await permit({
      action: 'read',
      deny: true,
      object_selector: { configs: [selector] },
      person_id: ids.viewer,
    });
    const res = await request(app).get('/api/db/configs?select=name').set(as('viewer'));
    expect(names(res.body)).toEqual(left);
  });
});

describe('an allow opens only what it names', () => {
  it('lets a responder, who cannot read connections, read the one it is given', async () => {
    await request(app).get('/api/db/connections?select=name').set(as('responder')).expect(403);
    await permit({
      action: 'read',
      object_selector: { connections: [{ name: 'smtp' }] },
      person_id: ids.responder,
    });
    const res = await request(app).get('/api/db/connections_list?select=name').set(as('responder'));
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['smtp']);
    const other = await request(app)
      .get(`/api/db/connections?id=eq.${ids.vault}`)
      .set(as('responder'));
    expect(other.body).toEqual([]);
  });

  it('lets a viewer edit dev canaries and no others', async () => {
    await permit({
      action: 'update',
      object_selector: { canaries: [{ namespace: 'dev' }] },
      person_id: ids.viewer,
    });
    await request(app)
      .patch(`/api/db/canaries?id=eq.${ids.devCanary}`)
      .set(as('viewer'))
      .send({ labels: { env: 'dev', owner: 'viewer' } })
      .expect(204);
    const prod = await request(app)
      .patch(`/api/db/canaries?id=eq.${ids.prodCanary}`)
      .set(as('viewer'))
      .send({ labels: { owner: 'viewer' } });
    expect(prod.status).toBe(403);
    expect(prod.body.message).toMatch(
      /^permission denied: update on canaries is not granted to roles viewer, and Permission [0-9a-f-]{36} grants it only on other rows \(canaries\)$/,
    );
  });
});

describe('a deny on a canary reaches its checks in the health API', () => {
  beforeEach(() =>
    permit({
      action: 'read,run',
      deny: true,
      object_selector: { canaries: [{ name: 'prod-*' }] },
      person_id: ids.editor,
    }),
  );

  it('leaves its checks out of the summary, statuses and /api/db', async () => {
    const summary = await request(app).get('/api/canary/api/summary').set(as('editor'));
    const names = (summary.body.checks_summary as { name: string }[]).map((c) => c.name);
    expect(names).toEqual(['dev-home']);
    const checks = await request(app).get('/api/db/checks?select=name').set(as('editor'));
    expect(checks.body).toEqual([{ name: 'dev-home' }]);
    const all = await request(app).get('/api/canary/api/summary').set(as('admin'));
    expect(all.body.checks_summary).toHaveLength(2);
  });

  it('answers 403 with the reason for its check detail, history and Run Now', async () => {
    for (const path of [
      `/api/canary/api/checks/${ids.prodCheck}`,
      `/api/canary/api/checks/${ids.prodCheck}/statuses`,
      `/api/canary/api/checks/${ids.prodCheck}/graph`,
    ]) {
      const res = await request(app).get(path).set(as('editor'));
      expect(res.status, path).toBe(403);
      expect(res.body.message).toMatch(
        /^permission denied: read on canaries is denied by Permission/,
      );
    }
    const run = await request(app).post(`/api/canary/run/check/${ids.prodCheck}`).set(as('editor'));
    expect(run.status).toBe(403);
    await request(app).get(`/api/canary/api/checks/${ids.devCheck}`).set(as('editor')).expect(200);
  });
});

describe('scripts on the server', () => {
  const execCanary = { exec: [{ name: 'whoami', script: 'id' }] };

  it('refuses an editor a canary with an exec check, and lets an admin make one', async () => {
    const res = await request(app)
      .post('/api/db/canaries')
      .set(as('editor'))
      .send({ name: 'sneaky', namespace: 'default', spec: execCanary, source: 'UI' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(
      /run scripts on the Vigil server, which needs write on scripts/,
    );
    const playbook = await request(app)
      .post('/api/db/playbooks')
      .set(as('editor'))
      .send({
        name: 'shell',
        source: 'UI',
        spec: { actions: [{ name: 'sh', exec: { script: 'id' } }] },
      });
    expect(playbook.status).toBe(403);
    await request(app)
      .post('/api/db/playbooks')
      .set(as('editor'))
      .send({
        name: 'notify',
        source: 'UI',
        spec: { actions: [{ name: 'hook', http: { url: 'https://example.test' } }] },
      })
      .expect(201);
    const patch = await request(app)
      .patch(`/api/db/canaries?id=eq.${ids.devCanary}`)
      .set(as('editor'))
      .send({ spec: execCanary });
    expect(patch.status).toBe(403);
    const check = await request(app)
      .patch(`/api/db/checks?id=eq.${ids.devCheck}`)
      .set(as('editor'))
      .send({ type: 'exec', spec: { script: 'id' } });
    expect(check.status).toBe(403);
    await request(app)
      .post('/api/db/canaries')
      .set(as('admin'))
      .send({ name: 'admin-exec', namespace: 'default', spec: execCanary, source: 'UI' })
      .expect(201);
  });

  it('lets an editor holding a Permission on scripts make one', async () => {
    await permit({ action: '*', object: 'scripts', person_id: ids.editor });
    await request(app)
      .post('/api/db/canaries')
      .set(as('editor'))
      .send({ name: 'granted-exec', namespace: 'default', spec: execCanary, source: 'UI' })
      .expect(201);
  });
});
