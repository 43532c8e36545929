import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectl, type Kubectl } from './support/kubectl.js';
import { invitePerson } from './support/people.js';
import { runEnded, type PlaybookRun } from './support/playbookRuns.js';
import { ADMIN_TOKEN, startVigil, type VigilProcess } from './support/server.js';

/**
 * Playbooks as users drive them: applied with kubectl, started by a failing canary, by a
 * webhook, by people (with approvals) — with the real actions, the real sandbox and the real
 * policy module.
 */
let vigil: VigilProcess;
let k: Kubectl;
let target: http.Server;
let targetPort = 0;
let repaired = false;

async function call(path: string, token: string, init: RequestInit = {}) {
  return fetch(`${vigil.url}${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
}

async function json<T>(path: string, token = ADMIN_TOKEN, init: RequestInit = {}): Promise<T> {
  const res = await call(path, token, init);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const runOf = (id: string) => json<PlaybookRun>(`/api/playbook/run/${id}`);
const ended = (id: string, ms = 60_000) => runEnded(vigil.url, id, ms);

function apply(yaml: string): void {
  const r = k.run(['apply', '-f', '-'], { input: yaml });
  expect(r.status, r.stderr).toBe(0);
}

const playbookId = (name: string) =>
  until(`playbook ${name}`, async () => {
    const rows = await json<{ id: string }[]>(
      `/api/db/playbooks?name=eq.${name}&deleted_at=is.null&select=id`,
    );
    return rows[0]?.id;
  });

const person = (email: string, role: string) => invitePerson(vigil.url, email, role);

async function config(name: string, env: string): Promise<string> {
  const [row] = await json<{ id: string }[]>('/api/db/config_items', ADMIN_TOKEN, {
    method: 'POST',
    headers: { Prefer: 'return=representation' },
    body: JSON.stringify({
      name,
      type: 'Kubernetes::Deployment',
      config_class: 'Deployment',
      tags: { env, namespace: env },
      config: { spec: { replicas: 1 } },
    }),
  });
  return row?.id as string;
}

beforeAll(async () => {
  target = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/repair') repaired = true;
    const up = repaired || req.url !== '/health';
    res.writeHead(up ? 200 : 503);
    res.end(up ? 'ok' : 'down');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetPort = (target.address() as AddressInfo).port;
  vigil = await startVigil({ env: { VIGIL_HEALTH_CHECKS: 'on' } });
  const kubeconfig = await fetch(`${vigil.url}/api/kubeconfig`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  k = kubectl(33, await kubeconfig.text());
}, 180_000);

afterAll(async () => {
  await vigil?.stop();
  target?.close();
});

describe('a failing canary', () => {
  it('triggers a playbook whose exec action repairs the target, and the next check passes', async () => {
    apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: { name: repair-web, namespace: default }
spec:
  title: Repair web
  on:
    canary:
      - event: failed
        labels: { app: web }
  actions:
    - name: repair
      exec:
        script: |
          curl -fsS -X POST http://127.0.0.1:${targetPort}/repair
          echo repaired {{.check.name}}
`);
    const id = await playbookId('repair-web');
    // The playbook is subscribed to check.failed as it is stored: no wait is needed.
    apply(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: { name: web, namespace: default, labels: { app: web } }
spec:
  schedule: '@every 2s'
  http:
    - name: web-health
      url: http://127.0.0.1:${targetPort}/health
      labels: { app: web }
`);
    const run = await until('a triggered run', async () => {
      const rows = await json<{ id: string }[]>(
        `/api/db/playbook_runs?playbook_id=eq.${id}&select=id`,
      );
      return rows[0]?.id;
    });
    const done = await ended(run);
    expect(done.status, JSON.stringify(done)).toBe('completed');
    expect(String(done.actions[0]?.result.stdout)).toContain('repaired web-health');
    expect(repaired).toBe(true);
    await until('the check to pass again', async () => {
      const rows = await json<{ status: string }[]>(
        `/api/db/checks?name=eq.web-health&select=status`,
      );
      return rows[0]?.status === 'healthy' ? true : undefined;
    });
  }, 120_000);
});

describe('timeouts', () => {
  it('ends a run past its timeout as timed_out, with no process left behind', async () => {
    apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: { name: too-slow, namespace: default }
spec:
  timeout: 3s
  actions:
    - name: hang
      exec:
        script: |
          sleep 3017 &
          sleep 3018
`);
    const id = await playbookId('too-slow');
    const started = await json<{ run_id: string }>('/api/playbook/run', ADMIN_TOKEN, {
      method: 'POST',
      body: JSON.stringify({ id }),
    });
    const done = await ended(started.run_id, 30_000);
    expect(done.status).toBe('timed_out');
    expect(done.error).toBe('the run exceeded its timeout of 3s');
    const left = () =>
      execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
        .split('\n')
        .filter((l) => /^sleep 301[78]/.test(l));
    await until(
      'the sleeps to be gone',
      async () => (left().length === 0 ? true : undefined),
      10_000,
    );
  }, 60_000);
});

