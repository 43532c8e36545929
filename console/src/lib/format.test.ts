import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatAge,
  formatCount,
  formatDateTime,
  formatDuration,
  formatPercent,
  initials,
  toDateTimeLocal,
} from './format';

describe('formatDuration', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [0, '0ms'],
    [999, '999ms'],
    [1000, '1s'],
    [1500, '1.5s'],
    [59_999, '59.9s'],
    [60_000, '1m'],
    [90_000, '1.5m'],
    [3_599_999, '59.9m'],
    [3_600_000, '1h'],
    [5_400_000, '1.5h'],
    [36_000_000, '10h'],
  ])('%d ms shows %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });

  it.each([[Number.NaN], [-1], ['100'], [undefined], [null], [Number.POSITIVE_INFINITY]])(
    'logs and shows nothing for %s',
    (value) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(formatDuration(value)).toBe('');
      expect(error).toHaveBeenCalledTimes(1);
    },
  );
});

describe('formatPercent', () => {
  it('shows exactly one decimal', () => {
    expect(formatPercent(99.5)).toBe('99.5%');
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(33.333)).toBe('33.3%');
  });

  it('shows nothing for a non-number', () => {
    expect(formatPercent(Number.NaN)).toBe('');
    expect(formatPercent(undefined)).toBe('');
  });
});

describe('formatCount', () => {
  it('keeps counts up to 999 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });

  it('shows counts above 999 as Nk+', () => {
    expect(formatCount(1000)).toBe('1k+');
    expect(formatCount(2500)).toBe('2k+');
    expect(formatCount(12_999)).toBe('12k+');
  });
});

describe('formatAge', () => {
  const now = new Date('2024-05-10T12:00:00Z');

  it.each([
    ['2024-05-10T11:59:30Z', '30s'],
    ['2024-05-10T11:55:00Z', '5m'],
    ['2024-05-10T10:00:00Z', '2h'],
    ['2024-05-07T12:00:00Z', '3d'],
    ['2024-01-10T12:00:00Z', '4mo'],
    ['2022-05-10T12:00:00Z', '2y'],
  ])('%s is %s old', (timestamp, expected) => {
    expect(formatAge(timestamp, now)).toBe(expected);
  });

  it('treats a slightly future timestamp as brand new', () => {
    expect(formatAge('2024-05-10T12:00:05Z', now)).toBe('0s');
  });

  it('shows nothing for a missing or unparsable timestamp', () => {
    expect(formatAge(undefined, now)).toBe('');
    expect(formatAge('not a date', now)).toBe('');
  });
});

describe('initials', () => {
  it('takes the first and last word', () => {
    expect(initials('ada king lovelace')).toBe('AL');
    expect(initials('Grace')).toBe('G');
    expect(initials('  ')).toBe('?');
  });
});

describe('date-time text', () => {
  it('writes local time for datetime-local inputs and for display', () => {
    const d = new Date(2024, 0, 5, 7, 8, 59);
    expect(toDateTimeLocal(d)).toBe('2024-01-05T07:08');
    expect(formatDateTime(d)).toBe('2024-01-05 07:08');
    expect(toDateTimeLocal(d.toISOString())).toBe('2024-01-05T07:08');
  });

  it('writes nothing for missing or invalid dates', () => {
    expect(toDateTimeLocal(undefined)).toBe('');
    expect(formatDateTime('garbage')).toBe('');
  });
});
