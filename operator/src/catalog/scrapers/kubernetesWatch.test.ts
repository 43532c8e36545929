import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  seedWorkload,
  startFakeKubeApi,
  type FakeKubeApi,
  type SeededWorkload,
} from '../../../../test/support/fakeKubeApi.js';
import type { ScraperOutput, ScraperSpec } from '../types.js';
import { watchKubernetes } from './kubernetes.js';
import { closedPort, scrapeContext } from './kubernetes.testing.js';

/** Namespace, Deployment, ReplicaSet, Pod, Service, ConfigMap and Event: one watch each. */
const WATCHED_RESOURCES = 7;
const WAIT = { timeout: 10_000, interval: 20 };

describe('watchKubernetes', () => {
  let api: FakeKubeApi;
  let shop: SeededWorkload;
  let stop: (() => void) | undefined;
  let outputs: ScraperOutput[];
  beforeAll(async () => {
    api = await startFakeKubeApi();
    shop = seedWorkload(api);
  });
  afterEach(async () => {
    stop?.();
    stop = undefined;
    await expect.poll(() => api.watchCount(), WAIT).toBe(0);
  });
  afterAll(() => api.close());

  const start = async (spec: ScraperSpec = {}, kubeconfig = api.kubeconfig()) => {
    outputs = [];
    stop = watchKubernetes(
      { clusterName: 'local', kubeconfig: { value: kubeconfig }, ...spec },
      scrapeContext(),
      (out) => outputs.push(out),
      { minBackoffMs: 20, maxBackoffMs: 200 },
    );
  };
  const watching = () => expect.poll(() => api.watchCount(), WAIT).toBe(WATCHED_RESOURCES);
  const podRef = () => ({ kind: 'Pod', namespace: 'shop', name: shop.pod.metadata.name });
  const items = () => outputs.flatMap((o) => o.items ?? []);
  const changes = () => outputs.flatMap((o) => o.changes ?? []);

  it('delivers a modified pod and a new event, and nothing for the initial state', async () => {
    await start();
    await watching();
    expect(outputs).toEqual([]);
    api.update(podRef(), (p) => {
      p.status = {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: 'False', message: 'readiness probe failed' }],
      };
    });
    const event = api.create({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `${shop.pod.metadata.name}.unhealthy`, namespace: 'shop' },
      involvedObject: {
        kind: 'Pod',
        namespace: 'shop',
        name: shop.pod.metadata.name,
        uid: shop.pod.metadata.uid,
      },
      reason: 'Unhealthy',
      type: 'Warning',
      message: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
      source: { component: 'kubelet' },
      count: 1,
    });
    await expect
      .poll(() => items().find((i) => i.externalId === shop.pod.metadata.uid), WAIT)
      .toMatchObject({
        type: 'Kubernetes::Pod',
        health: 'warning',
        status: 'NotReady',
        ready: false,
      });
    await expect
      .poll(() => changes().find((c) => c.externalChangeId === event.metadata.uid), WAIT)
      .toMatchObject({
        item: { externalId: shop.pod.metadata.uid, type: 'Kubernetes::Pod' },
        changeType: 'Unhealthy',
        severity: 'medium',
        source: 'kubernetes/kubelet',
      });
    const podOutput = outputs.find((o) => o.items?.[0]?.externalId === shop.pod.metadata.uid);
    expect(podOutput?.relationships?.map((r) => r.relation).sort()).toEqual([
      'ReplicaSetPod',
      'ServicePod',
    ]);
    expect(outputs.every((o) => o.errors.length === 0)).toBe(true);
  });

  it('resumes a stream the server ends and delivers deletions', async () => {
    await start();
    await watching();
    api.dropWatches();
    await watching();
    api.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'temp', namespace: 'shop' },
    });
    await expect
      .poll(() => items().some((i) => i.name === 'temp' && !i.deletedAt), WAIT)
      .toBe(true);
    api.delete({ kind: 'ConfigMap', namespace: 'shop', name: 'temp' });
    await expect
      .poll(() => items().find((i) => i.name === 'temp' && i.deletedAt)?.deleteReason, WAIT)
      .toBe('deleted');
  });

  it('lists again after 410 and delivers what changed meanwhile, deletions included', async () => {
    await start();
    await watching();
    api.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'short', namespace: 'shop' },
    });
    await expect.poll(() => items().some((i) => i.name === 'short'), WAIT).toBe(true);
    const watchRequests = api.requests.length;
    // In one tick, so the watcher cannot come back in between: end the streams, change the
    // cluster, and compact the history past the changes, so that resuming gets 410 Expired.
    api.dropWatches();
    api.delete({ kind: 'ConfigMap', namespace: 'shop', name: 'short' });
    api.update({ kind: 'ConfigMap', namespace: 'shop', name: 'web-config' }, (c) => {
      c.data = { LOG_LEVEL: 'trace' };
    });
    api.compact();
    await expect
      .poll(() => items().find((i) => i.name === 'short' && i.deletedAt)?.deleteReason, WAIT)
      .toBe('deleted');
    await expect
      .poll(() => items().find((i) => i.name === 'web-config')?.config, WAIT)
      .toMatchObject({ data: { LOG_LEVEL: 'trace' } });
    const relisted = api.requests.slice(watchRequests);
    expect(relisted.some((r) => /^GET \/api\/v1\/configmaps\?.*limit=/.test(r))).toBe(true);
    await watching();
  });

  it('stops every watch when the returned function is called', async () => {
    await start();
    await watching();
    stop?.();
    stop = undefined;
    await expect.poll(() => api.watchCount(), WAIT).toBe(0);
    const before = outputs.length;
    api.update(podRef(), (p) => {
      p.metadata.labels = { ...p.metadata.labels, after: 'stop' };
    });
    // The update has reached the server; nothing may arrive for it. Give any stray callback a
    // chance to run by making a full round trip to the server first.
    await fetch(`${api.url}/version`, { headers: { authorization: `Bearer ${api.token}` } });
    expect(outputs.length).toBe(before);
  });

  it('reports an unreachable cluster as an error naming the server', async () => {
    const server = `http://127.0.0.1:${await closedPort()}`;
    await start({}, api.kubeconfig().replace(api.url, server));
    await expect.poll(() => outputs.length, WAIT).toBeGreaterThan(0);
    expect(outputs[0]?.errors[0]).toContain(`cannot reach the Kubernetes API server ${server}`);
  });

  it('keeps retrying a failing cluster without repeating the error', async () => {
    // Accepts connections and drops them: every attempt fails, and each can be counted.
    let attempts = 0;
    const dropper = net.createServer((socket) => {
      attempts++;
      socket.destroy();
    });
    await new Promise<void>((r) => dropper.listen(0, '127.0.0.1', r));
    try {
      const port = (dropper.address() as net.AddressInfo).port;
      await start({}, api.kubeconfig().replace(api.url, `http://127.0.0.1:${port}`));
      await expect.poll(() => attempts, WAIT).toBeGreaterThanOrEqual(4);
      expect(outputs).toHaveLength(1);
      expect(outputs[0]?.errors).toEqual([expect.stringContaining(`127.0.0.1:${port}`)]);
    } finally {
      stop?.();
      stop = undefined;
      dropper.close();
    }
  });
});
