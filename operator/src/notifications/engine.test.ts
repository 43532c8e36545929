import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { NotificationEngine } from './engine.js';

/**
 * The notification engine against a real PostgreSQL and a loopback webhook: events decided
 * from the queue, sends, repeats, silences, waitFor, retries, fallback, grouping, playbooks
 * and restarts. Every outcome is asserted on notification_send_history, as users see it.
 */
let db: TestDatabase;
let receiver: http.Server;
let port = 0;
let received: { path: string; body: Record<string, unknown> }[] = [];
/** Answers with this status while set (a receiver that is down). */
let failWith: number | undefined;

let engine: NotificationEngine;
const engines: NotificationEngine[] = [];

function startEngine(): NotificationEngine {
  const e = new NotificationEngine({
    pool: db.pool,
    log: silentLog,
    baseUrl: 'http://vigil.test',
    dispatcher: { pollMs: 50, retryBaseMs: 50, maxAttempts: 3 },
  });
  engines.push(e);
  return e;
}

beforeAll(async () => {
  db = await startTestDatabase();
  receiver = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      if (failWith) {
        res.writeHead(failWith).end('down');
        return;
      }
      received.push({
        path: req.url ?? '',
        body: JSON.parse(data || '{}') as Record<string, unknown>,
      });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  port = (receiver.address() as AddressInfo).port;
  engine = startEngine();
  await engine.start();
}, 60_000);

afterAll(async () => {
  for (const e of engines) await e.stop();
  receiver?.close();
  await db?.close();
});

beforeEach(() => {
  received = [];
  failWith = undefined;
});

/** What the receiver got on one rule's path (every rule here hears every check's events). */
const got = (path: string) =>
  received.filter((r) => r.path === `/${path}` || r.path.startsWith(`/${path}?`));

const hook = (path: string) => `generic+http://127.0.0.1:${port}/${path}?template=json`;

let n = 0;
async function rule(fields: Record<string, unknown>): Promise<string> {
  const cols = { name: `rule-${++n}`, namespace: 'default', source: 'UI', ...fields };
  const keys = Object.keys(cols);
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO notifications (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(cols).map((v) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? JSON.stringify(v)
        : Array.isArray(v) && typeof v[0] === 'object'
          ? JSON.stringify(v)
          : v,
    ),
  );
  return rows[0]?.id as string;
}

