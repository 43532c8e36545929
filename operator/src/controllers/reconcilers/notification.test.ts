import { kindByName, type KindDescriptor } from '@vigil/crds';
import client from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { K8sObject } from '../../k8s/objects.js';
import * as store from '../../k8s/store.js';
import { WatchHub } from '../../k8s/watch.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';
import { eventually } from '../../testing/testServer.js';
import { ControllerManager } from '../manager.js';
import type { Condition } from '../reconciler.js';
import { EmbeddedSource } from '../source.js';
import { notificationReconciler, statusFields } from './notification.js';
import { permissionReconciler } from './permission.js';
import { SYSTEM_PERSON } from './resolve.js';
import { playbookReconciler } from './simple.js';

/** NotificationRule and Notification: two kinds, one table of rules, statuses from send history. */

const kind = (n: string) => kindByName(n) as KindDescriptor;
const RULE = kind('NotificationRule');
const NOTIFICATION = kind('Notification');
const PLAYBOOK = kind('Playbook');
const PERMISSION = kind('Permission');

let db: TestDatabase;
let hub: WatchHub;
let manager: ControllerManager;

beforeAll(async () => {
  db = await startTestDatabase();
  hub = new WatchHub(db.pool, [RULE, NOTIFICATION, PLAYBOOK, PERMISSION], silentLog);
  const fast = { statusRefreshMs: 200, recipientRetryMs: 200 };
  manager = new ControllerManager(
    db.pool,
    new EmbeddedSource(db.pool, hub),
    silentLog,
    new client.Registry(),
    [
      notificationReconciler('NotificationRule', fast),
      notificationReconciler('Notification', fast),
      playbookReconciler(),
      permissionReconciler(),
    ],
  );
  manager.start();
});
afterAll(async () => {
  await manager?.stop();
  await hub?.stop();
  await db?.close();
});

const create = (k: KindDescriptor, name: string, spec: unknown) =>
  store.create(db.pool, k, {
    apiVersion: `${k.group}/${k.version}`,
    kind: k.kind,
    metadata: { name, namespace: 'default' },
    spec,
  });

type Status = Record<string, unknown> & { conditions?: Condition[] };
const statusOf = (o: K8sObject | undefined) => (o?.status ?? {}) as Status;
const readyOf = (o: K8sObject | undefined) =>
  statusOf(o).conditions?.find((c) => c.type === 'Ready');

/** The object once its Ready condition satisfies `want`. */
const settled = (k: KindDescriptor, name: string, want: (c: Condition) => boolean) =>
  eventually(
    `${k.kind} ${name} to settle`,
    async () => {
      const o = await store.get(db.pool, k, 'default', name);
      const ready = readyOf(o);
      return ready && want(ready) ? o : undefined;
    },
    15_000,
    50,
  );
const isReady = (c: Condition) => c.status === 'True';

const row = async (id: string | undefined) =>
  (await db.pool.query('SELECT * FROM notifications WHERE id = $1', [id])).rows[0] as
    Record<string, unknown> | undefined;

