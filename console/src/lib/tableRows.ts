export type SortDirection = 'asc' | 'desc';

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

export type SortValue = string | number | boolean | Date | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function isBlank(value: SortValue): value is null | undefined {
  return value === null || value === undefined || value === '';
}

function comparable(value: Exclude<SortValue, null | undefined>): number | string {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** Ascending order; blanks always sort after real values. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  if (isBlank(a) || isBlank(b)) return Number(isBlank(a)) - Number(isBlank(b));
  const x = comparable(a);
  const y = comparable(b);
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  // Numeric collation so 'item 2' sorts before 'item 10'.
  return collator.compare(String(x), String(y));
}

export function sortRows<Row>(
  rows: readonly Row[],
  value: (row: Row) => SortValue,
  direction: SortDirection,
): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const blanks = Number(isBlank(a.key)) - Number(isBlank(b.key));
      if (blanks !== 0) return blanks;
      return sign * compareSortValues(a.key, b.key) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** Clicking the sorted column flips direction; clicking another column sorts it ascending. */
export function nextSort(current: SortState | undefined, columnId: string): SortState {
  if (current?.columnId === columnId) {
    return { columnId, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { columnId, direction: 'asc' };
}

export type DisplayItem<Row> =
  | { kind: 'group'; key: string; rows: Row[]; expanded: boolean }
  | { kind: 'row'; row: Row; group?: string };

/**
 * Flattens rows into what the table draws: without grouping, the rows; with grouping, a header
 * per group (in order of first appearance) followed by its rows when the group is expanded.
 */
export function displayItems<Row>(
  rows: readonly Row[],
  groupBy: ((row: Row) => string) | undefined,
  expanded: ReadonlySet<string>,
): DisplayItem<Row>[] {
  if (!groupBy) return rows.map((row) => ({ kind: 'row', row }));
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = groupBy(row);
    const members = groups.get(key);
    if (members) members.push(row);
    else groups.set(key, [row]);
  }
  const items: DisplayItem<Row>[] = [];
  for (const [key, members] of groups) {
    const isExpanded = expanded.has(key);
    items.push({ kind: 'group', key, rows: members, expanded: isExpanded });
    if (isExpanded) for (const row of members) items.push({ kind: 'row', row, group: key });
  }
  return items;
}
