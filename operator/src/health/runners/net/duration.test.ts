import { describe, expect, it } from 'vitest';
import { goDurationMillis } from './duration.js';

describe('goDurationMillis', () => {
  it.each([
    [undefined, 7],
    ['10s', 10_000],
    ['1m30s', 90_000],
    ['250ms', 250],
    ['1.5h', 5_400_000],
    [2_000_000_000, 2000],
  ])('%j', (raw, ms) => {
    expect(goDurationMillis(raw, 'f', 7)).toBe(ms);
  });

  it.each(['10', 'soon', '5d', true])('rejects %j', (raw) => {
    expect(() => goDurationMillis(raw, 'f', 7)).toThrow(/f must be a duration/);
  });
});