describe('notification rules of either kind', () => {
  it('projects a NotificationRule and a Notification into the same table', async () => {
    const rule = await create(RULE, 'by-rule', {
      events: ['check.failed'],
      title: 'Check {{.check.name}} failed',
      to: { email: 'oncall@example.com', properties: { priority: 'high' } },
    });
    const notification = await create(NOTIFICATION, 'by-notification', {
      events: ['config.unhealthy'],
      to: { url: 'slack://token@channel' },
    });
    const r = await settled(RULE, 'by-rule', isReady);
    const n = await settled(NOTIFICATION, 'by-notification', isReady);
    expect(statusOf(r)).toMatchObject({ sent: 0, failed: 0, pending: 0, status: 'ok' });
    expect(statusOf(n)).toMatchObject({ sent: 0, failed: 0, pending: 0, status: 'ok' });
    expect(await row(rule.metadata.uid)).toMatchObject({
      name: 'by-rule',
      namespace: 'default',
      events: ['check.failed'],
      title: 'Check {{.check.name}} failed',
      properties: { priority: 'high' },
      custom_services: [
        { name: 'to', email: 'oncall@example.com', properties: { priority: 'high' } },
      ],
      person_id: null,
      team_id: null,
      playbook_id: null,
      source: 'KubernetesCRD',
      deleted_at: null,
    });
    expect(await row(notification.metadata.uid)).toMatchObject({
      name: 'by-notification',
      events: ['config.unhealthy'],
      custom_services: [{ name: 'to', url: 'slack://token@channel' }],
    });
  });

  it('writes every rule field: waitFor in seconds, fallback resolved, defaults applied', async () => {
    const team = await db.pool.query<{ id: string }>(
      `INSERT INTO teams (name, spec, source, created_by) VALUES ('sre', '{}', 'UI', $1) RETURNING id`,
      [SYSTEM_PERSON],
    );
    const playbook = await create(PLAYBOOK, 'diagnose', {
      actions: [{ name: 'look', exec: { script: 'echo ok' } }],
    });
    await settled(PLAYBOOK, 'diagnose', isReady);
    const rule = await create(RULE, 'full', {
      events: ['config.unhealthy'],
      filter: "config.type == 'Kubernetes::Deployment'",
      to: { playbook: 'default/diagnose' },
      fallback: { team: 'sre', delay: '10m' },
      repeatInterval: '1h',
      waitFor: '5m',
      groupBy: ['type', 'label:app'],
      inhibitions: [{ direction: 'outgoing', from: 'Kubernetes::Deployment', to: ['Pod'] }],
    });
    await settled(RULE, 'full', isReady);
    expect(await row(rule.metadata.uid)).toMatchObject({
      filter: "config.type == 'Kubernetes::Deployment'",
      playbook_id: playbook.metadata.uid,
      custom_services: null,
      fallback: {
        person_id: null,
        team_id: team.rows[0]?.id,
        playbook_id: null,
        custom_services: null,
      },
      fallback_delay: '10m',
      repeat_interval: '1h',
      wait_for: 300,
      wait_for_eval_period: '30s',
      group_by: ['type', 'label:app'],
      group_by_interval: '24h',
      inhibitions: [
        { direction: 'outgoing', from: 'Kubernetes::Deployment', to: ['Pod'], depth: 5 },
      ],
    });
  });

  it('keeps an email, connection, url or webhook fallback as a custom service', async () => {
    const rule = await create(NOTIFICATION, 'mail-fallback', {
      events: ['check.failed'],
      to: { team: 'sre' },
      fallback: { email: 'boss@example.com', delay: '30m' },
    });
    await settled(NOTIFICATION, 'mail-fallback', isReady);
    expect(await row(rule.metadata.uid)).toMatchObject({
      fallback: {
        person_id: null,
        team_id: null,
        playbook_id: null,
        custom_services: [{ name: 'fallback', email: 'boss@example.com' }],
      },
      fallback_delay: '30m',
    });
  });

  it('reports a missing playbook, and becomes Ready once the playbook exists', async () => {
    await create(RULE, 'later', { events: ['check.failed'], to: { playbook: 'default/later' } });
    const o = await settled(RULE, 'later', (c) => c.status === 'False');
    expect(readyOf(o)).toMatchObject({
      reason: 'RecipientNotFound',
      message: 'no playbook "default/later"',
    });
    const playbook = await create(PLAYBOOK, 'later', {
      actions: [{ name: 'look', exec: { script: 'echo ok' } }],
    });
    const ready = await settled(RULE, 'later', isReady);
    expect((await row(ready.metadata.uid))?.playbook_id).toBe(playbook.metadata.uid);
  });

  it('names the fallback when that is the recipient not found', async () => {
    await create(RULE, 'lost-fallback', {
      events: ['check.failed'],
      to: { email: 'a@example.com' },
      fallback: { person: 'nobody@example.com' },
    });
    const o = await settled(RULE, 'lost-fallback', (c) => c.status === 'False');
    expect(readyOf(o)).toMatchObject({
      reason: 'RecipientNotFound',
      message: 'fallback: no person with id or e-mail "nobody@example.com"',
    });
  });

  it('reports a filter that does not compile with the CEL error', async () => {
    await create(NOTIFICATION, 'bad-filter', {
      events: ['check.failed'],
      filter: 'check.name ==',
      to: { email: 'a@example.com' },
    });
    const o = await settled(NOTIFICATION, 'bad-filter', (c) => c.status === 'False');
    expect(readyOf(o)?.reason).toBe('InvalidFilter');
    expect(readyOf(o)?.message).toMatch(/^spec\.filter does not compile: .+/);
  });

  it('reports a waitFor that is not a duration', async () => {
    await create(RULE, 'bad-wait', {
      events: ['check.failed'],
      waitFor: 'soon',
      to: { email: 'a@example.com' },
    });
    const o = await settled(RULE, 'bad-wait', (c) => c.status === 'False');
    expect(readyOf(o)).toMatchObject({
      reason: 'InvalidSpec',
      message: 'spec.waitFor: "soon" is not a duration such as 30s, 5m or 1h',
    });
  });
});

