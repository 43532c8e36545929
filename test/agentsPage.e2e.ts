import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { ADMIN_TOKEN, startVigil, type VigilProcess } from './support/server.js';

/**
 * The Agents page in a browser, as an administrator adds an agent: the empty page offers to add
 * one, the drawer creates it, the token is shown once with the Flux and Helm CLI instructions,
 * the list shows it Offline until it pushes — then Online once its token pushes — and deleting
 * it asks about its resources, then confirms.
 */
let vigil: VigilProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
});

const main = () => page.getByRole('main');

describe('the Agents page', () => {
  let token = '';

  it('adds an agent and shows its token once, with the Flux and Helm CLI instructions', async () => {
    await signIn(page, vigil.url, '/settings/agents');
    await main().getByText('No agents yet').waitFor();
    await main().getByRole('button', { name: 'Add agent' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('edge-eu');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    const dialog = page.getByRole('dialog', { name: 'Installation Instructions' });
    await dialog.waitFor();
    await dialog.getByText(/shown only once/).waitFor();
    const helm = dialog.getByRole('tab', { name: 'Helm CLI' });
    await helm.click();
    const command = (await dialog.getByLabel(/Helm/).last().textContent()) ?? '';
    expect(command).toContain('helm install vigil-agent charts/vigil');
    expect(command).toContain(`--set agent.upstreamUrl=${vigil.url}`);
    token = /agent\.token=(\S+)/.exec(command)?.[1]?.replace(/^'|'$/g, '') ?? '';
    expect(token).toMatch(/^vgl_agent_/);
    await dialog.getByRole('tab', { name: 'Flux' }).click();
    expect(await dialog.getByLabel(/Flux/).last().textContent()).toContain('kind: HelmRelease');
  }, 60_000);

  it('lists it Offline until it pushes, then Online', async () => {
    await page.keyboard.press('Escape');
    const grid = main().getByRole('grid', { name: 'Agents' });
    const row = grid.getByRole('row').filter({ hasText: 'edge-eu' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Offline');
    // Its first push (an empty one is its heartbeat).
    const pushed = await fetch(`${vigil.url}/api/upstream/push`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(pushed.status).toBe(200);
    await page.reload();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Online');
  }, 60_000);

  it('deletes it after asking about its resources, then confirming', async () => {
    await main()
      .getByRole('grid', { name: 'Agents' })
      .getByRole('row')
      .filter({ hasText: 'edge-eu' })
      .getByText('edge-eu')
      .click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete the resources of this agent?' }).waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Agent' });
    await confirm.getByText(/and everything it pushed/).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await main().getByText('No agents yet').waitFor();
    const listed = await fetch(`${vigil.url}/api/db/agents_summary?select=name`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(await listed.json()).toEqual([]);
  }, 60_000);
});
