import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../auth/identity.js';
import { can, ROLES, type Role } from '../auth/policy.js';
import { loadCatalog, type Catalog } from '../postgrest/catalog.js';
import { exposureOf, SCOPES, UNSCOPED } from '../postgrest/exposure.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { createApp } from './app.js';

/**
 * The generated access matrix: every /api/db relation and every /api route, for every role,
 * for read and write, against the policy module's answer. A table added without deciding its
 * exposure fails the first test.
 */
const INTERNAL = [
  // artifact bytes: downloaded through /api/playbook/artifacts/:id, which checks the run's playbook
  'artifact_contents',
  'access_tokens',
  'auth_tokens',
  'config_scraper_state',
  'credentials',
  'event_subscriptions',
  'person_roles',
  'recovery_codes',
  'resource_events',
  'resources',
  'rollup_versions',
  'sessions',
  'schema_migrations',
  // An agent's push cursor: the pusher's own bookkeeping.
  'agent_push_cursors',
  // Replicas sharing the work: their heartbeats.
  'replicas',
];

let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let catalog: Catalog;
const token = (role: Role) => `vgl_matrix_${role}_token_0000000000`;
const ids: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  db = await startTestDatabase();
  for (const role of ROLES) {
    const person = await createPerson(db.pool, {
      name: role,
      email: `${role}@matrix.test`,
      password: 'password-123',
      roles: [role],
    });
    ids[role] = person.id;
    await ensureToken(db.pool, person.id, 'matrix', token(role));
  }
  catalog = await loadCatalog(db.pool);
  app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined },
  });
});
afterAll(async () => db?.close());

const as = (role: Role) => ({ Authorization: `Bearer ${token(role)}` });

describe('/api/db exposure', () => {
  it('decides every relation: exposed under an RBAC object, or internal', () => {
    const undecided = [...catalog.relations.keys()].filter(
      (n) => !exposureOf(n) && !INTERNAL.includes(n),
    );
    expect(undecided).toEqual([]);
  });

  it('scopes every column that names a resource, so object-scoped Permissions reach it', () => {
    const resourceColumns = [
      'config_id',
      'component_id',
      'canary_id',
      'check_id',
      'playbook_id',
      'connection_id',
    ];
    const undecided: string[] = [];
    for (const relation of catalog.relations.values()) {
      if (!exposureOf(relation.name) || UNSCOPED[`${relation.name}.*`]) continue;
      for (const column of resourceColumns) {
        if (!relation.columns.has(column) || UNSCOPED[`${relation.name}.${column}`]) continue;
        if (!(SCOPES[relation.name] ?? []).some((s) => s.column === column))
          undecided.push(`${relation.name}.${column}`);
      }
    }
    expect(undecided).toEqual([]);
    for (const name of Object.keys(SCOPES)) expect(catalog.relations.has(name), name).toBe(true);
  });

  it.each(INTERNAL.filter((n) => n !== 'schema_migrations'))(
    'hides %s from everyone, admin included',
    async (name) => {
      const res = await request(app).get(`/api/db/${name}`).set(as('admin'));
      expect(res.status).toBe(404);
    },
  );
});

/**
 * Written by hand from the access rules, not computed from the policy module: who may write the
 * tables that decide access, and the areas editors own. (The generated matrix below checks the
 * HTTP layer agrees with the policy module; this table checks the policy module itself.)
 */
describe('/api/db writes that decide access', () => {
  const writers: [string, Role[]][] = [
    ['people', ['admin']],
    ['permissions', ['admin']],
    ['properties', ['admin']],
    ['identities', []],
    ['connections', ['admin', 'editor']],
    ['canaries', ['admin', 'editor']],
    ['config_items', ['admin', 'editor']],
    ['components', ['admin', 'editor']],
    ['playbooks', ['admin', 'editor']],
    ['notifications', ['admin', 'editor']],
    ['incidents', ['admin', 'editor', 'commander', 'responder']],
    ['comments', ['admin', 'editor', 'commander', 'responder']],
  ];
  it.each(writers)('%s is written by %j only', async (table, allowed) => {
    for (const role of ROLES) {
      const key = table === 'properties' ? 'name' : 'id';
      const res = await request(app)
        .patch(`/api/db/${table}?${key}=is.null&${key}=not.is.null`)
        .set(as(role))
        .send({ [key]: null });
      const want = table === 'identities' ? 405 : allowed.includes(role) ? 204 : 403;
      expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBe(want);
    }
  });

  it.each([
    ['people', ROLES],
    ['permissions', ROLES],
    ['connections', ['admin', 'editor']],
    ['identities', ['admin', 'editor']],
  ] as [string, readonly Role[]][])('%s is read by %j', async (table, readers) => {
    for (const role of ROLES) {
      const res = await request(app).get(`/api/db/${table}?limit=0`).set(as(role));
      expect(res.status, role).toBe(readers.includes(role) ? 200 : 403);
    }
  });
});

