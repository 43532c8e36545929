/**
 * Writes the CRDs generated from crds/src/kinds to crds/manifests and charts/vigil/crds.
 * Run: npm run gen:crds   (crds/src/manifests.test.ts fails while the committed files differ)
 */
import fs from 'node:fs';
import path from 'node:path';
import { crdFiles, MANIFEST_DIRS } from '../crds/src/manifests.js';

const root = path.resolve(import.meta.dirname, '..');
const files = crdFiles();
const wanted = new Set(files.map((f) => f.path));

for (const dir of MANIFEST_DIRS) {
  fs.mkdirSync(path.join(root, dir), { recursive: true });
  // Drop CRDs of kinds that were renamed or removed, so the directory is exactly the output.
  for (const name of fs.readdirSync(path.join(root, dir))) {
    const rel = `${dir}/${name}`;
    if (name.endsWith('.yaml') && !wanted.has(rel)) fs.rmSync(path.join(root, rel));
  }
}
for (const file of files) {
  const target = path.join(root, file.path);
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
  if (current === file.content) continue;
  fs.writeFileSync(target, file.content);
  console.log(`wrote ${file.path}`);
}
