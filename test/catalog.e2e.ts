import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKubeApi, seedWorkload, type FakeKubeApi } from './support/fakeKubeApi.js';
import { kubectl, type Kubectl } from './support/kubectl.js';
import { ADMIN_TOKEN, startVigil, type VigilProcess } from './support/server.js';

/**
 * The catalog as a user fills it: ScrapeConfigs applied with kubectl scrape a folder of
 * Kubernetes manifests, a git repository and a (loopback) Kubernetes cluster; edits become diff
 * changes, deleted files go stale only after a clean scrape, and the cluster's owners and
 * services become relationships.
 */
let vigil: VigilProcess;
let cluster: FakeKubeApi;
let k: Kubectl;
let work: string;

const api = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(`${vigil.url}${p}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${ADMIN_TOKEN}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const apply = (yaml: string) => {
  const r = k.run(['apply', '-f', '-'], { input: yaml });
  expect(r.status, r.stderr).toBe(0);
};

const scraperId = async (name: string) =>
  until(`scraper ${name}`, async () => {
    const rows = await api<{ id: string }[]>(
      `/api/db/config_scrapers?name=eq.default/${name}&select=id`,
    );
    return rows[0]?.id;
  });

/** Scrape now, as the console's button does, and return what the scrape reported. */
const scrapeNow = async (name: string) =>
  until(`a scrape of ${name}`, async () =>
    api<{ summary: Record<string, Record<string, number>>; errors: string[] }>(
      `/api/catalog/scrapers/${await scraperId(name)}/run`,
      { method: 'POST' },
    ),
  );

const manifest = (kind: string, name: string, replicas = 1) =>
  `apiVersion: apps/v1\nkind: ${kind}\nmetadata:\n  name: ${name}\n  namespace: shop\nspec:\n  replicas: ${replicas}\n`;

const items = (query: string) =>
  api<
    {
      id: string;
      name: string;
      type: string;
      deleted_at: string | null;
      delete_reason: string | null;
    }[]
  >(`/api/db/config_items?select=id,name,type,deleted_at,delete_reason&${query}&order=name`);

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-catalog-e2e-'));
  cluster = await startFakeKubeApi();
  seedWorkload(cluster, { namespace: 'shop', app: 'web' });
  vigil = await startVigil({ env: { VIGIL_HEALTH_CHECKS: 'off' } });
  const config = await fetch(`${vigil.url}/api/kubeconfig`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  k = kubectl(33, await config.text());
}, 180_000);

afterAll(async () => {
  await vigil?.stop();
  await cluster?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('a folder of Kubernetes manifests', () => {
  const dir = () => path.join(work, 'manifests');

  it('is scraped when the ScrapeConfig is applied', async () => {
    fs.mkdirSync(dir(), { recursive: true });
    fs.writeFileSync(path.join(dir(), 'web.yaml'), manifest('Deployment', 'web', 2));
    fs.writeFileSync(path.join(dir(), 'api.yaml'), manifest('Deployment', 'api'));
    apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata: { name: manifests, namespace: default }
spec:
  # Scraped when applied and when asked (Scrape now), never on a timer that could race the test.
  schedule: '@never'
  retention: { staleItemAge: 1s }
  file:
    - paths: ['${dir()}/*.yaml']
      id: $.metadata.name
      name: $.metadata.name
      type: $.kind
`);
    const found = await until('two items', async () => {
      const rows = await items('type=eq.Deployment&deleted_at=is.null');
      return rows.length === 2 ? rows : undefined;
    });
    expect(found.map((r) => r.name)).toEqual(['api', 'web']);
    const ready = JSON.parse(k.run(['get', 'scrapeconfig', 'manifests', '-o', 'json']).stdout)
      .status.conditions;
    expect(ready).toContainEqual(expect.objectContaining({ type: 'Ready', status: 'True' }));
  });

  it('records an edit as one diff change, and an identical rescrape as nothing', async () => {
    fs.writeFileSync(path.join(dir(), 'web.yaml'), manifest('Deployment', 'web', 3));
    const edited = await scrapeNow('manifests');
    expect(edited.summary.Deployment).toMatchObject({ updated: 1 });
    await scrapeNow('manifests');
    const [web] = await items('name=eq.web');
    const changes = await api<{ change_type: string; summary: string; count: number }[]>(
      `/api/db/config_changes?config_id=eq.${web?.id}&select=change_type,summary,count`,
    );
    expect(changes).toEqual([{ change_type: 'diff', summary: 'spec.replicas', count: 1 }]);
  });

  it('soft-deletes a removed file after the next clean scrape, never after a failing one', async () => {
    fs.rmSync(path.join(dir(), 'api.yaml'));
    fs.writeFileSync(path.join(dir(), 'broken.yaml'), 'kind: [');
    const failing = await scrapeNow('manifests');
    expect(failing.errors.join()).toMatch(/broken\.yaml/);
    expect((await items('name=eq.api'))[0]?.deleted_at).toBeNull();
    fs.rmSync(path.join(dir(), 'broken.yaml'));
    await new Promise((r) => setTimeout(r, 1100)); // staleItemAge is 1s of absence
    const clean = await scrapeNow('manifests');
    expect(clean.errors).toEqual([]);
    expect((await items('name=eq.api'))[0]).toMatchObject({ delete_reason: 'stale' });
  });
});

