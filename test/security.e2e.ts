import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { startVigil, type VigilProcess } from './support/server.js';

/**
 * The console under Vigil's real Content-Security-Policy: signing in, the shell and the health
 * check spec editor with the bundled Monaco (and its worker) must trigger no violation, and the
 * console's own writes must pass the CSRF guard under its Referrer-Policy.
 */
let vigil: VigilProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

beforeAll(async () => {
  [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  // Every document (and frame) records the violations its policy reports.
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  page = await context.newPage();
  // Chromium also logs each violation (workers' included) and Monaco warns when it cannot
  // start a worker and falls back to the main thread.
  page.on('console', (m) => {
    if (/Content Security Policy|web worker/i.test(m.text())) problems.push(m.text());
  });
});
afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
});

const violations = async () =>
  [...problems, ...((await page.evaluate(() => window.__cspViolations)) ?? [])].filter(
    (v, i, all) => all.indexOf(v) === i,
  );

describe('console under the Content-Security-Policy', () => {
  it('sends the policy with the console', async () => {
    const res = await fetch(`${vigil.url}/login`);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('signs in without a violation', async () => {
    await signIn(page, vigil.url, '/settings/canaries/new');
    await page.waitForURL(`${vigil.url}/settings/canaries/new`);
    await page.getByText('Choose the type of health check').waitFor();
    expect(await violations()).toEqual([]);
  });

  it('runs Monaco and its worker in the health check spec editor without a violation', async () => {
    await page.getByRole('button', { name: 'HTTP', exact: true }).click();
    await page.getByRole('tab', { name: 'Code' }).click();
    const lines = page.locator('.monaco-editor .view-lines').first();
    await lines.getByText('schedule').waitFor();
    await lines.locator('.view-line').last().click();
    await page.keyboard.press('End');
    // One word (Monaco renders spaces as no-break spaces), typed at a person's pace.
    await page.keyboard.type('#csp', { delay: 100 });
    await lines.getByText('#csp').waitFor();
    // Monaco's editor worker is a file from /assets, allowed by worker-src 'self'.
    await expect
      .poll(() => page.workers().map((w) => w.url()))
      .toContainEqual(expect.stringMatching(/\/assets\/editor\.worker-[\w-]+\.js$/));
    expect(await violations()).toEqual([]);
  });

  it("signs out: the console's own write passes the CSRF guard", async () => {
    const session = (await context.cookies()).find((c) => c.name === 'vigil_session');
    expect(session).toBeDefined();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Sign out').click();
    await page.waitForURL(/\/login/);
    const whoami = await fetch(`${vigil.url}/api/auth/whoami`, {
      headers: { Cookie: `vigil_session=${session?.value}` },
    });
    expect(whoami.status).toBe(401);
    expect(await violations()).toEqual([]);
  });
});

describe('framing', () => {
  it('lets another site frame the public topology card, and nothing else', async () => {
    // Another origin: the same loopback address on another port.
    const site = http.createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(
        `<iframe name="card" src="${vigil.url}/view/topology/0192-abc"></iframe>` +
          `<iframe name="console" src="${vigil.url}/health"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const other = await context.newPage();
    // What each frame committed: a refused document commits as Chromium's error page instead.
    const committed = { card: [] as string[], console: [] as string[] };
    other.on('framenavigated', (f) => {
      const name = f.name();
      if (name === 'card' || name === 'console') committed[name].push(f.url());
    });
    try {
      await other.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      await expect.poll(() => committed.console).toEqual(['chrome-error://chromewebdata/']);
      await expect.poll(() => committed.card[0]).toBe(`${vigil.url}/view/topology/0192-abc`);
    } finally {
      await other.close();
      await new Promise((resolve) => site.close(resolve));
    }
  });
});
