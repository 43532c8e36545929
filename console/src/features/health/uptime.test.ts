import { describe, expect, it } from 'vitest';
import { passPercent, uptimeColor, uptimeText } from './uptime';

describe('uptime', () => {
  it('colours by failure rate: above 75 orange, above 90 red', () => {
    expect(uptimeColor(100, 0)).toBeUndefined();
    expect(uptimeColor(30, 70)).toBeUndefined();
    // Exactly 75% failing is not above 75.
    expect(uptimeColor(25, 75)).toBeUndefined();
    expect(uptimeColor(24, 76)).toBe('orange');
    // Exactly 90% failing is still orange.
    expect(uptimeColor(10, 90)).toBe('orange');
    expect(uptimeColor(9, 91)).toBe('red');
    expect(uptimeColor(0, 5)).toBe('red');
    expect(uptimeColor(0, 0)).toBeUndefined();
  });

  it('shows the pass rate with one decimal', () => {
    expect(passPercent({ passed: 58, failed: 2 })).toBeCloseTo(96.667, 2);
    expect(uptimeText({ passed: 58, failed: 2 })).toBe('96.7%');
    expect(uptimeText({ passed: 0, failed: 0 })).toBe('');
    expect(uptimeText(undefined)).toBe('');
  });
});
