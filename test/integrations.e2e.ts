import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { launchBrowser, signIn } from './support/browser.js';
import { dbApi } from './support/dbApi.js';
import { startVigil, type VigilProcess } from './support/server.js';

/**
 * Integrations walked in a browser (spec 001 "Integrations"): the Add Integration dialog shows
 * a chart's install via GitOps — a Flux HelmRelease and Helm commands that follow the values
 * typed in Monaco — and adds a catalog scraper directly, which then lists with the rest.
 */
let vigil: VigilProcess;
let browser: Browser;
let page: Page;
let work: string;

const db = dbApi(() => vigil.url);

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-integrations-'));
  fs.writeFileSync(path.join(work, 'app.json'), JSON.stringify({ name: 'app', replicas: 2 }));
  [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const dialog = () => page.getByRole('dialog');
/** A preview block's text, as the user would copy it. */
const previewText = (name: string) => dialog().getByLabel(name, { exact: true }).innerText();

async function openAddIntegration(): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Integration' }).click();
  await dialog().getByRole('region', { name: 'Add via GitOps' }).waitFor();
  return dialog();
}

describe('integrations, walked in a browser', () => {
  it('shows the Flux HelmRelease and Helm commands of Prometheus, following the values', async () => {
    await signIn(page, vigil.url, '/settings/integrations');
    await page.waitForURL(`${vigil.url}/settings/integrations`);
    const add = await openAddIntegration();
    await add.getByRole('button', { name: 'Prometheus', exact: true }).click();
    await add.getByText('Add Integration: Prometheus').waitFor();

    // The values in Monaco: append a path to the Prometheus URL, typed at a person's pace.
    const editor = add.locator('.monaco-editor').first();
    const urlLine = editor.locator('.view-line', { hasText: 'prometheusURL' });
    await urlLine.waitFor({ timeout: 20_000 });
    await urlLine.click();
    await page.keyboard.press('End');
    await page.keyboard.type('/shop', { delay: 50 });

    const url = 'http://prometheus.monitoring.svc:9090/shop';
    await expect.poll(() => previewText('Flux manifest')).toContain(`prometheusURL: ${url}`);
    const docs = parseAllDocuments(await previewText('Flux manifest')).map((d) => {
      expect(d.errors).toEqual([]);
      return d.toJS() as { apiVersion: string; kind: string; spec?: Record<string, unknown> };
    });
    expect(docs.map((d) => `${d.apiVersion} ${d.kind}`)).toEqual([
      'v1 Namespace',
      'source.toolkit.fluxcd.io/v1 HelmRepository',
      'helm.toolkit.fluxcd.io/v2 HelmRelease',
    ]);
    expect(docs[2]?.spec).toMatchObject({
      interval: '30m',
      chart: {
        spec: {
          chart: 'mission-control-prometheus',
          sourceRef: { kind: 'HelmRepository', name: 'flanksource', namespace: 'mission-control' },
        },
      },
      values: { prometheusURL: url, topologyName: 'prometheus' },
    });

    await add.getByRole('tab', { name: 'Helm CLI' }).click();
    const helm = await previewText('Helm CLI commands');
    expect(helm).toContain('helm repo add flanksource https://flanksource.github.io/charts');
    expect(helm).toContain(
      'helm install mission-control-prometheus flanksource/mission-control-prometheus',
    );
    expect(helm).toContain('--namespace mission-control');
    expect(helm).toContain(`prometheusURL: ${url}`);

    // Flux's option warns that the Kubernetes chart comes first.
    await add.getByRole('button', { name: 'Back' }).click();
    await add.getByRole('button', { name: 'Flux', exact: true }).click();
    await add.getByText(/The Kubernetes chart must be installed in Flux/).waitFor();
    await add.getByRole('button', { name: 'Done' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('adds a catalog scraper directly; it lists with the integrations and opens', async () => {
    const add = await openAddIntegration();
    await add.getByRole('button', { name: 'Catalog Scraper' }).click();
    await add.getByRole('button', { name: 'File', exact: true }).click();
    await add.locator('#scraper-name').fill('local-files');
    await add.getByLabel(/^Paths/).fill(path.join(work, '*.json'));
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByText('local-files created successfully').waitFor();
    await dialog().waitFor({ state: 'detached' });

    const rows = await db.get<{ id: string; source: string; spec: unknown }[]>(
      'config_scrapers?name=eq.local-files&select=id,source,spec',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.source).toBe('UI');
    expect(rows[0]?.spec).toMatchObject({ file: [{ paths: [path.join(work, '*.json')] }] });

    const row = page.getByRole('grid', { name: 'Integrations' }).getByRole('row', {
      name: /local-files/,
    });
    await row.waitFor();
    expect(await row.textContent()).toContain('Catalog Scraper');
    await row.click();
    await page.waitForURL(`**/settings/integrations/scrapers/${rows[0]?.id}`);
    await page.getByRole('tab', { name: 'Edit Form' }).waitFor();
    await expect.poll(() => page.locator('#scraper-name').inputValue()).toBe('local-files');
    await page.getByRole('tab', { name: 'Job History' }).click();
    await page.getByRole('grid', { name: 'Job History' }).waitFor();
  });
});
