import { describe, expect, it } from 'vitest';
import { parseBytes, parseDuration, parseMillicores, parseNumber } from './units';

describe('parseDuration', () => {
  it.each([
    ['0', 0],
    ['500ms', 500],
    ['30s', 30_000],
    ['5m', 300_000],
    ['1h30m', 5_400_000],
    ['1.5h', 5_400_000],
    ['2d', 172_800_000],
  ])('%s is %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', '5', 'm', '5 m', '1h 30m', 'abc', '-5m'])('refuses %j', (text) =>
    expect(parseDuration(text)).toBeUndefined(),
  );
});

describe('parseBytes', () => {
  it.each([
    ['1024', 1024],
    ['1k', 1000],
    ['512Mi', 512 * 2 ** 20],
    ['1.5Gi', 1.5 * 2 ** 30],
    ['2G', 2e9],
  ])('%s is %d bytes', (text, bytes) => expect(parseBytes(text)).toBe(bytes));

  it.each(['', 'Mi', '5 Mi', '5MB', 'ten'])('refuses %j', (text) =>
    expect(parseBytes(text)).toBeUndefined(),
  );
});

describe('parseMillicores', () => {
  it.each([
    ['500m', 500],
    ['2', 2000],
    ['0.5', 500],
  ])('%s is %d millicores', (text, m) => expect(parseMillicores(text)).toBe(m));

  it.each(['', 'm', '500 m', '1 core'])('refuses %j', (text) =>
    expect(parseMillicores(text)).toBeUndefined(),
  );
});

describe('parseNumber', () => {
  it('reads numbers and nothing else', () => {
    expect(parseNumber('3')).toBe(3);
    expect(parseNumber('-1.5')).toBe(-1.5);
    expect(parseNumber(' ')).toBeUndefined();
    expect(parseNumber('3x')).toBeUndefined();
  });
});
