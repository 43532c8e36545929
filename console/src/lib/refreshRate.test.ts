import { describe, expect, it } from 'vitest';
import type { RefreshRateValue } from './refreshRate';
import {
  REFRESH_RATE_OPTIONS,
  effectiveRefreshRate,
  isRefreshRateDisabled,
  refreshRateMs,
} from './refreshRate';

const disabledAt = (minutes: number): RefreshRateValue[] =>
  REFRESH_RATE_OPTIONS.filter((o) => isRefreshRateDisabled(o.value, minutes)).map((o) => o.value);

describe('refresh rates', () => {
  it('offers exactly the spec choices', () => {
    expect(REFRESH_RATE_OPTIONS.map((o) => o.label)).toEqual([
      'None',
      '15s',
      '30s',
      '60s',
      '2m',
      '3m',
      '5m',
      '10m',
      '15m',
    ]);
    expect(refreshRateMs('2m')).toBe(120_000);
    expect(refreshRateMs('none')).toBe(0);
  });

  it('allows everything for ranges under an hour', () => {
    expect(disabledAt(0)).toEqual([]);
    expect(disabledAt(59)).toEqual([]);
  });

  it('disables 15s and 30s from 1h', () => {
    expect(disabledAt(60)).toEqual(['15s', '30s']);
    expect(disabledAt(179)).toEqual(['15s', '30s']);
  });

  it('also disables 2m and 3m from 3h', () => {
    expect(disabledAt(180)).toEqual(['15s', '30s', '2m', '3m']);
    expect(disabledAt(5 * 525_600)).toEqual(['15s', '30s', '2m', '3m']);
  });

  it('falls back to the next allowed slower rate when the range disables the choice', () => {
    expect(effectiveRefreshRate('15s', 30)).toBe('15s');
    expect(effectiveRefreshRate('15s', 60)).toBe('60s');
    expect(effectiveRefreshRate('2m', 180)).toBe('5m');
    expect(effectiveRefreshRate('none', 180)).toBe('none');
  });
});
