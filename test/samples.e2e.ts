import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectl, type Kubectl } from './support/kubectl.js';
import { ADMIN_TOKEN, ROOT, startVigil, type VigilProcess } from './support/server.js';

/**
 * config/samples applies as the README says: `kubectl apply -f config/samples/` with the
 * kubeconfig the console hands out. kubectl reads the YAML itself, so the samples are tested in
 * the only form users have them.
 */
const SAMPLES = path.join(ROOT, 'config/samples');

/** Per file, the one object it holds: kubectl's name for its type, its plural and its name. */
const EXPECTED: Record<string, { type: string; plural: string; name: string }> = {
  'canary-http.yaml': {
    type: 'canary.canaries.flanksource.com',
    plural: 'canaries',
    name: 'http-check',
  },
  'topology.yaml': {
    type: 'topology.canaries.flanksource.com',
    plural: 'topologies',
    name: 'example-app',
  },
  'scrapeconfig-kubernetes.yaml': {
    type: 'scrapeconfig.configs.flanksource.com',
    plural: 'scrapeconfigs',
    name: 'kubernetes',
  },
  'playbook-restart.yaml': {
    type: 'playbook.mission-control.flanksource.com',
    plural: 'playbooks',
    name: 'restart-deployment',
  },
  'notificationrule.yaml': {
    type: 'notificationrule.mission-control.flanksource.com',
    plural: 'notificationrules',
    name: 'http-check-failures',
  },
  'notification.yaml': {
    type: 'notification.mission-control.flanksource.com',
    plural: 'notifications',
    name: 'restart-unhealthy-deployments',
  },
  'permission.yaml': {
    type: 'permission.mission-control.flanksource.com',
    plural: 'permissions',
    name: 'notification-runs-restart',
  },
};
const objects = Object.values(EXPECTED);

let vigil: VigilProcess;
let k: Kubectl;

beforeAll(async () => {
  vigil = await startVigil();
  const res = await fetch(`${vigil.url}/api/kubeconfig`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(res.status).toBe(200);
  k = kubectl(32, await res.text());
});
afterAll(async () => {
  await vigil?.stop();
  if (k) fs.rmSync(k.home, { recursive: true, force: true });
  if (vigil) fs.rmSync(vigil.dataDir, { recursive: true, force: true });
});

describe('config/samples', () => {
  it('has one expectation per sample, so a new sample is tested too', () => {
    const files = fs.readdirSync(SAMPLES).filter((f) => /\.ya?ml$/.test(f));
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('applies with kubectl apply -f config/samples/: every object created', () => {
    const r = k.run(['apply', '-f', `${SAMPLES}/`]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n').sort();
    expect(lines).toEqual(objects.map((o) => `${o.type}/${o.name} created`).sort());
  });

  it('lists each object with kubectl get -A', () => {
    for (const o of objects) {
      const r = k.run(['get', o.plural, '-A']);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(new RegExp(`^default\\s+${o.name}\\s`, 'm'));
    }
  });

  it('makes every sample Ready, whatever order kubectl applied them in', async () => {
    const jsonpath = 'jsonpath={.status.conditions[?(@.type=="Ready")]}';
    for (const o of objects) {
      const ready = () => {
        const out = k.run(['get', o.type, o.name, '-n', 'default', '-o', jsonpath]).stdout;
        return out ? (JSON.parse(out) as { status: string; message?: string }) : undefined;
      };
      await expect
        .poll(() => ready()?.status, { timeout: 30_000, message: `${o.type}/${o.name}` })
        .toBe('True');
    }
  });

  it('builds the sample topology: its components with their checks', async () => {
    const components = async () => {
      const res = await fetch(
        `${vigil.url}/api/db/components?select=name,type&topology_id=not.is.null&order=name`,
        { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } },
      );
      return ((await res.json()) as { name: string }[]).map((c) => c.name);
    };
    await expect
      .poll(components, { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['backend', 'example-app', 'frontend']));
  });

  it('applies again unchanged', () => {
    const r = k.run(['apply', '-f', `${SAMPLES}/`]);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n').sort()).toEqual(
      objects.map((o) => `${o.type}/${o.name} unchanged`).sort(),
    );
  });
});
