import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestServer, type TestServer } from './testing/testServer.js';

/**
 * The real server in this process, its database connections cut from under it: the process
 * must live on, say it is not ready while the database is away, and come back by itself —
 * LISTEN re-established, leadership re-acquired, controllers reconciling again.
 */

const CANARIES = '/k8s/apis/canaries.flanksource.com/v1/namespaces/default/canaries';

let t: TestServer;
let target: http.Server;
let targetUrl: string;
const crashes: unknown[] = [];
const onCrash = (error: unknown) => crashes.push(error);

beforeAll(async () => {
  // Something for the canaries' checks to reach (tests only reach loopback).
  target = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  t = await startTestServer({ VIGIL_HEALTH_CHECKS: 'on' });
  // An 'error' event nobody listens to, or a rejected promise nobody handles, would kill
  // `vigil serve`; here it lands in these listeners instead, and the test fails on it.
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
});
afterAll(async () => {
  process.off('uncaughtException', onCrash);
  process.off('unhandledRejection', onCrash);
  await t?.close();
  await new Promise((resolve) => target?.close(resolve));
});

const readyz = async () => {
  const res = await fetch(`${t.url}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, string> };
};

/** How many log lines so far start with `msg`. */
const logged = (msg: string) => t.logged().filter((l) => String(l.msg).startsWith(msg)).length;

/** vigil_leader from /metrics: 1 while this process leads. */
const leader = async () => {
  const text = await (await fetch(`${t.url}/metrics`)).text();
  return Number(/^vigil_leader (\d+)$/m.exec(text)?.[1]);
};

const canary = (name: string) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name },
  spec: { schedule: '@every 1h', http: [{ name: 'home', url: targetUrl }] },
});

async function create(name: string) {
  const res = await t.api(CANARIES, { method: 'POST', body: JSON.stringify(canary(name)) });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** The Canary's Ready condition once it is True, and its check rows exist. */
async function reconciled(name: string) {
  return eventually(`${name} to be reconciled`, async () => {
    const res = await t.api(`${CANARIES}/${name}`);
    const o = (await res.json()) as {
      status?: { conditions?: { type: string; status: string }[] };
    };
    const ready = o.status?.conditions?.find((c) => c.type === 'Ready');
    if (ready?.status !== 'True') return undefined;
    const { rows } = await t.server.pool.query(
      `SELECT count(*)::int AS n FROM checks c JOIN canaries ca ON ca.id = c.canary_id
       WHERE ca.source = $1 AND c.deleted_at IS NULL`,
      [`kubernetes/default/${name}`],
    );
    return rows[0]?.n === 1 ? ready : undefined;
  });
}

/** A kubectl-style watch of canaries; collects the names of the objects it is told about. */
function watchCanaries() {
  const seen: string[] = [];
  const controller = new AbortController();
  const done = (async () => {
    const res = await t.api(`${CANARIES}?watch=true`, { signal: controller.signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return;
      buffered += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        const event = JSON.parse(line) as { type: string; object: { metadata: { name: string } } };
        seen.push(`${event.type} ${event.object.metadata.name}`);
      }
    }
  })().catch(() => undefined);
  return {
    seen,
    async close() {
      controller.abort();
      await done;
    },
  };
}

/** A superuser connection to the server's PostgreSQL, outside the `vigil` database. */
async function admin(): Promise<pg.Client> {
  const { connectionString } = (
    t.server.pool as unknown as { options: { connectionString: string } }
  ).options;
  const url = new URL(connectionString);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

describe('database outages', () => {
  it('survives its database connections being terminated: keeps serving, listens and leads again', async () => {
    await eventually('the server to lead', async () => ((await leader()) === 1 ? true : undefined));
    await create('before');
    await reconciled('before');
    const watch = watchCanaries();
    await eventually('the watch to list', () =>
      watch.seen.includes('ADDED before') ? true : undefined,
    );

    const leads = logged('leading: controllers');
    // Every Vigil backend but the one asking: the LISTEN connection, the leader's lock
    // session, idle pool clients.
    const { rows } = await t.server.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()) terminated`,
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(2);

    await eventually('readyz to recover', async () =>
      (await readyz()).status === 200 ? true : undefined,
    );
    // Still alive: nothing went unhandled on the way.
    expect(crashes).toEqual([]);
    // It noticed the lock went with its session, stopped leading, and took the lock again.
    await eventually('the server to lead again', async () =>
      logged('leading: controllers') === leads + 1 && (await leader()) === 1 ? true : undefined,
    );
    expect(logged('lost the leader lock')).toBe(1);
    // A change made now reaches the controllers and the watch opened before the outage only
    // through the re-established LISTEN connection.
    await create('after');
    await reconciled('after');
    await eventually('the old watch to hear of it', () =>
      watch.seen.includes('ADDED after') ? true : undefined,
    );
    await watch.close();
    expect(crashes).toEqual([]);
  });

  it('says it is not ready and stops leading while the database is unreachable, and recovers', async () => {
    const db = await admin();
    try {
      // Nobody may connect to the database, and everyone connected is cut off.
      await db.query('ALTER DATABASE vigil ALLOW_CONNECTIONS false');
      await db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'vigil'`,
      );
      const down = await eventually('readyz to say not ready', async () => {
        const r = await readyz();
        return r.status === 503 ? r : undefined;
      });
      expect(down.body.status).toBe('unavailable');
      // The leader's lock went with its session: it must not act as leader meanwhile.
      await eventually('the server to stop leading', async () =>
        (await leader()) === 0 ? true : undefined,
      );
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    } finally {
      await db.query('ALTER DATABASE vigil ALLOW_CONNECTIONS true');
      await db.end();
    }
    await eventually('readyz to recover', async () =>
      (await readyz()).status === 200 ? true : undefined,
    );
    await eventually('the server to lead again', async () =>
      (await leader()) === 1 ? true : undefined,
    );
    await create('recovered');
    await reconciled('recovered');
    expect(crashes).toEqual([]);
  });
});
