import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlBinary } from './support/kubectl.js';
import {
  startSlackReceiver,
  startSmtpReceiver,
  type SlackReceiver,
  type SmtpReceiver,
} from './support/receivers.js';
import { ADMIN_TOKEN, startVigil, type VigilProcess } from './support/server.js';

/**
 * Notification rules applied with kubectl, heard by the built Vigil from a real canary whose
 * http check is made to fail and pass against a loopback target: mails reach a loopback SMTP
 * server (VIGIL_SMTP_URL) and Slack messages a loopback Slack-compatible endpoint
 * (VIGIL_NOTIFY_ENDPOINTS). Every test has its own canary, check and rules (each rule's filter
 * names its check), so they never hear each other.
 */
let vigil: VigilProcess;
/**
 * This file's own scratch dir (the data dir, kubectl's HOME and kubeconfig), named apart from
 * vigil-e2e-* and vigil-kubectl-*: the e2e global teardown of another run on a shared machine
 * removes those it did not make while this file runs.
 */
let scratch = '';
let smtp: SmtpReceiver;
let slack: SlackReceiver;
let target: http.Server;
let targetUrl = '';
/** The status each check's target path answers; 200 unless a test flips it. */
const answers = new Map<string, number>();

interface History {
  id: string;
  status: string;
  reason: string | null;
  error: string | null;
  recipient: string | null;
  silenced_by: string | null;
  count: number;
  body: string | null;
  source_event: string;
  resource_id: string;
  notification_id: string;
  parent_id: string | null;
  created_at: string;
}

interface Check {
  id: string;
  canary_id: string;
  status: string | null;
}

async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${vigil.url}${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${ADMIN_TOKEN}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
      ...init.headers,
    },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Calls `fn` until it answers something other than undefined; fails naming `what` after `ms`. */
async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? `: ${last}` : ''}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Passes when `fn` stays true for `ms` (to show that something does not happen). */
async function stays(what: string, fn: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    expect(fn(), what).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(fn(), what).toBe(true);
}

/** kubectl 1.33 with this file's kubeconfig and HOME. */
function kubectl(args: string[], input?: string) {
  const home = path.join(scratch, 'home');
  return spawnSync(kubectlBinary(33), args, {
    env: { ...process.env, HOME: home, KUBECONFIG: path.join(home, 'kubeconfig') },
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

function apply(yaml: string): void {
  const r = kubectl(['apply', '-f', '-'], yaml);
  expect(r.status, r.stderr).toBe(0);
}

/** A canary with one http check named `name`, run every second against the target's /name. */
const canary = (name: string) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: { name: ${name}, namespace: default }
spec:
  schedule: '@every 1s'
  http:
    - name: ${name}
      url: ${targetUrl}/${name}
`;

/** A rule on check.failed for one check; `spec` is more spec lines, indented by two. */
const rule = (name: string, check: string, spec: string) => `---
apiVersion: mission-control.flanksource.com/v1
kind: NotificationRule
metadata: { name: ${name}, namespace: default }
spec:
  events: [check.failed]
  filter: check.name == '${check}'
${spec}`;

const ruleId = (name: string) =>
  until(`rule ${name}`, async () => {
    const rows = await json<{ id: string }[]>(
      `/api/db/notifications?name=eq.${name}&deleted_at=is.null&select=id`,
    );
    return rows[0]?.id;
  });

const checkRow = async (name: string) =>
  (
    await json<Check[]>(
      `/api/db/checks?name=eq.${name}&deleted_at=is.null&select=id,canary_id,status`,
    )
  )[0];

/** Waits for the check to report `status` (its runs are a second apart). */
const checkIs = (name: string, status: 'healthy' | 'unhealthy') =>
  until(`check ${name} to be ${status}`, async () => {
    const c = await checkRow(name);
    return c?.status === status ? c : undefined;
  });

/** Makes the check's target answer `code` and waits until the check has seen it. */
async function flip(name: string, code: number): Promise<Check> {
  answers.set(name, code);
  return checkIs(name, code < 400 ? 'healthy' : 'unhealthy');
}

const history = (notificationId: string) =>
  json<History[]>(
    `/api/db/notification_send_history_summary?notification_id=eq.${notificationId}&order=created_at.asc`,
  );

/** The rule's history once `ok` holds for it. */
const historyWhen = (
  what: string,
  notificationId: string,
  ok: (rows: History[]) => boolean,
  ms = 20_000,
) =>
  until(
    what,
    async () => {
      const rows = await history(notificationId);
      return ok(rows) ? rows : undefined;
    },
    ms,
  ).catch(async (error: Error) => {
    throw new Error(
      `${error.message}\nhistory: ${JSON.stringify(await history(notificationId), null, 1)}`,
    );
  });

const statuses = (rows: History[]) => rows.map((r) => r.status);

/** Removes a test's canary so its checks stop running (the machine is shared). */
function cleanUp(...canaries: string[]): void {
  for (const c of canaries) kubectl(['delete', 'canary', c, '--ignore-not-found']);
}

beforeAll(async () => {
  target = http.createServer((req, res) => {
    const code = answers.get((req.url ?? '/').slice(1)) ?? 200;
    res.writeHead(code, { 'Content-Type': 'text/plain' }).end(code < 400 ? 'ok' : 'broken');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  [smtp, slack] = await Promise.all([startSmtpReceiver(), startSlackReceiver()]);
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'notifications-e2e-'));
  const dataDir = path.join(scratch, 'data');
  fs.mkdirSync(path.join(scratch, 'home'));
  fs.mkdirSync(dataDir);
  // The embedded database runs as the postgres user when we are root.
  for (const dir of [scratch, dataDir]) fs.chmodSync(dir, 0o755);
  vigil = await startVigil({
    dataDir,
    env: {
      VIGIL_HEALTH_CHECKS: 'on',
      VIGIL_SMTP_URL: `smtp://127.0.0.1:${smtp.port}/?from=vigil@example.com`,
      VIGIL_NOTIFY_ENDPOINTS: JSON.stringify({ slack: slack.url }),
    },
  });
  const config = await fetch(`${vigil.url}/api/kubeconfig`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  fs.writeFileSync(path.join(scratch, 'home', 'kubeconfig'), await config.text(), { mode: 0o600 });
}, 120_000);

