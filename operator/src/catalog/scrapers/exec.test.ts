import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../sandbox/sandbox.js';
import { startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';
import type { ScraperSpec } from '../types.js';
import { scrapeContext } from './context.testing.js';
import { execScraper } from './exec.js';

const sandbox = new Sandbox();
afterAll(() => sandbox.close());

const scrape = (spec: ScraperSpec, opts: Parameters<typeof scrapeContext>[0] = {}) =>
  execScraper(spec, scrapeContext({ sandbox, ...opts }));

describe('exec scraper: output', () => {
  it('makes each element of a JSON array a json document', async () => {
    const out = await scrape({ script: `echo '[{"id": "a"}, {"id": "b"}, {"id": "c"}]'` });
    expect(out).toEqual({
      documents: ['a', 'b', 'c'].map((id) => ({ content: { id }, format: 'json' })),
      errors: [],
    });
    const lines = await scrape({ script: `printf '{"id": "x"}\\n{"id": "y"}\\n'` });
    expect(lines.documents?.map((d) => d.content)).toEqual([{ id: 'x' }, { id: 'y' }]);
    const object = await scrape({ script: `echo '{"id": "one"}'` });
    expect(object.documents).toEqual([{ content: { id: 'one' }, format: 'json' }]);
  });

  it('reads YAML, one document per list element or per --- document', async () => {
    const list = await scrape({ script: "printf -- '- name: a\\n- name: b\\n'" });
    expect(list.documents).toEqual([
      { content: { name: 'a' }, format: 'yaml' },
      { content: { name: 'b' }, format: 'yaml' },
    ]);
    const docs = await scrape({ script: "printf 'kind: A\\n---\\nkind: B\\n'" });
    expect(docs.documents?.map((d) => d.content)).toEqual([{ kind: 'A' }, { kind: 'B' }]);
  });

  it('keeps anything else as one text document, and nothing as none', async () => {
    expect(await scrape({ script: 'echo "just some words"; echo "over two lines"' })).toEqual({
      documents: [{ content: 'just some words\nover two lines', format: 'text' }],
      errors: [],
    });
    expect(await scrape({ script: 'true' })).toEqual({ documents: [], errors: [] });
  });

  it('runs a #! script with its interpreter', async () => {
    const out = await scrape({ script: '#!/bin/sh\necho "[1, 2]"' });
    expect(out.documents).toEqual([
      { content: 1, format: 'json' },
      { content: 2, format: 'json' },
    ]);
  });

  it('reports a failing script with its stderr, and no documents', async () => {
    const out = await scrape({ script: 'echo "[1]"; echo "no credentials" >&2; exit 3' });
    expect(out).toEqual({
      documents: [],
      errors: ['the script exited with code 3: no credentials'],
    });
  });

  it('gives the script its env and nothing of Vigil', async () => {
    process.env.VIGIL_EXEC_SCRAPER_SECRET = 'do-not-leak';
    try {
      const out = await scrape({ script: 'env', env: [{ name: 'REGION', value: 'eu-west-1' }] });
      const names = String(out.documents?.[0]?.content)
        .split('\n')
        .map((l) => l.split('=')[0]);
      expect(names.sort()).toEqual(expect.arrayContaining(['HOME', 'PATH', 'REGION', 'TMPDIR']));
      expect(names.filter((n) => n?.startsWith('VIGIL_'))).toEqual([]);
      expect(String(out.documents?.[0]?.content)).toContain('REGION=eu-west-1');
    } finally {
      delete process.env.VIGIL_EXEC_SCRAPER_SECRET;
    }
  });

  it('times out a script after the spec timeout', async () => {
    const out = await scrape({ script: 'sleep 30', timeout: 1 });
    expect(out).toEqual({ documents: [], errors: ['the script timed out after 1s'] });
  });

  it('refuses fields it cannot honour, naming them, without running anything', async () => {
    const out = await scrape({
      script: 'echo ran',
      connections: { aws: { region: 'eu-west-1' }, serviceAccount: true },
      artifacts: [{ path: '/dev/stdout' }],
    });
    expect(out.documents).toEqual([]);
    expect(out.errors).toEqual([
      'artifacts is not supported by the exec scraper yet',
      'connections.serviceAccount is not supported yet: pass the credentials the script needs in env',
      'connections.aws is not supported yet: pass the credentials the script needs in env',
    ]);
    const secret = await scrape({
      script: 'echo ran',
      env: [{ name: 'TOKEN', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }],
    });
    expect(secret.errors).toEqual([
      expect.stringMatching(/^env\[0\] \(TOKEN\)\.valueFrom is not supported by scrapers yet/),
    ]);
    expect((await scrape({ script: '  ' })).errors).toEqual(['script is required']);
  });
});

/** A local repository: items.json on main, another on branch `other`. */
let repo: string;
beforeAll(async () => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-exec-repo-'));
  fs.chmodSync(repo, 0o755);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@x', ...args], { cwd: repo });
  git('init', '--quiet', '--initial-branch=main');
  fs.writeFileSync(path.join(repo, 'items.json'), '[{"id": "from-git"}]');
  git('add', '.');
  git('commit', '--quiet', '-m', 'one');
  git('checkout', '--quiet', '-b', 'other');
  fs.writeFileSync(path.join(repo, 'items.json'), '[{"id": "from-branch"}]');
  git('commit', '--quiet', '-am', 'two');
  git('checkout', '--quiet', 'main');
  // git reads only repositories of the user it runs as: the script user's, when tests run as root.
  const iso = await sandbox.isolation();
  if (iso.mode !== 'shared') execFileSync('chown', ['-R', `${iso.user.uid}:${iso.user.gid}`, repo]);
});
afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

