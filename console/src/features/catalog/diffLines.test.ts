import { describe, expect, it } from 'vitest';
import { diffLines } from './diffLines';

describe('diffLines', () => {
  it('marks the lines of a unified diff', () => {
    const diff = [
      '--- a/spec',
      '+++ b/spec',
      '@@ -1,3 +1,3 @@',
      ' containers:',
      '-  image: api:1.0',
      '+  image: api:1.1',
      '',
    ].join('\n');
    expect(diffLines(diff).map((l) => l.kind)).toEqual([
      'header',
      'header',
      'hunk',
      'context',
      'removed',
      'added',
    ]);
  });
});
