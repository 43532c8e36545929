import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { dbApi } from './support/dbApi.js';
import { startVigil, type VigilProcess } from './support/server.js';

/**
 * The Link to Incident dialog (spec 000 §2.7) from each place that offers it — a check in the
 * Health drawer, selected lines of a config, a topology card — in a real browser against the real
 * server: its validation, a new incident created from it, evidence attached to an existing one,
 * the toast, and the evidence rows and views that result.
 */
let vigil: VigilProcess;
let browser: Browser;
let page: Page;
const seeded = { check: '', config: '', component: '' };

const api = dbApi(() => vigil.url);
const db = api.get;
const insert = async (table: string, row: Record<string, unknown>) =>
  (await api.post(table, row))[0]?.id ?? '';

interface EvidenceRow {
  type: string;
  description: string;
  check_id: string | null;
  config_id: string | null;
  component_id: string | null;
  evidence: { lines?: string[]; selected_lines?: Record<string, string> } | null;
  hypothesis: { title: string; type: string; status: string; incident_id: string };
}
const evidences = () =>
  db<EvidenceRow[]>(
    'evidences?select=type,description,check_id,config_id,component_id,evidence,hypothesis:hypotheses(title,type,status,incident_id)&order=created_at.asc',
  );

beforeAll(async () => {
  [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  const canary = await insert('canaries', {
    name: 'storefront',
    namespace: 'shop',
    spec: { http: [{ name: 'storefront-home', url: 'http://127.0.0.1:9/' }] },
    source: 'UI',
  });
  seeded.check = await insert('checks', {
    canary_id: canary,
    type: 'http',
    name: 'storefront-home',
    namespace: 'shop',
    status: 'unhealthy',
  });
  seeded.config = await insert('config_items', {
    config_class: 'Deployment',
    type: 'Kubernetes::Deployment',
    name: 'checkout',
    config: { spec: { replicas: 3, image: 'shop/checkout:1.4.2' }, kind: 'Deployment' },
    health: 'unhealthy',
  });
  const root = await insert('components', {
    external_id: 'shop',
    name: 'Shop',
    status: 'unhealthy',
    health: 'unhealthy',
    type: 'Application',
  });
  seeded.component = await insert('components', {
    external_id: 'shop/payments',
    name: 'Payments',
    parent_id: root,
    status: 'unhealthy',
    health: 'unhealthy',
    type: 'Service',
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
});

/** Types into the dialog's incident picker and takes its 'Create new incident "…"' entry. */
async function createIncidentIn(dialog: ReturnType<Page['getByRole']>, title: string) {
  const incident = dialog.getByRole('combobox', { name: 'Incident' });
  await incident.fill(title);
  await page.getByRole('option', { name: `Create new incident "${title}"` }).click();
}

describe('Link to Incident', () => {
  it('from a check: validates, opens a new incident with the check as evidence', async () => {
    await signIn(page, vigil.url, `/health?checkId=${seeded.check}`);
    await page.getByRole('button', { name: 'Link to Incident' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link to Incident' });
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await dialog.getByText('Must select or create an incident').waitFor();

    await createIncidentIn(dialog, 'Storefront is down');
    // A new incident asks for severity and type, defaulting to low and availability.
    await expect.poll(() => dialog.getByLabel('Severity').inputValue()).toBe('low');
    await expect.poll(() => dialog.getByLabel('Type').inputValue()).toBe('availability');
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByText('Linked to incident successfully').first().waitFor();

    const [row] = await evidences();
    expect(row).toMatchObject({
      type: 'check',
      check_id: seeded.check,
      hypothesis: { type: 'root', status: 'possible' },
    });
    const [incident] = await db<{ title: string; severity: string; type: string }[]>(
      `incidents?id=eq.${row?.hypothesis.incident_id}&select=title,severity,type`,
    );
    expect(incident).toMatchObject({ title: 'Storefront is down', type: 'availability' });
    expect(incident?.severity.toLowerCase()).toBe('low');
  });

  it('from config lines: attaches the selected lines to an existing incident', async () => {
    await page.goto(`${vigil.url}/catalog/${seeded.config}`);
    const lines = page.getByRole('listbox', { name: /checkout/i });
    // Sorted keys, two-space indent: line 4 is the image, line 5 the replica count.
    await lines.getByRole('option', { name: /"image": "shop\/checkout:1\.4\.2"/ }).click();
    await lines.getByRole('option', { name: /"replicas": 3/ }).click({ modifiers: ['Shift'] });
    await page.waitForURL(/[?&]selected=4(,|%2C)5$/);
    await page.getByRole('button', { name: 'Attach as Evidence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link to Incident' });
    await dialog.getByRole('combobox', { name: 'Incident' }).fill('Storefront');
    await page.getByRole('option', { name: /INC-\d+ Storefront is down/ }).click();
    // Its only hypothesis is chosen for the user; without one, the form asks for it.
    const hypothesis = dialog.getByRole('combobox', { name: 'Hypothesis' });
    await expect.poll(() => hypothesis.inputValue()).toBe('Storefront is down');
    await dialog.getByRole('button', { name: 'Clear Hypothesis' }).click();
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await dialog.getByText('Must select or create a hypothesis').waitFor();
    await hypothesis.click();
    // Options show the hypothesis type under the title.
    await page.getByRole('option', { name: /^Storefront is down\s*root$/ }).click();
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByText('Linked to incident successfully').first().waitFor();
    // The selection is cleared once linked.
    await page.waitForURL((url) => !url.searchParams.has('selected'));

    const rows = await evidences();
    expect(rows).toHaveLength(2);
    const config = rows[1];
    expect(config).toMatchObject({ type: 'config', config_id: seeded.config });
    expect(config?.hypothesis.incident_id).toBe(rows[0]?.hypothesis.incident_id);
    expect(config?.evidence?.selected_lines).toEqual({
      '3': '    "image": "shop/checkout:1.4.2",',
      '4': '    "replicas": 3',
    });

    // The incident shows the config evidence with its selected lines.
    await page.goto(`${vigil.url}/incidents/${config?.hypothesis.incident_id}`);
    await page.getByRole('tab', { name: 'Action Plan' }).click();
    await page.getByText('"image": "shop/checkout:1.4.2",').first().waitFor();
  });

  it('from a topology card: links the component to a new incident', async () => {
    await page.goto(`${vigil.url}/topology`);
    await page.getByText('Shop', { exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Payments' }).first().click();
    await page.waitForURL(new RegExp(`/topology/${seeded.component}`));
    await page.getByRole('button', { name: 'Actions for Payments' }).first().click();
    await page.getByRole('menuitem', { name: 'Link to Incident' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link to Incident' });
    await expect.poll(() => dialog.getByLabel('Description').inputValue()).toBe('Payments');
    await createIncidentIn(dialog, 'Payments degraded');
    await dialog.getByLabel('Severity').selectOption('high');
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByText('Linked to incident successfully').first().waitFor();

    const rows = await evidences();
    const topology = rows.find((r) => r.type === 'topology');
    expect(topology).toMatchObject({ component_id: seeded.component, description: 'Payments' });
    const [incident] = await db<{ title: string; severity: string }[]>(
      `incidents?id=eq.${topology?.hypothesis.incident_id}&select=title,severity`,
    );
    expect(incident?.title).toBe('Payments degraded');
    expect(incident?.severity.toLowerCase()).toBe('high');
    // The toast links to the incident it made.
    await page
      .getByRole('link', { name: /^View INC-\d+$/ })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/incidents/${topology?.hypothesis.incident_id}$`));
  });
});
