import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../sandbox/sandbox.js';
import { processesWith, sleepMarker } from '../../sandbox/sandbox.testing.js';
import type { ActionContext, ActionSpec } from '../types.js';
import { actionContext } from './context.testing.js';
import { execAction } from './exec.js';

const sandbox = new Sandbox();
afterAll(() => sandbox.close());

const run = (spec: ActionSpec, opts: Partial<ActionContext> = {}) =>
  execAction(spec, actionContext({ sandbox, ...opts }));

/** Resolves once `check` holds, looking every 20 ms (what a script does is not instantaneous). */
async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('exec action', () => {
  it('runs the script with bash and its env, and returns stdout, stderr and exitCode', async () => {
    const out = await run({
      script: 'echo "hello $WHO"; echo warning >&2',
      env: [{ name: 'WHO', value: 'world' }],
    });
    expect(out).toEqual({
      status: 'completed',
      result: { stdout: 'hello world\n', stderr: 'warning\n', exitCode: 0 },
    });
  });

  it('runs a #! script with its interpreter', async () => {
    const out = await run({ script: '#!/bin/sh\necho "$0"' });
    expect(out.result.stdout).toBe('./script\n');
  });

  it('fails a non-zero exit with the end of stderr, keeping the output', async () => {
    const out = await run({ script: 'echo partial; echo "no such deployment" >&2; exit 4' });
    expect(out).toEqual({
      status: 'failed',
      error: 'the script exited with code 4: no such deployment',
      result: { stdout: 'partial\n', stderr: 'no such deployment\n', exitCode: 4 },
    });
  });

  it('refuses env valueFrom, connections and setup by name, without running anything', async () => {
    const secret = await run({
      script: 'touch ran',
      env: [{ name: 'TOKEN', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }],
    });
    expect(secret.status).toBe('failed');
    expect(secret.error).toMatch(
      /^env\[0\] \(TOKEN\)\.valueFrom is not supported in playbook actions yet: give env\[0\] \(TOKEN\)\.value/,
    );
    const conns = await run({
      script: 'echo ran',
      connections: { aws: { region: 'eu-west-1' }, serviceAccount: true },
      setup: { bun: { version: '1' } },
    });
    expect(conns).toEqual({
      status: 'failed',
      result: {},
      error:
        'setup (installing runtimes) is not supported yet: use what the host has; connections.serviceAccount is not supported yet: pass the credentials the script needs in env; connections.aws is not supported yet: pass the credentials the script needs in env',
    });
    expect((await run({ script: ' ' })).error).toBe('script is required');
  });

  it('keeps the artifacts the script leaves, by glob, and its stdout', async () => {
    const out = await run({
      script:
        'mkdir -p out/deep; echo "<h1>ok</h1>" > out/deep/report.html; echo log; echo x > x.tmp',
      artifacts: [{ path: 'out/**/*.html' }, { path: '/dev/stdout' }, { path: 'none/*.txt' }],
    });
    expect(out.status).toBe('completed');
    expect(out.artifacts?.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([
      ['stdout.txt', 'text/plain', 'log\n'],
      ['out/deep/report.html', 'text/html', '<h1>ok</h1>\n'],
    ]);
    expect(out.result.artifactsNotCollected).toEqual(['none/*.txt: no file matches']);
    const outside = await run({ script: 'true', artifacts: [{ path: '/etc/passwd' }] });
    expect(outside.error).toMatch(/^artifacts\[0\]\.path \/etc\/passwd must be a file/);
  });

  it("a script's artifact is kept and its process group is killed on cancel", async () => {
    const marker = sleepMarker();
    const ac = new AbortController();
    const pending = run(
      {
        script: `echo partial > progress.log; sleep ${marker}1 & sleep ${marker}2; echo never`,
        artifacts: [{ path: '*.log' }],
      },
      { signal: ac.signal },
    );
    // The file is written before the sleeps start.
    await until(() => processesWith(`sleep ${marker}2`).length > 0, 'the script to start');
    ac.abort();
    const out = await pending;
    expect(out.status).toBe('failed');
    expect(out.error).toBe('the action was cancelled');
    expect(out.artifacts?.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['progress.log', 'partial\n'],
    ]);
    expect(processesWith(`sleep ${marker}`)).toEqual([]);
  });

  it("stops at the engine's timeout and says it timed out", async () => {
    const marker = sleepMarker();
    const out = await run({ script: `sleep ${marker}` }, { signal: AbortSignal.timeout(300) });
    expect(out).toMatchObject({ status: 'failed', error: 'the action timed out' });
    expect(processesWith(`sleep ${marker}`)).toEqual([]);
  });
});

/** A local repository with a manifest, readable by the user scripts run as. */
let repo: string;
beforeAll(async () => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-exec-action-repo-'));
  fs.chmodSync(repo, 0o755);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@x', ...args], { cwd: repo });
  git('init', '--quiet', '--initial-branch=main');
  fs.writeFileSync(path.join(repo, 'replicas.txt'), '3\n');
  git('add', '.');
  git('commit', '--quiet', '-m', 'one');
  // git reads only repositories of the user it runs as: the script user's, when tests run as root.
  const iso = await sandbox.isolation();
  if (iso.mode !== 'shared') execFileSync('chown', ['-R', `${iso.user.uid}:${iso.user.gid}`, repo]);
});
afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

describe('exec action: checkout', () => {
  it('clones the repository, runs the script inside it and keeps artifacts relative to it', async () => {
    const out = await run({
      script: 'cat replicas.txt; cat replicas.txt > copy.txt',
      checkout: { url: `file://${repo}`, destination: 'src' },
      artifacts: [{ path: 'copy.txt' }],
    });
    expect(out.error).toBeUndefined();
    expect(out.result.stdout).toBe('3\n');
    expect(out.artifacts?.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['copy.txt', '3\n'],
    ]);
  });

  it('fails a clone that fails with git saying why', async () => {
    const out = await run({ script: 'echo ran', checkout: { url: `file://${repo}-missing` } });
    expect(out.status).toBe('failed');
    expect(out.error).toMatch(/^the script exited with code 1: .*checkout: git clone failed$/s);
    expect(out.result.stdout).toBe('');
  });
});
