import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../../auth/identity.js';
import type { Role } from '../../auth/policy.js';
import { PrincipalCache } from '../../auth/principalCache.js';
import { storeArtifacts } from '../../playbooks/artifacts.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';
import { createApp } from '../app.js';
import { authenticate, requireSignIn } from '../authn.js';
import { errorHandler } from '../errors.js';
import { contentDisposition, playbookArtifactRoutes } from './playbookArtifacts.js';

let db: TestDatabase;
let app: express.Express;
const token = (name: string) => `vgl_artifacts_${name}_token_0000000000`;
const as = (name: string) => ({ Authorization: `Bearer ${token(name)}` });
const ids: Record<string, string> = {};

async function person(name: string, roles: Role[]): Promise<string> {
  const p = await createPerson(db.pool, {
    name,
    email: `${name}@artifacts.test`,
    password: 'password-123',
    roles,
  });
  await ensureToken(db.pool, p.id, 'test', token(name));
  return p.id;
}

async function one(sql: string, params: unknown[] = []): Promise<string> {
  const { rows } = await db.pool.query<{ id: string }>(`${sql} RETURNING id`, params);
  return rows[0]?.id as string;
}

/** An action of a run of a new playbook, with one artifact. */
async function artifactOf(playbook: string, filename: string, content: string) {
  const pb = await one(
    `INSERT INTO playbooks (name, spec, source) VALUES ($1, '{"actions":[]}', 'UI')`,
    [playbook],
  );
  const run = await one(`INSERT INTO playbook_runs (playbook_id) VALUES ($1)`, [pb]);
  const action = await one(
    `INSERT INTO playbook_run_actions (name, playbook_run_id) VALUES ('a', $1)`,
    [run],
  );
  const out = await storeArtifacts(db.pool, action, [
    { filename, contentType: '', content: Buffer.from(content) },
  ]);
  return { playbook: pb, id: out.stored[0]?.id as string };
}

beforeAll(async () => {
  db = await startTestDatabase();
  const admin = await person('admin', ['admin']);
  await person('viewer', ['viewer']);
  const denied = await person('denied', ['viewer']);
  const report = await artifactOf('report', 'out/report "q1";.html', '<script>alert(1)</script>');
  ids.report = report.id;
  const secret = await artifactOf('secret', 'keys.txt', 'hidden');
  ids.secret = secret.id;
  await db.pool.query(
    `INSERT INTO permissions (action, deny, playbook_id, person_id, created_by)
     VALUES ('read', true, $1, $2, $3)`,
    [secret.playbook, denied, admin],
  );
  // app.ts does not mount the route yet (the engine's routes will): mount it here, before it.
  const inner = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent' },
  });
  app = express();
  app.use(
    '/api/playbook',
    authenticate(db.pool, new PrincipalCache()),
    requireSignIn,
    playbookArtifactRoutes(db.pool),
    errorHandler,
  );
  app.use(inner);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('GET /api/playbook/artifacts/{id}', () => {
  it('downloads the bytes as an attachment with a safe file name, never inline', async () => {
    const res = await request(app)
      .get(`/api/playbook/artifacts/${ids.report}`)
      .set(as('viewer'))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect((res.body as Buffer).toString()).toBe('<script>alert(1)</script>');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="report _q1__.html"; filename*=UTF-8''report%20%22q1%22%3B.html`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
  });

  it('answers 404 for an unknown or malformed id and 401 without a session', async () => {
    await request(app)
      .get('/api/playbook/artifacts/00000000-0000-0000-0000-000000000000')
      .set(as('viewer'))
      .expect(404);
    await request(app).get('/api/playbook/artifacts/nope').set(as('viewer')).expect(404);
    await request(app).get(`/api/playbook/artifacts/${ids.report}`).expect(401);
  });

  it('refuses an artifact of a run whose playbook a Permission hides from the reader', async () => {
    const res = await request(app)
      .get(`/api/playbook/artifacts/${ids.secret}`)
      .set(as('denied'))
      .expect(403);
    expect(res.body.message).toMatch(/the run of artifact/);
    await request(app).get(`/api/playbook/artifacts/${ids.report}`).set(as('denied')).expect(200);
    await request(app).get(`/api/playbook/artifacts/${ids.secret}`).set(as('admin')).expect(200);
  });
});

describe('contentDisposition', () => {
  it('keeps non-ASCII names exactly in filename* and replaces them in the fallback', () => {
    expect(contentDisposition('résumé.pdf')).toBe(
      `attachment; filename="r_sum_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`,
    );
  });
});
