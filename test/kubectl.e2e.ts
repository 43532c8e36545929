import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectl, type Kubectl } from './support/kubectl.js';
import { invitePerson } from './support/people.js';
import { ADMIN_TOKEN, startVigil, type VigilProcess } from './support/server.js';

let vigil: VigilProcess;
let adminConfig: string;
let viewerConfig: string;

const manifest = (
  name: string,
  interval: number,
  team = 'sre',
) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
  labels:
    team: ${team}
spec:
  interval: ${interval}
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
  // A viewer, through the real flows: invitation, registration, then a personal token.
  const viewer = await invitePerson(vigil.url, 'val@example.com', 'viewer');
  viewerConfig = await kubeconfigFor(viewer.token);
});
afterAll(async () => vigil?.stop());

describe.each([29, 30, 31, 32, 33])('kubectl 1.%i with a downloaded kubeconfig', (minor) => {
  let k: Kubectl;
  const name = `web-${minor}`;
  const file = () => path.join(k.home, 'canary.yaml');
  const apply = (content: string, ...extra: string[]) => {
    fs.writeFileSync(file(), content);
    return k.run(['apply', '-f', file(), ...extra]);
  };

  beforeAll(() => {
    k = kubectl(minor, adminConfig);
  });

  it('lists the resource types', () => {
    const r = k.run(['api-resources', '--api-group=canaries.flanksource.com']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/canaries\s+cnry\s+canaries\.flanksource\.com\/v1\s+true\s+Canary/);
  });

  it('applies: created, unchanged, configured, and server-side', () => {
    expect(apply(manifest(name, 30)).stdout.trim()).toBe(
      `canary.canaries.flanksource.com/${name} created`,
    );
    expect(apply(manifest(name, 30)).stdout.trim()).toBe(
      `canary.canaries.flanksource.com/${name} unchanged`,
    );
    expect(apply(manifest(name, 60, 'platform')).stdout.trim()).toBe(
      `canary.canaries.flanksource.com/${name} configured`,
    );
    const ssa = apply(manifest(name, 90, 'platform'), '--server-side');
    expect(ssa.stderr).toBe('');
    expect(ssa.stdout.trim()).toBe(`canary.canaries.flanksource.com/${name} serverside-applied`);
  });

  it('gets as a table, across namespaces and as YAML', () => {
    expect(k.run(['get', 'canaries']).stdout).toMatch(
      new RegExp(`^NAME\\s+.*AGE\\n${name}\\s`, 'm'),
    );
    expect(k.run(['get', 'canaries', '-A', '--show-labels']).stdout).toMatch(
      new RegExp(`default\\s+${name}\\s.*team=platform`),
    );
    const yaml = k.run(['get', 'canary', name, '-o', 'yaml']).stdout;
    expect(yaml).toContain('interval: 90');
    expect(yaml).toMatch(/generation: \d+/);
    expect(k.run(['get', 'canaries', '-l', 'team=nobody']).stderr).toContain(
      'No resources found in default namespace.',
    );
  });

  it('watches while another apply changes the object', async () => {
    const watch = k.spawn(['get', 'canaries', '-w', '--output-watch-events']);
    let out = '';
    watch.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    await expect.poll(() => out, { timeout: 15_000 }).toContain(name);
    const other = kubectl(minor, adminConfig);
    fs.writeFileSync(path.join(other.home, 'c.yaml'), manifest(name, 120, 'platform'));
    expect(other.run(['apply', '-f', path.join(other.home, 'c.yaml')]).status).toBe(0);
    await expect.poll(() => out, { timeout: 15_000 }).toMatch(new RegExp(`MODIFIED\\s+${name}`));
    watch.kill();
  });

  it('diffs, explains and edits', () => {
    fs.writeFileSync(file(), manifest(name, 150, 'platform'));
    const diff = k.run(['diff', '-f', file()]);
    expect(diff.status).toBe(1);
    expect(diff.stdout).toContain('+  interval: 150');
    const explain = k.run(['explain', 'canary']);
    expect(explain.stdout).toContain('KIND:       Canary');
    const editor = path.join(k.home, 'editor.sh');
    fs.writeFileSync(editor, `#!/bin/sh\nsed -i 's/team: platform/team: edited/' "$1"\n`, {
      mode: 0o755,
    });
    const edit = k.run(['edit', 'canary', name], { env: { KUBE_EDITOR: editor } });
    expect(edit.stdout.trim()).toBe(`canary.canaries.flanksource.com/${name} edited`);
    expect(k.run(['get', 'canary', name, '-o', 'jsonpath={.metadata.labels.team}']).stdout).toBe(
      'edited',
    );
  });

  it('rejects an invalid manifest with a field-level message', () => {
    const r = apply(manifest('Not_Valid', 30));
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('metadata.name: Invalid value: "Not_Valid"');
  });

  it("refuses a viewer's apply and allows its get", () => {
    const viewer = kubectl(minor, viewerConfig);
    expect(viewer.run(['get', 'canaries']).status).toBe(0);
    fs.writeFileSync(path.join(viewer.home, 'c.yaml'), manifest(`viewer-${minor}`, 30));
    const r = viewer.run(['apply', '-f', path.join(viewer.home, 'c.yaml')]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(
      /Error from server \(Forbidden\).*cannot (create|get|patch) resource "canaries"/,
    );
  });

  it('deletes', () => {
    expect(k.run(['delete', 'canary', name]).stdout.trim()).toBe(
      `canary.canaries.flanksource.com "${name}" deleted`,
    );
    expect(k.run(['get', 'canary', name]).stderr).toContain(
      `canaries.canaries.flanksource.com "${name}" not found`,
    );
  });
});
