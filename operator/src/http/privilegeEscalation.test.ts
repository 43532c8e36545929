import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../auth/identity.js';
import type { Role } from '../auth/policy.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { createApp } from './app.js';

/**
 * An attacker holding an editor account tries every way found so far to become admin, or to
 * act on people who hold more than they do. Each test is named after what it prevents.
 */
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
const ids: Record<string, string> = {};
const token = (name: string) => `vgl_escalation_${name}_token_00000000`;
const as = (name: string) => ({ Authorization: `Bearer ${token(name)}` });

async function person(name: string, roles: Role[]) {
  const p = await createPerson(db.pool, {
    name,
    email: `${name}@escalation.test`,
    password: 'password-123',
    roles,
  });
  ids[name] = p.id;
  await ensureToken(db.pool, p.id, 'test', token(name));
}

/** A Permission written by the admin, as /settings/permissions does. */
async function grant(row: Record<string, unknown>): Promise<string> {
  const res = await request(app)
    .post('/api/db/permissions')
    .set(as('admin'))
    .set('Prefer', 'return=representation')
    .send({ created_by: ids.admin, ...row })
    .expect(201);
  return (res.body as { id: string }[])[0]?.id as string;
}

async function revoke(id: string) {
  await request(app).delete(`/api/db/permissions?id=eq.${id}`).set(as('admin')).expect(204);
}

const whoamiRoles = async (name: string) =>
  (await request(app).get('/api/auth/whoami').set(as(name))).body.payload.roles as string[];

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
afterAll(async () => db?.close());

describe('an editor cannot become admin', () => {
  it('cannot insert a Permission granting itself * on rbac', async () => {
    const res = await request(app)
      .post('/api/db/permissions')
      .set(as('editor'))
      .send({ action: '*', object: 'rbac', person_id: ids.editor, created_by: ids.editor });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/create on permissions is not granted to roles editor/);
    const { rowCount } = await db.pool.query('SELECT 1 FROM permissions WHERE person_id = $1', [
      ids.editor,
    ]);
    expect(rowCount).toBe(0);
  });

  it('cannot give itself the admin role', async () => {
    const res = await request(app)
      .post(`/api/rbac/${ids.editor}/update_role`)
      .set(as('editor'))
      .send({ roles: ['admin'] });
    expect(res.status).toBe(403);
    expect(await whoamiRoles('editor')).toEqual(['editor']);
  });

  it('cannot edit people (e-mail, soft delete) or open registration', async () => {
    const email = await request(app)
      .patch(`/api/db/people?id=eq.${ids.admin}`)
      .set(as('editor'))
      .send({ email: 'attacker@evil.test' });
    expect(email.status).toBe(403);
    const del = await request(app)
      .patch(`/api/db/people?id=eq.${ids.admin}`)
      .set(as('editor'))
      .send({ deleted_at: new Date().toISOString() });
    expect(del.status).toBe(403);
    const flag = await request(app)
      .put('/api/properties/registration.enabled')
      .set(as('editor'))
      .send({ value: 'true' });
    expect(flag.status).toBe(403);
    const { rows } = await db.pool.query('SELECT email, deleted_at FROM people WHERE id = $1', [
      ids.admin,
    ]);
    expect(rows[0]).toEqual({ email: 'admin@escalation.test', deleted_at: null });
    expect(
      (await db.pool.query(`SELECT 1 FROM properties WHERE name = 'registration.enabled'`))
        .rowCount,
    ).toBe(0);
  });

  it('cannot apply a Permission or make itself a team member through /k8s or /api/db either', async () => {
    const team = await db.pool.query<{ id: string }>(
      `INSERT INTO teams (name, created_by) VALUES ('root-team', $1) RETURNING id`,
      [ids.admin],
    );
    const teamId = team.rows[0]?.id as string;
    const rule = await grant({ action: '*', object: 'rbac', team_id: teamId });
    const res = await request(app)
      .post('/api/db/team_members')
      .set(as('editor'))
      .send({ team_id: teamId, person_id: ids.editor });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      "permission denied: this team's Permissions grant more than you hold, so you cannot change its members",
    );
    expect(await whoamiRoles('editor')).toEqual(['editor']);
    await revoke(rule);
  });
});