describe('webhooks', () => {
  it('starts a run with basic auth, and refuses a wrong password', async () => {
    apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: { name: on-deploy, namespace: default }
spec:
  on:
    webhook:
      path: deployed
      authentication:
        basic: { username: ci, password: s3cret-hook }
  actions:
    - name: record
      exec:
        script: echo deployed {{.request.json.version}}
`);
    await playbookId('on-deploy');
    const hook = (password: string) =>
      fetch(`${vigil.url}/playbook/webhook/deployed`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`ci:${password}`).toString('base64')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ version: '1.4.2' }),
      });
    const wrong = await hook('guess');
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe(
      'wrong username or password',
    );
    const ok = await hook('s3cret-hook');
    expect(ok.status).toBe(201);
    const done = await ended(((await ok.json()) as { run_id: string }).run_id);
    expect(done.status).toBe('completed');
    expect(String(done.actions[0]?.result.stdout).trim()).toBe('deployed 1.4.2');
    expect(
      (await fetch(`${vigil.url}/playbook/webhook/nobody-listens`, { method: 'POST' })).status,
    ).toBe(404);
  }, 60_000);
});

describe('approvals', () => {
  it('waits for the second approver when all must approve', async () => {
    const alice = await person('alice@example.com', 'editor');
    const bob = await person('bob@example.com', 'editor');
    apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: { name: gated, namespace: default }
spec:
  approval:
    type: all
    approvers:
      people: [alice@example.com, bob@example.com]
  actions:
    - name: go
      exec:
        script: echo approved
`);
    const id = await playbookId('gated');
    const started = await json<{ run_id: string; status: string }>(
      '/api/playbook/run',
      ADMIN_TOKEN,
      {
        method: 'POST',
        body: JSON.stringify({ id }),
      },
    );
    expect(started.status).toBe('pending_approval');
    const approve = (token: string) =>
      call(`/api/playbook/run/approve/${started.run_id}`, token, { method: 'POST' });
    // The admin is not an approver.
    expect((await approve(ADMIN_TOKEN)).status).toBe(403);
    expect(await (await approve(alice.token)).json()).toEqual({
      status: 'pending_approval',
      approved: false,
    });
    await new Promise((r) => setTimeout(r, 2000));
    expect((await runOf(started.run_id)).status).toBe('pending_approval');
    expect(await (await approve(bob.token)).json()).toEqual({
      status: 'scheduled',
      approved: true,
    });
    const done = await ended(started.run_id);
    expect(done.status).toBe('completed');
    expect((await approve(bob.token)).status).toBe(409);
  }, 60_000);
});

describe('who may run', () => {
  it('refuses a viewer, and a Permission grants one playbook on prod configs only', async () => {
    const viewer = await person('vic@example.com', 'viewer');
    const prod = await config('checkout', 'prod');
    const dev = await config('checkout-dev', 'dev');
    apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: { name: restart, namespace: default }
spec:
  configs: [{ types: [Kubernetes::Deployment] }]
  parameters:
    - name: reason
      default: restart of $(.config.name)
  actions:
    - name: restart
      exec:
        script: echo {{.params.reason}}
---
apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: { name: scale, namespace: default }
spec:
  configs: [{ types: [Kubernetes::Deployment] }]
  actions:
    - name: scale
      exec:
        script: echo scaled
`);
    const restart = await playbookId('restart');
    const scale = await playbookId('scale');
    const runAs = (token: string, id: string, configId: string) =>
      call('/api/playbook/run', token, {
        method: 'POST',
        body: JSON.stringify({ id, config_id: configId }),
      });

    const refused = await runAs(viewer.token, restart, prod);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /permission denied: run on playbooks/,
    );

    apply(`apiVersion: mission-control.flanksource.com/v1
kind: Permission
metadata: { name: vic-restarts-prod, namespace: default }
spec:
  description: Vic restarts prod
  subject: { person: vic@example.com }
  actions: ['playbook:run']
  object:
    playbooks: [{ name: restart }]
    configs: [{ tagSelector: env=prod }]
`);
    const allowed = await until('the Permission to apply', async () => {
      const res = await runAs(viewer.token, restart, prod);
      return res.status === 201 ? ((await res.json()) as { run_id: string }) : undefined;
    });
    expect((await runAs(viewer.token, restart, dev)).status).toBe(403);
    expect((await runAs(viewer.token, scale, prod)).status).toBe(403);
    const done = await ended(allowed.run_id);
    expect(String(done.actions[0]?.result.stdout).trim()).toBe('restart of checkout');

    // The list for a resource offers what the person may run there.
    const list = (configId: string) =>
      json<{ name: string }[]>(`/api/playbook/list?config_id=${configId}`, viewer.token);
    expect((await list(prod)).map((p) => p.name)).toEqual(['restart']);
    expect(await list(dev)).toEqual([]);
    expect(
      (await json<{ name: string }[]>(`/api/playbook/list?config_id=${prod}`))
        .map((p) => p.name)
        .sort(),
    ).toEqual(['restart', 'scale']);
  }, 60_000);

  it('refuses bad parameters with a sentence per parameter, and records nothing', async () => {
    apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: { name: resize, namespace: default }
spec:
  parameters:
    - name: replicas
      required: true
      properties: { min: 1, max: 10 }
    - name: name
      properties: { format: dns1123 }
  actions:
    - name: resize
      exec:
        script: echo $(.params.replicas)
`);
    const id = await playbookId('resize');
    const res = await call('/api/playbook/run', ADMIN_TOKEN, {
      method: 'POST',
      body: JSON.stringify({ id, params: { replicas: '11', name: 'Not_DNS' } }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "replicas: must be at most 10; name: must be a lowercase DNS name (letters, digits, '-' and '.')",
    );
    expect(await json<unknown[]>(`/api/db/playbook_runs?playbook_id=eq.${id}&select=id`)).toEqual(
      [],
    );
  });
});
