import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp } from '../operator/src/auth/totp.js';
import { launchBrowser, signIn } from './support/browser.js';
import { startVigil, type VigilProcess } from './support/server.js';

let vigil: VigilProcess;
let browser: Browser;

beforeAll(async () => {
  [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
});

async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const PASSWORD = 'vera-password-1';
let inviteLink = '';
let secret = '';

describe('identity in the browser', () => {
  it('lets an admin invite a user and shows the invitation link', async () => {
    const page = await freshPage();
    await signIn(page, vigil.url, '/settings/users');
    await page.waitForURL(`${vigil.url}/settings/users`);
    await page.getByRole('button', { name: 'Invite User' }).click();
    await page.fill('#user-firstName', 'Vera');
    await page.fill('#user-lastName', 'Viewer');
    await page.fill('#user-email', 'vera@example.com');
    await page.selectOption('#user-role', 'viewer');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const link = page.getByRole('textbox', { name: 'Link' });
    await link.waitFor();
    inviteLink = await link.inputValue();
    expect(inviteLink).toMatch(/\/registration\?invite=/);
    await page.context().close();
  });

  it('lets the invited person set a password through the link and sign in, without Settings', async () => {
    const page = await freshPage();
    await page.goto(inviteLink);
    await page.getByRole('heading', { name: 'Create account' }).waitFor();
    await expect.poll(() => page.inputValue('#registration-email')).toBe('vera@example.com');
    await page.fill('#registration-password', PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${vigil.url}/topology`);
    await expect
      .poll(() => page.getByRole('button', { name: 'User menu' }).innerText())
      .toBe('Hi Vera Viewer');
    await page.locator('#vigil-sidebar').getByText('Dashboard').waitFor();
    expect(await page.locator('#vigil-sidebar').getByText('Settings').count()).toBe(0);
    await page.goto(`${vigil.url}/settings/users`);
    await page.getByText('You do not have permission to access this page').waitFor();
    await page.context().close();
  });

  it('enrols an authenticator app and then asks for its code at sign-in', async () => {
    const page = await freshPage();
    await page.goto(`${vigil.url}/profile-settings`);
    await page.waitForURL(/\/login/);
    await page.fill('#login-username', 'vera@example.com');
    await page.fill('#login-password', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(`${vigil.url}/profile-settings`);
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    const key = page.getByText(/^[A-Z2-7]{32}$/);
    await key.waitFor();
    secret = (await key.innerText()).trim();
    await page.fill('#totp-code', totp(secret));
    await page.getByRole('button', { name: 'Enable' }).click();
    await page
      .getByText(/^[0-9a-f]{5}-[0-9a-f]{5}$/)
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Sign out').click();
    await page.waitForURL(/\/login\?return_to=%2Fprofile-settings/);
    await page.fill('#login-username', 'vera@example.com');
    await page.fill('#login-password', PASSWORD);
    await page.click('button[type=submit]');
    await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
    await page.fill('#login-code', '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByText('The provided authentication code is invalid, please try again.')
      .waitFor();
    await page.fill('#login-code', totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${vigil.url}/profile-settings`);
    await page.context().close();
  });
});
