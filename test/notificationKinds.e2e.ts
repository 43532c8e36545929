import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbApi, poll } from './support/dbApi.js';
import { kubectl, type Kubectl } from './support/kubectl.js';
import { ADMIN_TOKEN, startVigil, type VigilProcess } from './support/server.js';

/**
 * A notification rule is two real kinds (ADR 0005): NotificationRule, Vigil's name, and
 * Notification, upstream's. Each applies with kubectl 1.29–1.33, lists under its own name and
 * becomes a rule in /api/db/notifications.
 */

let vigil: VigilProcess;
let config: string;
const db = dbApi(() => vigil.url);
const GROUP = 'mission-control.flanksource.com';

const rule = (kind: 'NotificationRule' | 'Notification', name: string, to: string) => `---
apiVersion: ${GROUP}/v1
kind: ${kind}
metadata:
  name: ${name}
  namespace: default
spec:
  events:
    - check.failed
  filter: check.type == 'http'
  title: '{{.check.name}} failed'
  waitFor: 2m
  to:
${to}
`;

interface Row {
  id: string;
  name: string;
  events: string[];
  wait_for: number;
  custom_services: unknown;
  playbook_id: string | null;
}
const rows = (names: string[]) =>
  db.get<Row[]>(
    `notifications?select=id,name,events,wait_for,custom_services,playbook_id&deleted_at=is.null&name=in.(${names.join(',')})&order=name`,
  );

/** The Ready condition's status, reason and message, as kubectl reads it. */
const ready = (k: Kubectl, resource: string) => {
  const r = k.run([
    'get',
    resource,
    '-o',
    'jsonpath={range .status.conditions[?(@.type=="Ready")]}{.status}|{.reason}|{.message}{end}',
  ]);
  const [status = '', reason = '', message = ''] = r.stdout.split('|');
  return { status, reason, message };
};

const readyWhen = (k: Kubectl, resource: string, want: (s: string) => boolean) =>
  poll(
    () => Promise.resolve(ready(k, resource)),
    (c) => want(c.status),
    20_000,
  );

