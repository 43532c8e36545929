import { describe, expect, it } from 'vitest';
import { runCanary, REMOVED_MESSAGE, JUNIT_REPORT_NAME, dependencyProblem } from './canaryRun.js';
import { retryPolicy, runPipeline, type CheckDefinition } from './pipeline.js';
import { resultFrom, type CheckRunner, type RunContext } from './types.js';

const canary = { id: 'c1', name: 'web', namespace: 'default', labels: {}, spec: {} };
const ctx = {
  canary,
  check: { id: 'k1', name: 'k', type: 'http' },
  signal: new AbortController().signal,
} as unknown as RunContext;

const check = (spec: Record<string, unknown>, type = 'http'): CheckDefinition => ({
  id: `id-${String(spec.name ?? 'k')}`,
  type,
  name: String(spec.name ?? 'k'),
  labels: {},
  spec,
});

const httpRunner: CheckRunner = async () => [
  resultFrom(new Date(), true, { duration: 12, data: { code: 200, json: { status: 'ok', n: 3 } } }),
];

const run = (spec: Record<string, unknown>, runner = httpRunner, type = 'http') =>
  runPipeline({ check: check(spec, type), canary, runner, ctx });

describe('check pipeline', () => {
  it('passes a true test and fails a false one with "test failed"', async () => {
    expect((await run({ test: { expr: 'code == 200 && json.status == "ok"' } }))[0]?.pass).toBe(
      true,
    );
    const [r] = await run({ test: { expr: 'json.n > 5' } });
    expect(r?.pass).toBe(false);
    expect(r?.error).toBe('test failed');
  });

  it('fails a test that is not boolean, and a test that errors, without throwing', async () => {
    expect((await run({ test: { expr: '"yes"' } }))[0]?.error).toBe(
      'test expression did not return a boolean value',
    );
    const [r] = await run({ test: { expr: 'json.missing.deeper == 1' } });
    expect(r?.pass).toBe(false);
    expect(r?.error).toMatch(/^test: /);
  });

  it('replaces the message with display', async () => {
    const [r] = await run({ display: { expr: '"status " + string(code)' } });
    expect(r?.message).toBe('status 200');
    const [t] = await run({ display: { template: 'got {{ .code }} {{.json.status}}' } });
    expect(t?.message).toBe('got 200 ok');
  });

  it('edits a result in place, drops it on [], and fans out into named checks', async () => {
    const [edited] = await run({ transform: { expr: '{"pass": false, "message": "edited"}' } });
    expect(edited).toMatchObject({ pass: false, message: 'edited' });
    expect(await run({ transform: { expr: '[]' } })).toEqual([]);
    const [empty] = await run({ transform: { expr: '[]' }, markFailOnEmpty: true });
    expect(empty?.error).toBe('transform returned no results');
    const fan = await run({
      name: 'parent',
      transform: {
        expr: '[{"name": "a", "pass": true}, {"name": "b", "pass": false, "message": "down"}]',
      },
    });
    expect(fan.map((r) => [r.name, r.pass])).toEqual([
      [undefined, true],
      ['a', true],
      ['b', false],
    ]);
  });

  it('makes a transform that errors an invalid result', async () => {
    const [r] = await run({ transform: { expr: '1 +' } });
    expect(r).toMatchObject({ pass: false, invalid: true });
    expect(r?.error).toMatch(/^transform: /);
  });

  it('lets an exec test decide over the exit code, with stderr as the failure', async () => {
    const exec: CheckRunner = async () => [
      resultFrom(new Date(), false, {
        error: 'boom',
        data: { results: { stdout: 'out', stderr: 'err', exitCode: 3 } },
      }),
    ];
    expect((await run({ test: { expr: 'results.exitCode == 3' } }, exec, 'exec'))[0]?.pass).toBe(
      true,
    );
    const [r] = await run({ test: { expr: 'results.exitCode == 0' } }, exec, 'exec');
    expect(r?.error).toBe('err\nout');
  });

  it('retries a failing result and stops at maxRetries', async () => {
    let calls = 0;
    const flaky: CheckRunner = async () => {
      calls++;
      return [resultFrom(new Date(), calls >= 3, { error: calls >= 3 ? undefined : 'nope' })];
    };
    const [r] = await run({ retries: { maxRetries: 5, interval: '10ms' } }, flaky);
    expect(r?.pass).toBe(true);
    expect(calls).toBe(3);
    expect(r?.data).toMatchObject({ retries: { attempts: 3 } });
    calls = -100;
    const [f] = await run({ retries: { maxRetries: 2, interval: '1ms' } }, flaky);
    expect(f?.pass).toBe(false);
    expect(calls).toBe(-97);
  });

  it('merges retry settings field by field and keeps them off by default', () => {
    expect(retryPolicy({}, {})).toEqual({ maxRetries: 0, interval: 0, timeout: 0, delay: 0 });
    expect(
      retryPolicy({ retries: { interval: '2s' } }, { retries: { maxRetries: 3 } }),
    ).toMatchObject({
      maxRetries: 3,
      interval: 2000,
    });
  });

  it('reports a runner that throws as a failed result', async () => {
    const [r] = await run({}, async () => {
      throw new Error('kaput');
    });
    expect(r).toMatchObject({ pass: false });
    expect(r?.error).toContain('kaput');
  });
});

