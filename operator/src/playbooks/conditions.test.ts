import { describe, expect, it } from 'vitest';
import { shouldRun } from './conditions.js';
import { retryWaitMs } from './drive.js';

const ok = { name: 'a', status: 'completed', result: { exitCode: 0 } };
const bad = { name: 'b', status: 'failed', result: {}, error: 'boom' };
const none = { actions: [], timedOut: new Set<string>() };

describe('action if', () => {
  it('runs on success by default', () => {
    expect(shouldRun(undefined, {}, none)).toBe(true);
    expect(shouldRun(undefined, {}, { actions: [ok, bad], timedOut: new Set() })).toBe(false);
  });

  it('knows failure(), always(), skip() and timeout()', () => {
    const failed = { actions: [ok, bad], timedOut: new Set<string>() };
    expect(shouldRun('failure()', {}, failed)).toBe(true);
    expect(shouldRun('failure()', {}, none)).toBe(false);
    expect(shouldRun('always()', {}, failed)).toBe(true);
    expect(shouldRun('skip()', {}, none)).toBe(false);
    expect(shouldRun('timeout()', {}, { actions: [bad], timedOut: new Set(['b']) })).toBe(true);
  });

  it('evaluates CEL with params and getAction()', () => {
    const vars = { params: { env: 'prod' } };
    const run = { actions: [ok], timedOut: new Set<string>() };
    expect(
      shouldRun('params.env == "prod" && getAction("a").result.exitCode == 0', vars, run),
    ).toBe(true);
    expect(shouldRun('success() && params.env == "dev"', vars, run)).toBe(false);
    expect(shouldRun('getLastAction().status == "completed"', vars, run)).toBe(true);
  });

  it('refuses a condition that is not a boolean', () => {
    expect(() => shouldRun('"yes"', {}, none)).toThrow(/must give true or false/);
  });
});

describe('retry waits', () => {
  it('grows by the multiplier and stays within the jitter', () => {
    const retry = { duration: '10s', exponent: { multiplier: 2 }, jitter: 10 };
    expect(retryWaitMs(retry, 0, () => 0.5)).toBe(10_000);
    expect(retryWaitMs(retry, 2, () => 0.5)).toBe(40_000);
    expect(retryWaitMs(retry, 0, () => 0)).toBe(9_000);
    expect(retryWaitMs(retry, 0, () => 1)).toBe(11_000);
  });
});
