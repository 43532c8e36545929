import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANIFEST_DIRS, crdFiles } from './manifests.js';

const root = path.resolve(import.meta.dirname, '../..');

/** Files that differ from a fresh generation, plus stray CRDs nobody generates any more. */
function staleFiles(): string[] {
  const files = crdFiles();
  const stale = files
    .filter((f) => {
      const target = path.join(root, f.path);
      return !fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== f.content;
    })
    .map((f) => f.path);
  const wanted = new Set(files.map((f) => f.path));
  for (const dir of MANIFEST_DIRS) {
    const entries = fs.existsSync(path.join(root, dir)) ? fs.readdirSync(path.join(root, dir)) : [];
    for (const name of entries) {
      if (name.endsWith('.yaml') && !wanted.has(`${dir}/${name}`)) stale.push(`${dir}/${name}`);
    }
  }
  return stale;
}

describe('generated CRD manifests', () => {
  it('are current', () => {
    const stale = staleFiles();
    if (stale.length) {
      throw new Error(`crds/manifests is stale: run npm run gen:crds\n  ${stale.join('\n  ')}`);
    }
  });

  it('name each file after the CRD it holds, one per kind and directory', () => {
    const files = crdFiles();
    expect(files.map((f) => f.path)).toContain(
      'crds/manifests/notifications.mission-control.flanksource.com.yaml',
    );
    expect(files.map((f) => f.path)).toContain(
      'charts/vigil/crds/canaries.canaries.flanksource.com.yaml',
    );
    for (const file of files) {
      const name = path.basename(file.path, '.yaml');
      expect(file.content).toContain(`\n  name: ${name}\n`);
    }
  });

  it('gives the chart the same CRDs as crds/manifests', () => {
    const [manifests, chart] = MANIFEST_DIRS.map((dir) =>
      crdFiles()
        .filter((f) => f.path.startsWith(`${dir}/`))
        .map((f) => [path.basename(f.path), f.content]),
    );
    expect(chart).toEqual(manifests);
  });
});
