import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { dbApi } from './support/dbApi.js';
import { runPlaybook } from './support/playbookRuns.js';
import { seedWorkload, startFakeKubeApi, type FakeKubeApi } from './support/fakeKubeApi.js';
import { api, startVigil, type VigilProcess } from './support/server.js';

/**
 * The catalog walked as a user would (spec 002 §2 'Catalog', 'Config detail', 'Catalog changes',
 * 'Catalog insights', 'Relationships'; §8), in Chromium against the built Vigil, over what a
 * real scrape found: one ScrapeConfig, applied through /k8s, reads a folder of manifests (its
 * CEL transform files an insight about a single-replica Deployment) and a loopback Kubernetes
 * cluster (a Deployment, its ReplicaSet with five Pods, one crash-looping, a Service, a
 * ConfigMap and two Events). Only what no scrape makes is written through /api/db: a manual link
 * from the manifest to the Deployment it describes, a check and a playbook run on the manifest.
 */
let vigil: VigilProcess;
let cluster: FakeKubeApi;
let browser: Browser;
let page: Page;
let work: string;
let scraperId = '';
const ids = { manifest: '', deployment: '' };

const db = dbApi(() => vigil.url);
const insert = async (table: string, row: Record<string, unknown>) =>
  (await db.post(table, row))[0]?.id ?? '';

