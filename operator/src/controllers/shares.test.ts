import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { BUCKETS, bucketOf, ownerOf, WorkShares, type ShareHooks } from './shares.js';

/**
 * Replicas sharing the work on one real PostgreSQL: every bucket held by exactly one live
 * replica, a join or a death moving only its share, and a bucket never held by two at once —
 * the old holder lets go (after stopping its work) before the new one can lock it.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => db?.close());

// Rounds are driven by hand (tick); the timers only back them up. A long ttl keeps a replica
// slowed by a busy machine from counting as dead; the death test uses its own short one.
const STEADY = { heartbeatMs: 60_000, ttlMs: 60_000 };
const MORTAL = { heartbeatMs: 60_000, ttlMs: 3000 };

/** A replica whose hooks record what it was told, and check nobody else holds what it runs. */
const started: WorkShares[] = [];
afterEach(async () => {
  // A failed test must not leave live replicas (and their locks) to the next one, nor a killed
  // one's heartbeat row.
  await Promise.all(started.splice(0).map((s) => s.stop().catch(() => undefined)));
  await db.pool.query('DELETE FROM replicas');
});

function replica(events: string[] = [], timing = STEADY) {
  const shares = new WorkShares(db.pool, silentLog, timing);
  started.push(shares);
  const hooks: ShareHooks = {
    release: async () => {
      events.push(`${shares.id} release`);
    },
    acquired: async () => {
      events.push(`${shares.id} acquired`);
    },
  };
  return { shares, hooks, events };
}

const held = (replicas: WorkShares[]) =>
  Array.from({ length: BUCKETS }, (_, b) =>
    replicas.filter((r) => r.owns(bucketProbe(b))).map((r) => r.id),
  );

/** An id that falls in bucket b (found once, by trying). */
const probes = new Map<number, string>();
function bucketProbe(b: number): string {
  if (!probes.size)
    for (let i = 0; probes.size < BUCKETS; i++) {
      const id = `probe-${i}`;
      if (!probes.has(bucketOf(id))) probes.set(bucketOf(id), id);
    }
  return probes.get(b) as string;
}

const settle = async (replicas: WorkShares[], rounds = 3) => {
  for (let i = 0; i < rounds; i++) for (const r of replicas) await r.tick();
};

describe('work shares', () => {
  it('gives every bucket to one of three replicas, roughly evenly', async () => {
    const rs = [replica(), replica(), replica()];
    for (const r of rs) await r.shares.start([r.hooks]);
    await settle(rs.map((r) => r.shares));
    const owners = held(rs.map((r) => r.shares));
    expect(owners.every((o) => o.length === 1)).toBe(true);
    for (const r of rs) {
      // 256 / 3 ≈ 85; rendezvous hashing keeps each within a loose band.
      expect(r.shares.bucketCount).toBeGreaterThan(50);
      expect(r.shares.bucketCount).toBeLessThan(125);
    }
    // Each one's share is what rendezvous hashing says.
    const ids = rs.map((r) => r.shares.id);
    for (let b = 0; b < BUCKETS; b++) expect(owners[b]).toEqual([ownerOf(b, ids)]);
    await Promise.all(rs.map((r) => r.shares.stop()));
  });

  it("moves a stopped replica's share to the others, and a new one's share back", async () => {
    const [a, b] = [replica(), replica()];
    await a.shares.start([a.hooks]);
    await settle([a.shares]);
    expect(a.shares.bucketCount).toBe(BUCKETS);
    await b.shares.start([b.hooks]);
    // b wants its half at once but gets it only after a let go of it.
    await settle([a.shares, b.shares]);
    expect(a.shares.bucketCount + b.shares.bucketCount).toBe(BUCKETS);
    expect(b.shares.bucketCount).toBeGreaterThan(80);
    expect(held([a.shares, b.shares]).every((o) => o.length === 1)).toBe(true);
    await b.shares.stop();
    await settle([a.shares]);
    expect(a.shares.bucketCount).toBe(BUCKETS);
    await a.shares.stop();
  });

  it("takes over a dead replica's share once its session is gone and its heartbeat stale", async () => {
    const [a, b] = [replica([], MORTAL), replica([], MORTAL)];
    await a.shares.start([a.hooks]);
    await b.shares.start([b.hooks]);
    await settle([a.shares, b.shares]);
    const bHeld = b.shares.bucketCount;
    expect(bHeld).toBeGreaterThan(0);
    // b dies without a word: its connection ends (PostgreSQL drops its locks), its heartbeat stops.
    const dead = b.shares as unknown as {
      client: { release(e: Error): void };
      stopped: boolean;
      timer: NodeJS.Timeout;
      round: Promise<void>;
    };
    dead.stopped = true;
    clearTimeout(dead.timer);
    await dead.round;
    dead.client.release(new Error('killed'));
    // Until b's heartbeat is stale a does not take b's buckets (b might only be slow).
    await a.shares.tick();
    expect(a.shares.bucketCount).toBe(BUCKETS - bHeld);
    await new Promise((r) => setTimeout(r, MORTAL.ttlMs + 200));
    await a.shares.tick();
    expect(a.shares.bucketCount).toBe(BUCKETS);
    await a.shares.stop();
  });

  it('lets go only after its work stopped: release runs before the lock is released', async () => {
    const order: string[] = [];
    const a = new WorkShares(db.pool, silentLog, STEADY);
    const b = new WorkShares(db.pool, silentLog, STEADY);
    started.push(a, b);
    let bStarted = false;
    await a.start([
      {
        release: async () => {
          // While a is stopping its work, b cannot hold what a still runs.
          await b.tick();
          order.push(`a releasing; b holds ${b.bucketCount}`);
        },
        acquired: async () => undefined,
      },
    ]);
    await b.start([
      {
        release: async () => undefined,
        acquired: async () => {
          if (!bStarted) order.push(`b acquired ${b.bucketCount}`);
          bStarted = true;
        },
      },
    ]);
    await settle([a, b]);
    // b's first acquisitions happened only after a released (no overlap while a stopped).
    expect(order[0]).toBe('a releasing; b holds 0');
    expect(held([a, b]).every((o) => o.length === 1)).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
  });
});
