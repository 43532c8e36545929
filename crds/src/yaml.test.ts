import { describe, expect, it } from 'vitest';
import { toYaml } from './yaml.js';

describe('toYaml', () => {
  it.each([
    ['plain words', { a: 'hello world' }, 'a: hello world\n'],
    ['json paths', { p: '.spec.replicas' }, 'p: .spec.replicas\n'],
    [
      'reserved words stay strings',
      { a: 'true', b: 'null', c: 'on', d: 'n' },
      "a: 'true'\nb: 'null'\nc: 'on'\nd: 'n'\n",
    ],
    ['numeric-looking strings', { a: '10s', b: '1.5', c: '-1' }, "a: '10s'\nb: '1.5'\nc: '-1'\n"],
    [
      'indicator characters',
      { a: '@every 10m', b: '*', c: 'a: b', d: '#x' },
      "a: '@every 10m'\nb: '*'\nc: 'a: b'\nd: '#x'\n",
    ],
    ['single quotes doubled', { a: "it's" }, "a: 'it''s'\n"],
    ['control characters', { a: 'a\tb' }, 'a: "a\\tb"\n'],
    ['empty string', { a: '' }, "a: ''\n"],
    ['scalars', { i: 5, f: 1.5, t: true, z: null }, 'i: 5\nf: 1.5\nt: true\nz: null\n'],
    ['empty collections', { a: [], o: {} }, 'a: []\no: {}\n'],
    ['nested maps', { a: { b: { c: 1 } } }, 'a:\n  b:\n    c: 1\n'],
    ['lists of scalars', { a: ['x', 1] }, 'a:\n  - x\n  - 1\n'],
    ['lists of maps', { a: [{ b: 1, c: 2 }] }, 'a:\n  - b: 1\n    c: 2\n'],
    ['lists of lists', [[1, 2], [3]], '- - 1\n  - 2\n- - 3\n'],
    ['quoted keys', { 'a b': 1, 'x:y': 2, '1': 3 }, "'1': 3\na b: 1\n'x:y': 2\n"],
    ['undefined is left out', { a: undefined, b: 1 }, 'b: 1\n'],
    ['a top-level scalar', 'x', 'x\n'],
  ])('writes %s', (_name, value, expected) => {
    expect(toYaml(value)).toBe(expected);
  });

  it('writes multi-line strings as literal blocks that keep their exact ending', () => {
    expect(toYaml({ s: 'a\nb' })).toBe('s: |-\n  a\n  b\n');
    expect(toYaml({ s: 'a\nb\n' })).toBe('s: |\n  a\n  b\n');
    expect(toYaml({ s: 'a\n\n' })).toBe('s: |+\n  a\n\n');
    expect(toYaml({ s: ' indented\nnext' })).toBe('s: |2-\n   indented\n  next\n');
    expect(toYaml({ l: ['x\ny'] })).toBe('l:\n  - |-\n    x\n    y\n');
  });

  it('is deterministic: the same value always gives the same text', () => {
    const value = { z: [{ b: 'x', a: ['1', 2] }], a: { 'k-1': 'v' } };
    expect(toYaml(value)).toBe(toYaml(structuredClone(value)));
  });

  it('refuses values JSON cannot hold', () => {
    expect(() => toYaml({ a: Number.NaN })).toThrow();
    expect(() => toYaml({ a: () => 1 })).toThrow();
  });
});
