import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../auth/identity.js';
import type { Role } from '../auth/policy.js';
import { createApp } from '../http/app.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';

/**
 * What kubectl may do through Vigil's Kubernetes API is what the policy module allows anywhere
 * else: no Permission resource granting more than its author holds, no script-running spec
 * without the scripts grant, object-scoped Permissions on Canaries, and a dry run that stays dry.
 */
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
const ids: Record<string, string> = {};
const token = (name: string) => `vgl_admission_${name}_token_000000000`;
const as = (name: string) => ({ Authorization: `Bearer ${token(name)}` });

const canaries = '/k8s/apis/canaries.flanksource.com/v1/namespaces/default/canaries';
const permissions = '/k8s/apis/mission-control.flanksource.com/v1/namespaces/default/permissions';

const send = (
  who: string,
  method: 'post' | 'delete' | 'get' | 'patch',
  path: string,
  body?: object,
  type = 'application/json',
) => {
  const call = request(app)[method](path);
  return call
    .set(as(who))
    .set('Content-Type', type)
    .send(body === undefined ? undefined : JSON.stringify(body));
};

const canary = (
  name: string,
  spec: object = { http: [{ name: 'h', url: 'https://example.test' }] },
) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name, labels: { env: name.split('-')[0] } },
  spec,
});
const permission = (name: string, spec: object) => ({
  apiVersion: 'mission-control.flanksource.com/v1',
  kind: 'Permission',
  metadata: { name },
  spec,
});

async function person(name: string, roles: Role[]) {
  const p = await createPerson(db.pool, {
    name,
    email: `${name}@admission.test`,
    password: 'password-123',
    roles,
  });
  ids[name] = p.id;
  await ensureToken(db.pool, p.id, 'test', token(name));
}

/** Through the API, as /settings/permissions does, so cached access is forgotten at once. */
const grant = (row: object) =>
  request(app)
    .post('/api/db/permissions')
    .set(as('admin'))
    .send({ created_by: ids.admin, ...row })
    .expect(201);

beforeAll(async () => {
  db = await startTestDatabase();
  await person('admin', ['admin']);
  await person('editor', ['editor']);
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

describe('Permission resources', () => {
  it('cannot be applied by an editor', async () => {
    const res = await send(
      'editor',
      'post',
      permissions,
      permission('self-admin', {
        subject: { person: 'editor@admission.test' },
        actions: ['*'],
        object: { playbooks: [{ name: '*' }] },
      }),
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'Forbidden' });
  });

  it('grant no more than their author holds, even for a delegate with write on Permissions', async () => {
    await grant({ action: 'create,read,update,delete', object: 'rbac', person_id: ids.editor });
    const beyond = await send(
      'editor',
      'post',
      permissions,
      permission('grab-connections', {
        subject: { person: 'editor@admission.test' },
        actions: ['*'],
        object: { connections: [{ name: '*' }] },
        deny: false,
      }),
    );
    // Editors hold connections' CRUD but not run/approve/cancel on them: `*` is beyond them.
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toMatch(
      /a Permission may only grant or deny what you hold yourself/,
    );
    await send(
      'editor',
      'post',
      permissions,
      permission('viewer-canaries', {
        subject: { person: 'viewer@admission.test' },
        actions: ['read'],
        object: { canaries: [{ namespace: 'default' }] },
      }),
    ).expect(201);
    await request(app)
      .delete(`/api/db/permissions?person_id=eq.${ids.editor}`)
      .set(as('admin'))
      .expect(204);
  });
});

describe('scripts', () => {
  it('refuses an editor a Canary with an exec check, also by server-side apply, and lets an admin', async () => {
    const exec = canary('sneaky-exec', { exec: [{ name: 'id', script: 'id' }] });
    const post = await send('editor', 'post', canaries, exec);
    expect(post.status).toBe(403);
    expect(post.body.message).toMatch(/run scripts on the Vigil server/);
    const apply = await send(
      'editor',
      'patch',
      `${canaries}/sneaky-exec?fieldManager=kubectl`,
      exec,
      'application/apply-patch+yaml',
    );
    expect(apply.status).toBe(403);
    await send('admin', 'post', canaries, exec).expect(201);
    // Nor may an editor change the admin's script; deleting it is fine.
    const edit = await send(
      'editor',
      'patch',
      `${canaries}/sneaky-exec`,
      { spec: { exec: [{ name: 'id', script: 'cat /etc/shadow' }] } },
      'application/merge-patch+json',
    );
    expect(edit.status).toBe(403);
    await send('editor', 'delete', `${canaries}/sneaky-exec`).expect(200);
  });
});

describe('object-scoped Permissions on Canaries', () => {
  beforeAll(async () => {
    await send('admin', 'post', canaries, canary('prod-web')).expect(201);
    await send('admin', 'post', canaries, canary('dev-web')).expect(201);
    await grant({
      action: 'read,update,delete',
      deny: true,
      object_selector: { canaries: [{ labelSelector: 'env=prod' }] },
      person_id: ids.editor,
    });
  });

  it('hides a denied Canary from get and list, and refuses changing or deleting it', async () => {
    const get = await send('editor', 'get', `${canaries}/prod-web`);
    expect(get.status).toBe(403);
    expect(get.body.message).toMatch(/read on canaries is denied by Permission/);
    const list = await send('editor', 'get', canaries);
    expect(list.body.items.map((i: { metadata: { name: string } }) => i.metadata.name)).toEqual([
      'dev-web',
    ]);
    const del = await send('editor', 'delete', `${canaries}/prod-web`);
    expect(del.status).toBe(403);
    const relabel = await send(
      'editor',
      'patch',
      `${canaries}/dev-web`,
      { metadata: { labels: { env: 'prod' } } },
      'application/merge-patch+json',
    );
    expect(relabel.status).toBe(403);
    await send('admin', 'get', `${canaries}/prod-web`).expect(200);
  });
});

describe('dry runs', () => {
  it('keeps the object on kubectl delete --dry-run=server (DeleteOptions in the body)', async () => {
    await send('admin', 'post', canaries, canary('keep-me')).expect(201);
    await send('admin', 'delete', `${canaries}/keep-me`, {
      kind: 'DeleteOptions',
      apiVersion: 'v1',
      dryRun: ['All'],
    }).expect(200);
    await send('admin', 'get', `${canaries}/keep-me`).expect(200);
  });
});
