import { describe, expect, it } from 'vitest';
import type { TriStateMap } from './triState';
import {
  cycleTriState,
  decodeTriState,
  encodeTriState,
  setTriState,
  splitTriState,
  tagKey,
  toQueryFilter,
} from './triState';

describe('encodeTriState', () => {
  it('writes value:state pairs joined by commas and leaves out unfiltered values', () => {
    expect(encodeTriState({ open: 1, closed: -1, new: 0 })).toBe('open:1,closed:-1');
  });

  it('spells colons as four underscores and commas as four pipes inside a value', () => {
    expect(encodeTriState({ 'Kubernetes::Pod': 1, 'a,b': -1 })).toBe(
      'Kubernetes________Pod:1,a||||b:-1',
    );
  });
});

describe('decodeTriState', () => {
  it('reads the query-string form', () => {
    expect(decodeTriState('SUCCESS:-1,FAILED:1')).toEqual({ SUCCESS: -1, FAILED: 1 });
  });

  it('reads the ! list form', () => {
    expect(decodeTriState('open,!closed')).toEqual({ open: 1, closed: -1 });
  });

  it('ignores empty input, zero states and malformed states', () => {
    expect(decodeTriState(undefined)).toEqual({});
    expect(decodeTriState('')).toEqual({});
    expect(decodeTriState('a:0,b:2,c:1,,')).toEqual({ c: 1 });
  });

  it.each<[string, TriStateMap]>([
    ['colons', { 'key:value': 1, 'a::b': -1, ':': 1 }],
    ['commas', { 'a,b': 1, ',': -1, 'x,,y': 1 }],
    ['mixed separators', { 'team=ops,dev:core': -1 }],
    ['a leading !', { '!bang': 1, '!boom': -1 }],
    ['unicode', { 'héllo wörld': 1, '日本:語': -1, '🚀,🔥': 1 }],
    ['lookalike escapes', { ___: 1, '|||': -1 }],
  ])('round-trips values with %s', (_name, map) => {
    expect(decodeTriState(encodeTriState(map))).toEqual(map);
  });
});

describe('toQueryFilter', () => {
  it('prefixes excluded values with !', () => {
    expect(toQueryFilter({ open: 1, closed: -1, new: 0 })).toBe('open,!closed');
    expect(decodeTriState(toQueryFilter({ 'a:b': -1, 'c,d': 1 }))).toEqual({ 'a:b': -1, 'c,d': 1 });
  });
});

describe('splitTriState', () => {
  it('separates included and excluded values', () => {
    expect(splitTriState({ a: 1, b: -1, c: 1 })).toEqual({ include: ['a', 'c'], exclude: ['b'] });
  });
});

describe('setTriState', () => {
  it('sets, changes and clears a value without touching others', () => {
    let map = setTriState({}, 'a', 1);
    map = setTriState(map, 'b', -1);
    map = setTriState(map, 'a', -1);
    expect(map).toEqual({ a: -1, b: -1 });
    expect(setTriState(map, 'a', 0)).toEqual({ b: -1 });
  });

  it('keeps several values per key outside tag mode', () => {
    const map = setTriState({ 'env=prod': 1 }, 'env=dev', 1);
    expect(map).toEqual({ 'env=prod': 1, 'env=dev': 1 });
  });

  it('in tag mode replaces the earlier choice for the same key', () => {
    const map = setTriState({ 'env=prod': 1, 'team=ops': -1 }, 'env=dev', -1, { tagMode: true });
    expect(map).toEqual({ 'team=ops': -1, 'env=dev': -1 });
  });

  it('in tag mode treats key:value (stored escaped as key____value) like key=value', () => {
    const start = decodeTriState('env____prod:1');
    const map = setTriState(start, 'env:dev', 1, { tagMode: true });
    expect(encodeTriState(map)).toBe('env____dev:1');
  });

  it('in tag mode clearing a value leaves other values of that key alone', () => {
    const map = setTriState({ 'env=prod': 1, 'env=dev': -1 }, 'env=dev', 0, { tagMode: true });
    expect(map).toEqual({ 'env=prod': 1 });
  });
});

describe('tagKey and cycleTriState', () => {
  it('finds the key before the first = or :', () => {
    expect(tagKey('env=prod')).toBe('env');
    expect(tagKey('env:prod=x')).toBe('env');
    expect(tagKey('plain')).toBeUndefined();
  });

  it('cycles none -> include -> exclude -> none', () => {
    expect(cycleTriState(undefined)).toBe(1);
    expect(cycleTriState(1)).toBe(-1);
    expect(cycleTriState(-1)).toBe(0);
  });
});
