import { describe, expect, it } from 'vitest';
import { addUnits, parseDateMath } from './dateMath';

// Local-time constructors keep these tests independent of the machine's time zone.
const now = new Date(2024, 4, 15, 14, 37, 25, 500); // Wednesday 15 May 2024

describe('parseDateMath', () => {
  it('returns now for a bare now', () => {
    expect(parseDateMath('now', now)).toEqual(now);
  });

  it.each([
    ['now-500ms', new Date(2024, 4, 15, 14, 37, 25, 0)],
    ['now-30s', new Date(2024, 4, 15, 14, 36, 55, 500)],
    ['now-15m', new Date(2024, 4, 15, 14, 22, 25, 500)],
    ['now-1h', new Date(2024, 4, 15, 13, 37, 25, 500)],
    ['now-2d', new Date(2024, 4, 13, 14, 37, 25, 500)],
    ['now-1w', new Date(2024, 4, 8, 14, 37, 25, 500)],
    ['now-3M', new Date(2024, 1, 15, 14, 37, 25, 500)],
    ['now-5y', new Date(2019, 4, 15, 14, 37, 25, 500)],
    ['now+2h', new Date(2024, 4, 15, 16, 37, 25, 500)],
    ['now-d', new Date(2024, 4, 14, 14, 37, 25, 500)],
  ])('%s', (expr, expected) => {
    expect(parseDateMath(expr, now)).toEqual(expected);
  });

  it('rounds down with / and chains steps', () => {
    expect(parseDateMath('now-1h/h', now)).toEqual(new Date(2024, 4, 15, 13, 0, 0, 0));
    expect(parseDateMath('now/d', now)).toEqual(new Date(2024, 4, 15));
    expect(parseDateMath('now/w', now)).toEqual(new Date(2024, 4, 13)); // Monday
    expect(parseDateMath('now/M', now)).toEqual(new Date(2024, 4, 1));
    expect(parseDateMath('now/y', now)).toEqual(new Date(2024, 0, 1));
    expect(parseDateMath('now/d+9h', now)).toEqual(new Date(2024, 4, 15, 9));
  });

  it('rounds up to the end of the unit for the end of a range', () => {
    expect(parseDateMath('now-1d/d', now, true)).toEqual(new Date(2024, 4, 14, 23, 59, 59, 999));
  });

  it('clamps month arithmetic to the end of the month', () => {
    expect(addUnits(new Date(2024, 0, 31), 1, 'M')).toEqual(new Date(2024, 1, 29));
    expect(addUnits(new Date(2024, 1, 29), 1, 'y')).toEqual(new Date(2025, 1, 28));
  });

  it('reads plain date strings', () => {
    expect(parseDateMath('2024-01-02T03:04:05.000Z', now)?.toISOString()).toBe(
      '2024-01-02T03:04:05.000Z',
    );
  });

  it.each(['', 'now-2x', 'now-', 'now*2d', 'later', 'now-1h/'])('rejects %j', (expr) => {
    expect(parseDateMath(expr, now)).toBeUndefined();
  });
});
