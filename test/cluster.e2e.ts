import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectl } from './support/kubectl.js';
import { ADMIN_TOKEN, startVigil, tempDataDir, type VigilProcess } from './support/server.js';

/**
 * Cluster mode: `vigil serve --kubernetes` watches resources through @kubernetes/client-node.
 * The "cluster" here is a second Vigil serving /k8s with its controllers off, so the only status
 * writer is the cluster-mode Vigil, as in a real cluster.
 */
let apiServer: VigilProcess;
let clusterMode: VigilProcess;
let kubeconfig: string;

beforeAll(async () => {
  apiServer = await startVigil({ env: { VIGIL_CONTROLLERS: 'off' } });
  const res = await fetch(`${apiServer.url}/api/kubeconfig`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  kubeconfig = await res.text();
  const dir = tempDataDir();
  fs.writeFileSync(path.join(dir, 'kubeconfig'), kubeconfig);
  clusterMode = await startVigil({
    dataDir: dir,
    env: { KUBECONFIG: path.join(dir, 'kubeconfig') },
    args: ['--kubernetes'],
  });
});
afterAll(async () => {
  await clusterMode?.stop();
  await apiServer?.stop();
});

describe('cluster mode', () => {
  it('reconciles resources from the cluster into its database and writes their status back', async () => {
    const k = kubectl(32, kubeconfig);
    const file = path.join(k.home, 'c.yaml');
    fs.writeFileSync(
      file,
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: remote
spec:
  schedule: "@every 1m"
  http:
    - name: home
      url: https://example.com
`,
    );
    expect(k.run(['apply', '-f', file]).status).toBe(0);
    await expect
      .poll(
        () =>
          k.run([
            'get',
            'canary',
            'remote',
            '-o',
            'jsonpath={.status.conditions[?(@.type=="Ready")].status}',
          ]).stdout,
        { timeout: 30_000, interval: 500 },
      )
      .toBe('True');
    // The projection lives in the cluster-mode Vigil's own database.
    const checks = await fetch(
      `${clusterMode.url}/api/db/checks?select=name,type&deleted_at=is.null`,
      { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } },
    );
    expect(await checks.json()).toEqual([{ name: 'home', type: 'http' }]);
    const local = await fetch(`${apiServer.url}/api/db/checks?select=name`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(await local.json()).toEqual([]);

    expect(k.run(['delete', 'canary', 'remote']).status).toBe(0);
    await expect
      .poll(
        async () =>
          (await (
            await fetch(`${clusterMode.url}/api/db/canaries?select=deleted_at&name=eq.remote`, {
              headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
            })
          ).json()) as { deleted_at: string | null }[],
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([{ deleted_at: expect.any(String) }]);
  });
});
