import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as k8s from '@kubernetes/client-node';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../testing/testDatabase.js';
import { LeaseElection, type Election } from './leaseElection.js';

/**
 * Leader election through a coordination.k8s.io Lease, against a small Lease API on loopback
 * that keeps one object with resourceVersion checks (a stale replace is 409), as the real API
 * server does.
 */
interface StoredLease {
  metadata: { name: string; namespace: string; resourceVersion: string };
  spec: Record<string, unknown>;
}

function leaseApi(opts: { available: boolean }) {
  let lease: StoredLease | undefined;
  let version = 1;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const send = (code: number, obj: unknown) =>
        res.writeHead(code, { 'Content-Type': 'application/json' }).end(JSON.stringify(obj));
      const notFound = () =>
        send(404, {
          kind: 'Status',
          apiVersion: 'v1',
          status: 'Failure',
          reason: 'NotFound',
          code: 404,
        });
      const m =
        /^\/apis\/coordination\.k8s\.io\/v1\/namespaces\/([^/]+)\/leases(?:\/([^/?]+))?/.exec(
          req.url ?? '',
        );
      if (!opts.available || !m) return notFound();
      const namespace = m[1] as string;
      if (req.method === 'GET') return lease ? send(200, lease) : notFound();
      const sent = JSON.parse(body) as StoredLease;
      if (req.method === 'POST') {
        if (lease) return send(409, { kind: 'Status', reason: 'AlreadyExists', code: 409 });
        lease = {
          metadata: { name: sent.metadata.name, namespace, resourceVersion: String(++version) },
          spec: sent.spec,
        };
        return send(201, lease);
      }
      if (req.method === 'PUT') {
        if (!lease) return notFound();
        if (sent.metadata.resourceVersion !== lease.metadata.resourceVersion) {
          return send(409, { kind: 'Status', reason: 'Conflict', code: 409 });
        }
        lease = {
          metadata: { ...lease.metadata, resourceVersion: String(++version) },
          spec: sent.spec,
        };
        return send(200, lease);
      }
      send(405, {});
    });
  });
  return {
    server,
    holder: () => lease?.spec.holderIdentity as string | undefined,
    renewTime: () => lease?.spec.renewTime as string | undefined,
    async listen() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const kc = new k8s.KubeConfig();
      kc.loadFromOptions({
        clusters: [
          {
            name: 'fake',
            server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
            // client-node refuses plain http unless TLS checks are off
            skipTLSVerify: true,
          },
        ],
        users: [{ name: 'u', token: 'test' }],
        contexts: [{ name: 'c', cluster: 'fake', user: 'u' }],
        currentContext: 'c',
      });
      return kc;
    },
  };
}

const noFallback = (): Election & { started: boolean } => ({
  started: false,
  start() {
    this.started = true;
  },
  async stop() {},
});

const until = async (fn: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!fn() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return fn();
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('Lease election', () => {
  it('elects one leader, keeps the other waiting, and hands over once the lease expires', async () => {
    const api = leaseApi({ available: true });
    const kc = await api.listen();
    cleanups.push(() => new Promise<void>((r) => api.server.close(() => r())));
    const timing = { durationS: 1, renewMs: 100 };
    const led: string[] = [];
    const a = new LeaseElection(
      kc,
      silentLog,
      () => led.push('a'),
      noFallback(),
      timing,
      'replica-a',
    );
    a.start();
    expect(await until(() => led.includes('a'))).toBe(true);
    expect(api.holder()).toBe('replica-a');

    // Renewals carry MicroTime text with six fraction digits, as the API server requires.
    expect(api.renewTime()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const b = new LeaseElection(
      kc,
      silentLog,
      () => led.push('b'),
      noFallback(),
      timing,
      'replica-b',
    );
    cleanups.push(() => b.stop());
    b.start();
    // a keeps renewing: b never leads while a's lease is fresh.
    await new Promise((r) => setTimeout(r, 1500));
    expect(led).toEqual(['a']);
    expect(api.holder()).toBe('replica-a');

    // a stops renewing (its pod is gone); after the lease duration b takes over.
    await a.stop();
    expect(await until(() => led.includes('b'), 4000)).toBe(true);
    expect(api.holder()).toBe('replica-b');
  }, 15_000);

  it('falls back to the database lock when the API server has no Lease API', async () => {
    const api = leaseApi({ available: false });
    const kc = await api.listen();
    cleanups.push(() => new Promise<void>((r) => api.server.close(() => r())));
    const fallback = noFallback();
    const led: string[] = [];
    const e = new LeaseElection(
      kc,
      silentLog,
      () => led.push('x'),
      fallback,
      { durationS: 1, renewMs: 100 },
      'solo',
    );
    cleanups.push(() => e.stop());
    e.start();
    expect(await until(() => fallback.started)).toBe(true);
    expect(led).toEqual([]);
  });
});
