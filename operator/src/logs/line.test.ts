import { describe, expect, it } from 'vitest';
import { jsonTime, labelsMatch, parseLine, textTime } from './line.js';

describe('textTime', () => {
  it('reads a leading timestamp in the usual shapes, UTC without a zone', () => {
    expect(textTime('2026-01-02T03:04:05.678Z hello')).toEqual({
      ts: Date.parse('2026-01-02T03:04:05.678Z'),
      length: 25,
    });
    expect(textTime('2026-01-02 03:04:05,6 x')?.ts).toBe(Date.parse('2026-01-02T03:04:05.600Z'));
    expect(textTime('[2026-01-02T03:04:05+0100] x')?.ts).toBe(
      Date.parse('2026-01-02T02:04:05.000Z'),
    );
    expect(textTime('2026-01-02T03:04:05.123456789Z x')?.ts).toBe(
      Date.parse('2026-01-02T03:04:05.123Z'),
    );
    expect(textTime('Jan  2 03:04:05 host x')).toBeUndefined();
    expect(textTime('no time here')).toBeUndefined();
  });
});

describe('jsonTime', () => {
  it('reads epoch seconds, ms, µs and ns by magnitude, and date strings', () => {
    const ms = Date.parse('2026-01-02T03:04:05.678Z');
    expect(jsonTime(ms / 1000)).toBe(ms);
    expect(jsonTime(ms)).toBe(ms);
    expect(jsonTime(ms * 1000)).toBe(ms);
    expect(jsonTime(ms * 1e6)).toBe(ms);
    expect(jsonTime(String(ms))).toBe(ms);
    expect(jsonTime('2026-01-02T03:04:05.678Z')).toBe(ms);
    expect(jsonTime('yesterday')).toBeUndefined();
    expect(jsonTime({})).toBeUndefined();
  });
});

describe('parseLine', () => {
  it('takes the time, message and scalar fields of a JSON line; pino levels by name', () => {
    const line = JSON.stringify({
      level: 50,
      time: 1767323045678,
      service: 'vigil',
      msg: 'request failed',
      err: { type: 'Error', message: 'boom', nested: { deep: { deeper: 1 } } },
      tags: ['a'],
    });
    expect(parseLine(line, 'auto')).toEqual({
      ts: 1767323045678,
      message: 'request failed',
      labels: {
        level: 'error',
        service: 'vigil',
        'err.type': 'Error',
        'err.message': 'boom',
      },
    });
  });

  it('keeps the whole line as the message when a JSON line has none', () => {
    expect(parseLine('{"a":1}', 'json')).toEqual({
      ts: undefined,
      message: '{"a":1}',
      labels: { a: '1' },
    });
  });

  it('reads text lines as text, and JSON lines as text when told', () => {
    expect(parseLine('2026-01-02T03:04:05Z  ERROR boom', 'auto')).toEqual({
      ts: Date.parse('2026-01-02T03:04:05Z'),
      message: 'ERROR boom',
      labels: {},
    });
    expect(parseLine('{"msg":"x"}', 'text').message).toBe('{"msg":"x"}');
    expect(parseLine('{not json', 'auto').message).toBe('{not json');
  });
});

describe('labelsMatch', () => {
  it('wants every label with the same value', () => {
    expect(labelsMatch({ a: '1', b: '2' }, { a: '1' })).toBe(true);
    expect(labelsMatch({ a: '1' }, { a: '2' })).toBe(false);
    expect(labelsMatch({}, { a: '1' })).toBe(false);
    expect(labelsMatch({}, {})).toBe(true);
  });
});