describe('a delegate with write on Permissions grants no more than it holds', () => {
  let delegation: string;
  beforeAll(async () => {
    // The admin lets the editor manage Permissions (and roles).
    delegation = await grant({
      action: 'create,read,update,delete',
      object: 'rbac',
      person_id: ids.editor,
    });
  });
  afterAll(async () => revoke(delegation));

  it('can grant a viewer what it holds itself', async () => {
    const res = await request(app)
      .post('/api/db/permissions')
      .set(as('editor'))
      .set('Prefer', 'return=representation')
      .send({
        action: 'create,update,delete',
        object: 'canaries',
        person_id: ids.viewer,
        created_by: ids.editor,
      });
    expect(res.status).toBe(201);
    await revoke((res.body as { id: string }[])[0]?.id as string);
  });

  it('cannot grant itself * on people, or anyone * on rbac', async () => {
    for (const row of [
      { action: '*', object: 'people', person_id: ids.editor },
      { action: '*', object: 'rbac', person_id: ids.viewer },
      { action: 'update', object: 'properties', person_id: ids.editor },
    ]) {
      const res = await request(app)
        .post('/api/db/permissions')
        .set(as('editor'))
        .send({ ...row, created_by: ids.editor });
      expect(res.status, JSON.stringify(row)).toBe(403);
      expect(res.body.message).toBe(
        'permission denied: a Permission may only grant or deny what you hold yourself',
      );
    }
  });

  it('cannot widen a harmless Permission into a powerful one by PATCH or upsert', async () => {
    const id = await grant({ action: 'read', object: 'canaries', person_id: ids.viewer });
    const patch = await request(app)
      .patch(`/api/db/permissions?id=eq.${id}`)
      .set(as('editor'))
      .send({ object: 'people', action: '*' });
    expect(patch.status).toBe(403);
    const upsert = await request(app)
      .post('/api/db/permissions')
      .set(as('editor'))
      .set('Prefer', 'resolution=merge-duplicates')
      .send({ id, action: '*', object: 'people', person_id: ids.viewer, created_by: ids.editor });
    expect(upsert.status).toBe(403);
    const { rows } = await db.pool.query('SELECT action, object FROM permissions WHERE id = $1', [
      id,
    ]);
    expect(rows[0]).toEqual({ action: 'read', object: 'canaries' });
    await revoke(id);
  });

  it('cannot lift a deny that binds it', async () => {
    const deny = await grant({
      action: 'update',
      object: 'people',
      deny: true,
      person_id: ids.editor,
    });
    const res = await request(app).delete(`/api/db/permissions?id=eq.${deny}`).set(as('editor'));
    expect(res.status).toBe(403);
    expect((await db.pool.query('SELECT 1 FROM permissions WHERE id = $1', [deny])).rowCount).toBe(
      1,
    );
    await revoke(deny);
  });

  it('cannot make anyone admin, nor demote the admin', async () => {
    const up = await request(app)
      .post(`/api/rbac/${ids.viewer}/update_role`)
      .set(as('editor'))
      .send({ roles: ['admin'] });
    expect(up.status).toBe(403);
    expect(up.body.message).toBe('permission denied: the admin role grants more than you hold');
    const down = await request(app)
      .post(`/api/rbac/${ids.admin}/update_role`)
      .set(as('editor'))
      .send({ roles: ['viewer'] });
    expect(down.status).toBe(403);
    expect(await whoamiRoles('admin')).toEqual(['admin']);
    const ok = await request(app)
      .post(`/api/rbac/${ids.viewer}/update_role`)
      .set(as('editor'))
      .send({ roles: ['responder'] });
    expect(ok.status).toBe(200);
    await request(app)
      .post(`/api/rbac/${ids.viewer}/update_role`)
      .set(as('admin'))
      .send({ roles: ['viewer'] })
      .expect(200);
  });
});

describe('a delegate with write on people acts only on people holding no more than it', () => {
  let delegation: string;
  beforeAll(async () => {
    delegation = await grant({ action: '*', object: 'people', person_id: ids.editor });
  });
  afterAll(async () => revoke(delegation));

  it("cannot change the admin's e-mail, state or recovery link", async () => {
    const update = await request(app)
      .post('/api/people/update')
      .set(as('editor'))
      .send({ id: ids.admin, email: 'attacker@evil.test' });
    expect(update.status).toBe(403);
    expect(update.body.message).toBe(
      'permission denied: this person has the admin role, which grants more than you hold',
    );
    const db1 = await request(app)
      .patch(`/api/db/people?id=eq.${ids.admin}`)
      .set(as('editor'))
      .send({ email: 'attacker@evil.test' });
    expect(db1.status).toBe(403);
    const link = await request(app).post(`/api/auth/${ids.admin}/recovery_link`).set(as('editor'));
    expect(link.status).toBe(403);
    const state = await request(app)
      .post(`/api/auth/${ids.admin}/update_state`)
      .set(as('editor'))
      .send({ state: 'inactive' });
    expect(state.status).toBe(403);
    const invite = await request(app)
      .post('/api/auth/invite_user')
      .set(as('editor'))
      .send({ firstName: 'Eve', lastName: 'L', email: 'eve@evil.test', role: 'admin' });
    expect(invite.status).toBe(403);
    const { rows } = await db.pool.query('SELECT email FROM people WHERE id = $1', [ids.admin]);
    expect(rows[0]?.email).toBe('admin@escalation.test');
  });

  it('can still edit a viewer', async () => {
    await request(app)
      .patch(`/api/db/people?id=eq.${ids.viewer}`)
      .set(as('editor'))
      .send({ avatar: 'https://example.test/a.png' })
      .expect(204);
  });
});
