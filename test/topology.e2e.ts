import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { kubectl, type Kubectl } from './support/kubectl.js';
import { ADMIN_TOKEN, startVigil, type VigilProcess } from './support/server.js';

/**
 * A Topology applied with kubectl: its exec lookup's JSON becomes components, changing the
 * script's output adds and removes components on the next build, and a failing linked check
 * turns the component and its parent unhealthy — with a red card border in the browser.
 */
let vigil: VigilProcess;
let browser: Browser;
let page: Page;
let k: Kubectl;
let dir: string;
let target: http.Server;
let targetUp = true;
let targetUrl: string;

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

interface Row {
  id: string;
  name: string;
  status: string;
}
const components = () =>
  api<Row[]>(
    `/api/db/components?select=id,name,status&deleted_at=is.null&topology_id=not.is.null&order=name`,
  );

const topologyId = () =>
  until(
    'the topology row',
    async () => (await api<{ id: string }[]>(`/api/db/topologies?name=eq.shop&select=id`))[0]?.id,
  );

const writeServices = (names: string[]) =>
  fs.writeFileSync(
    path.join(dir, 'services.json'),
    JSON.stringify(names.map((name) => ({ name, type: 'Service' }))),
    {
      mode: 0o644,
    },
  );

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-topology-e2e-'));
  // The lookup script runs as Vigil's unprivileged script user: the file must be readable by all.
  fs.chmodSync(dir, 0o755);
  writeServices(['api', 'web']);
  target = http.createServer((_req, res) => {
    res.writeHead(targetUp ? 200 : 503);
    res.end(targetUp ? 'ok' : 'down');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
  [vigil, browser] = await Promise.all([
    startVigil({ env: { VIGIL_HEALTH_CHECKS: 'on' } }),
    launchBrowser(),
  ]);
  const config = await fetch(`${vigil.url}/api/kubeconfig`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  k = kubectl(33, await config.text());
  page = await browser.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
  target?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a Topology with an exec lookup', () => {
  it('builds components from the JSON the script prints', async () => {
    const r = k.run(['apply', '-f', '-'], {
      input: `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata: { name: shop, namespace: default }
spec:
  type: Shop
  schedule: '@never'
  components:
    - name: services
      type: virtual
      lookup:
        exec:
          - name: list-services
            script: cat ${dir}/services.json
            display: { expr: results.stdout }
    - name: payments
      type: Group
      components:
        - name: gateway
          type: Service
          checks:
            - inline:
                schedule: '@every 30s'
                http: [{ name: gateway-health, url: '${targetUrl}' }]
`,
    });
    expect(r.status, r.stderr).toBe(0);
    const names = await until('the components', async () => {
      const rows = await components();
      return rows.some((c) => c.name === 'web') ? rows.map((c) => c.name) : undefined;
    });
    expect(names).toEqual(['api', 'gateway', 'payments', 'shop', 'web']);
    const status = await until('the topology status', async () => {
      const s = JSON.parse(k.run(['get', 'topology', 'shop', '-o', 'json']).stdout).status;
      return s?.persistentID ? s : undefined;
    });
    expect((await components()).find((c) => c.name === 'shop')?.id).toBe(status.persistentID);
  });

  it('adds and removes components when the script output changes', async () => {
    writeServices(['api', 'cart']);
    const out = await api<{ errors: string[] }>(`/api/topology/${await topologyId()}/build`, {
      method: 'POST',
    });
    expect(out.errors).toEqual([]);
    expect((await components()).map((c) => c.name)).toEqual([
      'api',
      'cart',
      'gateway',
      'payments',
      'shop',
    ]);
  });

  it('turns the component and its parent unhealthy when its check fails, and the card border red', async () => {
    await until('the check passing', async () => {
      const rows = await components();
      return rows.find((c) => c.name === 'gateway')?.status === 'healthy' ? true : undefined;
    });
    targetUp = false;
    const rows = await until(
      'the check failing',
      async () => {
        const r = await components();
        return r.find((c) => c.name === 'gateway')?.status === 'unhealthy' ? r : undefined;
      },
      90_000,
    );
    const status = Object.fromEntries(rows.map((c) => [c.name, c.status]));
    expect(status).toMatchObject({
      gateway: 'unhealthy',
      payments: 'unhealthy',
      shop: 'unhealthy',
    });

    const payments = rows.find((c) => c.name === 'payments') as Row;
    await signIn(page, vigil.url, `/topology/${payments.id}`);
    const card = page.locator('article[aria-label="gateway"]');
    await card.waitFor();
    expect(await card.getAttribute('data-health')).toBe('unhealthy');
    const border = await card.evaluate((el) => getComputedStyle(el).borderTopColor);
    const [r, g, b] = (border.match(/\d+/g) ?? []).map(Number);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(100);
  });
});
