import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { e2eRun, ROOT, startVigil, type VigilProcess } from './support/server.js';

/**
 * No Docker engine runs here, so this checks what can be checked: every path the Dockerfile copies
 * from the build stage exists after `npm run build`, and a tree laid out exactly like the image's
 * /app (and nothing else) starts and serves the console, the docs and the API.
 */
const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const copies = [
  ...dockerfile.matchAll(/^COPY --from=build (?:--\S+ )*\/src\/(\S+) \.\/(\S+)$/gm),
].map((m) => ({
  from: m[1] as string,
  to: m[2] as string,
}));
const plainCopies = [...dockerfile.matchAll(/^COPY (?!--from)(?:--\S+ )*(\S+) \.\/(\S+)$/gm)].map(
  (m) => ({
    from: m[1] as string,
    to: m[2] as string,
  }),
);

let vigil: VigilProcess | undefined;
let app: string | undefined;
afterAll(async () => {
  await vigil?.stop();
  if (app) fs.rmSync(app, { recursive: true, force: true });
});

describe('container image layout', () => {
  it('copies build outputs that exist', () => {
    expect(copies.map((c) => c.from)).toEqual(
      expect.arrayContaining([
        'operator/dist',
        'operator/migrations',
        'console/dist',
        'crds/dist',
        'node_modules',
      ]),
    );
    for (const { from } of [...copies, ...plainCopies]) {
      expect(fs.existsSync(path.join(ROOT, from)), `${from} is missing after the build`).toBe(true);
    }
  });

  it('runs as a non-root user on a read-only app tree, with tini, probed on /readyz', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER 10001(:10001)?$/m);
    expect(runtime).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--", "node"/m);
    expect(runtime).toMatch(/apt-get install [^\n]*\btini\b/);
    expect(runtime).toMatch(/^HEALTHCHECK .*\/readyz/m);
    // Files are root-owned: the server (uid 10001) can write /data and /tmp only.
    expect(runtime).not.toMatch(/^COPY .*--chown/m);
    expect(runtime).toMatch(/^VOLUME \/data$/m);
  });

  it('starts from exactly the copied files', async () => {
    app = fs.mkdtempSync(path.join(os.tmpdir(), `vigil-image-${e2eRun()}-`));
    fs.chmodSync(app, 0o755);
    for (const { from, to } of [...copies, ...plainCopies]) {
      const target = path.join(app, to);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (from === 'node_modules') fs.symlinkSync(path.join(ROOT, from), target);
      else fs.cpSync(path.join(ROOT, from), target, { recursive: true });
    }
    vigil = await startVigil({ main: path.join(app, 'operator/dist/main.js') });
    const url = vigil.url;
    // Ready once the database answers its probe query (slow on a loaded machine).
    await expect
      .poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 30_000 })
      .toBe(200);
    const index = await fetch(`${vigil.url}/health`);
    expect(await index.text()).toContain('<div id="root">');
    expect((await fetch(`${vigil.url}/docs/README.md`)).status).toBe(200);
  });
});
