import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionContext, ActionSpec } from '../types.js';
import { actionContext } from './context.testing.js';
import { gitopsAction } from './gitops.js';

/** A loopback "remote": a bare repository with main holding a manifest, a JSON file and a link. */
let tmp: string;
let bare: string;
let url: string;
const DEPLOY = `# The web deployment
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web # keep in sync with the service
spec:
  replicas: 2 # scaled by the playbook
  template:
    spec:
      containers:
        - name: web
          image: "nginx:1.25"
`;
const CONFIG = '{\n    "replicas": 1,\n    "debug": false\n}\n';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=seed', '-c', 'user.email=seed@x', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
const remote = (...args: string[]) => git(bare, ...args);
const show = (ref: string) => remote('show', ref);

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-gitops-test-'));
  bare = path.join(tmp, 'origin.git');
  url = `file://${bare}`;
  git(tmp, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
  const seed = path.join(tmp, 'seed');
  git(tmp, 'clone', '--quiet', bare, seed);
  fs.mkdirSync(path.join(seed, 'apps/web'), { recursive: true });
  fs.writeFileSync(path.join(seed, 'apps/web/deploy.yaml'), DEPLOY);
  fs.writeFileSync(path.join(seed, 'config.json'), CONFIG);
  fs.writeFileSync(path.join(seed, 'README.md'), '# infra\n');
  fs.symlinkSync('/etc', path.join(seed, 'escape'));
  git(seed, 'checkout', '--quiet', '-b', 'main');
  git(seed, 'add', '.');
  git(seed, 'commit', '--quiet', '-m', 'seed');
  git(seed, 'push', '--quiet', 'origin', 'main');
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const run = (spec: ActionSpec, opts: Partial<ActionContext> = {}) =>
  gitopsAction(spec, actionContext(opts));

describe('gitops action', () => {
  it('patches YAML keeping its comments, writes files, and pushes a new branch made from base', async () => {
    const main = remote('rev-parse', 'main');
    const out = await run({
      repo: { url, branch: 'bump-web', base: 'main' },
      commit: { author: 'Ops Bot', email: 'ops@example.com', message: 'Scale web to 3' },
      patches: [
        {
          path: 'apps/web/deploy.yaml',
          yq: '.spec.replicas = 3 | .metadata.labels.tier = "front" | .spec.template.spec.containers[0].image = "nginx:1.27"',
        },
      ],
      files: [{ path: 'apps/web/NOTES.md', content: 'scaled by Vigil\n' }],
    });
    expect(out).toEqual({
      status: 'completed',
      result: {
        commit: remote('rev-parse', 'bump-web'),
        branch: 'bump-web',
        files: ['apps/web/NOTES.md', 'apps/web/deploy.yaml'],
      },
    });
    expect(show('bump-web:apps/web/deploy.yaml')).toBe(
      DEPLOY.replace('replicas: 2', 'replicas: 3')
        .replace('nginx:1.25', 'nginx:1.27')
        .replace('  name: web # keep in sync with the service\n', '$&  labels:\n    tier: front\n')
        .trim(),
    );
    expect(show('bump-web:apps/web/NOTES.md')).toBe('scaled by Vigil');
    expect(remote('log', '-1', '--format=%an <%ae>|%s|%P', 'bump-web')).toBe(
      `Ops Bot <ops@example.com>|Scale web to 3|${main}`,
    );
    expect(remote('rev-parse', 'main')).toBe(main);
  });

  it('commits on top of an existing branch; force restarts it from base; skipExisting leaves it', async () => {
    const before = remote('rev-parse', 'bump-web');
    const main = remote('rev-parse', 'main');
    const on = await run({
      repo: { url, branch: 'bump-web' },
      patches: [{ path: 'apps/web/deploy.yaml', yq: '.spec.replicas = 4' }],
    });
    expect(on.status).toBe('completed');
    expect(remote('log', '-1', '--format=%P|%s', 'bump-web')).toBe(
      `${before}|Restart: playbook run 00000000-0000-0000-0000-0000000000b1`,
    );
    const forced = await run({
      repo: { url, branch: 'bump-web', base: 'main', force: true },
      patches: [{ path: 'apps/web/deploy.yaml', yq: '.spec.replicas = 5' }],
    });
    expect(forced.status).toBe('completed');
    expect(remote('log', '-1', '--format=%P', 'bump-web')).toBe(main);
    const tip = remote('rev-parse', 'bump-web');
    const skipped = await run({
      repo: { url, branch: 'bump-web', skipExisting: true },
      files: [{ path: 'x.txt', content: 'x' }],
    });
    expect(skipped).toEqual({
      status: 'completed',
      result: { commit: tip, branch: 'bump-web', files: [], skipped: 'the branch exists' },
    });
    expect(remote('rev-parse', 'bump-web')).toBe(tip);
  });

  it("patches JSON keeping its indentation, where a patch's if holds, on the default branch", async () => {
    const ctx = actionContext();
    const out = await run(
      {
        repo: { url },
        patches: [
          { path: 'config.json', jq: '.replicas = 5', if: 'params.env == "prod"' },
          { path: 'config.json', jq: '.debug = true', if: 'params.env == "dev"' },
          { path: '**/*.yaml', yq: 'del(.metadata.name)', if: 'false' },
        ],
      },
      { run: { ...ctx.run, parameters: { env: 'prod' } } },
    );
    expect(out.result).toMatchObject({ branch: 'main', files: ['config.json'] });
    expect(show('main:config.json')).toBe('{\n    "replicas": 5,\n    "debug": false\n}');
  });

  it('pushes nothing when nothing changes', async () => {
    const main = remote('rev-parse', 'main');
    const out = await run({ repo: { url }, files: [{ path: 'README.md', content: '# infra\n' }] });
    expect(out).toEqual({
      status: 'completed',
      result: { commit: main, branch: 'main', files: [] },
    });
  });

  it("a wrong password fails with git's message, and the password is sent only to git", async () => {
    const sent: (string | undefined)[] = [];
    const server = http.createServer((req, res) => {
      sent.push(req.headers.authorization);
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' });
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const out = await run({
        repo: {
          url: `http://127.0.0.1:${port}/infra.git`,
          username: { value: 'bot' },
          password: { value: 'wrong-pw' },
        },
        files: [{ path: 'a.txt', content: 'a' }],
      });
      expect(out.status).toBe('failed');
      expect(out.error).toMatch(/^git ls-remote failed: .*Authentication failed/s);
      expect(out.error).not.toContain('wrong-pw');
      expect(sent).toContain(`Basic ${Buffer.from('bot:wrong-pw').toString('base64')}`);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('refuses pull requests, ext:: URLs, paths outside the repository and other expressions', async () => {
    const files = [{ path: 'a.txt', content: 'a' }];
    expect((await run({ repo: { url }, files, pr: { title: 'x' } })).error).toMatch(
      /^pull requests are not supported here/,
    );
    expect((await run({ repo: { url: 'ext::sh -c id' }, files })).error).toMatch(
      /^ext::sh -c id is not a git URL Vigil pushes to/,
    );
    expect(
      (await run({ repo: { url }, files: [{ path: '../a.txt', content: 'a' }] })).error,
    ).toMatch(/^files\[0\]\.path \.\.\/a\.txt must be a file inside the repository/);
    expect(
      (await run({ repo: { url }, files: [{ path: '.git/hooks/post-commit', content: 'a' }] }))
        .error,
    ).toMatch(/not in \.git/);
    expect(
      (await run({ repo: { url }, files: [{ path: 'escape/vigil-test', content: 'a' }] })).error,
    ).toBe('escape/vigil-test is behind a symbolic link that leaves the repository');
    expect(fs.existsSync('/etc/vigil-test')).toBe(false);
    expect(
      (await run({ repo: { url }, patches: [{ path: 'escape/hostname', yq: '.a = 1' }] })).error,
    ).toBe('patches[0].path escape/hostname is behind a symbolic link that leaves the repository');
    expect(
      (await run({ repo: { url }, patches: [{ path: 'config.json', jq: '.a |= select(.b)' }] }))
        .error,
    ).toMatch(/^patches\[0\]\.jq: .*is not a JSON value.*supported: path assignments/);
    expect((await run({ repo: { url, branch: 'bad..name' }, files })).error).toBe(
      'bad..name is not a valid branch name',
    );
  });
});