describe('exec scraper: checkout', () => {
  it('clones the repository and runs the script inside it', async () => {
    const out = await scrape({
      script: 'cat items.json',
      checkout: { url: `file://${repo}`, destination: 'src/repo', depth: 1 },
    });
    expect(out).toEqual({
      documents: [{ content: { id: 'from-git' }, format: 'json' }],
      errors: [],
    });
    // Without a destination, the folder is named by the sha256 of the URL.
    const hash = crypto.createHash('sha256').update(`file://${repo}`).digest('hex');
    const branch = await scrape({
      script: `#!/bin/sh\ntest "$(basename "$PWD")" = ${hash} || exit 9\ncat items.json`,
      checkout: { url: `file://${repo}`, branch: 'other' },
    });
    expect(branch).toEqual({
      documents: [{ content: { id: 'from-branch' }, format: 'json' }],
      errors: [],
    });
  });

  it('gives git the credentials and the script none of them', async () => {
    // An https-style remote that asks for Basic auth: what git answers with is what we gave it.
    const sent: (string | undefined)[] = [];
    const server = http.createServer((req, res) => {
      sent.push(req.headers.authorization);
      if (!req.headers.authorization)
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' });
      else res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const failed = await scrape({
        script: 'true',
        checkout: {
          url: `http://127.0.0.1:${port}/repo.git`,
          username: { value: 'u' },
          password: { value: 'pw' },
        },
      });
      expect(failed.errors).toEqual([expect.stringMatching(/checkout: git clone failed$/)]);
      expect(sent).toContain(`Basic ${Buffer.from('u:pw').toString('base64')}`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }

    const out = await scrape({
      script: 'env',
      checkout: { url: `file://${repo}`, username: { value: 'u' }, password: { value: 'pw' } },
    });
    expect(out.errors).toEqual([]);
    expect(String(out.documents?.[0]?.content)).not.toMatch(/CHECKOUT_GIT|=pw$/m);
  });

  it('reports a clone that fails, and destinations outside the run', async () => {
    const out = await scrape({
      script: 'echo ran',
      checkout: { url: `file://${repo}-missing` },
    });
    expect(out.documents).toEqual([]);
    expect(out.errors).toEqual([
      expect.stringMatching(/^the script exited with code 1: .*checkout: git clone failed$/s),
    ]);
    const outside = await scrape({ script: 'true', checkout: { url: repo, destination: '../x' } });
    expect(outside.errors).toEqual([
      expect.stringMatching(
        /^checkout.destination \.\.\/x must be a folder inside the run's directory/,
      ),
    ]);
  });
});

describe('exec scraper: query', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startTestDatabase();
    await db.pool.query(
      `INSERT INTO config_items (config_class, type, name, config) VALUES
        ('Deployment', 'Kubernetes::Deployment', 'web', '{"replicas": 2}'),
        ('Deployment', 'Kubernetes::Deployment', 'api', '{"replicas": 3}'),
        ('Pod', 'Kubernetes::Pod', 'web-1', '{}')`,
    );
  });
  afterAll(async () => {
    await db?.close();
  });

  it('writes each query result as a JSON file before the script runs', async () => {
    const out = await scrape(
      {
        script: 'cat deployments.json',
        query: [{ path: 'deployments.json', types: ['Kubernetes::Deployment'] }],
      },
      { pool: db.pool },
    );
    expect(out.errors).toEqual([]);
    const rows = out.documents?.map((d) => d.content as { name: string; config: unknown });
    expect(rows?.map((r) => [r.name, r.config])).toEqual([
      ['api', { replicas: 3 }],
      ['web', { replicas: 2 }],
    ]);
    const bad = await scrape(
      { script: 'true', query: [{ path: '/tmp/x.json', name: '*' }] },
      { pool: db.pool },
    );
    expect(bad.errors).toEqual([expect.stringMatching(/^query\[0\]\.path must be a file name/)]);
  });

  it('puts the query files beside the script in a checkout', async () => {
    const out = await scrape(
      {
        script: 'test -f items.json && cat pods.json',
        checkout: { url: `file://${repo}` },
        query: [{ path: 'pods.json', types: ['Kubernetes::Pod'] }],
      },
      { pool: db.pool },
    );
    expect(out.errors).toEqual([]);
    expect(out.documents?.map((d) => (d.content as { name: string }).name)).toEqual(['web-1']);
  });
});
