import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { dbApi } from './support/dbApi.js';
import { startVigil, type VigilProcess } from './support/server.js';

/**
 * The config detail page's tabs (spec 002 'Config detail', 'Relationships') in a real browser
 * against the real server: the badges from config_detail's summary, the relationship graph drawn
 * by topology (a collapsed group of pods, an unhealthy one bordered red once opened), the table,
 * and a manual link removed through /api/db after the confirmation.
 */
let vigil: VigilProcess;
let browser: Browser;
let page: Page;
const ids = { namespace: '', deployment: '', replicaSet: '', configMap: '' };

const api = dbApi(() => vigil.url);
const insert = async (table: string, row: Record<string, unknown>) =>
  (await api.post(table, row))[0]?.id ?? '';
const item = (type: string, name: string, extra: Record<string, unknown> = {}) =>
  insert('config_items', {
    config_class: type.split('::')[1],
    type,
    name,
    config: { kind: type.split('::')[1], metadata: { name } },
    health: 'healthy',
    ...extra,
  });

beforeAll(async () => {
  [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  ids.namespace = await item('Kubernetes::Namespace', 'shop');
  // parent_id is mirrored as a hard relationship, parent to child.
  ids.deployment = await item('Kubernetes::Deployment', 'checkout', { parent_id: ids.namespace });
  ids.replicaSet = await item('Kubernetes::ReplicaSet', 'checkout-7d9', {
    parent_id: ids.deployment,
  });
  for (let i = 0; i < 5; i++) {
    await item('Kubernetes::Pod', `checkout-7d9-pod${i}`, {
      parent_id: ids.replicaSet,
      health: i === 3 ? 'unhealthy' : 'healthy',
    });
  }
  ids.configMap = await item('Kubernetes::ConfigMap', 'checkout-env');
  await api.post('config_relationships', {
    config_id: ids.deployment,
    related_id: ids.configMap,
    relation: 'soft',
    selector_id: 'manual',
  });
  await api.post('config_analysis', {
    config_id: ids.deployment,
    analyzer: 'image-age',
    analysis_type: 'security',
    severity: 'high',
    message: 'The image is 400 days old',
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
});

const tab = (name: RegExp) => page.getByRole('tab', { name });

describe('Config detail', () => {
  it('shows the tabs with their counts and opens the insights', async () => {
    await signIn(page, vigil.url, `/catalog/${ids.deployment}`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'checkout' }).waitFor();
    // The namespace above it, the ReplicaSet and the manually linked config map below it.
    await expect.poll(() => tab(/^Relationships/).textContent()).toBe('Relationships 3');
    expect(await tab(/^Insights/).textContent()).toBe('Insights 1');
    await tab(/^Insights/).click();
    await page.waitForURL(`**/catalog/${ids.deployment}/insights`);
    await page.getByText('The image is 400 days old').waitFor();
  });

  it('draws the relationships, the pods grouped until the group is opened', async () => {
    await tab(/^Relationships/).click();
    await page.waitForURL(`**/catalog/${ids.deployment}/relationships`);
    const graph = page.getByRole('region', { name: 'Relationship graph' });
    await graph.getByRole('link', { name: 'checkout (Kubernetes::Deployment)' }).waitFor();
    await graph.getByRole('link', { name: 'shop (Kubernetes::Namespace)' }).waitFor();
    await graph.getByRole('link', { name: 'checkout-env (Kubernetes::ConfigMap)' }).waitFor();
    const group = graph.getByRole('button', { name: '5 Kubernetes::Pod' });
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    expect(await group.getAttribute('data-border')).toBe('red');
    expect(await graph.getByRole('link', { name: /\(Kubernetes::Pod\)/ }).count()).toBe(0);

    await group.click();
    await expect
      .poll(() => graph.getByRole('link', { name: /\(Kubernetes::Pod\)/ }).count())
      .toBe(5);
    expect(
      await graph
        .getByRole('link', { name: 'checkout-7d9-pod3 (Kubernetes::Pod)' })
        .getAttribute('data-border'),
    ).toBe('red');
  });

  it('removes the manual link from the table after the confirmation', async () => {
    await page.getByRole('button', { name: 'Table' }).click();
    const table = page.getByRole('grid', { name: 'Related configs' });
    await table.getByRole('link', { name: 'checkout-env' }).waitFor();
    await table.getByRole('button', { name: 'Actions for checkout-env' }).click();
    await page.getByRole('menuitem', { name: 'Remove link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove link to checkout-env' });
    await dialog.getByText('Are you sure you want to delete this config link').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted config link successfully').first().waitFor();
    await table.getByRole('link', { name: 'checkout-env' }).waitFor({ state: 'detached' });
    await expect.poll(() => tab(/^Relationships/).textContent()).toBe('Relationships 2');
    const left = await api.get<unknown[]>(
      `config_relationships?config_id=eq.${ids.deployment}&selector_id=eq.manual`,
    );
    expect(left).toEqual([]);
  });

  it("opens a related config's relationships from the graph", async () => {
    await page.getByRole('button', { name: 'Graph' }).click();
    const graph = page.getByRole('region', { name: 'Relationship graph' });
    await graph.getByRole('link', { name: 'shop (Kubernetes::Namespace)' }).click();
    await page.waitForURL(`**/catalog/${ids.namespace}/relationships`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'shop' }).waitFor();
    await page
      .getByRole('region', { name: 'Relationship graph' })
      .getByRole('link', { name: 'shop (Kubernetes::Namespace)' })
      .waitFor();
  });
});
