import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../auth/firstAdmin.js';
import { totp } from '../auth/totp.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { createApp } from './app.js';

const ADMIN = {
  email: 'admin@example.com',
  password: 'admin-password-1',
  token: 'vgl_identity_admin_token_000000',
};
const ORIGIN = 'http://127.0.0.1';
let db: TestDatabase;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  db = await startTestDatabase();
  await ensureFirstAdmin(db.pool, silentLog, { ...ADMIN, dataDir: db.dataDir });
  app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: 'https://vigil.example' },
  });
});
afterAll(async () => db?.close());

const admin = { Authorization: `Bearer ${ADMIN.token}` };
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(app)
    .post(path)
    .set('Host', '127.0.0.1')
    .set('Origin', ORIGIN)
    .set(headers)
    .send(body as object);

async function signIn(username: string, password: string): Promise<string> {
  const res = await post('/api/auth/login', { username, password }).expect(200);
  expect(res.body.message).toBe('success');
  return (res.headers['set-cookie']?.[0] as string).split(';')[0] as string;
}

describe('invitations and registration', () => {
  it('invites a user who sets a password through the link and signs in', async () => {
    const res = await post(
      '/api/auth/invite_user',
      { firstName: 'Ines', lastName: 'Vite', email: 'ines@example.com', role: 'responder' },
      admin,
    ).expect(200);
    const link = new URL(res.body.link as string);
    expect(link.origin + link.pathname).toBe('https://vigil.example/registration');
    const token = link.searchParams.get('invite') as string;
    const preview = await request(app).get(`/api/auth/invitations/${token}`).expect(200);
    expect(preview.body).toEqual({
      email: 'ines@example.com',
      firstName: 'Ines',
      lastName: 'Vite',
    });
    await post('/api/auth/login', {
      username: 'ines@example.com',
      password: 'anything-123',
    }).expect(401);
    // Until the link is used, the Users page shows the person as invited, not active.
    const state = async () =>
      (
        await request(app)
          .get('/api/db/identities?traits->>email=eq.ines@example.com&select=state')
          .set(admin)
      ).body;
    expect(await state()).toEqual([{ state: 'invited' }]);
    const reg = await post('/api/auth/registration', {
      invite: token,
      password: 'ines-password',
    }).expect(200);
    expect(reg.headers['set-cookie']?.[0]).toMatch(/^vigil_session=/);
    expect(await state()).toEqual([{ state: 'active' }]);
    const cookie = await signIn('ines@example.com', 'ines-password');
    const who = await request(app).get('/api/auth/whoami').set('Cookie', cookie).expect(200);
    expect(who.body.payload.roles).toEqual(['responder']);
    // The link works once.
    await post('/api/auth/registration', { invite: token, password: 'again-password' }).expect(410);
  });

  it('validates invitations with the spec messages and refuses duplicates', async () => {
    const bad = await post(
      '/api/auth/invite_user',
      { firstName: '', lastName: 'X', email: 'x@y.z', role: 'viewer' },
      admin,
    ).expect(400);
    expect(bad.body.message).toBe('Please provide valid first name');
    const email = await post(
      '/api/auth/invite_user',
      { firstName: 'A', lastName: 'B', email: 'not-an-email', role: 'viewer' },
      admin,
    ).expect(400);
    expect(email.body.message).toBe('Entered value does not match email format');
    const role = await post(
      '/api/auth/invite_user',
      { firstName: 'A', lastName: 'B', email: 'a@b.co', role: 'god' },
      admin,
    ).expect(400);
    expect(role.body.message).toBe('Please select any role');
    const dup = await post(
      '/api/auth/invite_user',
      { firstName: 'A', lastName: 'B', email: 'ADMIN@example.com', role: 'viewer' },
      admin,
    ).expect(409);
    expect(dup.body.message).toBe('User already exists');
  });

  it('keeps registration invitation-only until an admin opens it', async () => {
    const body = {
      firstName: 'Open',
      lastName: 'Door',
      email: 'open@example.com',
      password: 'open-password',
    };
    const closed = await post('/api/auth/registration', body).expect(403);
    expect(closed.body.message).toMatch(/^Registration is by invitation only/);
    await request(app)
      .put('/api/properties/registration.enabled')
      .set(admin)
      .send({ value: 'true' })
      .expect(200);
    await post('/api/auth/registration', body).expect(200);
    const who = await request(app)
      .get('/api/auth/whoami')
      .set('Cookie', await signIn('open@example.com', 'open-password'));
    expect(who.body.payload.roles).toEqual(['viewer']);
    await request(app).delete('/api/properties/registration.enabled').set(admin).expect(204);
  });
});

