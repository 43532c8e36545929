import { describe, expect, it } from 'vitest';
import { autoRangeKey, decodeTimeRange, encodeTimeRange, toApiRange } from './healthTimeRange';

const NOW = new Date('2025-06-15T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe('dashboard timeRange parameter', () => {
  it('defaults to the last hour', () => {
    expect(decodeTimeRange(null)).toEqual({
      type: 'relative',
      range: 'now-1h',
      display: 'Last 1 hour',
    });
    expect(decodeTimeRange('garbage')).toEqual(decodeTimeRange('1h'));
  });

  it('round-trips presets, expressions, named and absolute ranges', () => {
    for (const text of ['1h', '2d', '1mo', '5y', 'now-5m', 'now+1h', 'today', 'yesterday']) {
      expect(encodeTimeRange(decodeTimeRange(text)), text).toBe(text);
    }
    const abs = '2025-01-01T00:00:00.000Z,2025-01-02T00:00:00.000Z';
    expect(decodeTimeRange(abs)).toEqual({
      type: 'absolute',
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-01-02T00:00:00.000Z',
      display: 'Custom',
    });
    expect(encodeTimeRange(decodeTimeRange(abs))).toBe(abs);
    expect(encodeTimeRange({ type: 'relative', range: 'now-2d', display: 'Last 2 days' })).toBe(
      '2d',
    );
    expect(decodeTimeRange('now-5m').display).toBe('Last 5 minutes');
  });

  it('sends relative ranges as date math and resolves rounded ends', () => {
    expect(toApiRange(decodeTimeRange('1h'), NOW)).toEqual({ start: 'now-1h' });
    expect(toApiRange(decodeTimeRange('now+1h'), NOW)).toEqual({ start: 'now', end: 'now+1h' });
    expect(toApiRange(decodeTimeRange('today-so-far'), NOW)).toMatchObject({ end: 'now' });
    const yesterday = toApiRange(decodeTimeRange('yesterday'), NOW);
    expect(new Date(yesterday.start).getTime()).toBeLessThan(
      new Date(yesterday.end ?? '').getTime(),
    );
    const abs = toApiRange(decodeTimeRange('2025-01-01T00:00:00.000Z,2025-01-02T00:00:00.000Z'));
    expect(abs).toEqual({ start: '2025-01-01T00:00:00.000Z', end: '2025-01-02T00:00:00.000Z' });
  });
});

describe('drawer auto range', () => {
  it('picks the shortest range from 1h that reaches the last run, up to 5y', () => {
    expect(autoRangeKey(ago(1), NOW)).toBe('1h');
    expect(autoRangeKey(ago(60), NOW)).toBe('1h');
    expect(autoRangeKey(ago(61), NOW)).toBe('2h');
    expect(autoRangeKey(ago(5 * 60), NOW)).toBe('6h');
    expect(autoRangeKey(ago(3 * 24 * 60 + 1), NOW)).toBe('1w');
    expect(autoRangeKey(ago(40 * 24 * 60), NOW)).toBe('2mo');
    expect(autoRangeKey(ago(4 * 365 * 24 * 60), NOW)).toBe('5y');
    expect(autoRangeKey(ago(10 * 365 * 24 * 60), NOW)).toBe('5y');
    expect(autoRangeKey(null, NOW)).toBe('1h');
    expect(autoRangeKey('not a date', NOW)).toBe('1h');
  });
});