/** Polls `fn` (errors count as "not yet") until it answers something. */
async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const HASH = '7d4b9c6f5';
const manifest = (name: string, replicas: number, image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: shop
spec:
  replicas: ${replicas}
  template:
    spec:
      containers:
        - name: ${name}
          image: ${image}
`;

/** Four more Pods of the seeded ReplicaSet, the third one crash-looping. */
function morePods(replicaSet: { metadata: { name: string; uid?: string } }) {
  for (let i = 0; i < 4; i++) {
    const crashing = i === 2;
    cluster.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: `web-${HASH}-p${i}`,
        namespace: 'shop',
        labels: { app: 'web', 'pod-template-hash': HASH },
        ownerReferences: [
          {
            apiVersion: 'apps/v1',
            kind: 'ReplicaSet',
            name: replicaSet.metadata.name,
            uid: replicaSet.metadata.uid as string,
            controller: true,
          },
        ],
      },
      spec: {
        containers: [{ name: 'web', image: 'registry.local/web:1.0.0' }],
        nodeName: 'node-1',
      },
      status: {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: crashing ? 'False' : 'True' }],
        containerStatuses: [
          crashing
            ? {
                name: 'web',
                ready: false,
                restartCount: 7,
                state: { waiting: { reason: 'CrashLoopBackOff' } },
              }
            : { name: 'web', ready: true, restartCount: 0, state: { running: {} } },
        ],
      },
    });
  }
}

const scrapeConfig = () => ({
  apiVersion: 'configs.flanksource.com/v1',
  kind: 'ScrapeConfig',
  metadata: { name: 'shop', namespace: 'default' },
  spec: {
    // Scraped when applied and when asked (Scrape now), never on a timer that could race the walk.
    schedule: '@never',
    file: [
      {
        paths: [path.join(work, 'manifests', '*.yaml')],
        id: '$.metadata.name',
        name: '$.metadata.name',
        type: '$.kind',
        transform: {
          expr: `[{"analysis": config.spec.replicas < 2 ? [{"analyzer": "single-replica", "analysis_type": "availability", "severity": "medium", "message": config.metadata.name + " runs a single replica: one crash and it is down"}] : []}]`,
        },
      },
    ],
    kubernetes: [{ clusterName: 'loopback', kubeconfig: { value: cluster.kubeconfig() } }],
  },
});

const itemId = async (type: string, name: string) =>
  until(`the ${type} ${name}`, async () => {
    const rows = await db.get<{ id: string }[]>(
      `config_items?type=eq.${type}&name=eq.${name}&deleted_at=is.null&select=id`,
    );
    return rows[0]?.id;
  });

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-catalog-walk-'));
  fs.mkdirSync(path.join(work, 'manifests'));
  fs.writeFileSync(
    path.join(work, 'manifests', 'web.yaml'),
    manifest('web', 1, 'registry.local/web:1.0.0'),
  );
  fs.writeFileSync(
    path.join(work, 'manifests', 'api.yaml'),
    manifest('api', 3, 'registry.local/api:2.4.1'),
  );
  cluster = await startFakeKubeApi();
  const seeded = seedWorkload(cluster, { namespace: 'shop', app: 'web' });
  morePods(seeded.replicaSet);
  [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);

  const applied = await api(
    vigil.url,
    '/k8s/apis/configs.flanksource.com/v1/namespaces/default/scrapeconfigs',
    { method: 'POST', body: JSON.stringify(scrapeConfig()) },
  );
  expect(applied.status, await applied.clone().text()).toBe(201);
  scraperId = await until('the scraper', async () => {
    const rows = await db.get<{ id: string }[]>('config_scrapers?name=eq.default/shop&select=id');
    return rows[0]?.id;
  });
  // The scrape on apply: both manifests, the five Pods and the insight.
  ids.manifest = await itemId('Deployment', 'web');
  ids.deployment = await itemId('Kubernetes::Deployment', 'web');
  await until('five pods and the insight', async () => {
    const [pods, insights] = await Promise.all([
      db.get<unknown[]>('config_items?type=eq.Kubernetes::Pod&select=id'),
      db.get<unknown[]>(`config_analysis?config_id=eq.${ids.manifest}&select=id`),
    ]);
    return pods.length === 5 && insights.length === 1 ? true : undefined;
  });

  // What people make by hand: the manifest linked to the Deployment it describes, a check on it
  // and a playbook run against it.
  await db.post('config_relationships', {
    config_id: ids.manifest,
    related_id: ids.deployment,
    relation: 'soft',
    selector_id: 'manual',
  });
  const canary = await insert('canaries', {
    name: 'web-smoke',
    namespace: 'shop',
    spec: { http: [{ name: 'web-home', url: 'http://127.0.0.1:9/' }] },
    source: 'UI',
  });
  const check = await insert('checks', {
    canary_id: canary,
    type: 'http',
    name: 'web-home',
    namespace: 'shop',
    status: 'healthy',
  });
  await db.post('check_config_relationships', {
    config_id: ids.manifest,
    check_id: check,
    canary_id: canary,
  });
  const playbook = await insert('playbooks', {
    name: 'restart-web',
    title: 'Restart web',
    spec: {
      configs: [{ id: ids.manifest }],
      actions: [{ name: 'restart', exec: { script: 'echo restarted' } }],
    },
    source: 'UI',
  });
  // A finished run, started the way the console starts one.
  expect((await runPlaybook(vigil.url, { id: playbook, config_id: ids.manifest })).status).toBe(
    'completed',
  );

  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
  await cluster?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const tab = (name: RegExp) => page.getByRole('tab', { name });
const badge = (name: string) => tab(new RegExp(`^${name}`)).textContent();

describe('the catalog, walked in a browser', () => {
  it('lists what the scrape found, grouped; a group opens; the search goes to the URL', async () => {
    await signIn(page, vigil.url, '/catalog');
    await page.waitForURL(`${vigil.url}/catalog`);
    const list = page.getByRole('grid', { name: 'Catalog' });
    const group = (name: string) => list.getByRole('button', { name, exact: true });
    // Grouped by class, then type: both manifests and the cluster's Deployment share a class.
    await group('Deployment 3').waitFor();
    await group('Pod 5').waitFor();
    await group('ReplicaSet 1').waitFor();
    expect(await group('Pod 5').getAttribute('aria-expanded')).toBe('false');

    await group('Pod 5').click();
    await group('Kubernetes::Pod 5').click();
    const pods = list.getByRole('row', { name: new RegExp(`web-${HASH}-`) });
    await expect.poll(() => pods.count()).toBe(5);
    const crashing = list.getByRole('row', { name: new RegExp(`web-${HASH}-p2`) });
    expect(await crashing.textContent()).toContain('CrashLoopBackOff');

    await page.getByRole('textbox', { name: 'Search catalog' }).fill('x2x4q');
    await page.waitForURL(/[?&]search=x2x4q/);
    await group('Pod 1').waitFor();
    await group('Deployment 3').waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: 'Search catalog' }).fill('web');
    await page.waitForURL(/[?&]search=web/);
    // The search is the URL's: a reload keeps it.
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Search catalog' }).inputValue())
      .toBe('web');
    await group('Deployment 2').click();
    await group('Deployment 1').click();
    await group('Kubernetes::Deployment 1').waitFor();
    await list.getByRole('row', { name: /^web Deployment/ }).click();
    await page.waitForURL(`**/catalog/${ids.manifest}`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'web' }).waitFor();
  });

  it('records an edit of the manifest as a change whose diff opens from Catalog Changes', async () => {
    fs.writeFileSync(
      path.join(work, 'manifests', 'web.yaml'),
      manifest('web', 1, 'registry.local/web:1.1.0'),
    );
    const ran = await api(vigil.url, `/api/catalog/scrapers/${scraperId}/run`, {
      method: 'POST',
    });
    expect(ran.status, await ran.clone().text()).toBe(200);
    const summary = (await ran.json()) as {
      summary: Record<string, Record<string, number>>;
      errors: string[];
    };
    expect(summary.errors).toEqual([]);
    expect(summary.summary.Deployment).toMatchObject({ updated: 1 });

    await page.goto(`${vigil.url}/catalog/changes`);
    const changes = page.getByRole('grid', { name: 'Catalog changes' });
    // The cluster's Events are changes too.
    await changes.getByRole('row', { name: /BackOff/ }).waitFor();
    const diff = changes.getByRole('row').filter({ hasText: 'diff' }).filter({ hasText: 'web' });
    await diff.waitFor();
    expect(await diff.textContent()).toContain('image');
    await diff.click();
    const dialog = page.getByRole('dialog', { name: 'diff: web' });
    const unified = dialog.getByLabel('Unified diff');
    await unified.waitFor();
    expect(await unified.locator('[data-diff=removed]').allTextContents()).toEqual([
      expect.stringContaining('registry.local/web:1.0.0'),
    ]);
    expect(await unified.locator('[data-diff=added]').allTextContents()).toEqual([
      expect.stringContaining('registry.local/web:1.1.0'),
    ]);
    // The change leads to its config.
    await dialog.getByRole('link', { name: 'web' }).click();
    await page.waitForURL(`**/catalog/${ids.manifest}`);
  });

  it("shows the item's six tabs with their counts", async () => {
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'web' }).waitFor();
    // The badges come from config_detail's summary: the edit and the playbook run's own three
    // changes (scheduled, started, completed), the insight, the manual link, the check and the run.
    await expect.poll(() => badge('Changes')).toBe('Changes 4');
    expect(await badge('Config')).toBe('Config');
    expect(await badge('Insights')).toBe('Insights 1');
    expect(await badge('Relationships')).toBe('Relationships 1');
    expect(await badge('Playbooks')).toBe('Playbooks 1');
    expect(await badge('Checks')).toBe('Checks 1');

    // Config: the scraped manifest, as lines one can select.
    const lines = page.getByRole('listbox', { name: /web/i });
    await lines.getByRole('option', { name: /registry\.local\/web:1\.1\.0/ }).waitFor();

    await tab(/^Changes/).click();
    await page.waitForURL(`**/catalog/${ids.manifest}/changes`);
    const changeRows = page.getByRole('grid', { name: 'Changes' }).getByRole('row');
    await changeRows.filter({ hasText: 'diff' }).waitFor();
    await changeRows.filter({ hasText: 'diff' }).click();
    const change = page.getByRole('dialog');
    await change.getByLabel('Diff').locator('[data-kind=added]').first().waitFor();
    expect(await change.getByLabel('Diff').textContent()).toContain('registry.local/web:1.1.0');
    await change.getByRole('button', { name: 'Close' }).click();
    await change.waitFor({ state: 'detached' });

    await tab(/^Insights/).click();
    await page.waitForURL(`**/catalog/${ids.manifest}/insights`);
    const insights = page.getByRole('grid', { name: 'Insights' });
    await insights.getByText('web runs a single replica: one crash and it is down').waitFor();
    expect(await insights.getByRole('row').nth(1).textContent()).toMatch(
      /single-replica.*availability.*medium.*open/,
    );

    await tab(/^Playbooks/).click();
    await page.waitForURL(`**/catalog/${ids.manifest}/playbooks`);
    const runs = page.getByRole('grid', { name: 'Playbook runs' });
    await runs.getByRole('link', { name: 'Restart web' }).waitFor();
    expect(await runs.getByRole('row').nth(1).textContent()).toMatch(/completed/i);

    await tab(/^Checks/).click();
    await page.waitForURL(`**/catalog/${ids.manifest}/checks`);
    await page.getByRole('grid', { name: 'Checks' }).getByText('web-home').waitFor();

    await tab(/^Relationships/).click();
    await page.waitForURL(`**/catalog/${ids.manifest}/relationships`);
    await page.getByRole('region', { name: 'Relationship graph' }).waitFor();
  });

  it('lists the insight on Catalog Insights', async () => {
    await page.goto(`${vigil.url}/catalog/insights`);
    const table = page.getByRole('grid', { name: 'Catalog insights' });
    const row = table.getByRole('row', { name: /single-replica/ });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/web.*availability.*single-replica.*medium.*open/);
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'single-replica' });
    await dialog.getByText('web runs a single replica: one crash and it is down').waitFor();
    await dialog.getByRole('link', { name: 'web' }).click();
    await page.waitForURL(`**/catalog/${ids.manifest}`);
  });

  it('draws the relationships: the Pods in one group node, which opens', async () => {
    await tab(/^Relationships/).click();
    await page.waitForURL(`**/catalog/${ids.manifest}/relationships`);
    const graph = page.getByRole('region', { name: 'Relationship graph' });
    // Manifest -> (manual link) -> Deployment -> ReplicaSet -> its five Pods, grouped.
    const current = graph.getByRole('link', { name: 'web (Deployment)' });
    await current.waitFor();
    expect(await current.getAttribute('aria-current')).toBe('page');
    await graph.getByRole('link', { name: 'web (Kubernetes::Deployment)' }).waitFor();
    await graph.getByRole('link', { name: `web-${HASH} (Kubernetes::ReplicaSet)` }).waitFor();
    const group = graph.getByRole('button', { name: '5 Kubernetes::Pod' });
    await group.waitFor();
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    // One of them crash-loops: the closed group already shows it.
    expect(await group.getAttribute('data-border')).toBe('red');
    expect(await graph.getByRole('link', { name: /\(Kubernetes::Pod\)/ }).count()).toBe(0);

    await group.click();
    await expect
      .poll(() => graph.getByRole('link', { name: /\(Kubernetes::Pod\)/ }).count())
      .toBe(5);
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    expect(
      await graph
        .getByRole('link', { name: `web-${HASH}-p2 (Kubernetes::Pod)` })
        .getAttribute('data-border'),
    ).toBe('red');
  });

  it('removes the manual link from the Relationships tab after the confirmation', async () => {
    await page.getByRole('button', { name: 'Table' }).click();
    await page.waitForURL(/[?&]view=table/);
    const table = page.getByRole('grid', { name: 'Related configs' });
    const linked = table.getByRole('row', { name: /Manual link/ });
    await linked.waitFor();
    expect(await linked.textContent()).toContain('Kubernetes::Deployment');
    await table.getByRole('button', { name: 'Actions for web' }).click();
    await page.getByRole('menuitem', { name: 'Remove link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove link to web' });
    await dialog.getByText('Are you sure you want to delete this config link').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted config link successfully').first().waitFor();
    await linked.waitFor({ state: 'detached' });
    // Without the link nothing is related any more.
    await table.getByText('No related configs').waitFor();
    await expect.poll(() => badge('Relationships')).toBe('Relationships 0');
    const left = await db.get<unknown[]>(
      `config_relationships?config_id=eq.${ids.manifest}&selector_id=eq.manual`,
    );
    expect(left).toEqual([]);
  });

  it("shows the scraper's Spec and Job History", async () => {
    await page.goto(`${vigil.url}/catalog/scrapers`);
    const list = page.getByRole('grid', { name: 'Catalog scrapers' });
    const row = list.getByRole('row', { name: /default\/shop/ });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/SUCCESS/i);
    await row.click();
    await page.waitForURL(`**/catalog/scrapers/${scraperId}`);
    // Applied through the Kubernetes API, so read-only here.
    await page
      .getByText('This scraper is managed outside the console and is read-only here.')
      .waitFor();
    expect(await tab(/^Spec$/).getAttribute('aria-selected')).toBe('true');
    // Two kinds of scraper in one ScrapeConfig: the spec is shown as YAML, as it was applied.
    await page.getByText(/^Type:\s*Custom$/).waitFor();
    const code = async () =>
      (await page.locator('.monaco-editor .view-lines').first().innerText()).replace(
        /\u00a0/g,
        ' ',
      );
    await expect.poll(code).toContain(`- ${path.join(work, 'manifests', '*.yaml')}`);
    expect(await code()).toContain('"analyzer": "single-replica"');

    await tab(/^Job History$/).click();
    const jobs = page.getByRole('grid', { name: 'Job History' });
    const runs = await db.get<{ status: string; success_count: number }[]>(
      `job_history?resource_type=eq.config_scraper&resource_id=eq.${scraperId}&select=status,success_count&order=created_at.desc`,
    );
    // The scrape on apply and the Scrape now, each a ConfigScraper job that succeeded.
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.every((r) => r.status === 'SUCCESS')).toBe(true);
    const jobRows = jobs.getByRole('row').filter({ hasText: 'ConfigScraper' });
    await expect.poll(() => jobRows.count()).toBe(runs.length);
    const cell = (label: string) => jobRows.first().locator(`td[data-label="${label}"]`);
    expect(await cell('Status').textContent()).toBe('SUCCESS');
    expect(await cell('Success Count').textContent()).toBe(String(runs[0]?.success_count));
    expect(await cell('Error Count').textContent()).toBe('0');
  });
});
