import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser.js';
import { dbApi, poll } from './support/dbApi.js';
import { ADMIN_TOKEN, startVigil, type VigilProcess } from './support/server.js';

/**
 * An incident walked through in a real browser against the real server: create it, mention a
 * user in a comment, add a contributing factor with evidence, a person responder and an email responder (mailed
 * through the team's SMTP connection to a receiver on loopback), move it to mitigated through the
 * definition-of-done dialog (the evidence joining the definition of done), close and reopen it — and the Changelog and the stored rows show each
 * step.
 */
let vigil: VigilProcess;
let browser: Browser;
let page: Page;
let incidentId = '';

const api = dbApi(() => vigil.url);
const db = api.get;

/** The mails the fake SMTP server received: envelope recipients and the raw message. */
const mails: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      mails.push({
        to: session.envelope.rcptTo.map((a) => a.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  // An on-call team whose email responders go out through an SMTP connection on loopback.
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  await api.post('connections', {
    name: 'mailer',
    namespace: 'default',
    type: 'email',
    url: `smtp://127.0.0.1:${smtpPort}`,
  });
  const whoami = await fetch(`${vigil.url}/api/auth/whoami`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  const me = ((await whoami.json()) as { payload: { user: { id: string } } }).payload.user;
  await api.post('teams', {
    name: 'On-call',
    created_by: me.id,
    spec: {
      responder_clients: {
        email: {
          connection: 'connection://default/mailer',
          defaults: {
            subject: '[{{ .incident.incident_id }}] {{ .incident.title }}',
            body: '{{ .incident.description }}',
          },
        },
      },
    },
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
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
    await expect.poll(() => box.inputValue()).toMatch(/^Paging @Admin\s$/);
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

    // Evidence for the factor, through the three-step wizard.
    await page.getByRole('button', { name: 'Add evidence to Connection pool exhausted' }).click();
    const evidenceWizard = page.getByRole('dialog', { name: 'Add evidence' });
    await evidenceWizard.getByRole('button', { name: 'Next' }).click();
    await evidenceWizard.locator('#evidence-description').fill('Pool at 100/100');
    await evidenceWizard.locator('#evidence-comment').fill('db pool saturated since 09:58');
    await evidenceWizard.getByRole('button', { name: 'Next' }).click();
    await evidenceWizard.getByText('db pool saturated since 09:58').waitFor();
    await evidenceWizard.getByRole('button', { name: 'Add', exact: true }).click();
    await evidenceWizard.waitFor({ state: 'hidden' });
    const evidence = await poll(
      () =>
        db<{ description: string; hypothesis: { title: string } }[]>(
          `evidences?select=description,hypothesis:hypotheses!inner(title,incident_id)&hypothesis.incident_id=eq.${incidentId}`,
        ),
      (e) => e.length > 0,
    );
    expect(evidence[0]).toMatchObject({
      description: 'Pool at 100/100',
      hypothesis: { title: 'Connection pool exhausted' },
    });
    await page.getByText('Pool at 100/100').first().waitFor();

    await page.getByRole('button', { name: 'Add Responders' }).click();
    const wizard = page.getByRole('dialog');
    await wizard.getByText('Select Responder').waitFor();
    await page.selectOption('#responder-person', { label: 'Admin' });
    await wizard.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Responder added successfully').first().waitFor();
    const responders = await poll(
      () =>
        db<{ person_id: string | null }[]>(
          `responders?incident_id=eq.${incidentId}&select=person_id`,
        ),
      (r) => r.length > 0,
    );
    expect(responders[0]?.person_id).toBeTruthy();
  });

  it('adds an email responder through the team wizard and the mail arrives', async () => {
    await page.getByRole('button', { name: 'Add Responders' }).click();
    const wizard = page.getByRole('dialog');
    await wizard.getByText('Select Responder').waitFor();
    await page.selectOption('#responder-team', { label: 'On-call' });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Select Responder Type').waitFor();
    await wizard.getByLabel('Email').check();
    await wizard.getByRole('button', { name: 'Save' }).click();
    await wizard.getByText('Email Details').waitFor();
    // The team's defaults arrive templated with this incident; To is left to the user.
    const subject = wizard.getByLabel('Subject');
    await expect.poll(() => subject.inputValue()).toMatch(/^\[INC-\d+\] Checkout latency high$/);
    await wizard.getByRole('button', { name: 'Save' }).click();
    await wizard.getByText('Please provide valid value').first().waitFor();
    await wizard.locator('#responder-to').fill('oncall@example.com');
    await wizard.getByRole('button', { name: 'Save' }).click();
    await wizard.waitFor({ state: 'hidden' });

    const delivered = await poll(
      () =>
        db<{ external_id: string | null; delivered_at: string | null; error: string | null }[]>(
          `responders?incident_id=eq.${incidentId}&type=eq.system&select=external_id,delivered_at,error`,
        ),
      (r) => Boolean(r[0]?.delivered_at || r[0]?.error),
      30_000,
    );
    expect(delivered[0]?.error ?? null).toBeNull();
    expect(delivered[0]?.external_id).toMatch(/^<.+>$/);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual(['oncall@example.com']);
    expect(mails[0]?.raw).toMatch(/^Subject: \[INC-\d+\] Checkout latency high$/m);
    // The Responders panel lists the team's email responder beside the person.
    await page.getByText('On-call').first().waitFor();
  });

  it('moves to mitigated through the definition-of-done dialog, closes and reopens', async () => {
    await page.getByLabel('Status').first().selectOption('mitigated');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Add contributing factors to definition of done').waitFor();
    // The factor's evidence becomes part of the definition of done.
    await dialog.getByLabel('Pool at 100/100').check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const dod = await poll(
      () =>
        db<{ definition_of_done: boolean }[]>(
          `evidences?select=definition_of_done&description=eq.Pool at 100%2F100`,
        ),
      (e) => e[0]?.definition_of_done === true,
    );
    expect(dod[0]?.definition_of_done).toBe(true);
    await page.getByText('Incident status updated successfully').first().waitFor();
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
      'evidence.created',
      'evidence.done_definition_added',
      'incident.status_updated',
    ]) {
      expect(types, kind).toContain(kind);
    }
    expect(types.filter((t) => t === 'incident.status_updated').length).toBeGreaterThanOrEqual(3);
    expect(types.filter((t) => t === 'responder.created')).toHaveLength(2);
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

  it('says so for an incident that does not exist', async () => {
    await page.goto(`${vigil.url}/incidents/00000000-0000-4000-8000-000000000001`);
    await page.getByText('Incident not found').first().waitFor();
  });
});