describe('/api/db access by role', () => {
  const cases = () =>
    [...catalog.relations.values()]
      .filter((r) => exposureOf(r.name))
      .flatMap((relation) =>
        ROLES.map((role) => ({
          relation,
          role,
          exposure: exposureOf(relation.name) as NonNullable<ReturnType<typeof exposureOf>>,
        })),
      );

  it('reads: 200 when the policy allows, 403 otherwise, 401 without credentials', async () => {
    const failures: string[] = [];
    for (const { relation, role, exposure } of cases()) {
      const res = await request(app).get(`/api/db/${relation.name}?limit=0`).set(as(role));
      const expected = can([role], exposure.object, 'read') ? 200 : 403;
      if (res.status !== expected)
        failures.push(
          `${role} GET ${relation.name}: ${res.status} (want ${expected}) ${JSON.stringify(res.body)}`,
        );
    }
    expect(failures).toEqual([]);
    expect((await request(app).get('/api/db/incidents')).status).toBe(401);
  });

  it('writes: 204 when allowed, 403 when not, 405 on read-only views', async () => {
    const failures: string[] = [];
    for (const { relation, role, exposure } of cases()) {
      const column = [...relation.columns.keys()].find(
        (c) => !(exposure.writeOnly ?? []).includes(c),
      ) as string;
      // Matches no row, so an allowed write changes nothing.
      const res = await request(app)
        .patch(`/api/db/${relation.name}?${column}=is.null&${column}=not.is.null`)
        .set(as(role))
        .send({ [column]: null });
      const expected =
        exposure.readOnly || relation.kind === 'view'
          ? 405
          : can([role], exposure.writeObject ?? exposure.object, 'write')
            ? 204
            : 403;
      if (res.status !== expected)
        failures.push(
          `${role} PATCH ${relation.name}: ${res.status} (want ${expected}) ${JSON.stringify(res.body)}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it('refuses a viewer PATCH of an incident and a responder write to connections', async () => {
    const viewer = await request(app)
      .patch('/api/db/incidents?id=is.null')
      .set(as('viewer'))
      .send({ status: 'closed' });
    expect(viewer.status).toBe(403);
    expect(viewer.body.message).toBe(
      'permission denied: update on incident is not granted to roles viewer (incidents)',
    );
    const responder = await request(app)
      .post('/api/db/connections')
      .set(as('responder'))
      .send({ name: 'x', type: 'http' });
    expect(responder.status).toBe(403);
  });

  it('lets a deny Permission override an editor role, and an allow extend a viewer', async () => {
    await request(app)
      .patch('/api/db/canaries?id=is.null')
      .set(as('editor'))
      .send({ name: 'x' })
      .expect(204);
    // Through the API, as /settings/permissions does, so cached access is forgotten at once.
    await request(app)
      .post('/api/db/permissions')
      .set(as('admin'))
      .send({
        action: '*',
        object: 'canaries',
        deny: true,
        person_id: ids.editor,
        created_by: ids.admin,
      })
      .expect(201);
    const denied = await request(app)
      .patch('/api/db/canaries?id=is.null')
      .set(as('editor'))
      .send({ name: 'x' });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(
      /^permission denied: update on canaries is denied by Permission [0-9a-f-]{36} \(canaries\)$/,
    );
    await request(app).get('/api/db/canaries?limit=0').set(as('editor')).expect(403);
    await request(app).get('/api/db/topologies?limit=0').set(as('editor')).expect(200);
    // Later tests judge the editor by role alone.
    await request(app)
      .delete(`/api/db/permissions?person_id=eq.${ids.editor}`)
      .set(as('admin'))
      .expect(204);
    await request(app).get('/api/db/canaries?limit=0').set(as('editor')).expect(200);

    const until = new Date(Date.now() + 3600_000).toISOString();
    await request(app)
      .post('/api/db/permissions')
      .set(as('admin'))
      .send({
        action: 'update',
        object: 'incident',
        person_id: ids.viewer,
        created_by: ids.admin,
        until,
      })
      .expect(201);
    await request(app)
      .patch('/api/db/incidents?id=is.null')
      .set(as('viewer'))
      .send({ status: 'closed' })
      .expect(204);
    const who = await request(app).get('/api/auth/whoami').set(as('viewer'));
    expect(who.body.payload.permissions).toContainEqual({ object: 'incident', action: 'update' });
    expect(who.body.payload.permissions).not.toContainEqual({
      object: 'incident',
      action: 'write',
    });
    await request(app)
      .patch(`/api/db/permissions?person_id=eq.${ids.viewer}`)
      .set(as('admin'))
      .send({ until: new Date(Date.now() - 60_000).toISOString() })
      .expect(204);
    await request(app)
      .patch('/api/db/incidents?id=is.null')
      .set(as('viewer'))
      .send({ status: 'closed' })
      .expect(403);
  });
});

describe('/api routes by role', () => {
  const everyone = ROLES;
  const admins: readonly Role[] = ['admin'];
  const runners: readonly Role[] = ['admin', 'editor', 'commander', 'responder'];
  const editors: readonly Role[] = ['admin', 'editor'];
  const routes: {
    method: 'get' | 'post' | 'put' | 'delete';
    path: string;
    body?: object;
    /** Written by hand from the access rules; the rest get 403. */
    allowed: readonly Role[];
    ok: number;
  }[] = [
    { method: 'get', path: '/api/about', allowed: everyone, ok: 200 },
    { method: 'get', path: '/api/auth/whoami', allowed: everyone, ok: 200 },
    { method: 'get', path: '/api/auth/profile', allowed: everyone, ok: 200 },
    { method: 'get', path: '/api/auth/tokens', allowed: everyone, ok: 200 },
    { method: 'get', path: '/api/kubeconfig', allowed: everyone, ok: 200 },
    { method: 'get', path: '/api/properties', allowed: everyone, ok: 200 },
    {
      method: 'put',
      path: '/api/properties/registration.enabled',
      body: { value: 'true' },
      allowed: admins,
      ok: 200,
    },
    { method: 'post', path: '/api/auth/invite_user', body: {}, allowed: admins, ok: 400 },
    { method: 'post', path: '/api/people/update', body: {}, allowed: admins, ok: 400 },
    { method: 'delete', path: '/api/people/not-a-uuid', allowed: admins, ok: 400 },
    { method: 'get', path: '/api/canary/api/summary', allowed: everyone, ok: 200 },
    {
      method: 'get',
      path: '/api/canary/api/checks/00000000-0000-0000-0000-00000000c0de/statuses',
      allowed: everyone,
      ok: 404,
    },
    {
      method: 'get',
      path: '/api/canary/api/checks/00000000-0000-0000-0000-00000000c0de',
      allowed: everyone,
      ok: 404,
    },
    {
      method: 'post',
      path: '/api/canary/run/check/00000000-0000-0000-0000-00000000c0de',
      allowed: runners,
      ok: 404,
    },
    {
      method: 'post',
      path: '/api/rbac/not-a-uuid/update_role',
      body: {},
      allowed: admins,
      ok: 400,
    },
    { method: 'post', path: '/api/catalog/summary', body: {}, allowed: everyone, ok: 200 },
    { method: 'post', path: '/api/catalog/changes', body: {}, allowed: everyone, ok: 200 },
    {
      method: 'post',
      path: '/api/catalog/scrapers/00000000-0000-0000-0000-00000000c0de/run',
      allowed: runners,
      ok: 404,
    },
    {
      method: 'post',
      path: '/api/topology/00000000-0000-0000-0000-00000000c0de/build',
      allowed: runners,
      ok: 404,
    },
  ];

  const nothing = '00000000-0000-0000-0000-00000000c0de';
  routes.push(
    { method: 'get', path: `/api/playbook/list?config_id=${nothing}`, allowed: everyone, ok: 404 },
    {
      method: 'post',
      path: `/api/playbook/${nothing}/params`,
      body: {},
      allowed: everyone,
      ok: 404,
    },
    { method: 'post', path: '/api/playbook/run', body: { id: nothing }, allowed: runners, ok: 404 },
    { method: 'get', path: `/api/playbook/run/${nothing}`, allowed: everyone, ok: 404 },
    { method: 'post', path: `/api/playbook/run/${nothing}/rerun`, allowed: runners, ok: 404 },
    { method: 'post', path: `/api/playbook/run/approve/${nothing}`, allowed: editors, ok: 404 },
    { method: 'post', path: `/api/playbook/run/cancel/${nothing}`, allowed: editors, ok: 404 },
    { method: 'get', path: `/api/playbook/artifacts/${nothing}`, allowed: everyone, ok: 404 },
    {
      method: 'post',
      path: '/api/notification/silence',
      body: { check_id: nothing, from: 'now', until: 'now+1h' },
      allowed: editors,
      ok: 404,
    },
    // Searching logs reads the log backends (global object logs); the component must be seen.
    { method: 'post', path: '/api/logs', body: { id: nothing }, allowed: everyone, ok: 404 },
    // Testing a connection uses its secrets: update on connections.
    { method: 'post', path: `/api/connection/test/${nothing}`, allowed: editors, ok: 404 },
    // Settings and operations: feature flags, the event queue, access explain.
    { method: 'post', path: '/api/properties', body: {}, allowed: admins, ok: 400 },
    {
      method: 'post',
      path: '/api/event-queue/retry',
      body: { name: 'matrix.none' },
      allowed: admins,
      ok: 404,
    },
    {
      method: 'post',
      path: '/api/event-queue/discard',
      body: { name: 'matrix.none' },
      allowed: admins,
      ok: 404,
    },
    { method: 'get', path: '/api/rbac/explain?object=database', allowed: everyone, ok: 200 },
  );

  it.each(routes)('$method $path', async (route) => {
    expect((await request(app)[route.method](route.path).send(route.body)).status).toBe(401);
    for (const role of ROLES) {
      const res = await request(app)[route.method](route.path).set(as(role)).send(route.body);
      expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBe(
        route.allowed.includes(role) ? route.ok : 403,
      );
    }
  });
});
