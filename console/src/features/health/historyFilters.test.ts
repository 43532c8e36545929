import { describe, expect, it } from 'vitest';
import {
  DURATION_CHOICES,
  DURATION_ERROR,
  STATUS_CHOICES,
  statusParam,
  validateDuration,
} from './historyFilters';

describe('history filters', () => {
  it('accepts milliseconds and seconds only', () => {
    expect(validateDuration('250ms')).toEqual({ value: '250ms' });
    expect(validateDuration('2s')).toEqual({ value: '2s' });
    expect(validateDuration(' 1.5s ')).toEqual({ value: '1500ms' });
    expect(validateDuration('')).toEqual({});
    for (const bad of ['1m', '2h', '500', 'fast', '-1s', '1 minute', 's', 'ms5']) {
      expect(validateDuration(bad), bad).toEqual({ error: DURATION_ERROR });
    }
    expect(DURATION_ERROR).toBe('duration is allowed only in milli seconds & seconds');
  });

  it('offers the spec choices', () => {
    expect(DURATION_CHOICES.map((c) => c.label)).toEqual([
      'All',
      '100ms',
      '500ms',
      '1s',
      '5s',
      '10s',
      '30s',
      'Custom',
    ]);
    expect(STATUS_CHOICES.map((c) => c.label)).toEqual(['Healthy', 'Unhealthy', 'All']);
    expect([statusParam('healthy'), statusParam('unhealthy'), statusParam('all')]).toEqual([
      '1',
      '0',
      undefined,
    ]);
  });
});
