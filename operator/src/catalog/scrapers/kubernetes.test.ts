import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NODE_RESOURCE,
  seedWorkload,
  startFakeKubeApi,
  type FakeKubeApi,
  type SeededWorkload,
} from '../../../../test/support/fakeKubeApi.js';
import type { ScraperSpec } from '../types.js';
import { kubernetesScraper } from './kubernetes.js';
import { closedPort, itemNamed, kubeConfigFrom, scrapeContext } from './kubernetes.testing.js';

describe('kubernetes scraper', () => {
  let api: FakeKubeApi;
  let shop: SeededWorkload;
  let ops: SeededWorkload;
  beforeAll(async () => {
    // Two items a page at most, so every list of more than two objects pages with continue.
    api = await startFakeKubeApi({ maxPageSize: 2, resources: [NODE_RESOURCE] });
    shop = seedWorkload(api);
    ops = seedWorkload(api, { namespace: 'ops', app: 'db' });
    api.create({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'node-1', labels: { 'kubernetes.io/hostname': 'node-1' } },
      spec: { unschedulable: true },
      status: { conditions: [{ type: 'Ready', status: 'True' }] },
    });
  });
  afterAll(() => api.close());

  const scrape = (spec: ScraperSpec = {}) =>
    kubernetesScraper(
      { clusterName: 'local', kubeconfig: { value: api.kubeconfig() }, ...spec },
      scrapeContext(),
    );
  const uid = (o: { metadata: { uid?: string } }) => o.metadata.uid as string;

  it('returns one item per object with its uid, alias, type, parent, tags and health', async () => {
    const out = await scrape();
    expect(out.errors).toEqual([]);
    expect(out.documents).toBeUndefined();
    const types = new Set(out.items?.map((i) => i.type));
    expect([...types].sort()).toEqual(
      [
        'Cluster',
        'ConfigMap',
        'Deployment',
        'Namespace',
        'Node',
        'Pod',
        'ReplicaSet',
        'Service',
      ].map((k) => `Kubernetes::${k}`),
    );
    const pod = itemNamed(out, 'Kubernetes::Pod', shop.pod.metadata.name);
    expect(pod).toMatchObject({
      externalId: uid(shop.pod),
      aliases: [`Kubernetes/Pod/shop/${shop.pod.metadata.name}`],
      class: 'Pod',
      health: 'healthy',
      status: 'Running',
      ready: true,
      labels: shop.pod.metadata.labels,
      tags: { cluster: 'local', namespace: 'shop' },
      parent: { externalId: uid(shop.namespace), type: 'Kubernetes::Namespace' },
      createdAt: new Date(shop.pod.metadata.creationTimestamp as string),
    });
    const cluster = itemNamed(out, 'Kubernetes::Cluster', 'local');
    expect(cluster?.config).toMatchObject({ server: api.url, version: 'v1.31.0-fake' });
    expect(itemNamed(out, 'Kubernetes::Namespace', 'shop')).toMatchObject({
      aliases: ['Kubernetes/Namespace//shop'],
      health: 'healthy',
      status: 'Active',
      parent: { externalId: cluster?.externalId, type: 'Kubernetes::Cluster' },
    });
    // A cordoned node is up but not taking work.
    expect(itemNamed(out, 'Kubernetes::Node', 'node-1')).toMatchObject({
      health: 'warning',
      status: 'SchedulingDisabled',
    });
  });

  it('stores the object without managedFields, last-applied or resourceVersion', async () => {
    const out = await scrape();
    const config = itemNamed(out, 'Kubernetes::Deployment', 'web')?.config as {
      apiVersion: string;
      kind: string;
      metadata: Record<string, unknown>;
    };
    expect(config.kind).toBe('Deployment');
    expect(config.apiVersion).toBe('apps/v1');
    expect(config.metadata.managedFields).toBeUndefined();
    expect(config.metadata.resourceVersion).toBeUndefined();
    expect(config.metadata.annotations).toEqual({ 'deployment.kubernetes.io/revision': '1' });
  });

  it('returns the chain Deployment→ReplicaSet→Pod and Service→Pod as relationships', async () => {
    const out = await scrape();
    const rel = (from: { metadata: { uid?: string } }, to: { metadata: { uid?: string } }) =>
      out.relationships?.find((r) => r.from.externalId === uid(from) && r.to.externalId === uid(to))
        ?.relation;
    expect(rel(shop.deployment, shop.replicaSet)).toBe('DeploymentReplicaSet');
    expect(rel(shop.replicaSet, shop.pod)).toBe('ReplicaSetPod');
    expect(rel(shop.service, shop.pod)).toBe('ServicePod');
    // Selectors stay in their namespace: shop's Service does not select ops' Pod.
    expect(rel(shop.service, ops.pod)).toBeUndefined();
    expect(out.relationships).toHaveLength(6);
  });

  it('turns an Event into a change of its pod with the right severity', async () => {
    const out = await scrape();
    const change = (e: { metadata: { uid?: string } }) =>
      out.changes?.find((c) => c.externalChangeId === uid(e));
    expect(change(shop.events.backOff)).toMatchObject({
      item: { externalId: uid(shop.pod), type: 'Kubernetes::Pod' },
      changeType: 'BackOff',
      severity: 'medium',
      source: 'kubernetes/kubelet',
      summary: 'Back-off restarting failed container',
    });
    expect(change(shop.events.scheduled)).toMatchObject({
      changeType: 'Scheduled',
      severity: 'info',
      source: 'kubernetes/default-scheduler',
    });
    const keyed = await scrape({
      event: { severityKeywords: { error: ['back-off'], warn: ['Sched*'] } },
    });
    const severity = (e: { metadata: { uid?: string } }) =>
      keyed.changes?.find((c) => c.externalChangeId === uid(e))?.severity;
    expect(severity(shop.events.backOff)).toBe('high');
    expect(severity(shop.events.scheduled)).toBe('medium');
  });

  it('keeps the externalChangeId of an event repeated with a bumped count', async () => {
    const ref = { kind: 'Event', namespace: 'ops', name: ops.events.backOff.metadata.name };
    const before = (await scrape()).changes?.filter((c) => c.changeType === 'BackOff');
    const later = new Date(Date.now() + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    api.update(ref, (e) => {
      e.count = 2;
      e.lastTimestamp = later;
    });
    const after = (await scrape()).changes?.filter((c) => c.changeType === 'BackOff');
    expect(after?.map((c) => c.externalChangeId)).toEqual(before?.map((c) => c.externalChangeId));
    const repeated = after?.find((c) => c.externalChangeId === uid(ops.events.backOff));
    expect(repeated?.details).toMatchObject({ count: 2 });
    expect(repeated?.createdAt).toEqual(new Date(later));
  });

  it('drops excluded objects, their events, and excluded events', async () => {
    const out = await scrape({
      exclusions: {
        name: ['*-config'],
        kind: ['replicaset'],
        namespace: ['ops'],
        labels: { 'kubernetes.io/hostname': 'node-*' },
      },
      event: { exclusions: { reason: ['Sched*'] } },
    });
    expect(out.errors).toEqual([]);
    const names = out.items?.map((i) => `${i.class}/${i.name}`) ?? [];
    expect(names.filter((n) => /ConfigMap|ReplicaSet|Node\/|\/ops|db/.test(n))).toEqual([]);
    expect(names).toContain(`Pod/${shop.pod.metadata.name}`);
    expect(api.requests.some((r) => r.includes('/replicasets'))).toBe(true);
    expect(out.changes?.map((c) => c.externalChangeId)).toEqual([uid(shop.events.backOff)]);
    // The Deployment→ReplicaSet→Pod links go with the ReplicaSets.
    expect(out.relationships?.map((r) => r.relation)).toEqual(['ServicePod']);
  });

  it('scrapes one namespace with a label selector', async () => {
    const out = await scrape({ namespace: 'ops', selector: 'app=db' });
    expect(out.errors).toEqual([]);
    const names = out.items?.map((i) => `${i.class}/${i.name}`).sort();
    // The ops Namespace has no app label: the selector leaves it out, parents fall back to aliases.
    expect(names).toEqual(
      [
        'Cluster/local',
        'ConfigMap/db-config',
        'Deployment/db',
        `Pod/${ops.pod.metadata.name}`,
        `ReplicaSet/${ops.replicaSet.metadata.name}`,
        'Service/db',
      ].sort(),
    );
    expect(itemNamed(out, 'Kubernetes::Service', 'db')?.parent).toEqual({
      externalId: 'Kubernetes/Namespace//ops',
      type: 'Kubernetes::Namespace',
    });
    expect(out.changes).toHaveLength(2);
  });

  it('pages through long lists with limit and continue', async () => {
    api.requests.length = 0;
    const out = await scrape();
    expect(out.items?.filter((i) => i.class === 'Event')).toEqual([]);
    expect(out.items?.filter((i) => i.class === 'Namespace')).toHaveLength(2);
    expect(out.changes).toHaveLength(4);
    expect(api.requests.some((r) => /\/api\/v1\/events\?.*continue=/.test(r))).toBe(true);
    expect(api.requests.every((r) => !/watch=/.test(r))).toBe(true);
  });

  it('reads the kubeconfig from a connection, and falls back to the context', async () => {
    const viaConnection = await kubernetesScraper(
      { clusterName: 'local', connection: 'connection://default/k8s' },
      scrapeContext({
        connections: { 'connection://default/k8s': { kubeconfig: api.kubeconfig() } },
      }),
    );
    expect(viaConnection.errors).toEqual([]);
    expect(viaConnection.items?.length).toBeGreaterThan(10);
    const viaContext = await kubernetesScraper(
      { clusterName: 'local' },
      scrapeContext({ kubeconfig: kubeConfigFrom(api.kubeconfig()) }),
    );
    expect(viaContext.items?.length).toBe(viaConnection.items?.length);
  });

  it('reports an unreachable cluster as an error naming the server, not a throw', async () => {
    const server = `http://127.0.0.1:${await closedPort()}`;
    const out = await kubernetesScraper(
      { clusterName: 'gone', kubeconfig: { value: api.kubeconfig().replace(api.url, server) } },
      scrapeContext(),
    );
    expect(out.items ?? []).toEqual([]);
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toContain(`cannot reach the Kubernetes API server ${server}`);
  });

  it('reports a missing clusterName, a bad token, a kubeconfig path and an unserved kind', async () => {
    const missing = await kubernetesScraper(
      { kubeconfig: { value: api.kubeconfig() } },
      scrapeContext(),
    );
    expect(missing.errors).toEqual([expect.stringContaining('clusterName is required')]);
    const denied = await scrape({ kubeconfig: { value: api.kubeconfig('wrong') } });
    expect(denied.errors.length).toBeGreaterThan(0);
    expect(denied.errors.every((e) => e.includes('HTTP 401'))).toBe(true);
    const path = await scrape({ kubeconfig: { value: '/etc/kubernetes/admin.conf' } });
    expect(path.errors).toEqual([
      'kubeconfig.value must hold the kubeconfig YAML itself (file paths are not read)',
    ]);
    const unserved = await scrape({ watch: [{ apiVersion: 'batch/v1', kind: 'Job' }] });
    expect(unserved.errors).toEqual([`the cluster ${api.url} serves no Job in batch/v1`]);
    expect(unserved.items?.length).toBeGreaterThan(10);
  });

  it('reports a bad maxInflight', async () => {
    const bad = await scrape({ maxInFlight: 0 });
    expect(bad.errors).toEqual(['maxInflight must be a whole number of at least 1']);
  });
});

describe('kubernetes scraper concurrency', () => {
  it('has at most maxInflight lists in flight', async () => {
    const peak = async (maxInflight: number) => {
      const slow = await startFakeKubeApi({ latencyMs: 30 });
      try {
        seedWorkload(slow);
        const out = await kubernetesScraper(
          { clusterName: 'slow', kubeconfig: { value: slow.kubeconfig() }, maxInflight },
          scrapeContext(),
        );
        expect(out.errors).toEqual([]);
        return slow.peakInflight();
      } finally {
        await slow.close();
      }
    };
    expect(await peak(1)).toBe(1);
    expect(await peak(3)).toBe(3);
  });
});
