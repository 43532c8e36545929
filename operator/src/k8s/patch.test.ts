import { describe, expect, it } from 'vitest';
import { fieldPaths, fromFieldsV1, jsonPatch, mergePatch, toFieldsV1 } from './patch.js';

describe('patches', () => {
  it('merge-patches objects, deleting with null (RFC 7386)', () => {
    expect(
      mergePatch({ a: 1, b: { c: 2, d: 3 }, l: [1] }, { a: null, b: { c: 9 }, l: [2], n: 'x' }),
    ).toEqual({
      b: { c: 9, d: 3 },
      l: [2],
      n: 'x',
    });
  });

  it('applies json patches (RFC 6902) without touching the input', () => {
    const doc = { spec: { interval: 30, http: [{ url: 'a' }] }, metadata: { labels: { a: 'b' } } };
    const out = jsonPatch(doc, [
      { op: 'replace', path: '/spec/interval', value: 60 },
      { op: 'add', path: '/spec/http/-', value: { url: 'b' } },
      { op: 'remove', path: '/metadata/labels/a' },
      { op: 'add', path: '/metadata/labels/x~1y', value: 'z' },
      { op: 'test', path: '/spec/interval', value: 60 },
    ]);
    expect(out).toEqual({
      spec: { interval: 60, http: [{ url: 'a' }, { url: 'b' }] },
      metadata: { labels: { 'x/y': 'z' } },
    });
    expect(doc.spec.interval).toBe(30);
  });

  it('refuses bad json patches with a 400', () => {
    expect(() => jsonPatch({}, { op: 'add' })).toThrow('a json patch is a JSON array');
    expect(() => jsonPatch({}, [{ op: 'replace', path: '/nope', value: 1 }])).toThrow(
      'does not exist',
    );
    expect(() => jsonPatch({ a: 1 }, [{ op: 'test', path: '/a', value: 2 }])).toThrow(
      'json patch test failed',
    );
  });

  it('round-trips field paths through FieldsV1', () => {
    const paths = fieldPaths({
      spec: { interval: 30, http: [{ url: 'a' }] },
      metadata: { labels: { team: 'sre' } },
    });
    expect(paths).toEqual(['.spec.interval', '.spec.http', '.metadata.labels.team']);
    expect(toFieldsV1(paths)).toEqual({
      'f:spec': { 'f:interval': {}, 'f:http': {} },
      'f:metadata': { 'f:labels': { 'f:team': {} } },
    });
    expect(fromFieldsV1(toFieldsV1(paths)).sort()).toEqual([...paths].sort());
  });
});
