import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { api, startVigil, type VigilProcess } from './support/server.js';

let vigil: VigilProcess;
let browser: Browser;
let page: Page;
const external: string[] = [];

beforeAll(async () => {
  [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.on('request', (r) => {
    if (
      !r.url().startsWith(vigil.url) &&
      !r.url().startsWith('data:') &&
      !r.url().startsWith('blob:')
    )
      external.push(r.url());
  });
});
afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
});

const sidebar = () => page.locator('#vigil-sidebar');
const navLabels = async () =>
  (await sidebar().locator('.pf-v6-c-nav__link').allInnerTexts()).map((t) => t.trim());

describe('console shell', () => {
  it('sends / to sign-in, then lands on /topology with the sidebar entries', async () => {
    await signIn(page, vigil.url);
    await page.waitForURL(`${vigil.url}/topology`);
    await sidebar().getByText('Dashboard').waitFor();
    expect(await navLabels()).toEqual(
      expect.arrayContaining([
        'Dashboard',
        'Health',
        'Incidents',
        'Catalog',
        'Logs',
        'Playbooks',
        'Settings',
      ]),
    );
    await expect
      .poll(() => page.getByRole('button', { name: 'User menu' }).innerText())
      .toBe('Hi Admin');
  });

  it('keeps the sidebar collapsed across a reload', async () => {
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => page.locator('#vigil-sidebar.pf-m-collapsed').count()).toBe(1);
    await page.reload();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    expect(await page.locator('#vigil-sidebar.pf-m-collapsed').count()).toBe(1);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(() => page.locator('#vigil-sidebar:not(.pf-m-collapsed)').count()).toBe(1);
  });

  it('collapses the sidebar by itself under 1024 px', async () => {
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(() => page.locator('#vigil-sidebar.pf-m-collapsed').count()).toBe(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.locator('#vigil-sidebar:not(.pf-m-collapsed)').count()).toBe(1);
  });

  it("hides a feature's entry once {feature}.disable is true", async () => {
    expect(await navLabels()).toContain('Logs');
    const res = await api(vigil.url, '/api/properties/logs.disable', {
      method: 'PUT',
      body: JSON.stringify({ value: 'true' }),
    });
    expect(res.status).toBe(200);
    await page.reload();
    await sidebar().getByText('Dashboard').waitFor();
    expect(await navLabels()).not.toContain('Logs');
    // Its route says the feature is off and which flag turns it back on, not "Page not found".
    await page.goto(`${vigil.url}/logs`);
    await page.getByRole('heading', { name: 'Logs is turned off', level: 2 }).waitFor();
    await page.getByText('logs.disable').first().waitFor();
    await api(vigil.url, '/api/properties/logs.disable', { method: 'DELETE' });
  });

  it('redirects /configs to /catalog', async () => {
    await page.goto(`${vigil.url}/configs`);
    await page.waitForURL(`${vigil.url}/catalog`);
  });

  it('shows both versions and the kubeconfig dialog with a locally bundled code view', async () => {
    await page.goto(`${vigil.url}/health`);
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect
      .poll(() => page.getByText(/^Frontend 1\.0\.795 · Backend \d+\.\d+\.\d+/).count())
      .toBe(1);
    await page.getByText('Download kubeconfig').click();
    await page.getByRole('heading', { name: 'Download and install kubeconfig' }).waitFor();
    await page.locator('.monaco-editor').waitFor({ timeout: 20_000 });
    // Monaco renders its lines progressively: wait for the whole text.
    await expect
      .poll(async () => (await page.locator('.view-lines').innerText()).replace(/\u00a0/g, ' '), {
        timeout: 10_000,
      })
      .toContain('kubectl get canaries -A');
    expect(await page.getByRole('link', { name: 'Download kubeconfig' }).getAttribute('href')).toBe(
      '/api/kubeconfig',
    );
    await page.getByRole('button', { name: 'Close' }).last().click();
    expect(external).toEqual([]);
  });

  it('shows the error pages with their exact texts', async () => {
    await page.goto(`${vigil.url}/error?error_code=BAD_SESSION`);
    await page
      .getByText(
        'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
      )
      .waitFor();
    await page.goto(`${vigil.url}/error?error_code=OTHER`);
    await page.getByText('Unknown error').waitFor();
    await page.goto(`${vigil.url}/errors/no-such-flow`);
    await page.waitForURL(`${vigil.url}/topology`); // an unknown flow error (404) goes home
  });

  it('signs out back to the same path after signing in again', async () => {
    await page.goto(`${vigil.url}/incidents?status=open`);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Sign out').click();
    await page.waitForURL(/\/login\?return_to=%2Fincidents%3Fstatus%3Dopen/);
    await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
    await page.fill('#login-username', 'admin@vigil.local');
    await page.fill('#login-password', 'wrong-password');
    await page.click('button[type=submit]');
    await page.getByText(/The provided credentials are invalid/).waitFor();
    await page.fill('#login-password', 'e2e-admin-password');
    await page.click('button[type=submit]');
    await page.waitForURL(`${vigil.url}/incidents?status=open`);
  });
});
