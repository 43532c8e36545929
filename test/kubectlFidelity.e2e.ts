import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectl, type Kubectl } from './support/kubectl.js';
import { invitePerson } from './support/people.js';
import { ADMIN_TOKEN, startVigil, type VigilProcess } from './support/server.js';

/**
 * /k8s (now at the host root) behaves like a real API server for every kubectl: 1.27 and 1.28
 * (OpenAPI v2 protobuf) apply, explain and diff; a mixed file applies what it can; misspelt
 * fields are pruned, warned about or refused; `auth can-i` answers per role; namespaces.
 */
let vigil: VigilProcess;
let adminConfig: string;
let viewerConfig: string;

const manifest = (
  name: string,
  interval: number,
  extra = '',
) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
spec:
  interval: ${interval}${extra}
  http:
    - name: example
      url: https://example.com
`;

async function kubeconfigFor(token: string): Promise<string> {
  const res = await fetch(`${vigil.url}/api/kubeconfig`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

beforeAll(async () => {
  vigil = await startVigil();
  adminConfig = await kubeconfigFor(ADMIN_TOKEN);
  const viewer = await invitePerson(vigil.url, 'vera@example.com', 'viewer');
  viewerConfig = await kubeconfigFor(viewer.token);
});
afterAll(async () => vigil?.stop());

const write = (k: Kubectl, name: string, content: string) => {
  const file = path.join(k.home, name);
  fs.writeFileSync(file, content);
  return file;
};

it('points new kubeconfigs at the root, and answers --raw paths there with JSON', () => {
  expect(adminConfig).not.toMatch(/server: ".*\/k8s"/);
  const k = kubectl(32, adminConfig);
  const version = k.run(['get', '--raw', '/version']);
  expect(version.stderr).toBe('');
  expect(JSON.parse(version.stdout)).toMatchObject({ major: '1', gitVersion: expect.any(String) });
  const v3 = k.run(['get', '--raw', '/openapi/v3']);
  expect(Object.keys(JSON.parse(v3.stdout).paths)).toContain('apis/canaries.flanksource.com/v1');
  expect(JSON.parse(k.run(['get', '--raw', '/apis']).stdout).kind).toBe('APIGroupList');
  const missing = k.run(['get', '--raw', '/apis/nope.example.com/v1']);
  expect(missing.stderr).toContain('NotFound');
});

describe.each([27, 28])('kubectl 1.%i (OpenAPI v2 protobuf)', (minor) => {
  let k: Kubectl;
  const name = `old-${minor}`;
  beforeAll(() => {
    k = kubectl(minor, adminConfig);
  });

  it('applies, diffs and explains', () => {
    const file = write(k, 'canary.yaml', manifest(name, 30));
    const created = k.run(['apply', '-f', file]);
    expect(created.stderr).toBe('');
    expect(created.stdout.trim()).toBe(`canary.canaries.flanksource.com/${name} created`);
    expect(k.run(['apply', '-f', file]).stdout.trim()).toBe(
      `canary.canaries.flanksource.com/${name} unchanged`,
    );
    write(k, 'canary.yaml', manifest(name, 60));
    const diff = k.run(['diff', '-f', file]);
    expect(diff.status).toBe(1);
    expect(diff.stdout).toMatch(/^-\s+interval: 30$/m);
    expect(diff.stdout).toMatch(/^\+\s+interval: 60$/m);
    expect(k.run(['apply', '-f', file]).stdout.trim()).toBe(
      `canary.canaries.flanksource.com/${name} configured`,
    );
    const explain = k.run(['explain', 'canary.spec']);
    expect(explain.stderr).toBe('');
    expect(explain.stdout).toContain('KIND:       Canary');
    expect(explain.stdout).toMatch(/interval\s+<integer>/);
  });
});

describe.each([28, 32])('kubectl 1.%i and manifests from elsewhere', (minor) => {
  let k: Kubectl;
  beforeAll(() => {
    k = kubectl(minor, adminConfig);
  });

  it('applies the known documents of a mixed file and names the unknown kind', () => {
    const file = write(
      k,
      'mixed.yaml',
      `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  a: b
---
${manifest(`mixed-${minor}`, 30)}`,
    );
    const r = k.run(['apply', '-f', file]);
    expect(r.stdout.trim()).toBe(`canary.canaries.flanksource.com/mixed-${minor} created`);
    expect(r.stderr).toContain('no matches for kind "ConfigMap" in version "v1"');
    expect(r.status).toBe(1);
  });

  it('refuses a misspelt field under --validate=strict, warns and prunes otherwise', () => {
    const name = `typo-${minor}`;
    const file = write(k, 'typo.yaml', manifest(name, 30, '\n  intervall: 5'));
    const strict = k.run(['apply', '-f', file, '--validate=strict']);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('strict decoding error: unknown field "spec.intervall"');
    expect(k.run(['get', 'canary', name]).stderr).toContain('not found');
    const warn = k.run(['apply', '-f', file, '--validate=warn']);
    expect(warn.stderr).toContain('Warning: unknown field "spec.intervall"');
    expect(warn.stdout.trim()).toBe(`canary.canaries.flanksource.com/${name} created`);
    const stored = JSON.parse(k.run(['get', 'canary', name, '-o', 'json']).stdout) as {
      spec: Record<string, unknown>;
    };
    expect(stored.spec.interval).toBe(30);
    expect(stored.spec).not.toHaveProperty('intervall');
  });
});

describe('kubectl auth can-i', () => {
  it('answers per role', () => {
    const admin = kubectl(32, adminConfig).run(['auth', 'can-i', 'create', 'canaries']);
    expect(admin.stdout.trim()).toBe('yes');
    expect(admin.status).toBe(0);
    for (const minor of [27, 33]) {
      const viewer = kubectl(minor, viewerConfig);
      const create = viewer.run(['auth', 'can-i', 'create', 'canaries']);
      expect(create.stdout.trim()).toMatch(/^no/);
      expect(create.status).toBe(1);
      expect(viewer.run(['auth', 'can-i', 'list', 'canaries']).stdout.trim()).toBe('yes');
    }
  });
});

describe('namespaces', () => {
  it('creates, lists and deletes a namespace with what it holds', () => {
    const k = kubectl(33, adminConfig);
    expect(k.run(['create', 'ns', 'team-e2e']).stdout.trim()).toBe('namespace/team-e2e created');
    const file = write(k, 'ns.yaml', manifest('in-team', 30));
    expect(k.run(['apply', '-n', 'team-e2e', '-f', file]).stdout).toContain('created');
    expect(k.run(['get', 'ns']).stdout).toMatch(/^team-e2e\s+Active/m);
    expect(k.run(['get', 'canary', 'nope']).stderr.trim()).toBe(
      'Error from server (NotFound): canaries.canaries.flanksource.com "nope" not found',
    );
    expect(k.run(['get', 'canary', 'nope', '-n', 'nowhere']).stderr.trim()).toBe(
      'Error from server (NotFound): namespaces "nowhere" not found',
    );
    expect(k.run(['delete', 'ns', 'team-e2e']).stdout.trim()).toBe('namespace "team-e2e" deleted');
    expect(k.run(['get', 'canaries', '-n', 'team-e2e']).stderr).toContain('No resources found');
  });
});
