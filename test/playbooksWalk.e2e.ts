import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { dbApi } from './support/dbApi.js';
import { kubectl, type Kubectl } from './support/kubectl.js';
import { runEnded } from './support/playbookRuns.js';
import { ADMIN_TOKEN, startVigil, type VigilProcess } from './support/server.js';

/**
 * A playbook walked as a user would (spec 001 §2 'Playbook launch', spec 002 §9), in Chromium
 * against the built Vigil: applied with kubectl, started from a Deployment's Playbooks tab through
 * the launch form (a default templated from the config, a bound refused and fixed), followed on
 * its run page to the end with its logs, then found on the run list and the playbook list.
 */
let vigil: VigilProcess;
let browser: Browser;
let page: Page;
let k: Kubectl;
const ids = { config: '', playbook: '', run: '' };

const db = dbApi(() => vigil.url);

/** Polls `fn` (errors count as "not yet") until it answers something. */
async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const CONFIG = 'checkout-api';
const TITLE = 'Scale deployment';

// `on:` is left out: kubectl's YAML would read it as `true:`.
const PLAYBOOK = `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: { name: scale-deployment, namespace: default }
spec:
  title: ${TITLE}
  category: Kubernetes
  description: Scales a Deployment and says why
  configs: [{ types: [Kubernetes::Deployment] }]
  parameters:
    - name: reason
      label: Reason
      default: more traffic on $(.config.name)
    - name: replicas
      label: Replicas
      required: true
      default: '3'
      properties: { min: 1, max: 10 }
    - name: strategy
      label: Strategy
      type: list
      default: rolling
      properties:
        options:
          - { label: Rolling update, value: rolling }
          - { label: Recreate, value: recreate }
    - name: dryRun
      label: Dry run
      type: checkbox
  actions:
    - name: scale
      exec:
        script: |
          echo "scaling {{.config.name}} to {{.params.replicas}} replicas"
          echo "reason={{.params.reason}} strategy={{.params.strategy}} dryRun={{.params.dryRun}}"
    - name: report
      exec:
        script: echo done
`;