describe('a NotificationRule and a Notification with the same name', () => {
  it('lets the first keep the name and tells the second which kind holds it', async () => {
    const first = await create(RULE, 'dup', {
      events: ['check.failed'],
      title: 'first',
      to: { email: 'a@example.com' },
    });
    await settled(RULE, 'dup', isReady);
    const second = await create(NOTIFICATION, 'dup', {
      events: ['check.passed'],
      title: 'second',
      to: { email: 'b@example.com' },
    });
    const o = await settled(NOTIFICATION, 'dup', (c) => c.status === 'False');
    expect(readyOf(o)).toMatchObject({ reason: 'NameConflict' });
    expect(readyOf(o)?.message).toContain('a NotificationRule named "dup" in namespace "default"');
    expect(await row(first.metadata.uid)).toMatchObject({ title: 'first', deleted_at: null });
    expect(await row(second.metadata.uid)).toBeUndefined();
    // Reconciling the holder again changes nothing.
    const holder = await store.get(db.pool, RULE, 'default', 'dup');
    await store.replace(db.pool, RULE, {
      ...(holder as K8sObject),
      spec: { events: ['check.failed'], title: 'first, edited', to: { email: 'a@example.com' } },
    });
    await eventually('the edit', async () =>
      (await row(first.metadata.uid))?.title === 'first, edited' ? true : undefined,
    );
  });

  it('removes only the deleted object’s row, and the other kind then takes the name', async () => {
    const first = await store.get(db.pool, RULE, 'default', 'dup');
    const second = await store.get(db.pool, NOTIFICATION, 'default', 'dup');
    await store.destroy(db.pool, RULE, 'default', 'dup');
    const took = await settled(NOTIFICATION, 'dup', isReady);
    expect(took.metadata.uid).toBe(second?.metadata.uid);
    expect((await row(first?.metadata.uid))?.deleted_at).toBeInstanceOf(Date);
    expect(await row(second?.metadata.uid)).toMatchObject({ title: 'second', deleted_at: null });
    const live = await db.pool.query(
      `SELECT id FROM notifications WHERE name = 'dup' AND deleted_at IS NULL`,
    );
    expect(live.rows).toEqual([{ id: second?.metadata.uid }]);
  });

  it('deleting the one that lost the name leaves the holder alone', async () => {
    const holder = await create(RULE, 'kept', { events: ['check.failed'], to: { team: 'sre' } });
    await settled(RULE, 'kept', isReady);
    await create(NOTIFICATION, 'kept', { events: ['check.failed'], to: { team: 'sre' } });
    await settled(NOTIFICATION, 'kept', (c) => c.reason === 'NameConflict');
    await store.destroy(db.pool, NOTIFICATION, 'default', 'kept');
    await manager.idle();
    await new Promise((r) => setTimeout(r, 200));
    expect((await row(holder.metadata.uid))?.deleted_at).toBeNull();
  });

  it('takes over a row whose object is gone, and retires such rows on removal', async () => {
    const stale = await db.pool.query<{ id: string }>(
      `INSERT INTO notifications (name, namespace, events, source)
       VALUES ('orphan', 'default', '{check.failed}', 'KubernetesCRD') RETURNING id`,
    );
    const fresh = await create(NOTIFICATION, 'orphan', {
      events: ['check.failed'],
      to: { email: 'a@example.com' },
    });
    await settled(NOTIFICATION, 'orphan', isReady);
    expect((await row(stale.rows[0]?.id))?.deleted_at).toBeInstanceOf(Date);
    expect((await row(fresh.metadata.uid))?.deleted_at).toBeNull();

    // Removal without a known uid keeps rows a live object holds.
    const r = notificationReconciler('NotificationRule');
    await r.remove(db.pool, 'default', 'orphan', {
      lookup: (k, ns, name) => store.get(db.pool, k, ns, name),
    });
    expect((await row(fresh.metadata.uid))?.deleted_at).toBeNull();
    await db.pool.query(
      `INSERT INTO notifications (name, namespace, events, source)
       VALUES ('ghost', 'default', '{check.failed}', 'KubernetesCRD')`,
    );
    await r.remove(db.pool, 'default', 'ghost', {
      lookup: (k, ns, name) => store.get(db.pool, k, ns, name),
    });
    const ghost = await db.pool.query(
      `SELECT deleted_at FROM notifications WHERE name = 'ghost' AND namespace = 'default'`,
    );
    expect(ghost.rows[0]?.deleted_at).toBeInstanceOf(Date);
  });

  it('does not take a name from a rule made in the console', async () => {
    await db.pool.query(
      `INSERT INTO notifications (name, namespace, events, source)
       VALUES ('console-made', 'default', '{check.failed}', 'UI')`,
    );
    await create(RULE, 'console-made', { events: ['check.failed'], to: { email: 'a@b.c' } });
    const o = await settled(RULE, 'console-made', (c) => c.status === 'False');
    expect(readyOf(o)).toMatchObject({ reason: 'NameConflict' });
    expect(readyOf(o)?.message).toContain('made in the console or the API');
  });
});

