import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { dbApi } from './support/dbApi.js';
import { api, freePort, startVigil, type VigilProcess } from './support/server.js';

/**
 * Notifications walked as a user would (issue "Show"; spec 002 §2 'Notifications', §5, §8), in
 * Chromium against the built Vigil: a rule made in the Add Rule modal sends a check's failure to
 * a loopback webhook; the send is found in the history and opened; the message's Silence link
 * opens a prefilled silence form; the next failure is held as `silenced` and nothing more
 * arrives. The canary and its check are rows written through /api/db: nothing is probed, the
 * check fails and recovers by its status (the checks trigger publishes check.failed).
 */
let vigil: VigilProcess;
/**
 * The data dir, named apart from vigil-e2e-*: the e2e global teardown of another run on a shared
 * machine removes those it did not make while this file runs.
 */
let dataDir = '';
let browser: Browser;
let page: Page;
let hook: http.Server;
let hookUrl = '';
const received: { path: string; body: { title?: string; message?: string } }[] = [];
const ids = { check: '', rule: '' };
let silenceLink = '';

const db = dbApi(() => vigil.url);

const CHECK = 'checkout-health';
const RULE_TITLE = '{{.check.name}} is down';
const SENT_TITLE = `${CHECK} is down`;
const REASON = 'Checkout maintenance window';

/** A receiver for the webhook: records each JSON body it is sent, answers 200. */
async function startHook(): Promise<void> {
  hook = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      let body: { title?: string; message?: string } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        body = { message: text };
      }
      received.push({ path: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
}

/** Sets the check's status as a probe would: a transition publishes check.passed/failed. */
async function setCheck(status: 'healthy' | 'unhealthy'): Promise<void> {
  const res = await api(vigil.url, `/api/db/checks?id=eq.${ids.check}`, {
    method: 'PATCH',
    body: JSON.stringify({ status }),
  });
  const why = `${await res.text()}\n${serverErrors()}`;
  expect(res.status, why).toBeLessThan(300);
}

/** The server's error lines, for a failure's message. */
const serverErrors = () =>
  vigil
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line))
    .join('\n');

interface HistoryRow {
  id: string;
  status: string;
  silenced_by: string | null;
}
const history = () =>
  db.get<HistoryRow[]>(
    `notification_send_history?resource_id=eq.${ids.check}&select=id,status,silenced_by&order=created_at`,
  );