beforeAll(async () => {
  [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  const kubeconfig = await fetch(`${vigil.url}/api/kubeconfig`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  k = kubectl(33, await kubeconfig.text());
  const applied = k.run(['apply', '-f', '-'], { input: PLAYBOOK });
  expect(applied.status, applied.stderr).toBe(0);
  ids.playbook = await until('the playbook', async () => {
    const rows = await db.get<{ id: string }[]>(
      'playbooks?name=eq.scale-deployment&deleted_at=is.null&select=id',
    );
    return rows[0]?.id;
  });
  const [config] = await db.post('config_items', {
    name: CONFIG,
    type: 'Kubernetes::Deployment',
    config_class: 'Deployment',
    tags: { namespace: 'shop' },
    config: { spec: { replicas: 1 } },
  });
  ids.config = config?.id ?? '';
  expect(ids.config).not.toBe('');

  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
});

const main = () => page.getByRole('main');

describe('a playbook, walked in a browser', () => {
  it("launches from the Deployment's Playbooks tab: a templated default, a bound, Run", async () => {
    await signIn(page, vigil.url, `/catalog/${ids.config}`);
    await page.waitForURL(`${vigil.url}/catalog/${ids.config}`);
    await main().getByRole('heading', { level: 1, name: CONFIG }).waitFor();
    await page.getByRole('tab', { name: /^Playbooks/ }).click();
    await page.waitForURL(`**/catalog/${ids.config}/playbooks`);
    await page.getByRole('grid', { name: 'Playbook runs' }).getByText('No playbook runs').waitFor();

    // The menu offers what can run against a Deployment.
    await main().getByRole('button', { name: 'Run Playbook' }).click();
    await page.getByRole('menuitem', { name: new RegExp(`^${TITLE}`) }).click();
    const form = page.getByRole('dialog', { name: 'Run Playbook' });
    await form.waitFor();
    expect(await form.getByRole('combobox', { name: 'Playbook' }).inputValue()).toBe(ids.playbook);

    // Defaults, the first one templated against the config.
    const reason = form.getByRole('textbox', { name: 'Reason' });
    await expect.poll(() => reason.inputValue()).toBe(`more traffic on ${CONFIG}`);
    const replicas = form.getByRole('textbox', { name: 'Replicas' });
    expect(await replicas.inputValue()).toBe('3');
    const strategy = form.getByRole('combobox', { name: 'Strategy' });
    expect(await strategy.inputValue()).toBe('rolling');
    const dryRun = form.getByRole('checkbox', { name: 'Dry run' });
    expect(await dryRun.isChecked()).toBe(false);
    const run = form.getByRole('button', { name: 'Run', exact: true });
    expect(await run.isEnabled()).toBe(true);

    // Out of range: said once the field is left, and Run waits for a valid form.
    await replicas.fill('11');
    await replicas.blur();
    await form.getByText('This field must be at most 10').waitFor();
    expect(await replicas.getAttribute('aria-invalid')).toBe('true');
    expect(await run.isDisabled()).toBe(true);
    await replicas.fill('0');
    await form.getByText('This field must be at least 1').waitFor();
    expect(await run.isDisabled()).toBe(true);
    await replicas.fill('4');
    await form.getByText(/This field must be/).waitFor({ state: 'detached' });
    expect(await run.isEnabled()).toBe(true);

    await strategy.selectOption({ label: 'Recreate' });
    await dryRun.check();

    // The start is held until the button was seen pending, then let through.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/playbook/run', async (route) => {
      await held;
      await route.continue();
    });
    await run.click();
    const running = form.getByRole('button', { name: 'Running...' });
    await running.waitFor();
    expect(await running.isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    release();
    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
    await page.unroute('**/api/playbook/run');
    await form.waitFor({ state: 'detached' });
    ids.run = new URL(page.url()).pathname.split('/').pop() ?? '';

    const [row] = await db.get<{ playbook_id: string; config_id: string }[]>(
      `playbook_runs?id=eq.${ids.run}&select=playbook_id,config_id`,
    );
    expect(row).toEqual({ playbook_id: ids.playbook, config_id: ids.config });
  }, 60_000);

  it('follows the run to its end: both actions, their logs and the parameters', async () => {
    const title = main().getByRole('heading', { level: 1, name: TITLE });
    await title.waitFor();
    // The run's status is the label beside its title, followed live until it ends.
    const status = title.locator('xpath=..');
    await expect.poll(() => status.textContent(), { timeout: 45_000 }).toBe(`${TITLE}completed`);
    const details = page.getByRole('term');
    await details.filter({ hasText: 'Resource' }).waitFor();
    await main().getByRole('link', { name: CONFIG, exact: true }).waitFor();

    const timeline = page.getByRole('list', { name: 'Actions' });
    const action = (name: string) => timeline.getByRole('button', { name: new RegExp(`^${name}`) });
    await expect.poll(() => timeline.getByRole('button').count()).toBe(2);
    expect(await action('scale').textContent()).toMatch(/^scalecompleted/);
    expect(await action('report').textContent()).toMatch(/^reportcompleted/);

    // The last action is shown first.
    expect(await action('report').getAttribute('aria-pressed')).toBe('true');
    const stdoutOf = (name: string) =>
      page.getByRole('region', { name: `Output of ${name}` }).getByRole('region', {
        name: 'stdout',
      });
    await expect
      .poll(async () => (await stdoutOf('report').textContent())?.trim())
      .toBe('stdoutdone');

    await action('scale').click();
    expect(await action('scale').getAttribute('aria-pressed')).toBe('true');
    const log = stdoutOf('scale').locator('pre');
    await log.waitFor();
    expect((await log.textContent())?.trim()).toBe(
      `scaling ${CONFIG} to 4 replicas\n` +
        `reason=more traffic on ${CONFIG} strategy=recreate dryRun=true`,
    );

    // The parameters it ran with, by their labels.
    const params = page.getByLabel('Parameters', { exact: true });
    const value = (label: string) =>
      params
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::*[1]')
        .textContent();
    await expect.poll(() => value('Replicas')).toBe('4');
    expect(await value('Reason')).toBe(`more traffic on ${CONFIG}`);
    expect(await value('Strategy')).toBe('recreate');
    expect(await value('Dry run')).toBe('true');

    // What the page shows is what the run recorded.
    const recorded = await runEnded(vigil.url, ids.run, 5_000);
    expect(recorded.status).toBe('completed');
    expect(recorded.actions.map((a) => [a.name, a.status])).toEqual([
      ['scale', 'completed'],
      ['report', 'completed'],
    ]);
  }, 60_000);

  it('lists the run on /playbooks/runs with its playbook and config, and on the config', async () => {
    // The crumb back to the run list.
    await main().getByRole('link', { name: 'Playbook Runs', exact: true }).click();
    await page.waitForURL(`${vigil.url}/playbooks/runs`);
    const runs = page.getByRole('grid', { name: 'Playbook runs' });
    const row = runs.getByRole('row').filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toMatch(new RegExp(`^${TITLE}${CONFIG}completed`));
    // The config's name leads to the config, where the run is listed too.
    await row.getByRole('link', { name: CONFIG }).click();
    await page.waitForURL(`**/catalog/${ids.config}`);
    await expect
      .poll(() => page.getByRole('tab', { name: /^Playbooks/ }).textContent())
      .toBe('Playbooks 1');
    await page.getByRole('tab', { name: /^Playbooks/ }).click();
    const onConfig = page.getByRole('grid', { name: 'Playbook runs' });
    await onConfig.getByRole('link', { name: TITLE }).waitFor();
    // Shown from the list read at launch, then read again every 2 s until the run has ended.
    await expect
      .poll(() => onConfig.getByRole('row').nth(1).textContent(), { timeout: 10_000 })
      .toMatch(/completed/);
    // The row leads back to the run.
    await onConfig.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(`**/playbooks/runs/${ids.run}`);
  }, 60_000);

  it('lists the playbook on /playbooks under its category, its Runs filtered to it', async () => {
    await page.goto(`${vigil.url}/playbooks`);
    const category = page.getByRole('region', { name: 'Kubernetes' });
    await category.getByRole('heading', { level: 2, name: 'Kubernetes' }).waitFor();
    const card = category.getByRole('article', { name: TITLE });
    await card.waitFor();
    expect(await card.textContent()).toContain('Scales a Deployment and says why');
    // It needs a config: no Run here, it says where it runs from.
    await card.getByText('Runs from a config').waitFor();
    expect(await card.getByRole('button', { name: 'Run' }).count()).toBe(0);
    await card.getByRole('link', { name: 'Runs' }).click();
    await page.waitForURL(/\/playbooks\/runs\?playbook=/);
    expect(new URL(page.url()).searchParams.get('playbook')).toBe(ids.playbook);
    const runs = page.getByRole('grid', { name: 'Playbook runs' });
    await runs.getByRole('row').filter({ hasText: TITLE }).waitFor();
    expect(await runs.getByRole('row').filter({ hasText: CONFIG }).count()).toBe(1);
  }, 60_000);
});
