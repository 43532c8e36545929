import { describe, expect, it } from 'vitest';
import { Throttle } from './throttle.js';

describe('Throttle', () => {
  it('locks a key after the limit of failures within the window, then releases it', () => {
    let now = 0;
    const t = new Throttle(3, 60_000, 120_000, () => now);
    t.fail('a');
    t.fail('a');
    expect(t.retryAfter('a')).toBe(0);
    t.fail('a');
    expect(t.retryAfter('a')).toBe(120_000);
    expect(t.retryAfter('b')).toBe(0);
    now = 120_001;
    expect(t.retryAfter('a')).toBe(0);
  });

  it('forgets failures outside the window and after a success', () => {
    let now = 0;
    const t = new Throttle(2, 1000, 5000, () => now);
    t.fail('a');
    now = 2000;
    t.fail('a');
    expect(t.retryAfter('a')).toBe(0);
    t.succeed('a');
    t.fail('a');
    expect(t.retryAfter('a')).toBe(0);
  });
});
