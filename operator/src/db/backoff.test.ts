import { describe, expect, it } from 'vitest';
import { backoffDelay, jittered } from './backoff.js';

describe('reconnect backoff', () => {
  it('grows exponentially, stays bounded and keeps at least half of each step', () => {
    const low = () => 0;
    const high = () => 1;
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, { baseMs: 100, maxMs: 1000 }, high))).toEqual([
      100, 200, 400, 800,
    ]);
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, { baseMs: 100, maxMs: 1000 }, low))).toEqual([
      50, 100, 200, 400,
    ]);
    // Never above the cap, however many attempts failed.
    for (const attempt of [4, 10, 100, 10_000])
      expect(backoffDelay(attempt, { baseMs: 100, maxMs: 1000 }, high)).toBe(1000);
    expect(backoffDelay(10_000, { baseMs: 100, maxMs: 1000 }, low)).toBe(500);
  });

  it('spreads replicas that retry at the same attempt', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(5)));
    expect(delays.size).toBeGreaterThan(10);
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(8000);
      expect(d).toBeLessThanOrEqual(16_000);
    }
  });

  it('jitters a fixed interval within the fraction', () => {
    expect(jittered(5000, 0.2, () => 0)).toBe(4000);
    expect(jittered(5000, 0.2, () => 1)).toBe(6000);
  });
});