describe('notification rule status', () => {
  const history = (id: string | undefined, status: string, error?: string, at = 'now()') =>
    db.pool.query(
      `INSERT INTO notification_send_history (notification_id, status, error, source_event, resource_id, created_at)
       VALUES ($1, $2, $3, 'check.failed', gen_random_uuid(), ${at})`,
      [id, status, error ?? null],
    );

  it('follows the send history: sent, failed, pending, last times and status', async () => {
    const rule = await create(RULE, 'counted', {
      events: ['check.failed'],
      to: { email: 'a@example.com' },
    });
    const n = await create(NOTIFICATION, 'counted-too', {
      events: ['check.failed'],
      to: { email: 'a@example.com' },
    });
    await settled(RULE, 'counted', isReady);
    await settled(NOTIFICATION, 'counted-too', isReady);
    await history(rule.metadata.uid, 'sent', undefined, "'2026-01-01T10:00:00Z'");
    await history(rule.metadata.uid, 'sent', undefined, "'2026-01-01T11:00:00Z'");
    await history(rule.metadata.uid, 'error', 'smtp refused', "'2026-01-01T12:00:00Z'");
    await history(rule.metadata.uid, 'pending');
    await history(n.metadata.uid, 'sent', undefined, "'2026-01-02T10:00:00Z'");
    const counted = await eventually('the rule status', async () => {
      const o = await store.get(db.pool, RULE, 'default', 'counted');
      return statusOf(o).pending === 1 ? o : undefined;
    });
    expect(statusOf(counted)).toMatchObject({
      sent: 2,
      failed: 1,
      pending: 1,
      status: 'failing',
      lastSent: '2026-01-01T11:00:00Z',
      lastFailed: '2026-01-01T12:00:00Z',
    });
    expect(statusOf(counted).error).toBeUndefined();
    expect(readyOf(counted)?.status).toBe('True');
    const other = await eventually('the other kind’s status', async () => {
      const o = await store.get(db.pool, NOTIFICATION, 'default', 'counted-too');
      return statusOf(o).sent === 1 ? o : undefined;
    });
    expect(statusOf(other)).toMatchObject({
      sent: 1,
      failed: 0,
      status: 'ok',
      lastSent: '2026-01-02T10:00:00Z',
    });

    // The rule's error, and its clearing, reach the status.
    await db.pool.query(`UPDATE notifications SET error = 'bad template' WHERE id = $1`, [
      rule.metadata.uid,
    ]);
    await eventually('the error', async () => {
      const s = statusOf(await store.get(db.pool, RULE, 'default', 'counted'));
      return s.status === 'error' && s.error === 'bad template' ? true : undefined;
    });
    await db.pool.query(`UPDATE notifications SET error = NULL WHERE id = $1`, [rule.metadata.uid]);
    await history(rule.metadata.uid, 'sent', undefined, "'2026-01-01T13:00:00Z'");
    const healed = await eventually('the error cleared', async () => {
      const o = await store.get(db.pool, RULE, 'default', 'counted');
      return statusOf(o).sent === 3 ? o : undefined;
    });
    expect(statusOf(healed)).toMatchObject({ sent: 3, lastSent: '2026-01-01T13:00:00Z' });
    expect(statusOf(healed).error).toBeUndefined();
  });

  it('writes nothing while the history does not change', async () => {
    await manager.idle();
    const before = await store.get(db.pool, RULE, 'default', 'counted');
    await new Promise((r) => setTimeout(r, 800));
    const after = await store.get(db.pool, RULE, 'default', 'counted');
    expect(after?.metadata.resourceVersion).toBe(before?.metadata.resourceVersion);
  });
});