afterAll(async () => {
  await vigil?.stop();
  await smtp?.close();
  await slack?.close();
  target?.closeAllConnections();
  await new Promise<void>((r) => (target ? target.close(() => r()) : r()));
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe('notifications of a failing check', () => {
  it('mails the address once and posts to Slack, and history says sent to whom', async () => {
    const check = 'notify-first';
    apply(
      rule('first-mail', check, `  to:\n    email: oncall@example.com\n`) +
        rule('first-slack', check, `  to:\n    url: slack://hook:T01-B01-first@webhook\n`),
    );
    const [mailRule, slackRule] = await Promise.all([ruleId('first-mail'), ruleId('first-slack')]);
    apply(canary(check));
    await checkIs(check, 'healthy');

    const failing = await flip(check, 500);
    const mailRows = await historyWhen('the mail to be sent', mailRule, (r) =>
      r.some((x) => x.status === 'sent'),
    );
    const slackRows = await historyWhen('the Slack message to be sent', slackRule, (r) =>
      r.some((x) => x.status === 'sent'),
    );
    for (const rows of [mailRows, slackRows]) {
      expect(statuses(rows)).toEqual(['sent']);
      expect(rows[0]).toMatchObject({
        source_event: 'check.failed',
        resource_id: failing.id,
        error: null,
      });
    }
    expect(mailRows[0]?.recipient).toBe('email to oncall@example.com');
    expect(slackRows[0]?.recipient).toBe('Slack incoming webhook');

    // The mail: from the system SMTP's sender, the default title and body with links back.
    const mail = await until('the mail', async () => smtp.to('oncall@example.com')[0]);
    expect(mail.from).toBe('vigil@example.com');
    expect(mail.subject).toBe(`Check ${check} is unhealthy`);
    expect(mail.text).toContain(`/health?checkId=${failing.id}`);
    expect(mail.text).toContain(`/notifications/silences/add?check_id=${failing.id}`);

    // The Slack message: an incoming webhook's JSON, a header with the title and mrkdwn links.
    const message = await until('the Slack message', async () => slack.to('T01/B01/first')[0]);
    expect(slack.problems).toEqual([]);
    expect(message.headers['content-type']).toMatch(/^application\/json/);
    expect(message.body.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: `Check ${check} is unhealthy`, emoji: true },
    });
    const section = message.body.blocks
      .filter((b) => b.type === 'section')
      .map((b) => b.text.text)
      .join('\n');
    expect(section).toContain(`*${check}* (http)`);
    expect(section).toMatch(/<http:\/\/[^|>]+\/health\?checkId=[^|>]+\|Open in Vigil>/);
    expect(section).toContain(`/notifications/silences/add?check_id=${failing.id}|Silence>`);
    expect(message.body.text).toContain(`Check ${check} is unhealthy`);

    // The check keeps failing every second; it failed once, so it is told once.
    await stays(
      'one mail and one Slack message while the check keeps failing',
      () => smtp.to('oncall@example.com').length === 1 && slack.to('T01/B01/first').length === 1,
      3000,
    );
    expect(statuses(await history(mailRule))).toEqual(['sent']);
    cleanUp(check);
  }, 60_000);

  it('holds a repeat within repeatInterval and sends it after', async () => {
    const check = 'notify-repeat';
    const hook = 'T02/B02/repeat';
    apply(
      rule(
        'repeat-slack',
        check,
        `  repeatInterval: 6s\n  to:\n    url: slack://hook:T02-B02-repeat@webhook\n`,
      ),
    );
    const id = await ruleId('repeat-slack');
    apply(canary(check));
    await checkIs(check, 'healthy');

    await flip(check, 500);
    const [sent] = await historyWhen('the first message', id, (r) =>
      r.some((x) => x.status === 'sent'),
    );
    await until('the first message', async () => slack.to(hook)[0]);

    // Fails again inside the 6 s: held, not sent.
    await flip(check, 200);
    await flip(check, 500);
    const held = await historyWhen('the repeat to be held', id, (r) =>
      r.some((x) => x.status === 'repeat-interval'),
    );
    const repeat = held.find((r) => r.status === 'repeat-interval');
    expect(Date.parse(repeat?.created_at ?? '') - Date.parse(sent?.created_at ?? '')).toBeLessThan(
      6000,
    );
    expect(repeat?.reason).toMatch(/already sent at .*; repeats are held for 6s/);
    expect(statuses(held)).toEqual(['sent', 'repeat-interval']);
    await stays(
      'no second message inside the repeat interval',
      () => slack.to(hook).length === 1,
      1000,
    );

    // Healthy until the interval has passed (bounded: what is tested is time), then fails again.
    await flip(check, 200);
    const wait = Date.parse(sent?.created_at ?? '') + 6500 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, Math.min(wait, 7000)));
    await flip(check, 500);
    const after = await historyWhen(
      'the second message',
      id,
      (r) => r.filter((x) => x.status === 'sent').length === 2,
    );
    expect(statuses(after)).toEqual(['sent', 'repeat-interval', 'sent']);
    await until('the second message', async () => (slack.to(hook).length === 2 ? true : undefined));
    expect(slack.problems).toEqual([]);
    cleanUp(check);
  }, 60_000);

  it('is silenced by a recursive silence on the parent component of the check', async () => {
    const check = 'notify-silenced';
    const hook = 'T03/B03/silenced';
    apply(rule('silenced-slack', check, `  to:\n    url: slack://hook:T03-B03-silenced@webhook\n`));
    const id = await ruleId('silenced-slack');
    apply(canary(check));
    const healthy = await checkIs(check, 'healthy');

    // A service with a child component the check belongs to.
    const [parent] = await json<{ id: string }[]>('/api/db/components', {
      method: 'POST',
      body: JSON.stringify({
        name: 'payments',
        external_id: 'payments',
        type: 'Service',
        status: 'healthy',
      }),
    });
    const [child] = await json<{ id: string }[]>('/api/db/components', {
      method: 'POST',
      body: JSON.stringify({
        name: 'payments-api',
        external_id: 'payments/api',
        type: 'API',
        status: 'healthy',
        parent_id: parent?.id,
      }),
    });
    await json('/api/db/check_component_relationships', {
      method: 'POST',
      body: JSON.stringify({
        component_id: child?.id,
        check_id: healthy.id,
        canary_id: healthy.canary_id,
      }),
    });
    const silence = await fetch(`${vigil.url}/api/notification/silence`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        component_id: parent?.id,
        from: 'now',
        until: 'now+1h',
        description: 'payments maintenance',
        recursive: true,
      }),
    });
    expect(silence.status, await silence.clone().text()).toBe(200);
    const [silenceRow] = await json<{ id: string; recursive: boolean }[]>(
      `/api/db/notification_silences?component_id=eq.${parent?.id}&select=id,recursive`,
    );
    expect(silenceRow?.recursive).toBe(true);

    await flip(check, 500);
    const rows = await historyWhen('the silenced decision', id, (r) => r.length > 0);
    expect(statuses(rows)).toEqual(['silenced']);
    expect(rows[0]).toMatchObject({
      silenced_by: silenceRow?.id,
      resource_id: healthy.id,
      source_event: 'check.failed',
    });
    expect(rows[0]?.reason).toMatch(/^silenced \(payments maintenance\) until /);
    await stays('nothing sent while silenced', () => slack.to(hook).length === 0, 2000);
    expect(statuses(await history(id))).toEqual(['silenced']);
    cleanUp(check);
  }, 60_000);

  it('waitFor skips a failure that recovered while it waited', async () => {
    const check = 'notify-flap';
    const hook = 'T04/B04/flap';
    apply(
      rule(
        'flap-slack',
        check,
        `  waitFor: 3s\n  to:\n    url: slack://hook:T04-B04-flap@webhook\n`,
      ),
    );
    const id = await ruleId('flap-slack');
    apply(canary(check));
    await checkIs(check, 'healthy');

    // Fails, and passes again within the 3 s the rule waits.
    const failed = await flip(check, 500);
    await flip(check, 200);
    const rows = await historyWhen('the flap to be skipped', id, (r) =>
      r.some((x) => x.status === 'skipped'),
    );
    expect(statuses(rows)).toEqual(['skipped']);
    expect(rows[0]?.resource_id).toBe(failed.id);
    expect(rows[0]?.reason).toBe(
      `check ${check} is healthy now, not unhealthy: not sent after waiting`,
    );
    await stays('nothing sent for the flap', () => slack.to(hook).length === 0, 1000);
    cleanUp(check);
  }, 60_000);

  it('retries a receiver that was down: error, then sent after about 5 s', async () => {
    const check = 'notify-retry';
    const hook = 'T05/B05/retry';
    apply(rule('retry-slack', check, `  to:\n    url: slack://hook:T05-B05-retry@webhook\n`));
    const id = await ruleId('retry-slack');
    apply(canary(check));
    await checkIs(check, 'healthy');

    await slack.down();
    try {
      await flip(check, 500);
      const failed = await historyWhen('the failed attempt', id, (r) =>
        r.some((x) => x.status === 'error'),
      );
      const attempt = failed.find((r) => r.status === 'error') as History;
      expect(attempt.error).toMatch(/^Slack at http:\/\/127\.0\.0\.1:\d+ could not be reached/);
      expect(attempt.recipient).toBe('Slack incoming webhook');
      const retry = failed.find((r) => r.parent_id === attempt.id);
      expect(retry?.status).toBe('pending');
      expect(retry?.reason).toMatch(/^retry 2 after: Slack at /);
    } finally {
      await slack.up();
    }
    const rows = await historyWhen('the retry to be sent', id, (r) =>
      r.some((x) => x.status === 'sent'),
    );
    expect(statuses(rows)).toEqual(['error', 'sent']);
    const [attempt, sent] = rows as [History, History];
    expect(sent.parent_id).toBe(attempt.id);
    expect(sent.recipient).toBe('Slack incoming webhook');
    const message = await until('the retried message', async () => slack.to(hook)[0]);
    // The first attempt was right after the decision; the retry came 5 s after it, not before.
    expect(message.at - Date.parse(attempt.created_at)).toBeGreaterThanOrEqual(4500);
    expect(message.body.blocks[0]?.text.text).toBe(`Check ${check} is unhealthy`);
    expect(slack.problems).toEqual([]);
    cleanUp(check);
  }, 60_000);
});
