import { describe, expect, it } from 'vitest';
import { changedPaths, configDiff, mergePatch } from './diff.js';

describe('config diffs', () => {
  const before = { spec: { replicas: 2, image: 'web:1', ports: [80] }, meta: { a: 1 } };
  const after = { spec: { replicas: 3, image: 'web:2', ports: [80] }, meta: {} };

  it('finds nothing between equal configs, whatever the key order', () => {
    expect(configDiff({ a: 1, b: { c: 2 } }, { b: { c: 2 }, a: 1 })).toBeUndefined();
  });

  it('lists the changed leaf paths', () => {
    expect(changedPaths(before, after)).toEqual(['meta.a', 'spec.image', 'spec.replicas']);
    expect(changedPaths({ l: [1, 2] }, { l: [1, 3] })).toEqual(['l[1]']);
    expect(changedPaths({ l: [1] }, { l: [1, 2] })).toEqual(['l']);
  });

  it('makes an RFC 7396 merge patch', () => {
    expect(mergePatch(before, after)).toEqual({
      spec: { replicas: 3, image: 'web:2' },
      meta: { a: null },
    });
  });

  it('gives a unified diff of the sorted, pretty JSON', () => {
    const d = configDiff(before, after);
    expect(d?.summary).toBe('meta.a, spec.image, spec.replicas');
    expect(d?.diff).toContain('-    "image": "web:1",');
    expect(d?.diff).toContain('+    "image": "web:2",');
    expect(d?.diff).toMatch(/^@@ /m);
  });
});
