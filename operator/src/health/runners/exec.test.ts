import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../db/pool.js';
import { DEFAULT_OUTPUT_LIMIT } from '../../sandbox/output.js';
import { defaultSandbox } from '../../sandbox/sandbox.js';
import { processesWith, rootOnly, sleepMarker } from '../../sandbox/sandbox.testing.js';
import type { CheckSpec, RunContext } from '../types.js';
import { execRunner } from './exec.js';

function ctx(signal = new AbortController().signal): RunContext {
  return {
    canary: { id: 'c1', name: 'canary', namespace: 'default', labels: {} },
    check: { id: 'k1', name: 'exec', type: 'exec' },
    signal,
    pool: {} as Pool,
    connection: () => Promise.resolve(undefined),
  };
}

async function run(spec: CheckSpec, signal?: AbortSignal) {
  const results = await execRunner(spec, ctx(signal));
  expect(results).toHaveLength(1);
  const r = results[0];
  if (!r) throw new Error('no result');
  const out = (r.data?.results ?? {}) as {
    stdout: string;
    stderr: string;
    exitCode: number;
    path: string;
    args: string[];
    extra: Record<string, unknown>;
  };
  return { r, out };
}

describe('exec runner', () => {
  afterAll(() => defaultSandbox.close());

  it('runs bash, trims stdout and stderr, and reports the command', async () => {
    const script = 'printf "  hello  \\n\\n"; echo "warn" >&2';
    const { r, out } = await run({ name: 'hi', script });
    expect(r.pass).toBe(true);
    expect(r.error).toBeUndefined();
    expect(out).toEqual({
      stdout: 'hello',
      stderr: 'warn',
      exitCode: 0,
      path: 'bash',
      args: ['bash', '-c', script],
      extra: {},
    });
    expect(r.duration).toBeGreaterThanOrEqual(1);
  });

  it('adds env to the environment, with a HOME and a PATH of its own', async () => {
    const { r, out } = await run({
      script: 'echo "$GREETING/${HOME:+home}/$PATH"',
      env: [{ name: 'GREETING', value: 'hola' }],
    });
    expect(r.pass).toBe(true);
    expect(out.stdout).toBe(
      'hola/home//usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    );
  });

  it('prevents a script from reading $VIGIL_ADMIN_TOKEN, $DATABASE_URL or other inherited secrets', async () => {
    const saved = { ...process.env };
    process.env.VIGIL_ADMIN_TOKEN = 'vgl_stolen_admin_token_123456';
    process.env.VIGIL_ADMIN_PASSWORD = 'stolen-admin-password';
    process.env.DATABASE_URL = 'postgresql://vigil:stolen@127.0.0.1:5432/vigil';
    process.env.KUBECONFIG = '/root/.kube/stolen';
    try {
      const { r, out } = await run({
        script: 'echo "token=$VIGIL_ADMIN_TOKEN db=$DATABASE_URL"; env',
      });
      expect(r.pass).toBe(true);
      expect(out.stdout.split('\n')[0]).toBe('token= db=');
      expect(out.stdout).not.toMatch(/stolen|VIGIL_|DATABASE_URL|KUBECONFIG/);
    } finally {
      process.env = saved;
    }
  });

  it("prevents a script from printing Vigil's environment with cat /proc/$PPID/environ", async (ctx) => {
    // What the script would find: this process's environment as the kernel shows it.
    const ours = fs
      .readFileSync('/proc/self/environ', 'utf8')
      .split('\0')
      .filter((e) => e.includes('=') && !/^(PATH|HOME|TMPDIR|PWD|SHLVL|_)=/.test(e));
    expect(ours.length).toBeGreaterThan(0);
    const { r, out } = await run({
      script: `cat /proc/$PPID/environ; cat /proc/${process.pid}/environ; cat /proc/*/environ`,
    });
    rootOnly(ctx, "keeping Vigil's /proc/<pid>/environ from scripts");
    const shown = `${out.stdout}\n${out.stderr}\n${r.error ?? ''}`;
    expect(ours.filter((e) => shown.includes(e))).toEqual([]);
  });

  it('fails a non-zero exit with stderr as the error', async () => {
    const { r, out } = await run({ script: 'echo partial; echo "disk full" >&2; exit 3' });
    expect(r.pass).toBe(false);
    expect(r.error).toBe('disk full');
    expect(out.exitCode).toBe(3);
    expect(out.stdout).toBe('partial');
  });

  it('fails a silent non-zero exit with "exit code N"', async () => {
    const { r, out } = await run({ script: 'exit 7' });
    expect(r.pass).toBe(false);
    expect(r.error).toBe('exit code 7');
    expect(out.exitCode).toBe(7);
  });

  it('uses the interpreter a shebang names', async () => {
    const { r, out } = await run({
      script: '#!/usr/bin/env node\nconsole.log(JSON.stringify({ sum: 1 + 2 }));',
    });
    expect(r.pass).toBe(true);
    expect(JSON.parse(out.stdout)).toEqual({ sum: 3 });
    expect(out.path).toBe('/usr/bin/env');
    expect(out.args).toEqual(['/usr/bin/env', 'node', './script']);
  });

  it('runs in a fresh directory that is removed afterwards', async () => {
    const { out } = await run({ script: 'pwd; touch made-here' });
    expect(out.stdout).toMatch(/vigil-scripts-/);
    expect(fs.existsSync(out.stdout)).toBe(false);
  });

  it('kills what the script started at the timeout', async () => {
    const marker = sleepMarker();
    const t0 = Date.now();
    const { r } = await run({ script: `sleep ${marker}1 & sleep ${marker}2`, timeout: 1 });
    expect(r.pass).toBe(false);
    expect(r.error).toBe('timed out after 1s');
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(processesWith(`sleep ${marker}`)).toEqual([]);
  });

  it('prevents a script from leaving a process in the background', async () => {
    const marker = sleepMarker();
    const { r, out } = await run({ script: `sleep ${marker} >/dev/null 2>&1 & echo started` });
    expect(r.pass).toBe(true);
    expect(out.stdout).toBe('started');
    await new Promise((res) => setTimeout(res, 100));
    expect(processesWith(`sleep ${marker}`)).toEqual([]);
  });

  it('stops when the run is cancelled', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    const t0 = Date.now();
    const { r } = await run({ script: 'sleep 30' }, ac.signal);
    expect(r.pass).toBe(false);
    expect(r.error).toBe('the run was cancelled');
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('keeps 64 KiB of stdout by default and marks the cut', async () => {
    const { r, out } = await run({ script: "head -c 3000000 /dev/zero | tr '\\0' a; echo ok >&2" });
    expect(r.pass).toBe(true);
    expect(DEFAULT_OUTPUT_LIMIT).toBe(65536);
    expect(out.stdout).toBe(
      `${'a'.repeat(65536)}\n[output truncated: 2.9 MiB written, the first 64 KiB kept]`,
    );
    expect(out.stderr).toBe('ok');
    expect(out.extra).toEqual({ truncated: ['stdout'] });
  });

  it('reports an interpreter that does not exist', async () => {
    const { r } = await run({ script: '#!/no/such/interpreter\necho hi' });
    expect(r.pass).toBe(false);
    expect(r.invalid).toBeUndefined();
    expect(r.error).toMatch(/cannot run \/no\/such\/interpreter: .*ENOENT/);
  });

  it('rejects specs it cannot run', async () => {
    const [noScript] = await execRunner({ name: 'x' }, ctx());
    expect(noScript).toMatchObject({
      pass: false,
      invalid: true,
      error: 'exec check needs a script to run',
    });
    const [secret] = await execRunner(
      {
        script: 'echo',
        env: [{ name: 'TOKEN', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }],
      },
      ctx(),
    );
    expect(secret?.invalid).toBe(true);
    expect(secret?.error).toMatch(/^env TOKEN: valueFrom could not be resolved/);
    const [badEnv] = await execRunner({ script: 'echo', env: [{ value: 'x' }] }, ctx());
    expect(badEnv?.error).toBe('env[0] needs a name');
  });
});
