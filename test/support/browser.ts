import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's chromium, headless; no browser is ever downloaded. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: 'make test' installs Debian's chromium, or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

export async function signIn(page: Page, base: string, path = '/'): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.waitForURL(/\/login\?return_to=/);
  await page.fill('#login-username', ADMIN_EMAIL);
  await page.fill('#login-password', ADMIN_PASSWORD);
  await page.click('button[type=submit]');
}
