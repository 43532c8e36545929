import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { dbApi, poll } from './support/dbApi.js';
import { startVigil, type VigilProcess } from './support/server.js';

/**
 * Settings walked in a browser against the built Vigil (docs/settings.md; spec 001 "Team
 * members panel", "Settings resources (generic)", "Job History page", §8): the settings landing
 * page, a team made in the console with a notification channel, two members added and one
 * removed (each with its toast), and a scrape that really fails, whose run opens "Details for
 * job ConfigScraper" on its Errors tab from /settings/jobs.
 */
let vigil: VigilProcess;
let browser: Browser;
let page: Page;
let scraperId = '';
let teamId = '';

const db = dbApi(() => vigil.url);
const TEAM = 'Night Shift';
const people = [
  { name: 'Ada Lovelace', email: 'ada@e2e.vigil.local' },
  { name: 'Grace Hopper', email: 'grace@e2e.vigil.local' },
  { name: 'Linus Torvalds', email: 'linus@e2e.vigil.local' },
];
const ids: Record<string, string> = {};
/** Not a git repository: the file scraper refuses it without going to the network. */
const NOT_GIT = 'https://example.invalid/manifests';

beforeAll(async () => {
  [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  for (const person of people) {
    ids[person.name] = (await db.post('people', person))[0]?.id ?? '';
  }
  // A new scraper scrapes at once (within the engine's poll), and this one fails.
  scraperId =
    (
      await db.post('config_scrapers', {
        name: 'broken-manifests',
        spec: { schedule: '@never', file: [{ url: NOT_GIT, paths: ['*.yaml'] }] },
        source: 'UI',
      })
    )[0]?.id ?? '';
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
});

const toast = (text: string) => page.getByText(text).first().waitFor();
const teamRows = async () =>
  db.get<{ id: string; name: string; spec: Record<string, unknown> | null }[]>(
    `teams?name=eq.${encodeURIComponent(TEAM)}&deleted_at=is.null&select=id,name,spec`,
  );
const memberIds = async (teamId: string) =>
  (await db.get<{ person_id: string }[]>(`team_members?team_id=eq.${teamId}&select=person_id`))
    .map((m) => m.person_id)
    .sort();

describe('settings: teams and jobs, walked in a browser', () => {
  it('lists the settings pages at /settings', async () => {
    await signIn(page, vigil.url, '/settings');
    await page.waitForURL(`${vigil.url}/settings`);
    const pages = page.getByRole('list', { name: 'Settings' });
    await pages.getByRole('link', { name: 'Teams' }).waitFor();
    await pages.getByRole('link', { name: 'Jobs History' }).waitFor();
    await pages.getByRole('link', { name: 'Teams' }).click();
    await page.waitForURL(`${vigil.url}/settings/teams`);
    await page.getByText('No resources found').waitFor();
  });

  it('creates a team, then saves where its notifications go', async () => {
    await page.getByRole('button', { name: 'Add Team' }).click();
    await page.waitForURL('**/settings/teams/new');
    await page.locator('#team-name').fill(TEAM);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(`${TEAM} created successfully`);
    await page.waitForURL(`${vigil.url}/settings/teams`);

    const list = page.getByRole('grid', { name: 'Teams' });
    await list.getByRole('row', { name: new RegExp(`^${TEAM}`) }).click();
    const [team] = await teamRows();
    teamId = team?.id ?? '';
    expect(teamId).not.toBe('');
    await page.waitForURL(`**/settings/teams/${teamId}`);
    expect(await page.locator('#team-name').getAttribute('readonly')).not.toBeNull();

    await page.getByRole('button', { name: 'Add notification' }).click();
    await page.getByRole('combobox', { name: 'Notification 1 kind' }).selectOption('url');
    await page.getByRole('textbox', { name: 'URL' }).fill('generic+http://127.0.0.1:9/hook');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await toast(`${TEAM} updated successfully`);
    await page.waitForURL(`${vigil.url}/settings/teams`);
    const [saved] = await teamRows();
    expect(saved?.spec).toEqual({ notifications: [{ url: 'generic+http://127.0.0.1:9/hook' }] });
  });

  it('adds two members and removes one, with a toast for each', async () => {
    await page.goto(`${vigil.url}/settings/teams/${teamId}`);
    await page.getByRole('tab', { name: 'Members' }).click();
    const members = page.getByRole('grid', { name: 'Team members' });
    await members.getByText("You haven't added any team members to the team yet.").waitFor();

    await page.getByRole('button', { name: 'Add Members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add users to the team' });
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByRole('menuitem', { name: /Ada Lovelace/ }).click();
    await dialog.getByRole('menuitem', { name: /Grace Hopper/ }).click();
    await add.click();
    await toast('Ada Lovelace, Grace Hopper added to the team successfully');
    await dialog.waitFor({ state: 'detached' });
    await members.getByRole('row', { name: /Grace Hopper/ }).waitFor();
    await members.getByRole('row', { name: /Ada Lovelace/ }).waitFor();
    expect(await memberIds(teamId)).toEqual([ids['Ada Lovelace'], ids['Grace Hopper']].sort());

    await members.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Remove user' }).click();
    await toast('Grace Hopper removed from team successfully');
    await members.getByRole('row', { name: /Grace Hopper/ }).waitFor({ state: 'detached' });
    expect(await memberIds(teamId)).toEqual([ids['Ada Lovelace']]);
    // The team's own Job History tab is there, with no runs.
    await page.getByRole('tab', { name: 'Job History' }).click();
    await page.getByRole('grid', { name: 'Job History' }).getByText('No data available').waitFor();
  });

  it('opens a failed scrape from /settings/jobs on its Errors tab', async () => {
    const runs = await poll(
      () =>
        db.get<{ status: string; details: { errors?: string[] } }[]>(
          `job_history?resource_id=eq.${scraperId}&select=status,details`,
        ),
      (rows) => rows.length > 0,
      30_000,
    );
    expect(runs[0]?.status).toBe('FAILED');
    const error = runs[0]?.details.errors?.[0] ?? '';
    expect(error).toContain('only git repositories are read by url');

    await page.goto(`${vigil.url}/settings/jobs`);
    const jobs = page.getByRole('grid', { name: 'Job History' });
    const row = jobs.getByRole('row').filter({ hasText: 'broken-manifests' });
    await row.waitFor();
    expect(await row.locator('td[data-label="Status"]').textContent()).toBe('FAILED');
    expect(await row.locator('td[data-label="Job Name"]').textContent()).toBe('ConfigScraper');
    await row.locator('td[data-label="Error Count"]').click();

    const dialog = page.getByRole('dialog', { name: 'Details for job ConfigScraper' });
    await dialog.waitFor();
    expect(await dialog.getByRole('tab', { name: 'Errors' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const errors = dialog.getByRole('grid', { name: 'Errors' });
    await errors.getByRole('columnheader', { name: 'Error' }).waitFor();
    await errors.getByText(error).waitFor();
    // Nothing was scraped: no Scrape Summary tab (spec 001: a tab only when it has data).
    expect(await dialog.getByRole('tab', { name: 'Scrape Summary' }).count()).toBe(0);

    // SUCCESS is excluded by default: the filter says so, and is in the URL once changed.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Status', expanded: false }).click();
    await page.getByRole('option', { name: /FAILED/ }).click();
    await page.waitForURL(/status=SUCCESS%3A-1%2CFAILED%3A1|status=FAILED%3A1%2CSUCCESS%3A-1/);
    await row.waitFor();
  });
});
