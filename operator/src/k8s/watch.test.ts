import { kindByName, type KindDescriptor } from '@vigil/crds';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../db/pool.js';
import { eventually } from '../testing/testServer.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import type { K8sObject } from './objects.js';
import * as store from './store.js';
import { WatchHub } from './watch.js';

let db: TestDatabase;
let hub: WatchHub;
const canary = kindByName('Canary') as KindDescriptor;

beforeAll(async () => {
  db = await startTestDatabase();
  hub = new WatchHub(db.pool, [canary], silentLog);
  await hub.start();
});
afterAll(async () => {
  await hub?.stop();
  await db?.close();
});

const object = (name: string): K8sObject => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name, namespace: 'default' },
  spec: { schedule: '@every 1h', http: [{ name: 'a', url: 'http://x/' }] },
});

/** Backends of this database waiting for a lock: the writes a test holds up. */
const waiting = async () =>
  (
    await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE NOT l.granted AND a.datname = current_database()`,
    )
  ).rows[0]?.n ?? 0;

/**
 * Holds up the write that will draw the next resourceVersion, in the middle: after its version
 * is drawn and before its watch event is in (a large object's slow insert, made deterministic).
 * Its event row is taken first by this open transaction, so inserting it waits for rollback().
 */
async function holdNextWrite(): Promise<{ version: string; rollback(): Promise<void> }> {
  const { rows } = await db.pool.query<{ v: string }>(
    'SELECT (CASE WHEN is_called THEN last_value + 1 ELSE last_value END)::text AS v FROM resource_version_seq',
  );
  const version = rows[0]?.v as string;
  const blocker: pg.PoolClient = await db.pool.connect();
  await blocker.query('BEGIN');
  await blocker.query(
    `INSERT INTO resource_events (resource_version, uid, api_group, kind, namespace, name, type, object)
     VALUES ($1, gen_random_uuid(), 'x', 'x', '', 'x', 'ADDED', '{}')`,
    [version],
  );
  return {
    version,
    async rollback() {
      await blocker.query('ROLLBACK');
      blocker.release();
    },
  };
}

describe('watch hub', () => {
  it('misses no event when a slow write is overtaken by a later one of the same kind', async () => {
    const seen = new Set<string>();
    const unsubscribe = hub.subscribe(canary, await store.currentVersion(db.pool), (events) =>
      events.forEach((e) => seen.add(`${e.type} ${e.object.metadata.name}`)),
    );
    const held = await holdNextWrite();
    let released = false;
    try {
      const slow = store.create(db.pool, canary, object('slow'));
      await eventually('the slow write to be held up', async () =>
        (await waiting()) >= 1 ? true : undefined,
      );
      // The fast write starts after the slow one drew its version. It must not become visible
      // first: the hub would move past the slow one's version and never deliver it.
      const fast = store.create(db.pool, canary, object('fast'));
      let fastDone = false;
      void fast.then(() => (fastDone = true));
      await eventually('the fast write to finish or wait its turn', async () =>
        fastDone || (await waiting()) >= 2 ? true : undefined,
      );
      if (fastDone) {
        // (Only without ordered writes.) Let the hub read what is visible now.
        await eventually('the hub to deliver the fast write', () =>
          seen.has('ADDED fast') ? true : undefined,
        );
      }
      await held.rollback();
      released = true;
      await Promise.all([slow, fast]);
      await eventually('both ADDED events', () =>
        seen.has('ADDED slow') && seen.has('ADDED fast') ? true : undefined,
      );
    } finally {
      if (!released) await held.rollback();
      unsubscribe();
    }
  });

  it('lists from a version that counts no write still in progress', async () => {
    const held = await holdNextWrite();
    let released = false;
    const seen = new Set<string>();
    let unsubscribe = () => undefined as unknown;
    try {
      const slow = store.create(db.pool, canary, object('in-flight'));
      await eventually('the write to be held up', async () =>
        (await waiting()) >= 1 ? true : undefined,
      );
      // What a controller or kubectl does: a list, then a watch from the list's version.
      const listed = await store.list(db.pool, canary, {});
      listed.items.forEach((o) => seen.add(o.metadata.name));
      expect(BigInt(listed.resourceVersion)).toBeLessThan(BigInt(held.version));
      unsubscribe = hub.subscribe(canary, listed.resourceVersion, (events) =>
        events.forEach((e) => seen.add(e.object.metadata.name)),
      );
      await held.rollback();
      released = true;
      await slow;
      // Not in the list (not committed when it was taken): the watch must bring it.
      await eventually('the in-flight object, listed or watched', () =>
        seen.has('in-flight') ? true : undefined,
      );
    } finally {
      if (!released) await held.rollback();
      unsubscribe();
    }
  });
});

describe('watch hub connection', () => {
  it('notices a LISTEN connection that stopped answering, reconnects and catches up', async () => {
    // Its own pool, so its connections can be told apart from the test's.
    const pool = createPool(`${db.url}?application_name=hub-heartbeat`);
    const own = new WatchHub(pool, [canary], silentLog, {
      heartbeatMs: 100,
      heartbeatTimeoutMs: 1000,
    });
    const seen = new Set<string>();
    let stopped: number | undefined;
    try {
      await own.start();
      own.subscribe(canary, await store.currentVersion(db.pool), (events) =>
        events.forEach((e) => seen.add(e.object.metadata.name)),
      );
      const { rows } = await db.pool.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE application_name = 'hub-heartbeat'
           AND query IN ('SELECT 1', 'LISTEN vigil_resource_events')`,
      );
      expect(rows).toHaveLength(1);
      // Suspended, its backend answers nothing and raises no error: a half-open connection.
      stopped = rows[0]?.pid as number;
      process.kill(stopped, 'SIGSTOP');
      await eventually('the hub to notice', () => (own.listening ? undefined : true));
      // Written while the hub cannot hear it.
      await store.create(db.pool, canary, object('while-deaf'));
      process.kill(stopped, 'SIGCONT');
      stopped = undefined;
      await eventually('the hub to listen again', () => (own.listening ? true : undefined));
      await eventually('the missed change', () => (seen.has('while-deaf') ? true : undefined));
    } finally {
      if (stopped) process.kill(stopped, 'SIGCONT');
      await own.stop();
      await pool.end();
    }
  });
});
