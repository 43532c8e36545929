import { describe, expect, it } from 'vitest';
import { displayItems, nextSort, sortRows } from './tableRows';

interface Item {
  name: string;
  size?: number | null;
  at?: Date;
}

describe('sortRows', () => {
  const rows: Item[] = [
    { name: 'item 10', size: 3 },
    { name: 'Item 2', size: null },
    { name: 'item 1', size: 20 },
  ];

  it('sorts text naturally and ignores case', () => {
    const sorted = sortRows(rows, (r) => r.name, 'asc').map((r) => r.name);
    expect(sorted).toEqual(['item 1', 'Item 2', 'item 10']);
  });

  it('sorts numbers numerically in both directions with blanks last', () => {
    expect(sortRows(rows, (r) => r.size, 'asc').map((r) => r.size)).toEqual([3, 20, null]);
    expect(sortRows(rows, (r) => r.size, 'desc').map((r) => r.size)).toEqual([20, 3, null]);
  });

  it('sorts dates by time and keeps ties in their original order', () => {
    const a = { name: 'a', at: new Date(2024, 1, 1) };
    const b = { name: 'b', at: new Date(2023, 1, 1) };
    const c = { name: 'c', at: new Date(2024, 1, 1) };
    expect(sortRows([a, b, c], (r) => r.at, 'asc').map((r) => r.name)).toEqual(['b', 'a', 'c']);
  });

  it('does not change the input', () => {
    const copy = [...rows];
    sortRows(rows, (r) => r.name, 'desc');
    expect(rows).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('toggles the same column and starts a new column ascending', () => {
    expect(nextSort(undefined, 'name')).toEqual({ columnId: 'name', direction: 'asc' });
    expect(nextSort({ columnId: 'name', direction: 'asc' }, 'name').direction).toBe('desc');
    expect(nextSort({ columnId: 'name', direction: 'desc' }, 'name').direction).toBe('asc');
    expect(nextSort({ columnId: 'name', direction: 'desc' }, 'size').direction).toBe('asc');
  });
});

describe('displayItems', () => {
  const rows = [
    { name: 'a', team: 'ops' },
    { name: 'b', team: 'dev' },
    { name: 'c', team: 'ops' },
  ];

  it('lists plain rows without grouping', () => {
    expect(displayItems(rows, undefined, new Set()).map((i) => i.kind)).toEqual([
      'row',
      'row',
      'row',
    ]);
  });

  it('shows collapsed group headers with their members in first-seen order', () => {
    const items = displayItems(rows, (r) => r.team, new Set());
    expect(items).toEqual([
      { kind: 'group', key: 'ops', rows: [rows[0], rows[2]], expanded: false },
      { kind: 'group', key: 'dev', rows: [rows[1]], expanded: false },
    ]);
  });

  it('shows the rows of expanded groups under their header', () => {
    const items = displayItems(rows, (r) => r.team, new Set(['ops']));
    expect(items.map((i) => (i.kind === 'group' ? `#${i.key}` : i.row.name))).toEqual([
      '#ops',
      'a',
      'c',
      '#dev',
    ]);
  });
});