beforeAll(async () => {
  vigil = await startVigil();
  const res = await fetch(`${vigil.url}/api/kubeconfig`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(res.status).toBe(200);
  config = await res.text();
});
afterAll(async () => {
  await vigil?.stop();
  if (vigil) fs.rmSync(vigil.dataDir, { recursive: true, force: true });
});

describe.each([29, 30, 31, 32, 33])('kubectl 1.%i', (minor) => {
  let k: Kubectl;
  const byRule = `rule-${minor}`;
  const byNotification = `notification-${minor}`;
  const apply = (content: string) => {
    const file = path.join(k.home, 'rules.yaml');
    fs.writeFileSync(file, content);
    return k.run(['apply', '-f', file]);
  };
  const manifest = () =>
    rule('NotificationRule', byRule, '    email: oncall@example.com') +
    rule('Notification', byNotification, '    url: slack://token@channel');

  beforeAll(() => {
    k = kubectl(minor, config);
  });
  afterAll(() => fs.rmSync(k.home, { recursive: true, force: true }));

  it('discovers both kinds, each with its own names', () => {
    const r = k.run(['api-resources', `--api-group=${GROUP}`]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(
      /^notificationrules\s+nr\s+mission-control\.flanksource\.com\/v1\s+true\s+NotificationRule$/m,
    );
    expect(r.stdout).toMatch(
      /^notifications\s+notif\s+mission-control\.flanksource\.com\/v1\s+true\s+Notification$/m,
    );
  });

  it('applies a manifest of each kind', () => {
    const r = apply(manifest());
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n').sort()).toEqual([
      `notification.${GROUP}/${byNotification} created`,
      `notificationrule.${GROUP}/${byRule} created`,
    ]);
    expect(apply(manifest()).stdout.trim().split('\n').sort()).toEqual([
      `notification.${GROUP}/${byNotification} unchanged`,
      `notificationrule.${GROUP}/${byRule} unchanged`,
    ]);
  });

  it('lists each under its own name only', () => {
    for (const resource of ['notificationrules', 'nr']) {
      const r = k.run(['get', resource]);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(new RegExp(`^${byRule}\\s`, 'm'));
      expect(r.stdout).not.toContain(byNotification);
    }
    for (const resource of ['notifications', 'notif']) {
      const r = k.run(['get', resource]);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(new RegExp(`^${byNotification}\\s`, 'm'));
      expect(r.stdout).not.toContain(byRule);
    }
    const yaml = k.run(['get', 'notificationrule', byRule, '-o', 'yaml']).stdout;
    expect(yaml).toContain('kind: NotificationRule');
    expect(k.run(['get', 'notification', byNotification, '-o', 'yaml']).stdout).toContain(
      'kind: Notification\n',
    );
  });

  it('makes both rules, Ready', async () => {
    expect((await readyWhen(k, `notificationrule/${byRule}`, (s) => s !== '')).status).toBe('True');
    expect((await readyWhen(k, `notification/${byNotification}`, (s) => s !== '')).status).toBe(
      'True',
    );
    const found = await poll(
      () => rows([byNotification, byRule]),
      (r) => r.length === 2,
    );
    const uid = (resource: string) =>
      k.run(['get', resource, '-o', 'jsonpath={.metadata.uid}']).stdout;
    expect(found).toEqual([
      {
        id: uid(`notification/${byNotification}`),
        name: byNotification,
        events: ['check.failed'],
        wait_for: 120,
        custom_services: [{ name: 'to', url: 'slack://token@channel' }],
        playbook_id: null,
      },
      {
        id: uid(`notificationrule/${byRule}`),
        name: byRule,
        events: ['check.failed'],
        wait_for: 120,
        custom_services: [{ name: 'to', email: 'oncall@example.com' }],
        playbook_id: null,
      },
    ]);
  });

  it('deletes one kind without touching the other', async () => {
    expect(k.run(['delete', 'notificationrule', byRule]).stdout.trim()).toBe(
      `notificationrule.${GROUP} "${byRule}" deleted`,
    );
    const left = await poll(
      () => rows([byNotification, byRule]),
      (r) => r.length === 1,
    );
    expect(left.map((r) => r.name)).toEqual([byNotification]);
    expect(k.run(['get', 'notification', byNotification]).status).toBe(0);
  });
});

describe('Ready=False for what a rule cannot use', () => {
  let k: Kubectl;
  const apply = (content: string) => {
    const file = path.join(k.home, 'rule.yaml');
    fs.writeFileSync(file, content);
    return k.run(['apply', '-f', file]);
  };

  beforeAll(() => {
    k = kubectl(33, config);
  });
  afterAll(() => fs.rmSync(k.home, { recursive: true, force: true }));

  it('names a playbook that does not exist', async () => {
    expect(
      apply(rule('NotificationRule', 'runs-missing', '    playbook: default/nope')).status,
    ).toBe(0);
    const c = await readyWhen(k, 'notificationrule/runs-missing', (s) => s !== '');
    expect(c).toEqual({
      status: 'False',
      reason: 'RecipientNotFound',
      message: 'no playbook "default/nope"',
    });
    const wide = k.run(['get', 'nr', 'runs-missing', '-o', 'wide']).stdout;
    expect(wide).toMatch(/runs-missing\s+.*False\s+RecipientNotFound/);
  });

  it('tells the second of two same-named rules which kind holds the name', async () => {
    expect(apply(rule('NotificationRule', 'shared', '    email: a@example.com')).status).toBe(0);
    expect((await readyWhen(k, 'notificationrule/shared', (s) => s !== '')).status).toBe('True');
    expect(apply(rule('Notification', 'shared', '    email: b@example.com')).status).toBe(0);
    const c = await readyWhen(k, 'notification/shared', (s) => s !== '');
    expect(c.status).toBe('False');
    expect(c.reason).toBe('NameConflict');
    expect(c.message).toContain('a NotificationRule named "shared" in namespace "default"');
    const live = await rows(['shared']);
    expect(live.map((r) => r.custom_services)).toEqual([[{ name: 'to', email: 'a@example.com' }]]);
  });
});
