import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../operator/src/db/embeddedPostgres.js';
import { silentLog } from '../operator/src/testing/testDatabase.js';
import { launchBrowser, signIn } from './support/browser.js';
import { kubectl, type Kubectl } from './support/kubectl.js';
import { ADMIN_TOKEN, startVigil, tempDataDir, type VigilProcess } from './support/server.js';

/**
 * Connections end to end (spec 002 §3 'Connection', 'Settings screens', §8 connection test):
 * a Postgres connection is made in the console, tested (success, and failure for a wrong
 * password), then used by name by a postgres check of a Canary applied with kubectl — and by a
 * second check whose password is a valueFrom naming the connection — which pass. Its password
 * never shows up in an answer the browser or this test gets, nor in Vigil's log.
 */
const PASSWORD = 'c0nn-e2e-Pa55word!';
const NAME = 'orders-db';

let vigil: VigilProcess;
let postgres: EmbeddedDatabase;
let browser: Browser;
let page: Page;
let k: Kubectl;
let dbUrl = '';
/** Every body an /api answer carried, to the browser or to this test. */
const answers: string[] = [];

const api = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(`${vigil.url}${p}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${ADMIN_TOKEN}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
  const text = await res.text();
  answers.push(text);
  if (!res.ok) throw new Error(`${p}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
};

beforeAll(async () => {
  postgres = await startEmbeddedPostgres(tempDataDir(), silentLog);
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE ROLE probe LOGIN PASSWORD '${PASSWORD}'`);
  await admin.query('CREATE DATABASE orders OWNER probe');
  await admin.end();
  const u = new URL(postgres.url);
  dbUrl = `postgres://${u.host}/orders?sslmode=disable`;

  [vigil, browser] = await Promise.all([
    startVigil({ env: { VIGIL_HEALTH_CHECKS: 'on', LOG_LEVEL: 'debug' } }),
    launchBrowser(),
  ]);
  const config = await fetch(`${vigil.url}/api/kubeconfig`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  k = kubectl(33, await config.text());
  page = await browser.newPage();
  page.on('response', (res) => {
    if (!new URL(res.url()).pathname.startsWith('/api/')) return;
    void res
      .text()
      .then((t) => answers.push(t))
      .catch(() => undefined);
  });
  await signIn(page, vigil.url, '/settings/connections');
  await page.waitForURL(/\/settings\/connections$/);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
  await postgres?.stop();
});

/** The list's Name cell of one connection. */
const nameCell = (name: string) =>
  page.locator('td[data-label="Name"]').filter({ hasText: new RegExp(`^${name}$`) });

async function addPostgres(name: string, password: string) {
  await page.getByRole('button', { name: 'Add Connection' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Postgres', exact: true }).click();
  await dialog.getByText('Add Postgres Connection').waitFor();
  await page.fill('#connection-name', name);
  await page.fill('#connection-url', dbUrl);
  await page.fill('#connection-username', 'probe');
  await page.fill('#connection-password', password);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Connection added successfully').first().waitFor();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

async function testInConsole(name: string): Promise<string> {
  await nameCell(name).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Edit Postgres Connection' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Test' }).click();
  const result = page.getByRole('dialog').filter({ hasText: /Test (succeeded|failed)/ });
  await result.waitFor();
  const text = await result.innerText();
  await result.getByRole('button', { name: 'Close' }).last().click();
  await result.waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}

describe('connections', () => {
  it('are made in the console with a type chooser and a form per type', async () => {
    await addPostgres(NAME, PASSWORD);
    await nameCell(NAME).waitFor();
    const rows = await api<{ name: string; type: string; password: string }[]>(
      `/api/db/connection_details?name=eq.${NAME}&select=name,type,password`,
    );
    expect(rows).toEqual([{ name: NAME, type: 'postgres', password: '***' }]);
  });

  it('are tested: success, and the server error for a wrong password', async () => {
    expect(await testInConsole(NAME)).toContain('Connection successful');
    await addPostgres('orders-db-wrong', 'not-the-password');
    expect(await testInConsole('orders-db-wrong')).toMatch(/password authentication failed/);
  });

  it('are used by name by a postgres check, and by valueFrom, which pass', async () => {
    const canary = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: orders-db
  namespace: default
spec:
  schedule: '@every 5m'
  postgres:
    - name: orders-by-connection
      connection: connection://default/${NAME}
      query: SELECT 1 AS one
      results: 1
    - name: orders-by-valuefrom
      url: ${dbUrl}
      username:
        value: probe
      password:
        valueFrom:
          secretKeyRef:
            name: ${NAME}
            key: password
      query: SELECT 1 AS one
`;
    const applied = k.run(['apply', '-f', '-'], { input: canary });
    expect(applied.status, applied.stderr).toBe(0);
    const end = Date.now() + 90_000;
    let rows: { name: string; status: string | null; last_runtime: string | null }[];
    for (;;) {
      const { checks_summary } = await api<{
        checks_summary: {
          name: string;
          canary_name: string;
          status: string | null;
          last_runtime: string | null;
        }[];
      }>('/api/canary/api/summary');
      rows = checks_summary.filter((r) => r.canary_name === 'orders-db');
      if (rows.length === 2 && rows.every((r) => r.last_runtime)) break;
      if (Date.now() > end) throw new Error(`checks did not run: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(rows.map((r) => [r.name, r.status]).sort(), JSON.stringify(rows)).toEqual([
      ['orders-by-connection', 'healthy'],
      ['orders-by-valuefrom', 'healthy'],
    ]);
  });

  it('never show the password: not in any answer, nor in the log', async () => {
    for (const p of [
      '/api/db/connections?select=*',
      '/api/db/connection_details?select=*',
      '/api/db/connections_list?select=*',
      '/api/db/permissions?select=*,connection:connection_id(*)',
    ])
      await api(p);
    expect(answers.length).toBeGreaterThan(10);
    for (const body of answers) {
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain(encodeURIComponent(PASSWORD));
    }
    expect(vigil.output()).not.toContain(PASSWORD);
    expect(vigil.output()).not.toContain(encodeURIComponent(PASSWORD));
  });
});
