import { describe, expect, it } from 'vitest';
import { parseDuration, scheduleError } from './schedule.js';

describe('schedules', () => {
  it.each([
    '*/5 * * * *',
    '0 9-17 * * mon-fri',
    '30 2 1,15 * *',
    '@every 30s',
    '@every 1m30s',
    '@hourly',
    '@never',
    '0 0 * jan,jul sun',
  ])('accepts %s', (s) => expect(scheduleError(s)).toBeUndefined());

  it.each([
    ['* * * *', 'is not a 5-field cron expression'],
    ['61 * * * *', '"61" is out of range for the minute field (0-59)'],
    ['* * * foo *', '"foo" is out of range for the month field (1-12)'],
    ['@every 5', 'needs a duration of at least 1s'],
    ['@sometimes', 'unknown schedule descriptor'],
    ['*/x * * * *', 'invalid step "x"'],
  ])('explains why %s is invalid', (s, why) => expect(scheduleError(s)).toContain(why));

  it('parses durations', () => {
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('5')).toBeUndefined();
  });
});
