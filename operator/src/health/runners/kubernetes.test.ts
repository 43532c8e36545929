import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../db/pool.js';
import type { CheckResult, CheckSpec, RunContext } from '../types.js';
import { healthStatus, kubernetesRunner, type HealthStatus } from './kubernetes.js';

function ctx(
  opts: { signal?: AbortSignal; namespace?: string; connections?: Record<string, unknown> } = {},
): RunContext {
  return {
    canary: { id: 'c1', name: 'canary', namespace: opts.namespace ?? 'default', labels: {} },
    check: { id: 'k1', name: 'k8s', type: 'kubernetes' },
    signal: opts.signal ?? new AbortController().signal,
    pool: {} as Pool,
    connection: (ref) =>
      Promise.resolve(opts.connections?.[ref] as Record<string, string> | undefined),
  };
}

const TOKEN = 'test-token';

const deployment = (
  namespace: string,
  name: string,
  want: number,
  ready: number,
  extra: Record<string, unknown> = {},
) => ({
  metadata: {
    name,
    namespace,
    generation: 1,
    labels: { app: name },
    creationTimestamp: '2026-01-02T03:04:05Z',
  },
  spec: { replicas: want },
  status: {
    observedGeneration: 1,
    replicas: want,
    readyReplicas: ready,
    availableReplicas: ready,
    updatedReplicas: want,
    ...extra,
  },
});

const DEPLOYMENTS = [
  deployment('default', 'web', 2, 2, { vigilExtra: 'kept as sent' }),
  deployment('default', 'api', 1, 0),
  deployment('prod', 'web', 3, 3),
  ...['a', 'b', 'c', 'd', 'e'].map((n) => deployment('paged', `p-${n}`, 1, 1)),
];

const NAMESPACES: { metadata: { name: string; labels: Record<string, string> } }[] = [
  { metadata: { name: 'default', labels: {} } },
  { metadata: { name: 'prod', labels: { tier: 'prod' } } },
  { metadata: { name: 'paged', labels: { tier: 'batch' } } },
];

/** A Kubernetes-like API server: discovery, lists with label selectors and paging. */
function fakeApiServer() {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    requests.push(`${u.pathname}${u.search}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${TOKEN}`)
      return send(401, { kind: 'Status', status: 'Failure', message: 'Unauthorized', code: 401 });
    if (u.pathname === '/apis/apps/v1')
      return send(200, {
        kind: 'APIResourceList',
        groupVersion: 'apps/v1',
        resources: [{ name: 'deployments', namespaced: true, kind: 'Deployment', verbs: ['list'] }],
      });
    if (u.pathname === '/api/v1')
      return send(200, {
        kind: 'APIResourceList',
        groupVersion: 'v1',
        resources: [
          { name: 'namespaces', namespaced: false, kind: 'Namespace', verbs: ['list'] },
          { name: 'pods', namespaced: true, kind: 'Pod', verbs: ['list'] },
        ],
      });
    if (u.pathname === '/apis/slow/v1') return; // never answers
    const labelSelector = u.searchParams.get('labelSelector');
    const matches = (o: { metadata: { labels?: Record<string, string> } }) =>
      !labelSelector ||
      labelSelector.split(',').every((t) => {
        const [k, v] = t.split('=');
        return o.metadata.labels?.[k ?? ''] === v;
      });
    const page = <T>(items: T[], kind: string, apiVersion: string) => {
      // Two items a page, whatever limit says, to exercise `continue`.
      const from = Number(u.searchParams.get('continue') ?? '0');
      const next = from + 2 < items.length ? String(from + 2) : undefined;
      send(200, {
        kind,
        apiVersion,
        metadata: { resourceVersion: '7', ...(next ? { continue: next } : {}) },
        items: items.slice(from, from + 2),
      });
    };
    if (u.pathname === '/api/v1/namespaces')
      return page(NAMESPACES.filter(matches), 'NamespaceList', 'v1');
    const m = /^\/apis\/apps\/v1(?:\/namespaces\/([^/]+))?\/deployments$/.exec(u.pathname);
    if (m)
      return page(
        DEPLOYMENTS.filter((d) => (!m[1] || d.metadata.namespace === m[1]) && matches(d)),
        'DeploymentList',
        'apps/v1',
      );
    send(404, {
      kind: 'Status',
      status: 'Failure',
      message: 'the server could not find the requested resource',
      code: 404,
    });
  });
  return { server, requests };
}

