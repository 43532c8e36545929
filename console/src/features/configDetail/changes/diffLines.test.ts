import { describe, expect, it } from 'vitest';
import { diffLines } from './diffLines';

describe('diffLines', () => {
  it('tells added, removed, hunk, file and context lines apart', () => {
    const diff = '--- a\n+++ b\n@@ -1,2 +1,2 @@\n spec:\n-  replicas: 2\n+  replicas: 3\n';
    expect(diffLines(diff).map((l) => l.kind)).toEqual([
      'file',
      'file',
      'hunk',
      'context',
      'removed',
      'added',
    ]);
    expect(diffLines(diff)[5]?.text).toBe('+  replicas: 3');
  });

  it('has no lines for a change without a diff', () => {
    expect(diffLines(null)).toEqual([]);
    expect(diffLines('')).toEqual([]);
  });
});