describe('a git repository', () => {
  it('is cloned and followed to its next commit', async () => {
    const repo = path.join(work, 'repo');
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', repo, '-c', 'user.email=t@x', '-c', 'user.name=t', ...args], {
        stdio: 'pipe',
      });
    fs.mkdirSync(path.join(repo, 'apps'), { recursive: true });
    execFileSync('git', ['init', '-q', '-b', 'main', repo]);
    fs.writeFileSync(path.join(repo, 'apps', 'cart.json'), JSON.stringify({ image: 'cart:1' }));
    git('add', '.');
    git('commit', '-q', '-m', 'cart');
    apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata: { name: repo, namespace: default }
spec:
  schedule: '@never'
  file:
    - url: file://${repo}
      paths: [apps/*.json]
      type: App
`);
    await until('the repository item', async () =>
      (await items('type=eq.App')).length ? true : undefined,
    );
    fs.writeFileSync(path.join(repo, 'apps', 'cart.json'), JSON.stringify({ image: 'cart:2' }));
    git('commit', '-q', '-am', 'cart 2');
    const out = await scrapeNow('repo');
    expect(out.summary.App).toMatchObject({ updated: 1 });
  });
});

describe('a Kubernetes cluster', () => {
  it('scrapes owners and services into relationships, and events into changes', async () => {
    apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata: { name: cluster, namespace: default }
spec:
  kubernetes:
    - clusterName: loopback
      kubeconfig:
        value: |
${cluster
  .kubeconfig()
  .split('\n')
  .map((l) => `          ${l}`)
  .join('\n')}
`);
    const pods = await until('the pod', async () => {
      const rows = await items('type=eq.Kubernetes::Pod');
      return rows.length ? rows : undefined;
    });
    const links = await api<
      { relation: string; config: { type: string }; related: { type: string } }[]
    >(
      `/api/db/config_relationships?select=relation,config:configs!config_relationships_config_id_fkey(type),related:configs!config_relationships_related_id_fkey(type)&relation=neq.hard`,
    );
    const pairs = links.map((l) => `${l.config.type} -${l.relation}-> ${l.related.type}`).sort();
    expect(pairs).toEqual(
      expect.arrayContaining([
        'Kubernetes::Deployment -DeploymentReplicaSet-> Kubernetes::ReplicaSet',
        'Kubernetes::ReplicaSet -ReplicaSetPod-> Kubernetes::Pod',
        'Kubernetes::Service -ServicePod-> Kubernetes::Pod',
      ]),
    );
    const events = await api<{ change_type: string; severity: string }[]>(
      `/api/db/config_changes?config_id=eq.${pods[0]?.id}&select=change_type,severity&order=change_type`,
    );
    expect(events).toEqual(
      expect.arrayContaining([
        { change_type: 'BackOff', severity: 'medium' },
        { change_type: 'Scheduled', severity: 'info' },
      ]),
    );
  });
});

describe('a watched Kubernetes cluster', () => {
  it('brings a changed Pod and a new Event into the catalog without waiting for a scrape', async () => {
    const [pod] = cluster.list('Pod', 'shop');
    const name = pod?.metadata.name as string;
    // Changes made before a watch starts are the next scrape's to see; this asserts the watch.
    const watching = (resource: string) =>
      cluster.requests.some((r) => new RegExp(`/${resource}\\?.*watch=(true|1)`).test(r));
    await until('the watches on pods and events', async () =>
      watching('pods') && watching('events') ? true : undefined,
    );
    cluster.update({ kind: 'Pod', namespace: 'shop', name }, (o) => {
      o.metadata.labels = { ...o.metadata.labels, release: 'canary' };
    });
    await until(
      'the new label',
      async () => {
        const rows = await api<{ labels: Record<string, string> }[]>(
          `/api/db/config_items?type=eq.Kubernetes::Pod&name=eq.${name}&select=labels`,
        );
        return rows[0]?.labels.release === 'canary' ? true : undefined;
      },
      20_000,
    );
    cluster.create({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `${name}.oom`, namespace: 'shop' },
      involvedObject: { kind: 'Pod', name, namespace: 'shop', uid: pod?.metadata.uid },
      reason: 'OOMKilling',
      message: 'container was OOMKilled',
      type: 'Warning',
      count: 1,
      lastTimestamp: new Date().toISOString(),
    });
    await until(
      'the event as a change',
      async () => {
        const rows = await api<unknown[]>(
          `/api/db/config_changes?change_type=eq.OOMKilling&select=id`,
        );
        return rows.length ? true : undefined;
      },
      20_000,
    );
  });
});

describe('scraper types that do not run here', () => {
  it('are accepted and named in a Ready=False condition', async () => {
    apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata: { name: clouds, namespace: default }
spec:
  aws:
    - region: [eu-west-1]
`);
    const cond = await until('the condition', async () => {
      const c = JSON.parse(
        k.run(['get', 'scrapeconfig', 'clouds', '-o', 'json']).stdout,
      ).status?.conditions?.find((x: { type: string }) => x.type === 'Ready');
      return c?.reason === 'UnsupportedScraper' ? c : undefined;
    });
    expect(cond).toMatchObject({
      status: 'False',
      message: expect.stringMatching(/^aws scraper does not run here/),
    });
  });
});
