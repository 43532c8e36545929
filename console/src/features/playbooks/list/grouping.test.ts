import { describe, expect, it } from 'vitest';
import { UNCATEGORIZED, groupByCategory } from './grouping';

describe('groupByCategory', () => {
  it('groups by category, alphabetically, the uncategorized last', () => {
    const rows = [
      { id: 1, category: 'kubernetes' },
      { id: 2, category: '' },
      { id: 3, category: 'Database' },
      { id: 4, category: 'kubernetes' },
      { id: 5, category: null },
    ];
    expect(groupByCategory(rows).map((g) => [g.category, g.rows.map((r) => r.id)])).toEqual([
      ['Database', [3]],
      ['kubernetes', [1, 4]],
      [UNCATEGORIZED, [2, 5]],
    ]);
  });
});