describe('canary runs', () => {
  const deps = (runners: Record<string, CheckRunner>) => ({ runners, context: () => ctx });

  it('runs dependsOn in order, passing outputs, and skips dependants of a failure', async () => {
    const seen: string[] = [];
    const runner: CheckRunner = async (spec) => {
      seen.push(String(spec.name));
      return [
        resultFrom(new Date(), spec.name !== 'bad', { data: { token: `${String(spec.name)}-t` } }),
      ];
    };
    const checks = [
      check({
        name: 'use',
        dependsOn: ['login'],
        test: { expr: 'outputs.login.token == "login-t"' },
      }),
      check({ name: 'login' }),
      check({ name: 'bad' }),
      check({ name: 'after-bad', dependsOn: ['bad'] }),
    ];
    const runs = await runCanary(canary, checks, deps({ http: runner }));
    expect(seen).toEqual(['login', 'bad', 'use']);
    const byName = Object.fromEntries(runs.map((r) => [r.check.name, r.results[0]]));
    expect(byName.use?.pass).toBe(true);
    expect(byName['after-bad']?.error).toMatch(/did not pass/);
  });

  it('rejects cycles and unknown names for the whole run', async () => {
    const checks = [check({ name: 'a', dependsOn: ['b'] }), check({ name: 'b', dependsOn: ['a'] })];
    expect(dependencyProblem(checks)).toBe('dependsOn forms a cycle');
    const runs = await runCanary(canary, checks, deps({ http: httpRunner }));
    expect(runs.every((r) => r.results[0]?.invalid)).toBe(true);
    expect(dependencyProblem([check({ name: 'a', dependsOn: ['zz'] })])).toMatch(/"zz"/);
  });

  it('fails removed types and reports types it cannot run', async () => {
    const runs = await runCanary(
      canary,
      [check({ name: 'p' }, 'pod'), check({ name: 'm' }, 'mongodb')],
      deps({}),
    );
    expect(runs.find((r) => r.check.type === 'pod')?.results[0]?.error).toBe(REMOVED_MESSAGE);
    expect(runs.find((r) => r.check.type === 'mongodb')?.results[0]?.invalid).toBe(true);
  });

  it('collapses results into one JUnit report with resultMode junit', async () => {
    const runner: CheckRunner = async (spec) => [resultFrom(new Date(), spec.name !== 'b')];
    const runs = await runCanary(
      { ...canary, spec: { resultMode: 'junit' } },
      [check({ name: 'a' }), check({ name: 'b' })],
      deps({ http: runner }),
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]?.results[0]).toMatchObject({
      name: JUNIT_REPORT_NAME,
      pass: false,
      message: '1 passed, 1 failed',
    });
  });
});
