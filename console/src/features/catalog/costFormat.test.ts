import { describe, expect, it } from 'vitest';
import { costTrend, formatCost, formatCostPercent, isHotChanges } from './costFormat';

describe('catalog cost and count rules', () => {
  it.each([
    [0.0213, '$0.02'],
    [4.5, '$4.50'],
    [10, '$10.00'],
    [10.4, '$10'],
    [1234.56, '$1,235'],
    [0, ''],
    [null, ''],
    [undefined, ''],
  ])('formats a cost of %s as %j', (value, text) => {
    expect(formatCost(value)).toBe(text);
  });

  it.each([
    [12, '12%'],
    [100, '100%'],
    [150, '1.5x'],
    [300, '3x'],
    [-250, '2.5x'],
  ])('shows %s percent as %j', (value, text) => {
    expect(formatCostPercent(value)).toBe(text);
  });

  it('shows a trend only beyond 10% of the 30-day daily average', () => {
    // 30-day total 300: 10 a day on average.
    expect(costTrend({ cost_total_1d: 11, cost_total_30d: 300 })).toBeUndefined();
    expect(costTrend({ cost_total_1d: 9, cost_total_30d: 300 })).toBeUndefined();
    expect(costTrend({ cost_total_1d: 12, cost_total_30d: 300 })).toEqual({
      direction: 'up',
      percent: expect.closeTo(20) as number,
    });
    expect(costTrend({ cost_total_1d: 5, cost_total_30d: 300 })).toEqual({
      direction: 'down',
      percent: 50,
    });
    expect(costTrend({ cost_total_1d: 5, cost_total_30d: 0 })).toBeUndefined();
    expect(costTrend({ cost_total_1d: null, cost_total_30d: 300 })).toBeUndefined();
  });

  it('highlights 500 changes or more', () => {
    expect(isHotChanges(499)).toBe(false);
    expect(isHotChanges(500)).toBe(true);
    expect(isHotChanges(null)).toBe(false);
  });
});
