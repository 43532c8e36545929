import { describe, expect, it } from 'vitest';
import { isNearBottom } from './scroll';

describe('isNearBottom', () => {
  it.each([
    [0, 2000, 500, false],
    [1199, 2000, 500, false],
    [1200, 2000, 500, true],
    [1500, 2000, 500, true],
    [0, 500, 500, true],
  ])('scrollTop %d of %d in a %d px area: %s', (scrollTop, scrollHeight, clientHeight, near) => {
    expect(isNearBottom({ scrollTop, scrollHeight, clientHeight })).toBe(near);
  });
});
