import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import {
  EventQueueConsumer,
  PermanentError,
  type EventHandler,
  type EventQueueOptions,
} from './eventQueue.js';

let db: TestDatabase;
const consumers: EventQueueConsumer[] = [];

beforeAll(async () => {
  db = await startTestDatabase();
}, 120_000);
afterEach(async () => {
  await Promise.all(consumers.splice(0).map((c) => c.stop()));
  await db.pool.query('DELETE FROM event_queue');
});
afterAll(async () => {
  await db?.close();
});

const consumer = (opts: Partial<EventQueueOptions> & Pick<EventQueueOptions, 'handlers'>) => {
  const c = new EventQueueConsumer({ pool: db.pool, log: silentLog, listen: false, ...opts });
  consumers.push(c);
  return c;
};

const enqueue = (name: string, props: Record<string, unknown>) =>
  db.pool.query('SELECT enqueue_event($1, $2)', [name, props]);

interface QueueRow {
  name: string;
  properties: Record<string, unknown>;
  attempts: number;
  error: string | null;
  last_attempt: Date | null;
  delay: number | null;
}
const rows = async (name: string) =>
  (
    await db.pool.query<QueueRow>(
      `SELECT name, properties, attempts, error, last_attempt, delay FROM event_queue
       WHERE name = $1 ORDER BY created_at`,
      [name],
    )
  ).rows;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const until = async (fn: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn()) return;
    await sleep(20);
  }
  throw new Error('condition not met in time');
};

