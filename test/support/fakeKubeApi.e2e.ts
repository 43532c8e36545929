import { CoreV1Api, KubeConfig, KubernetesObjectApi, Watch } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  seedWorkload,
  startFakeKubeApi,
  type FakeKubeApi,
  type SeededWorkload,
} from './fakeKubeApi.js';

/** The fake API server against the real @kubernetes/client-node, as the scraper uses it. */
describe('fake Kubernetes API', () => {
  let api: FakeKubeApi;
  let seeded: SeededWorkload;
  const kc = new KubeConfig();
  beforeAll(async () => {
    api = await startFakeKubeApi({ maxPageSize: 2 });
    seeded = seedWorkload(api);
    kc.loadFromString(api.kubeconfig());
  });
  afterAll(() => api.close());

  /** Collects the events of one watch until stopped. */
  async function watch(path: string, query: Record<string, string | number | boolean> = {}) {
    const seen: { type: string; name: string; rv: string; code?: number }[] = [];
    let ended = false;
    const controller = await new Watch(kc).watch(
      path,
      query,
      (type, obj: { metadata?: { name?: string; resourceVersion?: string }; code?: number }) =>
        seen.push({
          type,
          name: obj.metadata?.name ?? '',
          rv: obj.metadata?.resourceVersion ?? '',
          code: obj.code,
        }),
      () => (ended = true),
    );
    return { seen, ended: () => ended, stop: () => controller.abort() };
  }

  it('serves discovery that client-node resolves kinds with', async () => {
    const objects = KubernetesObjectApi.makeApiClient(kc);
    const read = await objects.read({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'shop' },
    });
    expect(read.metadata?.uid).toBe(seeded.deployment.metadata.uid);
  });

  it('lists with label and field selectors, page by page with continue', async () => {
    const core = kc.makeApiClient(CoreV1Api);
    const pods = await core.listNamespacedPod({ namespace: 'shop', labelSelector: 'app=web' });
    expect(pods.items.map((p) => p.metadata?.name)).toEqual([seeded.pod.metadata.name]);
    const none = await core.listPodForAllNamespaces({ labelSelector: 'app=nope' });
    expect(none.items).toEqual([]);
    const warnings = await core.listNamespacedEvent({
      namespace: 'shop',
      fieldSelector: 'type=Warning',
    });
    expect(warnings.items.map((e) => e.reason)).toEqual(['BackOff']);
    const page1 = await core.listNamespacedEvent({ namespace: 'shop', limit: 1 });
    expect(page1.items).toHaveLength(1);
    expect(page1.metadata?._continue).toBeTruthy();
    const page2 = await core.listNamespacedEvent({
      namespace: 'shop',
      limit: 1,
      _continue: page1.metadata?._continue,
    });
    expect(page2.items.map((e) => e.reason)).not.toEqual(page1.items.map((e) => e.reason));
    expect(page2.metadata?._continue).toBeFalsy();
  });

  it('refuses a wrong token', async () => {
    const bad = new KubeConfig();
    bad.loadFromString(api.kubeconfig('wrong'));
    await expect(bad.makeApiClient(CoreV1Api).listNamespace()).rejects.toMatchObject({ code: 401 });
  });

  it('watches from a resourceVersion: changes after it, in order, and deletes', async () => {
    const from = api.resourceVersion();
    const w = await watch('/api/v1/namespaces/shop/configmaps', { resourceVersion: from });
    const name = seeded.configMap.metadata.name;
    api.update({ kind: 'ConfigMap', namespace: 'shop', name }, (o) => {
      o.data = { LOG_LEVEL: 'debug' };
    });
    api.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'extra', namespace: 'shop' },
    });
    api.delete({ kind: 'ConfigMap', namespace: 'shop', name: 'extra' });
    await expect
      .poll(() => w.seen.map((e) => `${e.type} ${e.name}`), { timeout: 5_000 })
      .toEqual([`MODIFIED ${name}`, 'ADDED extra', 'DELETED extra']);
    w.stop();
    // Replayed from history for a watch that starts at the same resourceVersion.
    const again = await watch('/api/v1/namespaces/shop/configmaps', { resourceVersion: from });
    await expect.poll(() => again.seen.length, { timeout: 5_000 }).toBe(3);
    again.stop();
  });

  it('sends synthetic ADDED without a resourceVersion, and 410 once compacted', async () => {
    const all = await watch('/apis/apps/v1/replicasets');
    await expect.poll(() => all.seen.map((e) => e.type), { timeout: 5_000 }).toEqual(['ADDED']);
    all.stop();
    const old = api.resourceVersion();
    api.update({ kind: 'Pod', namespace: 'shop', name: seeded.pod.metadata.name }, (p) => {
      p.metadata.labels = { ...p.metadata.labels, touched: 'yes' };
    });
    api.compact();
    const expired = await watch('/api/v1/pods', { resourceVersion: old });
    await expect.poll(() => expired.seen[0]?.code, { timeout: 5_000 }).toBe(410);
    await expect.poll(() => expired.ended(), { timeout: 5_000 }).toBe(true);
  });

  it('ends open watches from the server side', async () => {
    const w = await watch('/api/v1/services', { resourceVersion: api.resourceVersion() });
    await expect.poll(() => api.watchCount(), { timeout: 5_000 }).toBeGreaterThan(0);
    api.dropWatches();
    await expect.poll(() => w.ended(), { timeout: 5_000 }).toBe(true);
    expect(api.watchCount()).toBe(0);
  });
});
