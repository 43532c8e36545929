import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startRedis, type TestService } from '../../../../test/support/services.js';
import type { Pool } from '../../db/pool.js';
import type { CheckSpec, ConnectionFields, RunContext } from '../types.js';
import { redisRunner } from './redis.js';

function ctx(
  opts: { signal?: AbortSignal; connections?: Record<string, ConnectionFields> } = {},
): RunContext {
  return {
    canary: { id: 'c1', name: 'canary', namespace: 'default', labels: {} },
    check: { id: 'k1', name: 'redis', type: 'redis' },
    signal: opts.signal ?? new AbortController().signal,
    pool: {} as Pool,
    connection: (ref) => Promise.resolve(opts.connections?.[ref]),
  };
}

/** A RESP server answering PING with `reply` (or never, when reply is undefined). */
async function fakeRedis(reply?: string): Promise<{ addr: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    s.on('data', (d) => {
      if (reply === undefined) return;
      // One answer per command: PING gets `reply`, anything else +OK.
      for (const cmd of d
        .toString()
        .split(/\*\d+\r\n/)
        .filter(Boolean))
        s.write(/\r\nPING\r\n/i.test(`\r\n${cmd}`) ? `+${reply}\r\n` : '+OK\r\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return {
    addr: `127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe('redis runner', () => {
  let open: TestService;
  let locked: TestService;
  beforeAll(async () => {
    [open, locked] = await Promise.all([startRedis(), startRedis({ password: 'hunter2' })]);
  });
  afterAll(async () => {
    await Promise.all([open?.stop(), locked?.stop()]);
  });

  const run = async (spec: CheckSpec, c = ctx()) => {
    const results = await redisRunner(spec, c);
    expect(results).toHaveLength(1);
    return results[0];
  };

  it('passes when PING answers PONG, by url (host:port), addr or redis:// URL', async () => {
    for (const spec of [
      { url: `${open.host}:${open.port}` },
      { addr: `${open.host}:${open.port}` },
      { url: open.url },
      { url: `${open.host}:${open.port}`, db: 3 },
    ]) {
      const r = await run(spec);
      expect(r?.error, JSON.stringify(spec)).toBeUndefined();
      expect(r?.pass).toBe(true);
    }
  });

  it('fails a database the server does not have', async () => {
    const r = await run({ url: `${open.host}:${open.port}`, db: 99 });
    expect(r?.pass).toBe(false);
    expect(r?.error).toMatch(/DB index is out of range/);
  });

  it('authenticates with the password, and fails without it or with a wrong one', async () => {
    const addr = `${locked.host}:${locked.port}`;
    expect((await run({ url: addr, password: { value: 'hunter2' } }))?.pass).toBe(true);
    const via = await run(
      { connection: 'connection://default/cache' },
      ctx({ connections: { 'connection://default/cache': { url: addr, password: 'hunter2' } } }),
    );
    expect(via?.pass).toBe(true);
    const none = await run({ url: addr });
    expect(none?.pass).toBe(false);
    expect(none?.error).toMatch(/NOAUTH Authentication required/);
    const wrong = await run({ url: addr, password: 'nope' });
    expect(wrong?.pass).toBe(false);
    expect(wrong?.error).toMatch(/WRONGPASS|invalid password/);
  });

  it('fails when the answer is not PONG', async () => {
    const fake = await fakeRedis('HELLO');
    try {
      const r = await run({ url: fake.addr });
      expect(r?.pass).toBe(false);
      expect(r?.error).toBe('expected PONG, got HELLO');
    } finally {
      await fake.close();
    }
  });

  it('fails when nothing listens', async () => {
    const r = await run({ url: `127.0.0.1:${await freePort()}` });
    expect(r?.pass).toBe(false);
    expect(r?.error).toMatch(/ECONNREFUSED/);
  });

  it('times out a server that never answers, and stops when the run is cancelled', async () => {
    const silent = await fakeRedis();
    try {
      const t0 = Date.now();
      const r = await run({ url: silent.addr, timeout: 1 });
      expect(r?.pass).toBe(false);
      expect(r?.error).toBe('timed out after 1s');
      expect(Date.now() - t0).toBeLessThan(4000);
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 100);
      const cancelled = await run({ url: silent.addr }, ctx({ signal: ac.signal }));
      expect(cancelled?.error).toBe('the run was cancelled');
    } finally {
      await silent.close();
    }
  });

  it('says what is wrong with an unusable spec', async () => {
    const none = await run({});
    expect(none).toMatchObject({ invalid: true, pass: false });
    expect(none?.error).toBe('redis check needs url (host:port), e.g. redis.default.svc:6379');
    expect((await run({ url: 'a:b:c' }))?.error).toBe('url must be host:port, got a:b:c');
    expect((await run({ url: 'h:6379', db: 'x' }))?.error).toBe(
      'db must be a database number (0, 1, …), got x',
    );
  });
});
