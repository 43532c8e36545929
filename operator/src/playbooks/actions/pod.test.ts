import { KubeConfig } from '@kubernetes/client-node';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActionContext, ActionSpec } from '../types.js';
import { actionContext } from './context.testing.js';
import { EMBEDDED_REFUSAL, podAction, podActionWith, podManifest } from './pod.js';
import type { Pod } from './podApi.js';

/**
 * A loopback Kubernetes API for Pods only (test/support/fakeKubeApi.ts refuses writes and has no
 * logs): POST makes a pod that each GET moves on a step — Pending, Running, then an end that its
 * first container's image names (`ok` succeeds, `fail` fails, `forever` never ends, `missing`
 * cannot be pulled) — GET …/log answers its log, DELETE removes it.
 */
const pods = new Map<string, Pod & { reads: number }>();
const deleted: string[] = [];
const auth: (string | undefined)[] = [];
const server = http.createServer((req, res) => {
  auth.push(req.headers.authorization);
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const send = (code: number, body: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const u = new URL(req.url ?? '/', 'http://x');
    const m = /^\/api\/v1\/namespaces\/([^/]+)\/pods(?:\/([^/]+)(\/log)?)?$/.exec(u.pathname);
    if (!m) return send(404, { message: 'not found' });
    const [, ns, name, log] = m;
    const key = `${ns}/${name}`;
    if (req.method === 'POST') {
      const pod = JSON.parse(Buffer.concat(chunks).toString()) as Pod;
      pods.set(`${ns}/${pod.metadata?.name}`, { ...pod, reads: 0 });
      return send(201, pod);
    }
    const pod = pods.get(key);
    if (!pod) return send(404, { kind: 'Status', message: `pods "${name}" not found` });
    const image = String((pod.spec?.containers as { image?: string }[])[0]?.image);
    if (req.method === 'DELETE') {
      pods.delete(key);
      deleted.push(name as string);
      return send(200, {});
    }
    if (log) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const text = image === 'fail' ? 'starting\nerror: rollout failed\n' : 'hello from the pod\n';
      return res.end(text.slice(0, Number(u.searchParams.get('limitBytes') ?? 1e9)));
    }
    pod.reads++;
    const end = image === 'fail' ? 'Failed' : image === 'forever' ? 'Running' : 'Succeeded';
    const phase = ['Pending', 'Running', end][Math.min(pod.reads - 1, 2)];
    const status =
      image === 'missing'
        ? {
            phase: 'Pending',
            containerStatuses: [
              {
                name: 'main',
                state: { waiting: { reason: 'ImagePullBackOff', message: 'no such image' } },
              },
            ],
          }
        : {
            phase,
            containerStatuses:
              phase === 'Succeeded' || phase === 'Failed'
                ? [
                    {
                      name: 'main',
                      state: {
                        terminated: {
                          exitCode: image === 'fail' ? 2 : 0,
                          reason: phase === 'Failed' ? 'Error' : 'Completed',
                        },
                      },
                    },
                  ]
                : [],
          };
    return send(200, { ...pod, status });
  });
});

const kubeconfig = new KubeConfig();
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  kubeconfig.loadFromOptions({
    clusters: [
      {
        name: 'loopback',
        server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        // client-node refuses plain http unless TLS checks are off
        skipTLSVerify: true,
      },
    ],
    users: [{ name: 'vigil', token: 'sa-token' }],
    contexts: [{ name: 'c', cluster: 'loopback', user: 'vigil' }],
    currentContext: 'c',
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  deleted.length = 0;
  auth.length = 0;
});

const inCluster = podActionWith({ pollMs: 10 });
const container = (image: string) => ({ spec: { containers: [{ name: 'main', image }] } });
const run = (spec: ActionSpec, opts: Partial<ActionContext> = {}) =>
  inCluster({ name: 'restart', ...spec }, actionContext({ mode: 'cluster', kubeconfig, ...opts }));

describe('pod action', () => {
  it('refuses to run when Vigil is embedded, naming the cluster mode', async () => {
    expect(await podAction({ name: 'x', ...container('ok') }, actionContext())).toEqual({
      status: 'failed',
      result: {},
      error: EMBEDDED_REFUSAL,
    });
    expect(EMBEDDED_REFUSAL).toBe(
      'pod actions need Vigil to run in a cluster (vigil serve --kubernetes)',
    );
  });

  it("builds the pod in the playbook's namespace, labelled with the run, never restarting", () => {
    const pod = podManifest({ name: 'Restart', ...container('ok') }, actionContext());
    expect(pod).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: expect.stringMatching(/^restart-[0-9a-f]{6}$/),
        namespace: 'default',
        labels: {
          'app.kubernetes.io/managed-by': 'vigil',
          'playbooks.vigil.dev/run': '00000000-0000-0000-0000-0000000000b1',
          'playbooks.vigil.dev/playbook': 'restart',
        },
      },
      spec: { containers: [{ name: 'main', image: 'ok' }], restartPolicy: 'Never' },
    });
    const bad = (spec: ActionSpec) => () => podManifest(spec, actionContext());
    expect(bad({ name: 'x', spec: { containers: [] } })).toThrow(/at least one container/);
    expect(bad({ name: 'x y', ...container('ok') })).toThrow(/lowercase DNS label/);
    expect(bad({ name: 'x', spec: { ...container('ok').spec, restartPolicy: 'Always' } })).toThrow(
      /never lets the pod finish/,
    );
    expect(bad({ name: 'x', ...container('ok'), artifacts: [{ path: '/out' }] })).toThrow(
      /^artifacts are not collected from pods yet/,
    );
  });

  it('runs the pod in the cluster, keeps its log and deletes it', async () => {
    const out = await run({ ...container('ok'), maxLength: 5 });
    expect(out).toEqual({
      status: 'completed',
      result: {
        pod: expect.stringMatching(/^restart-/),
        phase: 'Succeeded',
        exitCode: 0,
        logs: 'hello',
      },
    });
    expect(deleted).toEqual([out.result.pod]);
    expect(pods.size).toBe(0);
    expect(auth.every((a) => a === 'Bearer sa-token')).toBe(true);
  });

  it('fails a pod that failed with its exit code and the end of its log', async () => {
    const out = await run(container('fail'));
    expect(out.status).toBe('failed');
    expect(out.error).toMatch(
      /^the pod restart-[0-9a-f]{6} failed \(exit code 2, Error\): starting\nerror: rollout failed$/,
    );
    expect(deleted).toHaveLength(1);
  });

  it('fails a pod whose image cannot be pulled at once, and deletes it', async () => {
    const out = await run(container('missing'));
    expect(out.error).toMatch(/cannot start: ImagePullBackOff: no such image$/);
    expect(deleted).toHaveLength(1);
  });

  it('deletes the pod when the action is cancelled', async () => {
    const ac = new AbortController();
    const pending = run(container('forever'), { signal: ac.signal });
    const t0 = Date.now();
    while (![...pods.values()].some((p) => p.reads > 1) && Date.now() - t0 < 5000)
      await new Promise((r) => setTimeout(r, 10));
    ac.abort();
    const out = await pending;
    expect(out).toMatchObject({ status: 'failed', error: 'the action was cancelled' });
    expect(deleted).toEqual([out.result.pod]);
  });
});