describe('statusFields', () => {
  const base = {
    id: 'x',
    name: 'r',
    namespace: 'default',
    sent: '0',
    failed: '0',
    pending: '0',
    error: null,
    last_sent: null,
    last_failed: null,
  };

  it('is ok with no sends and leaves out times it does not have', () => {
    expect(statusFields(base)).toEqual({
      sent: 0,
      failed: 0,
      pending: 0,
      status: 'ok',
      error: undefined,
      lastSent: undefined,
      lastFailed: undefined,
    });
  });

  it('is failing while the last failure is newer than the last send, error with an error', () => {
    const sent = new Date('2026-01-01T10:00:00.123Z');
    const failed = new Date('2026-01-01T11:00:00Z');
    expect(statusFields({ ...base, last_sent: sent, last_failed: failed })).toMatchObject({
      status: 'failing',
      lastSent: '2026-01-01T10:00:00Z',
      lastFailed: '2026-01-01T11:00:00Z',
    });
    expect(statusFields({ ...base, last_sent: failed, last_failed: sent }).status).toBe('ok');
    expect(statusFields({ ...base, last_failed: failed }).status).toBe('failing');
    expect(statusFields({ ...base, error: 'boom' })).toMatchObject({
      status: 'error',
      error: 'boom',
    });
  });
});

describe('a Permission whose subject is a rule', () => {
  it('waits for the rule, then grants it playbook:run', async () => {
    await create(PERMISSION, 'rule-may-repair', {
      subject: { notification: 'default/pages-repair' },
      actions: ['playbook:run'],
      object: { playbooks: [{ name: 'repair' }] },
    });
    const waiting = await settled(PERMISSION, 'rule-may-repair', (c) => c.status === 'False');
    expect(readyOf(waiting)).toMatchObject({ reason: 'SubjectNotFound' });
    expect(readyOf(waiting)?.message).toMatch(/no notification rule "default\/pages-repair"/);

    const rule = await create(RULE, 'pages-repair', {
      events: ['check.failed'],
      to: { email: 'oncall@example.com' },
    });
    await settled(PERMISSION, 'rule-may-repair', isReady);
    const { rows } = await db.pool.query(
      'SELECT action, notification_id, person_id, team_id FROM permissions WHERE notification_id IS NOT NULL',
    );
    expect(rows).toEqual([
      {
        action: 'playbook:run',
        notification_id: rule.metadata.uid,
        person_id: null,
        team_id: null,
      },
    ]);
  });
});