const kubeconfigYaml = (server: string, token = TOKEN) => `apiVersion: v1
kind: Config
clusters:
- name: fake
  cluster:
    server: ${server}
    # client-node talks plain http only with this set.
    insecure-skip-tls-verify: true
users:
- name: tester
  user:
    token: ${token}
contexts:
- name: fake
  context:
    cluster: fake
    user: tester
current-context: fake
`;

type Listed = {
  metadata: { name: string; namespace: string };
  healthStatus: HealthStatus;
} & Record<string, unknown>;
const listed = (r: CheckResult | undefined) => r?.data?.results as Listed[];
const ids = (r: CheckResult | undefined) =>
  listed(r).map((o) => `${o.metadata.namespace}/${o.metadata.name}`);

describe('kubernetes runner', () => {
  const { server, requests } = fakeApiServer();
  let dir: string;
  let kubeconfig: string;
  let inline: string;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-k8s-test-'));
    kubeconfig = path.join(dir, 'kubeconfig');
    inline = kubeconfigYaml(url);
    fs.writeFileSync(kubeconfig, inline);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = async (spec: CheckSpec, c = ctx()) => {
    const results = await kubernetesRunner({ kubeconfig, kind: 'Deployment', ...spec }, c);
    expect(results).toHaveLength(1);
    return results[0];
  };

  it("lists the canary's namespace by default, each object with its healthStatus", async () => {
    const r = await run({});
    expect(r?.error).toBeUndefined();
    expect(r?.pass).toBe(true);
    expect(r?.message).toBe('2 Deployment found');
    expect(ids(r)).toEqual(['default/web', 'default/api']);
    const [web, api] = listed(r);
    expect(web?.healthStatus).toEqual({
      health: 'healthy',
      status: 'Running',
      ready: true,
      message: '2/2 replicas ready',
    });
    expect(api?.healthStatus).toEqual({
      health: 'unhealthy',
      status: 'Degraded',
      ready: false,
      message: '0/1 replicas ready',
    });
    // Objects as the server sent them: unknown fields kept, times left as strings.
    expect(web).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' });
    expect((web?.status as Record<string, unknown>).vigilExtra).toBe('kept as sent');
    expect((web?.metadata as Record<string, unknown>).creationTimestamp).toBe(
      '2026-01-02T03:04:05Z',
    );
    expect(requests).toContain('/apis/apps/v1/namespaces/default/deployments?limit=500');
  });

  it('fails naming unhealthy and unready objects when asked to', async () => {
    const healthy = await run({ healthy: true });
    expect(healthy?.pass).toBe(false);
    expect(healthy?.error).toBe('unhealthy: default/api (Degraded: 0/1 replicas ready)');
    const ready = await run({ ready: true });
    expect(ready?.error).toBe('not ready: default/api (Degraded: 0/1 replicas ready)');
    const both = await run({ healthy: true, ready: true, ignore: ['ap*'] });
    expect(both?.pass).toBe(true);
    expect(ids(both)).toEqual(['default/web']);
  });

  it('selects namespaces by name, wildcard and labels, and resources by name and labels', async () => {
    expect(ids(await run({ namespaceSelector: { name: 'prod' } }))).toEqual(['prod/web']);
    const all = await run({ namespaceSelector: { name: '*' } });
    expect(ids(all)).toHaveLength(8);
    expect(requests).toContain('/apis/apps/v1/deployments?limit=500');
    expect(ids(await run({ namespaceSelector: { labelSelector: 'tier=prod' } }))).toEqual([
      'prod/web',
    ]);
    expect(ids(await run({ namespaceSelector: { name: 'p*' } }))).toEqual([
      'prod/web',
      'paged/p-a',
      'paged/p-b',
      'paged/p-c',
      'paged/p-d',
      'paged/p-e',
    ]);
    expect(ids(await run({ namespaceSelector: { name: '*' }, resource: { name: 'we*' } }))).toEqual(
      ['default/web', 'prod/web'],
    );
    expect(ids(await run({ resource: { labelSelector: 'app=api' } }))).toEqual(['default/api']);
    expect(requests).toContain(
      '/apis/apps/v1/namespaces/default/deployments?labelSelector=app%3Dapi&limit=500',
    );
  });

  it('follows continue tokens', async () => {
    const r = await run({ namespaceSelector: { name: 'paged' } });
    expect(ids(r)).toEqual(['paged/p-a', 'paged/p-b', 'paged/p-c', 'paged/p-d', 'paged/p-e']);
    expect(requests).toContain('/apis/apps/v1/namespaces/paged/deployments?limit=500&continue=4');
  });

  it('fails an empty list unless the check has a test', async () => {
    const none = await run({ resource: { name: 'nothing-*' } });
    expect(none?.pass).toBe(false);
    expect(none?.error).toBe('no resources found');
    const tested = await run({
      resource: { name: 'nothing-*' },
      test: { expr: 'size(results) == 0' },
    });
    expect(tested?.pass).toBe(true);
  });

  it('reads an inline kubeconfig or one from a connection, and reports API errors', async () => {
    expect((await run({ kubeconfig: { value: inline } }))?.pass).toBe(true);
    const viaConn = await kubernetesRunner(
      { kind: 'Deployment', connection: 'connection://default/cluster' },
      ctx({ connections: { 'connection://default/cluster': { certificate: inline } } }),
    );
    expect(viaConn[0]?.pass).toBe(true);
    const denied = await run({ kubeconfig: inline.replace(TOKEN, 'wrong') });
    expect(denied?.pass).toBe(false);
    expect(denied?.error).toBe('HTTP 401: Unauthorized');
    const unknownKind = await run({ kind: 'Gadget', apiVersion: 'apps/v1' });
    expect(unknownKind?.error).toBe('the cluster has no Gadget in apps/v1');
  });

  it('times out, and stops when the run is cancelled', async () => {
    const t0 = Date.now();
    const slow = await run({ kind: 'Widget', apiVersion: 'slow/v1', timeout: 1 });
    expect(slow?.error).toBe('timed out after 1s');
    expect(Date.now() - t0).toBeLessThan(4000);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const cancelled = await run(
      { kind: 'Widget', apiVersion: 'slow/v1' },
      ctx({ signal: ac.signal }),
    );
    expect(cancelled?.error).toBe('the run was cancelled');
  });

  it('says what is wrong with an unusable spec', async () => {
    expect((await run({ kind: '' }))?.error).toBe('kubernetes check needs a kind, e.g. Deployment');
    expect(await run({ kind: 'Canary' })).toMatchObject({
      invalid: true,
      error: 'apiVersion is required for kind Canary (e.g. apps/v1, or group/version of the CRD)',
    });
    expect((await run({ kubeconfig: path.join(dir, 'nope') }))?.error).toBe(
      `kubeconfig file ${path.join(dir, 'nope')} does not exist`,
    );
    expect((await run({ ignore: 'web' }))?.error).toBe('ignore must be a list of name globs');
    expect((await run({ eks: { cluster: 'prod' } }))?.error).toBe(
      'eks cluster access is not supported by Vigil yet: give a kubeconfig instead',
    );
    const missing = await kubernetesRunner({ kind: 'Pod', connection: 'connection://x/y' }, ctx());
    expect(missing[0]?.error).toBe(
      'connection connection://x/y was not found: create it, or fix the reference',
    );
  });
});

