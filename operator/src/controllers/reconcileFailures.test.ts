import { kindByName, type KindDescriptor } from '@vigil/crds';
import { pino } from 'pino';
import client from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as store from '../k8s/store.js';
import { WatchHub } from '../k8s/watch.js';
import { eventually } from '../testing/testServer.js';
import { startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { ControllerManager } from './manager.js';
import type { Condition, Reconciler } from './reconciler.js';
import { EmbeddedSource, type ResourceSource } from './source.js';

/** A failed reconcile is never silent: the object's Ready condition says why, and so does the log. */

const topology = kindByName('Topology') as KindDescriptor;
let db: TestDatabase;
let hub: WatchHub;
let manager: ControllerManager;
const lines: { msg: string; key?: string; err?: { message: string } }[] = [];
const log = pino({ level: 'warn' }, { write: (l: string) => void lines.push(JSON.parse(l)) });
const statusWrites: { name: string; ready?: Condition }[] = [];

beforeAll(async () => {
  db = await startTestDatabase();
  hub = new WatchHub(db.pool, [topology], log);
  const embedded = new EmbeddedSource(db.pool, hub);
  let failedOnce = false;
  // The store refuses the first status write of "status-fails" (as a database error would).
  const source: ResourceSource = {
    watch: (k, onKey) => embedded.watch(k, onKey),
    get: (k, namespace, name) => embedded.get(k, namespace, name),
    stop: () => embedded.stop(),
    async writeStatus(k, obj, status) {
      const ready = (status as { conditions?: Condition[] }).conditions?.find(
        (c) => c.type === 'Ready',
      );
      statusWrites.push({ name: obj.metadata.name, ready });
      if (obj.metadata.name === 'status-fails' && !failedOnce) {
        failedOnce = true;
        throw new Error('value too long for the status column');
      }
      await embedded.writeStatus(k, obj, status);
    },
  };
  const failing: Reconciler = {
    kind: topology,
    async apply(_db, obj) {
      if (obj.metadata.name === 'broken') throw new Error('the projection failed: boom');
      return {};
    },
    async remove() {},
  };
  manager = new ControllerManager(db.pool, source, log, new client.Registry(), [failing]);
  manager.start();
});
afterAll(async () => {
  await manager?.stop();
  await hub?.stop();
  await db?.close();
});

const create = (name: string) =>
  store.create(db.pool, topology, {
    apiVersion: `${topology.group}/${topology.version}`,
    kind: topology.kind,
    metadata: { name, namespace: 'default' },
    spec: {},
  });

const readyOf = async (name: string) =>
  (
    (await store.get(db.pool, topology, 'default', name))?.status as
      { conditions?: Condition[] } | undefined
  )?.conditions?.find((c) => c.type === 'Ready');

describe('reconcile failures', () => {
  it('reports a failed projection as Ready=False with the reason, and logs it', async () => {
    await create('broken');
    const ready = await eventually('a Ready condition', () => readyOf('broken'));
    expect(ready).toMatchObject({
      status: 'False',
      reason: 'ReconcileError',
      message: 'the projection failed: boom',
    });
    await eventually('the log line', () =>
      lines.some((l) => l.msg === 'reconcile failed; retrying' && l.key === 'default/broken')
        ? true
        : undefined,
    );
  });

  it('reports a status that cannot be written as Ready=False with the reason, then recovers', async () => {
    await create('status-fails');
    const ready = await eventually('Ready=True after the retry', async () => {
      const r = await readyOf('status-fails');
      return r?.status === 'True' ? r : undefined;
    });
    expect(ready.reason).toBe('Reconciled');
    const mine = statusWrites.filter((w) => w.name === 'status-fails');
    // The refused write, then why it was refused, then the retry's.
    expect(mine[0]?.ready?.status).toBe('True');
    expect(mine[1]?.ready).toMatchObject({
      status: 'False',
      reason: 'StatusWriteFailed',
      message: 'value too long for the status column',
    });
    expect(
      lines.some(
        (l) =>
          l.msg === 'reconcile failed; retrying' &&
          l.key === 'default/status-fails' &&
          l.err?.message === 'value too long for the status column',
      ),
    ).toBe(true);
  });
});
