import { kindByName, type KindDescriptor } from '@vigil/crds';
import client from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../auth/identity.js';
import type { K8sObject } from '../k8s/objects.js';
import * as store from '../k8s/store.js';
import { WatchHub } from '../k8s/watch.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { ControllerManager } from './manager.js';
import { EmbeddedSource } from './source.js';

let db: TestDatabase;
let hub: WatchHub;
let manager: ControllerManager;
const kind = (n: string) => kindByName(n) as KindDescriptor;

beforeAll(async () => {
  db = await startTestDatabase();
  hub = new WatchHub(
    db.pool,
    [
      kind('Canary'),
      kind('Permission'),
      kind('NotificationRule'),
      kind('Notification'),
      kind('Playbook'),
      kind('Topology'),
      kind('ScrapeConfig'),
    ],
    silentLog,
  );
  manager = new ControllerManager(
    db.pool,
    new EmbeddedSource(db.pool, hub),
    silentLog,
    new client.Registry(),
  );
  manager.start();
});
afterAll(async () => {
  await manager?.stop();
  await hub?.stop();
  await db?.close();
});

const obj = (k: KindDescriptor, name: string, spec: unknown): K8sObject => ({
  apiVersion: `${k.group}/${k.version}`,
  kind: k.kind,
  metadata: { name, namespace: 'default' },
  spec,
});

async function settled(
  k: KindDescriptor,
  name: string,
  predicate: (o: K8sObject) => boolean,
): Promise<K8sObject> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const o = await store.get(db.pool, k, 'default', name);
    if (o && predicate(o)) return o;
    if (Date.now() > deadline)
      throw new Error(`${k.kind} ${name} did not settle: ${JSON.stringify(o?.status)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const ready = (o: K8sObject) =>
  (
    (
      o.status as
        | { conditions?: { type: string; status: string; reason: string; message: string }[] }
        | undefined
    )?.conditions ?? []
  ).find((c) => c.type === 'Ready');

describe('controllers', () => {
  it('projects a Canary into canaries and checks and reports Ready with the check ids', async () => {
    const k = kind('Canary');
    await store.create(
      db.pool,
      k,
      obj(k, 'web', {
        schedule: '@every 1m',
        http: [{ name: 'home', url: 'https://example.com' }],
        tcp: [{ name: 'port', endpoint: 'localhost:22' }],
      }),
    );
    const o = await settled(k, 'web', (x) => ready(x)?.status === 'True');
    const status = o.status as { observedGeneration: number; checks: Record<string, string> };
    expect(status.observedGeneration).toBe(1);
    expect(Object.keys(status.checks).sort()).toEqual(['home', 'port']);
    const { rows } = await db.pool.query(
      `SELECT c.name, c.type FROM checks c JOIN canaries ca ON ca.id = c.canary_id WHERE ca.source = 'kubernetes/default/web' AND c.deleted_at IS NULL ORDER BY c.name`,
    );
    expect(rows).toEqual([
      { name: 'home', type: 'http' },
      { name: 'port', type: 'tcp' },
    ]);

    // A spec change bumps generation; removed checks go away; the status follows.
    await store.replace(db.pool, k, {
      ...o,
      spec: { schedule: '@every 1m', http: [{ name: 'home', url: 'https://example.org' }] },
    });
    const updated = await settled(
      k,
      'web',
      (x) => (x.status as { observedGeneration: number }).observedGeneration === 2,
    );
    expect(Object.keys((updated.status as { checks: object }).checks)).toEqual(['home']);
    const left = await db.pool.query(
      `SELECT count(*)::int AS n FROM checks c JOIN canaries ca ON ca.id = c.canary_id WHERE ca.source = 'kubernetes/default/web' AND c.deleted_at IS NULL`,
    );
    expect(left.rows[0].n).toBe(1);
  });

  it('settles: once the status is written, reconciling writes nothing more', async () => {
    const k = kind('Canary');
    await store.create(
      db.pool,
      k,
      obj(k, 'steady', {
        schedule: '@every 1m',
        http: [{ name: 'a', url: 'https://example.com' }],
      }),
    );
    const first = await settled(k, 'steady', (x) => ready(x)?.status === 'True');
    await manager.idle();
    await new Promise((r) => setTimeout(r, 300));
    const later = await store.get(db.pool, k, 'default', 'steady');
    expect(later?.metadata.resourceVersion).toBe(first.metadata.resourceVersion);
  });

  it('surfaces a schedule that does not parse as Ready=False with the reason', async () => {
    const k = kind('Canary');
    await store.create(
      db.pool,
      k,
      obj(k, 'bad-schedule', {
        schedule: '61 * * * *',
        http: [{ name: 'x', url: 'https://example.com' }],
      }),
    );
    const o = await settled(k, 'bad-schedule', (x) => !!ready(x));
    expect(ready(o)).toMatchObject({
      status: 'False',
      reason: 'InvalidSchedule',
      message: '"61" is out of range for the minute field (0-59)',
    });
  });

  it('removes the projection when the resource is deleted', async () => {
    const k = kind('Canary');
    await store.destroy(db.pool, k, 'default', 'web');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await db.pool.query(
        `SELECT deleted_at FROM canaries WHERE source = 'kubernetes/default/web'`,
      );
      if (rows[0]?.deleted_at) break;
      if (Date.now() > deadline) throw new Error('canary not soft-deleted');
      await new Promise((r) => setTimeout(r, 50));
    }
    const checks = await db.pool.query(
      `SELECT count(*)::int AS n FROM checks c JOIN canaries ca ON ca.id = c.canary_id WHERE ca.source = 'kubernetes/default/web' AND c.deleted_at IS NULL`,
    );
    expect(checks.rows[0].n).toBe(0);
  });

  it('turns a Permission into a rule for its subject, and reports an unknown subject', async () => {
    const person = await createPerson(db.pool, {
      name: 'Pat',
      email: 'pat@example.com',
      password: 'password-123',
      roles: ['editor'],
    });
    const k = kind('Permission');
    await store.create(
      db.pool,
      k,
      obj(k, 'no-canaries', {
        subject: { person: 'pat@example.com' },
        actions: ['*'],
        object: { playbooks: [{ name: '*' }] },
        deny: true,
      }),
    );
    await settled(k, 'no-canaries', (x) => ready(x)?.status === 'True');
    const { rows } = await db.pool.query(
      'SELECT action, object, deny, person_id FROM permissions WHERE source = $1',
      ['KubernetesCRD'],
    );
    expect(rows).toEqual([{ action: '*', object: 'playbooks', deny: true, person_id: person.id }]);
    await store.create(
      db.pool,
      k,
      obj(k, 'ghost', {
        subject: { person: 'ghost@example.com' },
        actions: ['read'],
        object: { configs: [{ name: '*' }] },
      }),
    );
    const ghost = await settled(k, 'ghost', (x) => !!ready(x));
    expect(ready(ghost)).toMatchObject({ status: 'False', reason: 'SubjectNotFound' });
  });

  it('resolves notification recipients and explains a missing one', async () => {
    const k = kind('NotificationRule');
    await store.create(
      db.pool,
      k,
      obj(k, 'oncall', { events: ['check.failed'], to: { email: 'oncall@example.com' } }),
    );
    await settled(k, 'oncall', (x) => ready(x)?.status === 'True');
    await store.create(
      db.pool,
      k,
      obj(k, 'nobody', { events: ['check.failed'], to: { team: 'no-such-team' } }),
    );
    expect(ready(await settled(k, 'nobody', (x) => !!ready(x)))).toMatchObject({
      status: 'False',
      reason: 'RecipientNotFound',
    });
  });
});
