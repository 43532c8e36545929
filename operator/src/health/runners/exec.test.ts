import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Pool } from '../../db/pool.js';
import type { CheckSpec, RunContext } from '../types.js';
import { execRunner, OUTPUT_CAP } from './exec.js';

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

/** Running (a zombie waiting for init to reap it counts as ended). */
const alive = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\S+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
};

describe('exec runner', () => {
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

  it('adds env to the environment and keeps Vigil secrets out', async () => {
    process.env.VIGIL_TEST_SECRET = 's3cret';
    try {
      const { r, out } = await run({
        script: 'echo "$GREETING/${VIGIL_TEST_SECRET:-none}/${HOME:+home}"',
        env: [{ name: 'GREETING', value: 'hola' }],
      });
      expect(r.pass).toBe(true);
      expect(out.stdout).toBe('hola/none/home');
    } finally {
      delete process.env.VIGIL_TEST_SECRET;
    }
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
    expect(out.args.slice(0, 2)).toEqual(['/usr/bin/env', 'node']);
  });

  it('runs in a temp dir that is removed afterwards', async () => {
    const { out } = await run({ script: 'pwd; touch made-here' });
    expect(out.stdout).toMatch(/vigil-exec-/);
    expect(fs.existsSync(out.stdout)).toBe(false);
  });

  it('kills the process group at the timeout', async () => {
    const t0 = Date.now();
    const { r, out } = await run({
      script: 'sleep 300 & echo $!; sleep 300',
      timeout: 1,
    });
    expect(r.pass).toBe(false);
    expect(r.error).toBe('timed out after 1s');
    expect(Date.now() - t0).toBeLessThan(5000);
    const child = Number(out.stdout);
    expect(child).toBeGreaterThan(0);
    expect(alive(child)).toBe(false);
  });

  it('ends processes a script leaves in the background', async () => {
    const { r, out } = await run({ script: 'sleep 300 >/dev/null 2>&1 & echo $!' });
    expect(r.pass).toBe(true);
    const child = Number(out.stdout);
    await new Promise((res) => setTimeout(res, 100));
    expect(alive(child)).toBe(false);
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

  it('caps stdout at 1 MiB and says so', async () => {
    const { r, out } = await run({ script: "head -c 3000000 /dev/zero | tr '\\0' a" });
    expect(r.pass).toBe(true);
    expect(out.stdout.length).toBe(OUTPUT_CAP);
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
