import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { kubectl, type Kubectl } from './support/kubectl.js';
import { ADMIN_TOKEN, startVigil, type VigilProcess } from './support/server.js';

/**
 * The Health dashboard in a real browser: a passing and a failing canary applied with kubectl,
 * their dots and counts on /health, the drawer's contents, and Run Now adding to History.
 */
let vigil: VigilProcess;
let browser: Browser;
let page: Page;
let target: http.Server;
let k: Kubectl;

const canary = (name: string, path: string) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
  labels:
    team: web
spec:
  schedule: '@every 10m'
  http:
    - name: ${name}-home
      url: http://127.0.0.1:${(target.address() as AddressInfo).port}${path}
      responseCodes: [200]
`;

beforeAll(async () => {
  target = http.createServer((req, res) => {
    res.writeHead(req.url === '/ok' ? 200 : 503).end(req.url === '/ok' ? 'ok' : 'down');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  [vigil, browser] = await Promise.all([
    startVigil({ env: { VIGIL_HEALTH_CHECKS: 'on' } }),
    launchBrowser(),
  ]);
  const config = await fetch(`${vigil.url}/api/kubeconfig`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  k = kubectl(33, await config.text());
  for (const manifest of [canary('shop', '/ok'), canary('billing', '/broken')]) {
    const r = k.run(['apply', '-f', '-'], { input: manifest });
    expect(r.status, r.stderr).toBe(0);
  }
  // Both have run once before the page opens.
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${vigil.url}/api/canary/api/summary`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const { checks_summary } = (await res.json()) as {
      checks_summary: { last_runtime: string | null }[];
    };
    if (checks_summary.length === 2 && checks_summary.every((c) => c.last_runtime)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
  await new Promise<void>((r) => target?.close(() => r()));
});

const dot = (name: string) =>
  page.locator('tr', { hasText: name }).getByRole('img').first().getAttribute('data-color');

describe('health dashboard', () => {
  it('lists the failing check, counts both, and shows passing ones once Hide Passing is off', async () => {
    await signIn(page, vigil.url, '/health');
    await page.waitForURL(`${vigil.url}/health`);
    const counts = page.getByRole('group', { name: 'Check counts' });
    await counts.getByText('Passing 1').waitFor();
    await counts.getByText('Failing 1').waitFor();
    // Grouped by canary name, so expand the group to see the check itself.
    const billing = page.getByRole('button', { name: 'Expand billing' });
    if (await billing.count()) await billing.click();
    await page.getByText('billing-home').waitFor();
    expect(await page.getByText('shop-home').count()).toBe(0);
    expect(await dot('billing-home')).toBe('red');

    await page.getByLabel('Hide Passing').click({ force: true });
    const shop = page.getByRole('button', { name: 'Expand shop' });
    if (await shop.count()) await shop.click();
    await page.getByText('shop-home').waitFor();
    expect(await dot('shop-home')).toBe('green');
    expect(page.url()).toContain('hidePassing');
    if (process.env.SCREENSHOTS) await page.screenshot({ path: '/tmp/health-list.png' });
  });

  it('opens the drawer with history and spec, and Run Now adds a run to History', async () => {
    await page.getByText('billing-home').click();
    await page.waitForURL(/checkId=/);
    const drawer = page.getByLabel('Check details');
    await drawer.getByText('billing-home').first().waitFor();
    await drawer.getByText('P95').first().waitFor();
    const history = drawer
      .getByRole('grid', { name: 'Check history' })
      .or(drawer.getByRole('table', { name: 'Check history' }));
    // The table shows placeholder rows while it loads: wait for the loaded history itself.
    await expect
      .poll(async () => history.innerText(), { timeout: 15_000 })
      .toMatch(/expected|503/i);
    expect(await history.innerText()).not.toMatch(/Loading/);
    const before = await history.locator('tbody tr').count();

    await drawer.getByRole('button', { name: 'Run Now' }).click();
    await page.getByText('Check failed').first().waitFor();
    // At least the run it asked for (a scheduled run may land in the same seconds).
    await expect
      .poll(async () => history.locator('tbody tr').count(), { timeout: 15_000 })
      .toBeGreaterThan(before);

    if (process.env.SCREENSHOTS) await page.screenshot({ path: '/tmp/health-history.png' });
    await drawer.getByRole('tab', { name: 'Spec' }).click();
    await drawer.getByText('responseCodes').first().waitFor();
    if (process.env.SCREENSHOTS) await page.screenshot({ path: '/tmp/health-drawer.png' });
  });
});
