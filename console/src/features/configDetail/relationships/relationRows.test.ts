import { describe, expect, it } from 'vitest';
import { relatedRows, relationsFrom } from './relationRows';
import { CURRENT_ID, related } from './testData';

describe('relationsFrom', () => {
  it('tells downstream, upstream and both-ways configs apart', () => {
    const configs = [
      related(CURRENT_ID, { related_ids: ['child', 'loop'], depth: 0 }),
      related('child', { related_ids: ['grandchild'] }),
      related('grandchild'),
      related('parent', { related_ids: [CURRENT_ID] }),
      related('loop', { related_ids: [CURRENT_ID] }),
      related('stray'),
    ];
    const relations = relationsFrom(configs, CURRENT_ID);
    expect(Object.fromEntries(relations)).toEqual({
      child: 'outgoing',
      grandchild: 'outgoing',
      parent: 'incoming',
      loop: 'both',
    });
  });
});

describe('relatedRows', () => {
  it('leaves the current config out and puts deleted ones last', () => {
    const rows = relatedRows(
      [
        related('b', { name: 'b', deleted_at: '2026-11-01T00:00:00Z' }),
        related(CURRENT_ID, { name: 'self' }),
        related('c', { name: 'c' }),
        related('a', { name: 'a' }),
      ],
      CURRENT_ID,
    );
    expect(rows.map((r) => r.id)).toEqual(['a', 'c', 'b']);
  });
});