async function canaryWithCheck(name: string): Promise<{ canary: string; check: string }> {
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec, source) VALUES ($1, 'default', '{}', 'UI') RETURNING id`,
    [`${name}-canary`],
  );
  const canary = rows[0]?.id as string;
  const { rows: checks } = await db.pool.query<{ id: string }>(
    `INSERT INTO checks (canary_id, name, type, status) VALUES ($1, $2, 'http', 'healthy') RETURNING id`,
    [canary, name],
  );
  return { canary, check: checks[0]?.id as string };
}

const setCheck = (id: string, status: 'healthy' | 'unhealthy') =>
  db.pool.query('UPDATE checks SET status = $2 WHERE id = $1', [id, status]);

interface HistoryRow {
  status: string;
  count: number;
  reason: string | null;
  error: string | null;
  body: string | null;
  recipient: string | null;
  silenced_by: string | null;
  parent_id: string | null;
  source_event: string;
}

const history = async (ruleId: string) =>
  (
    await db.pool.query<HistoryRow>(
      `SELECT status, count, reason, error, body, recipient, silenced_by, parent_id, source_event
         FROM notification_send_history WHERE notification_id = $1 ORDER BY created_at, id`,
      [ruleId],
    )
  ).rows;

const statuses = async (ruleId: string) => (await history(ruleId)).map((h) => h.status);

describe('deciding and sending', () => {
  it('sends a failing check once to the webhook, with a link back and a silence link', async () => {
    const { check } = await canaryWithCheck('api');
    const id = await rule({
      events: ['check.failed'],
      custom_services: [{ name: 'to', url: hook('a') }],
    });
    await setCheck(check, 'unhealthy');
    await engine.drain();
    const rows = await history(id);
    expect(rows.map((r) => r.status)).toEqual(['sent']);
    expect(rows[0]?.recipient).toContain('127.0.0.1');
    expect(got('a')).toHaveLength(1);
    expect(got('a')[0]?.body.title).toBe('Check api is unhealthy');
    expect(String(got('a')[0]?.body.message)).toContain(
      `http://vigil.test/health?checkId=${check}`,
    );
    expect(String(got('a')[0]?.body.message)).toContain(
      `http://vigil.test/notifications/silences/add?check_id=${check}`,
    );
  });

  it('holds repeats within repeatInterval, counting them on one row', async () => {
    const { check } = await canaryWithCheck('repeat');
    const id = await rule({
      events: ['check.failed'],
      repeat_interval: '1h',
      custom_services: [{ name: 'to', url: hook('r') }],
    });
    for (let i = 0; i < 3; i++) {
      await setCheck(check, 'unhealthy');
      await engine.drain();
      await setCheck(check, 'healthy');
    }
    await engine.drain();
    const rows = await history(id);
    expect(rows.map((r) => [r.status, r.count])).toEqual([
      ['sent', 1],
      ['repeat-interval', 2],
    ]);
    expect(rows[1]?.reason).toMatch(/repeats are held for 1h/);
    expect(got('r')).toHaveLength(1);
  });

  it('skips rules whose filter is false, and records a filter that cannot run', async () => {
    const { check } = await canaryWithCheck('filtered');
    const no = await rule({
      events: ['check.failed'],
      filter: "check.name == 'other'",
      custom_services: [{ name: 'to', url: hook('f') }],
    });
    const broken = await rule({
      events: ['check.failed'],
      filter: 'check.name ==',
      custom_services: [{ name: 'to', url: hook('f') }],
    });
    await setCheck(check, 'unhealthy');
    await engine.drain();
    expect(await history(no)).toEqual([]);
    const [row] = await history(broken);
    expect(row?.status).toBe('error');
    expect(row?.error).toMatch(/^filter: /);
  });

  it('silences the checks of a component recursively through its parent', async () => {
    const { canary, check } = await canaryWithCheck('silenced');
    const parent = await db.pool.query<{ id: string }>(
      `INSERT INTO components (name, external_id, status, type) VALUES ('shop', 'shop', 'healthy', 'App') RETURNING id`,
    );
    const child = await db.pool.query<{ id: string }>(
      `INSERT INTO components (name, external_id, status, type, parent_id) VALUES ('cart', 'cart', 'healthy', 'Svc', $1) RETURNING id`,
      [parent.rows[0]?.id],
    );
    await db.pool.query(
      `INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES ($1, $2, $3)`,
      [child.rows[0]?.id, check, canary],
    );
    const { rows: silence } = await db.pool.query<{ id: string }>(
      `INSERT INTO notification_silences (namespace, description, "from", until, recursive, component_id, source)
       VALUES ('default', 'maintenance', now() - interval '1 minute', now() + interval '1 hour', true, $1, 'UI') RETURNING id`,
      [parent.rows[0]?.id],
    );
    const id = await rule({
      events: ['check.failed'],
      custom_services: [{ name: 'to', url: hook('s') }],
    });
    await setCheck(check, 'unhealthy');
    await engine.drain();
    const [row] = await history(id);
    expect(row?.status).toBe('silenced');
    expect(row?.silenced_by).toBe(silence[0]?.id);
    expect(row?.reason).toMatch(/maintenance/);
    expect(got('s')).toEqual([]);
  });

  it('skips a flap that recovered within waitFor, and sends one that did not', async () => {
    const flap = await canaryWithCheck('flap');
    const stays = await canaryWithCheck('stays');
    const id = await rule({
      events: ['check.failed'],
      wait_for: 1,
      custom_services: [{ name: 'to', url: hook('w') }],
    });
    await setCheck(flap.check, 'unhealthy');
    await setCheck(stays.check, 'unhealthy');
    await engine.drain();
    expect(await statuses(id)).toEqual(['pending', 'pending']);
    await setCheck(flap.check, 'healthy');
    await new Promise((r) => setTimeout(r, 1100));
    await engine.drain();
    const rows = await history(id);
    expect(rows.map((r) => r.status).sort()).toEqual(['sent', 'skipped']);
    expect(rows.find((r) => r.status === 'skipped')?.reason).toMatch(/flap is healthy now/);
    expect(got('w')).toHaveLength(1);
  });

  it('counts a second failure during waitFor on the waiting notification: one message', async () => {
    const { check } = await canaryWithCheck('twice');
    const id = await rule({
      events: ['check.failed'],
      wait_for: 1,
      repeat_interval: '1h',
      custom_services: [{ name: 'to', url: hook('t') }],
    });
    await setCheck(check, 'unhealthy');
    await engine.drain();
    await setCheck(check, 'healthy');
    await setCheck(check, 'unhealthy');
    await engine.drain();
    await new Promise((r) => setTimeout(r, 1100));
    await engine.drain();
    const rows = await history(id);
    expect(rows.map((r) => [r.status, r.count])).toEqual([['sent', 2]]);
    expect(got('t')).toHaveLength(1);
  });

  it('retries a receiver that is down, then sends: history shows error, then sent', async () => {
    const { check } = await canaryWithCheck('down');
    const id = await rule({
      events: ['check.failed'],
      custom_services: [{ name: 'to', url: hook('d') }],
    });
    failWith = 503;
    await setCheck(check, 'unhealthy');
    await engine.drain();
    expect((await statuses(id))[0]).toBe('error');
    failWith = undefined;
    await new Promise((r) => setTimeout(r, 150));
    await engine.drain();
    const rows = await history(id);
    expect(rows.map((r) => r.status)).toEqual(['error', 'sent']);
    expect(rows[0]?.error).toMatch(/503/);
    expect(got('d')).toHaveLength(1);
  });

  it('gives up after the last attempt and sends to the fallback', async () => {
    const { check } = await canaryWithCheck('fallback');
    const id = await rule({
      events: ['check.failed'],
      custom_services: [{ name: 'to', url: `generic+http://127.0.0.1:1/closed?template=json` }],
      fallback: { custom_services: [{ name: 'to', url: hook('fb') }] },
    });
    await setCheck(check, 'unhealthy');
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 250));
      await engine.drain();
    }
    expect(await statuses(id)).toEqual(['error', 'error', 'error', 'sent']);
    expect(got('fb')).toHaveLength(1);
  });

  it('groups waiting notifications of one rule by type into one message', async () => {
    const a = await canaryWithCheck('group-a');
    const b = await canaryWithCheck('group-b');
    const id = await rule({
      events: ['check.failed'],
      wait_for: 1,
      group_by: ['type'],
      custom_services: [{ name: 'to', url: hook('g') }],
    });
    await setCheck(a.check, 'unhealthy');
    await setCheck(b.check, 'unhealthy');
    await engine.drain();
    await new Promise((r) => setTimeout(r, 1100));
    await engine.drain();
    expect(await statuses(id)).toEqual(['sent', 'sent']);
    expect(got('g')).toHaveLength(1);
    expect(String(got('g')[0]?.body.message)).toMatch(/Also affected \(1\): group-b|group-a/);
  });

  it('runs a playbook only with a Permission whose subject is the rule', async () => {
    const { check } = await canaryWithCheck('playbook');
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO playbooks (name, namespace, title, spec, source)
       VALUES ('repair', 'default', 'Repair', '{"actions":[{"name":"a","exec":{"script":"true"}}]}', 'UI')
       RETURNING id`,
    );
    const playbook = rows[0]?.id as string;
    const id = await rule({ events: ['check.failed'], playbook_id: playbook });
    await setCheck(check, 'unhealthy');
    await engine.drain();
    const [refused] = await history(id);
    expect(refused?.status).toBe('error');
    expect(refused?.error).toMatch(
      /may not run playbook default\/repair .*Permission whose subject is this notification/,
    );

    await db.pool.query(
      `INSERT INTO permissions (action, object_selector, notification_id, created_by, source)
       VALUES ('playbook:run', '{"playbooks":[{"name":"repair"}]}', $1,
               '00000000-0000-0000-0000-000000000000', 'UI')`,
      [id],
    );
    await setCheck(check, 'healthy');
    await setCheck(check, 'unhealthy');
    await engine.drain();
    expect(await statuses(id)).toEqual(['error', 'pending_playbook_completion']);
    const run = await db.pool.query(
      `SELECT r.status, r.check_id FROM playbook_runs r
         JOIN notification_send_history h ON h.playbook_run_id = r.id
        WHERE h.notification_id = $1`,
      [id],
    );
    expect(run.rows).toEqual([{ status: 'scheduled', check_id: check }]);
  });

  it('forgets finished history after the retention, never what is still to be sent', async () => {
    const id = await rule({
      events: ['check.passed'],
      custom_services: [{ name: 'to', url: hook('p') }],
    });
    const { rows: checks } = await db.pool.query<{ id: string }>('SELECT id FROM checks LIMIT 1');
    await db.pool.query(
      `INSERT INTO notification_send_history (notification_id, status, source_event, resource_id, created_at, not_before)
       VALUES ($1, 'sent', 'check.passed', $2, now() - interval '40 days', NULL),
              ($1, 'pending', 'check.passed', $2, now() - interval '40 days', now() + interval '1 hour'),
              ($1, 'sent', 'check.passed', $2, now() - interval '1 day', NULL)`,
      [id, checks[0]?.id],
    );
    expect(await engine.dispatcher.prune()).toBe(1);
    expect((await statuses(id)).sort()).toEqual(['pending', 'sent']);
    await db.pool.query('DELETE FROM notification_send_history WHERE notification_id = $1', [id]);
  });

  it('queues events only for what some rule asks for', async () => {
    const { rows } = await db.pool.query<{ event: string }>(
      `SELECT event FROM event_subscriptions WHERE consumer = 'notification' ORDER BY event`,
    );
    expect(rows.map((r) => r.event)).toEqual(['check.failed', 'check.passed']);
  });

  it('sends what was pending when the engine stopped, after a restart', async () => {
    await engine.stop();
    const { check } = await canaryWithCheck('restart');
    const id = await rule({
      events: ['check.failed'],
      custom_services: [{ name: 'to', url: hook('x') }],
    });
    await setCheck(check, 'unhealthy');
    engine = startEngine();
    await engine.start();
    await engine.drain();
    expect(await statuses(id)).toEqual(['sent']);
  });
});
