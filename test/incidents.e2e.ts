import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { ADMIN_TOKEN, startVigil, type VigilProcess } from './support/server.js';

/**
 * An incident walked through in a real browser against the real server: create it, mention a
 * user in a comment, add a contributing factor and a person responder, move it to mitigated
 * through the definition-of-done dialog, close and reopen it — and the Changelog and the stored
 * rows show each step.
 */
let vigil: VigilProcess;
let browser: Browser;
let page: Page;
let incidentId = '';

const db = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${vigil.url}/api/db/${path}`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};

const poll = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
};

beforeAll(async () => {
  [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
});

describe('an incident, end to end', () => {
  it('is created from the list with the modal and opens its page', async () => {
    await signIn(page, vigil.url, '/incidents');
    await page.waitForURL(`${vigil.url}/incidents`);
    await page.getByText('There are no incidents matching this criteria').waitFor();
    await page.getByLabel('Create New Incident').click();
    await page.getByRole('button', { name: 'Create' }).click();
    // Title is required: the modal stays and says so.
    await page.getByText('This field is required').first().waitFor();
    await page.fill('#incident-title', 'Checkout latency high');
    await page.fill('#incident-description', 'p99 above 2s since 10:00');
    await page.selectOption('#incident-severity', { label: 'High' });
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/incidents\/[0-9a-f-]{36}$/);
    incidentId = page.url().split('/').pop() as string;
    await page
      .getByRole('heading', { name: /INC-\d+ Checkout latency high/ })
      .first()
      .waitFor();
    const [row] = await db<{ title: string; severity: string; status: string }[]>(
      `incidents?id=eq.${incidentId}&select=title,severity,status`,
    );
    expect(row).toMatchObject({ title: 'Checkout latency high', status: 'open' });
    expect(row?.severity.toLowerCase()).toBe('high');
  });

  it('stores a comment with an @-mention in the mention format', async () => {
    const box = page.getByPlaceholder('Add a comment, @ to mention someone');
    await box.click();
    await box.pressSequentially('Paging @Adm');
    await page.getByRole('menuitem', { name: 'Admin' }).waitFor();
    await box.press('Enter');
    await box.pressSequentially('about this');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const comments = await poll(
      () => db<{ comment: string }[]>(`comments?incident_id=eq.${incidentId}&select=comment`),
      (c) => c.length > 0,
    );
    const text = comments[0]?.comment ?? '';
    expect(text, text).toMatch(/^Paging @\[Admin\]\(user:[0-9a-f-]{36}\)\s*about this\s*$/);
  });

  it('adds a contributing factor and a person responder', async () => {
    await page.getByRole('tab', { name: 'Action Plan' }).click();
    await page.getByRole('button', { name: 'Add contributing factor' }).click();
    const title = page.getByLabel('Title of the new contributing factor');
    await title.fill('Connection pool exhausted');
    await title.press('Enter');
    const hypotheses = await poll(
      () =>
        db<{ title: string; type: string }[]>(
          `hypotheses?incident_id=eq.${incidentId}&select=title,type`,
        ),
      (h) => h.some((x) => x.title === 'Connection pool exhausted'),
    );
    expect(hypotheses.map((h) => h.type).sort()).toEqual(['factor', 'root']);

    await page.getByRole('button', { name: 'Add Responders' }).click();
    const wizard = page.getByRole('dialog');
    await wizard.getByText('Select Responder').waitFor();
    await page.selectOption('#responder-person', { label: 'Admin' });
    await wizard.getByRole('button', { name: 'Add' }).click();
    const responders = await poll(
      () =>
        db<{ person_id: string | null }[]>(
          `responders?incident_id=eq.${incidentId}&select=person_id`,
        ),
      (r) => r.length > 0,
    );
    expect(responders[0]?.person_id).toBeTruthy();
  });

  it('moves to mitigated through the definition-of-done dialog, closes and reopens', async () => {
    await page.getByLabel('Status').first().selectOption('mitigated');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Add contributing factors to definition of done').waitFor();
    await dialog.getByRole('button', { name: 'Skip' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const status = () => db<{ status: string }[]>(`incidents?id=eq.${incidentId}&select=status`);
    expect((await poll(status, (s) => s[0]?.status === 'mitigated'))[0]?.status).toBe('mitigated');

    // Close is offered on an open incident; any other status offers Reopen (spec 000 §2.4).
    await page.getByRole('button', { name: 'Reopen', exact: true }).click();
    expect((await poll(status, (s) => s[0]?.status === 'open'))[0]?.status).toBe('open');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    expect((await poll(status, (s) => s[0]?.status === 'closed'))[0]?.status).toBe('closed');
    await page.getByRole('button', { name: 'Reopen', exact: true }).click();
    expect((await poll(status, (s) => s[0]?.status === 'open'))[0]?.status).toBe('open');

    // The Changelog lists every step, newest first, from the history the server wrote.
    const history = await db<{ type: string }[]>(
      `incident_histories?incident_id=eq.${incidentId}&select=type&order=created_at.asc`,
    );
    const types = history.map((h) => h.type);
    for (const kind of [
      'incident.created',
      'hypothesis.created',
      'responder.created',
      'incident.status_updated',
    ]) {
      expect(types, kind).toContain(kind);
    }
    expect(types.filter((t) => t === 'incident.status_updated').length).toBeGreaterThanOrEqual(3);
    const changelog = page.getByLabel('Changelog').first();
    await changelog
      .getByText(/closed/i)
      .first()
      .waitFor();
    await changelog
      .getByText(/mitigated/i)
      .first()
      .waitFor();
    expect(await changelog.innerText()).toMatch(/Connection pool exhausted/);
  });
});
