import { describe, expect, it } from 'vitest';
import type { AbsoluteTimeRange } from './timeRange';
import {
  RECENT_RANGES_STORAGE_KEY,
  addRecentRange,
  loadRecentRanges,
  rememberRecentRange,
  timeRangeFromParams,
  withTimeRangeParams,
} from './recentTimeRanges';

function abs(day: number): AbsoluteTimeRange {
  const d = String(day).padStart(2, '0');
  return {
    type: 'absolute',
    from: `2024-01-${d}T00:00`,
    to: `2024-01-${d}T12:00`,
    display: 'Custom',
  };
}

describe('addRecentRange', () => {
  it('puts the newest first and keeps only five', () => {
    let list: AbsoluteTimeRange[] = [];
    for (let day = 1; day <= 7; day++) list = addRecentRange(list, abs(day));
    expect(list.map((r) => r.from.slice(8, 10))).toEqual(['07', '06', '05', '04', '03']);
  });

  it('moves a repeated range to the front instead of duplicating it', () => {
    const list = addRecentRange([abs(1), abs(2), abs(3)], abs(2));
    expect(list).toEqual([abs(2), abs(1), abs(3)]);
  });
});

describe('recent ranges storage', () => {
  it('remembers ranges across loads', () => {
    rememberRecentRange(abs(1));
    rememberRecentRange(abs(2));
    expect(loadRecentRanges()).toEqual([abs(2), abs(1)]);
  });

  it('keeps separate lists per key', () => {
    rememberRecentRange(abs(1), 'other');
    expect(loadRecentRanges()).toEqual([]);
    expect(loadRecentRanges('other')).toEqual([abs(1)]);
  });

  it('ignores corrupt storage', () => {
    localStorage.setItem(RECENT_RANGES_STORAGE_KEY, '{not json');
    expect(loadRecentRanges()).toEqual([]);
    localStorage.setItem(RECENT_RANGES_STORAGE_KEY, JSON.stringify([{ type: 'absolute' }, abs(4)]));
    expect(loadRecentRanges()).toEqual([abs(4)]);
  });
});

describe('time range query parameters', () => {
  it('round-trip each kind of range', () => {
    const ranges = [
      abs(3),
      { type: 'relative', range: 'now-2d', display: 'Last 2 days' } as const,
      { type: 'mapped', name: 'yesterday', display: 'Yesterday' } as const,
    ];
    for (const range of ranges) {
      expect(timeRangeFromParams(withTimeRangeParams(new URLSearchParams(), range))).toEqual(range);
    }
  });

  it('clearing removes every range setting and keeps other parameters', () => {
    const start = withTimeRangeParams(new URLSearchParams('status=open'), abs(3));
    const cleared = withTimeRangeParams(start, undefined);
    expect(cleared.toString()).toBe('status=open');
    expect(timeRangeFromParams(cleared)).toBeUndefined();
  });
});
