import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { dbApi } from './support/dbApi.js';
import { startVigil, type VigilProcess } from './support/server.js';

/**
 * Logs (spec 000 §2.6) in a real browser against the real server: a file log backend made
 * through /api/db, a component whose log selector picks it, View Logs from its topology card,
 * the search, lines selected and attached to a new incident as log evidence, and that evidence
 * on the incident's page. Also the Log Backends settings list.
 */
let vigil: VigilProcess;
let browser: Browser;
let page: Page;
let logDir: string;
let component = '';

const api = dbApi(() => vigil.url);
const insert = async (table: string, row: Record<string, unknown>) =>
  (await api.post(table, row))[0]?.id ?? '';

interface EvidenceRow {
  type: string;
  component_id: string | null;
  description: string;
  evidence: { lines?: string[]; selected_lines?: Record<string, string> } | null;
  hypothesis: { incident_id: string };
}

beforeAll(async () => {
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-e2e-logs-'));
  const now = Date.now();
  // One line every 30 s over the last 40 minutes; every fifth a declined payment.
  const lines = Array.from({ length: 80 }, (_, i) => {
    const at = new Date(now - (80 - i) * 30_000).toISOString();
    return i % 5 === 0
      ? JSON.stringify({ time: at, level: 'error', msg: `payment ${i} declined: card expired` })
      : `${at} INFO payment ${i} accepted`;
  });
  fs.writeFileSync(path.join(logDir, 'checkout.log'), `${lines.join('\n')}\n`);
  [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  await insert('logging_backends', {
    name: 'checkout-files',
    labels: { app: 'checkout' },
    spec: { file: { paths: [path.join(logDir, '*.log')] } },
    source: 'UI',
  });
  const root = await insert('components', {
    external_id: 'shop',
    name: 'Shop',
    status: 'healthy',
    type: 'Application',
  });
  component = await insert('components', {
    external_id: 'shop/checkout',
    name: 'Checkout',
    parent_id: root,
    status: 'healthy',
    type: 'Service',
    log_selectors: [{ name: 'app', type: 'file', labels: { app: 'checkout' } }],
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
});

describe('Logs', () => {
  it('View Logs on a topology card opens the component’s logs, newest first', async () => {
    await signIn(page, vigil.url, `/topology/${component}`);
    await page.getByRole('button', { name: 'Actions for Checkout' }).first().click();
    await page.getByRole('menuitem', { name: 'View Logs' }).click();
    await page.waitForURL(new RegExp(`/logs\\?topologyId=${component}$`));
    await expect.poll(() => page.getByLabel('Component').inputValue()).toBe(component);
    await expect.poll(() => page.getByLabel('Log', { exact: true }).inputValue()).toBe('app');
    const grid = page.getByRole('grid', { name: 'Logs' });
    await grid.getByText('INFO payment 79 accepted').waitFor();
    // Newest first: the first row is the last line written.
    await expect
      .poll(() => grid.locator('tbody tr').first().textContent())
      .toContain('payment 79 accepted');
  });

  it('searches, and attaches selected lines to a new incident as log evidence', async () => {
    await page.getByRole('textbox', { name: 'Search logs' }).fill('card expired');
    await page.waitForURL(/query=card(\+|%20)expired/);
    const grid = page.getByRole('grid', { name: 'Logs' });
    await grid.getByText('payment 75 declined: card expired').waitFor();
    await expect.poll(() => grid.locator('tbody tr').count()).toBe(16);
    await grid.getByText('payment 70 declined: card expired').click();
    await grid.getByText('payment 65 declined: card expired').click();
    await page.getByText('2 lines selected').waitFor();

    await page.getByRole('button', { name: 'Attach as Evidence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link to Incident' });
    await dialog.getByRole('combobox', { name: 'Incident' }).fill('Checkout declines cards');
    await page
      .getByRole('option', { name: 'Create new incident "Checkout declines cards"' })
      .click();
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByText('Linked to incident successfully').first().waitFor();
    await page.getByText('Select lines to attach them to an incident').waitFor();

    const [row] = await api.get<EvidenceRow[]>(
      'evidences?select=type,component_id,description,evidence,hypothesis:hypotheses(incident_id)',
    );
    expect(row).toMatchObject({
      type: 'log',
      component_id: component,
      description: 'Checkout logs (app)',
    });
    const selected = Object.values(row?.evidence?.selected_lines ?? {});
    expect(selected).toHaveLength(2);
    expect(selected[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}\.\d{2}\.\d{3} payment 70 declined/);
    expect(selected[1]).toMatch(/payment 65 declined: card expired$/);
    // Three lines of context either side (the page's lines, newest first).
    expect(row?.evidence?.lines).toHaveLength(6);

    await page.goto(`${vigil.url}/incidents/${row?.hypothesis.incident_id}`);
    await page.getByRole('tab', { name: 'Action Plan' }).click();
    await page
      .getByText(/payment 70 declined: card expired/)
      .first()
      .waitFor();
  });

  it('lists the backend under Settings → Log Backends', async () => {
    await page.goto(`${vigil.url}/settings/logging_backends`);
    const table = page.getByRole('grid', { name: 'Log Backends' });
    await table.getByRole('row', { name: /checkout-files/ }).waitFor();
  });
});