describe('healthStatus', () => {
  const pod = (status: Record<string, unknown>) => ({
    kind: 'Pod',
    metadata: { name: 'p' },
    status,
  });

  it('reads pods', () => {
    expect(
      healthStatus(pod({ phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] })),
    ).toEqual({ health: 'healthy', status: 'Running', ready: true, message: '' });
    expect(
      healthStatus(
        pod({
          phase: 'Running',
          containerStatuses: [
            {
              name: 'app',
              state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m' } },
            },
          ],
        }),
      ),
    ).toEqual({
      health: 'unhealthy',
      status: 'CrashLoopBackOff',
      ready: false,
      message: 'app: back-off 5m',
    });
    expect(healthStatus(pod({ phase: 'Succeeded' }))).toMatchObject({
      health: 'healthy',
      ready: true,
    });
    expect(healthStatus(pod({ phase: 'Failed', reason: 'Evicted' }))).toMatchObject({
      health: 'unhealthy',
      status: 'Evicted',
    });
    expect(
      healthStatus(
        pod({
          phase: 'Pending',
          conditions: [{ type: 'PodScheduled', status: 'False', message: '0/3 nodes available' }],
        }),
      ),
    ).toEqual({
      health: 'unknown',
      status: 'Pending',
      ready: false,
      message: '0/3 nodes available',
    });
  });

  it('reads jobs, stateful sets, daemon sets and deployments', () => {
    const job = (conditions: unknown[], extra = {}) => ({
      kind: 'Job',
      status: { conditions, ...extra },
    });
    expect(healthStatus(job([{ type: 'Complete', status: 'True' }]))).toMatchObject({
      health: 'healthy',
      status: 'Completed',
      ready: true,
    });
    expect(
      healthStatus(job([{ type: 'Failed', status: 'True', message: 'BackoffLimitExceeded' }])),
    ).toMatchObject({ health: 'unhealthy', status: 'Failed', message: 'BackoffLimitExceeded' });
    expect(healthStatus(job([], { active: 1 }))).toMatchObject({
      ready: false,
      message: '1 active',
    });
    expect(
      healthStatus({ kind: 'StatefulSet', spec: { replicas: 3 }, status: { readyReplicas: 3 } }),
    ).toMatchObject({ health: 'healthy', ready: true });
    expect(
      healthStatus({ kind: 'StatefulSet', spec: { replicas: 3 }, status: { readyReplicas: 1 } }),
    ).toMatchObject({ health: 'warning', ready: false, message: '1/3 replicas ready' });
    expect(
      healthStatus({
        kind: 'DaemonSet',
        status: { desiredNumberScheduled: 4, numberReady: 4, updatedNumberScheduled: 4 },
      }),
    ).toMatchObject({ health: 'healthy', message: '4/4 pods ready' });
    expect(healthStatus({ kind: 'Deployment', spec: { replicas: 0 }, status: {} })).toMatchObject({
      status: 'Scaled to Zero',
      ready: true,
    });
    expect(
      healthStatus({
        kind: 'Deployment',
        spec: { replicas: 2 },
        status: {
          conditions: [
            {
              type: 'Progressing',
              status: 'False',
              reason: 'ProgressDeadlineExceeded',
              message: 'timed out',
            },
          ],
        },
      }),
    ).toEqual({
      health: 'unhealthy',
      status: 'ProgressDeadlineExceeded',
      ready: false,
      message: 'timed out',
    });
    expect(
      healthStatus({
        kind: 'Deployment',
        spec: { replicas: 2 },
        status: {
          readyReplicas: 1,
          availableReplicas: 1,
          updatedReplicas: 1,
          conditions: [{ type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated' }],
        },
      }),
    ).toMatchObject({ health: 'unknown', status: 'Updating', ready: false });
  });

  it('reads Ready conditions and phases of other kinds', () => {
    expect(
      healthStatus({
        kind: 'Node',
        status: {
          conditions: [
            { type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: 'PLEG' },
          ],
        },
      }),
    ).toEqual({ health: 'unhealthy', status: 'KubeletNotReady', ready: false, message: 'PLEG' });
    expect(
      healthStatus({ kind: 'PersistentVolumeClaim', status: { phase: 'Bound' } }),
    ).toMatchObject({
      health: 'healthy',
      ready: true,
    });
    expect(
      healthStatus({ kind: 'PersistentVolumeClaim', status: { phase: 'Pending' } }),
    ).toMatchObject({
      health: 'unknown',
      ready: false,
    });
    expect(healthStatus({ kind: 'ConfigMap', data: {} })).toEqual({
      health: 'healthy',
      status: '',
      ready: true,
      message: '',
    });
  });
});
