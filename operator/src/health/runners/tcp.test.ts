import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runOne } from './net/testing.js';
import { parseEndpoint, tcp } from './tcp.js';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
  );
});

async function listener(): Promise<{ server: net.Server; port: number; accepted: () => number }> {
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    socket.destroy();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, accepted: () => accepted };
}

const run = (spec: Record<string, unknown>, signal?: AbortSignal) =>
  runOne(tcp, 'tcp', { name: 'port', ...spec }, signal ? { signal } : {});

describe('tcp runner', () => {
  it('passes when the port accepts a connection', async () => {
    const { port, accepted } = await listener();
    const r = await run({ endpoint: `127.0.0.1:${port}`, thresholdMillis: 2000 });
    expect(r.pass).toBe(true);
    expect(r.duration).toBeGreaterThanOrEqual(1);
    expect(r.message).toMatch(new RegExp(`^connected to 127.0.0.1:${port} in \\d+ms$`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(accepted()).toBe(1);
  });

  it('resolves host names', async () => {
    const { port } = await listener();
    expect((await run({ endpoint: `localhost:${port}` })).pass).toBe(true);
  });

  it('fails with the error for a closed port', async () => {
    const { server, port } = await listener();
    servers.pop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const r = await run({ endpoint: `127.0.0.1:${port}` });
    expect(r.pass).toBe(false);
    expect(r.invalid).toBeUndefined();
    expect(r.error).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it.each([
    'tcp://example.com:80',
    'example.com',
    'example.com:http',
    '::1:80',
    ':80',
    'h:0',
    'h:70000',
    '',
  ])('rejects the endpoint %j as invalid', async (endpoint) => {
    const r = await run({ endpoint });
    expect(r.invalid).toBe(true);
    expect(r.pass).toBe(false);
    expect(r.error).toBe(`Incorrect endpoint format ${endpoint}, should be ADDRESS:PORT`);
  });

  it('parses host:port', () => {
    expect(parseEndpoint('db.internal:5432')).toEqual({ host: 'db.internal', port: 5432 });
    expect(parseEndpoint('a:b:c')).toBeUndefined();
  });

  it('returns "cancelled" when aborted', async () => {
    const { port } = await listener();
    const r = await run({ endpoint: `127.0.0.1:${port}` }, AbortSignal.abort());
    expect(r.pass).toBe(false);
    expect(r.error).toBe('cancelled');
  });
});