describe('recovery, profile and two-factor sign-in', () => {
  it('recovers an account through an admin-made link, ending old sessions', async () => {
    await post(
      '/api/auth/invite_user',
      { firstName: 'Rex', lastName: 'Covery', email: 'rex@example.com', role: 'viewer' },
      admin,
    ).expect(200);
    const ppl = await db.pool.query(`SELECT id FROM people WHERE email = 'rex@example.com'`);
    const link = await post(`/api/auth/${ppl.rows[0].id}/recovery_link`, {}, admin).expect(200);
    const token = new URL(link.body.link).searchParams.get('token') as string;
    await post('/api/auth/recovery', { token, password: 'short' }).expect(400);
    await post('/api/auth/recovery', { token, password: 'rex-new-password' }).expect(200);
    await signIn('rex@example.com', 'rex-new-password');
    await post('/api/auth/recovery', { token, password: 'rex-other-password' }).expect(410);
  });

  it('changes the profile and the password', async () => {
    const cookie = await signIn('ines@example.com', 'ines-password');
    const h = { Cookie: cookie };
    const p = await request(app)
      .patch('/api/auth/profile')
      .set('Host', '127.0.0.1')
      .set('Origin', ORIGIN)
      .set(h)
      .send({ firstName: 'Inès', email: 'ines2@example.com' })
      .expect(200);
    expect(p.body).toMatchObject({
      firstName: 'Inès',
      lastName: 'Vite',
      email: 'ines2@example.com',
      emailVerified: false,
    });
    const token = new URL(p.body.verificationLink).searchParams.get('token') as string;
    await post('/api/auth/verification', { token }).expect(200);
    expect((await request(app).get('/api/auth/profile').set(h)).body.emailVerified).toBe(true);
    const wrong = await post(
      '/api/auth/password',
      { currentPassword: 'nope', newPassword: 'ines-password-2' },
      h,
    ).expect(400);
    expect(wrong.body.message).toBe('The current password is not correct.');
    await post(
      '/api/auth/password',
      { currentPassword: 'ines-password', newPassword: 'ines-password-2' },
      h,
    ).expect(200);
    await signIn('ines2@example.com', 'ines-password-2');
  });

  it('enrols TOTP, then asks for the second factor and accepts a recovery code once', async () => {
    const cookie = await signIn('open@example.com', 'open-password');
    const h = { Cookie: cookie };
    const setup = await post('/api/auth/totp/setup', {}, h).expect(200);
    expect(setup.body.otpauthUrl).toMatch(
      /^otpauth:\/\/totp\/Vigil%3Aopen%40example\.com\?secret=/,
    );
    await post('/api/auth/totp/enable', { code: '000000' }, h).expect(400);
    const enabled = await post(
      '/api/auth/totp/enable',
      { code: totp(setup.body.secret) },
      h,
    ).expect(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);

    const first = await post('/api/auth/login', {
      username: 'open@example.com',
      password: 'open-password',
    }).expect(200);
    expect(first.body.message).toBe('second_factor_required');
    expect(first.headers['set-cookie']).toBeUndefined();
    const bad = await post('/api/auth/login/second-factor', {
      flow: first.body.flow,
      code: '123456',
    }).expect(401);
    expect(bad.body.message).toBe('The provided authentication code is invalid, please try again.');
    const ok = await post('/api/auth/login/second-factor', {
      flow: bad.body.flow,
      code: totp(setup.body.secret),
    }).expect(200);
    expect(ok.headers['set-cookie']?.[0]).toMatch(/^vigil_session=/);

    const code = enabled.body.recoveryCodes[0];
    const again = await post('/api/auth/login', {
      username: 'open@example.com',
      password: 'open-password',
    });
    await post('/api/auth/login/second-factor', { flow: again.body.flow, code }).expect(200);
    const third = await post('/api/auth/login', {
      username: 'open@example.com',
      password: 'open-password',
    });
    await post('/api/auth/login/second-factor', { flow: third.body.flow, code }).expect(401);
    expect((await request(app).get('/api/auth/profile').set(h)).body.recoveryCodesRemaining).toBe(
      9,
    );

    // An admin-made recovery link sets a new password but does not skip the second factor.
    const who = await db.pool.query(`SELECT id FROM people WHERE email = 'open@example.com'`);
    const link = await post(`/api/auth/${who.rows[0].id}/recovery_link`, {}, admin).expect(200);
    const token = new URL(link.body.link).searchParams.get('token') as string;
    const recovered = await post('/api/auth/recovery', {
      token,
      password: 'open-password-new',
    }).expect(200);
    expect(recovered.body.message).toBe('second_factor_required');
    expect(recovered.headers['set-cookie']).toBeUndefined();
    const in2 = await post('/api/auth/login/second-factor', {
      flow: recovered.body.flow,
      code: totp(setup.body.secret),
    }).expect(200);
    expect(in2.headers['set-cookie']?.[0]).toMatch(/^vigil_session=/);
  });

  it('throttles repeated failed sign-ins per account and logs nothing secret', async () => {
    for (let i = 0; i < 5; i++)
      await post('/api/auth/login', { username: 'rex@example.com', password: `wrong-${i}` }).expect(
        401,
      );
    const locked = await post('/api/auth/login', {
      username: 'rex@example.com',
      password: 'rex-new-password',
    }).expect(429);
    expect(locked.body.message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minutes\.$/,
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('tokens and user administration', () => {
  it('creates, lists and revokes personal tokens, showing the value once', async () => {
    const created = await post('/api/auth/tokens', { name: 'ci', expiresInDays: 30 }, admin).expect(
      201,
    );
    expect(created.body.token).toMatch(/^vgl_/);
    await request(app)
      .get('/api/about')
      .set('Authorization', `Bearer ${created.body.token}`)
      .expect(200);
    const list = await request(app).get('/api/auth/tokens').set(admin).expect(200);
    expect(JSON.stringify(list.body)).not.toContain(created.body.token);
    expect(list.body.map((t: { name: string }) => t.name)).toContain('ci');
    await request(app).delete(`/api/auth/tokens/${created.body.id}`).set(admin).expect(204);
    await request(app)
      .get('/api/about')
      .set('Authorization', `Bearer ${created.body.token}`)
      .expect(401);
  });

  it('updates a user, replaces roles, deactivates and deletes', async () => {
    const { rows } = await db.pool.query(`SELECT id FROM people WHERE email = 'rex@example.com'`);
    const id = rows[0].id as string;
    const upd = await post(
      '/api/people/update',
      { id, firstName: 'Rex', lastName: 'Newname', role: 'editor' },
      admin,
    ).expect(200);
    expect(upd.body).toEqual({ email: 'rex@example.com', name: { first: 'Rex', last: 'Newname' } });
    const roles = await request(app)
      .get(`/api/db/people_roles?id=eq.${id}&select=name,roles`)
      .set(admin)
      .expect(200);
    expect(roles.body).toEqual([{ name: 'Rex Newname', roles: ['editor'] }]);
    const ident = await request(app).get(`/api/db/identities?id=eq.${id}`).set(admin).expect(200);
    expect(ident.body[0]).toMatchObject({
      traits: { name: { first: 'Rex', last: 'Newname' }, email: 'rex@example.com' },
      state: 'active',
    });
    expect(JSON.stringify(ident.body)).not.toMatch(/scrypt|password/);
    await post('/api/people/update', { id, active: false }, admin).expect(200);
    expect(
      (await request(app).get(`/api/db/identities?id=eq.${id}&select=state`).set(admin)).body,
    ).toEqual([{ state: 'inactive' }]);
    await request(app).delete(`/api/people/${id}`).set(admin).expect(204);
    expect((await request(app).get(`/api/db/identities?id=eq.${id}`).set(admin)).body).toEqual([]);
  });

  it('refuses user administration to non-admins, naming the permission', async () => {
    const cookie = await signIn('ines2@example.com', 'ines-password-2');
    const res = await post(
      '/api/auth/invite_user',
      { firstName: 'A', lastName: 'B', email: 'c@d.ef', role: 'viewer' },
      { Cookie: cookie },
    ).expect(403);
    expect(res.body.message).toBe(
      'permission denied: write on identities is not granted to roles responder',
    );
  });
});

describe('agents', () => {
  it('registers an agent with its own one-year token, shown once', async () => {
    const res = await post(
      '/api/agent/generate',
      { name: 'cluster-eu', properties: { region: 'eu' } },
      admin,
    ).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      agent_id: expect.any(String),
      name: 'cluster-eu',
      username: 'agent-cluster-eu',
      access_token: expect.stringMatching(/^vgl_agent_/),
    });
    const who = await request(app)
      .get('/api/auth/whoami')
      .set('Authorization', `Bearer ${res.body.access_token}`)
      .expect(200);
    expect(who.body.payload.user.name).toBe('agent-cluster-eu');
    const agent = await request(app)
      .get('/api/db/agents?name=eq.cluster-eu&select=name,properties,person_id')
      .set(admin)
      .expect(200);
    expect(agent.body).toEqual([
      { name: 'cluster-eu', properties: { region: 'eu', type: 'agent' }, person_id: res.body.id },
    ]);
    await post('/api/agent/generate', { name: 'cluster-eu' }, admin).expect(409);
    await post('/api/agent/generate', { name: 'Bad Name' }, admin).expect(400);
  });
});

describe('secrets in answers and logs', () => {
  it('never writes passwords, token values or hashes to the log', async () => {
    const lines: string[] = [];
    const { pino } = await import('pino');
    const log = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const logged = createApp({
      pool: db.pool,
      log,
      config: { consoleDir: '/nonexistent', publicUrl: undefined },
    });
    await request(logged)
      .post('/api/auth/login')
      .send({ username: ADMIN.email, password: 'wrong-password-xyz' })
      .expect(401);
    await request(logged)
      .post('/api/auth/login')
      .send({ username: ADMIN.email, password: ADMIN.password })
      .expect(200);
    const created = await request(logged)
      .post('/api/auth/tokens')
      .set(admin)
      .send({ name: 'logcheck' })
      .expect(201);
    await request(logged)
      .get('/api/about')
      .set('Authorization', `Bearer ${created.body.token}`)
      .expect(200);
    const text = lines.join('\n');
    expect(text).toContain('failed sign-in');
    for (const secret of [
      'wrong-password-xyz',
      ADMIN.password,
      ADMIN.token,
      created.body.token,
      'scrypt$',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('never returns password or token hashes from any exposed people data', async () => {
    const answers = await Promise.all(
      [
        '/api/db/people?select=*',
        '/api/db/identities',
        '/api/db/people_roles',
        '/api/auth/tokens',
        '/api/db/people?select=*,teams!team_members(*)',
      ].map((p) => request(app).get(p).set(admin)),
    );
    const hashes = (
      await db.pool.query<{ v: string }>(
        'SELECT password_hash AS v FROM credentials WHERE password_hash IS NOT NULL UNION ALL SELECT value FROM access_tokens',
      )
    ).rows.map((r) => r.v);
    for (const res of answers) {
      expect(res.status).toBe(200);
      for (const h of hashes) expect(res.text).not.toContain(h);
    }
  });
});
