import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { dbApi, poll } from './support/dbApi.js';
import { kubectl, type Kubectl } from './support/kubectl.js';
import { invitePerson } from './support/people.js';
import { ADMIN_TOKEN, api, startVigil, type VigilProcess } from './support/server.js';

/**
 * Settings and operations against the built Vigil (docs/operations.md): a feature flag from
 * VIGIL_PROPERTIES_FILE is read-only in the API and the console; a failed event-queue item is
 * retried from the Event Queue page and the consumer takes it again; a deny Permission applied
 * with kubectl is named in the 403 it causes and by the access explain API.
 */
let vigil: VigilProcess;
let browser: Browser;
let page: Page;
let k: Kubectl;
/** Named apart from vigil-e2e-*, which other runs' teardown may remove while this one runs. */
let dir = '';

const db = dbApi(() => vigil.url);
const LOCAL_FLAG = 'e2e.local.flag';

async function call(pathname: string, token: string, init: RequestInit = {}) {
  return fetch(`${vigil.url}${pathname}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  });
}

const person = (email: string, role: string) => invitePerson(vigil.url, email, role);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'settings-flags-e2e-'));
  fs.chmodSync(dir, 0o755); // the embedded database runs as the postgres user when we are root
  const flags = path.join(dir, 'flags.properties');
  fs.writeFileSync(flags, `# Set by the e2e's properties file\n${LOCAL_FLAG}=on\n`);
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { mode: 0o755 });
  [vigil, browser] = await Promise.all([
    startVigil({ dataDir, env: { VIGIL_PROPERTIES_FILE: flags } }),
    launchBrowser(),
  ]);
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
  await signIn(page, vigil.url, '/settings/feature-flags');
  await page.waitForURL(`${vigil.url}/settings/feature-flags`);
  const kubeconfig = await call('/api/kubeconfig', ADMIN_TOKEN);
  k = kubectl(33, await kubeconfig.text());
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const main = () => page.getByRole('main');

describe('feature flags', () => {
  it('refuses to change a local flag, in the API and in the console', async () => {
    const list = (await (await api(vigil.url, '/api/properties')).json()) as {
      name: string;
      source: string;
      description: string;
    }[];
    expect(list[0]).toMatchObject({
      name: LOCAL_FLAG,
      source: 'local',
      description: "Set by the e2e's properties file",
    });
    const put = await api(vigil.url, `/api/properties/${LOCAL_FLAG}`, {
      method: 'PUT',
      body: JSON.stringify({ value: 'off' }),
    });
    expect(put.status).toBe(409);
    expect(((await put.json()) as { message: string }).message).toMatch(
      /^Cannot edit local feature flags: e2e\.local\.flag is set in the properties file/,
    );

    const row = main().getByRole('row').filter({ hasText: LOCAL_FLAG });
    await row.getByText('local', { exact: true }).waitFor();
    await row.getByText(LOCAL_FLAG, { exact: true }).click();
    await page.getByText('Cannot edit local feature flags').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('adds a flag in the console, asking for all details first', async () => {
    await main().getByRole('button', { name: 'Add Feature Flag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Feature Flag' });
    await dialog.getByLabel('Name').fill('e2e.db.flag');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('please provide all details').waitFor();
    await dialog.getByLabel('Value').fill('yes');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Feature flag added successfully').waitFor();
    const row = main().getByRole('row').filter({ hasText: 'e2e.db.flag' });
    await row.getByText('db', { exact: true }).waitFor();
  });
});

describe('the event queue', () => {
  it('retries a failed item from the page, and the consumer takes it again', async () => {
    // A playbook-trigger event that gave up (3 attempts is that consumer's limit).
    const name = 'playbook:config.updated';
    const [event] = await db.post('event_queue', {
      name,
      properties: { id: crypto.randomUUID() },
      attempts: 3,
      error: 'connection reset (e2e)',
      last_attempt: new Date().toISOString(),
    });
    const id = event?.id as string;
    const present = () => db.get<{ attempts: number }[]>(`event_queue?id=eq.${id}&select=attempts`);
    // Given up: the consumer leaves it alone.
    await new Promise((r) => setTimeout(r, 2000));
    expect(await present()).toEqual([{ attempts: 3 }]);

    await page.goto(`${vigil.url}/settings/event-queue-status`);
    const row = main().getByRole('row').filter({ hasText: name });
    await row.getByText('connection reset (e2e)').waitFor();
    await row.getByRole('button', { name: `Show failed ${name} events` }).click();
    const dialog = page.getByRole('dialog', { name: `Failed ${name} events` });
    await dialog.getByRole('button', { name: `Actions for event ${id}` }).click();
    await page.getByRole('menuitem', { name: 'Retry' }).click();
    await page.getByText('Retried 1 failed event').waitFor();

    // Taken again: the handler finds nothing to trigger for that config and the item is done.
    const left = await poll(present, (rows) => rows.length === 0, 30_000);
    expect(left).toEqual([]);
    await dialog.getByText('No failed events').waitFor();
  });
});

describe('403 answers name the rule that decided', () => {
  it('names a deny Permission applied with kubectl, as the explain API does', async () => {
    const ed = await person('ed@example.com', 'editor');
    expect((await call('/api/canary/api/summary', ed.token)).status).toBe(200);
    const r = k.run(['apply', '-f', '-'], {
      input: `apiVersion: mission-control.flanksource.com/v1
kind: Permission
metadata: { name: no-canary-reads, namespace: default }
spec:
  description: Nobody reads health checks here
  subject: { person: ed@example.com }
  actions: [read]
  deny: true
  object:
    canaries: [{ name: '*' }]
`,
    });
    expect(r.status, r.stderr).toBe(0);
    const refused = await poll(
      () => call('/api/canary/api/summary', ed.token),
      (res) => res.status === 403,
      30_000,
    );
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "permission denied: read on canaries is denied by Permission 'no-canary-reads'",
    );

    const explained = await call(
      `/api/rbac/explain?person_id=${ed.id}&object=canaries&action=read`,
      ADMIN_TOKEN,
    );
    expect(await explained.json()).toMatchObject({
      allowed: false,
      decidedBy: 'permission',
      rule: { name: 'no-canary-reads', description: 'Nobody reads health checks here' },
      reason:
        "read on canaries is denied by Permission 'no-canary-reads' (a deny wins over role editor)",
    });
  });
});