describe('event queue consumer', () => {
  it('handles its own events and deletes them, leaving other names alone', async () => {
    const seen: unknown[] = [];
    const c = consumer({
      handlers: {
        'test.ok': async (e) => {
          seen.push(e.properties);
        },
      },
    });
    await enqueue('test.ok', { id: 'a' });
    await enqueue('test.ok', { id: 'b' });
    await enqueue('test.other', { id: 'c' });
    await c.drain();
    expect(seen).toHaveLength(2);
    expect(seen).toEqual(expect.arrayContaining([{ id: 'a' }, { id: 'b' }]));
    expect(await rows('test.ok')).toEqual([]);
    expect(await rows('test.other')).toMatchObject([{ properties: { id: 'c' }, attempts: 0 }]);
  });

  it('records a failure, waits out the exponential backoff, and retries until it succeeds', async () => {
    const attempts: number[] = [];
    const c = consumer({
      backoffMs: 150,
      handlers: {
        'test.flaky': async (_e, a) => {
          attempts.push(a.attempt);
          if (a.attempt < 3) throw new Error(`boom ${a.attempt}`);
        },
      },
    });
    expect([1, 2, 3, 4].map((n) => c.backoff(n))).toEqual([150, 300, 600, 1200]);
    await enqueue('test.flaky', { id: 1 });

    await c.drain();
    const [first] = await rows('test.flaky');
    expect(first).toMatchObject({ attempts: 1, error: 'boom 1', delay: 150 });
    expect(first?.last_attempt).toBeInstanceOf(Date);

    // Not due yet: nothing happens.
    await c.drain();
    expect(attempts).toEqual([1]);

    await sleep(200);
    await c.drain();
    expect(await rows('test.flaky')).toMatchObject([{ attempts: 2, error: 'boom 2', delay: 300 }]);

    await sleep(150);
    await c.drain();
    expect(attempts).toEqual([1, 2]); // 150 ms into a 300 ms wait
    await sleep(200);
    await c.drain();
    expect(attempts).toEqual([1, 2, 3]);
    expect(await rows('test.flaky')).toEqual([]);
  });

  it('gives up after maxAttempts and leaves the event with its error for the summary', async () => {
    let calls = 0;
    const c = consumer({
      maxAttempts: 3,
      backoffMs: 10,
      handlers: {
        'test.broken': async (_e, a) => {
          calls++;
          throw new Error(a.last ? 'still down (last)' : 'down');
        },
      },
    });
    await enqueue('test.broken', { id: 1 });
    for (let i = 0; i < 6; i++) {
      await c.drain();
      await sleep(60);
    }
    expect(calls).toBe(3);
    expect(await rows('test.broken')).toMatchObject([
      { attempts: 3, error: 'still down (last)', delay: null },
    ]);
    const summary = await db.pool.query(
      `SELECT pending, failed, average_attempts, most_common_error FROM event_queue_summary
       WHERE name = 'test.broken'`,
    );
    expect(summary.rows).toEqual([
      { pending: 1, failed: 1, average_attempts: 3, most_common_error: 'still down (last)' },
    ]);
    const failed = await db.pool.query(
      `SELECT total_failed_events FROM failed_events WHERE name = 'test.broken'`,
    );
    expect(failed.rows).toEqual([{ total_failed_events: 1 }]);

    // enqueue_event of the same event makes it fresh: it is tried again.
    await enqueue('test.broken', { id: 1 });
    await c.drain();
    expect(calls).toBe(4);
  });

  it('gives up at once on a PermanentError', async () => {
    let calls = 0;
    const c = consumer({
      maxAttempts: 4,
      backoffMs: 1,
      handlers: {
        'test.invalid': async () => {
          calls++;
          throw new PermanentError('no such project');
        },
      },
    });
    await enqueue('test.invalid', { id: 1 });
    await c.drain();
    await sleep(20);
    await c.drain();
    expect(calls).toBe(1);
    expect(await rows('test.invalid')).toMatchObject([{ attempts: 4, error: 'no such project' }]);
  });

  it('wakes on NOTIFY without waiting for the next poll', async () => {
    const seen: unknown[] = [];
    const c = consumer({
      listen: true,
      pollMs: 60_000,
      handlers: {
        'test.notified': async (e) => {
          seen.push(e.properties.id);
        },
      },
    });
    await c.start();
    await sleep(50); // the first (empty) poll has run
    await enqueue('test.notified', { id: 7 });
    await until(() => seen.length === 1, 5000);
    expect(seen).toEqual([7]);
  });

  it('polls for events when nothing notifies', async () => {
    const seen: unknown[] = [];
    const c = consumer({
      pollMs: 50,
      handlers: {
        'test.polled': async (e) => {
          seen.push(e.properties.id);
        },
      },
    });
    await c.start();
    await sleep(20);
    // A plain INSERT still notifies (trigger), but this consumer does not listen.
    await db.pool.query(
      `INSERT INTO event_queue (name, properties) VALUES ('test.polled', '{"id":1}')`,
    );
    await until(() => seen.length === 1, 5000);
  });

  it('loses nothing when stopped mid-event: the claim rolls back without costing an attempt', async () => {
    let started!: () => void;
    const inHandler = new Promise<void>((r) => (started = r));
    const handler: EventHandler = (_e, a) =>
      new Promise<void>((_resolve, reject) => {
        started();
        a.signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    const c = consumer({ handlers: { 'test.slow': handler } });
    await enqueue('test.slow', { id: 1 });
    const draining = c.drain();
    await inHandler;
    await c.stop();
    await draining;
    expect(await rows('test.slow')).toMatchObject([{ attempts: 0, error: null }]);

    const next: unknown[] = [];
    const c2 = consumer({ handlers: { 'test.slow': async (e) => void next.push(e.properties) } });
    await c2.drain();
    expect(next).toEqual([{ id: 1 }]);
  });

  it('never hands one event to two consumers (SKIP LOCKED)', async () => {
    const seen: number[] = [];
    const handler: EventHandler = async (e) => {
      seen.push(e.properties.n as number);
      await sleep(5);
    };
    const a = consumer({ concurrency: 3, handlers: { 'test.many': handler } });
    const b = consumer({ concurrency: 3, handlers: { 'test.many': handler } });
    for (let n = 0; n < 40; n++) await enqueue('test.many', { n });
    await Promise.all([a.drain(), b.drain()]);
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
    expect(await rows('test.many')).toEqual([]);
  });
});