beforeAll(async () => {
  await startHook();
  // Links in messages name the server's own address, so the browser can follow them.
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notifications-walk-e2e-'));
  fs.chmodSync(dataDir, 0o755); // the embedded database runs as the postgres user when we are root
  [vigil, browser] = await Promise.all([
    startVigil({ port, dataDir, env: { VIGIL_PUBLIC_URL: `http://127.0.0.1:${port}` } }),
    launchBrowser(),
  ]);
  const [canary] = await db.post('canaries', {
    name: 'checkout',
    namespace: 'shop',
    source: 'UI',
    spec: { http: [{ name: CHECK, url: 'http://127.0.0.1:9/health' }] },
  });
  const [check] = await db.post('checks', {
    canary_id: canary?.id,
    type: 'http',
    name: CHECK,
    namespace: 'shop',
    status: 'healthy',
  });
  ids.check = check?.id ?? '';
  expect(ids.check).not.toBe('');
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
  await new Promise((resolve) => (hook ? hook.close(resolve) : resolve(undefined)));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const main = () => page.getByRole('main');

describe('notifications, walked in a browser', () => {
  it('creates a rule in the Add Rule modal', async () => {
    await signIn(page, vigil.url, '/notifications/rules');
    await page.waitForURL(`${vigil.url}/notifications/rules`);
    const rules = page.getByRole('grid', { name: 'Notification rules' });
    await rules.getByText('No notification rules').waitFor();

    await main().getByRole('button', { name: 'Add Rule' }).click();
    await page.waitForURL(/\/notifications\/rules\?id=new$/);
    const modal = page.getByRole('dialog', { name: 'Add Notification Rule' });
    await modal.waitFor();

    // Saving an empty form says what is missing and saves nothing.
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Select at least one event').waitFor();
    await modal.getByText('Choose exactly one recipient: a person, a team or others').waitFor();

    await modal.getByRole('button', { name: 'Events' }).click();
    await modal.getByRole('checkbox', { name: 'check.failed' }).check();
    await modal.getByRole('button', { name: 'Events' }).click();
    await modal.getByRole('list', { name: 'Chosen events' }).getByText('check.failed').waitFor();
    await modal.getByRole('textbox', { name: 'Title' }).fill(RULE_TITLE);
    await modal.getByRole('button', { name: 'Others' }).click();
    await modal.getByRole('radio', { name: 'URL' }).check();
    await modal.getByRole('textbox', { name: 'URL' }).fill(`generic+${hookUrl}/hook?template=json`);
    await modal.getByText('Select at least one event').waitFor({ state: 'detached' });
    await modal.getByRole('button', { name: 'Save' }).click();

    await page.getByText('Notification updated successfully').waitFor();
    await modal.waitFor({ state: 'detached' });
    await page.waitForURL(`${vigil.url}/notifications/rules`);
    const row = rules.getByRole('row').filter({ hasText: RULE_TITLE });
    await row.waitFor();
    await row.getByText('check.failed').waitFor();

    const [stored] = await db.get<
      { id: string; events: string[]; custom_services: unknown; source: string }[]
    >(`notifications?title=eq.${encodeURIComponent(RULE_TITLE)}&deleted_at=is.null`);
    expect(stored).toMatchObject({
      events: ['check.failed'],
      custom_services: [{ name: 'to', url: `generic+${hookUrl}/hook?template=json` }],
      source: 'UI',
    });
    ids.rule = stored?.id ?? '';
  }, 60_000);

  it('sends the failure to the webhook, with a Silence link', async () => {
    await setCheck('unhealthy');
    await expect.poll(() => received.length, { timeout: 30_000, interval: 200 }).toBe(1);
    const [got] = received;
    expect(got?.path).toBe('/hook');
    expect(got?.body.title).toBe(SENT_TITLE);
    const message = got?.body.message ?? '';
    expect(message).toContain(`**${CHECK}** (http) in canary shop/checkout is **unhealthy**`);
    expect(message).toContain(`[Open in Vigil](${vigil.url}/health?checkId=${ids.check})`);
    const link = /\[Silence\]\(([^)\s]+)\)/.exec(message)?.[1] ?? '';
    expect(link).toBe(`${vigil.url}/notifications/silences/add?check_id=${ids.check}`);
    silenceLink = link;
  }, 60_000);

  it('shows the send in the history, and its details in a modal', async () => {
    await page.goto(`${vigil.url}/notifications`);
    const grid = page.getByRole('grid', { name: 'Notification history' });
    const row = grid.getByRole('row').filter({ hasText: CHECK }).filter({ hasText: 'Sent' });
    await row.waitFor();
    await row.getByText('check.failed').waitFor();
    await row.getByRole('link', { name: CHECK }).waitFor();

    await row.click();
    await page.waitForURL(/\/notifications\?id=/);
    const modal = page.getByRole('dialog', { name: 'Notification details' });
    await modal.waitFor();
    // Each term's description: the <dd> after its <dt>.
    const field = (term: string) =>
      modal
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${term}$`) })
        .locator('xpath=following-sibling::dd[1]');
    await field('Resource').getByRole('link', { name: CHECK }).waitFor();
    expect(await field('Resource').getByRole('link', { name: CHECK }).getAttribute('href')).toBe(
      `/health?checkId=${ids.check}`,
    );
    expect(await field('Age').innerText()).toMatch(/ago|now/);
    expect(await field('Recipient').innerText()).toContain(`webhook ${hookUrl}/hook`);
    expect(await field('Status').innerText()).toContain('Sent');
    expect(await field('Event').innerText()).toContain('check.failed');
    expect(await field('Duration').innerText()).toMatch(/\d+(\.\d+)?\s*(ms|s)\b/);
    const ruleLink = field('Notification').getByRole('link', { name: RULE_TITLE });
    expect(await ruleLink.getAttribute('href')).toBe(`/notifications/rules?id=${ids.rule}`);
    const body = await modal.getByLabel('Body').innerText();
    expect(body).toContain(`**${CHECK}** (http)`);
    expect(body).toContain(`[Silence](${silenceLink})`);

    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.waitForURL(`${vigil.url}/notifications`);
  }, 60_000);

  it("silences the check from the message's Silence link", async () => {
    await page.goto(silenceLink);
    const form = page.getByRole('form', { name: 'Add notification silence' });
    await form.waitFor();
    expect(await form.getByRole('combobox', { name: 'Resource type' }).inputValue()).toBe('check');
    // The picker shows the check's name once it has looked the id up.
    const picked = form.getByRole('combobox', { name: 'Health check' });
    await expect.poll(() => picked.inputValue(), { timeout: 15_000 }).toBe(CHECK);

    await form.getByRole('button', { name: '1h' }).click();
    await form.getByText('From now, for 1h.').waitFor();
    await form.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await form.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(`${vigil.url}/notifications/silences`);
    await page.getByText('Notification silence added successfully').waitFor();
    const row = page
      .getByRole('grid', { name: 'Notification silences' })
      .getByRole('row')
      .filter({ hasText: REASON });
    await row.waitFor();
    await row.getByRole('link', { name: CHECK }).waitFor();
    await row.getByText('Active').waitFor();

    const [silence] = await db.get<{ check_id: string; from: string; until: string }[]>(
      `notification_silences?deleted_at=is.null&description=eq.${encodeURIComponent(REASON)}`,
    );
    expect(silence?.check_id).toBe(ids.check);
    const hours = (Date.parse(silence?.until ?? '') - Date.parse(silence?.from ?? '')) / 3_600_000;
    expect(hours).toBeCloseTo(1, 2);
  }, 60_000);

  it('holds the next failure as silenced; nothing more is sent', async () => {
    await setCheck('healthy');
    await setCheck('unhealthy');
    await expect
      .poll(async () => (await history()).map((r) => r.status), { timeout: 30_000 })
      .toEqual(['sent', 'silenced']);

    await page.goto(`${vigil.url}/notifications`);
    const grid = page.getByRole('grid', { name: 'Notification history' });
    const row = grid.getByRole('row').filter({ hasText: CHECK }).filter({ hasText: 'Silenced' });
    await row.waitFor();
    await grid.getByRole('row').filter({ hasText: CHECK }).filter({ hasText: 'Sent' }).waitFor();

    await row.click();
    const modal = page.getByRole('dialog', { name: 'Notification details' });
    await modal.getByText(new RegExp(`^silenced \\(${REASON}\\) until `)).waitFor();
    await modal.getByText('Silenced', { exact: true }).waitFor();
    const [, silenced] = await history();
    expect(await modal.getByRole('link', { name: 'View silence' }).getAttribute('href')).toBe(
      `/notifications/silences?id=${silenced?.silenced_by}`,
    );
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    // A decision to hold is final: the receiver has still only the first message.
    expect(received).toHaveLength(1);
  }, 60_000);
});
