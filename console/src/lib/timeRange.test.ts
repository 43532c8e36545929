import { describe, expect, it } from 'vitest';
import {
  FUTURE_PRESETS,
  MAPPED_PRESETS,
  PAST_PRESETS,
  TIME_RANGE_OPTIONS,
  findTimeRangeOption,
  isSameTimeRange,
  resolveTimeRange,
  timeRangeMinutes,
} from './timeRange';

const now = new Date(2024, 4, 15, 14, 37, 25, 500); // Wednesday

describe('TIME_RANGE_OPTIONS', () => {
  it('offers exactly 15m to 5y', () => {
    expect(TIME_RANGE_OPTIONS.map((o) => o.key)).toEqual([
      '15m',
      '1h',
      '2h',
      '3h',
      '6h',
      '12h',
      '1d',
      '2d',
      '3d',
      '1w',
      '2w',
      '3w',
      '1mo',
      '2mo',
      '3mo',
      '6mo',
      '1y',
      '2y',
      '3y',
      '5y',
    ]);
  });

  it('labels and maps each option to minutes and an expression', () => {
    expect(findTimeRangeOption('15m')).toMatchObject({ label: 'Last 15 minutes', minutes: 15 });
    expect(findTimeRangeOption('1h')).toMatchObject({ label: 'Last 1 hour', range: 'now-1h' });
    expect(findTimeRangeOption('2mo')).toMatchObject({ label: 'Last 2 months', range: 'now-2M' });
    expect(findTimeRangeOption('5y')?.minutes).toBe(5 * 365 * 24 * 60);
    expect(findTimeRangeOption('now-2d')?.key).toBe('2d');
  });
});

describe('presets', () => {
  it('run from 5 minutes to 5 years in both directions', () => {
    expect(PAST_PRESETS[0]).toEqual({
      type: 'relative',
      range: 'now-5m',
      display: 'Last 5 minutes',
    });
    expect(PAST_PRESETS.at(-1)?.display).toBe('Last 5 years');
    expect(FUTURE_PRESETS[0]).toEqual({
      type: 'relative',
      range: 'now+5m',
      display: 'Next 5 minutes',
    });
    expect(FUTURE_PRESETS.at(-1)?.range).toBe('now+5y');
  });

  it('include Yesterday and This week so far', () => {
    const names = MAPPED_PRESETS.map((p) => p.display);
    expect(names).toContain('Yesterday');
    expect(names).toContain('This week so far');
  });
});

describe('resolveTimeRange', () => {
  it('runs a past relative range up to now', () => {
    expect(resolveTimeRange({ type: 'relative', range: 'now-2d', display: '' }, now)).toEqual({
      from: new Date(2024, 4, 13, 14, 37, 25, 500),
      to: now,
    });
  });

  it('runs a future relative range from now', () => {
    const r = resolveTimeRange({ type: 'relative', range: 'now+1h', display: '' }, now);
    expect(r).toEqual({ from: now, to: new Date(2024, 4, 15, 15, 37, 25, 500) });
  });

  it('covers the whole of yesterday', () => {
    const r = resolveTimeRange({ type: 'mapped', name: 'yesterday', display: 'Yesterday' }, now);
    expect(r).toEqual({
      from: new Date(2024, 4, 14),
      to: new Date(2024, 4, 14, 23, 59, 59, 999),
    });
  });

  it('runs this week so far from Monday to now', () => {
    const r = resolveTimeRange({ type: 'mapped', name: 'this-week-so-far', display: '' }, now);
    expect(r).toEqual({ from: new Date(2024, 4, 13), to: now });
  });

  it('reads absolute ranges and rejects unknown names', () => {
    const from = '2024-01-01T00:00:00.000Z';
    const to = '2024-01-02T00:00:00.000Z';
    const r = resolveTimeRange({ type: 'absolute', from, to, display: 'Custom' }, now);
    expect(r?.from.toISOString()).toBe(from);
    expect(r?.to.toISOString()).toBe(to);
    expect(resolveTimeRange({ type: 'mapped', name: 'nope', display: '' }, now)).toBeUndefined();
  });
});

describe('timeRangeMinutes and isSameTimeRange', () => {
  it('measures a range in minutes', () => {
    expect(timeRangeMinutes({ type: 'relative', range: 'now-3h', display: '' }, now)).toBe(180);
    expect(timeRangeMinutes(undefined, now)).toBe(0);
  });

  it('compares ranges by what they cover', () => {
    const a = { type: 'relative', range: 'now-1h', display: 'A' } as const;
    expect(isSameTimeRange(a, { ...a, display: 'B' })).toBe(true);
    expect(isSameTimeRange(a, { ...a, range: 'now-2h' })).toBe(false);
    expect(isSameTimeRange(a, undefined)).toBe(false);
  });
});
