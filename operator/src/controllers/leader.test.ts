import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/testServer.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { LeaderElection } from './leader.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase({ migrate: false });
});
afterAll(async () => {
  await db?.close();
});

const FAST = { retryMs: 100, heartbeatMs: 200, heartbeatTimeoutMs: 1000 };

describe('leader election on the database lock', () => {
  it('never lets two replicas lead when the leader loses its lock session', async () => {
    const leading = new Set<string>();
    const timeline: string[] = [];
    const overlaps: string[] = [];
    const replica = (name: string) =>
      new LeaderElection(
        db.pool,
        silentLog,
        () => {
          if (leading.size) overlaps.push(`${name} led while ${[...leading].join()} did`);
          leading.add(name);
          timeline.push(`${name} leads`);
        },
        () => {
          leading.delete(name);
          timeline.push(`${name} stops`);
        },
        FAST,
      );
    const a = replica('a');
    const b = replica('b');
    try {
      a.start();
      await eventually('a to lead', () => (a.leading ? true : undefined));
      b.start();
      // b keeps trying while a holds the lock (an overlap would be recorded).
      expect(b.leading).toBe(false);

      // a's lock session ends (as with a restart or failover of the database).
      await db.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks
         WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()`,
      );
      await eventually('a to stop leading', () =>
        timeline.includes('a stops') ? true : undefined,
      );
      await eventually('someone to lead again', () => (leading.size === 1 ? true : undefined));
      expect(timeline.slice(0, 2)).toEqual(['a leads', 'a stops']);
      expect(overlaps).toEqual([]);
      expect(a.leading && b.leading).toBe(false);

      // Whoever leads now also gives it up when its session ends, and someone leads again.
      const now = a.leading ? 'a' : 'b';
      const stops = () => timeline.filter((e) => e === `${now} stops`).length;
      const before = stops();
      await db.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks
         WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()`,
      );
      await eventually(`${now} to stop leading`, () => (stops() > before ? true : undefined));
      await eventually('someone to lead again', () => (leading.size === 1 ? true : undefined));
      expect(overlaps).toEqual([]);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('stops leading when its lock session stops answering', async () => {
    let lost = 0;
    const e = new LeaderElection(
      db.pool,
      silentLog,
      () => undefined,
      () => lost++,
      { retryMs: 60_000, heartbeatMs: 100, heartbeatTimeoutMs: 300 },
    );
    e.start();
    try {
      await eventually('to lead', () => (e.leading ? true : undefined));
      const { rows } = await db.pool.query<{ pid: number }>(
        `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()`,
      );
      const pid = rows[0]?.pid as number;
      // Its backend suspended answers nothing, as across a cut network: the heartbeat overstays.
      process.kill(pid, 'SIGSTOP');
      try {
        await eventually('to step down', () => (lost === 1 && !e.leading ? true : undefined));
      } finally {
        process.kill(pid, 'SIGCONT');
      }
    } finally {
      await e.stop();
    }
  });
});
