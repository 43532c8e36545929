import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../../auth/identity.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';
import { createApp } from '../app.js';
import { parseTime } from './notification.js';

describe('parseTime', () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);
  it.each([
    ['now', '2026-11-25T12:00:00.000Z'],
    ['now+2h', '2026-11-25T14:00:00.000Z'],
    ['now-30m', '2026-11-25T11:30:00.000Z'],
    ['now+1d+6h', '2026-11-26T18:00:00.000Z'],
    ['2026-12-01T08:00:00Z', '2026-12-01T08:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(parseTime(text, now)?.toISOString()).toBe(iso);
  });
  it.each(['', 'tomorrow', 'now+2x', '2026-13-45', 12])('refuses %j', (text) => {
    expect(parseTime(text, now)).toBeUndefined();
  });
});

describe('POST /api/notification/silence', () => {
  let db: TestDatabase;
  let app: express.Express;
  let check = '';
  const auth = { Authorization: 'Bearer vgl_silence_editor_token_000000000' };

  beforeAll(async () => {
    db = await startTestDatabase();
    const editor = await createPerson(db.pool, {
      name: 'Ed',
      email: 'ed@silence.test',
      password: 'password-123',
      roles: ['editor'],
    });
    await ensureToken(db.pool, editor.id, 'test', 'vgl_silence_editor_token_000000000');
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO canaries (name, namespace, spec, source) VALUES ('web', 'prod', '{}', 'UI') RETURNING id`,
    );
    const { rows: checks } = await db.pool.query<{ id: string }>(
      `INSERT INTO checks (canary_id, name, type, namespace) VALUES ($1, 'home', 'http', 'prod') RETURNING id`,
      [rows[0]?.id],
    );
    check = checks[0]?.id as string;
    app = createApp({ pool: db.pool, log: silentLog, config: { consoleDir: '/nonexistent' } });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  const post = (body: Record<string, unknown>) =>
    request(app).post('/api/notification/silence').set(auth).send(body);

  it('silences a check from now for two hours, as the person who asked', async () => {
    const res = await post({
      check_id: check,
      from: 'now',
      until: 'now+2h',
      description: 'deploy',
      recursive: true,
      filter: "check.type == 'http'",
    });
    expect(res.status).toBe(200);
    const { rows } = await db.pool.query(
      `SELECT s.namespace, s.description, s.recursive, s.filter, s.source, p.email,
              round(extract(epoch FROM s.until - s."from") / 3600) AS hours
         FROM notification_silences s JOIN people p ON p.id = s.created_by WHERE s.check_id = $1`,
      [check],
    );
    expect(rows).toEqual([
      {
        namespace: 'prod',
        description: 'deploy',
        recursive: true,
        filter: "check.type == 'http'",
        source: 'UI',
        email: 'ed@silence.test',
        hours: 2,
      },
    ]);
  });

  it.each([
    [{ from: 'now', until: 'now+1h' }, 400, /exactly one resource/],
    [{ check_id: 'x', component_id: 'y', from: 'now', until: 'now+1h' }, 400, /exactly one/],
    [{ check_id: 'nope', from: 'now', until: 'now+1h' }, 400, /must be a UUID/],
    [{ check_id: 'CHECK', until: 'now+1h' }, 400, /from is required/],
    [{ check_id: 'CHECK', from: 'now', until: 'soon' }, 400, /until is required/],
    [{ check_id: 'CHECK', from: 'now', until: 'now-1h' }, 400, /until must be after from/],
    [
      { check_id: 'CHECK', from: 'now', until: 'now+1h', filter: 'check.name ==' },
      400,
      /^filter: /,
    ],
    [
      { check_id: '00000000-0000-0000-0000-00000000c0de', from: 'now', until: 'now+1h' },
      404,
      /check .* not found/,
    ],
  ])('refuses %j with %i', async (body, status, message) => {
    const withId = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, v === 'CHECK' ? check : v]),
    );
    const before = await db.pool.query('SELECT count(*)::int AS n FROM notification_silences');
    const res = await post(withId);
    expect(res.status).toBe(status);
    expect((res.body as { message: string }).message).toMatch(message);
    const after = await db.pool.query('SELECT count(*)::int AS n FROM notification_silences');
    expect(after.rows[0]).toEqual(before.rows[0]);
  });
});
