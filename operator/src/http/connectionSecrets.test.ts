import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../auth/identity.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { createApp } from './app.js';

/** Credentials stored in a connection never come back out, whoever asks and however. */
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let id: string;
const admin = { Authorization: 'Bearer vgl_secrets_admin_token_0000000000' };
const URL_WITH_SECRETS =
  'postgres://report:s3cr3t-pw@db.internal:5432/sales?sslpassword=k3y&sslmode=verify-full';

beforeAll(async () => {
  db = await startTestDatabase();
  const person = await createPerson(db.pool, {
    name: 'admin',
    email: 'admin@secrets.test',
    password: 'password-123',
    roles: ['admin'],
  });
  await ensureToken(db.pool, person.id, 'test', admin.Authorization.slice(7));
  app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined },
  });
  const res = await request(app)
    .post('/api/db/connections')
    .set(admin)
    .set('Prefer', 'return=representation')
    .send({ name: 'sales', type: 'postgres', url: URL_WITH_SECRETS, password: 'other-secret' })
    .expect(201);
  id = res.body[0].id;
  expect(JSON.stringify(res.body)).not.toMatch(/s3cr3t|k3y|other-secret/);
});
afterAll(async () => db?.close());

const MASKED = 'postgres://report:***@db.internal:5432/sales?sslpassword=***&sslmode=verify-full';

describe('connection secrets', () => {
  it('masks a password inside the URL in every read, even for admins', async () => {
    for (const path of [
      `/api/db/connections?id=eq.${id}`,
      `/api/db/connections?id=eq.${id}&select=url`,
      `/api/db/connection_details?id=eq.${id}`,
    ]) {
      const res = await request(app).get(path).set(admin).expect(200);
      expect(res.body[0].url, path).toBe(MASKED);
      expect(JSON.stringify(res.body), path).not.toMatch(/s3cr3t|k3y|other-secret/);
    }
  });

  it('cannot be guessed through filters or ordering on the URL', async () => {
    const like = await request(app).get('/api/db/connections?url=like.*s3cr3t*').set(admin);
    expect(like.body).toEqual([]);
    const password = await request(app).get('/api/db/connections?select=password').set(admin);
    expect(password.status).toBe(400);
  });

  it('keeps the real URL when the console sends the masked one back', async () => {
    await request(app)
      .patch(`/api/db/connections?id=eq.${id}`)
      .set(admin)
      .send({ url: MASKED, name: 'sales-db' })
      .expect(204);
    const { rows } = await db.pool.query('SELECT url, name FROM connections WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ url: URL_WITH_SECRETS, name: 'sales-db' });
  });

  it.each([
    [
      'https://x-access-token:ghp_abc@github.com/org/repo.git',
      'https://x-access-token:***@github.com/org/repo.git',
    ],
    ['smtp://mailer@smtp.example:587', 'smtp://mailer@smtp.example:587'],
    [
      'https://hooks.example/notify?token=abc123&channel=ops',
      'https://hooks.example/notify?token=***&channel=ops',
    ],
    ['secret://vault/password', 'secret://vault/password'],
    ['host=db user=u password=hunter2 dbname=x', 'host=db user=u password=*** dbname=x'],
    // Webhook and notification URLs that carry their token (0034).
    ['slack://xoxb-123-abc@alerts', 'slack://***'],
    ['telegram://123:tok@telegram?chats=@ops', 'telegram://***?chats=@ops'],
    ['https://hooks.slack.com/services/T0/B0/XYZ', 'https://hooks.slack.com/services/***'],
    ['https://discord.com/api/webhooks/123/tok', 'https://discord.com/api/webhooks/123/***'],
    ['https://mm.example/hooks/abc', 'https://mm.example/hooks/***'],
    [
      'https://chat.googleapis.com/v1/spaces/AAA/messages?key=k1&token=t1',
      'https://chat.googleapis.com/v1/spaces/AAA/messages?key=***&token=***',
    ],
    [
      'https://x.logic.azure.com/wf?api-version=1&sig=s1',
      'https://x.logic.azure.com/wf?api-version=1&sig=***',
    ],
  ])('masks %s as %s', async (raw, masked) => {
    const { rows } = await db.pool.query<{ m: string }>('SELECT mask_url($1) AS m', [raw]);
    expect(rows[0]?.m).toBe(masked);
  });
});
